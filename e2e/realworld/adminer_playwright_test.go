package realworld

import (
	"context"
	"fmt"
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

// BenchmarkAdminerTasksBesidePlaywright runs TestAdminer's four tasks
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
	return pwSuite(ctx, b, a, "adminer", adminerTasks, adminerPWScripts(a))
}
