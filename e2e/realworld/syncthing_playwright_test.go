package realworld

import (
	"context"
	"os"
	"path/filepath"
	"testing"
)

// stPWScripts are stTasks' scripts for Playwright MCP's agent (the
// gallery's pwAgent: elements by their accessible name in Playwright's
// snapshot), the same steps a person takes in Syncthing's GUI.
func stPWScripts(photos string) map[string][]step {
	settings := []step{{op: opOpen, path: "/"},
		{op: opPress, target: `(?i)^"actions"`},
		{op: opPress, target: `(?i)^"settings"$`}}
	editPhotos := []step{{op: opOpen, path: "/"},
		{op: opPress, target: `(?i)photos`, wait: true},
		{op: opPress, target: `(?i)^"edit"$`, role: "button"}}
	then := func(first []step, rest ...step) []step { return append(append([]step(nil), first...), rest...) }
	return map[string][]step{
		"usage_report": {{op: opOpen, path: "/"},
			{op: opPress, target: `(?i)^"no"$`, role: "button", wait: true}},
		"add_folder": {{op: opOpen, path: "/"},
			{op: opPress, target: `(?i)^"add folder"`, role: "button"},
			{op: opType, target: `(?i)^"folder label`, text: stFolderLabel},
			{op: opType, target: `(?i)^"folder path`, text: photos},
			{op: opPress, target: `(?i)^"save"`, role: "button"}},
		"pause_folder": {{op: opOpen, path: "/"},
			// (the panel's button has no name in its snapshot: the agent
			// clicks the heading inside it)
			{op: opPress, target: `(?i)photos`, wait: true},
			{op: opPress, target: `(?i)^"pause"$`, role: "button"}},
		"ignore_patterns": {{op: opOpen, path: "/"},
			{op: opPress, target: `(?i)photos`, wait: true},
			{op: opPress, target: `(?i)^"edit"$`, role: "button"},
			{op: opPress, target: `(?i)^"ignore patterns"`},
			{op: opType, target: `(?i)ignore|pattern|^""$`, text: "*.tmp"},
			{op: opPress, target: `(?i)^"save"`, role: "button"}},
		"add_device": {{op: opOpen, path: "/"},
			{op: opPress, target: `(?i)^"add remote device"`, role: "button"},
			{op: opType, target: `(?i)^"device id`, text: stRemoteID},
			{op: opType, target: `(?i)^"device name`, text: stRemoteName},
			{op: opPress, target: `(?i)^"advanced"$`},
			{op: opType, target: `(?i)^"addresses`, text: "tcp://" + stRemoteAddr},
			{op: opChoose, target: `(?i)compression`, text: "All Data"},
			{op: opPress, target: `(?i)^"save"`, role: "button"}},
		"file_versioning": then(editPhotos,
			step{op: opPress, target: `(?i)^"file versioning"$`},
			step{op: opChoose, target: `(?i)versioning`, text: "Simple File Versioning"},
			step{op: opType, target: `(?i)^"keep versions`, text: "10"},
			step{op: opPress, target: `(?i)^"save"`, role: "button"}),
		"rescan_interval": then(editPhotos,
			step{op: opPress, target: `(?i)^"advanced"$`},
			step{op: opType, target: `(?i)rescan interval`, text: "600"},
			step{op: opPress, target: `(?i)^"save"`, role: "button"}),
		"gui_theme": then(settings,
			step{op: opPress, target: `(?i)^"gui"$`},
			step{op: opChoose, target: `(?i)theme`, text: "Dark"},
			step{op: opPress, target: `(?i)^"save"`, role: "button"}),
		"remove_folder": then(editPhotos,
			step{op: opPress, target: `(?i)^"remove"$`, role: "button"},
			step{op: opPress, target: `(?i)^"yes"$`, role: "button", wait: true}),
		"rename_device": append(append([]step(nil), settings...),
			step{op: opType, target: `(?i)^"device name`, text: stDeviceName},
			step{op: opPress, target: `(?i)^"save"`, role: "button"}),
		"gui_user": append(append([]step(nil), settings...),
			step{op: opPress, target: `(?i)^"gui"$`},
			step{op: opType, target: `(?i)user`, text: stGUIUser},
			step{op: opType, target: `(?i)password`, text: "Tide-Table-42"},
			step{op: opPress, target: `(?i)^"save"`, role: "button"}),
	}
}

// BenchmarkSyncthingTasksBesidePlaywright runs TestSyncthing's tasks
// through Playwright MCP 0.0.83 against a fresh Syncthing, each outcome
// checked in its config.xml with TestSyncthing's checks, and prints each
// task's pass, calls and cl100k tokens; the totals are its metrics.
// Pling's figures are TestSyncthing's. docs/REALWORLD.md, "Syncthing".
// Run: go test -run '^$' -bench BenchmarkSyncthingTasksBesidePlaywright
// -benchtime 1x -v ./e2e/realworld (part of `make bench`).
func BenchmarkSyncthingTasksBesidePlaywright(b *testing.B) {
	ctx := b.Context()
	for i := 0; i < b.N; i++ {
		outs, err := stPlaywrightRun(ctx, b)
		if err != nil {
			b.Fatal(err)
		}
		reportPWRun(b, "syncthing", outs)
	}
}

// stPlaywrightRun starts a fresh Syncthing and runs the tasks through
// Playwright MCP in one browser session.
func stPlaywrightRun(ctx context.Context, b *testing.B) ([]wpOutcome, error) {
	dir := b.TempDir()
	site, stop, err := startSyncthing(ctx, dir)
	if err != nil {
		return nil, err
	}
	defer stop()
	photos := filepath.Join(dir, "photos")
	if err := os.MkdirAll(photos, 0o755); err != nil {
		return nil, err
	}
	return pwSuite(ctx, b, site, "syncthing", stTasks(filepath.Join(dir, "home"), photos), stPWScripts(photos))
}
