package realworld

import (
	"context"
	"path/filepath"
	"regexp"
	"testing"
)

// jpPWScripts are jpTasks' scripts for Playwright MCP's agent (the
// gallery's pwAgent). The notebook opens in a tab the page opens, which
// its agent goes to (browser_tabs); the cell's editor has no name in its
// snapshot, so the agent types into the focused unnamed text box, as
// with phpMyAdmin's SQL box.
func jpPWScripts() map[string][]step {
	return map[string][]step{
		"new_notebook": {{op: opOpen, path: "/tree"},
			{op: opPress, target: `(?i)^"new`},
			{op: opPress, target: `(?i)python ?3`},
			{op: opTab}},
		// (wait: the notebook draws its cells once it has loaded, after
		// its tab opened)
		"run_cell": {{op: opType, target: `(?i)^"code cell"`, text: "print(6*7)", wait: true},
			{op: opPress, target: `(?i)^"run"`, role: "button"},
			{op: opPress, target: `(?i)^"save and checkpoint"`, role: "button"}},
		"rename": {{op: opPress, target: `(?i)^"untitled"$`},
			{op: opType, target: `(?i)notebook name`, text: "harbour"},
			{op: opPress, target: `(?i)^"rename"$`, role: "button"}},
		"markdown_cell": {{op: opPress, target: `(?i)^"insert cell below"`, role: "button", wait: true},
			{op: opChoose, target: `(?i)cell type|^""$`, text: "Markdown"},
			{op: opType, target: `(?i)markdown|markup`, text: "# Tides"},
			{op: opPress, target: `(?i)^"save and checkpoint"`, role: "button"}},
		"restart_kernel": {{op: opPress, target: `(?i)^"kernel"$`},
			{op: opPress, target: `(?i)^"restart( [0-9,]+)?"$`},
			{op: opPress, target: `(?i)^"restart"$`, role: "button", wait: true}},
		"delete_file": {{op: opTab, path: "first"}, {op: opOpen, path: "/tree"},
			{op: opPress, target: `(?i)click here to rename`, record: "notes.txt", role: "checkbox", wait: true},
			{op: opPress, target: `(?i)^"delete selected"`, wait: true},
			{op: opPress, target: `(?i)^"delete"$`, role: "button", wait: true}},
		"new_folder": {{op: opOpen, path: "/tree"},
			{op: opPress, target: `(?i)^"new`},
			{op: opPress, target: `(?i)^"folder"$`},
			{op: opPress, target: `(?i)click here to rename`, record: "Untitled Folder", role: "checkbox", wait: true},
			{op: opPress, target: `(?i)^"rename`, role: "button"},
			{op: opType, target: `(?i)name`, text: "tides"},
			{op: opPress, target: `(?i)^"rename"$`, role: "button", wait: true}},
		// (Playwright's type fills the editor: the agent gives the whole
		// text, the old line and the new)
		"edit_text_file": {{op: opOpen, path: "/tree"},
			{op: opPress, target: `(?i)^"` + regexp.QuoteMeta(jpLogFile) + `"$`, role: "link", wait: true},
			{op: opTab},
			{op: opType, target: `^""$`, text: jpLogText + jpLogLine},
			{op: opPress, target: `(?i)^"file"$`},
			{op: opPress, target: `(?i)^"save"$`}},
		// (a cell is selected by clicking its text)
		"move_cell": {{op: opTab, path: "first"}, {op: opOpen, path: "/tree"},
			{op: opPress, target: `(?i)^"` + regexp.QuoteMeta(jpCellsFile) + `"$`, role: "link", wait: true},
			{op: opTab},
			{op: opPress, target: `print\(high - low\)`, wait: true},
			{op: opPress, target: `(?i)^"move selected cells up"`, role: "button"},
			{op: opPress, target: `(?i)^"save and checkpoint"`, role: "button"}},
		"shutdown_notebook": {{op: opTab, path: "first"}, {op: opOpen, path: "/tree"},
			{op: opPress, target: `(?i)^"running"$`},
			{op: opPress, target: `(?i)^"shutdown"$`, record: "harbour.ipynb", role: "button", wait: true}},
	}
}

// BenchmarkJupyterTasksBesidePlaywright runs TestJupyter's tasks
// through Playwright MCP 0.0.83 against a fresh notebook server, each
// outcome checked in the notebook's file with TestJupyter's checks, and
// prints each task's pass, calls and cl100k tokens; the totals are its
// metrics. Pling's figures are TestJupyter's. docs/REALWORLD.md,
// "Jupyter". Run: go test -run '^$' -bench
// BenchmarkJupyterTasksBesidePlaywright -benchtime 1x -v ./e2e/realworld
// (part of `make bench`).
func BenchmarkJupyterTasksBesidePlaywright(b *testing.B) {
	ctx := b.Context()
	for i := 0; i < b.N; i++ {
		outs, err := jpPlaywrightRun(ctx, b)
		if err != nil {
			b.Fatal(err)
		}
		reportPWRun(b, "jupyter", outs)
	}
}

// jpPlaywrightRun starts a fresh notebook server and runs the tasks
// through Playwright MCP in one browser session.
func jpPlaywrightRun(ctx context.Context, b *testing.B) ([]wpOutcome, error) {
	dir := b.TempDir()
	site, stop, err := startJupyter(ctx, dir)
	if err != nil {
		return nil, err
	}
	defer stop()
	return pwSuite(ctx, b, site, "jupyter", jpTasks(filepath.Join(dir, "notebooks")), jpPWScripts())
}
