package realworld

import (
	"context"
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"net/url"
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

	"github.com/pling-dev/pling/internal/testbrowser"
)

var (
	binary  string // the built pling
	cfgFile string // the corpus config: loopback only
	workDir string
)

// corpusConfig keeps Chromium off every network but loopback: host names
// resolve to nothing (so a CDN script fails to load, as it would offline)
// and navigation is allowed to 127.0.0.1 only.
const corpusConfig = `browser:
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
	if err := os.WriteFile(cfgFile, []byte(corpusConfig), 0o644); err != nil {
		panic(err)
	}
	code := m.Run()
	_ = os.RemoveAll(dir)
	os.Exit(code)
}

// notFound records, per referring page path, the paths the server
// answered 404: runtime evidence of files an app needs and its package
// does not ship.
type notFound struct {
	mu    sync.Mutex
	paths map[string][]string
}

func (n *notFound) add(referer, path string) {
	n.mu.Lock()
	defer n.mu.Unlock()
	for _, p := range n.paths[referer] {
		if p == path {
			return
		}
	}
	n.paths[referer] = append(n.paths[referer], path)
}

// under returns the 404 paths requested by pages under prefix.
func (n *notFound) under(prefix string) []string {
	n.mu.Lock()
	defer n.mu.Unlock()
	var out []string
	for ref, ps := range n.paths {
		if strings.HasPrefix(ref, prefix) {
			out = append(out, ps...)
		}
	}
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

// serveDir serves dir on 127.0.0.1 for the rest of the test and records
// what it could not find.
func serveDir(t *testing.T, dir string) (string, *notFound) {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	missing := &notFound{paths: map[string][]string{}}
	files := http.FileServer(http.Dir(dir))
	handler := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		sw := &statusWriter{ResponseWriter: w, status: http.StatusOK}
		files.ServeHTTP(sw, r)
		if sw.status == http.StatusNotFound && r.URL.Path != "/favicon.ico" {
			ref := r.Referer()
			if u, err := url.Parse(ref); err == nil {
				ref = u.Path
			}
			missing.add(ref, r.URL.Path)
		}
	})
	srv := &http.Server{Handler: handler, ReadHeaderTimeout: 10 * time.Second}
	go func() { _ = srv.Serve(ln) }()
	t.Cleanup(func() { _ = srv.Close() })
	return "http://" + ln.Addr().String(), missing
}

// session is one `pling serve` process over stdio and what the agent read.
type session struct {
	c     *client.Client
	chars int // characters of tool-result text read by the agent
	calls int
}

// startSession starts `pling serve` with the corpus config.
func startSession(ctx context.Context) (*session, error) {
	c := client.NewClient(transport.NewStdio(binary, []string{"PLING_LOG=warn"}, "serve", "--config", cfgFile))
	if err := c.Start(ctx); err != nil {
		return nil, fmt.Errorf("start pling serve: %w", err)
	}
	ictx, cancel := context.WithTimeout(ctx, 90*time.Second)
	defer cancel()
	var init mcp.InitializeRequest
	init.Params.ProtocolVersion = mcp.LATEST_LEGACY_PROTOCOL_VERSION
	init.Params.ClientInfo = mcp.Implementation{Name: "realworld", Version: "0"}
	if _, err := c.Initialize(ictx, init); err != nil {
		_ = c.Close()
		return nil, fmt.Errorf("initialize: %w", err)
	}
	return &session{c: c}, nil
}

func (s *session) close() { _ = s.c.Close() }

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
}

type receipt struct {
	OK      bool   `json:"ok"`
	Warning string `json:"warning"`
	Action  struct {
		ID string `json:"id"`
	} `json:"action"`
	Changed struct {
		Records struct {
			Added   []string `json:"added"`
			Removed []string `json:"removed"`
			Changed []string `json:"changed"`
		} `json:"records"`
	} `json:"changed"`
}

type observation struct {
	Revision string   `json:"revision"`
	Actions  []action `json:"actions"`
	Records  struct {
		Total int      `json:"total"`
		Shown []record `json:"shown"`
		IDs   []string `json:"ids"`
	} `json:"records"`
	Continuation string `json:"continuation"`
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
}

type record struct {
	ID     string            `json:"id"`
	Label  string            `json:"label"`
	Fields map[string]string `json:"fields"`
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
		return result{}, fmt.Errorf("call %s: %w", name, err)
	}
	s.calls++
	r := result{IsError: res.IsError}
	for _, ct := range res.Content {
		if tc, ok := mcp.AsTextContent(ct); ok {
			r.Text += tc.Text
		}
	}
	s.chars += len([]rune(r.Text))
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

// tokens estimates the tokens of n characters of tool-result text. No
// cl100k tokenizer is in go.mod yet, so this is the usual chars/4
// estimate; docs/REALWORLD.md says so.
func tokens(chars int) int { return (chars + 3) / 4 }

// tokenizerName says how tokens are counted, for the report.
const tokenizerName = "chars/4 estimate"
