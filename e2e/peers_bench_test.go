package e2e

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/mark3labs/mcp-go/client"
	"github.com/mark3labs/mcp-go/client/transport"
	"github.com/mark3labs/mcp-go/mcp"

	"github.com/pling-dev/pling/e2e/internal/mcpstart"
	"github.com/pling-dev/pling/internal/npmcache"
)

// The peers BenchmarkPeers runs beside Pling, installed at bench time into
// the build cache (internal/npmcache), never vendored.
const (
	playwrightMCPSpec = "@playwright/mcp@0.0.83"
	devtoolsMCPSpec   = "chrome-devtools-mcp@1.11.0"
)

// onlyLocal keeps every peer's Chromium on 127.0.0.1, as Pling's tests are.
const onlyLocal = "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"

// peer is one MCP server as the benchmark drives it: how it starts, how
// it navigates and hands the page to the agent (navigate plus a snapshot
// when navigate does not return one), and how it clicks the first todo's
// Done button and hands over the new state.
type peer struct {
	name    string
	command string
	args    []string
	env     []string
	dir     string
	// navigate loads url and returns the text the agent reads.
	navigate func(ctx context.Context, c *client.Client, url string) (string, error)
	// click presses the first row's Done button of the todo page whose
	// observation is obs and returns the text of the new state.
	click func(ctx context.Context, c *client.Client, obs string) (string, error)
	// done matches what the new state shows of the first task once done.
	done *regexp.Regexp
}

// callText calls a tool and returns its text content; a tool error is an
// error.
func callText(ctx context.Context, c *client.Client, name string, args map[string]any) (string, error) {
	var req mcp.CallToolRequest
	req.Params.Name = name
	req.Params.Arguments = args
	res, err := c.CallTool(ctx, req)
	if err != nil {
		return "", fmt.Errorf("%s: %w", name, err)
	}
	var b strings.Builder
	for _, ct := range res.Content {
		if tc, ok := mcp.AsTextContent(ct); ok {
			b.WriteString(tc.Text)
		}
	}
	if res.IsError {
		return "", fmt.Errorf("%s: tool error: %.300s", name, b.String())
	}
	return b.String(), nil
}

var (
	pwDoneRef = regexp.MustCompile(`button "Done" \[ref=(\w+)\]`)
	cdDoneUID = regexp.MustCompile(`uid=(\S+) button "Done"`)
)

// peers returns Pling and the two peers, installing the peers first.
func peers(b *testing.B) []peer {
	ctx := context.Background()
	pw, err := npmcache.Install(ctx, "@playwright/mcp", playwrightMCPSpec)
	if err != nil {
		b.Fatalf("the peer benchmark needs npm and the registry: %v", err)
	}
	pwCLI, err := npmcache.Bin(pw, "")
	if err != nil {
		b.Fatal(err)
	}
	cd, err := npmcache.Install(ctx, "chrome-devtools-mcp", devtoolsMCPSpec)
	if err != nil {
		b.Fatalf("the peer benchmark needs npm and the registry: %v", err)
	}
	cdCLI, err := npmcache.Bin(cd, "")
	if err != nil {
		b.Fatal(err)
	}
	node, err := exec.LookPath("node")
	if err != nil {
		b.Fatalf("the peer benchmark needs node (apt-get install -y nodejs): %v", err)
	}
	work := b.TempDir() // Playwright MCP writes its snapshot files here
	cfg := filepath.Join(work, "playwright-mcp.json")
	if err := os.WriteFile(cfg, []byte(`{"browser":{"launchOptions":{"chromiumSandbox":false,"args":["`+onlyLocal+`"]}}}`), 0o644); err != nil {
		b.Fatal(err)
	}
	return []peer{
		{
			name: "pling", command: binary, args: plingServe(b), env: []string{"PLING_LOG=warn"}, done: regexp.MustCompile(`Review the launch checklist(; done | \| )true`),
			navigate: func(ctx context.Context, c *client.Client, url string) (string, error) {
				return callText(ctx, c, "navigate", map[string]any{"url": url})
			},
			click: func(ctx context.Context, c *client.Client, _ string) (string, error) {
				return callText(ctx, c, "act", map[string]any{"action": "toggle", "record": "t1"})
			},
		},
		{
			// browser_navigate of 0.0.83 writes its snapshot to a file and
			// returns the file's name; browser_snapshot returns it inline.
			name: "playwright-mcp", command: node, dir: work, done: regexp.MustCompile(`button "Reopen"`),
			args: []string{pwCLI, "--headless", "--isolated", "--executable-path", browserPath(), "--config", cfg, "--output-dir", work},
			navigate: func(ctx context.Context, c *client.Client, url string) (string, error) {
				if _, err := callText(ctx, c, "browser_navigate", map[string]any{"url": url}); err != nil {
					return "", err
				}
				return callText(ctx, c, "browser_snapshot", map[string]any{})
			},
			click: func(ctx context.Context, c *client.Client, obs string) (string, error) {
				m := pwDoneRef.FindStringSubmatch(obs)
				if m == nil {
					return "", fmt.Errorf("no Done button in the snapshot: %.500s", obs)
				}
				if _, err := callText(ctx, c, "browser_click", map[string]any{"target": m[1], "element": "the first task's Done button"}); err != nil {
					return "", err
				}
				return callText(ctx, c, "browser_snapshot", map[string]any{})
			},
		},
		{
			name: "chrome-devtools-mcp", command: node, dir: work, done: regexp.MustCompile(`button "Reopen"`),
			env: []string{"CHROME_DEVTOOLS_MCP_NO_USAGE_STATISTICS=1"},
			args: []string{cdCLI, "--headless", "--isolated", "--executablePath", browserPath(), "--usageStatistics=false",
				"--performanceCrux=false", "--pageIdRouting=false", "--chromeArg=--no-sandbox", "--chromeArg=" + onlyLocal},
			navigate: func(ctx context.Context, c *client.Client, url string) (string, error) {
				if _, err := callText(ctx, c, "navigate_page", map[string]any{"type": "url", "url": url}); err != nil {
					return "", err
				}
				return callText(ctx, c, "take_snapshot", map[string]any{})
			},
			click: func(ctx context.Context, c *client.Client, obs string) (string, error) {
				m := cdDoneUID.FindStringSubmatch(obs)
				if m == nil {
					return "", fmt.Errorf("no Done button in the snapshot: %.500s", obs)
				}
				return callText(ctx, c, "click", map[string]any{"uid": m[1], "includeSnapshot": true})
			},
		},
	}
}

// browserPath is the Chromium the peers run: Debian's, or
// $PLING_CHROMIUM. Pling runs its own default unless $PLING_CHROMIUM is
// set (plingServe): the discovered headless shell, as a user gets it.
func browserPath() string {
	if p := os.Getenv("PLING_CHROMIUM"); p != "" {
		return p
	}
	return "/usr/bin/chromium"
}

// plingServe is the command line of a Pling server: `serve` on the
// default browser (browser.execPath unset: the headless shell where it is
// installed), with a config naming $PLING_CHROMIUM when it is set.
func plingServe(tb testing.TB) []string {
	p := os.Getenv("PLING_CHROMIUM")
	if p == "" {
		return []string{"serve"}
	}
	return []string{"serve", "--config", writeConfig(tb, browserYAML(tb, p))}
}

// peerMetrics are the figures of one server, in the order reported.
var peerMetrics = []string{"init", "first-obs", "nav-todos", "nav-table1000", "click"}

// BenchmarkPeers runs Pling, Playwright MCP and Chrome DevTools MCP on the
// same machine in the same run, each over stdio with its own headless
// Chromium (the peers Debian's full Chromium, Pling its default: the
// headless shell), and reports for each (median over b.N rounds, the
// servers taking turns within a round): spawn → initialize answered, spawn
// → first observation (Pling's navigate; the peers' navigate + snapshot)
// of the 12-row todo page, a warm navigate + observation of the todo page
// and of a 1,000-row table, and click → new state (Pling's act; the
// peers' click + snapshot). Figures and how to read them in
// docs/PERFORMANCE.md; rerun (needs npm, node and the npm registry the
// first time):
//
//	make bench-peers
//	go test ./e2e -run '^$' -bench BenchmarkPeers -benchtime 5x
func BenchmarkPeers(b *testing.B) {
	servers := peers(b)
	got := map[string]map[string][]time.Duration{}
	for _, p := range servers {
		got[p.name] = map[string][]time.Duration{}
	}
	for range b.N {
		for _, p := range servers {
			for k, d := range runPeer(b, p) {
				got[p.name][k] = append(got[p.name][k], d)
			}
		}
	}
	var table strings.Builder
	fmt.Fprintf(&table, "| server | %s |\n|---|%s\n", strings.Join(peerMetrics, " | "), strings.Repeat("---|", len(peerMetrics)))
	for _, p := range servers {
		fmt.Fprintf(&table, "| %s |", p.name)
		for _, m := range peerMetrics {
			v := median(got[p.name][m])
			b.ReportMetric(v, p.name+"-"+m+"-ms")
			fmt.Fprintf(&table, " %.0f |", v)
		}
		table.WriteString("\n")
	}
	fmt.Printf("BenchmarkPeers, median of %d rounds, ms:\n%s", b.N, table.String())
}

// runPeer starts one server and takes its figures once.
func runPeer(b *testing.B, p peer) map[string]time.Duration {
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	out := map[string]time.Duration{}
	opts := []transport.StdioOption{}
	if p.dir != "" {
		opts = append(opts, transport.WithCommandFunc(func(ctx context.Context, command string, env, args []string) (*exec.Cmd, error) {
			cmd := exec.CommandContext(ctx, command, args...)
			cmd.Env = append(os.Environ(), env...)
			cmd.Dir = p.dir
			return cmd, nil
		}))
	}
	start := time.Now()
	c := client.NewClient(transport.NewStdioWithOptions(p.command, p.env, p.args, opts...))
	if err := mcpstart.Start(ctx, c, mcpstart.Options{Name: "bench"}); err != nil {
		b.Fatalf("%s: %v", p.name, err)
	}
	defer c.Close()
	out["init"] = time.Since(start)
	obs, err := p.navigate(ctx, c, url("/todos"))
	if err != nil {
		b.Fatalf("%s: first navigate: %v", p.name, err)
	}
	out["first-obs"] = time.Since(start)
	if !strings.Contains(obs, "Review the launch checklist") {
		b.Fatalf("%s: the first observation does not show the first task: %.500s", p.name, obs)
	}
	timed := func(metric, path, want string) string {
		t0 := time.Now()
		text, err := p.navigate(ctx, c, url(path))
		out[metric] = time.Since(t0)
		if err != nil {
			b.Fatalf("%s: navigate %s: %v", p.name, path, err)
		}
		if !strings.Contains(text, want) {
			b.Fatalf("%s: navigate %s: %q not in the result: %.500s", p.name, path, want, text)
		}
		return text
	}
	timed("nav-table1000", "/generated/table?rows=1000", "Customer 1")
	obs = timed("nav-todos", "/todos", "Review the launch checklist")
	t0 := time.Now()
	after, err := p.click(ctx, c, obs)
	out["click"] = time.Since(t0)
	if err != nil {
		b.Fatalf("%s: click: %v", p.name, err)
	}
	if !p.done.MatchString(after) {
		b.Fatalf("%s: click: the new state does not show the task done (%q): %.800s", p.name, p.done, after)
	}
	return out
}

// median of durations, in milliseconds.
func median(d []time.Duration) float64 {
	if len(d) == 0 {
		return 0
	}
	s := append([]time.Duration(nil), d...)
	sort.Slice(s, func(i, j int) bool { return s[i] < s[j] })
	return float64(s[len(s)/2].Microseconds()) / 1000
}
