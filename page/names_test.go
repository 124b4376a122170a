package page_test

import (
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/pling-dev/pling/internal/testbrowser"
	"github.com/pling-dev/pling/page"
)

// wantAction is what one action of a fixture must be: its name, the
// control kind it says (issue 18 point 14), words its description holds,
// and, when set, its compact line's text after the name.
type wantAction struct {
	name    string
	control string
	desc    string
	compact string
}

// TestActionNames: issue 18 points 14, 12 and 4, one fixture per class
// (testdata/infer). Every action says its control's kind (a radio is no
// checkbox, a text area no one-line input) in the JSON and in both
// renderings; an icon-only control is named by its icon's conventional
// name and says so; a row action whose label quotes the row's title is
// named by what it does (quick_edit, trash); a form laid out as a table
// is a form whose fields are named by their label cells; a name never
// comes from class, name or framework state tokens, nor from a sentence of
// instructions; the text just before an input names it; two adjacent
// buttons are two actions.
func TestActionNames(t *testing.T) {
	t.Parallel()
	tests := []struct {
		file    string
		want    []wantAction
		absent  []string       // names that must not be there
		records int            // how many records the page has
		columns string         // what the records' columns line says, when set
		folded  map[string]int // row actions and how many rows they fold
		regions []string       // region ids the observation lists
		state   map[string]any // state items the observation holds
	}{
		{file: "kinds.html", want: []wantAction{
			{"newsletter", "checkbox", `Toggle the checkbox "Newsletter" (now false)`, "checkbox, now false"},
			{"free_plan", "radio", `Choose the radio option "Free plan" (now false)`, "radio, now false"},
			{"pro_plan", "radio", `Choose the radio option "Pro plan" (now true)`, "radio, now true"},
			{"dark_mode", "switch", `Toggle the switch "Dark mode" (now true)`, "switch, now true"},
			{"nickname", "textbox", `Type into "Nickname"`, ""},
			{"bio", "textarea", `Type into the text area "Bio" (multi-line)`, "text area"},
			{"birthday", "date", `Type into the date field "Birthday"`, "date"},
			{"volume", "slider", `Type into the slider "Volume"`, "slider"},
			{"guests", "spinbutton", `Type into the number field "Guests"`, "number"},
			{"city", "combobox", `Type into the combobox "City"`, "combobox"},
			{"country", "dropdown", `Choose an option of "Country"`, ""},
			{"save", "", `Press "Save"`, ""},
		}},
		{file: "icons.html", want: []wantAction{
			{"trash", "", "Press the trash icon", "icon"},
			{"star", "", "Press the star icon", "icon"},
			{"print", "", "Press the print icon", "icon"},
			{"archive", "", "Press the archive icon", "icon"},
			{"reply", "", "Open the reply icon (/reply)", ""},
			{"delete_forever", "", "Press the delete forever icon", "icon"},
			{"pencil", "", "Press the pencil icon", "icon"},
			{"retweet", "", "Press the Retweet icon", "icon"},
			{"heart", "", "Press the heart icon", "icon"},
			// a title or an accessible name comes first; text beside the icon too
			{"refresh_the_list", "", `Press "Refresh the list"`, ""},
			{"settings", "", `Press "Settings"`, ""},
			{"download", "", `Press "Download"`, ""},
			// the toolbar's trash beside the rows' is named by its heading
			{"trash_inbox", "", "Press the trash icon", "Press the trash icon"},
			{"bell", "", "Press the bell icon", "icon"},
			{"envelope", "", "Press the envelope icon", "icon"},
		}, absent: []string{"button", "button_2", "action", "press", "3", "7"}, records: 3,
			// a row's icon button folds by its icon
			folded: map[string]int{"trash": 3}},
		{file: "rowtitle.html", records: 3, folded: map[string]int{"quick_edit": 3, "trash": 3, "edit": 3}, want: []wantAction{
			{"quick_edit", "", `Press "Quick Edit"`, ""},
			{"trash", "", `Open "Trash"`, ""},
			{"edit", "", `Open "Edit"`, ""},
		}, absent: []string{"submitdelete", "press", "editinline"}},
		{file: "formtable.html", want: []wantAction{
			{"site_title", "textbox", `Type into "Site Title"`, ""},
			{"tagline", "textbox", `Type into "Tagline"`, ""},
			{"anyone_can_register", "checkbox", `Toggle the checkbox "Anyone can register" (now false)`, ""},
			// the title is its description
			{"server", "textbox", "hostname[:port]", ""},
			{"username", "textbox", `Type into "Username"`, ""},
			{"password", "password", `Type into the password field "Password"`, ""},
			{"database", "textbox", `Type into "Database"`, ""},
			{"user", "textbox", `Type into "User"`, ""},
			{"real_name", "textbox", `Type into "Real name"`, ""},
			{"groups", "textbox", `Type into "Groups"`, ""},
			// a row's field whose label is the row's text: its column header
			{"quantity", "spinbutton", `Type into the number field "Quantity"`, ""},
		}, absent: []string{"blogname_regular", "auth_server", "hostname_port", "edit", "userid_edit", "qty"}, records: 3},
		{file: "labels.html", want: []wantAction{
			{"host", "textbox", `Type into "Host"`, ""},
			{"port", "textbox", `Type into "Port"`, ""},
			{"path", "textbox", `Type into "Path"`, ""},
			{"reply", "", `Press "Reply"`, ""},
			{"forward", "", `Press "Forward"`, ""},
			{"archive", "", `Press "Archive"`, ""},
			{"spam", "", `Press "Spam"`, ""},
		}, absent: []string{"reply_forward", "archive_spam", "pristine_untouched_valid", "select_06_29_2016_as_the_date_and_hit_su", "textbox_2", "cfg_host"}},
		// links that show the row's data (a table's name, its size, its
		// row count) are named by their titles, never by one row's
		// numbers (Adminer's table list)
		{file: "adminer.html", records: 3,
			folded: map[string]int{"show_structure": 3, "alter_table": 3, "alter_indexes": 3, "new_item": 3, "select_data": 3},
			want: []wantAction{
				{"show_structure", "", "Show structure", ""},
				{"select_data", "", "Select data", ""},
			}, absent: []string{"open", "open_2", "open_3", "16_384", "0", "0_2", "4"}},
		// an access key's hint in a title or alt names nothing
		{file: "accesskeys.html", want: []wantAction{
			{"search", "textbox", `Type into "Search"`, ""},
			{"bold_text", "", `Press "Bold Text"`, ""},
			{"strike_through_text", "", `Press "Strike-through Text"`, ""},
			{"same_level_headline", "", `Press "Same Level Headline"`, ""},
			{"save", "", "Save your changes", ""},
			{"export_csv", "", `Press "Export [CSV]"`, ""},
			// an edit box nothing labels: its name attribute's words,
			// not those of its id, class and name run together
			{"wikitext", "textarea", `Type into the text area "wikitext" (multi-line)`, ""},
		}, absent: []string{"f", "bold_text_b", "strike_through_text_d", "same_level_headline_8", "wiki_edit_wikitext"}},
		// a table's header row of filter fields: named by their columns'
		// headers, which stay the records' columns; a last row of buttons
		// spanning the columns is the table's toolbar, not a record; a row's
		// checkbox without a label selects the row (was delete(record), its
		// name="delete[admin]")
		{file: "userlist.html", records: 2, folded: map[string]int{"select": 2, "edit_this_user": 2},
			want: []wantAction{
				{"user_filter", "textbox", `Type into "User filter"`, ""},
				{"real_name_filter", "textbox", `Type into "Real Name filter"`, ""},
				{"email_filter", "textbox", `Type into "Email filter"`, ""},
				{"groups_filter", "textbox", `Type into "Groups filter"`, ""},
				{"delete_selected", "", `Press "Delete Selected"`, ""},
				{"export_all_users_csv", "", `Press "Export All Users (CSV)"`, ""},
			}, columns: "User | Real Name | Email | Groups",
			absent: []string{"edit_userid", "edit_username", "delete_admin", "open"}},
		// a contenteditable editor without a label is named by the
		// heading before it, not by its classes (Adminer's jush editor)
		{file: "jush.html", want: []wantAction{
			{"sql_command", "textarea", `Type into the text area "SQL command" (multi-line)`, "text area"},
			{"limit_rows", "spinbutton", `Type into the number field "Limit rows"`, ""},
		}, absent: []string{"sqlarea_jush_sql", "sqlarea_jush_sql_jush"}},
		// a row "label | select | value" (Adminer's edit form): the
		// label names the value, the select of functions is its modifier
		{file: "adminer-edit.html", want: []wantAction{
			{"id", "spinbutton", `Type into the number field "id"`, ""},
			{"name", "textbox", `Type into "name"`, ""},
			{"price", "textbox", `Type into "price"`, ""},
			{"stock", "spinbutton", `Type into the number field "stock"`, ""},
			{"function_price", "dropdown", "", ""},
		}, absent: []string{"fields_price", "fields_name", "price_2"}},
		// phpMyAdmin's browse page: its navigation controls laid out in a
		// one-row table are the page's, not a record's; a row link's
		// icon alt beside the same text names it once
		// <a role=button> without href is a button: WikiEditor's toolbar
		// tabs were three records with one press(record)
		{file: "wikieditor.html", records: 0, want: []wantAction{
			{"advanced", "", `Press "Advanced"`, ""},
			{"special_characters", "", `Press "Special characters"`, ""},
			{"help", "", `Press "Help"`, ""},
		}, absent: []string{"press"}},
		// a field's labels after its first are its help, and a
		// combobox's own value is no part of its name (MediaWiki's OOUI
		// preferences: real_name_real_name_is_optional_if_provi,
		// language_en_english)
		{file: "ooui-prefs.html", want: []wantAction{
			{"real_name", "textbox", "Real name is optional. If provided, it may be used to give you attribution for your work.", ""},
			{"treat_signature_as_wikitext_without_an", "checkbox", `Comments on talk pages should be signed with "~~~~", which will be converted into your signature and a timestamp. (now false)`, "checkbox, now false"},
			{"language", "combobox", `Type into the combobox "Language:"`, ""},
			{"reason", "combobox", `Type into the combobox "Reason:"`, ""},
			// an ARIA radio around a native one is one radio, and the
			// links inside its label leave no "( | )"
			{"vector_legacy_2010_default", "radio", `Choose the radio option "Vector legacy (2010) (default)" (now true)`, "radio, now true"},
			{"vector_2022", "radio", `Choose the radio option "Vector (2022)" (now false)`, "radio, now false"},
			{"monobook", "radio", `Choose the radio option "MonoBook" (now false)`, "radio, now false"},
		}, absent: []string{"real_name_real_name_is_optional_if_provi", "language_en_english", "other_reason", "vector_legacy_2010_default_preview", "vector_2022_discussion_preview", "monobook_preview"}},
		// a row link whose text every row shows is named by it, even where
		// its title holds the row's data (MediaWiki's history: "talk",
		// titled "User talk:Alice"); titles that differ per row name no
		// slot (the user link: open)
		{file: "history.html", records: 3, folded: map[string]int{"talk": 3, "contribs": 3, "block": 3, "undo": 2, "prev": 2, "open": 3},
			want: []wantAction{
				{"talk", "", "", ""},
				{"undo", "", "", ""},
			}, absent: []string{"user_alice_page_does_not_exist_user_admi", "user_talk_admin_page_does_not_exist", "special_contributions_admin", "new"}},
		// what no one sees is no action: options in a listbox clipped to a
		// pixel, a clipped skip link; a visually hidden checkbox stays
		{file: "sronly.html", want: []wantAction{
			{"reason", "combobox", "", ""},
			{"watch_this_page", "checkbox", "", ""},
			{"delete_page", "", "", ""},
		}, absent: []string{"spam", "vandalism", "other_reason", "jump_to_content"}},
		// a form laid out in tables: one cell of labelled checkboxes, a
		// label cell and its field with a submit row
		// (its list of instructions stays four records of text)
		{file: "userrights.html", records: 4, want: []wantAction{
			{"bot", "checkbox", "", ""},
			{"administrator", "checkbox", "", ""},
			{"interface_administrator", "checkbox", "", ""},
			{"bureaucrat", "checkbox", "", ""},
			{"suppressor", "checkbox", "", ""},
			{"reason", "textbox", "", ""},
			// both access-key hints of its title are no description
			{"save_user_groups", "", `Press "Save user groups"`, ""},
		}, absent: []string{"wp_bot_mw_userrights_groupcheckbox", "user_reason"}},
		// a field alone in its fieldset is named by its legend, not its
		// placeholder's examples; an option that is a frame around one
		// icon button is one action named by OOUI's icon class
		{file: "block.html", want: []wantAction{
			{"username_ip_address_or_ip_range", "combobox", "", ""},
			{"edit", "option", "", ""},
			{"calendar", "option", "", ""},
			{"other_time", "textbox", "", ""},
		}, absent: []string{"username_1_1_1_42_or_1_1_1_42_16", "ooui_oo_ui_widget_enabled", "oo_ui_element", "oo_ui_element_2"}},
		// a label that points at no field names its group's one text input
		// Adminer's column grid: icon buttons whose alt is a symbol are
		// named by their title
		{file: "adminer-create.html", records: 2,
			folded: map[string]int{"add_next": 2, "move_up": 2, "move_down": 2, "remove": 2},
			// (the header's radio is labelled by the text after it)
			want:   []wantAction{{"ai", "radio", "", ""}},
			absent: []string{"button", "button_2", "button_3", "x", "null_create_table"}},
		{file: "movepage.html", want: []wantAction{
			{"new_title", "textbox", "", ""},
			{"reason", "textbox", "", ""},
		}, absent: []string{"wp_new_title_main"}},
		{file: "phpmyadmin-browse.html", records: 4,
			folded: map[string]int{"edit": 4, "copy": 4, "delete": 4},
			want: []wantAction{
				{"show_all", "checkbox", "", ""},
				{"select", "checkbox", "", ""},
				// the bulk buttons after "With selected:" beside each row's own
				{"edit_with_selected", "", `Press "Edit"`, ""},
				{"delete_with_selected", "", `Press "Delete"`, ""},
				{"export", "", `Press "Export"`, ""},
			}, absent: []string{"copy_copy", "delete_delete", "show_all_2", "rows_to", "edit_2", "delete_2"}},
		// phpMyAdmin, live: its console's panels parked beside the window
		// (a fixed box no scroll moves) are no actions, a fixed panel that
		// scrolls keeps its lower entries; a clickable cell is the row's
		// cell of its column; a close button drawn by its classes is close
		{file: "pma-live.html", records: 3,
			folded: map[string]int{"name": 3, "price": 3, "id": 3},
			want: []wantAction{
				{"console", "", "", ""},
				{"sakila", "", "", ""},
				{"close", "", "Press the close icon", "icon"},
				{"ok", "", "", ""},
				{"name", "", `Click the row's "name" cell`, ""},
			}, absent: []string{"always_expand", "always_expand_query_messages", "set_default", "widget_gadget_doohickey", "9_99_19_50_4_25", "data", "ui_dialog_titlebar_close"}},
		// phpMyAdmin's database structure: a row's checkbox without a label
		// selects the row; a link whose text is the row's data is named by
		// its column, whose header drops the sort arrow's alt
		{file: "pma-structure.html", records: 3,
			folded: map[string]int{"select": 3, "open_table": 3, "open_size": 3, "browse": 3, "drop": 3},
			want: []wantAction{
				{"select", "checkbox", `Check or uncheck the checkbox "Select"`, ""},
				{"open_table", "", `Open the row's "Table" link`, ""},
				{"open_size", "", `Open the row's "Size" link`, ""},
				{"check_all", "checkbox", "", ""},
				{"optimize_table", "", "", ""},
			}, absent: []string{"selected_tbl", "open", "open_2", "table_ascending"},
			state:   map[string]any{"Data": "16.0 KiB", "Overhead": "120 B"},
			columns: "Table | Rows | Type | Size"},
		// phpMyAdmin's insert form: its actions panel, two rows of
		// controls in a table without headers, is layout, not records
		{file: "pma-insert.html", records: 2,
			folded: map[string]int{"value": 2, "function": 2},
			want: []wantAction{
				{"go", "", `Press "Go"`, ""},
				{"preview_sql", "", `Press "Preview SQL"`, ""},
				{"reset", "", `Press "Reset"`, ""},
			}},
		// phpMyAdmin's home: list items that are each a form are forms,
		// their selects named by their labels without the help icon's alt
		{file: "pma-home.html", records: 0,
			want: []wantAction{
				{"server_connection_collation", "dropdown", "", ""},
				{"language", "dropdown", "", ""},
				{"theme", "dropdown", "", ""},
			}, absent: []string{"documentation_2", "set_theme_select", "server_connection_collation_documentation"}},
		// phpMyAdmin's new table: a row of headers over a row of fields
		// is a form, each field named by the header above it
		{file: "pma-create.html", records: 0,
			want: []wantAction{
				{"table_comments", "textbox", `Type into "Table comments"`, ""},
				{"collation", "dropdown", "", ""},
				{"storage_engine", "dropdown", "", ""},
				{"save", "", "", ""},
			}, absent: []string{"comment", "tbl_collation"}},
		// Syncthing: a link whose only class is a Bootstrap colour is named
		// by what it does, not success(record); a unit dropdown beside a
		// labelled number takes its label
		// Its device table is details read as state, and the links in it
		// are named by their row's header (was toggler(record), open(record))
		{file: "syncthing.html", records: 0,
			state: map[string]any{"Download Rate": "0 B/s (0 B)", "Listeners": "1/1", "Uptime": "<1m",
				"Folder Path": "/srv/photos", "Music: Folder Path": "/srv/music", "Folder ID": "fevea-2yepp"},
			want: []wantAction{
				// a folder's heading is named by its label, not by its state
				{"photos", "", `Press "Photos"`, ""},
				{"music", "", `Press "Music"`, ""},
				{"download_rate", "", `Open "Download Rate" (/)`, ""},
				{"upload_rate", "", `Open "Upload Rate" (/)`, ""},
				{"listeners", "", `Open "Listeners" (/)`, ""},
				{"device_name", "textbox", "", ""},
				{"minimum_free_disk_space", "spinbutton", "", ""},
				{"minimum_free_disk_space_dropdown", "dropdown", `Choose an option of "Minimum Free Disk Space"`, ""},
				// two OKs, each named by its panel's heading
				{"ok_gui_authentication_set", "", `Press "OK"`, ""},
				{"ok_notice", "", `Press "OK"`, ""},
				{"settings", "", "", ""},
			}, absent: []string{"success", "combobox", "text_success", "ok", "ok_2", "toggler", "open", "unshared_photos", "paused_music"},
			// a dialog's title keeps the id it offers; its region's id does not
			regions: []string{"add-folder"}},
		// Jupyter: a role word an aria-label starts with names nothing
		{file: "jupyter.html", want: []wantAction{
			{"select_cell_type", "dropdown", `Choose an option of "select cell type"`, ""},
			{"run", "", "", ""},
			{"new", "", `Press "New"`, ""},
			{"select_folders_all_notebooks_running", "", "", ""},
			{"shut_down", "", `Press "Shut down"`, ""},
		}, absent: []string{"combobox_select_cell_type", "new_toggle_dropdown", "checkbox_toggle_dropdown"}},
		// row links of one name over two lists: each list's heading says which
		{file: "wp-dashboard.html", records: 6,
			folded: map[string]int{"open_recently_published": 3, "open_recent_comments": 3},
			want: []wantAction{
				{"open_recently_published", "", "", ""},
				{"open_recent_comments", "", "", ""},
			}, absent: []string{"open", "open_2"}},
		// one name in one place: the field keeps it, the others say their kind
		{file: "samename.html", want: []wantAction{
			{"search", "searchbox", "", ""},
			{"search_button", "", `Press "Search"`, ""},
			{"help", "", "", ""},
			{"help_link", "", `Open "Help" (/help)`, ""},
			{"print", "", "", ""},
			{"print_2", "", "", ""},
		}, absent: []string{"search_2", "help_2", "print_button"}},
		// WordPress's Reading settings: list items that are each one
		// labelled select are a form's fields (they were one row action
		// page_on_front(record, value) over two records, no options)
		{file: "wp-reading.html", records: 0, want: []wantAction{
			{"homepage", "dropdown", "", ""},
			{"posts_page", "dropdown", "", ""},
		}, absent: []string{"page_on_front"}},
		// WordPress's users list after a search found one user: its row
		// actions, links side by side in the username's cell, are named by
		// their text, not the column (open_username, _2, _3 and _4)
		{file: "wp-one-user.html", records: 1,
			folded: map[string]int{"edit": 1, "delete": 1, "send_password_reset": 1},
			absent: []string{"open_username", "open_username_2"}},
		// Syncthing's File Versioning: a <label> for nothing, a Help link,
		// then the select (it was "combobox")
		{file: "label-help-link.html", want: []wantAction{
			{"file_versioning", "dropdown", "", ""},
			{"compression", "dropdown", "", ""},
		}, absent: []string{"combobox"}},
		// MediaWiki's Special:Block: a dropdown and its "other" text box
		// under each fieldset's legend, neither labelled, the dropdown
		// labelled by the value it shows: named by the legend (they were
		// other_time, wp_expiry_other, other, wp_reason_other)
		// (the text box keeps the name, the dropdown says it is one)
		{file: "mw-block.html", want: []wantAction{
			{"expiration_dropdown", "combobox", "", ""},
			{"expiration", "textbox", "", ""},
			{"reason_dropdown", "combobox", "", ""},
			{"reason", "textbox", "", ""},
		}, absent: []string{"other_time", "wp_expiry_other", "other", "wp_reason_other", "reason_2"}},
		// select2's read-only ARIA textbox inside its combobox shows the
		// chosen value: part of the combobox, not a second type action.
		// The box, labelled by that display (its placeholder), is named
		// by the <label> of the native select it stands for (it was
		// choose_a_country).
		{file: "combobox-display.html", want: []wantAction{
			{"country", "combobox", `Type into the combobox "Country"`, ""},
		}, absent: []string{"choose_a_country", "country_2"}},
	}
	for _, tc := range tests {
		t.Run(tc.file, func(t *testing.T) {
			t.Parallel()
			html, err := os.ReadFile(filepath.Join("testdata", "infer", tc.file))
			if err != nil {
				t.Fatal(err)
			}
			s := serveHTML(t, string(html))
			snap, _ := collectSnapshot(t, s, page.DefaultCollectParams())
			o := page.Build(snap, page.DefaultBudgets(), page.BuildOptions{})
			full := page.Render(o, page.DefaultBudgets())
			compact := page.RenderCompact(o, page.DefaultBudgets(), false)
			if os.Getenv("PLING_DEBUG_RENDER") != "" {
				t.Log(compact)
			}
			byName := map[string]page.Action{}
			for _, a := range o.Actions {
				byName[a.Name] = a
			}
			for _, w := range tc.want {
				a, ok := byName[w.name]
				if !ok {
					t.Errorf("no action %s in\n%s", w.name, compact)
					continue
				}
				if a.Control != w.control {
					t.Errorf("%s: control %q, want %q", w.name, a.Control, w.control)
				}
				if w.desc != "" && a.Description != w.desc {
					t.Errorf("%s: description %q, want %q", w.name, a.Description, w.desc)
				}
				line := lineOf(compact, "- "+w.name)
				_, rest, _ := strings.Cut(line, ": ")
				if before, _, ok := strings.Cut(rest, " | "); ok {
					rest = before
				}
				if w.compact != "" && rest != w.compact {
					t.Errorf("%s: compact line %q, want its description %q", w.name, line, w.compact)
				}
				if fl := fullLine(full, w.name); w.control != "" && w.control != "textbox" && !strings.Contains(fl, " "+w.control+" / ") && !strings.Contains(fl, " "+w.control+", named by its icon / ") {
					t.Errorf("%s: the full line does not say %q: %q", w.name, w.control, fl)
				}
				if strings.Contains(w.desc, " icon") && a.NameFrom != "icon" {
					t.Errorf("%s: name_from %q, want icon", w.name, a.NameFrom)
				}
			}
			for _, n := range tc.absent {
				if _, ok := byName[n]; ok {
					t.Errorf("action %s is there:\n%s", n, compact)
				}
			}
			for n, rows := range tc.folded {
				if a := byName[n]; !a.RecordParam || a.Folded != rows {
					t.Errorf("%s: record_param %v, folded %d; want a row action of %d rows", n, a.RecordParam, a.Folded, rows)
				}
			}
			for _, id := range tc.regions {
				if !strings.Contains(compact, "\n- "+id+": ") {
					t.Errorf("no region %s:\n%s", id, compact)
				}
			}
			if tc.columns != "" && !strings.Contains(compact, tc.columns) {
				t.Errorf("the records' columns are not %q:\n%s", tc.columns, compact)
			}
			for k, v := range tc.state {
				if got, ok := o.State[k]; !ok || got != v {
					t.Errorf("state %q = %v (there: %v), want %v; state %v", k, got, ok, v, o.State)
				}
			}
			if len(snap.Records) != tc.records {
				t.Errorf("%d records, want %d:\n%s", len(snap.Records), tc.records, compact)
			}
		})
	}
}

// lineOf is the first line of text that begins with prefix followed by
// "(", ":", " " or its end.
func lineOf(text, prefix string) string {
	for _, l := range strings.Split(text, "\n") {
		if rest, ok := strings.CutPrefix(l, prefix); ok && (rest == "" || strings.ContainsAny(rest[:1], "(: ")) {
			return l
		}
	}
	return ""
}

// fullLine is the full rendering's line of the action name.
func fullLine(text, name string) string {
	for _, l := range strings.Split(text, "\n") {
		if rest, ok := strings.CutPrefix(l, "- "+name); ok && strings.Contains(l, "region:") && rest != "" && strings.ContainsAny(rest[:1], "( ") {
			return l
		}
	}
	return ""
}

// Two adjacent buttons under one click handler (spans made to look like
// buttons) are two actions, and each click reaches its own button: never
// one reply_forward whose click lands between them (issue 18 point 4).
func TestActAdjacentButtons(t *testing.T) {
	t.Parallel()
	mux := http.NewServeMux()
	mux.Handle("/", http.FileServer(http.Dir("testdata/infer")))
	rt, tab := openURL(t, testbrowser.Serve(t, mux)+"/labels.html")
	for _, name := range []string{"forward", "reply", "spam"} {
		if _, err := rt.Act(t.Context(), page.ActRequest{Action: name}); err != nil {
			t.Fatalf("act %s: %v", name, err)
		}
	}
	if got := evalString(t, tab, `document.getElementById("log").textContent`); got != "Forward Reply Spam " {
		t.Errorf("the clicks reached %q, want \"Forward Reply Spam \"", got)
	}
}

// Of two links of one name in a link list, the one that opens a page
// takes the plain name and the in-page toggle before it is "(2)":
// Adminer's message links its query as "SQL command" ahead of its menu's
// "SQL command" (issue 18 point 4).
func TestLinkListNamesPageLinksFirst(t *testing.T) {
	t.Parallel()
	mux := http.NewServeMux()
	mux.Handle("/", http.FileServer(http.Dir("testdata/infer")))
	rt, _ := openURL(t, testbrowser.Serve(t, mux)+"/inpage.html")
	var enum []string
	for _, a := range rt.Last().Actions {
		if p, ok := a.Params["link"]; ok {
			enum = p.Enum
		}
	}
	if len(enum) < 2 || enum[0] != "SQL command (2)" || !slices.Contains(enum, "SQL command") {
		t.Fatalf("link names %q: want the in-page toggle first as \"SQL command (2)\" and the page link as \"SQL command\"", enum)
	}
	res, err := rt.Act(t.Context(), page.ActRequest{Action: "open_page", Args: map[string]any{"link": "SQL command"}})
	if err != nil {
		t.Fatal(err)
	}
	if got := res.Observation.Identity.Title; got != "SQL command - Adminer" || !res.Receipt.Changed.Navigated {
		t.Errorf("after opening \"SQL command\": page %q, navigated %v; want the SQL command page", got, res.Receipt.Changed.Navigated)
	}
}

// The options of a long listbox are one entry, choose_<list>(value),
// named by the combobox whose menu it is: MediaWiki's language dropdown,
// opened by a key, was 400 option entries that crowded every other action
// out of the observation. The value picks the option; an option the list
// does not show is INVALID_ARGUMENT; an option's own name still resolves.
func TestFoldedListboxOptions(t *testing.T) {
	t.Parallel()
	mux := http.NewServeMux()
	mux.Handle("/", http.FileServer(http.Dir("testdata/infer")))
	rt, tab := openURL(t, testbrowser.Serve(t, mux)+"/dropdown-menu.html")
	ctx := t.Context()
	res, err := rt.Act(ctx, page.ActRequest{Action: "language", Args: map[string]any{"text": "d"}})
	if err != nil {
		t.Fatal(err)
	}
	o := res.Observation
	var choose *page.Action
	for i, a := range o.Actions {
		if a.Control == "option" && a.Folded == 0 {
			t.Errorf("option %s is an entry of its own", a.Name)
		}
		if a.Name == "choose_language" {
			choose = &o.Actions[i]
		}
	}
	if choose == nil {
		t.Fatalf("no choose_language after the menu opened:\n%s", page.RenderCompact(o, page.DefaultBudgets(), false))
	}
	if choose.Folded != 14 || len(choose.Params["value"].Enum) != 14 || choose.Params["value"].Enum[1] != "de - Deutsch" {
		t.Errorf("choose_language folds %d, values %q", choose.Folded, choose.Params["value"].Enum)
	}
	if !slices.Contains(res.Receipt.Changed.Actions.Appeared, "choose_language") {
		t.Errorf("the receipt does not say the options appeared: %+v", res.Receipt.Changed.Actions)
	}
	if _, err := rt.Act(ctx, page.ActRequest{Action: "choose_language", Args: map[string]any{"value": "xx - Klingon"}}); page.ErrorCode(err) != page.CodeInvalidArgument {
		t.Errorf("an option the list does not show: %v", err)
	}
	if _, err := rt.Act(ctx, page.ActRequest{Action: "choose_language", Args: map[string]any{"value": "de - Deutsch"}}); err != nil {
		t.Fatal(err)
	}
	if got := evalString(t, tab, `document.getElementById("log").textContent`); got != "chosen de - Deutsch" {
		t.Errorf("the page says %q, want \"chosen de - Deutsch\"", got)
	}
	// the combobox shows its choice as its value, as a person sees it
	if a := find(rt.Last(), "language"); a == nil || a.Value == nil || a.Value.Head != "de - Deutsch" {
		t.Errorf("the combobox's value after the choice: %+v", a)
	}
	if _, err := rt.Act(ctx, page.ActRequest{Action: "language", Args: map[string]any{"text": "e"}}); err != nil {
		t.Fatal(err)
	}
	if _, err := rt.Act(ctx, page.ActRequest{Action: "es_espa_ol"}); err != nil {
		t.Fatalf("an option by its own name: %v", err)
	}
	if got := evalString(t, tab, `document.getElementById("log").textContent`); got != "chosen es - español" {
		t.Errorf("the page says %q, want \"chosen es - español\"", got)
	}
}

// A click goes where its target is once the page has placed things after
// the scroll that brought it into view: MediaWiki's language menu (OOUI
// clips it to the room above its dropdown, in the frame after a scroll)
// took a click aimed at "de - Deutsch" on "diq - Zazaki", five options
// below.
func TestActAfterScrollRepositions(t *testing.T) {
	t.Parallel()
	mux := http.NewServeMux()
	mux.Handle("/", http.FileServer(http.Dir("testdata/infer")))
	rt, tab := openURL(t, testbrowser.Serve(t, mux)+"/floating-menu.html")
	if find(rt.Last(), "choose_country") == nil {
		t.Fatalf("no choose_country:\n%s", page.RenderCompact(rt.Last(), page.DefaultBudgets(), false))
	}
	for _, want := range []string{"Country 3", "Country 30", "Country 12"} {
		if _, err := rt.Act(t.Context(), page.ActRequest{Action: "choose_country", Args: map[string]any{"value": want}}); err != nil {
			t.Fatalf("choose %s: %v", want, err)
		}
		if got := evalString(t, tab, `document.getElementById("log").textContent`); got != "chosen "+want {
			t.Errorf("the page says %q, want %q", got, "chosen "+want)
		}
	}
}

// A typeahead's suggestions left open over the control an agent presses
// next are closed with Escape, as a person would, and the press goes on:
// Prometheus's Execute was TARGET_COVERED after typing "up" into the
// expression, whose suggestions covered it. The placeholder's usage hint
// is no part of the field's name.
func TestActClosesSuggestionsOverTheTarget(t *testing.T) {
	t.Parallel()
	mux := http.NewServeMux()
	mux.Handle("/", http.FileServer(http.Dir("testdata/infer")))
	rt, tab := openURL(t, testbrowser.Serve(t, mux)+"/typeahead.html")
	ctx := t.Context()
	if _, err := rt.Act(ctx, page.ActRequest{Action: "expression", Args: map[string]any{"text": "up"}}); err != nil {
		t.Fatal(err)
	}
	if got := evalString(t, tab, `String(document.querySelectorAll(".typeahead li").length)`); got != "3" {
		t.Fatalf("the suggestions are not open after typing (%s items)", got)
	}
	res, err := rt.Act(ctx, page.ActRequest{Action: "execute"})
	if err != nil {
		t.Fatalf("execute under the open suggestions: %v", err)
	}
	if !res.Receipt.OK {
		t.Errorf("receipt %+v", res.Receipt)
	}
	if got := evalString(t, tab, `document.getElementById("log").textContent`); got != "executed up" {
		t.Errorf("the page says %q, want \"executed up\"", got)
	}
}

// A control the page renders again between the snapshot and the input
// (Syncthing's AngularJS panels: its folder's heading answered
// ACTION_NOT_FOUND "the element is gone") is reached as a person reaches
// it: the act is planned again on a fresh snapshot, once, and the control
// of that name now is pressed. Nothing was done to the page before.
func TestActReachesAControlRenderedAgain(t *testing.T) {
	t.Parallel()
	mux := http.NewServeMux()
	mux.Handle("/", http.FileServer(http.Dir("testdata/infer")))
	rt, tab := openURL(t, testbrowser.Serve(t, mux)+"/rerender.html")
	res, err := rt.Act(t.Context(), page.ActRequest{Action: "pause_photos"})
	if err != nil {
		t.Fatalf("pause_photos, rendered again by the act's scroll: %v", err)
	}
	if !res.Receipt.OK {
		t.Errorf("receipt %+v", res.Receipt)
	}
	if got := evalString(t, tab, `document.getElementById("log").textContent`); got != "paused" {
		t.Errorf("the page says %q, want paused", got)
	}
}

// A control the page draws anew several times in a row (rerender-burst:
// eight redraws 40 ms apart, started by the act's own scroll) is reached
// once the page is quiet: the fresh snapshot the act is planned again on
// waits for the page to settle. Without the wait, the control it
// resolved was replaced again before the click (Syncthing's folder
// heading in `make test`: ACTION_NOT_FOUND "the element is gone").
func TestActReachesAControlRenderedAgainAndAgain(t *testing.T) {
	t.Parallel()
	mux := http.NewServeMux()
	mux.Handle("/", http.FileServer(http.Dir("testdata/infer")))
	rt, tab := openURL(t, testbrowser.Serve(t, mux)+"/rerender-burst.html")
	res, err := rt.Act(t.Context(), page.ActRequest{Action: "pause_photos"})
	if err != nil {
		t.Fatalf("pause_photos, drawn anew eight times by the act's scroll: %v", err)
	}
	if !res.Receipt.OK {
		t.Errorf("receipt %+v", res.Receipt)
	}
	if got := evalString(t, tab, `document.getElementById("log").textContent`); got != "paused" {
		t.Errorf("the page says %q, want paused", got)
	}
}

// A submit the browser's own form validation refuses sends nothing, and
// the browser says why in a bubble outside the page (DokuWiki's user
// manager: Add with an empty "Once again" answered "no visible change").
// The receipt reports each refused field with the browser's message, a
// secret one without a word of its value.
func TestActReportsTheBrowsersValidation(t *testing.T) {
	t.Parallel()
	mux := http.NewServeMux()
	mux.Handle("/", http.FileServer(http.Dir("testdata/infer")))
	rt, _ := openURL(t, testbrowser.Serve(t, mux)+"/required.html")
	ctx := t.Context()
	if _, err := rt.Act(ctx, page.ActRequest{Action: "user", Args: map[string]any{"text": "jdoe"}}); err != nil {
		t.Fatal(err)
	}
	if _, err := rt.Act(ctx, page.ActRequest{Action: "email", Args: map[string]any{"text": "jane"}}); err != nil {
		t.Fatal(err)
	}
	res, err := rt.Act(ctx, page.ActRequest{Action: "add"})
	if err != nil {
		t.Fatal(err)
	}
	got := strings.Join(res.Receipt.Changed.Feedback, "\n")
	for _, want := range []string{"error: Please fill out this field.", "error: Please include an '@'"} {
		if !strings.Contains(got, want) {
			t.Errorf("the receipt's feedback does not say %q:\n%s", want, got)
		}
	}
	fields := map[string]string{}
	for _, f := range res.Observation.Feedback {
		fields[f.Field] = f.Message
	}
	if m := fields["Once again:"]; m != "Please fill out this field." {
		t.Errorf("Once again: %q, want the browser's message (feedback %+v)", m, res.Observation.Feedback)
	}
	if m := fields["Email:"]; !strings.Contains(m, "'@'") {
		t.Errorf("Email: %q, want the browser's message (feedback %+v)", m, res.Observation.Feedback)
	}
	if strings.HasPrefix(res.Receipt.Warning, "EXPECTATION_FAILED") {
		t.Errorf("the refused submit is reported as no change: %s", res.Receipt.Warning)
	}
}
