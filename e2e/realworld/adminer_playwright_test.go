package realworld

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// adminerPWScripts are adminerTasks' scripts for Playwright MCP's agent
// (the gallery's pwAgent: elements by their accessible name in
// Playwright's snapshot). Adminer's login and edit forms are tables whose
// fields have no accessible name (<th>Username<td><input>), so the agent
// types into the field in the row of its label, as a person reads it;
// its table list's links show the rows' data, so it opens a table by its
// name and then its "Select data".
func adminerPWScripts(w *wpSite) map[string][]step {
	db := adminerDB(w)
	return map[string][]step{
		"sign_in": {{op: opOpen, path: "/adminer.php"},
			{op: opType, record: "Server", text: fmt.Sprintf("127.0.0.1:%d", w.DBPort)},
			{op: opType, record: "Username", text: "wp"},
			{op: opType, record: "Password", text: "wp-secret"},
			{op: opType, record: "Database", text: "wordpress"},
			{op: opPress, target: `(?i)^"login"`}},
		"edit_row": {{op: opOpen, path: db},
			{op: opPress, target: `(?i)^"shop_products"`, role: "link"}, // the row's check box has its name too
			{op: opPress, target: `(?i)^"select data"`},
			{op: opPress, target: `(?i)^"edit"`, record: "Gadget"},
			{op: opType, record: "price", text: "21.00"},
			{op: opPress, target: `(?i)^"save"`}},
		"sql_insert": {{op: opOpen, path: db},
			{op: opPress, target: `(?i)^"sql command"`},
			{op: opType, target: `(?i)sql|command|query`, text: "INSERT INTO shop_products (name, price, stock) VALUES ('Sprocket', 2.50, 7);"},
			{op: opPress, target: `(?i)^"execute"`}},
		"new_item": {{op: opOpen, path: db},
			{op: opPress, target: `(?i)^"shop_products"`, role: "link"},
			{op: opPress, target: `(?i)^"select data"`},
			{op: opPress, target: `(?i)^"new item"`},
			{op: opType, record: "name", text: "Flange"},
			{op: opType, record: "price", text: "2.75"},
			{op: opType, record: "stock", text: "40"},
			{op: opPress, target: `(?i)^"save"`}},
		"filter_rows": {{op: opOpen, path: db},
			{op: opPress, target: `(?i)^"shop_products"`, role: "link"},
			{op: opPress, target: `(?i)^"select data"`},
			{op: opPress, target: `(?i)^"search"$`, role: "link"},
			// (the condition's column and operator selects have no name:
			// the agent takes them by the option they show)
			{op: opChoose, target: `(?i)anywhere`, text: "stock"},
			{op: opChoose, target: `^"="`, text: "<"},
			{op: opType, target: `(?i)search|value`, text: "5"},
			{op: opPress, target: `(?i)^"select"$`, role: "button"}},
		"sort_descending": {{op: opOpen, path: db},
			{op: opPress, target: `(?i)^"shop_products"`, role: "link"},
			{op: opPress, target: `(?i)^"select data"`},
			{op: opPress, target: `(?i)descending|↓`}},
		"delete_rows": {{op: opOpen, path: db},
			{op: opPress, target: `(?i)^"shop_products"`, role: "link"},
			{op: opPress, target: `(?i)^"select data"`},
			{op: opPress, target: `.*`, role: "checkbox", record: "Doohickey"},
			{op: opPress, target: `.*`, role: "checkbox", record: "Flange"},
			{op: opAccept, target: `(?i)^"delete"$`}},
		"add_column": {{op: opOpen, path: db},
			{op: opPress, target: `(?i)^"shop_products"`, role: "link"},
			{op: opPress, target: `(?i)^"alter table"`},
			// ("Add next" is an image button: its alt, "+")
			{op: opPress, target: `^"\+"$`, record: "stock"},
			// The new row's fields have the names of every row's
			// ("Column name", "Type", "Length") and it holds no text:
			// the agent cannot say which to type into (the first
			// "Column name" box is id's), so it stops here and Save
			// leaves the table as it was.
			{op: opPress, target: `(?i)^"save"`}},
		"change_column": {{op: opOpen, path: db},
			{op: opPress, target: `(?i)^"shop_products"`, role: "link"},
			{op: opPress, target: `(?i)^"alter table"`},
			// (the row of the column name: a snapshot shows its boxes'
			// values, but a step types into a row's first text box, the
			// column's name, not its length; the type select shows no
			// value to find the row by)
			{op: opType, target: `(?i)^"length"`, record: "varchar(80)", text: "120"},
			{op: opPress, target: `(?i)^"save"`}},
		"add_index": {{op: opOpen, path: db},
			{op: opPress, target: `(?i)^"shop_products"`, role: "link"},
			{op: opPress, target: `(?i)^"alter indexes"`},
			// (the empty last row's selects: a step chooses in the first
			// select of that name, PRIMARY's, which is all it can say)
			{op: opChoose, target: `(?i)^"index type"`, text: "INDEX"},
			{op: opChoose, target: `(?i)^"column"`, text: "name"},
			{op: opPress, target: `(?i)^"save"`}},
		"create_table": {{op: opOpen, path: db},
			{op: opPress, target: `(?i)^"create table"`},
			{op: opType, record: "Table name", text: "harbour_moorings"},
			// (the grid's column name field: the first unnamed text box
			// under its "Column name" header)
			{op: opType, target: `(?i)column name`, text: "berth"},
			{op: opPress, target: `(?i)^"save"`}},
		"drop_table": {{op: opOpen, path: db},
			{op: opPress, target: `(?i)^"shop_import"`, record: "shop_import"},
			{op: opAccept, target: `(?i)^"drop"`}},
	}
}

// BenchmarkAdminerTasksBesidePlaywright runs TestAdminer's tasks
// through Playwright MCP 0.0.83 against a fresh Adminer over a fresh
// MariaDB, each outcome checked in the database with TestAdminer's
// checks, and prints each task's pass, calls and cl100k tokens; the totals
// are its metrics. Pling's figures are TestAdminer's. docs/REALWORLD.md,
// "Adminer". Run: go test -run '^$' -bench
// BenchmarkAdminerTasksBesidePlaywright -benchtime 1x -v ./e2e/realworld
// (part of `make bench`).
func BenchmarkAdminerTasksBesidePlaywright(b *testing.B) {
	ctx := b.Context()
	for i := 0; i < b.N; i++ {
		outs, err := adminerPlaywrightRun(ctx, b)
		if err != nil {
			b.Fatal(err)
		}
		reportPWRun(b, "adminer", outs)
	}
}

// adminerPlaywrightRun starts the database, seeds it, serves Adminer and
// runs the tasks through Playwright MCP in one browser session.
func adminerPlaywrightRun(ctx context.Context, b *testing.B) ([]wpOutcome, error) {
	a, stop, err := startAdminerSite(ctx, b.TempDir(), b.TempDir())
	if err != nil {
		return nil, err
	}
	defer stop()
	return dbPWSuite(ctx, b, a, "adminer", adminerTasks, adminerPWScripts(a), map[string]pwRowsCheck{
		"filter_rows":     {"SELECT name FROM shop_products WHERE stock < 5", false},
		"sort_descending": {"SELECT name FROM shop_products ORDER BY price DESC", true},
	})
}

// pwRowsCheck is what the rows of the agent's last snapshot must show
// after a task checked in its run: the products query selects, in its
// order when ordered.
type pwRowsCheck struct {
	query   string
	ordered bool
}

// dbPWSuite runs a database tool's tasks through Playwright MCP on site
// in one browser session, as pwSuite does, and checks the rows shown
// after the tasks rows names.
func dbPWSuite(ctx context.Context, b *testing.B, site *wpSite, suite string, tasks []wpTask, scripts map[string][]step, rows map[string]pwRowsCheck) ([]wpOutcome, error) {
	c, err := startPlaywright(ctx, b.TempDir(), nil)
	if err != nil {
		return nil, fmt.Errorf("Playwright MCP: %w", err)
	}
	defer c.Close()
	p := &pwSession{c: c}
	if d := os.Getenv("REALWORLD_DUMP"); d != "" {
		if f, err := os.Create(filepath.Join(d, suite+"-playwright.txt")); err == nil {
			p.dump = f
			defer f.Close()
		}
	}
	return pwRunTasks(ctx, p, galleryBases{gallery: site.Base}, site, suite, tasks, scripts, func(ctx context.Context, task string, a *pwAgent) error {
		if want, ok := rows[task]; ok {
			return pwProductRows(ctx, a, site, want)
		}
		return nil
	})
}

// pwProductRows checks the product rows of the agent's snapshot (the
// rows holding a product's name) against the database.
func pwProductRows(ctx context.Context, a *pwAgent, w *wpSite, want pwRowsCheck) error {
	nodes, err := a.snapshot(ctx)
	if err != nil {
		return err
	}
	all, err := w.query(ctx, "SELECT name FROM shop_products")
	if err != nil {
		return err
	}
	var got []string
	for _, n := range nodes {
		if n.role != "row" {
			continue
		}
		text := subtreeText(nodes, n)
		for _, name := range strings.Fields(all) {
			if strings.Contains(text, name) {
				got = append(got, name)
				break
			}
		}
	}
	out, err := w.query(ctx, want.query)
	if err != nil {
		return err
	}
	wt := strings.Fields(out)
	g := slices.Clone(got)
	if !want.ordered {
		slices.Sort(g)
		slices.Sort(wt)
	}
	if !slices.Equal(g, wt) {
		return fmt.Errorf("rows shown %q, the database has %q", got, wt)
	}
	return nil
}
