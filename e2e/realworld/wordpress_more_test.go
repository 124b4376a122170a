package realworld

import (
	"context"
	"fmt"
	"regexp"
	"slices"
	"strings"
)

// The WordPress corpus's second set of everyday tasks: editing what is
// already there (a post's body in the block editor, a comment's text, a
// user's role), the lists' row actions that ask confirm() or live on one
// row, autocompleted tag fields, and the settings screens' radios,
// checkboxes, number fields and selects. Each is listed in wpTasks and
// checked in the database like the first set; what they work on is in
// testdata/wordpress/seed.php.

// What the second set of tasks write, and what they work on.
const (
	wpBodyPost      = "Spring opening hours"
	wpBodyReplaced  = "details for all members"
	wpBodyAppended  = " Doors open at nine."
	wpTagPost       = "How to brew green tea"
	wpTag           = "Recipes"
	wpTagTyped      = "Rec"
	wpQuickTagPost  = "Library card renewals"
	wpOldCategory   = "Old announcements"
	wpPromoted      = "lena"
	wpDeletedUser   = "piet"
	wpScheme        = "Ocean"
	wpFirstName     = "Ada"
	wpLastName      = "Lovelace"
	wpFrontPage     = "About us"
	wpPostsPage     = "Blog"
	wpCloseDays     = "30"
	wpEditedComment = "Tomas Berg"
	wpCommentOld    = "my own tools"
	wpCommentNew    = "my own tools and a spare pump"
	wpRestoreTitle  = wpTrashTitle
)

// wpPickFor is wpPick for a row action that record carries: among the
// entries like re, the one whose rows name record (a page may fold one
// control into several entries, select and select_2, each with its own
// rows); else, when no entry names it, the first like re whose rows were
// cut ("…"), as a model reading the rows list would try.
func wpPickFor(ctx context.Context, s *session, obs *observation, kind, re, rec string) (*action, error) {
	rx := regexp.MustCompile(re)
	like := func(a *action) bool {
		return (kind == "" || a.Kind == kind) && a.RecordParam && rx.MatchString(a.Name+" "+a.Description)
	}
	if a, err := pickWhere(ctx, s, obs, func(a *action) bool { return like(a) && slices.Contains(a.SampleIDs, rec) },
		fmt.Sprintf("%s row action like %s on %s", kind, re, rec)); err == nil {
		return a, nil
	}
	return pickWhere(ctx, s, obs, func(a *action) bool { return like(a) && a.Folded > len(a.SampleIDs) },
		fmt.Sprintf("%s row action like %s on %s", kind, re, rec))
}

// wpRowAction opens path, finds the record holding text and runs its row
// action like re; it returns the result.
func wpRowAction(ctx context.Context, s *session, w *wpSite, path, text, re string) (result, error) {
	obs, err := wpOpen(ctx, s, w, path)
	if err != nil {
		return result{}, err
	}
	rec, err := wpFind(ctx, s, obs, text)
	if err != nil {
		return result{}, err
	}
	a, err := wpPickFor(ctx, s, obs, "", re, rec.ID)
	if err != nil {
		return result{}, err
	}
	return wpAct(ctx, s, a, rec.ID, nil)
}

// wpActConfirmedRow runs a row action whose page asks confirm(): the
// receipt must say CONFIRMATION_REQUIRED (the dialog dismissed), and the
// agent runs it again with confirm: true, as the warning tells it.
func wpActConfirmedRow(ctx context.Context, s *session, a *action, rec string) (result, error) {
	r, err := wpAct(ctx, s, a, rec, nil)
	if err != nil {
		return r, err
	}
	if !strings.HasPrefix(r.Body.Result.Warning, "CONFIRMATION_REQUIRED") {
		return r, fmt.Errorf("%s %s without confirm: warning %q, want CONFIRMATION_REQUIRED", a.Name, rec, r.Body.Result.Warning)
	}
	if r, err = s.call(ctx, "act", map[string]any{"action": a.Name, "record": rec, "confirm": true}); err != nil {
		return r, err
	}
	if r.IsError || r.Body.Result == nil || !r.Body.Result.OK {
		return r, fmt.Errorf("%s %s with confirm: %s", a.Name, rec, firstLine(r.Text))
	}
	return r, nil
}

// wpChoose runs a checkbox or radio action so that it ends checked (want
// true) or not: when its description already says so it is left alone;
// after the click the new observation must say so (an
// EXPECTATION_FAILED warning sends the agent to the state, as the
// warning says, and the state decides).
func wpChoose(ctx context.Context, s *session, obs *observation, re string, want bool) (*observation, error) {
	a, err := wpPick(ctx, s, obs, "click", re, false)
	if err != nil {
		return nil, err
	}
	now := fmt.Sprintf("(now %t)", want)
	if strings.Contains(a.Description, now) {
		return obs, nil
	}
	r, err := wpAct(ctx, s, a, "", nil)
	if err != nil {
		return nil, err
	}
	for _, b := range r.Body.Observation.Actions {
		if b.Name == a.Name && !strings.Contains(b.Description, now) {
			return nil, fmt.Errorf("%s: the observation after it says %q, want %s", a.Name, b.Description, now)
		}
	}
	return r.Body.Observation, nil
}

// wpNoErrorFeedback fails when the receipt reports an error message: a
// careful agent stops there and tells the user the page refused.
func wpNoErrorFeedback(r result) error {
	if res := r.Body.Result; res != nil {
		for _, f := range res.Changed.Feedback {
			if strings.HasPrefix(f, "error:") {
				return fmt.Errorf("the receipt of %s reports %q", res.Action.ID, f)
			}
		}
	}
	return nil
}

// wpOpenEditor opens the post titled title in the block editor from the
// posts list (its Edit row action), waits for the editor and closes the
// welcome guide when it shows.
func wpOpenEditor(ctx context.Context, s *session, w *wpSite, title string) (*observation, error) {
	r, err := wpRowAction(ctx, s, w, "/wp-admin/edit.php", title, `(?i)^edit( |$)`)
	if err != nil {
		return nil, err
	}
	obs, err := wpSettle(ctx, s, r.Body.Observation)
	if err != nil {
		return nil, err
	}
	if c, err := wpPick(ctx, s, obs, "click", `(?i)^close(_dialog)?( |$)`, false); err == nil {
		r, err := wpAct(ctx, s, c, "", nil)
		if err != nil {
			return nil, err
		}
		obs = r.Body.Observation
	}
	return obs, nil
}

// wpEditPostBody opens an existing post in the block editor, changes a
// few words of its paragraph (args.replace), adds a sentence at its end
// (args.append) and presses Update.
func wpEditPostBody(ctx context.Context, s *session, w *wpSite) error {
	obs, err := wpOpenEditor(ctx, s, w, wpBodyPost)
	if err != nil {
		return err
	}
	body, err := wpPick(ctx, s, obs, "type", `(?i)paragraph`, false)
	if err != nil {
		return err
	}
	if _, err := wpAct(ctx, s, body, "", map[string]any{"text": wpBodyReplaced, "replace": "details for members"}); err != nil {
		return err
	}
	r, err := wpAct(ctx, s, body, "", map[string]any{"text": wpBodyAppended, "append": true})
	if err != nil {
		return err
	}
	_, err = wpPress(ctx, s, r.Body.Observation, `(?i)^update`)
	return err
}

func wpCheckPostBody(ctx context.Context, w *wpSite) error {
	return wpWant(ctx, w, "SELECT post_content LIKE '%<p>"+wpBodyPost+": "+wpBodyReplaced+"."+wpBodyAppended+"</p>%' FROM wp_posts WHERE post_type='post' AND post_title='"+wpBodyPost+"'", "1")
}

// wpEditorTag opens a post in the block editor, opens its Tags panel,
// types the start of a tag into Add New Tag, chooses the suggestion and
// presses Update. A receipt that reports an error stops the agent.
func wpEditorTag(ctx context.Context, s *session, w *wpSite) error {
	obs, err := wpOpenEditor(ctx, s, w, wpTagPost)
	if err != nil {
		return err
	}
	field, err := wpPick(ctx, s, obs, "type", `(?i)tag`, false)
	if err != nil {
		panel, err2 := wpPick(ctx, s, obs, "click", `(?i)^tags( |$)`, false)
		if err2 != nil {
			return err
		}
		r, err := wpAct(ctx, s, panel, "", nil)
		if err != nil {
			return err
		}
		obs = r.Body.Observation
		if field, err = wpPick(ctx, s, obs, "type", `(?i)tag`, false); err != nil {
			return err
		}
	}
	r, err := wpAct(ctx, s, field, "", map[string]any{"text": wpTagTyped})
	if err != nil {
		return err
	}
	if err := wpNoErrorFeedback(r); err != nil {
		return err
	}
	if r, err = wpChooseSuggestion(ctx, s, r.Body.Observation, wpTag); err != nil {
		return err
	}
	if err := wpNoErrorFeedback(r); err != nil {
		return err
	}
	_, err = wpPress(ctx, s, r.Body.Observation, `(?i)^update`)
	return err
}

// wpChooseSuggestion chooses an autocomplete's suggestion named like
// name: an option action in the observation, else in the one an observe
// that waits for the page to settle brings (the suggestions come from
// the server after the typing).
func wpChooseSuggestion(ctx context.Context, s *session, obs *observation, name string) (result, error) {
	re := `(?i)option.*"?` + regexp.QuoteMeta(name) + `|^` + regexp.QuoteMeta(strings.ToLower(name)) + `\b`
	opt, err := wpPick(ctx, s, obs, "", re, false)
	if err != nil {
		if obs, err = wpSettle(ctx, s, obs); err != nil {
			return result{}, err
		}
		if opt, err = wpPick(ctx, s, obs, "", re, false); err != nil {
			return result{}, err
		}
	}
	return wpAct(ctx, s, opt, "", nil)
}

// wpCheckTagged checks that the post titled title carries the tag.
func wpCheckTagged(title string) func(context.Context, *wpSite) error {
	return func(ctx context.Context, w *wpSite) error {
		return wpWant(ctx, w, "SELECT COUNT(*) FROM wp_posts p JOIN wp_term_relationships tr ON tr.object_id=p.ID JOIN wp_term_taxonomy tt USING (term_taxonomy_id) JOIN wp_terms t USING (term_id) WHERE p.post_title='"+title+"' AND tt.taxonomy='post_tag' AND t.name='"+wpTag+"'", "1")
	}
}

// wpQuickEditTag opens a post's Quick Edit in the posts list, types the
// start of a tag into Tags, chooses the suggestion and presses Update.
func wpQuickEditTag(ctx context.Context, s *session, w *wpSite) error {
	r, err := wpRowAction(ctx, s, w, "/wp-admin/edit.php", wpQuickTagPost, `(?i)quick.?edit`)
	if err != nil {
		return err
	}
	tags, err := wpPick(ctx, s, r.Body.Observation, "type", `(?i)^tags`, false)
	if err != nil {
		return err
	}
	if r, err = wpAct(ctx, s, tags, "", map[string]any{"text": wpTagTyped}); err != nil {
		return err
	}
	if r, err = wpChooseSuggestion(ctx, s, r.Body.Observation, wpTag); err != nil {
		return err
	}
	_, err = wpPress(ctx, s, r.Body.Observation, `(?i)^update`)
	return err
}

// wpDeleteCategory runs Delete on a category's row (revealed on hover);
// WordPress asks confirm(), which the agent accepts with confirm: true.
func wpDeleteCategory(ctx context.Context, s *session, w *wpSite) error {
	obs, err := wpOpen(ctx, s, w, "/wp-admin/edit-tags.php?taxonomy=category")
	if err != nil {
		return err
	}
	rec, err := wpFind(ctx, s, obs, wpOldCategory)
	if err != nil {
		return err
	}
	del, err := wpPickFor(ctx, s, obs, "", `(?i)^delete`, rec.ID)
	if err != nil {
		return err
	}
	_, err = wpActConfirmedRow(ctx, s, del, rec.ID)
	return err
}

func wpCheckCategoryGone(ctx context.Context, w *wpSite) error {
	return wpWant(ctx, w, "SELECT COUNT(*) FROM wp_terms WHERE name='"+wpOldCategory+"'", "0")
}

// wpChangeRole ticks a user's row in the users list, chooses Editor in
// "Change role to…" and presses Change.
func wpChangeRole(ctx context.Context, s *session, w *wpSite) error {
	obs, err := wpOpen(ctx, s, w, "/wp-admin/users.php")
	if err != nil {
		return err
	}
	rec, err := wpFind(ctx, s, obs, wpPromoted+"@")
	if err != nil {
		return err
	}
	tick, err := wpPickFor(ctx, s, obs, "click", `(?i)select|checkbox`, rec.ID)
	if err != nil {
		return err
	}
	r, err := wpAct(ctx, s, tick, rec.ID, nil)
	if err != nil {
		return err
	}
	role, err := wpPick(ctx, s, r.Body.Observation, "select", `(?i)change.role`, false)
	if err != nil {
		return err
	}
	if r, err = wpAct(ctx, s, role, "", map[string]any{"value": "Editor"}); err != nil {
		return err
	}
	_, err = wpPress(ctx, s, r.Body.Observation, `(?i)^change(_|$)`)
	return err
}

// wpCheckRole checks the role of user.
func wpCheckRole(user, role string) func(context.Context, *wpSite) error {
	return func(ctx context.Context, w *wpSite) error {
		return wpWant(ctx, w, "SELECT m.meta_value FROM wp_users u JOIN wp_usermeta m ON m.user_id=u.ID AND m.meta_key='wp_capabilities' WHERE u.user_login='"+user+"'",
			fmt.Sprintf(`a:1:{s:%d:"%s";b:1;}`, len(role), role))
	}
}

// wpDeleteUser searches the users list for a user, runs Delete on the
// one row found, and presses Confirm Deletion on the screen it opens.
func wpDeleteUser(ctx context.Context, s *session, w *wpSite) error {
	obs, err := wpOpen(ctx, s, w, "/wp-admin/users.php")
	if err != nil {
		return err
	}
	box, err := wpPick(ctx, s, obs, "type", `(?i)search.users`, false)
	if err != nil {
		return err
	}
	r, err := wpAct(ctx, s, box, "", map[string]any{"text": wpDeletedUser, "submit": true})
	if err != nil {
		return err
	}
	rec, err := wpFind(ctx, s, r.Body.Observation, wpDeletedUser+"@")
	if err != nil {
		return err
	}
	del, err := wpPickFor(ctx, s, r.Body.Observation, "", `(?i)^delete`, rec.ID)
	if err != nil {
		return err
	}
	if r, err = wpAct(ctx, s, del, rec.ID, nil); err != nil {
		return err
	}
	_, err = wpPress(ctx, s, r.Body.Observation, `(?i)confirm.deletion`)
	return err
}

func wpCheckUserGone(ctx context.Context, w *wpSite) error {
	return wpWant(ctx, w, "SELECT COUNT(*) FROM wp_users WHERE user_login='"+wpDeletedUser+"'", "0")
}

// wpColourScheme chooses an admin colour scheme (a radio in a card) on
// the profile screen and presses Update Profile.
func wpColourScheme(ctx context.Context, s *session, w *wpSite) error {
	obs, err := wpOpen(ctx, s, w, "/wp-admin/profile.php")
	if err != nil {
		return err
	}
	if obs, err = wpChoose(ctx, s, obs, `(?i)^`+strings.ToLower(wpScheme)+`( |$)`, true); err != nil {
		return err
	}
	_, err = wpPress(ctx, s, obs, `(?i)update.profile`)
	return err
}

func wpCheckScheme(ctx context.Context, w *wpSite) error {
	return wpWant(ctx, w, "SELECT meta_value FROM wp_usermeta WHERE user_id=1 AND meta_key='admin_color'", strings.ToLower(wpScheme))
}

// wpDisplayName types a first and last name on the profile screen, then
// chooses "First Last" in "Display name publicly as" (whose options the
// page makes from the names) and presses Update Profile.
func wpDisplayName(ctx context.Context, s *session, w *wpSite) error {
	obs, err := wpOpen(ctx, s, w, "/wp-admin/profile.php")
	if err != nil {
		return err
	}
	if obs, err = wpTypeFields(ctx, s, obs, []wpField{{`(?i)^first.name`, wpFirstName}, {`(?i)^last.name`, wpLastName}}); err != nil {
		return err
	}
	sel, err := wpPick(ctx, s, obs, "select", `(?i)display.name`, false)
	if err != nil {
		return err
	}
	r, err := wpAct(ctx, s, sel, "", map[string]any{"value": wpFirstName + " " + wpLastName})
	if err != nil {
		return err
	}
	_, err = wpPress(ctx, s, r.Body.Observation, `(?i)update.profile`)
	return err
}

func wpCheckDisplayName(ctx context.Context, w *wpSite) error {
	return wpWant(ctx, w, "SELECT display_name FROM wp_users WHERE ID=1", wpFirstName+" "+wpLastName)
}

// wpStaticFrontPage sets Settings → Reading to a static page: the
// "A static page" radio, then its Homepage and Posts page selects, then
// Save Changes.
func wpStaticFrontPage(ctx context.Context, s *session, w *wpSite) error {
	obs, err := wpOpen(ctx, s, w, "/wp-admin/options-reading.php")
	if err != nil {
		return err
	}
	if obs, err = wpChoose(ctx, s, obs, `(?i)radio option "a static page`, true); err != nil {
		return err
	}
	for _, f := range []struct{ re, value string }{{`(?i)homepage`, wpFrontPage}, {`(?i)posts.page`, wpPostsPage}} {
		sel, err := wpPick(ctx, s, obs, "select", f.re, false)
		if err != nil {
			return err
		}
		r, err := wpAct(ctx, s, sel, "", map[string]any{"value": f.value})
		if err != nil {
			return err
		}
		obs = r.Body.Observation
	}
	_, err = wpPress(ctx, s, obs, `(?i)save.changes`)
	return err
}

func wpCheckFrontPage(ctx context.Context, w *wpSite) error {
	return wpWant(ctx, w, "SELECT CONCAT_WS(' ', (SELECT option_value FROM wp_options WHERE option_name='show_on_front'), "+
		"(SELECT post_title FROM wp_posts WHERE ID=(SELECT option_value FROM wp_options WHERE option_name='page_on_front')), '/', "+
		"(SELECT post_title FROM wp_posts WHERE ID=(SELECT option_value FROM wp_options WHERE option_name='page_for_posts')))",
		"page "+wpFrontPage+" / "+wpPostsPage)
}

// wpCloseComments ticks Settings → Discussion's "Automatically close
// comments on posts older than", types its number of days and saves.
func wpCloseComments(ctx context.Context, s *session, w *wpSite) error {
	obs, err := wpOpen(ctx, s, w, "/wp-admin/options-discussion.php")
	if err != nil {
		return err
	}
	if obs, err = wpChoose(ctx, s, obs, `(?i)automatically.close.comments`, true); err != nil {
		return err
	}
	if obs, err = wpTypeFields(ctx, s, obs, []wpField{{`(?i)^days`, wpCloseDays}}); err != nil {
		return err
	}
	_, err = wpPress(ctx, s, obs, `(?i)save.changes`)
	return err
}

func wpCheckCloseComments(ctx context.Context, w *wpSite) error {
	return wpWant(ctx, w, "SELECT GROUP_CONCAT(option_value ORDER BY option_name) FROM wp_options WHERE option_name IN ('close_comments_for_old_posts','close_comments_days_old')", wpCloseDays+",1")
}

// wpQuickEditComment opens a comment's Quick Edit in the comments list,
// changes a few words of its text (args.replace) and presses Update
// Comment.
func wpQuickEditComment(ctx context.Context, s *session, w *wpSite) error {
	r, err := wpRowAction(ctx, s, w, "/wp-admin/edit-comments.php", wpEditedComment, `(?i)quick.?edit`)
	if err != nil {
		return err
	}
	box, err := wpPick(ctx, s, r.Body.Observation, "type", `(?i)^comment`, false)
	if err != nil {
		return err
	}
	if r, err = wpAct(ctx, s, box, "", map[string]any{"text": wpCommentNew, "replace": wpCommentOld}); err != nil {
		return err
	}
	_, err = wpPress(ctx, s, r.Body.Observation, `(?i)update.comment`)
	return err
}

func wpCheckCommentText(ctx context.Context, w *wpSite) error {
	return wpWant(ctx, w, "SELECT comment_content FROM wp_comments WHERE comment_author='"+wpEditedComment+"'", "Thanks, I will bring "+wpCommentNew+".")
}

// wpRestorePost runs Restore on a post's row in the posts list's Trash
// view.
func wpRestorePost(ctx context.Context, s *session, w *wpSite) error {
	_, err := wpRowAction(ctx, s, w, "/wp-admin/edit.php?post_status=trash&post_type=post", wpRestoreTitle, `(?i)^restore`)
	return err
}
