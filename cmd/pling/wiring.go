package main

import (
	"context"
	"flag"
	"fmt"
	"log/slog"
	"net/http"
	"os"
	"strings"

	"github.com/pling-dev/pling/browser"
	"github.com/pling-dev/pling/config"
	"github.com/pling-dev/pling/mcpserver"
	"github.com/pling-dev/pling/page"
)

// loadConfig reads agent.yaml from path, else from $PLING_CONFIG, else
// returns the defaults: only an explicit file is read, so a stray
// agent.yaml in the working directory never changes behaviour. Then
// PLING_BROWSER and PLING_ALLOW, when set, override their keys
// (config.ApplyEnv; the MCP bundle passes its settings so).
func loadConfig(path string) (config.Config, error) {
	if path == "" {
		path = os.Getenv("PLING_CONFIG")
	}
	cfg := config.Default()
	if path != "" {
		var err error
		if cfg, err = config.Load(path); err != nil {
			return config.Config{}, err
		}
	}
	return config.ApplyEnv(cfg, os.Getenv)
}

func configFlag(fs *flag.FlagSet) *string {
	return fs.String("config", "", "agent.yaml to use (default: $PLING_CONFIG, else built-in defaults)")
}

// budgets maps the observation section onto page budgets.
func budgets(c config.Observation) page.Budgets {
	return page.Budgets{
		MaxActions:          c.MaxActions,
		MaxRecords:          c.MaxRecords,
		MaxScopes:           c.MaxScopes,
		MaxFeedback:         c.MaxFeedback,
		MaxStateChars:       c.MaxStateChars,
		MaxRecordChars:      c.MaxRecordChars,
		MaxFeedbackChars:    c.MaxFeedbackChars,
		MaxPageChars:        c.MaxPageChars,
		MaxToolResultTokens: c.MaxToolResultTokens,
		MaxRecordIDs:        c.MaxRecordIDs,
		MaxStringChars:      c.MaxStringChars,
		MaxObservationBytes: c.MaxObservationBytes,
		MaxReadChars:        c.MaxReadChars,
	}
}

// browserOptions maps the browser section onto browser options, with the
// HTTP credentials' passwords read from their environment variables (an
// unset one is an error). Callers add the navigation policy
// (Options.CheckURL) from the navigation section.
func browserOptions(c config.Browser) (browser.Options, error) {
	o := browser.Options{
		ExecPath:      c.ExecPath,
		RemoteURL:     c.RemoteURL,
		PerSession:    c.RemotePerSession,
		StartTimeout:  c.StartTimeout(),
		ActionTimeout: c.ActionTimeout(),
		Headed:        !c.Headless,
		Width:         c.Viewport.Width,
		Height:        c.Viewport.Height,
	}
	if len(c.ExtraFlags) > 0 {
		o.ExtraFlags = map[string]any{}
		for _, f := range c.ExtraFlags {
			name, val := splitFlag(f)
			o.ExtraFlags[name] = val
		}
	}
	for _, hc := range c.HTTPCredentials {
		pw, err := hc.Password()
		if err != nil {
			return o, err
		}
		o.HTTPCredentials = append(o.HTTPCredentials, browser.HTTPCredential{Origin: hc.Origin, Username: hc.Username, Password: pw})
	}
	return o, nil
}

// remoteHeader reads the values of browser.remoteHeaders from the
// environment (env is os.Getenv outside tests). An unset variable is an
// error naming it, never a header sent empty.
func remoteHeader(c config.Browser, env func(string) string) (http.Header, error) {
	if len(c.RemoteHeaders) == 0 {
		return nil, nil
	}
	h := http.Header{}
	for i, rh := range c.RemoteHeaders {
		v := env(rh.Env)
		if v == "" {
			return nil, fmt.Errorf("browser.remoteHeaders[%d]: the environment variable %s (the value of the %s header) is not set", i, rh.Env, rh.Name)
		}
		h.Add(rh.Name, v)
	}
	return h, nil
}

// chooseBrowser resolves the browser bo starts (browser.Resolve: the
// configured execPath as given, else the discovered one), says in the log
// which binary and why, and fixes it in bo so that a replacement browser is
// the same binary. A remote browser is left as it is. The error names every
// place tried (browser.ErrChromiumMissing).
func chooseBrowser(bo *browser.Options, log *slog.Logger) error {
	c, err := browser.Resolve(*bo, browser.OSLookup())
	if err != nil {
		return err
	}
	if bo.RemoteURL == "" {
		bo.ExecPath = c.Path
		log.Info("browser chosen", "path", c.Path, "why", c.Why, "looked_at", strings.Join(c.Tried, ", "))
	}
	return nil
}

// findBrowser is discovery as `pling config check` reports it.
func findBrowser(headless bool) (string, string, error) {
	c, err := browser.Discover(!headless, browser.OSLookup())
	return c.Path, c.Why, err
}

func splitFlag(f string) (string, any) {
	for len(f) > 0 && f[0] == '-' {
		f = f[1:]
	}
	for i := 0; i < len(f); i++ {
		if f[i] == '=' {
			return f[:i], f[i+1:]
		}
	}
	return f, true
}

// tabs adapts the browser manager to the MCP layer's Browser interface:
// every tab is a new browser context guarded by the navigation policy
// (the options given to KeepSpares), in the manager's live browser
// (started on first need, replaced when dead); a spare session when one is
// ready.
func tabs(m *browser.Manager) mcpserver.Browser {
	return mcpserver.BrowserFunc(func(ctx context.Context) (mcpserver.Tab, error) {
		return m.OpenSession(ctx)
	})
}

// sessionOptions maps the navigation section onto a browser session.
func sessionOptions(nav config.Navigation) browser.SessionOptions {
	return browser.SessionOptions{CheckURL: nav.Check, AcceptDialogs: nav.Dialogs == config.DialogsAccept}
}

// openRuntime loads agent.yaml (cfgPath, see loadConfig), starts the
// configured browser, opens one guarded tab and navigates it to url, for
// the one-shot commands (observe, extract). The returned func closes
// everything.
func openRuntime(ctx context.Context, cfgPath, url string) (*page.Runtime, *page.ActResult, func(), error) {
	o, err := openTab(ctx, cfgPath, url)
	if err != nil {
		return nil, nil, nil, err
	}
	return o.rt, o.nav, o.closeAll, nil
}

// openedTab is what openTab opened: the runtime on the tab, the tab, the
// runtime's options (for a tab the page opens later), the navigation's
// result, and the func that closes everything.
type openedTab struct {
	rt       *page.Runtime
	tab      *browser.Session
	opts     page.RuntimeOptions
	nav      *page.ActResult
	closeAll func()
}

// openTab is openRuntime with the tab and the runtime's options, which
// pling run needs to follow a tab the page opens (followingPage).
func openTab(ctx context.Context, cfgPath, url string) (*openedTab, error) {
	cfg, err := loadConfig(cfgPath)
	if err != nil {
		return nil, err
	}
	if err := cfg.Navigation.Check(url); err != nil {
		return nil, err
	}
	bo, err := browserOptions(cfg.Browser)
	if err != nil {
		return nil, err
	}
	bo.CheckURL = cfg.Navigation.Check // every request of the browser
	if bo.RemoteHeader, err = remoteHeader(cfg.Browser, os.Getenv); err != nil {
		return nil, err
	}
	b, err := browser.Start(ctx, bo)
	if err != nil {
		return nil, err
	}
	tab, err := b.NewSessionOnFirstTab(ctx, sessionOptions(cfg.Navigation))
	if err != nil {
		b.Close()
		return nil, err
	}
	closeAll := func() { tab.Close(); b.Close() }
	opts := page.RuntimeOptions{Budgets: budgets(cfg.Observation),
		SettleTimeout: cfg.Observation.SettleTimeout(), SettleQuiet: cfg.Observation.SettleQuiet(), CheckURL: cfg.Navigation.Check}
	rt := page.NewRuntime(tab, opts)
	nav, err := rt.Navigate(ctx, url)
	if err != nil {
		closeAll()
		return nil, err
	}
	return &openedTab{rt: rt, tab: tab, opts: opts, nav: nav, closeAll: closeAll}, nil
}
