package page_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"golang.org/x/tools/txtar"

	"github.com/pling-dev/pling/internal/golden"
	"github.com/pling-dev/pling/page"
)

// The Go half of the goldens, without Chromium: every archive in
// testdata/render holds a snapshot (snapshot.json, the input), optional
// budgets (budgets.json: fields of page.Budgets laid over DefaultBudgets)
// and what Go makes of them through a Runtime on a replayDriver:
// observation.md (Render), compact.md (RenderCompact) and tools.json
// (Schemas). Its header says which rule it pins and which function
// decides it. UPDATE_GOLDEN=1 rewrites the output sections (and, for a
// fixture, the header and the snapshot copied from testdata/collector).
//
// Two kinds of archive:
//   - <fixture>.txtar, one per goldenFixtures entry: the snapshot is
//     testdata/collector/<fixture>.json, and the outputs must also equal
//     TestFixtureGoldens' testdata/fixtures/<fixture>.* (the two halves
//     compose to the whole).
//   - rule-*.txtar, written by hand: a small snapshot that pins one rule.
//
// A txtar section always ends in a newline, so an output that does not
// is stored (and compared) with one added.
func TestRenderGoldens(t *testing.T) {
	t.Parallel()
	paths, err := filepath.Glob("testdata/render/*.txtar")
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range goldenFixtures {
		p := "testdata/render/" + f.name + ".txtar"
		if !slices.Contains(paths, p) {
			paths = append(paths, p) // missing: fails, or is made with UPDATE_GOLDEN=1
		}
	}
	if n := len(paths) - len(goldenFixtures); n < 3 {
		t.Errorf("%d hand-written rule-*.txtar archives, want at least 3", n)
	}
	for _, p := range paths {
		name := strings.TrimSuffix(filepath.Base(p), ".txtar")
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			checkRenderArchive(t, p, name)
		})
	}
}

// renderOutputs are the sections Go computes, in archive order.
var renderOutputs = []string{"observation.md", "compact.md", "tools.json"}

// renderInputs are the sections an archive may give as input.
var renderInputs = []string{"snapshot.json", "budgets.json"}

// checkRenderArchive replays one archive's snapshot and compares (or,
// with UPDATE_GOLDEN=1, rewrites) its output sections.
func checkRenderArchive(t *testing.T, path, name string) {
	t.Helper()
	fixture := fixtureOf(name)
	ar, err := txtar.ParseFile(path)
	switch {
	case err == nil:
	case os.IsNotExist(err) && fixture != nil && golden.Update():
		ar = &txtar.Archive{}
	default:
		t.Fatalf("render golden %s: %v (run with UPDATE_GOLDEN=1 to create it)", path, err)
	}
	sections := map[string][]byte{}
	for _, f := range ar.Files {
		if !slices.Contains(renderInputs, f.Name) && !slices.Contains(renderOutputs, f.Name) {
			t.Fatalf("%s: unknown section %q (inputs %v, outputs %v)", path, f.Name, renderInputs, renderOutputs)
		}
		sections[f.Name] = f.Data
	}
	if fixture != nil {
		checkFixtureInputs(t, path, *fixture, ar, sections)
	} else if c := string(ar.Comment); !strings.Contains(c, "Pins:") || !strings.Contains(c, "Decided by:") {
		t.Errorf("%s: the header must say which rule it pins (Pins: …) and which function decides it (Decided by: …):\n%s", path, c)
	}
	snap, ok := sections["snapshot.json"]
	if !ok {
		t.Fatalf("%s: no snapshot.json section", path)
	}
	b, err := archiveBudgets(sections["budgets.json"])
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	r, err := replay(t.Context(), snap, b)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	got := map[string][]byte{
		"observation.md": withNL(r.observation),
		"compact.md":     withNL(r.compact),
		"tools.json":     withNL(r.tools),
	}
	if golden.Update() {
		writeRenderArchive(t, path, ar.Comment, sections, got)
		return
	}
	for _, out := range renderOutputs {
		want, ok := sections[out]
		if !ok {
			t.Errorf("%s: no %s section (run with UPDATE_GOLDEN=1 to add it)", path, out)
			continue
		}
		if diff := cmp.Diff(string(want), string(got[out])); diff != "" {
			t.Errorf("%s, section %s mismatch (-want +got):\n%s", path, out, diff)
		}
	}
	if fixture != nil {
		checkComposes(t, name, got)
	}
}

// checkFixtureInputs checks a fixture archive's header (goldenFixtures'
// rule) and snapshot (the collector golden, byte for byte); with
// UPDATE_GOLDEN=1 it sets both instead.
func checkFixtureInputs(t *testing.T, path string, f goldenFixture, ar *txtar.Archive, sections map[string][]byte) {
	t.Helper()
	snap, err := os.ReadFile("testdata/collector/" + f.name + ".json")
	if err != nil {
		t.Fatalf("collector golden of %s: %v (TestCollectorGoldens with UPDATE_GOLDEN=1 makes it)", f.name, err)
	}
	header := []byte(fixtureHeader(f))
	if golden.Update() {
		ar.Comment, sections["snapshot.json"] = header, snap
	}
	if diff := cmp.Diff(string(header), string(ar.Comment)); diff != "" {
		t.Errorf("%s: header differs from goldenFixtures' rule (-want +got):\n%s", path, diff)
	}
	if !bytes.Equal(sections["snapshot.json"], snap) {
		t.Errorf("%s: snapshot.json is not testdata/collector/%s.json: the collector moved; run with UPDATE_GOLDEN=1 and review both", path, f.name)
	}
}

// checkComposes checks that the Go half of a fixture golden is the whole
// Go side of it: the outputs equal TestFixtureGoldens' files.
func checkComposes(t *testing.T, name string, got map[string][]byte) {
	t.Helper()
	for out, ext := range map[string]string{"observation.md": ".md", "compact.md": ".compact.md", "tools.json": ".tools.json"} {
		whole, err := os.ReadFile("testdata/fixtures/" + name + ext)
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(string(withNL(string(whole))), string(got[out])); diff != "" {
			t.Errorf("%s from testdata/collector/%s.json differs from TestFixtureGoldens' testdata/fixtures/%s%s: the runtime adds something the snapshot lacks (-fixture +replay):\n%s", out, name, name, ext, diff)
		}
	}
}

// writeRenderArchive writes the archive at path: header, input sections,
// then the outputs got; it checks that the archive reads back the same
// (an output holding a txtar marker line would not).
func writeRenderArchive(t *testing.T, path string, comment []byte, inputs, got map[string][]byte) {
	t.Helper()
	ar := &txtar.Archive{Comment: comment}
	for _, in := range renderInputs {
		if data, ok := inputs[in]; ok {
			ar.Files = append(ar.Files, txtar.File{Name: in, Data: data})
		}
	}
	for _, out := range renderOutputs {
		ar.Files = append(ar.Files, txtar.File{Name: out, Data: got[out]})
	}
	data := txtar.Format(ar)
	back := txtar.Parse(data)
	if len(back.Files) != len(ar.Files) {
		t.Fatalf("%s: an output holds a txtar marker line (-- name --); the archive would not read back", path)
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
}

// archiveBudgets lays a budgets.json section (page.Budgets field names)
// over DefaultBudgets; an unknown field is an error, not a silent default.
func archiveBudgets(data []byte) (page.Budgets, error) {
	b := page.DefaultBudgets()
	if len(bytes.TrimSpace(data)) == 0 {
		return b, nil
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&b); err != nil {
		return b, fmt.Errorf("budgets.json: %w", err)
	}
	return b, nil
}

func fixtureOf(name string) *goldenFixture {
	for i := range goldenFixtures {
		if goldenFixtures[i].name == name {
			return &goldenFixtures[i]
		}
	}
	return nil
}

// fixtureHeader is the header of a fixture's render archive.
func fixtureHeader(f goldenFixture) string {
	var b strings.Builder
	fmt.Fprintf(&b, "fixtures/pages/%s.html as TestFixtureGoldens renders it, from Go alone.\n", f.name)
	b.WriteString(wrap("Pins: "+f.rule+".", 72))
	b.WriteString("Decided by: Build (build.go), Render and RenderCompact (render.go),\n")
	b.WriteString("Schemas (schema.go), through Runtime.Navigate on a replay driver.\n")
	fmt.Fprintf(&b, "Input: snapshot.json is testdata/collector/%s.json (TestCollectorGoldens).\n", f.name)
	b.WriteString("Held fixed (the snapshot lacks them): DefaultBudgets, no page notices\n")
	b.WriteString("or dialogs, no URL policy, no page handle; the revision and the\n")
	b.WriteString("continuation token are masked (a random session secret signs them).\n")
	return b.String()
}

// wrap breaks s into lines of at most width bytes at spaces.
func wrap(s string, width int) string {
	var b strings.Builder
	n := 0
	for i, w := range strings.Fields(s) {
		if i > 0 && n+1+len(w) > width {
			b.WriteByte('\n')
			n = 0
		} else if i > 0 {
			b.WriteByte(' ')
			n++
		}
		b.WriteString(w)
		n += len(w)
	}
	b.WriteByte('\n')
	return b.String()
}

func withNL(s string) []byte {
	if !strings.HasSuffix(s, "\n") {
		s += "\n"
	}
	return []byte(s)
}

// replayDriver is a page.Driver without a browser: every observation
// answers the one recorded snapshot, so a Runtime builds and renders it
// exactly as it would a live page's, with no Chromium.
type replayDriver struct {
	snapshot []byte
}

var errReplayOnly = errors.New("replay driver: only observes")

func (d *replayDriver) CallScript(_ context.Context, script string, _ any, out any) error {
	if script != page.ObserveScript && script != page.CollectorScript {
		return fmt.Errorf("%w: the runtime ran a script that is not an observation", errReplayOnly)
	}
	if err := json.Unmarshal(d.snapshot, out); err != nil {
		return fmt.Errorf("replay snapshot: %w", err)
	}
	return nil
}

func (d *replayDriver) Perform(context.Context, page.Step) error { return errReplayOnly }
func (d *replayDriver) Navigate(context.Context, string) error   { return nil }
func (d *replayDriver) Dialogs() []page.DialogRecord             { return nil }
func (d *replayDriver) Notices() []string                        { return nil }

// renderings are what Go makes of one snapshot, masked as the fixture
// goldens are (revision and continuation tokens carry a random session
// secret).
type renderings struct {
	observation, compact, tools string
}

// replay runs snapshot through a Runtime on a replayDriver (Navigate:
// settle, collect, Build, revision, continuation) with budgets b and
// renders the observation in both voices and its tool schemas.
func replay(ctx context.Context, snapshot []byte, b page.Budgets) (renderings, error) {
	rt := page.NewRuntime(&replayDriver{snapshot: snapshot}, page.RuntimeOptions{Budgets: b})
	if _, err := rt.Navigate(ctx, "replay:"); err != nil {
		return renderings{}, fmt.Errorf("replay: %w", err)
	}
	o := rt.Last()
	text := revisionLine.ReplaceAllString(page.Render(o, b), "- revision: (masked)")
	text = tokenText.ReplaceAllString(text, `continuation "(masked)"`)
	text = portText.ReplaceAllString(text, "$1:PORT")
	compact := compactRevision.ReplaceAllString(page.RenderCompact(o, b, false), "revision (masked)")
	compact = tokenText.ReplaceAllString(compact, `continuation "(masked)"`)
	compact = portText.ReplaceAllString(compact, "$1:PORT")
	schemas, err := json.MarshalIndent(page.Schemas(o), "", "  ")
	if err != nil {
		return renderings{}, fmt.Errorf("marshal schemas: %w", err)
	}
	return renderings{observation: text, compact: compact, tools: string(schemas) + "\n"}, nil
}
