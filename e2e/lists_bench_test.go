package e2e

import (
	"fmt"
	"html"
	"io/fs"
	"regexp"
	"strings"
	"testing"

	"github.com/mark3labs/mcp-go/client"
	"github.com/tiktoken-go/tokenizer"

	"github.com/pling-dev/pling/fixtures"
)

// listCandidate is one budget for an MCP page result, as config:
// maxToolResultTokens (bounding receipt and observation together; a
// continuation slice fills it with records) and the record section's
// budget. The first candidate is the defaults (maxToolResultTokens 1000,
// maxRecordChars 1500); docs/PERFORMANCE.md has the figures that chose
// them.
type listCandidate struct {
	name, yaml string
}

var listCandidates = []listCandidate{
	{"default", ""},
	{"result-1000_records-4000", "observation:\n  maxToolResultTokens: 1000\n  maxRecordChars: 4000\n"},
	{"result-2000_records-4000", "observation:\n  maxToolResultTokens: 2000\n  maxRecordChars: 4000\n"},
	{"result-4000_records-4000", "observation:\n  maxToolResultTokens: 4000\n  maxRecordChars: 4000\n"},
}

// listGoals are issue 19's goals for the default config: every row of a
// 25-row table in at most 2 calls and 3,000 tokens, the row holding a
// text in 1 call, a 100-row table in at most 5 calls.
var listGoals = map[string]struct{ calls, tokens int }{
	"read-25-rows":  {2, 3000},
	"find-row":      {1, 0},
	"read-100-rows": {5, 0},
}

var cl100k = func() tokenizer.Codec {
	c, err := tokenizer.Get(tokenizer.Cl100kBase)
	if err != nil {
		panic(err)
	}
	return c
}()

// BenchmarkLists runs issue 19's list tasks on the project's own pages
// through the real binary over stdio, for each candidate config, and
// reports per task the calls and the cl100k tokens of the result texts
// the model reads (navigate included): read every row of the 25-row admin
// table with long cells (fixtures/pages/admin-posts.html), find the row
// holding a text there, read the 100-row table (customers.html), and find
// and trash one post of the 16-post list (posts.html). The default
// config must meet the goals (listGoals); the others are measured only.
func BenchmarkLists(b *testing.B) {
	post := postTitle(b, 11)
	for _, cand := range listCandidates {
		b.Run(cand.name, func(b *testing.B) {
			args := []string{}
			if cand.yaml != "" {
				args = append(args, "--config", writeConfig(b, cand.yaml))
			}
			c, _ := stdioClient(b, nil, args...)
			tasks := []struct {
				name string
				run  func(r *listRun)
			}{
				{"read-25-rows", func(r *listRun) { r.readAll("/admin-posts", 25) }},
				{"find-row", func(r *listRun) {
					r.navigate("/admin-posts", false)
					r.find("draft 17", "post-117")
				}},
				{"read-100-rows", func(r *listRun) { r.readAll("/customers", 100) }},
				{"trash-post-of-16", func(r *listRun) {
					r.navigate("/posts", true)
					id := r.find(post, "p11")
					res := r.call("act", map[string]any{"action": "trash", "record": id})
					if !strings.Contains(res.Text, `"removed":["p11"]`) {
						b.Fatalf("trash p11: %s", res.Text)
					}
				}},
			}
			for _, task := range tasks {
				b.Run(task.name, func(b *testing.B) {
					var calls, tokens int
					for i := 0; i < b.N; i++ {
						r := &listRun{b: b, c: c}
						task.run(r)
						calls += r.calls
						tokens += r.tokens
					}
					n := float64(b.N)
					b.ReportMetric(float64(calls)/n, "calls")
					b.ReportMetric(float64(tokens)/n, "tokens")
					if g, ok := listGoals[task.name]; ok && cand.name == "default" {
						if calls/b.N > g.calls || (g.tokens > 0 && tokens/b.N > g.tokens) {
							b.Errorf("%s: %d calls, %d tokens: the goal is at most %d calls and %d tokens", task.name, calls/b.N, tokens/b.N, g.calls, g.tokens)
						}
					}
				})
			}
		})
	}
}

// listRun counts one task's calls and tokens.
type listRun struct {
	b             *testing.B
	c             *client.Client
	calls, tokens int
}

func (r *listRun) call(name string, args map[string]any) result {
	res := call(r.b, r.c, name, args)
	if res.IsError {
		r.b.Fatalf("%s: %s", name, res.Text)
	}
	n, _ := cl100k.Count(res.Text)
	r.calls++
	r.tokens += n
	return res
}

// navigate opens a fixture page; counted says whether the call counts
// (a find is measured from the page already open).
func (r *listRun) navigate(path string, counted bool) result {
	if !counted {
		res := call(r.b, r.c, "navigate", map[string]any{"url": url(path)})
		if res.IsError {
			r.b.Fatal(res.Text)
		}
		return res
	}
	return r.call("navigate", map[string]any{"url": url(path)})
}

// readAll navigates to path and follows the continuation until every one
// of want records was shown with its fields.
func (r *listRun) readAll(path string, want int) {
	res := r.navigate(path, true)
	seen := map[string]bool{}
	for {
		obs, _ := res.Body["observation"].(map[string]any)
		recs, _ := obs["records"].(map[string]any)
		shown, _ := recs["shown"].([]any)
		for _, x := range shown {
			rec, _ := x.(map[string]any)
			if f, _ := rec["fields"].(map[string]any); len(f) > 0 {
				seen[fmt.Sprint(rec["id"])] = true
			}
		}
		tok, _ := obs["continuation"].(string)
		if len(seen) >= want || tok == "" || r.calls > 30 {
			break
		}
		res = r.call("observe", map[string]any{"continuation": tok})
	}
	if len(seen) != want {
		r.b.Fatalf("%s: %d of %d records read in %d calls", path, len(seen), want, r.calls)
	}
}

// find calls observe {find} and returns the id of the one record shown,
// which must be want.
func (r *listRun) find(text, want string) string {
	res := r.call("observe", map[string]any{"find": map[string]any{"text": text}})
	obs, _ := res.Body["observation"].(map[string]any)
	recs, _ := obs["records"].(map[string]any)
	shown, _ := recs["shown"].([]any)
	if len(shown) != 1 {
		r.b.Fatalf("find %q: %d records:\n%s", text, len(shown), res.Text)
	}
	rec, _ := shown[0].(map[string]any)
	if rec["id"] != want {
		r.b.Fatalf("find %q: %v, want %s", text, rec["id"], want)
	}
	return want
}

// postTitle is the title of article p<n> of fixtures/pages/posts.html.
func postTitle(b *testing.B, n int) string {
	raw, err := fs.ReadFile(fixtures.Pages(), "posts.html")
	if err != nil {
		b.Fatal(err)
	}
	m := regexp.MustCompile(fmt.Sprintf(`<article id="p%d"><h2><a [^>]*>([^<]+)</a>`, n)).FindSubmatch(raw)
	if m == nil {
		b.Fatalf("no article p%d in posts.html", n)
	}
	return html.UnescapeString(string(m[1]))
}
