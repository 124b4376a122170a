// Package arch holds the test that keeps the package arrows of DESIGN.md
// pointing down: which of Pling's packages may import which, and where the
// MCP library, chromedp and the OpenAI SDK may appear.
package arch

import (
	"os/exec"
	"strings"
	"testing"
)

const mod = "github.com/pling-dev/pling/"

// allowed lists, per package, the Pling packages it may import (non-test
// code). A package missing here may import nothing of Pling's.
var allowed = map[string][]string{
	"cmd/pling":               {"agent", "browser", "config", "extract", "fixtures", "mcpserver", "page", "websearch"},
	"agent":                   {"budget", "config", "errcode", "page"},
	"mcpserver":               {"budget", "errcode", "extract", "page", "websearch"},
	"page":                    {"budget", "errcode"},
	"browser":                 {"errcode", "page"},
	"extract":                 {"budget", "errcode"},
	"websearch":               {"budget", "errcode"},
	"internal/testbrowser":    {"browser", "fixtures"},
	"internal/testpool":       {"internal/npmcache"},
	"internal/dist/packer":    {"internal/dist"},
	"internal/jsbundle/jsgen": {"internal/jsbundle"},
	"internal/jstest":         {"browser", "internal/jsbundle", "internal/testbrowser"},
}

// libraries lists where each outside library may be imported (non-test).
var libraries = map[string][]string{
	"github.com/mark3labs/mcp-go": {"mcpserver", "e2e/internal/mcpstart"},
	"github.com/chromedp/":        {"browser"},
	"github.com/openai/openai-go": {"websearch", "agent"},
	"github.com/tiktoken-go/":     {"agent"},
	"github.com/goccy/go-yaml":    {"config"},
	"github.com/santhosh-tekuri/": {"mcpserver"},
	"github.com/evanw/esbuild":    {"internal/jsbundle"},
}

func TestImportArrows(t *testing.T) {
	out, err := exec.Command("go", "list", "-f", `{{.ImportPath}} {{join .Imports " "}}`, mod+"...").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		fields := strings.Fields(line)
		pkg := strings.TrimPrefix(fields[0], mod)
		ok := map[string]bool{}
		for _, a := range allowed[pkg] {
			ok[a] = true
		}
		for _, imp := range fields[1:] {
			if strings.HasPrefix(imp, mod) {
				if dep := strings.TrimPrefix(imp, mod); !ok[dep] {
					t.Errorf("%s imports %s: not allowed by the arrows of DESIGN.md", pkg, dep)
				}
				continue
			}
			for lib, where := range libraries {
				if strings.HasPrefix(imp, lib) && !contains(where, pkg) {
					t.Errorf("%s imports %s, which belongs only in %v", pkg, imp, where)
				}
			}
		}
	}
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
