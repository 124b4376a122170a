package main

import (
	"runtime/debug"
	"strings"
)

// version may be set at build time with -ldflags "-X main.version=v1.2.3";
// otherwise the module version recorded in the build info is used.
var version = ""

// versionString is what `pling version` prints: the module version and the
// VCS revision (with its commit time, and "modified" for a dirty tree) from
// the build info the Go toolchain embeds.
func versionString() string {
	info, _ := debug.ReadBuildInfo()
	return formatVersion(version, info)
}

// serverVersion is the version the MCP server announces: the module
// version alone.
func serverVersion() string {
	info, _ := debug.ReadBuildInfo()
	v, _ := versionParts(version, info)
	return v
}

// versionParts returns the version and a "rev …" description (empty when
// the build carries no VCS information).
func versionParts(override string, info *debug.BuildInfo) (string, string) {
	v := override
	if v == "" && info != nil {
		v = info.Main.Version
	}
	if v == "" || v == "(devel)" {
		v = "devel"
	}
	if info == nil {
		return v, ""
	}
	var rev, at string
	dirty := false
	for _, s := range info.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.time":
			at = s.Value
		case "vcs.modified":
			dirty = s.Value == "true"
		}
	}
	if rev == "" {
		return v, ""
	}
	parts := []string{"rev " + rev}
	if at != "" {
		parts = append(parts, at)
	}
	if dirty {
		parts = append(parts, "modified")
	}
	return v, strings.Join(parts, ", ")
}

// formatVersion renders "pling VERSION (rev REVISION, TIME[, modified])".
func formatVersion(override string, info *debug.BuildInfo) string {
	v, rev := versionParts(override, info)
	if rev == "" {
		return "pling " + v
	}
	return "pling " + v + " (" + rev + ")"
}
