package realworld

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/pling-dev/pling/internal/npmcache"
	"time"
)

// todomvcSpec is the npm package of the corpus: 70 TodoMVC apps by other
// authors, installed at test time (never vendored).
const todomvcSpec = "todomvc@0.1.1"

// goal is what the corpus must reach; the test fails below it. Issue 8's
// target is {57, 1800}: the apps Playwright MCP's snapshot passes with the
// same script, at a median of at most 1,800 tokens read per passing app.
// Main reaches 57 (five runs in a row under heavy load, five more on a
// quiet machine); the 13 others cannot pass in any browser here
// (docs/REALWORLD.md), so the goal is also the most this package allows.
var goal = struct{ Passed, MedianTokens int }{Passed: 57, MedianTokens: 1800}

// workers is how many apps run at once (each its own `pling serve` with
// its own Chromium): modest, the machine is shared.
const workers = 3

func TestTodoMVC(t *testing.T) {
	pkg, err := npmcache.Pack(context.Background(), todomvcSpec)
	if err != nil {
		t.Fatalf("the corpus needs npm and the registry: %v", err)
	}
	entries, err := os.ReadDir(filepath.Join(pkg, "examples"))
	if err != nil {
		t.Fatal(err)
	}
	var apps []string
	for _, e := range entries {
		if e.IsDir() {
			apps = append(apps, e.Name())
		}
	}
	if only := os.Getenv("REALWORLD_APPS"); only != "" {
		apps = filterApps(apps, strings.Split(only, ","))
	}
	if len(apps) == 0 {
		t.Fatal("no apps found in the todomvc package")
	}
	demos := demoPaths(t, pkg)
	var list []app
	for _, name := range apps {
		list = append(list, app{Name: name, Dir: pkg, Path: demos[name], Task: addAndToggle})
	}
	outs := runApps(t, list)
	passed, medTok, medSec := summarize(outs)
	var b strings.Builder
	for _, o := range outs {
		fmt.Fprintln(&b, o.line())
	}
	fmt.Fprintf(&b, "todomvc: %d of %d apps passed; median %d tokens read per app (%s); median %.1f s per app\n",
		passed, len(outs), medTok, tokenizerName, medSec)
	if ot := observationTimes(outs); ot != "" {
		fmt.Fprintln(&b, ot)
	}
	// Sorted again after the lines printed as the apps finished: the
	// test log keeps the full table on failure.
	t.Log("\n" + b.String())
	if err := writeReport("todomvc", outs); err != nil {
		t.Error(err)
	}
	if os.Getenv("REALWORLD_APPS") != "" {
		return // a chosen subset: no goal
	}
	if passed < goal.Passed {
		t.Errorf("todomvc: %d of %d apps passed, goal %d", passed, len(outs), goal.Passed)
	}
	if medTok > goal.MedianTokens {
		t.Errorf("todomvc: median %d tokens read per app, goal at most %d", medTok, goal.MedianTokens)
	}
}

var demoLink = regexp.MustCompile(`href="(examples/([^/"]+)/[^"]*)"`)

// demoPaths maps each app to the path of its demo: the link the package's
// own index.html gives it (some apps are built into a subdirectory, such
// as public/ or build/web/), else the app's directory.
func demoPaths(t *testing.T, pkg string) map[string]string {
	raw, err := os.ReadFile(filepath.Join(pkg, "index.html"))
	if err != nil {
		t.Fatalf("the todomvc package has no index.html: %v", err)
	}
	paths := map[string]string{}
	for _, m := range demoLink.FindAllStringSubmatch(string(raw), -1) {
		if _, ok := paths[m[2]]; !ok {
			paths[m[2]] = m[1]
		}
	}
	entries, err := os.ReadDir(filepath.Join(pkg, "examples"))
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if _, ok := paths[e.Name()]; !ok && e.IsDir() {
			paths[e.Name()] = "examples/" + e.Name() + "/"
		}
	}
	return paths
}

func filterApps(apps, only []string) []string {
	var out []string
	for _, a := range apps {
		for _, o := range only {
			if a == strings.TrimSpace(o) {
				out = append(out, a)
			}
		}
	}
	return out
}

// app is one page of the corpus and its task.
type app struct {
	Name string
	Dir  string // served as the root of the app's own origin
	Path string // the page, relative to Dir ("" for the root)
	Task func(ctx context.Context, s *session, url string) error
	// Fresh runs the app in a new `pling serve`: its first observation is
	// then the session's first, whatever ran before on the worker.
	Fresh bool
}

// runApps runs every app's task, workers at a time. Each worker keeps one
// `pling serve` (one Chromium) for its apps; each app gets its own file
// server on 127.0.0.1, so its own origin and its own localStorage (the
// apps keep todos there). A line per app is printed as it finishes.
func runApps(t *testing.T, apps []app) []outcome {
	outs := make([]outcome, len(apps))
	jobs := make(chan int)
	var wg sync.WaitGroup
	var printMu sync.Mutex
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var s *session
			defer func() {
				if s != nil {
					s.close()
				}
			}()
			for i := range jobs {
				var restart bool
				outs[i], restart = runOne(t, &s, apps[i])
				if restart && s != nil {
					s.close()
					s = nil
				}
				printMu.Lock()
				fmt.Println(outs[i].line())
				printMu.Unlock()
			}
		}()
	}
	for i := range apps {
		jobs <- i
	}
	close(jobs)
	wg.Wait()
	// An app that failed is run once more, alone and in a fresh session,
	// once the others are done: on a loaded machine (make test runs the
	// corpus beside the other packages under -race) an app that boots
	// slowly failed 1 run in ~5 (cujo, then mithril), and the goal is an
	// exact count. A failure of Pling's fails twice; a pass on the second
	// run keeps the first failure in its line.
	for i, o := range outs {
		if o.OK {
			continue
		}
		a := apps[i]
		a.Fresh = true
		var s *session
		again, _ := runOne(t, &s, a)
		if s != nil {
			s.close()
		}
		if again.OK {
			again.FirstReason = o.Reason
			outs[i] = again
			fmt.Println(again.line())
		}
	}
	return outs
}

// runOne runs one app in the worker's session, starting it when needed.
// restart says the session may be unusable (a transport error or a
// timeout): the next app gets a fresh one.
func runOne(t *testing.T, sp **session, a app) (o outcome, restart bool) {
	o = outcome{App: a.Name}
	ctx, cancel := context.WithTimeout(t.Context(), 3*time.Minute)
	defer cancel()
	if a.Fresh && *sp != nil {
		(*sp).close()
		*sp = nil
	}
	if *sp == nil {
		s, err := startSession(t.Context())
		if err != nil {
			o.Reason = err.Error()
			return o, true
		}
		*sp = s
	}
	s := *sp
	base, missing, stop := serveDir(a.Dir)
	defer stop()
	if dir := os.Getenv("REALWORLD_DUMP"); dir != "" {
		if f, err := os.Create(filepath.Join(dir, a.Name+".txt")); err == nil {
			s.dump = f
			defer func() { s.dump = nil; _ = f.Close() }()
		}
	}
	tok0, calls0, obs0, probe0 := s.tokens, s.calls, len(s.obsMS), s.probe
	start := time.Now()
	err := a.Task(ctx, s, base+"/"+a.Path)
	o.Seconds = (time.Since(start) - (s.probe - probe0)).Seconds()
	o.Tokens, o.Calls = s.tokens-tok0, s.calls-calls0
	o.ObsMS = append([]float64(nil), s.obsMS[obs0:]...)
	if err == nil {
		o.OK = true
		return o, false
	}
	o.Reason = err.Error()
	var ce *callError
	restart = errors.As(err, &ce) || ctx.Err() != nil
	ev := offlineEvidence(filepath.Join(a.Dir, filepath.FromSlash(a.Path)))
	if nf := missing.all(); len(nf) > 0 {
		if ev != "" {
			ev += "; "
		}
		ev += "404 at run time: " + clip(strings.Join(nf, ", "), 300)
	}
	if ev != "" {
		o.Reason += " [" + ev + "]"
	}
	return o, restart
}

func (o outcome) line() string {
	status := "ok"
	switch {
	case !o.OK:
		status = "FAIL " + o.Reason
	case o.FirstReason != "":
		status = "ok on the second run (the first: " + o.FirstReason + ")"
	}
	return fmt.Sprintf("%-28s %5d tok %3d calls %5.1f s %6s ms  %s", o.App, o.Tokens, o.Calls, o.Seconds, worstObs(o), status)
}

// worstObs is the slowest of an app's timed observations ("–" when none).
func worstObs(o outcome) string {
	if len(o.ObsMS) == 0 {
		return "–"
	}
	w := 0.0
	for _, ms := range o.ObsMS {
		w = max(w, ms)
	}
	return fmt.Sprintf("%.0f", w)
}

// summarize returns the apps passed, the median tokens read per app and
// the median seconds per app, over the apps that passed (as the issue
// compares them: a failing app stops early and reads less).
func summarize(outs []outcome) (passed, medTok int, medSec float64) {
	var toks []int
	var secs []float64
	for _, o := range outs {
		if o.OK {
			passed++
			toks = append(toks, o.Tokens)
			secs = append(secs, o.Seconds)
		}
	}
	sort.Ints(toks)
	sort.Float64s(secs)
	if n := len(toks); n > 0 {
		medTok = (toks[(n-1)/2] + toks[n/2]) / 2
		medSec = (secs[(n-1)/2] + secs[n/2]) / 2
	}
	return passed, medTok, medSec
}

// observationTimes summarizes the timed observations of every app (passed
// or not: each is one observation of a real page): median, 90th
// percentile and worst, and the app of the worst ("" when none was timed).
func observationTimes(outs []outcome) string {
	var all []float64
	worst, worstApp := 0.0, ""
	for _, o := range outs {
		for _, ms := range o.ObsMS {
			all = append(all, ms)
			if ms > worst {
				worst, worstApp = ms, o.App
			}
		}
	}
	if len(all) == 0 {
		return ""
	}
	sort.Float64s(all)
	n := len(all)
	med := (all[(n-1)/2] + all[n/2]) / 2
	p90 := all[(n*9+9)/10-1]
	return fmt.Sprintf("observation time (plain observe over MCP, %d observations of %d apps): median %.0f ms, p90 %.0f ms, worst %.0f ms (%s)",
		n, len(outs), med, p90, worst, worstApp)
}

var scriptSrc = regexp.MustCompile(`(?is)<script[^>]*\ssrc\s*=\s*["']([^"']+)["']`)

// offlineEvidence reads an app's page (a file or a directory with an
// index.html) for scripts it cannot load here: a
// CDN URL (the corpus has no network but 127.0.0.1). Files the package
// does not ship show up as 404s at run time instead.
func offlineEvidence(demo string) string {
	page := demo
	if st, err := os.Stat(demo); err == nil && st.IsDir() {
		page = filepath.Join(demo, "index.html")
	}
	raw, err := os.ReadFile(page)
	if err != nil {
		return "no index.html in the package: the app ships its sources only"
	}
	var cdn []string
	for _, m := range scriptSrc.FindAllStringSubmatch(string(raw), -1) {
		if ref := m[1]; strings.HasPrefix(ref, "http://") || strings.HasPrefix(ref, "https://") || strings.HasPrefix(ref, "//") {
			cdn = append(cdn, ref)
		}
	}
	var parts []string
	if len(cdn) > 0 {
		parts = append(parts, "scripts from other hosts (unreachable here): "+strings.Join(cdn, ", "))
	}
	return strings.Join(parts, "; ")
}

// writeReport writes the per-app table as Markdown to
// $REALWORLD_REPORT_DIR/<name>.md when that is set (docs/REALWORLD.md is
// refreshed from it).
func writeReport(name string, outs []outcome) error {
	dir := os.Getenv("REALWORLD_REPORT_DIR")
	if dir == "" {
		return nil
	}
	passed, medTok, medSec := summarize(outs)
	var b strings.Builder
	fmt.Fprintf(&b, "| app | result | tokens | seconds | observe ms (worst) | reason |\n|---|---|---:|---:|---:|---|\n")
	for _, o := range outs {
		res := "ok"
		if !o.OK {
			res = "fail"
		}
		fmt.Fprintf(&b, "| %s | %s | %d | %.1f | %s | %s |\n", o.App, res, o.Tokens, o.Seconds, worstObs(o), strings.ReplaceAll(o.Reason, "|", `\|`))
	}
	fmt.Fprintf(&b, "\n%d of %d passed; median %d tokens read per app (%s); median %.1f s per app.\n", passed, len(outs), medTok, tokenizerName, medSec)
	if ot := observationTimes(outs); ot != "" {
		fmt.Fprintf(&b, "%s.\n", ot)
	}
	return os.WriteFile(filepath.Join(dir, name+".md"), []byte(b.String()), 0o644)
}
