package e2e

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

func run(t *testing.T, args ...string) (string, string, error) {
	t.Helper()
	cmd := exec.CommandContext(t.Context(), binary, args...)
	var out, errb strings.Builder
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	return out.String(), errb.String(), err
}

// pling observe prints what an agent sees, for page authors.
func TestCLIObserve(t *testing.T) {
	t.Parallel()
	out, stderr, err := run(t, "observe", url("/todos"))
	if err != nil {
		t.Fatalf("%v\n%s", err, stderr)
	}
	contains(t, out, "## Available actions on this page (14 actions, folded into 3 entries, showing 3)", "- title: Todos")
	out, stderr, err = run(t, "observe", "--json", "--schemas", url("/todos"))
	if err != nil {
		t.Fatalf("%v\n%s", err, stderr)
	}
	var v struct {
		Observation map[string]any   `json:"observation"`
		Tools       []map[string]any `json:"tools"`
	}
	if err := json.Unmarshal([]byte(out), &v); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, out)
	}
	if len(v.Tools) != 3 || v.Observation["revision"] == "" {
		t.Errorf("json: %d tools, revision %v", len(v.Tools), v.Observation["revision"])
	}
	if _, stderr, err := run(t, "observe", "file:///etc/passwd"); err == nil || !strings.Contains(stderr, "refused") {
		t.Errorf("file: URL was not refused: %v %s", err, stderr)
	}
}

func TestCLIConfigCheck(t *testing.T) {
	t.Parallel()
	out, stderr, err := run(t, "config", "check", "../agent.yaml")
	if err != nil {
		t.Fatalf("%v\n%s%s", err, out, stderr)
	}
	contains(t, out, "ok")
	for _, tc := range []struct{ body, want string }{
		{"observation:\n  colour: red\n", "bad.yaml:2:3: observation.colour is not a known key"},
		{"observation:\n  maxActions: 0\n", "bad.yaml:2:15: observation.maxActions must be between"},
	} {
		bad := filepath.Join(t.TempDir(), "bad.yaml")
		if err := os.WriteFile(bad, []byte(tc.body), 0o644); err != nil {
			t.Fatal(err)
		}
		_, stderr, err = run(t, "config", "check", bad)
		if err == nil || !strings.Contains(stderr, tc.want) {
			t.Errorf("%q: want %q, got %v %s", tc.body, tc.want, err, stderr)
		}
	}
}

// pling demo is the main job: the walkthrough ends with t9 done.
func TestCLIDemo(t *testing.T) {
	t.Parallel()
	out, stderr, err := run(t, "demo")
	if err != nil {
		t.Fatalf("%v\n%s\n%s", err, out, stderr)
	}
	contains(t, out, `search("Weekly report")`, `toggle(record: "t9")`, "Result: t9 (Send the weekly report) done = true")
}

// pling extract prints typed rows as JSON or CSV.
func TestCLIExtract(t *testing.T) {
	t.Parallel()
	args := []string{"extract", url("/extract-table"), "--kind", "table", "--field", "invoice:0:integer:required", "--field", "amount:2:number"}
	out, stderr, err := run(t, args...)
	if err != nil {
		t.Fatalf("%v\n%s", err, stderr)
	}
	contains(t, out, `"digest": "sha256:`, `"invoice": 1001`, `"amount": 1250.5`)
	out, stderr, err = run(t, append(args, "--csv")...)
	if err != nil {
		t.Fatalf("%v\n%s", err, stderr)
	}
	contains(t, out, "invoice,amount,status", "1001,1250.5,ok")
	if _, stderr, err := run(t, "extract", url("/extract-table"), "--kind", "table", "--field", "x:99:string"); err == nil {
		t.Errorf("column 99 accepted: %s", stderr)
	}
}

// pling version prints the module version and the VCS revision the binary
// was built from (issue 10 pt 12), not a placeholder: the same revision the
// toolchain stamped into the binary, which in a plain clone is HEAD. (Go
// stamps no revision in a git worktree, whose .git is a file.)
func TestCLIVersion(t *testing.T) {
	t.Parallel()
	out, stderr, err := run(t, "version")
	if err != nil {
		t.Fatalf("%v\n%s", err, stderr)
	}
	if !strings.HasPrefix(out, "pling ") || strings.Contains(out, "pling dev\n") {
		t.Fatalf("version: %q", out)
	}
	meta, err := exec.CommandContext(t.Context(), "go", "version", "-m", binary).Output()
	if err != nil {
		t.Fatal(err)
	}
	stamped := ""
	for _, line := range strings.Split(string(meta), "\n") {
		if f := strings.Fields(line); len(f) == 2 && strings.HasPrefix(f[1], "vcs.revision=") {
			stamped = strings.TrimPrefix(f[1], "vcs.revision=")
		}
	}
	top, err := exec.CommandContext(t.Context(), "git", "rev-parse", "--show-toplevel").Output()
	if err != nil {
		t.Fatalf("git rev-parse (the e2e binary is built from this checkout): %v", err)
	}
	if st, err := os.Stat(filepath.Join(strings.TrimSpace(string(top)), ".git")); err == nil && st.IsDir() {
		head, err := exec.CommandContext(t.Context(), "git", "rev-parse", "HEAD").Output()
		if err != nil {
			t.Fatal(err)
		}
		if stamped != strings.TrimSpace(string(head)) {
			t.Fatalf("a plain clone: the binary should carry HEAD %s, carries %q (built with -buildvcs=auto?)", head, stamped)
		}
	}
	if stamped != "" {
		contains(t, out, "(rev "+stamped)
	} else if strings.Contains(out, "rev ") {
		t.Errorf("no revision was stamped but one is printed: %q", out)
	}
}
