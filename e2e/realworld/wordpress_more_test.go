package realworld

import (
	"context"
)

// What the second set of tasks work on (testdata/wordpress/seed.php).
const (
	wpBulkA       = "Autumn reading list"
	wpBulkB       = "Board meeting notes"
	wpReplyText   = "Thank you, see you at the workshop."
	wpNewUser     = "harbourmaster"
	wpNewUserMail = "harbourmaster@example.test"
	wpFilterCat   = "Guides"
)

// wpBulkTrash ticks two posts' checkboxes in the posts list, chooses
// Move to Trash among the bulk actions and applies it.
func wpBulkTrash(ctx context.Context, s *session, w *wpSite) error {
	obs, err := wpOpen(ctx, s, w, "/wp-admin/edit.php")
	if err != nil {
		return err
	}
	for _, title := range []string{wpBulkA, wpBulkB} {
		rec, err := wpFind(ctx, s, obs, title)
		if err != nil {
			return err
		}
		tg, err := wpPick(ctx, s, obs, "", `(?i)select|toggle`, true)
		if err != nil {
			return err
		}
		r, err := wpAct(ctx, s, tg, rec.ID, nil)
		if err != nil {
			return err
		}
		obs = r.Body.Observation
	}
	bulk, err := wpPick(ctx, s, obs, "select", `(?i)bulk`, false)
	if err != nil {
		return err
	}
	r, err := wpAct(ctx, s, bulk, "", map[string]any{"value": "Move to Trash"})
	if err != nil {
		return err
	}
	_, err = wpPress(ctx, s, r.Body.Observation, `(?i)^apply`)
	return err
}

// wpReplyComment replies to the install's approved comment from the
// comments list: Reply (a row action), the reply box, then the
// reply form's button.
func wpReplyComment(ctx context.Context, s *session, w *wpSite) error {
	obs, err := wpOpen(ctx, s, w, "/wp-admin/edit-comments.php?comment_status=approved")
	if err != nil {
		return err
	}
	rec, err := wpFind(ctx, s, obs, "A WordPress Commenter")
	if err != nil {
		return err
	}
	a, err := wpPick(ctx, s, obs, "", `(?i)^reply`, true)
	if err != nil {
		return err
	}
	r, err := wpAct(ctx, s, a, rec.ID, nil)
	if err != nil {
		return err
	}
	box, err := wpPick(ctx, s, r.Body.Observation, "type", `(?i)^(comment|reply)`, false)
	if err != nil {
		return err
	}
	if r, err = wpAct(ctx, s, box, "", map[string]any{"text": wpReplyText}); err != nil {
		return err
	}
	_, err = wpPress(ctx, s, r.Body.Observation, `(?i)^(approve_and_)?reply`)
	return err
}

// wpAddUser fills Users → Add New and presses Add New User.
func wpAddUser(ctx context.Context, s *session, w *wpSite) error {
	obs, err := wpOpen(ctx, s, w, "/wp-admin/user-new.php")
	if err != nil {
		return err
	}
	if obs, err = wpTypeFields(ctx, s, obs, []wpField{{`(?i)^user_?name`, wpNewUser}, {`(?i)^email`, wpNewUserMail}}); err != nil {
		return err
	}
	role, err := wpPick(ctx, s, obs, "select", `(?i)role`, false)
	if err != nil {
		return err
	}
	r, err := wpAct(ctx, s, role, "", map[string]any{"value": "Editor"})
	if err != nil {
		return err
	}
	_, err = wpPress(ctx, s, r.Body.Observation, `(?i)^add_new_user`)
	return err
}

// wpFilterCategory filters the posts list by a category; the rows shown
// must be the category's posts.
func wpFilterCategory(ctx context.Context, s *session, w *wpSite) error {
	obs, err := wpOpen(ctx, s, w, "/wp-admin/edit.php")
	if err != nil {
		return err
	}
	cat, err := wpPick(ctx, s, obs, "select", `(?i)categor`, false)
	if err != nil {
		return err
	}
	r, err := wpAct(ctx, s, cat, "", map[string]any{"value": wpFilterCat})
	if err != nil {
		return err
	}
	if r, err = wpPress(ctx, s, r.Body.Observation, `(?i)^filter`); err != nil {
		return err
	}
	return wpRowsAre(ctx, w, r.Body.Observation, "filtered by "+wpFilterCat, wpCategorySQL("p.ID"))
}

// wpCategorySQL selects col of the published posts in wpFilterCat.
func wpCategorySQL(col string) string {
	return "SELECT " + col + " FROM wp_posts p JOIN wp_term_relationships tr ON tr.object_id=p.ID JOIN wp_term_taxonomy tt USING (term_taxonomy_id) JOIN wp_terms t USING (term_id) WHERE p.post_type='post' AND p.post_status='publish' AND tt.taxonomy='category' AND t.name='" + wpFilterCat + "' ORDER BY p.ID"
}

func wpCheckBulkTrash(ctx context.Context, w *wpSite) error {
	return wpWant(ctx, w, "SELECT GROUP_CONCAT(post_status ORDER BY post_title) FROM wp_posts WHERE post_type='post' AND post_title IN ('"+wpBulkA+"','"+wpBulkB+"')", "trash,trash")
}

func wpCheckReply(ctx context.Context, w *wpSite) error {
	return wpWant(ctx, w, "SELECT COUNT(*) FROM wp_comments WHERE comment_parent > 0 AND comment_content='"+wpReplyText+"'", "1")
}

func wpCheckUser(ctx context.Context, w *wpSite) error {
	return wpWant(ctx, w, "SELECT CONCAT(u.user_email, ' ', m.meta_value) FROM wp_users u JOIN wp_usermeta m ON m.user_id=u.ID AND m.meta_key='wp_capabilities' WHERE u.user_login='"+wpNewUser+"'", wpNewUserMail+` a:1:{s:6:"editor";b:1;}`)
}
