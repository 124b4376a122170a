package config

import (
	"slices"
	"strings"
	"testing"
)

// PLING_BROWSER and PLING_ALLOW override their keys when not empty, and
// are checked as the keys are.
func TestApplyEnv(t *testing.T) {
	env := func(m map[string]string) func(string) string { return func(k string) string { return m[k] } }
	cfg, err := ApplyEnv(Default(), env(map[string]string{EnvBrowser: " /opt/chrome ", EnvAllow: "https://*.example.com, ,http://127.0.0.1:*"}))
	if err != nil {
		t.Fatal(err)
	}
	if cfg.Browser.ExecPath != "/opt/chrome" || !slices.Equal(cfg.Navigation.Allow, []string{"https://*.example.com", "http://127.0.0.1:*"}) {
		t.Fatalf("not applied: execPath %q, allow %q", cfg.Browser.ExecPath, cfg.Navigation.Allow)
	}
	if err := cfg.Navigation.Check("https://other.test/"); err == nil {
		t.Error("an origin outside PLING_ALLOW is allowed")
	}
	file := Default()
	file.Browser.ExecPath = "/usr/bin/chromium"
	cfg, err = ApplyEnv(file, env(map[string]string{EnvBrowser: "", EnvAllow: " "}))
	if err != nil || cfg.Browser.ExecPath != "/usr/bin/chromium" || len(cfg.Navigation.Allow) != 0 {
		t.Fatalf("empty values changed the file's keys: %+v %v", cfg.Browser, err)
	}
	_, err = ApplyEnv(Default(), env(map[string]string{EnvAllow: "not a pattern"}))
	if err == nil || !strings.HasPrefix(err.Error(), "PLING_ALLOW: navigation.allow[0]") {
		t.Fatalf("a bad pattern: %v", err)
	}
}
