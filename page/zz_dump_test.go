package page_test

import (
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/pling-dev/pling/internal/testbrowser"
	"github.com/pling-dev/pling/page"
)

func TestZZDump(t *testing.T) {
	paths := os.Getenv("DUMP")
	if paths == "" {
		t.Skip()
	}
	for _, p := range strings.Split(paths, ",") {
		s := testbrowser.Open(t, p)
		var raw json.RawMessage
		pp := page.DefaultCollectParams()
		if err := s.CallScript(t.Context(), page.CollectorScript, pp, &raw); err != nil {
			t.Fatal(err)
		}
		var v map[string]json.RawMessage
		json.Unmarshal(raw, &v)
		fmt.Printf("==== %s (%d bytes)\n", p, len(raw))
		for k, x := range v {
			var arr []json.RawMessage
			if json.Unmarshal(x, &arr) == nil {
				fmt.Printf("%s: (%d)\n", k, len(arr))
				for i, e := range arr {
					if i >= 12 {
						fmt.Println("   ...")
						break
					}
					fmt.Printf("   %s\n", e)
				}
				continue
			}
			fmt.Printf("%s: %s\n", k, x)
		}
	}
}
