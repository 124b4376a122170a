package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/pling-dev/pling/browser"
	"github.com/pling-dev/pling/config"
)

// cmdDoctor implements `pling doctor`: which configuration and browser
// Pling would use and why, whether that browser starts (it is started
// briefly, with one tab), and the host snippets for this binary's own
// absolute path, ready to paste. It exits 1 when the configuration is
// invalid or the browser does not start (the snippets are printed anyway).
func cmdDoctor(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("doctor", flag.ContinueOnError)
	fs.SetOutput(stderr)
	cfgPath := configFlag(fs)
	if err := fs.Parse(args); err != nil {
		return exitError(2)
	}
	self, err := os.Executable()
	if err == nil {
		if p, e := filepath.EvalSymlinks(self); e == nil {
			self = p
		}
	}
	if err != nil {
		return fmt.Errorf("doctor: this binary's path: %w", err)
	}
	fmt.Fprintf(stdout, "%s\nbinary: %s\n", versionString(), self)

	healthy := true
	path := *cfgPath
	if path == "" {
		path = os.Getenv("PLING_CONFIG")
	}
	if path != "" {
		if abs, err := filepath.Abs(path); err == nil {
			path = abs
		}
		fmt.Fprintf(stdout, "config: %s\n", path)
	} else {
		fmt.Fprintln(stdout, "config: built-in defaults (no --config, PLING_CONFIG unset)")
	}
	for _, k := range []string{config.EnvBrowser, config.EnvAllow} {
		if v := os.Getenv(k); strings.TrimSpace(v) != "" {
			fmt.Fprintf(stdout, "  %s overrides its key: %s\n", k, v)
		}
	}
	cfg, err := loadConfig(path)
	if err != nil {
		fmt.Fprintf(stdout, "  invalid: %v\n", err)
		healthy = false
		cfg = config.Default()
	}
	if len(cfg.Navigation.Allow) == 0 {
		fmt.Fprintln(stdout, "navigation: no allow-list (every http(s) origin not denied may be opened)")
	} else {
		fmt.Fprintf(stdout, "navigation: only %s\n", strings.Join(cfg.Navigation.Allow, ", "))
	}

	switch {
	case !cfg.WebSearch.Enabled:
		fmt.Fprintln(stdout, "web_search: not offered (disabled in agent.yaml)")
	case os.Getenv(config.EnvOpenAIKey) == "":
		fmt.Fprintf(stdout, "web_search: not offered (%s is not set)\n", config.EnvOpenAIKey)
	default:
		fmt.Fprintf(stdout, "web_search: offered (%s is set)\n", config.EnvOpenAIKey)
	}
	if !doctorBrowser(ctx, cfg, stdout) {
		healthy = false
	}
	writeSnippets(stdout, self, path)
	if !healthy {
		return exitError(1)
	}
	return nil
}

// doctorBrowser reports the browser cfg starts and starts it briefly with
// one tab; it returns whether that worked.
func doctorBrowser(ctx context.Context, cfg config.Config, stdout io.Writer) bool {
	bo, err := browserOptions(cfg.Browser)
	if err == nil {
		bo.RemoteHeader, err = remoteHeader(cfg.Browser, os.Getenv)
	}
	if err != nil {
		fmt.Fprintf(stdout, "browser: not started\n  %v\n", err)
		return false
	}
	if bo.RemoteURL != "" {
		fmt.Fprintf(stdout, "browser: remote (browser.remoteURL is set)\n")
	} else {
		c, err := browser.Resolve(bo, browser.OSLookup())
		if err != nil {
			fmt.Fprintf(stdout, "browser: none\n  %v\n", err)
			if len(c.Tried) > 0 {
				fmt.Fprintf(stdout, "  looked at: %s\n", strings.Join(c.Tried, ", "))
			}
			return false
		}
		fmt.Fprintf(stdout, "browser: %s\n  why: %s\n  looked at: %s\n", c.Path, c.Why, strings.Join(c.Tried, ", "))
		bo.ExecPath = c.Path
	}
	bo.CheckURL = cfg.Navigation.Check
	start := time.Now()
	sctx, cancel := context.WithTimeout(ctx, bo.StartTimeout+5*time.Second)
	defer cancel()
	b, err := browser.Start(sctx, bo)
	if err == nil {
		var s *browser.Session
		if s, err = b.NewSession(sctx); err == nil {
			s.Close()
		}
		b.Close()
	}
	if err != nil {
		fmt.Fprintf(stdout, "  starts: no: %v\n", err)
		return false
	}
	fmt.Fprintf(stdout, "  starts: yes (browser and one tab in %d ms)\n", time.Since(start).Milliseconds())
	return true
}

// writeSnippets prints the host configurations that start this binary
// (self, with --config cfgPath when one is in use), each under a "### "
// heading and ending at a blank line.
func writeSnippets(w io.Writer, self, cfgPath string) {
	args := []string{"serve"}
	if cfgPath != "" {
		args = append(args, "--config", cfgPath)
	}
	entry := hostEntry{Command: self, Args: args}
	js := func(v any) string {
		b, _ := json.MarshalIndent(v, "", "  ")
		return string(b)
	}
	q := func(s string) string { b, _ := json.Marshal(s); return string(b) } // a TOML basic string too
	var tomlArgs []string
	for _, a := range args {
		tomlArgs = append(tomlArgs, q(a))
	}
	fmt.Fprintf(w, "\nHost snippets for this binary, ready to paste:\n")
	fmt.Fprintf(w, "\n### Claude Desktop (claude_desktop_config.json: Settings > Developer > Edit Config)\n%s\n",
		js(map[string]any{"mcpServers": map[string]any{"pling": entry}}))
	fmt.Fprintf(w, "\n### Claude Code (a shell command)\nclaude mcp add pling -- %s\n", shellJoin(append([]string{self}, args...)))
	fmt.Fprintf(w, "\n### VS Code (.vscode/mcp.json; the http entry needs `pling serve --http 127.0.0.1:8931` running)\n%s\n",
		js(map[string]any{"servers": map[string]any{
			"pling":      hostEntry{Type: "stdio", Command: self, Args: args},
			"pling-http": hostEntry{Type: "http", URL: "http://127.0.0.1:8931/mcp"},
		}}))
	fmt.Fprintf(w, "\n### Cursor (~/.cursor/mcp.json, or .cursor/mcp.json in a project)\n%s\n",
		js(map[string]any{"mcpServers": map[string]any{"pling": entry}}))
	fmt.Fprintf(w, "\n### Codex CLI (~/.codex/config.toml)\n[mcp_servers.pling]\ncommand = %s\nargs = [%s]\n", q(self), strings.Join(tomlArgs, ", "))
	fmt.Fprintf(w, "\n### Gemini CLI (~/.gemini/settings.json, or .gemini/settings.json in a project)\n%s\n",
		js(map[string]any{"mcpServers": map[string]any{"pling": entry}}))
}

// hostEntry is one server entry of a host's JSON configuration, in the
// order the hosts' documentation writes it.
type hostEntry struct {
	Type    string   `json:"type,omitempty"`
	Command string   `json:"command,omitempty"`
	Args    []string `json:"args,omitempty"`
	URL     string   `json:"url,omitempty"`
}

// shellJoin quotes words for a POSIX shell where they need it.
func shellJoin(words []string) string {
	out := make([]string, len(words))
	for i, w := range words {
		if w != "" && strings.Trim(w, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789/._-+=:@,") == "" {
			out[i] = w
		} else {
			out[i] = "'" + strings.ReplaceAll(w, "'", `'\''`) + "'"
		}
	}
	return strings.Join(out, " ")
}
