package main

import (
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/pling-dev/pling/config"
	"github.com/pling-dev/pling/page"
)

// The spec's defaults live in two places that may not import each other:
// agent.yaml's schema (config) and the page budgets' zero-config defaults
// (page). They must agree.
func TestConfigDefaultsMatchPageBudgets(t *testing.T) {
	if diff := cmp.Diff(page.DefaultBudgets(), budgets(config.Default().Observation)); diff != "" {
		t.Errorf("config and page defaults disagree (-page +config):\n%s", diff)
	}
	d := config.Default()
	if got := page.DefaultCollectParams().MaxText; got != d.Observation.MaxStringChars {
		t.Errorf("collector text bound %d, config maxStringChars %d", got, d.Observation.MaxStringChars)
	}
}

// Every browser.* key reaches the browser's options (headless and
// actionTimeoutMs used to be dropped here).
func TestBrowserOptionsFromConfig(t *testing.T) {
	c := config.Default().Browser
	o := browserOptions(c)
	if o.Headed || o.ActionTimeout != 10*time.Second || o.StartTimeout != 30*time.Second {
		t.Errorf("defaults: headed %v, action %s, start %s", o.Headed, o.ActionTimeout, o.StartTimeout)
	}
	c.Headless, c.ActionTimeoutMs, c.StartTimeoutMs = false, 2500, 5000
	c.Viewport.Width, c.Viewport.Height = 800, 600
	o = browserOptions(c)
	if !o.Headed || o.ActionTimeout != 2500*time.Millisecond || o.StartTimeout != 5*time.Second || o.Width != 800 || o.Height != 600 {
		t.Errorf("headless false, 2500 ms, 5000 ms, 800x600: got %+v", o)
	}
}

// browser.remoteURL's pool keys reach the options; remoteHeaders' values
// come from the environment, and an unset variable is an error that
// names it.
func TestRemoteHeadersFromEnvironment(t *testing.T) {
	c := config.Default().Browser
	c.RemoteURL, c.RemotePerSession = "ws://pool:3000/", true
	c.RemoteHeaders = []config.RemoteHeader{{Name: "Authorization", Env: "POOL_AUTH"}, {Name: "X-Tenant", Env: "POOL_TENANT"}}
	if o := browserOptions(c); !o.PerSession || o.RemoteURL != "ws://pool:3000/" {
		t.Errorf("pool mode: %+v", o)
	}
	env := map[string]string{"POOL_AUTH": "Bearer s3cret"}
	_, err := remoteHeader(c, func(k string) string { return env[k] })
	if err == nil || !strings.Contains(err.Error(), "POOL_TENANT") || strings.Contains(err.Error(), "s3cret") {
		t.Fatalf("an unset variable: %v", err)
	}
	env["POOL_TENANT"] = "acme"
	h, err := remoteHeader(c, func(k string) string { return env[k] })
	if err != nil || h.Get("Authorization") != "Bearer s3cret" || h.Get("X-Tenant") != "acme" {
		t.Fatalf("headers %v, %v", h, err)
	}
	if h, err := remoteHeader(config.Default().Browser, func(string) string { return "" }); h != nil || err != nil {
		t.Errorf("no headers configured: %v, %v", h, err)
	}
}
