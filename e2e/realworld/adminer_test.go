package realworld

import (
	"context"
	"fmt"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"
)

// adminerRoot is Debian's adminer package: one PHP application over the
// database server a person signs in to.
const adminerRoot = "/usr/share/adminer"

// adminerKnownFailing lists the Adminer tasks that fail today because of
// Pling, each with its reason; the test fails when one of them passes.
var adminerKnownFailing = map[string]string{}

// adminerTasks are the database tasks of a person who keeps a small shop's
// tables in Adminer, each checked in MariaDB itself.
var adminerTasks = []wpTask{
	{"sign_in", "the table list (Adminer keeps the sign-in in PHP's session)", adminerSignIn, wpCheckedInRun},
	{"edit_row", "shop_products.price", adminerEditRow, adminerWant("SELECT price FROM shop_products WHERE name = 'Gadget'", "21.00")},
	{"sql_insert", "shop_products (the new row)", adminerSQLInsert, adminerWant("SELECT CONCAT(price, ' ', stock) FROM shop_products WHERE name = 'Sprocket'", "2.50 7")},
	{"new_item", "shop_products (the new row)", adminerNewItem, adminerWant("SELECT CONCAT(price, ' ', stock) FROM shop_products WHERE name = 'Flange'", "2.75 40")},
	{"filter_rows", "shop_products (the rows shown = the products with stock < 5)", adminerFilterRows, wpCheckedInRun},
	{"sort_descending", "shop_products (the rows shown in the order of ORDER BY price DESC)", adminerSortDescending, wpCheckedInRun},
	{"delete_rows", "shop_products (the two rows gone)", adminerDeleteRows, adminerWant("SELECT COUNT(*) FROM shop_products WHERE name IN ('Doohickey', 'Flange')", "0")},
	{"add_column", "information_schema.columns (shop_products.sku)", adminerAddColumn, adminerWant("SELECT COLUMN_TYPE FROM information_schema.columns WHERE table_schema = 'wordpress' AND table_name = 'shop_products' AND column_name = 'sku'", "varchar(20)")},
	{"change_column", "information_schema.columns (shop_products.name)", adminerChangeColumn, adminerWant("SELECT COLUMN_TYPE FROM information_schema.columns WHERE table_schema = 'wordpress' AND table_name = 'shop_products' AND column_name = 'name'", "varchar(120)")},
	{"add_index", "information_schema.statistics (an index on shop_products.name)", adminerAddIndex, adminerWant("SELECT GROUP_CONCAT(COLUMN_NAME) FROM information_schema.statistics WHERE table_schema = 'wordpress' AND table_name = 'shop_products' AND index_name <> 'PRIMARY'", "name")},
	{"create_table", "information_schema.columns", adminerCreateTable, adminerWant("SELECT COLUMN_NAME FROM information_schema.columns WHERE table_schema = 'wordpress' AND table_name = 'harbour_moorings'", "berth")},
	{"drop_table", "information_schema.tables", adminerDropTable, adminerWant("SELECT COUNT(*) FROM information_schema.tables WHERE table_schema = 'wordpress' AND table_name = 'shop_import'", "0")},
}

// The tables the tasks work on, seeded beside WordPress's in its database.
const adminerSeed = "CREATE TABLE shop_products (id INT PRIMARY KEY AUTO_INCREMENT, name VARCHAR(80) NOT NULL, price DECIMAL(8,2) NOT NULL, stock INT NOT NULL); " +
	"INSERT INTO shop_products (name, price, stock) VALUES ('Widget', 9.99, 10), ('Gadget', 19.50, 3), ('Doohickey', 4.25, 0); " +
	"CREATE TABLE shop_import (line INT); INSERT INTO shop_import VALUES (1), (2);"

// TestAdminer runs Debian's Adminer over the WordPress corpus's own
// MariaDB (its temporary datadir and loopback port) with PHP's built-in
// server, and does a person's table tasks through `pling serve`: sign in,
// edit a row in its form, insert one with an SQL command typed into
// Adminer's own editor, and drop a table, which asks confirm(). Every
// outcome is checked in the database.
func TestAdminer(t *testing.T) {
	t.Parallel() // (each application runs on its own state and ports: doc.go)
	start := time.Now()
	if _, err := os.Stat(filepath.Join(adminerRoot, "adminer.php")); err != nil {
		t.Fatalf("the Adminer corpus needs Debian's adminer package (make wordpress): %v", err)
	}
	ctx, cancel := context.WithTimeout(t.Context(), 6*time.Minute)
	defer cancel()
	a, stop, err := startAdminerSite(ctx, t.TempDir(), t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	defer stop()
	runSuite(ctx, t, start, a, "adminer", adminerTasks, adminerKnownFailing)
}

// startAdminerSite starts the corpus's MariaDB (with the WordPress site
// the database holds), seeds the shop's tables beside WordPress's and
// serves Adminer over it: the site the tasks run on, whose Base is
// Adminer's and whose queries go to that database. stop ends it all.
func startAdminerSite(ctx context.Context, dbDir, phpDir string) (*wpSite, func(), error) {
	return startDBTool(ctx, dbDir, phpDir, func(ctx context.Context, w *wpSite) (string, func(), error) {
		return startAdminer(ctx, phpDir)
	})
}

// startDBTool starts the corpus's MariaDB with the WordPress site the
// database holds, seeds the shop's tables beside WordPress's, and starts a
// database tool over it (serve): the site the tasks run on, whose Base is
// the tool's and whose queries go to that database. stop ends it all.
func startDBTool(ctx context.Context, dbDir, phpDir string, serve func(context.Context, *wpSite) (string, func(), error)) (*wpSite, func(), error) {
	w, err := startWordPress(ctx, dbDir)
	if err != nil {
		return nil, nil, err
	}
	if _, err := w.query(ctx, adminerSeed); err != nil {
		w.stop()
		return nil, nil, err
	}
	base, stopTool, err := serve(ctx, w)
	if err != nil {
		w.stop()
		return nil, nil, err
	}
	site := &wpSite{Base: base, DBPort: w.DBPort, socket: w.socket, phpLog: filepath.Join(phpDir, "php.log")}
	return site, func() { stopTool(); w.stop() }, nil
}

// startAdminer serves Debian's Adminer with PHP's built-in server on a
// free loopback port; stop ends it.
func startAdminer(ctx context.Context, dir string) (base string, stop func(), err error) {
	port, err := freePort()
	if err != nil {
		return "", nil, err
	}
	addr := fmt.Sprintf("127.0.0.1:%d", port)
	cmd := exec.Command(phpBin, "-d", "display_errors=0", "-d", "session.save_path="+dir, "-S", addr, "-t", adminerRoot)
	base = "http://" + addr
	if stop, err = serveProcess(ctx, cmd, filepath.Join(dir, "php.log"), base+"/adminer.php", "php -S for Adminer"); err != nil {
		return "", nil, err
	}
	return base, stop, nil
}

// adminerDB is the database page's address, the one an agent is given
// once signed in.
func adminerDB(w *wpSite) string {
	return "/adminer.php?" + url.Values{"server": {fmt.Sprintf("127.0.0.1:%d", w.DBPort)}, "username": {"wp"}, "db": {"wordpress"}}.Encode()
}

// adminerSignIn: the login form's server, user name, password and
// database, then Login; the table list must show the shop's tables.
func adminerSignIn(ctx context.Context, s *session, w *wpSite) error {
	obs, err := wpOpen(ctx, s, w, "/adminer.php")
	if err != nil {
		return err
	}
	obs, err = wpTypeFields(ctx, s, obs, []wpField{
		{`(?i)^server`, fmt.Sprintf("127.0.0.1:%d", w.DBPort)},
		{`(?i)^user ?name`, "wp"},
		{`(?i)^password`, "wp-secret"},
		{`(?i)^database`, "wordpress"},
	})
	if err != nil {
		return err
	}
	r, err := wpPress(ctx, s, obs, `(?i)^login`)
	if err != nil {
		return err
	}
	if !r.Body.Result.Changed.Navigated {
		return fmt.Errorf("login: the receipt does not say navigated: %s", firstLine(r.Text))
	}
	_, err = wpFind(ctx, s, r.Body.Observation, "shop_products")
	return err
}

// adminerSelectData opens the database page and runs Select data on the
// row of table, as a person opens a table's rows.
func adminerSelectData(ctx context.Context, s *session, w *wpSite, table string) (result, error) {
	obs, err := wpOpen(ctx, s, w, adminerDB(w))
	if err != nil {
		return result{}, err
	}
	rec, err := wpFind(ctx, s, obs, table)
	if err != nil {
		return result{}, err
	}
	sel, err := wpPick(ctx, s, obs, "", `(?i)select.data`, true)
	if err != nil {
		return result{}, err
	}
	return wpAct(ctx, s, sel, rec.ID, nil)
}

// adminerEditRow: the shop_products table's data, the Gadget row's edit
// form, its price, Save.
func adminerEditRow(ctx context.Context, s *session, w *wpSite) error {
	r, err := adminerSelectData(ctx, s, w, "shop_products")
	if err != nil {
		return err
	}
	rec, err := wpFind(ctx, s, r.Body.Observation, "Gadget")
	if err != nil {
		return err
	}
	edit, err := wpPick(ctx, s, r.Body.Observation, "", `(?i)^edit`, true)
	if err != nil {
		return err
	}
	if r, err = wpAct(ctx, s, edit, rec.ID, nil); err != nil {
		return err
	}
	price, err := wpPick(ctx, s, r.Body.Observation, "type", `(?i)price`, false)
	if err != nil {
		return err
	}
	if r, err = wpAct(ctx, s, price, "", map[string]any{"text": "21.00"}); err != nil {
		return err
	}
	if r, err = wpPress(ctx, s, r.Body.Observation, `(?i)^save( |$)`); err != nil {
		return err
	}
	return wantFeedback(r, `(?i)item has been updated`)
}

// adminerSQLInsert: the SQL command page from the database page's links,
// an INSERT typed into Adminer's editor (a contenteditable <pre>), Execute;
// Adminer's "Query executed OK" must be reported as feedback.
func adminerSQLInsert(ctx context.Context, s *session, w *wpSite) error {
	obs, err := wpOpen(ctx, s, w, adminerDB(w))
	if err != nil {
		return err
	}
	link, args, err := pickLink(ctx, s, obs, `(?i)^"sql command"$`)
	if err != nil {
		return err
	}
	r, err := wpAct(ctx, s, link, "", args)
	if err != nil {
		return err
	}
	editor, err := wpPick(ctx, s, r.Body.Observation, "type", `(?i)sql|command|query`, false)
	if err != nil {
		return err
	}
	q := "INSERT INTO shop_products (name, price, stock) VALUES ('Sprocket', 2.50, 7);"
	if r, err = wpAct(ctx, s, editor, "", map[string]any{"text": q}); err != nil {
		return err
	}
	if r, err = wpPress(ctx, s, r.Body.Observation, `(?i)^execute`); err != nil {
		return err
	}
	return wantFeedback(r, `(?i)query executed ok, 1 row affected`)
}

// adminerDropTable: the shop_import row's checkbox on the database page,
// then Drop; Adminer asks confirm("Are you sure?"), which Pling dismisses
// and reports; the agent acts again with confirm: true.
func adminerDropTable(ctx context.Context, s *session, w *wpSite) error {
	obs, err := wpOpen(ctx, s, w, adminerDB(w))
	if err != nil {
		return err
	}
	rec, err := wpFind(ctx, s, obs, "shop_import")
	if err != nil {
		return err
	}
	check, err := wpPick(ctx, s, obs, "", `(?i)checkbox|toggle`, true)
	if err != nil {
		return err
	}
	r, err := wpAct(ctx, s, check, rec.ID, nil)
	if err != nil {
		return err
	}
	drop, err := wpPick(ctx, s, r.Body.Observation, "click", `(?i)^drop( |$)`, false)
	if err != nil {
		return err
	}
	if r, err = actConfirmed(ctx, s, drop); err != nil {
		return err
	}
	if !r.Body.Result.Changed.Navigated {
		return fmt.Errorf("drop with confirm: not navigated: %s", firstLine(r.Text))
	}
	return wantFeedback(r, `(?i)tables have been dropped`)
}

// actConfirmed runs a, whose page asks confirm(): the receipt must say
// CONFIRMATION_REQUIRED (the dialog dismissed), and the agent runs it
// again with confirm: true, as the warning tells it; that result must be
// ok.
func actConfirmed(ctx context.Context, s *session, a *action) (result, error) {
	r, err := wpAct(ctx, s, a, "", nil)
	if err != nil {
		return r, err
	}
	if !strings.HasPrefix(r.Body.Result.Warning, "CONFIRMATION_REQUIRED") {
		return r, fmt.Errorf("%s without confirm: warning %q, want CONFIRMATION_REQUIRED", a.Name, r.Body.Result.Warning)
	}
	if r, err = s.call(ctx, "act", map[string]any{"action": a.Name, "confirm": true}); err != nil {
		return r, err
	}
	if r.IsError || r.Body.Result == nil || !r.Body.Result.OK {
		return r, fmt.Errorf("%s with confirm: %s", a.Name, firstLine(r.Text))
	}
	return r, nil
}

// wantFeedback checks that the receipt or the observation after it
// reports a message like re.
func wantFeedback(r result, re string) error {
	rx := regexp.MustCompile(re)
	if res := r.Body.Result; res != nil {
		for _, f := range res.Changed.Feedback {
			if rx.MatchString(f) {
				return nil
			}
		}
	}
	if o := r.Body.Observation; o != nil {
		for _, f := range o.Feedback {
			if rx.MatchString(f.Message) {
				return nil
			}
		}
	}
	return fmt.Errorf("no feedback like %s after the act: %s\nthe result:\n%s", re, firstLine(r.Text), clip(r.Text, 2500))
}

// adminerWant checks the task's outcome in the database.
func adminerWant(sql, want string) func(context.Context, *wpSite) error {
	return func(ctx context.Context, w *wpSite) error { return wpWant(ctx, w, sql, want) }
}

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

// The second set of tasks: a person looking after the shop's table day
// to day (filtering and sorting its rows, deleting some, adding a
// column, widening one, indexing one).

// adminerFilterRows: the table's data, its Search part (a link that
// shows it), a condition on stock (column, operator, value), Select;
// the rows shown must be the products the database says match.
func adminerFilterRows(ctx context.Context, s *session, w *wpSite) error {
	r, err := adminerSelectData(ctx, s, w, "shop_products")
	if err != nil {
		return err
	}
	link, args, err := pickLink(ctx, s, r.Body.Observation, `(?i)^"search"$`)
	if err != nil {
		return err
	}
	if r, err = wpAct(ctx, s, link, "", args); err != nil {
		return err
	}
	// the Search fieldset's column and operator selects, told apart by
	// their options as a person reads them, then its value box (the
	// fieldset's third field: its legend's name)
	obs := r.Body.Observation
	var stem string
	for _, f := range []struct{ option, value string }{{"stock", "stock"}, {"<", "<"}} {
		a, err := pickWhere(ctx, s, obs, func(a *action) bool {
			return a.Kind == "select" && !a.RecordParam && has(a.options(), f.option)
		}, "a select offering "+f.option)
		if err != nil {
			return err
		}
		if stem == "" {
			stem = strings.TrimRight(strings.TrimRight(a.Name, "0123456789"), "_")
		}
		if r, err = wpAct(ctx, s, a, "", map[string]any{"value": f.value}); err != nil {
			return err
		}
		obs = r.Body.Observation
	}
	if obs, err = wpTypeFields(ctx, s, obs, []wpField{{`(?i)^` + regexp.QuoteMeta(stem) + `(_\d+)?( |$)`, "5"}}); err != nil {
		return err
	}
	if r, err = wpPress(ctx, s, obs, `(?i)press "select"$`); err != nil {
		return err
	}
	return rowsAre(ctx, w, r.Body.Observation, "name", "SELECT name FROM shop_products WHERE stock < 5", false)
}

// adminerSortDescending: the table's data sorted by price, most
// expensive first: the price header's ↓ ("descending") link, which
// Adminer shows when the header is hovered.
func adminerSortDescending(ctx context.Context, s *session, w *wpSite) error {
	r, err := adminerSelectData(ctx, s, w, "shop_products")
	if err != nil {
		return err
	}
	link, args, err := pickLink(ctx, s, r.Body.Observation, `(?i)(descending|↓) price`)
	if err != nil {
		return err
	}
	if r, err = wpAct(ctx, s, link, "", args); err != nil {
		return err
	}
	return rowsAre(ctx, w, r.Body.Observation, "name", "SELECT name FROM shop_products ORDER BY price DESC", true)
}

// adminerDeleteRows: the table's data, two rows' check boxes, Delete;
// Adminer asks confirm("Are you sure?"), accepted with confirm: true.
func adminerDeleteRows(ctx context.Context, s *session, w *wpSite) error {
	r, err := adminerSelectData(ctx, s, w, "shop_products")
	if err != nil {
		return err
	}
	obs := r.Body.Observation
	for _, name := range []string{"Doohickey", "Flange"} {
		rec, err := wpFind(ctx, s, obs, name)
		if err != nil {
			return err
		}
		check, err := wpPick(ctx, s, obs, "click", `(?i)checkbox`, true)
		if err != nil {
			return err
		}
		if r, err = wpAct(ctx, s, check, rec.ID, nil); err != nil {
			return err
		}
		obs = r.Body.Observation
	}
	del, err := wpPick(ctx, s, obs, "click", `(?i)^delete( |$)`, false)
	if err != nil {
		return err
	}
	if r, err = actConfirmed(ctx, s, del); err != nil {
		return err
	}
	if err := wantFeedback(r, `(?i)2 items have been affected`); err != nil {
		return err
	}
	return wantNoError(r)
}

// adminerAlterTable opens the database page and runs what on the row of
// table (Alter table, Alter indexes).
func adminerAlterTable(ctx context.Context, s *session, w *wpSite, table, what string) (result, error) {
	obs, err := wpOpen(ctx, s, w, adminerDB(w))
	if err != nil {
		return result{}, err
	}
	rec, err := wpFind(ctx, s, obs, table)
	if err != nil {
		return result{}, err
	}
	a, err := wpPick(ctx, s, obs, "", what, true)
	if err != nil {
		return result{}, err
	}
	return wpAct(ctx, s, a, rec.ID, nil)
}

// adminerAddColumn: the table's Alter table, the last column's "Add
// next" (an icon, +, named by its title), the new row's name, type and
// length, Save.
func adminerAddColumn(ctx context.Context, s *session, w *wpSite) error {
	r, err := adminerAlterTable(ctx, s, w, "shop_products", `(?i)^alter.table`)
	if err != nil {
		return err
	}
	obs := r.Body.Observation
	if len(obs.Records.Shown) == 0 {
		return fmt.Errorf("no column rows (actions: %s)", actionList(obs))
	}
	last := obs.Records.Shown[len(obs.Records.Shown)-1].ID
	add, err := wpPick(ctx, s, obs, "click", `(?i)add.next`, true)
	if err != nil {
		return err
	}
	if r, err = wpAct(ctx, s, add, last, nil); err != nil {
		return err
	}
	added := r.Body.Result.Changed.Records.Added
	if len(added) != 1 {
		return fmt.Errorf("Add next: the receipt names %d new rows, want 1: %s", len(added), firstLine(r.Text))
	}
	obs = r.Body.Observation
	for _, f := range []struct {
		kind, re string
		args     map[string]any
	}{
		{"type", `(?i)^column.name`, map[string]any{"text": "sku"}},
		{"select", `(?i)^type`, map[string]any{"value": "varchar"}},
		{"type", `(?i)^length`, map[string]any{"text": "20"}},
	} {
		a, err := wpPick(ctx, s, obs, f.kind, f.re, true)
		if err != nil {
			return err
		}
		if r, err = wpAct(ctx, s, a, added[0], f.args); err != nil {
			return err
		}
		obs = r.Body.Observation
	}
	return adminerSaved(ctx, s, obs, `(?i)table has been altered`)
}

// adminerSaved presses the form's Save; Adminer must report what it
// did (like re) and no error beside it.
func adminerSaved(ctx context.Context, s *session, obs *observation, re string) error {
	r, err := wpPress(ctx, s, obs, `(?i)^save( |$)`)
	if err != nil {
		return err
	}
	if err := wantFeedback(r, re); err != nil {
		return err
	}
	return wantNoError(r)
}

// adminerChangeColumn: the table's Alter table, the row of the column
// "name", its length 80 → 120, Save.
func adminerChangeColumn(ctx context.Context, s *session, w *wpSite) error {
	r, err := adminerAlterTable(ctx, s, w, "shop_products", `(?i)^alter.table`)
	if err != nil {
		return err
	}
	rec, err := wpFind(ctx, s, r.Body.Observation, "name")
	if err != nil {
		return fmt.Errorf("the row of the column name: %w", err)
	}
	length, err := wpPick(ctx, s, r.Body.Observation, "type", `(?i)^length`, true)
	if err != nil {
		return err
	}
	if r, err = wpAct(ctx, s, length, rec.ID, map[string]any{"text": "120"}); err != nil {
		return err
	}
	return adminerSaved(ctx, s, r.Body.Observation, `(?i)table has been altered`)
}

// adminerAddIndex: the table's Alter indexes, whose last row is an
// empty one: its type INDEX and its column name, Save.
func adminerAddIndex(ctx context.Context, s *session, w *wpSite) error {
	r, err := adminerAlterTable(ctx, s, w, "shop_products", `(?i)^alter.indexes`)
	if err != nil {
		return err
	}
	obs := r.Body.Observation
	if len(obs.Records.Shown) == 0 {
		return fmt.Errorf("no index rows (actions: %s)", actionList(obs))
	}
	last := obs.Records.Shown[len(obs.Records.Shown)-1].ID
	for _, f := range []struct{ re, value string }{{`(?i)^index.type`, "INDEX"}, {`(?i)^column`, "name"}} {
		a, err := wpPick(ctx, s, obs, "select", f.re, true)
		if err != nil {
			return err
		}
		if r, err = wpAct(ctx, s, a, last, map[string]any{"value": f.value}); err != nil {
			return err
		}
		obs = r.Body.Observation
	}
	return adminerSaved(ctx, s, obs, `(?i)indexes have been altered`)
}

// rowsAre checks the records obs shows against the database: their
// field col, in the observation's order, must be the values query
// selects (in its order when ordered, else as a set).
func rowsAre(ctx context.Context, w *wpSite, obs *observation, col, query string, ordered bool) error {
	var got []string
	for _, rec := range obs.Records.Shown {
		if v, ok := rec.Fields[col]; ok {
			got = append(got, v)
		}
	}
	out, err := w.query(ctx, query)
	if err != nil {
		return err
	}
	want := strings.Fields(out)
	if len(want) == 0 {
		return fmt.Errorf("the database has no such row (%s)", query)
	}
	g, wt := slices.Clone(got), slices.Clone(want)
	if !ordered {
		slices.Sort(g)
		slices.Sort(wt)
	}
	if !slices.Equal(g, wt) {
		return fmt.Errorf("rows shown %q (%d records), the database has %q", got, obs.Records.Total, want)
	}
	return nil
}

// wantNoError checks that an act that did what it should reports no
// error: not in its receipt, nor in the observation after it (an agent
// reading "error:" after a success would doubt it and try again).
func wantNoError(r result) error {
	if res := r.Body.Result; res != nil {
		for _, f := range res.Changed.Feedback {
			if strings.HasPrefix(f, "error:") {
				return fmt.Errorf("a success reported with an error beside it: %q", f)
			}
		}
	}
	if o := r.Body.Observation; o != nil {
		for _, f := range o.Feedback {
			if f.Kind == "error" {
				return fmt.Errorf("a success reported with an error beside it: %q", f.Message)
			}
		}
	}
	return nil
}
