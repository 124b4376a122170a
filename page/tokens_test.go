package page

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tiktoken-go/tokenizer"
)

// Tokens of the two renderings, counted with cl100k_base (the yardstick of
// issue 8): the spec's 12-row Todo page in the compact form, with the
// one-time guide, stays under Playwright MCP's 802-token snapshot of a
// 12-row todo page, and every fixture page's compact golden takes at most
// 60% of its full form. `go test ./page -run TestCompactTokens -v` prints
// the figures of docs/PERFORMANCE.md.
func TestCompactTokens(t *testing.T) {
	enc, err := tokenizer.Get(tokenizer.Cl100kBase)
	if err != nil {
		t.Fatal(err)
	}
	count := func(s string) int {
		ids, _, _ := enc.Encode(s)
		return len(ids)
	}
	b := DefaultBudgets()
	o := Build(specTodoSnapshot(), b, BuildOptions{})
	o.Revision = "7.a1b2c3d4.AbCdEfGhIjKl"
	full, compact, guide := count(Render(o, b)), count(RenderCompact(o, b, false)), count(Guide)
	t.Logf("spec todos (12 rows, default budgets): full %d, compact %d, guide %d tokens", full, compact, guide)
	if compact+guide >= 802 || compact*2 > full {
		t.Errorf("spec todos: compact %d + guide %d tokens (full %d): want under 802 and at most half", compact, guide, full)
	}
	files, _ := filepath.Glob("testdata/fixtures/*.compact.md")
	if len(files) == 0 {
		t.Fatal("no compact goldens")
	}
	for _, f := range files {
		c, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		fu, err := os.ReadFile(strings.TrimSuffix(f, ".compact.md") + ".md")
		if err != nil {
			t.Fatal(err)
		}
		nc, nf := count(string(c)), count(string(fu))
		t.Logf("%s: full %d, compact %d tokens", filepath.Base(f), nf, nc)
		if nc*10 > nf*6 {
			t.Errorf("%s: compact %d tokens, full %d: want at most 60%%", f, nc, nf)
		}
	}
}
