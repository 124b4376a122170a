package main

import (
	"runtime/debug"
	"testing"
)

func TestFormatVersion(t *testing.T) {
	settings := func(kv ...string) []debug.BuildSetting {
		var out []debug.BuildSetting
		for i := 0; i+1 < len(kv); i += 2 {
			out = append(out, debug.BuildSetting{Key: kv[i], Value: kv[i+1]})
		}
		return out
	}
	for _, tc := range []struct {
		name     string
		override string
		info     *debug.BuildInfo
		want     string
	}{
		{"no build info", "", nil, "pling devel"},
		{"devel without vcs", "", &debug.BuildInfo{Main: debug.Module{Version: "(devel)"}}, "pling devel"},
		{"module version and revision", "", &debug.BuildInfo{Main: debug.Module{Version: "v0.3.0"},
			Settings: settings("vcs.revision", "0123456789abcdef", "vcs.time", "2026-12-01T02:00:00Z", "vcs.modified", "false")},
			"pling v0.3.0 (rev 0123456789abcdef, 2026-12-01T02:00:00Z)"},
		{"dirty tree", "", &debug.BuildInfo{Main: debug.Module{Version: "v0.0.0-20261201020000-0123456789ab+dirty"},
			Settings: settings("vcs.revision", "0123456789abcdef", "vcs.modified", "true")},
			"pling v0.0.0-20261201020000-0123456789ab+dirty (rev 0123456789abcdef, modified)"},
		{"ldflags override", "v9.9.9", &debug.BuildInfo{Main: debug.Module{Version: "(devel)"},
			Settings: settings("vcs.revision", "abc")}, "pling v9.9.9 (rev abc)"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := formatVersion(tc.override, tc.info); got != tc.want {
				t.Errorf("got %q, want %q", got, tc.want)
			}
		})
	}
}
