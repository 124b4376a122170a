package realworld

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/mark3labs/mcp-go/client"
	"github.com/mark3labs/mcp-go/client/transport"
	"github.com/mark3labs/mcp-go/mcp"
	"github.com/tiktoken-go/tokenizer"

	"github.com/pling-dev/pling/e2e/internal/mcpstart"
	"github.com/pling-dev/pling/internal/testbrowser"
)

var (
	binary  string // the built pling
	cfgFile string // the corpus config: loopback only
	workDir string
)

// corpusConfig keeps Chromium off every network but loopback: host names
// resolve to nothing (so a CDN script fails to load, as it would offline)
// and navigation is allowed to 127.0.0.1 only. The action timeout is
// generous: the corpus measures what Pling infers, on a shared machine
// whose load varies, not how fast it is.
const corpusConfig = `browser:
  actionTimeoutMs: 30000
  startTimeoutMs: 120000
  extraFlags:
    - "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"
navigation:
  allow: ["http://127.0.0.1:*"]
`

func TestMain(m *testing.M) {
	if _, err := os.Stat(testbrowser.ExecPath()); err != nil {
		fmt.Fprintf(os.Stderr, "realworld: real Chromium is required at %s (apt-get install -y chromium): %v\n", testbrowser.ExecPath(), err)
		os.Exit(1)
	}
	dir, err := os.MkdirTemp("", "pling-realworld")
	if err != nil {
		panic(err)
	}
	workDir = dir
	binary = filepath.Join(dir, "pling")
	build := exec.Command("go", "build", "-o", binary, "../../cmd/pling")
	build.Stdout, build.Stderr = os.Stderr, os.Stderr
	if err := build.Run(); err != nil {
		fmt.Fprintln(os.Stderr, "realworld: build pling:", err)
		os.Exit(1)
	}
	cfgFile = filepath.Join(dir, "corpus.yaml")
	// REALWORLD_CONFIG_EXTRA is YAML added to the corpus config: how
	// candidate budgets are measured on the corpus (docs/PERFORMANCE.md).
	if err := os.WriteFile(cfgFile, []byte(corpusConfig+os.Getenv("REALWORLD_CONFIG_EXTRA")), 0o644); err != nil {
		panic(err)
	}
	code := m.Run()
	_ = os.RemoveAll(dir)
	os.Exit(code)
}

// notFound records the paths a file server answered 404: run-time
// evidence of files an app needs and its package does not ship.
type notFound struct {
	mu    sync.Mutex
	paths []string
}

func (n *notFound) add(path string) {
	n.mu.Lock()
	defer n.mu.Unlock()
	for _, p := range n.paths {
		if p == path {
			return
		}
	}
	n.paths = append(n.paths, path)
}

func (n *notFound) all() []string {
	n.mu.Lock()
	defer n.mu.Unlock()
	out := append([]string(nil), n.paths...)
	sort.Strings(out)
	return out
}

type statusWriter struct {
	http.ResponseWriter
	status int
}

func (w *statusWriter) WriteHeader(code int) {
	w.status = code
	w.ResponseWriter.WriteHeader(code)
}

// serveDir serves dir on its own 127.0.0.1 port (its own origin) until
// stop, recording what it could not find.
func serveDir(dir string) (base string, missing *notFound, stop func()) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		panic(err) // loopback listening is a precondition of every e2e test
	}
	missing = &notFound{}
	files := http.FileServer(http.Dir(dir))
	handler := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		sw := &statusWriter{ResponseWriter: w, status: http.StatusOK}
		files.ServeHTTP(sw, r)
		if sw.status == http.StatusNotFound && r.URL.Path != "/favicon.ico" {
			missing.add(r.URL.Path)
		}
	})
	srv := &http.Server{Handler: handler, ReadHeaderTimeout: 10 * time.Second}
	go func() { _ = srv.Serve(ln) }()
	return "http://" + ln.Addr().String(), missing, func() { _ = srv.Close() }
}

// session is one `pling serve` process over stdio and what the agent read.
type session struct {
	c      *client.Client
	tokens int // cl100k tokens of tool-result text read by the agent
	calls  int
	// obsMS are the timed observations (timeObservation), in ms; probe is
	// their total time, left out of an app's seconds.
	obsMS []float64
	probe time.Duration
	// dump, when set, receives every call and its result text
	// (REALWORLD_DUMP=dir: one file per app, for finding failure causes).
	dump io.Writer
}

// startSession starts `pling serve` with the corpus config.
func startSession(ctx context.Context) (*session, error) { return startSessionWith(ctx, cfgFile) }

// startSessionWith starts `pling serve` with the config at path and env
// added to its environment.
func startSessionWith(ctx context.Context, path string, env ...string) (*session, error) {
	c := client.NewClient(transport.NewStdio(binary, append([]string{"PLING_LOG=warn"}, env...), "serve", "--config", path))
	if err := mcpstart.Start(ctx, c, mcpstart.Options{Name: "realworld", Timeout: 90 * time.Second}); err != nil {
		return nil, fmt.Errorf("pling serve: %w", err)
	}
	return &session{c: c}, nil
}

func (s *session) close() { _ = s.c.Close() }

// callError is a failed MCP call (transport or timeout), not a tool
// error result: the session may be unusable afterwards.
type callError struct {
	name string
	err  error
}

func (e *callError) Error() string { return "call " + e.name + ": " + e.err.Error() }
func (e *callError) Unwrap() error { return e.err }

// result is a decoded page result: the text the agent reads and the same
// as structured content.
type result struct {
	IsError bool
	Text    string
	Code    string
	Body    pageResult
}

// pageResult mirrors the structured content of a page tool result (the
// fields the script reads).
type pageResult struct {
	Code        string       `json:"code"`
	Result      *receipt     `json:"result"`
	Observation *observation `json:"observation"`
	// NewPages are the handles of tabs the page opened during the call.
	NewPages []string `json:"new_pages"`
	// Page is the handle of the page the result shows: the tab an action
	// opened, when it opened one.
	Page string `json:"page"`
}

type receipt struct {
	OK      bool   `json:"ok"`
	Warning string `json:"warning"`
	Action  struct {
		ID string `json:"id"`
	} `json:"action"`
	Changed struct {
		Observed  bool     `json:"observed"`
		Navigated bool     `json:"navigated"`
		Feedback  []string `json:"feedback"`
		State     []string `json:"state"`
		Actions   struct {
			Appeared []string `json:"appeared"`
		} `json:"actions"`
		Records struct {
			Added   []string `json:"added"`
			Removed []string `json:"removed"`
			Changed []string `json:"changed"`
		} `json:"records"`
	} `json:"changed"`
}

type observation struct {
	Revision string `json:"revision"`
	Identity struct {
		Path string `json:"path"`
	} `json:"identity"`
	Feedback []struct {
		Kind    string `json:"kind"`
		Message string `json:"message"`
	} `json:"feedback"`
	Actions []action `json:"actions"`
	Records struct {
		Total int      `json:"total"`
		Shown []record `json:"shown"`
		IDs   []string `json:"ids"`
	} `json:"records"`
	Continuation string         `json:"continuation"`
	State        map[string]any `json:"state"`
	// Settled is false when the page was still changing at the
	// observation (its settle wait timed out).
	Settled *bool `json:"settled"`
}

type action struct {
	Name        string         `json:"name"`
	Kind        string         `json:"kind"`
	Region      string         `json:"region"`
	Description string         `json:"description"`
	Folded      int            `json:"folded"`
	RecordParam bool           `json:"record_param"`
	Params      map[string]any `json:"params"`
	SampleIDs   []string       `json:"sample_ids"`
	// Value is a field's current content, as the observation shows it.
	Value *struct {
		Head string `json:"head"`
		Tail string `json:"tail"`
	} `json:"value"`
}

// options are a select's options as the observation lists them (its
// value parameter's enum).
func (a *action) options() []string {
	v, _ := a.Params["value"].(map[string]any)
	e, _ := v["enum"].([]any)
	var out []string
	for _, o := range e {
		if s, ok := o.(string); ok {
			out = append(out, s)
		}
	}
	return out
}

type record struct {
	ID     string            `json:"id"`
	Label  string            `json:"label"`
	Fields map[string]string `json:"fields"`
}

// timeObservation times one plain `observe` (no wait, no continuation):
// the observation time on the corpus, as a host sees it (the MCP round
// trip, the collector in the page, the build and the rendering). It is a
// measurement, not a step of the script: its text is neither counted nor
// dumped. A tool error is not timed; a failed call is returned.
func (s *session) timeObservation(ctx context.Context) error {
	cctx, cancel := context.WithTimeout(ctx, 90*time.Second)
	defer cancel()
	var req mcp.CallToolRequest
	req.Params.Name = "observe"
	req.Params.Arguments = map[string]any{}
	start := time.Now()
	res, err := s.c.CallTool(cctx, req)
	d := time.Since(start)
	s.probe += d
	if err != nil {
		return &callError{name: "observe", err: err}
	}
	if !res.IsError {
		s.obsMS = append(s.obsMS, float64(d.Microseconds())/1000)
	}
	return nil
}

// call runs one tool and counts the text the agent reads.
func (s *session) call(ctx context.Context, name string, args map[string]any) (result, error) {
	cctx, cancel := context.WithTimeout(ctx, 90*time.Second)
	defer cancel()
	var req mcp.CallToolRequest
	req.Params.Name = name
	req.Params.Arguments = args
	res, err := s.c.CallTool(cctx, req)
	if err != nil {
		return result{}, &callError{name: name, err: err}
	}
	s.calls++
	r := result{IsError: res.IsError}
	for _, ct := range res.Content {
		if tc, ok := mcp.AsTextContent(ct); ok {
			r.Text += tc.Text
		}
	}
	s.tokens += countTokens(r.Text)
	if s.dump != nil {
		args, _ := json.Marshal(args)
		fmt.Fprintf(s.dump, "### %s %s\n%s\n\n", name, args, r.Text)
	}
	if res.StructuredContent != nil {
		raw, _ := json.Marshal(res.StructuredContent)
		_ = json.Unmarshal(raw, &r.Body)
	}
	r.Code = r.Body.Code
	if r.IsError && r.Code == "" {
		r.Code, _, _ = strings.Cut(r.Text, ":")
	}
	return r, nil
}

// cl100k is the tokenizer the figures use (Playwright MCP's
// snapshot was counted with it too). Its ranks are compiled into the
// module: nothing is downloaded.
var cl100k = func() tokenizer.Codec {
	c, err := tokenizer.Get(tokenizer.Cl100kBase)
	if err != nil {
		panic(err)
	}
	return c
}()

// countTokens counts the cl100k tokens of text.
func countTokens(text string) int {
	n, err := cl100k.Count(text)
	if err != nil {
		return (len(text) + 3) / 4
	}
	return n
}

// tokenizerName says how tokens are counted, for the report.
const tokenizerName = "cl100k"
