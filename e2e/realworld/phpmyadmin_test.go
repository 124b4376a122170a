package realworld

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"
)

// pmaRoot is Debian's phpmyadmin package: the database tool most shared
// hosts give their users, over the same MariaDB as Adminer's tasks.
const pmaRoot = "/usr/share/phpmyadmin"

// pmaKnownFailing lists the phpMyAdmin tasks that fail today because of
// Pling, each with its reason; the test fails when one of them passes.
var pmaKnownFailing = map[string]string{}

// pmaTasks are a person's table tasks in phpMyAdmin, each checked in
// MariaDB itself. They run in one browser session: the first signs in.
var pmaTasks = []wpTask{
	{"sign_in", "the databases in the navigation (phpMyAdmin keeps the sign-in in a cookie)", pmaSignIn, wpCheckedInRun},
	{"sql_update", "shop_products.stock", pmaSQLUpdate, adminerWant("SELECT stock FROM shop_products WHERE name = 'Widget'", "12")},
	{"insert_row", "shop_products (the new row)", pmaInsertRow, adminerWant("SELECT CONCAT(price, ' ', stock) FROM shop_products WHERE name = 'Sprocket'", "2.50 7")},
	{"delete_row", "shop_products (the row gone)", pmaDeleteRow, adminerWant("SELECT COUNT(*) FROM shop_products WHERE name = 'Gadget'", "0")},
	{"create_table", "information_schema.columns (harbour_tides.port)", pmaCreateTable, adminerWant("SELECT COLUMN_TYPE FROM information_schema.columns WHERE table_schema = 'wordpress' AND table_name = 'harbour_tides' AND column_name = 'port'", "varchar(40)")},
	{"rename_table", "information_schema.tables (harbour_tide_tables)", pmaRenameTable, adminerWant("SELECT COUNT(*) FROM information_schema.tables WHERE table_schema = 'wordpress' AND table_name = 'harbour_tide_tables'", "1")},
	{"search_rows", "shop_products (the rows shown = the products with stock < 10)", pmaSearchRows, wpCheckedInRun},
	{"grid_edit", "shop_products.price", pmaGridEdit, adminerWant("SELECT price FROM shop_products WHERE name = 'Widget'", "11.50")},
	{"sort_column", "shop_products (the rows shown in the order of ORDER BY price DESC)", pmaSortColumn, wpCheckedInRun},
	{"add_column", "information_schema.columns (shop_products.sku)", pmaAddColumn, adminerWant("SELECT COLUMN_TYPE FROM information_schema.columns WHERE table_schema = 'wordpress' AND table_name = 'shop_products' AND column_name = 'sku'", "varchar(20)")},
	{"sql_autocomplete", "shop_products.stock", pmaSQLAutocomplete, adminerWant("SELECT stock FROM shop_products WHERE name = 'Doohickey'", "5")},
	{"empty_table", "shop_import (no rows left)", pmaEmptyTable, adminerWant("SELECT COUNT(*) FROM shop_import", "0")},
	{"drop_table", "information_schema.tables", pmaDropTable, adminerWant("SELECT COUNT(*) FROM information_schema.tables WHERE table_schema = 'wordpress' AND table_name = 'shop_import'", "0")},
}

// TestPhpMyAdmin runs Debian's phpMyAdmin over the WordPress corpus's own
// MariaDB (its temporary datadir and loopback port) with PHP's built-in
// server, and does a person's table tasks through `pling serve`: sign in,
// an UPDATE typed into its SQL editor (CodeMirror 5), a row added in its
// insert form (a table whose rows are the columns), a row deleted and a
// table dropped from their lists, each through phpMyAdmin's own
// confirmation dialog (jQuery UI, no ARIA role of its own). Every outcome
// is checked in the database.
func TestPhpMyAdmin(t *testing.T) {
	t.Parallel() // (each application runs on its own state and ports: doc.go)
	start := time.Now()
	if _, err := os.Stat(filepath.Join(pmaRoot, "index.php")); err != nil {
		t.Fatalf("the phpMyAdmin corpus needs Debian's phpmyadmin package (make wordpress): %v", err)
	}
	ctx, cancel := context.WithTimeout(t.Context(), 6*time.Minute)
	defer cancel()
	site, stop, err := startPhpMyAdminSite(ctx, t.TempDir(), t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	defer stop()
	runSuite(ctx, t, start, site, "phpmyadmin", pmaTasks, pmaKnownFailing)
}

// The screens the tasks start from: the addresses a person bookmarks.
const (
	pmaStructure = "/index.php?route=/database/structure&db=wordpress"
	pmaSQL       = "/index.php?route=/database/sql&db=wordpress"
	pmaInsert    = "/index.php?route=/table/change&db=wordpress&table=shop_products"
	pmaSearch    = "/index.php?route=/table/search&db=wordpress&table=shop_products"
	pmaProducts  = "/index.php?route=/table/structure&db=wordpress&table=shop_products"
)

// pmaSignIn: the login form's user name and password, then Log in; the
// home screen must offer the wordpress database.
func pmaSignIn(ctx context.Context, s *session, w *wpSite) error {
	obs, err := wpOpen(ctx, s, w, "/index.php")
	if err != nil {
		return err
	}
	if obs, err = wpTypeFields(ctx, s, obs, []wpField{{`(?i)^user ?name`, "wp"}, {`(?i)^password`, "wp-secret"}}); err != nil {
		return err
	}
	r, err := wpPress(ctx, s, obs, `(?i)^log_?in`)
	if err != nil {
		return err
	}
	if !r.Body.Result.Changed.Navigated {
		return fmt.Errorf("log in: the receipt does not say navigated: %s", firstLine(r.Text))
	}
	_, _, err = pickLink(ctx, s, r.Body.Observation, `^"wordpress"$`)
	return err
}

// pmaSQLUpdate: the database's SQL screen, an UPDATE typed into its
// editor, Go; phpMyAdmin's "1 row affected." must be reported.
func pmaSQLUpdate(ctx context.Context, s *session, w *wpSite) error {
	obs, err := wpOpen(ctx, s, w, pmaSQL)
	if err != nil {
		return err
	}
	editor, err := wpPick(ctx, s, obs, "type", `(?i)sql|query`, false)
	if err != nil {
		return err
	}
	r, err := wpAct(ctx, s, editor, "", map[string]any{"text": "UPDATE shop_products SET stock = 12 WHERE name = 'Widget';"})
	if err != nil {
		return err
	}
	if r, err = wpPress(ctx, s, r.Body.Observation, `(?i)^go( |$)`); err != nil {
		return err
	}
	return wantFeedback(r, `(?i)1 row affected`)
}

// pmaInsertRow: the table's insert screen, whose rows are the table's
// columns (name, type, function, value); each value typed on the row of
// its column, then Go.
func pmaInsertRow(ctx context.Context, s *session, w *wpSite) error {
	obs, err := wpOpen(ctx, s, w, pmaInsert)
	if err != nil {
		return err
	}
	for _, f := range []struct{ column, text string }{{"name", "Sprocket"}, {"price", "2.50"}, {"stock", "7"}} {
		rec, err := wpFind(ctx, s, obs, f.column)
		if err != nil {
			return err
		}
		value, err := pickWhere(ctx, s, obs, func(a *action) bool {
			return a.Kind == "type" && a.RecordParam && regexp.MustCompile(`(?i)^value`).MatchString(a.Name) && slices.Contains(a.SampleIDs, rec.ID)
		}, "a value field on the row of "+f.column)
		if err != nil {
			return err
		}
		r, err := wpAct(ctx, s, value, rec.ID, map[string]any{"text": f.text})
		if err != nil {
			return err
		}
		obs = r.Body.Observation
	}
	r, err := pmaPress(ctx, s, obs, `(?i)^go( |$)`)
	if err != nil {
		return err
	}
	return wantFeedback(r, `(?i)1 row inserted`)
}

// pmaCreateTable: the database's "Create new table" form (a name, one
// column), Create; then the new table's column form (a table whose rows
// are the columns): the column's name, type and length, Save.
func pmaCreateTable(ctx context.Context, s *session, w *wpSite) error {
	obs, err := wpOpen(ctx, s, w, pmaStructure)
	if err != nil {
		return err
	}
	if obs, err = wpTypeFields(ctx, s, obs, []wpField{{`(?i)^table_name`, "harbour_tides"}, {`(?i)^number_of_columns`, "1"}}); err != nil {
		return err
	}
	r, err := pmaPress(ctx, s, obs, `(?i)^create( |$)`)
	if err != nil {
		return err
	}
	obs = r.Body.Observation
	for _, f := range []struct{ re, text string }{{`(?i)^(name|column)`, "port"}, {`(?i)^length`, "40"}} {
		a, err := pickWhere(ctx, s, obs, func(a *action) bool {
			return a.Kind == "type" && regexp.MustCompile(f.re).MatchString(a.Name)
		}, "a field like "+f.re)
		if err != nil {
			return err
		}
		rec := ""
		if a.RecordParam {
			rec = a.SampleIDs[0]
		}
		if r, err = wpAct(ctx, s, a, rec, map[string]any{"text": f.text}); err != nil {
			return err
		}
		obs = r.Body.Observation
	}
	typ, err := pickWhere(ctx, s, obs, func(a *action) bool {
		return a.Kind == "select" && regexp.MustCompile(`(?i)^type`).MatchString(a.Name)
	}, "the column's type")
	if err != nil {
		return err
	}
	rec := ""
	if typ.RecordParam {
		rec = typ.SampleIDs[0]
	}
	if r, err = wpAct(ctx, s, typ, rec, map[string]any{"value": "VARCHAR"}); err != nil {
		return err
	}
	r, err = pmaPress(ctx, s, r.Body.Observation, `(?i)^save( |$)`)
	if err != nil {
		return err
	}
	// (phpMyAdmin opens the new table's structure: its state names it)
	if got := fmt.Sprint(r.Body.Observation.State["Table"]); got != "harbour_tides" {
		return fmt.Errorf("after Save the page is not the new table's (state Table %q): %s", got, firstLine(r.Text))
	}
	return nil
}

// pmaPress runs the first action like re that takes no argument: a
// page's button, or a one-row action on its only row (a form laid out in
// a table keeps its buttons in the last row).
func pmaPress(ctx context.Context, s *session, obs *observation, re string) (result, error) {
	rx := regexp.MustCompile(re)
	a, err := pickWhere(ctx, s, obs, func(a *action) bool {
		return a.Kind == "click" && rx.MatchString(a.Name) && (!a.RecordParam || len(a.SampleIDs) == 1)
	}, "a button like "+re)
	if err != nil {
		return result{}, err
	}
	rec := ""
	if a.RecordParam {
		rec = a.SampleIDs[0]
	}
	return wpAct(ctx, s, a, rec, nil)
}

// pmaConfirm answers phpMyAdmin's confirmation dialog with OK: the act
// before it must report the dialog (a region of kind dialog) and offer
// its OK.
func pmaConfirm(ctx context.Context, s *session, r result) (result, error) {
	if !strings.Contains(r.Text, ": dialog") {
		return r, fmt.Errorf("no dialog reported after the act: %s", firstLine(r.Text))
	}
	ok, err := wpPick(ctx, s, r.Body.Observation, "click", `(?i)^ok( |$)`, false)
	if err != nil {
		return r, err
	}
	return wpAct(ctx, s, ok, "", nil)
}

// pmaDeleteRow: the database's table list, Browse on shop_products, Delete
// on the Gadget row, OK in the dialog; "1 row deleted." must be reported.
func pmaDeleteRow(ctx context.Context, s *session, w *wpSite) error {
	obs, err := wpOpen(ctx, s, w, pmaStructure)
	if err != nil {
		return err
	}
	rec, err := wpFind(ctx, s, obs, "shop_products")
	if err != nil {
		return err
	}
	browse, err := wpPick(ctx, s, obs, "", `(?i)^browse`, true)
	if err != nil {
		return err
	}
	r, err := wpAct(ctx, s, browse, rec.ID, nil)
	if err != nil {
		return err
	}
	if rec, err = wpFind(ctx, s, r.Body.Observation, "Gadget"); err != nil {
		return err
	}
	del, err := wpPick(ctx, s, r.Body.Observation, "", `(?i)^delete`, true)
	if err != nil {
		return err
	}
	if r, err = wpAct(ctx, s, del, rec.ID, nil); err != nil {
		return err
	}
	if r, err = pmaConfirm(ctx, s, r); err != nil {
		return err
	}
	return wantFeedback(r, `(?i)1 row deleted`)
}

// pmaDropTable: the database's table list, Drop on shop_import, OK in the
// dialog.
func pmaDropTable(ctx context.Context, s *session, w *wpSite) error {
	obs, err := wpOpen(ctx, s, w, pmaStructure)
	if err != nil {
		return err
	}
	rec, err := wpFind(ctx, s, obs, "shop_import")
	if err != nil {
		return err
	}
	drop, err := wpPick(ctx, s, obs, "", `(?i)^drop`, true)
	if err != nil {
		return err
	}
	r, err := wpAct(ctx, s, drop, rec.ID, nil)
	if err != nil {
		return err
	}
	if r, err = pmaConfirm(ctx, s, r); err != nil {
		return err
	}
	return wantFeedback(r, `(?i)has been dropped|empty result set`)
}

// startPhpMyAdminSite starts the corpus's MariaDB (with the WordPress site
// the database holds), seeds the shop's tables beside WordPress's and
// serves phpMyAdmin over it. stop ends it all.
func startPhpMyAdminSite(ctx context.Context, dbDir, phpDir string) (*wpSite, func(), error) {
	return startDBTool(ctx, dbDir, phpDir, func(ctx context.Context, w *wpSite) (string, func(), error) {
		return startPhpMyAdmin(ctx, phpDir, w.DBPort)
	})
}

// startPhpMyAdmin serves Debian's phpMyAdmin from dir without touching
// /etc: Debian's build reads its settings from /etc/phpmyadmin, named in
// libraries/vendor_config.php under phpMyAdmin's ROOT_PATH. dir is made a
// ROOT_PATH of its own: links to the package's files, a libraries folder
// of links whose vendor_config.php is the test's (its settings, its
// temporary and cache folders in dir), and a router for PHP's built-in
// server that defines ROOT_PATH before phpMyAdmin's index.php runs.
func startPhpMyAdmin(ctx context.Context, dir string, dbPort int) (base string, stop func(), err error) {
	root := filepath.Join(dir, "root")
	for _, d := range []string{root, filepath.Join(root, "libraries"), filepath.Join(dir, "tmp"), filepath.Join(dir, "cache"), filepath.Join(dir, "sessions")} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			return "", nil, err
		}
	}
	link := func(from, to string) error {
		entries, err := os.ReadDir(from)
		if err != nil {
			return err
		}
		for _, e := range entries {
			if e.Name() == "libraries" || e.Name() == "vendor_config.php" || e.Name() == "cache" {
				continue
			}
			if err := os.Symlink(filepath.Join(from, e.Name()), filepath.Join(to, e.Name())); err != nil {
				return err
			}
		}
		return nil
	}
	if err := link(pmaRoot, root); err != nil {
		return "", nil, err
	}
	if err := link(filepath.Join(pmaRoot, "libraries"), filepath.Join(root, "libraries")); err != nil {
		return "", nil, err
	}
	conf := filepath.Join(dir, "config.inc.php")
	vendor := "<?php\ndeclare(strict_types=1);\nif (! defined('PHPMYADMIN')) { exit; }\nreturn [\n" +
		"'autoloadFile' => " + phpQuote(pmaRoot+"/autoload.php") + ",\n" +
		"'tempDir' => " + phpQuote(filepath.Join(dir, "tmp")+"/") + ",\n" +
		"'changeLogFile' => '/usr/share/doc/phpmyadmin/changelog.gz',\n" +
		"'licenseFile' => '/usr/share/doc/phpmyadmin/copyright',\n" +
		"'sqlDir' => " + phpQuote(pmaRoot+"/sql/") + ",\n" +
		"'configFile' => " + phpQuote(conf) + ",\n" +
		"'customHeaderFile' => ROOT_PATH . 'config.header.inc.php',\n" +
		"'customFooterFile' => ROOT_PATH . 'config.footer.inc.php',\n" +
		"'versionCheckDefault' => false,\n" +
		"'localePath' => " + phpQuote(pmaRoot+"/locale/") + ",\n" +
		"'cacheDir' => " + phpQuote(filepath.Join(dir, "cache")+"/") + ",\n" +
		"'versionSuffix' => '',\n];\n"
	settings := "<?php\n$cfg['blowfish_secret'] = 'pling-realworld-0123456789abcdef';\n$cfg['PmaNoRelation_DisableWarning'] = true;\n" +
		"$cfg['Servers'][1]['auth_type'] = 'cookie';\n" +
		"$cfg['Servers'][1]['host'] = '127.0.0.1';\n" +
		"$cfg['Servers'][1]['connect_type'] = 'tcp';\n" +
		fmt.Sprintf("$cfg['Servers'][1]['port'] = '%d';\n", dbPort) +
		"$cfg['Servers'][1]['AllowNoPassword'] = false;\n" +
		"$cfg['TempDir'] = " + phpQuote(filepath.Join(dir, "tmp")) + ";\n" +
		"$cfg['VersionCheck'] = false;\n$cfg['SendErrorReports'] = 'never';\n" +
		"$cfg['ShowGitRevision'] = false;\n"
	router := "<?php\n$path = parse_url($_SERVER['REQUEST_URI'], PHP_URL_PATH);\n" +
		"if ($path !== '/' && $path !== '/index.php' && is_file(__DIR__ . '/root' . $path)) { return false; }\n" +
		"define('ROOT_PATH', " + phpQuote(root+"/") + ");\nchdir(ROOT_PATH);\nrequire " + phpQuote(pmaRoot+"/index.php") + ";\n"
	for path, text := range map[string]string{
		filepath.Join(root, "libraries", "vendor_config.php"): vendor,
		conf:                             settings,
		filepath.Join(dir, "router.php"): router,
	} {
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			return "", nil, err
		}
	}
	port, err := freePort()
	if err != nil {
		return "", nil, err
	}
	addr := fmt.Sprintf("127.0.0.1:%d", port)
	cmd := exec.Command(phpBin, "-d", "display_errors=0", "-d", "session.save_path="+filepath.Join(dir, "sessions"),
		"-S", addr, "-t", root, filepath.Join(dir, "router.php"))
	cmd.Dir = root
	base = "http://" + addr
	if stop, err = serveProcess(ctx, cmd, filepath.Join(dir, "php.log"), base+"/index.php", "php -S for phpMyAdmin"); err != nil {
		return "", nil, err
	}
	return base, stop, nil
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

// The second set of tasks: the shop's table looked after day to day in
// phpMyAdmin (searching its rows, a price edited in the grid, the rows
// sorted, a column added, an UPDATE written with the editor's
// completion, a table emptied).

// pmaSearchRows: the table's Search screen, whose rows are the table's
// columns (an operator and a value each): stock < 10, Go; the rows shown
// must be the products the database says match.
func pmaSearchRows(ctx context.Context, s *session, w *wpSite) error {
	obs, err := wpOpen(ctx, s, w, pmaSearch)
	if err != nil {
		return err
	}
	rec, err := wpFind(ctx, s, obs, "stock")
	if err != nil {
		return err
	}
	op, err := wpPick(ctx, s, obs, "select", `(?i)^operator`, true)
	if err != nil {
		return err
	}
	r, err := wpAct(ctx, s, op, rec.ID, map[string]any{"value": "<"})
	if err != nil {
		return err
	}
	value, err := wpPick(ctx, s, r.Body.Observation, "type", `(?i)^value`, true)
	if err != nil {
		return err
	}
	if r, err = wpAct(ctx, s, value, rec.ID, map[string]any{"text": "10"}); err != nil {
		return err
	}
	if r, err = pmaPress(ctx, s, r.Body.Observation, `(?i)^go( |$)`); err != nil {
		return err
	}
	return rowsAre(ctx, w, r.Body.Observation, "name", "SELECT name FROM shop_products WHERE stock < 10", false)
}

// pmaBrowse opens the database's table list and Browse on table.
func pmaBrowse(ctx context.Context, s *session, w *wpSite, table string) (result, error) {
	obs, err := wpOpen(ctx, s, w, pmaStructure)
	if err != nil {
		return result{}, err
	}
	rec, err := wpFind(ctx, s, obs, table)
	if err != nil {
		return result{}, err
	}
	browse, err := wpPick(ctx, s, obs, "", `(?i)^browse`, true)
	if err != nil {
		return result{}, err
	}
	return wpAct(ctx, s, browse, rec.ID, nil)
}

// pmaSortColumn: the table's rows, most expensive first: the price
// column's header (a link that sorts by it, again to turn the order),
// pressed until the prices shown go down.
func pmaSortColumn(ctx context.Context, s *session, w *wpSite) error {
	r, err := pmaBrowse(ctx, s, w, "shop_products")
	if err != nil {
		return err
	}
	for range 2 {
		link, args, err := pickLink(ctx, s, r.Body.Observation, `(?i)^"price\b`)
		if err != nil {
			return err
		}
		if r, err = wpAct(ctx, s, link, "", args); err != nil {
			return err
		}
		if rowsAre(ctx, w, r.Body.Observation, "name", "SELECT name FROM shop_products ORDER BY price DESC", true) == nil {
			return nil
		}
	}
	return rowsAre(ctx, w, r.Body.Observation, "name", "SELECT name FROM shop_products ORDER BY price DESC", true)
}

// pmaAddColumn: the table's Structure, "Add 1 column(s) after stock" and
// its Go, then the new column's form (name, type, length), Save;
// phpMyAdmin's success must be reported, and no error beside it.
func pmaAddColumn(ctx context.Context, s *session, w *wpSite) error {
	obs, err := wpOpen(ctx, s, w, pmaProducts)
	if err != nil {
		return err
	}
	after, err := wpPick(ctx, s, obs, "select", `(?i)column`, false)
	if err != nil {
		return err
	}
	r, err := wpAct(ctx, s, after, "", map[string]any{"value": "after stock"})
	if err != nil {
		return err
	}
	// (the Go of that part of the page: the one after the field acted on)
	if r, err = wpPress(ctx, s, r.Body.Observation, `(?i)^go( |_|$)`); err != nil {
		return err
	}
	if obs, err = wpTypeFields(ctx, s, r.Body.Observation, []wpField{{`(?i)^name`, "sku"}, {`(?i)^length`, "20"}}); err != nil {
		return err
	}
	typ, err := wpPick(ctx, s, obs, "select", `(?i)^type`, false)
	if err != nil {
		return err
	}
	if r, err = wpAct(ctx, s, typ, "", map[string]any{"value": "VARCHAR"}); err != nil {
		return err
	}
	if r, err = pmaPress(ctx, s, r.Body.Observation, `(?i)^save( |$)`); err != nil {
		return err
	}
	if err := wantFeedback(r, `(?i)altered successfully`); err != nil {
		return err
	}
	return wantNoError(r)
}

// pmaGridEdit: the table's rows, the Widget row's price edited where it
// is shown (phpMyAdmin's grid: the cell becomes a field), Enter;
// phpMyAdmin saves it at once.
func pmaGridEdit(ctx context.Context, s *session, w *wpSite) error {
	r, err := pmaBrowse(ctx, s, w, "shop_products")
	if err != nil {
		return err
	}
	rec, err := wpFind(ctx, s, r.Body.Observation, "Widget")
	if err != nil {
		return err
	}
	cell, err := wpPick(ctx, s, r.Body.Observation, "", `(?i)^price`, true)
	if err != nil {
		return err
	}
	edit := map[string]any{"text": "11.50", "submit": true}
	if cell.Kind != "type" {
		// the cell is a control to press first: the field it opens
		if r, err = wpAct(ctx, s, cell, rec.ID, nil); err != nil {
			return err
		}
		field, err := pickWhere(ctx, s, r.Body.Observation, func(a *action) bool {
			return a.Kind == "type" && regexp.MustCompile(`(?i)price|value|edit`).MatchString(a.Name+" "+a.Description)
		}, "the field the price cell opened")
		if err != nil {
			return fmt.Errorf("%w (after %s: %s)", err, cell.Name, firstLine(r.Text))
		}
		row := ""
		if field.RecordParam {
			row = rec.ID
		}
		if r, err = wpAct(ctx, s, field, row, edit); err != nil {
			return err
		}
	} else if r, err = wpAct(ctx, s, cell, rec.ID, edit); err != nil {
		return err
	}
	return wantFeedback(r, `(?i)1 row affected`)
}

// pmaSQLAutocomplete: the database's SQL screen, "UPDATE shop_pr" typed
// into its editor, the table's name chosen among the editor's
// suggestions, the rest of the statement typed after it, Go.
func pmaSQLAutocomplete(ctx context.Context, s *session, w *wpSite) error {
	obs, err := wpOpen(ctx, s, w, pmaSQL)
	if err != nil {
		return err
	}
	editor, err := wpPick(ctx, s, obs, "type", `(?i)sql|query`, false)
	if err != nil {
		return err
	}
	r, err := wpAct(ctx, s, editor, "", map[string]any{"text": "UPDATE shop_pr"})
	if err != nil {
		return err
	}
	hint, err := pickWhere(ctx, s, r.Body.Observation, func(a *action) bool {
		return a.Kind != "type" && regexp.MustCompile(`(?i)shop_products`).MatchString(a.Name+" "+a.Description)
	}, "a suggestion shop_products")
	if err != nil {
		return fmt.Errorf("%w (after typing: %s)", err, firstLine(r.Text))
	}
	if r, err = wpAct(ctx, s, hint, "", nil); err != nil {
		return err
	}
	if r, err = wpAct(ctx, s, editor, "", map[string]any{"text": " SET stock = 5 WHERE name = 'Doohickey';", "append": true}); err != nil {
		return err
	}
	if r, err = wpPress(ctx, s, r.Body.Observation, `(?i)^go( |$)`); err != nil {
		return err
	}
	return wantFeedback(r, `(?i)1 row affected`)
}

// pmaEmptyTable: the table's Operations, "Empty the table (TRUNCATE)"
// (a link), OK in phpMyAdmin's dialog; no error may be reported.
func pmaEmptyTable(ctx context.Context, s *session, w *wpSite) error {
	obs, err := wpOpen(ctx, s, w, "/index.php?route=/table/operations&db=wordpress&table=shop_import")
	if err != nil {
		return err
	}
	link, args, err := pickLink(ctx, s, obs, `(?i)^"empty the table \(truncate\)"$`)
	if err != nil {
		return err
	}
	r, err := wpAct(ctx, s, link, "", args)
	if err != nil {
		return err
	}
	if r, err = pmaConfirm(ctx, s, r); err != nil {
		return err
	}
	if err := wantFeedback(r, `(?i)empty result set|emptied`); err != nil {
		return err
	}
	return wantNoError(r)
}
