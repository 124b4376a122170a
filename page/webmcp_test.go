package page_test

import (
	"context"
	"encoding/json"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/pling-dev/pling/browser"
	"github.com/pling-dev/pling/internal/testbrowser"
	"github.com/pling-dev/pling/page"
)

// webmcpAction returns the WebMCP entry name of o, failing the test when
// it is missing.
func webmcpAction(t *testing.T, o *page.Observation, name string) page.Action {
	t.Helper()
	for _, a := range o.Actions {
		if a.Name == name {
			if a.Source != "webmcp" || a.Kind != "tool" {
				t.Fatalf("%s is not a WebMCP tool: %+v", name, a)
			}
			return a
		}
	}
	t.Fatalf("no WebMCP action %s in %s", name, page.RenderCompact(o, page.DefaultBudgets(), false))
	return page.Action{}
}

func TestWebMCPDump(t *testing.T) {
	rt := open(t, "/webmcp", page.DefaultBudgets())
	o := rt.Last()
	t.Log(page.RenderCompact(o, page.DefaultBudgets(), false))
	raw, _ := json.MarshalIndent(page.Schemas(o), "", " ")
	t.Log(string(raw))
}

var _ = context.Background
var _ = strings.Contains
var _ sync.Once
var _ = time.Second
var _ = browser.Options{}
var _ = testbrowser.New
