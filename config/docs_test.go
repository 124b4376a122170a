package config

import (
	"fmt"
	"os"
	"strings"
	"testing"
)

// docRows reads the key tables of docs/CONFIG.md: section -> key -> cells
// (default, range, meaning).
func docRows(t *testing.T) map[string]map[string][]string {
	t.Helper()
	data, err := os.ReadFile("../docs/CONFIG.md")
	if err != nil {
		t.Fatal(err)
	}
	rows := map[string]map[string][]string{}
	section := ""
	for _, line := range strings.Split(string(data), "\n") {
		if name, ok := strings.CutPrefix(line, "## "); ok {
			section = strings.TrimSpace(name)
			continue
		}
		if !strings.HasPrefix(line, "| `") {
			continue
		}
		cells := strings.Split(strings.Trim(line, "|"), " | ")
		for i := range cells {
			cells[i] = strings.TrimSpace(cells[i])
		}
		key := strings.Trim(cells[0], "`")
		if rows[section] == nil {
			rows[section] = map[string][]string{}
		}
		rows[section][key] = cells[1:]
	}
	return rows
}

// TestDocsListEveryKey: docs/CONFIG.md has one row per leaf key, and the
// default and range of every number match the code.
func TestDocsListEveryKey(t *testing.T) {
	rows := docRows(t)
	sections := map[string]bool{}
	for _, p := range keyPaths() {
		section, key, ok := strings.Cut(p, ".")
		if !ok {
			sections[p] = true
			continue
		}
		if key == "viewport" {
			continue // a mapping; its keys have rows
		}
		if rows[section][key] == nil {
			t.Errorf("docs/CONFIG.md has no row for %s", p)
		}
	}
	for s := range rows {
		if !sections[s] {
			t.Errorf("docs/CONFIG.md has a key table under %q, which is not a section", s)
		}
	}

	def := Default()
	for _, r := range intRanges {
		section, key, _ := strings.Cut(r.path, ".")
		cells := rows[section][key]
		if len(cells) < 3 {
			continue // reported above
		}
		if want := fmt.Sprint(r.get(&def)); cells[0] != want {
			t.Errorf("docs/CONFIG.md default of %s = %q, want %q", r.path, cells[0], want)
		}
		if want := fmt.Sprintf("%d–%d", r.min, r.max); !strings.HasPrefix(cells[1], want) {
			t.Errorf("docs/CONFIG.md range of %s = %q, want it to start with %q", r.path, cells[1], want)
		}
	}
	if cells := rows["observation"]["compactRatio"]; len(cells) < 2 || cells[0] != fmt.Sprint(def.Observation.CompactRatio) ||
		!strings.HasPrefix(cells[1], fmt.Sprintf("%g–%g", minCompactRatio, maxCompactRatio)) {
		t.Errorf("docs/CONFIG.md compactRatio row = %q", cells)
	}
	if cells := rows["navigation"]["blockedSchemes"]; len(cells) < 1 || cells[0] != "`["+strings.Join(def.Navigation.BlockedSchemes, ", ")+"]`" {
		t.Errorf("docs/CONFIG.md blockedSchemes default = %q", cells)
	}
}
