package e2e

import (
	"fmt"
	"os"
	"regexp"
	"strconv"
	"syscall"
	"testing"
	"time"
)

// The soak (issue 10 pt 9): MCP sessions opened and closed one after
// another against the real `pling serve --http` leave nothing behind. `make
// test` runs a short churn; `make soak` runs 1,000 sessions
// (PLING_SOAK_SESSIONS=1000); docs/OPERATIONS.md has the figures.
//
// The figures are the real binary's: PLING_DEBUG_STATS makes it answer
// SIGUSR1 with a garbage collection that returns freed memory to the OS and
// one stderr line with its goroutine count, so RSS (read from /proc) and
// goroutines are compared after a GC at every checkpoint — not the test
// process's, which would carry the client's own allocations.

var statsLine = regexp.MustCompile(`pling: runtime goroutines=(\d+) heap_alloc_kb=(\d+) heap_sys_kb=(\d+)`)

// soakServer is a `pling serve --http` started with PLING_DEBUG_STATS.
type soakServer struct {
	base  string
	pid   int
	stats chan []string // the submatches of each stats line
}

func startSoakServer(t *testing.T) *soakServer {
	t.Helper()
	s := &soakServer{stats: make(chan []string, 16)}
	s.base, s.pid = startHTTPLines(t, []string{"PLING_DEBUG_STATS=1"}, func(line string) {
		if m := statsLine.FindStringSubmatch(line); m != nil {
			s.stats <- m
		}
	})
	return s
}

// soakFigures are one checkpoint's measurements.
type soakFigures struct {
	goroutines int
	rssKB      int64 // pling alone, after its GC
	heapKB     int64 // Go heap in use, after the GC
	procs      int   // Chromium processes under pling
	kinds      map[string]int
}

func (f soakFigures) String() string {
	return fmt.Sprintf("RSS %d KiB, heap %d KiB, %d goroutines, %d Chromium processes %v", f.rssKB, f.heapKB, f.goroutines, f.procs, f.kinds)
}

// chromiumKinds counts the processes under pid by Chromium's --type (the
// browser process itself is "browser").
func chromiumKinds(pid int) map[string]int {
	children := map[int][]int{}
	for _, p := range procs() {
		children[p.ppid] = append(children[p.ppid], p.pid)
	}
	kinds := map[string]int{}
	var walk func(int)
	walk = func(p int) {
		for _, c := range children[p] {
			cl, _ := os.ReadFile("/proc/" + strconv.Itoa(c) + "/cmdline")
			kind := "browser"
			if m := typeArg.FindSubmatch(cl); m != nil {
				kind = string(m[1])
			}
			kinds[kind]++
			walk(c)
		}
	}
	walk(pid)
	return kinds
}

var typeArg = regexp.MustCompile(`--type=([a-z-]+)`)

// gcStats asks the server for a GC and its runtime line.
func (s *soakServer) gcStats(t *testing.T) (goroutines int, heapKB int64) {
	t.Helper()
	if err := syscall.Kill(s.pid, syscall.SIGUSR1); err != nil {
		t.Fatalf("signal pling: %v", err)
	}
	select {
	case m := <-s.stats:
		g, _ := strconv.Atoi(m[1])
		h, _ := strconv.ParseInt(m[2], 10, 64)
		return g, h
	case <-time.After(60 * time.Second):
		t.Fatal("pling did not answer SIGUSR1 with its runtime figures (PLING_DEBUG_STATS)")
	}
	return 0, 0
}

// measure takes a checkpoint once the closed sessions' teardown has
// finished (closing is partly asynchronous: the browser disposes contexts
// and ends renderers after DELETE answered) and the spare session taken by
// the last one has been replaced (the replacement starts a second after the
// take, refillAfter): it waits until the goroutine and process counts hold
// still for stableFor. (Still for one second was not enough: under load a
// checkpoint fell in the second before the replacement and counted 7
// goroutines fewer than the next.)
func (s *soakServer) measure(t *testing.T) soakFigures {
	t.Helper()
	const stableFor = 3 * time.Second
	var last soakFigures
	var since time.Time
	for range 120 {
		g, h := s.gcStats(t)
		n, _, _ := procStats(s.pid)
		f := soakFigures{goroutines: g, heapKB: h, procs: n - 1, rssKB: statusKB(s.pid, "/status", "VmRSS:"), kinds: chromiumKinds(s.pid)}
		if since.IsZero() || f.goroutines != last.goroutines || f.procs != last.procs {
			since = time.Now()
		}
		last = f
		if time.Since(since) >= stableFor {
			break
		}
		time.Sleep(500 * time.Millisecond)
	}
	return last
}

// soakSessions is the length of the churn: 60 in `make test`,
// PLING_SOAK_SESSIONS (1000 in `make soak`) otherwise.
func soakSessions(t *testing.T) int {
	n := 60
	if v := os.Getenv("PLING_SOAK_SESSIONS"); v != "" {
		var err error
		if n, err = strconv.Atoi(v); err != nil || n < 10 {
			t.Fatalf("PLING_SOAK_SESSIONS=%q: want a number of sessions, at least 10", v)
		}
	}
	return n
}

// Sessions opened and closed one after another (each: initialize, navigate
// to a small local page, observe, DELETE) leave pling's RSS and goroutines
// after a GC within 10 % of an early checkpoint taken after a warm-up, and
// no Chromium process behind (at most one more of Chromium's own).
func TestHTTPSessionChurn(t *testing.T) {
	t.Parallel()
	n := soakSessions(t)
	warm := min(50, n/3) // the checkpoint: caches and pools are warm by then
	srv := startSoakServer(t)
	start := time.Now()
	cycle := func(i int) {
		c := loadSession(t, srv.base)
		for _, step := range []struct {
			name string
			args map[string]any
		}{
			{"navigate", map[string]any{"url": url("/todos")}},
			{"observe", map[string]any{}},
		} {
			if r := call(t, c, step.name, step.args); r.IsError {
				t.Fatalf("session %d: %s: %s", i, step.name, r.Text)
			}
		}
		if err := c.Close(); err != nil { // DELETE /mcp
			t.Fatalf("session %d: close: %v", i, err)
		}
	}
	for i := range warm {
		cycle(i)
	}
	early := srv.measure(t)
	t.Logf("after %d sessions: %s", warm, early)
	for i := warm; i < n; i++ {
		cycle(i)
		if (i+1)%100 == 0 {
			t.Logf("%d sessions, %s", i+1, time.Since(start).Round(time.Second))
		}
	}
	end := srv.measure(t)
	t.Logf("after %d sessions (%s): %s", n, time.Since(start).Round(time.Second), end)
	if float64(end.rssKB) > float64(early.rssKB)*1.1 {
		t.Errorf("RSS after a GC grew from %d KiB to %d KiB over %d sessions (more than 10 %%)", early.rssKB, end.rssKB, n-warm)
	}
	if float64(end.goroutines) > float64(early.goroutines)*1.1 {
		t.Errorf("goroutines after a GC grew from %d to %d over %d sessions (more than 10 %%)", early.goroutines, end.goroutines, n-warm)
	}
	// A closed session that left its renderer would add one process per
	// session; Chromium may keep one more process of its own at its
	// discretion (a spare renderer, a utility service), and the spare
	// session (browser.spareSessions) may be between its replacement and
	// that spare renderer at a checkpoint, so two are allowed: the
	// 1,000-session run went from 8 to 9 without spares, churns with one
	// spare saw 10 to 12.
	if end.procs > early.procs+2 {
		t.Errorf("Chromium processes grew from %d %v to %d %v over %d sessions: closed sessions left processes", early.procs, early.kinds, end.procs, end.kinds, n-warm)
	}
}
