package realworld

import (
	"context"
	"testing"
)

// pmaPWScripts are pmaTasks' scripts for Playwright MCP's agent (the
// gallery's pwAgent: elements by their accessible name in Playwright's
// snapshot). The insert form's value fields have no accessible name, so
// the agent types into the field in the row of its column, as a person
// reads it; row actions are pressed in the row holding the table's or the
// product's name; phpMyAdmin's confirmation is its own dialog, answered
// with its OK.
func pmaPWScripts() map[string][]step {
	return map[string][]step{
		"sign_in": {{op: opOpen, path: "/index.php"},
			{op: opType, target: `(?i)^"username`, text: "wp"},
			{op: opType, target: `(?i)^"password`, text: "wp-secret"},
			{op: opPress, target: `(?i)^"log in"`, role: "button"}},
		"sql_update": {{op: opOpen, path: pmaSQL},
			{op: opType, target: `(?i)sql|query`, text: "UPDATE shop_products SET stock = 12 WHERE name = 'Widget';"},
			{op: opPress, target: `(?i)^"go"`, role: "button"}},
		"insert_row": {{op: opOpen, path: pmaInsert},
			{op: opType, record: "varchar(80)", text: "Sprocket"},
			{op: opType, record: "decimal(8,2)", text: "2.50"},
			{op: opType, record: "stock", text: "7"},
			{op: opPress, target: `(?i)^"go"`, role: "button"}},
		"delete_row": {{op: opOpen, path: pmaStructure},
			{op: opPress, target: `(?i)^"browse"`, record: "shop_products"},
			{op: opPress, target: `(?i)^"delete"`, record: "Gadget"},
			{op: opPress, target: `(?i)^"ok"`, role: "button"}},
		"create_table": {{op: opOpen, path: pmaStructure},
			{op: opType, target: `(?i)^"table name`, text: "harbour_tides"},
			{op: opType, target: `(?i)^"number of columns`, text: "1"},
			{op: opPress, target: `(?i)^"create"`, role: "button"},
			{op: opType, target: `(?i)^"(name|column)`, text: "port", wait: true},
			{op: opChoose, target: `(?i)^"type`, text: "VARCHAR"},
			{op: opType, target: `(?i)^"length`, text: "40"},
			{op: opPress, target: `(?i)^"save"`, role: "button"}},
		"rename_table": {{op: opOpen, path: "/index.php?route=/table/operations&db=wordpress&table=harbour_tides"},
			{op: opType, target: `(?i)rename table`, text: "harbour_tide_tables"},
			// (the page has a Go per part; the agent takes the first)
			{op: opPress, target: `(?i)^"go"`, role: "button"}},
		"search_rows": {{op: opOpen, path: pmaSearch},
			// (the operator selects have no name: the one in the row of
			// the column)
			{op: opChoose, target: `(?i)stock`, text: "<"},
			{op: opType, record: "stock", text: "10"},
			{op: opPress, target: `(?i)^"go"`, role: "button"}},
		"grid_edit": {{op: opOpen, path: pmaStructure},
			{op: opPress, target: `(?i)^"browse"`, record: "shop_products"},
			// (a step clicks once; phpMyAdmin's cell edits on a double
			// click, which the steps cannot say, so no field opens)
			{op: opPress, target: `^"9\.99"$`, record: "Widget"},
			{op: opType, target: `(?i)price|value|edit`, text: "11.50", submit: true}},
		"sort_column": {{op: opOpen, path: pmaStructure},
			{op: opPress, target: `(?i)^"browse"`, record: "shop_products"},
			// (the header's link sorts by the column, then turns the order)
			{op: opPress, target: `(?i)^"price`, role: "link"},
			{op: opPress, target: `(?i)^"price`, role: "link"}},
		"add_column": {{op: opOpen, path: pmaProducts},
			// ("Add 1 column(s) after stock": the last column is chosen)
			{op: opPress, target: `(?i)^"go"`, role: "button"},
			{op: opType, target: `(?i)^"(name|column)`, text: "sku", wait: true},
			{op: opChoose, target: `(?i)^"type`, text: "VARCHAR"},
			{op: opType, target: `(?i)^"length`, text: "20"},
			{op: opPress, target: `(?i)^"save"`, role: "button"}},
		"sql_autocomplete": {{op: opOpen, path: pmaSQL},
			{op: opType, target: `(?i)sql|query`, text: "UPDATE shop_pr"},
			// (the editor's suggestion, as a person picks it)
			{op: opPress, target: `^"shop_products"$`, role: "option"},
			{op: opType, target: `(?i)sql|query`, text: "UPDATE shop_products SET stock = 5 WHERE name = 'Doohickey';"},
			{op: opPress, target: `(?i)^"go"`, role: "button"}},
		"empty_table": {{op: opOpen, path: "/index.php?route=/table/operations&db=wordpress&table=shop_import"},
			{op: opPress, target: `(?i)^"empty the table \(truncate\)"`, role: "link"},
			{op: opPress, target: `(?i)^"ok"`, role: "button"}},
		"drop_table": {{op: opOpen, path: pmaStructure},
			{op: opPress, target: `(?i)^"drop"`, record: "shop_import"},
			{op: opPress, target: `(?i)^"ok"`, role: "button"}},
	}
}

// BenchmarkPhpMyAdminTasksBesidePlaywright runs TestPhpMyAdmin's tasks
// through Playwright MCP 0.0.83 against a fresh phpMyAdmin over a fresh
// MariaDB, each outcome checked in the database with
// TestPhpMyAdmin's checks, and prints each task's pass, calls and cl100k
// tokens; the totals are its metrics. Pling's figures are
// TestPhpMyAdmin's. docs/REALWORLD.md, "phpMyAdmin". Run: go test -run
// '^$' -bench BenchmarkPhpMyAdminTasksBesidePlaywright -benchtime 1x -v
// ./e2e/realworld (part of `make bench`).
func BenchmarkPhpMyAdminTasksBesidePlaywright(b *testing.B) {
	ctx := b.Context()
	for i := 0; i < b.N; i++ {
		outs, err := pmaPlaywrightRun(ctx, b)
		if err != nil {
			b.Fatal(err)
		}
		reportPWRun(b, "phpmyadmin", outs)
	}
}

// pmaPlaywrightRun starts the database, seeds it, serves phpMyAdmin and
// runs the tasks through Playwright MCP in one browser session.
func pmaPlaywrightRun(ctx context.Context, b *testing.B) ([]wpOutcome, error) {
	site, stop, err := startPhpMyAdminSite(ctx, b.TempDir(), b.TempDir())
	if err != nil {
		return nil, err
	}
	defer stop()
	return dbPWSuite(ctx, b, site, "phpmyadmin", pmaTasks, pmaPWScripts(), map[string]pwRowsCheck{
		"search_rows": {"SELECT name FROM shop_products WHERE stock < 10", false},
		"sort_column": {"SELECT name FROM shop_products ORDER BY price DESC", true},
	})
}
