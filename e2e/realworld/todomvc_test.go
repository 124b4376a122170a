package realworld

import (
	"context"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"
)

// todomvcSpec is the npm package of the corpus: 70 TodoMVC apps by other
// authors, installed at test time (never vendored).
const todomvcSpec = "todomvc@0.1.1"

// goal is what the corpus must reach; the test fails below it. Issue 8's
// target is {57, 1800}: the apps Playwright MCP's snapshot passes with the
// same script, at a median of at most 1,800 tokens read per passing app.
// Until the inference fixes reach it, goal holds what main achieves (raise
// it as they land, never lower it); docs/REALWORLD.md records the gap.
var goal = struct{ Passed, MedianTokens int }{Passed: 40, MedianTokens: 2700}

// workers is how many apps run at once (each its own `pling serve` with
// its own Chromium): modest, the machine is shared.
const workers = 3

func TestTodoMVC(t *testing.T) {
	pkg, err := npmPackage(todomvcSpec)
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
	base, missing := serveDir(t, pkg)
	demos := demoPaths(t, pkg)
	outs := runApps(t, apps, func(app string) string {
		return base + "/" + demos[app]
	})
	for i := range outs {
		if outs[i].OK {
			continue
		}
		demo := demos[outs[i].App]
		ev := offlineEvidence(filepath.Join(pkg, filepath.FromSlash(demo)))
		dir := "/" + demo
		if strings.HasSuffix(dir, ".html") {
			dir = path.Dir(dir) + "/"
		}
		if nf := missing.under(dir); len(nf) > 0 {
			if ev != "" {
				ev += "; "
			}
			ev += "404 at run time: " + clip(strings.Join(nf, ", "), 300)
		}
		if ev != "" {
			outs[i].Reason += " [" + ev + "]"
		}
	}
	passed, medTok, medSec := summarize(outs)
	var b strings.Builder
	for _, o := range outs {
		status := "ok"
		if !o.OK {
			status = "FAIL " + o.Reason
		}
		fmt.Fprintf(&b, "%-28s %5d tok %5.1f s  %s\n", o.App, o.Tokens, o.Seconds, status)
	}
	fmt.Fprintf(&b, "todomvc: %d of %d apps passed; median %d tokens read per app (%s); median %.1f s per app\n",
		passed, len(outs), medTok, tokenizerName, medSec)
	fmt.Print(b.String())
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

// runApps drives every app with the script, workers at a time, each in a
// fresh `pling serve` (a fresh browser profile: apps keep todos in
// localStorage).
func runApps(t *testing.T, apps []string, urlOf func(string) string) []outcome {
	outs := make([]outcome, len(apps))
	jobs := make(chan int)
	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range jobs {
				outs[i] = runOne(t.Context(), apps[i], urlOf(apps[i]))
			}
		}()
	}
	for i := range apps {
		jobs <- i
	}
	close(jobs)
	wg.Wait()
	return outs
}

func runOne(ctx context.Context, app, url string) outcome {
	o := outcome{App: app}
	ctx, cancel := context.WithTimeout(ctx, 4*time.Minute)
	defer cancel()
	s, err := startSession(ctx)
	if err != nil {
		o.Reason = err.Error()
		return o
	}
	defer s.close()
	start := time.Now()
	err = addAndToggle(ctx, s, url)
	o.Seconds = time.Since(start).Seconds()
	o.Tokens = tokens(s.chars)
	o.Calls = s.calls
	if err != nil {
		o.Reason = err.Error()
		return o
	}
	o.OK = true
	return o
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

var scriptSrc = regexp.MustCompile(`(?is)<script[^>]*\ssrc\s*=\s*["']([^"']+)["']`)

// offlineEvidence reads an app's page for scripts it cannot load here: a
// CDN URL (the corpus has no network but 127.0.0.1). Files the package
// does not ship show up as 404s at run time instead.
func offlineEvidence(demo string) string {
	page := filepath.Join(demo, "index.html")
	if strings.HasSuffix(demo, ".html") {
		page = demo
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
	fmt.Fprintf(&b, "| app | result | tokens | seconds | reason |\n|---|---|---:|---:|---|\n")
	for _, o := range outs {
		res := "ok"
		if !o.OK {
			res = "fail"
		}
		fmt.Fprintf(&b, "| %s | %s | %d | %.1f | %s |\n", o.App, res, o.Tokens, o.Seconds, strings.ReplaceAll(o.Reason, "|", `\|`))
	}
	fmt.Fprintf(&b, "\n%d of %d passed; median %d tokens read per app (%s); median %.1f s per app.\n", passed, len(outs), medTok, tokenizerName, medSec)
	return os.WriteFile(filepath.Join(dir, name+".md"), []byte(b.String()), 0o644)
}
