package realworld

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"
)

// The corpus's second set of everyday tasks (2026-12-04) for Adminer,
// MediaWiki and Jupyter; WordPress's are in wordpress_more_test.go.

// adminerNewItem: the shop_products table's data, its New item form,
// name, price and stock, Save.
func adminerNewItem(ctx context.Context, s *session, w *wpSite) error {
	r, err := adminerSelectData(ctx, s, w, "shop_products")
	if err != nil {
		return err
	}
	link, args, err := pickLink(ctx, s, r.Body.Observation, `(?i)^"new item"$`)
	if err != nil {
		return err
	}
	if r, err = wpAct(ctx, s, link, "", args); err != nil {
		return err
	}
	o, err := wpTypeFields(ctx, s, r.Body.Observation, []wpField{{`(?i)^name`, "Flange"}, {`(?i)^price`, "2.75"}, {`(?i)^stock`, "40"}})
	if err != nil {
		return err
	}
	if r, err = wpPress(ctx, s, o, `(?i)^save( |$)`); err != nil {
		return err
	}
	return wantFeedback(r, `(?i)item.*inserted`)
}

// adminerCreateTable: the database page's Create table, the table's
// name, the first row of its column grid's name, Save.
func adminerCreateTable(ctx context.Context, s *session, w *wpSite) error {
	obs, err := wpOpen(ctx, s, w, adminerDB(w))
	if err != nil {
		return err
	}
	link, args, err := pickLink(ctx, s, obs, `(?i)^"create table"$`)
	if err != nil {
		return err
	}
	r, err := wpAct(ctx, s, link, "", args)
	if err != nil {
		return err
	}
	o, err := wpTypeFields(ctx, s, r.Body.Observation, []wpField{{`(?i)table.name|^name`, "harbour_moorings"}})
	if err != nil {
		return err
	}
	// the columns are a grid, a row each: the first row's column name
	col, err := wpPick(ctx, s, o, "type", `(?i)^column`, true)
	if err != nil {
		return err
	}
	if len(o.Records.Shown) == 0 {
		return fmt.Errorf("no column rows (actions: %s)", actionList(o))
	}
	if r, err = wpAct(ctx, s, col, o.Records.Shown[0].ID, map[string]any{"text": "berth"}); err != nil {
		return err
	}
	if r, err = wpPress(ctx, s, r.Body.Observation, `(?i)^save( |$)`); err != nil {
		return err
	}
	return wantFeedback(r, `(?i)table has been created`)
}

// mwCreatePage: a new page's edit form (the address a red link opens),
// its text and summary, Save page.
func mwCreatePage(ctx context.Context, s *session, w *wpSite) error {
	obs, err := wpOpen(ctx, s, w, "/index.php?title=Harbour_events&action=edit")
	if err != nil {
		return err
	}
	box, err := wpPick(ctx, s, obs, "type", `(?i)wikitext|text area`, false)
	if err != nil {
		return err
	}
	r, err := wpAct(ctx, s, box, "", map[string]any{"text": "The regatta is on Saturday."})
	if err != nil {
		return err
	}
	o, err := wpTypeFields(ctx, s, r.Body.Observation, []wpField{{`(?i)summary`, "New page"}})
	if err != nil {
		return err
	}
	_, err = wpPress(ctx, s, o, `(?i)^save`)
	return err
}

// mwMovePage: the page's Move (in its More menu, opened first when it is
// hidden), the new title and a reason, Move page.
func mwMovePage(ctx context.Context, s *session, w *wpSite) error {
	obs, err := wpOpen(ctx, s, w, "/index.php/Holidays")
	if err != nil {
		return err
	}
	var args map[string]any
	link, err := wpPick(ctx, s, obs, "link", `(?i)^move\b`, false)
	if err != nil {
		if link, args, err = pickLink(ctx, s, obs, `(?i)^"move"$`); err != nil {
			more, err := wpPress(ctx, s, obs, `(?i)^more\b`)
			if err != nil {
				return err
			}
			if link, args, err = pickLink(ctx, s, more.Body.Observation, `(?i)^"move"$`); err != nil {
				if link, err = wpPick(ctx, s, more.Body.Observation, "link", `(?i)^move\b`, false); err != nil {
					return err
				}
			}
		}
	}
	r, err := wpAct(ctx, s, link, "", args)
	if err != nil {
		return err
	}
	o, err := wpTypeFields(ctx, s, r.Body.Observation, []wpField{{`(?i)new.title|^title`, "Holiday policy"}, {`(?i)reason`, "Clearer name"}})
	if err != nil {
		return err
	}
	_, err = wpPress(ctx, s, o, `(?i)^move_page`)
	return err
}

// markdownCell: a cell inserted below, its type Markdown, a heading typed
// into it (its editor, named for markup text now), Save.
func (nb *jpNotebook) markdownCell(ctx context.Context, s *session, w *wpSite) error {
	obs, err := nb.observe(ctx, s)
	if err != nil {
		return err
	}
	ins, err := nb.pick(obs, "click", `(?i)^insert_cell_below`)
	if err != nil {
		return err
	}
	r, err := nb.act(ctx, s, ins, nil)
	if err != nil {
		return err
	}
	kind, err := nb.pick(r.Body.Observation, "select", `(?i)cell.type`)
	if err != nil {
		return err
	}
	if r, err = nb.act(ctx, s, kind, map[string]any{"value": "Markdown"}); err != nil {
		return err
	}
	// (the cell that became Markdown says so in its name)
	cell, err := nb.pick(r.Body.Observation, "type", `(?i)markup|markdown`)
	if err != nil {
		return err
	}
	if r, err = nb.act(ctx, s, cell, map[string]any{"text": "# Tides"}); err != nil {
		return err
	}
	return nb.save(ctx, s, r.Body.Observation)
}

// jpWantMarkdown checks that the notebook at path has a markdown cell
// whose source is source (the server writes the file on save; a few
// tries).
func jpWantMarkdown(path, source string) func(context.Context, *wpSite) error {
	return func(ctx context.Context, _ *wpSite) error {
		var cells []string
		for i := 0; i < 30; i++ {
			cells = nil
			raw, err := os.ReadFile(path)
			if err == nil {
				var nb struct {
					Cells []struct {
						Type   string `json:"cell_type"`
						Source any    `json:"source"`
					} `json:"cells"`
				}
				if err := json.Unmarshal(raw, &nb); err != nil {
					return fmt.Errorf("%s: %w", filepath.Base(path), err)
				}
				for _, c := range nb.Cells {
					if c.Type == "markdown" && jpText(c.Source) == source {
						return nil
					}
					cells = append(cells, c.Type+": "+jpText(c.Source))
				}
			}
			select {
			case <-ctx.Done():
				return ctx.Err()
			case <-time.After(100 * time.Millisecond):
			}
		}
		return fmt.Errorf("%s: no markdown cell %q (cells: %q)", filepath.Base(path), source, cells)
	}
}

// pmaRenameTable: the new table's Operations, "Rename table to", the Go
// of that part of the page (it has one Go per part).
func pmaRenameTable(ctx context.Context, s *session, w *wpSite) error {
	obs, err := wpOpen(ctx, s, w, "/index.php?route=/table/operations&db=wordpress&table=harbour_tides")
	if err != nil {
		return err
	}
	name, err := wpPick(ctx, s, obs, "type", `(?i)rename`, false)
	if err != nil {
		return err
	}
	r, err := wpAct(ctx, s, name, "", map[string]any{"text": "harbour_tide_tables"})
	if err != nil {
		return err
	}
	// the Go after the field: the first Go the observation lists
	if r, err = wpPress(ctx, s, r.Body.Observation, `(?i)^go( |_|$)`); err != nil {
		return err
	}
	return wantFeedback(r, `(?i)renamed`)
}

// dwDeleteUser: the user manager, the row of the user add_user added,
// its checkbox, Delete Selected.
func dwDeleteUser(ctx context.Context, s *session, w *wpSite) error {
	obs, err := wpOpen(ctx, s, w, "/doku.php?id=start&do=admin&page=usermanager")
	if err != nil {
		return err
	}
	rec, err := wpFind(ctx, s, obs, "jdoe")
	if err != nil {
		return err
	}
	tick, err := wpPick(ctx, s, obs, "", `(?i)toggle|select|delete|check`, true)
	if err != nil {
		return err
	}
	r, err := wpAct(ctx, s, tick, rec.ID, nil)
	if err != nil {
		return err
	}
	del, err := wpPick(ctx, s, r.Body.Observation, "click", `(?i)^delete`, false)
	if err != nil {
		return err
	}
	if r, err = wpAct(ctx, s, del, "", nil); err != nil {
		return err
	}
	// DokuWiki asks confirm(): the receipt says so, and the agent presses
	// again with confirm, as the warning tells it
	if !strings.HasPrefix(r.Body.Result.Warning, "CONFIRMATION_REQUIRED") {
		return fmt.Errorf("delete without confirm: warning %q, want CONFIRMATION_REQUIRED", r.Body.Result.Warning)
	}
	if r, err = s.call(ctx, "act", map[string]any{"action": del.Name, "confirm": true}); err != nil {
		return err
	}
	if r.IsError || r.Body.Result == nil || !r.Body.Result.OK {
		return fmt.Errorf("delete with confirm: %s", firstLine(r.Text))
	}
	return wantFeedback(r, `(?i)deleted`)
}

// dwWantNoUser checks that the user file no longer lists user.
func dwWantNoUser(path, user string) func(context.Context, *wpSite) error {
	return func(context.Context, *wpSite) error {
		raw, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		for _, line := range strings.Split(string(raw), "\n") {
			if strings.HasPrefix(line, user+":") {
				return fmt.Errorf("%s still lists %s", filepath.Base(path), user)
			}
		}
		return nil
	}
}

// stIgnorePatterns: the Photos folder's panel, its Edit, the dialog's
// Ignore Patterns tab, a pattern typed into it, Save.
func stIgnorePatterns(ctx context.Context, s *session, w *wpSite) error {
	r, err := stPhotosPanel(ctx, s, w)
	if err != nil {
		return err
	}
	if r, err = wpPress(ctx, s, r.Body.Observation, `(?i)^edit( |$)`); err != nil {
		return err
	}
	var args map[string]any
	tab, err := wpPick(ctx, s, r.Body.Observation, "", `(?i)^ignore_patterns`, false)
	if err != nil {
		if tab, args, err = pickLink(ctx, s, r.Body.Observation, `(?i)^"ignore patterns"$`); err != nil {
			return err
		}
	}
	if r, err = wpAct(ctx, s, tab, "", args); err != nil {
		return err
	}
	box, err := wpPick(ctx, s, r.Body.Observation, "type", `(?i)ignore|pattern`, false)
	if err != nil {
		return err
	}
	if r, err = wpAct(ctx, s, box, "", map[string]any{"text": "*.tmp"}); err != nil {
		return err
	}
	_, err = wpPress(ctx, s, r.Body.Observation, `(?i)^save( |$)`)
	return err
}

// stWantIgnored checks that the folder's .stignore holds pattern
// (Syncthing writes it when the dialog saves; a few tries).
func stWantIgnored(folder, pattern string) func(context.Context, *wpSite) error {
	return func(ctx context.Context, _ *wpSite) error {
		var got string
		for i := 0; i < 30; i++ {
			raw, err := os.ReadFile(filepath.Join(folder, ".stignore"))
			got = string(raw)
			if err == nil && strings.Contains(got, pattern) {
				return nil
			}
			select {
			case <-ctx.Done():
				return ctx.Err()
			case <-time.After(100 * time.Millisecond):
			}
		}
		return fmt.Errorf(".stignore does not hold %q: %q", pattern, clip(got, 200))
	}
}
