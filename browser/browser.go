// Package browser owns Chromium: starting Debian's Chromium or attaching to a
// remote one over CDP, one isolated browser context per session, evaluating
// the in-page collectors, real input events, settling, dialogs and crashes.
// It is the only package (with the collectors' runners) that speaks chromedp.
package browser

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/fetch"
	"github.com/chromedp/cdproto/target"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/remote"
)

// Errors callers can test for with errors.Is.
var (
	// ErrChromiumMissing: no Chromium at the configured path.
	ErrChromiumMissing = errors.New("chromium not found")
	// ErrBrowserGone: the browser process exited or the CDP connection dropped.
	ErrBrowserGone = errors.New("browser is gone")
	// ErrClosed: the session or browser was closed.
	ErrClosed = errors.New("browser session closed")
)

// Options configure how the browser is started or reached. Zero values are
// the documented defaults.
type Options struct {
	// ExecPath is the Chromium binary, used as given (a bare name is
	// looked up on PATH); empty discovers one (Discover: the headless
	// shell first when headless).
	ExecPath string
	// RemoteURL, when set, attaches to a running browser over CDP instead
	// of starting one: a ws:// or wss:// URL is dialed as given, query
	// included; an http(s):// URL is a base whose /json/version names the
	// WebSocket URL, on which the base's query is kept (remote.go).
	RemoteURL string
	// RemoteHeader is sent with the WebSocket handshake and the
	// /json/version request of a remote browser (a pool's Authorization,
	// say). Its values are never logged.
	RemoteHeader http.Header
	// PerSession, with RemoteURL, makes a Manager dial one connection per
	// session instead of sharing one (pool mode: the pool behind RemoteURL
	// gives each connection its own browser; see Manager).
	PerSession bool
	// ExtraFlags are added to Chromium's command line (name=value or name).
	ExtraFlags map[string]any
	// StartTimeout bounds the browser start, and each step of a session
	// start (its browser context, its tab) while the browser answers
	// nothing; a step the browser keeps answering around (a burst of
	// starts) may take up to 4 times as long (default 30s;
	// browser.startTimeoutMs).
	StartTimeout time.Duration
	// ActionTimeout bounds one operation in a tab: an in-page evaluation
	// (plus the settle wait the caller asked for), an input step, a
	// navigation (default 10s; browser.actionTimeoutMs).
	ActionTimeout time.Duration
	// Headed runs the local Chromium with a window (browser.headless:
	// false); by default it runs headless.
	Headed bool
	// Width and Height set the viewport of every tab (default 1280x800).
	Width, Height int
	// Logger receives lifecycle logs (nil: discard). Never page data.
	Logger *slog.Logger
	// CheckURL vets every document request of every tab, window and frame
	// in the browser (the navigation policy) before it is sent; a
	// session's own SessionOptions.CheckURL applies as well. nil allows
	// everything.
	CheckURL func(string) error
	// HTTPCredentials answer HTTP authentication challenges (401 Basic or
	// Digest) of document requests, per origin (browser.httpCredentials).
	// A challenge no entry answers, or whose credentials the server
	// refuses, is AUTH_REQUIRED. They never reach a page, a log or the
	// model.
	HTTPCredentials []HTTPCredential
}

// HTTPCredential is the user name and password for one origin's HTTP
// authentication.
type HTTPCredential struct {
	// Origin is scheme://host[:port], as the browser reports a
	// challenge's origin (the default port left out).
	Origin   string
	Username string
	Password string
}

func (o Options) withDefaults() Options {
	if o.StartTimeout <= 0 {
		o.StartTimeout = 30 * time.Second
	}
	if o.ActionTimeout <= 0 {
		o.ActionTimeout = 10 * time.Second
	}
	if o.Width <= 0 {
		o.Width = 1280
	}
	if o.Height <= 0 {
		o.Height = 800
	}
	if o.Logger == nil {
		o.Logger = slog.New(slog.DiscardHandler)
	}
	return o
}

// Browser is one running (or attached) Chromium shared by many sessions.
type Browser struct {
	opts   Options
	ctx    context.Context // browser-level chromedp context
	cancel context.CancelFunc
	lost   <-chan struct{}

	mu       sync.Mutex
	closed   bool
	frames   map[cdp.FrameID]frameOwner // tabs by target id, and their iframes
	contexts map[cdp.BrowserContextID]*browserContext
	// authTried: document requests already given credentials once (a
	// second challenge for one means the server refused them).
	authTried map[fetch.RequestID]bool
	// lossClaimed: a call already reported this browser's death.
	lossClaimed atomic.Bool
	// heard: when the browser last sent anything.
	heard *heartbeat
	// firstTabTaken: NewSessionOnFirstTab ran (it runs once).
	firstTabTaken atomic.Bool
	// closesWithContext: a connection of pool mode, closed with the one
	// browser context of its session (see Manager).
	closesWithContext bool
	// release, when set, tells the Manager the connection closed.
	release func()
}

// heartbeat records when the browser last sent a message (a reply or an
// event, of any tab). A browser that keeps answering is alive, however
// slowly it serves one particular request under a burst.
type heartbeat struct {
	last  atomic.Int64 // unix nanoseconds
	trace func(string, ...any)
}

// debugf is chromedp's protocol logger: "<- %s" for each message read,
// "-> %s" for each one written. Only the time is kept, never the message.
func (h *heartbeat) debugf(format string, args ...any) {
	if strings.HasPrefix(format, "<-") {
		h.last.Store(time.Now().UnixNano())
	}
	if h.trace != nil {
		h.trace(format, args...)
	}
}

// since is when the browser last sent anything after t (t itself if it
// sent nothing since).
func (h *heartbeat) since(t time.Time) time.Time {
	if h == nil {
		return t
	}
	if l := time.Unix(0, h.last.Load()); l.After(t) {
		return l
	}
	return t
}

// claimLoss reports whether the caller is the first to meet this dead
// browser: that call answers BROWSER_UNAVAILABLE, every later one (of any
// session) moves to a new browser.
func (b *Browser) claimLoss() bool { return b.lossClaimed.CompareAndSwap(false, true) }

// quietFlags keep Chromium from phoning home: with a logging proxy as its
// only route, a session reached autofill, accounts (sign-in), the
// component and extension updaters and the optimization guide. They follow
// what Puppeteer and Playwright pass, plus the features behind the traffic
// seen. TestBrowserContactsOnlyThePagesOrigins (e2e) holds them.
var quietFlags = []struct {
	name  string
	value any
}{
	{"disable-background-networking", true}, // variations, extension and component update checks
	{"disable-component-update", true},
	{"disable-component-extensions-with-background-pages", true},
	{"disable-default-apps", true},
	{"disable-extensions", true},
	{"disable-sync", true},
	{"disable-breakpad", true},
	{"disable-crash-reporter", true},
	{"disable-client-side-phishing-detection", true},
	{"disable-domain-reliability", true},
	{"disable-field-trial-config", true},
	{"disable-search-engine-choice-screen", true},
	{"metrics-recording-only", true}, // metrics recorded locally, never uploaded
	{"no-pings", true},               // <a ping> and hyperlink auditing
	{"no-service-autorun", true},
	{"password-store", "basic"},
	{"use-mock-keychain", true},
	{"disable-features", strings.Join([]string{
		"AutofillServerCommunication", // content-autofill.googleapis.com
		"OptimizationHints", "OptimizationHintsFetching", "OptimizationGuideModelDownloading", "OptimizationTargetPrediction",
		"MediaRouter", "DialMediaRouteProvider", // local network discovery
		"Translate", "CertificateTransparencyComponentUpdater", "InterestFeedContentSuggestions",
		"SafeBrowsingBetterTelemetryOptIn", "LensOverlay", "PrivacySandboxSettings4",
		"AccountConsistency", "SigninInterceptBubble", "ChromeSignin", // accounts.google.com
		"NetworkTimeServiceQuerying", // http://clients2.google.com/time/
		// Chromium 148: preconnects to the default search engine
		// (https://www.google.com/) every few seconds.
		"PreconnectToSearch", "SearchEnginePreconnect2",
	}, ",")},
	// Sign-in and Google service endpoints point at a closed local port, so
	// whatever still tries reaches nothing.
	{"gaia-url", "http://127.0.0.1:9"},
	{"component-updater", "url-source=http://127.0.0.1:9"}, // update.googleapis.com
	{"apps-gallery-update-url", "http://127.0.0.1:9"},      // clients2.google.com (extension updates)
	{"apps-gallery-url", "http://127.0.0.1:9"},
	{"google-base-url", "http://127.0.0.1:9"},
	// Chromium 148 checks in with Google Cloud Messaging
	// (android.clients.google.com/checkin) a few seconds after start.
	{"gcm-checkin-url", "http://127.0.0.1:9"},
	{"gcm-registration-url", "http://127.0.0.1:9"},
	{"gcm-mcs-endpoint", "http://127.0.0.1:9"},
}

// quietDisabled is the disable-features value of quietFlags.
func quietDisabled() string {
	for _, f := range quietFlags {
		if f.name == "disable-features" {
			return f.value.(string)
		}
	}
	return ""
}

// traceCDP, when set (by benchmarks) before Start, receives every CDP
// message of the browsers started after.
var traceCDP func(string, ...any)

// Start launches Chromium with the flags this closed network needs (or
// attaches to Options.RemoteURL). It fails fast with ErrChromiumMissing when
// the binary is absent, and with a timeout error instead of hanging.
func Start(ctx context.Context, opts Options) (*Browser, error) {
	opts = opts.withDefaults()
	bctx, cancel, hb, err := launch(ctx, opts)
	if errors.Is(err, errExitedAtLaunch) && ctx.Err() == nil {
		// Chromium now and then crashes while it starts (seen about once
		// in a hundred launches on a loaded 2-core machine): one more try
		// costs a launch, a failed session start costs the caller's call.
		opts.Logger.Warn("chromium exited while starting; starting it once more")
		bctx, cancel, hb, err = launch(ctx, opts)
	}
	if err != nil {
		return nil, err
	}
	b := &Browser{opts: opts, ctx: bctx, cancel: cancel, lost: bctx.Done(), heard: hb}
	if c := chromedp.FromContext(bctx); c != nil && c.Browser != nil {
		b.lost = c.Browser.LostConnection
	}
	if err := b.interceptRequests(); err != nil {
		b.Close()
		return nil, fmt.Errorf("start browser: %w", err)
	}
	opts.Logger.Info("browser started", "remote", opts.RemoteURL != "")
	return b, nil
}

// errExitedAtLaunch: the local Chromium exited before it answered (chromedp:
// "chrome failed to start"), a crash at start rather than a hang.
var errExitedAtLaunch = errors.New("chromium exited while starting")

// launch starts (or attaches to) the browser and waits for its first
// answer. It returns the browser-level context, what ends it, and the
// heartbeat of its messages.
func launch(ctx context.Context, opts Options) (context.Context, context.CancelFunc, *heartbeat, error) {
	var allocCtx context.Context
	var cancelAlloc context.CancelFunc
	var wsURL string
	if opts.RemoteURL != "" {
		var err error
		if wsURL, err = remoteWebSocketURL(ctx, opts); err != nil {
			return nil, nil, nil, fmt.Errorf("start browser: %w", err)
		}
		// The URL is dialed as it is: chromedp would otherwise ask
		// /json/version for one without the query (the pool's token).
		allocCtx, cancelAlloc = remote.NewAllocator(context.WithoutCancel(ctx), wsURL, remote.NoModifyURL,
			remote.WithDialHTTPHeader(opts.RemoteHeader), remote.WithDialTimeout(opts.StartTimeout))
	} else {
		choice, err := Resolve(opts, OSLookup())
		if err != nil {
			return nil, nil, nil, err
		}
		flags := []chromedp.ExecAllocatorOption{
			chromedp.ExecPath(choice.Path),
			chromedp.NoFirstRun,
			chromedp.NoDefaultBrowserCheck,
			chromedp.NoSandbox,
			chromedp.DisableGPU,
			chromedp.Flag("disable-quic", true),
			chromedp.Flag("disable-dev-shm-usage", true),
			chromedp.WindowSize(opts.Width, opts.Height),
			// chromedp creates a fresh user-data-dir and removes it on exit.
		}
		for _, f := range quietFlags {
			flags = append(flags, chromedp.Flag(f.name, f.value))
		}
		if !opts.Headed {
			flags = append(flags, chromedp.Headless)
		}
		for k, v := range opts.ExtraFlags {
			flags = append(flags, chromedp.Flag(k, v))
		}
		// document.modelContext (WebMCP, webmcp.go) is behind a feature;
		// the operator's own feature lists are merged, not replaced.
		flags = append(flags, chromedp.Flag("disable-features", disableFeatures(quietDisabled(), opts.ExtraFlags)))
		if en := enableFeatures(opts.ExtraFlags); en != "" {
			flags = append(flags, chromedp.Flag("enable-features", en))
		}
		allocCtx, cancelAlloc = chromedp.NewExecAllocator(context.WithoutCancel(ctx), flags...)
	}
	// chromedp's own messages can quote protocol events (URLs, page
	// text): they are logged as a bare category, at debug level.
	quiet := func(format string, _ ...any) { opts.Logger.Debug("chromedp", "format", format) }
	// Every message the browser sends marks it as alive and answering
	// (see startBound); the protocol logger is where chromedp shows them.
	hb := &heartbeat{trace: traceCDP}
	bctx, cancelCtx := chromedp.NewContext(allocCtx, chromedp.WithLogf(quiet), chromedp.WithErrorf(quiet),
		chromedp.WithBrowserOption(chromedp.WithBrowserLogf(quiet), chromedp.WithBrowserErrorf(quiet),
			chromedp.WithBrowserDebugf(hb.debugf)))
	cancel := func() { cancelCtx(); cancelAlloc() }

	started := make(chan error, 1)
	go func() { // bctx must carry no timeout
		// The browser starts without chromedp attaching to a tab
		// (chromedp.Do would attach to Chromium's first tab, waiting for
		// its renderer to start: about 250 ms of the cold start before a
		// session can open; in a remote browser it would open a tab that
		// nobody closes). Targets are discovered at the browser level, as
		// the interceptor's popup notices need.
		_, err := chromedp.CallBrowser(bctx, target.SetDiscoverTargets, target.SetDiscoverTargetsParams{Discover: true})
		started <- err
	}()
	select {
	case err := <-started:
		if err != nil {
			cancel()
			if opts.RemoteURL == "" && strings.Contains(err.Error(), "chrome failed to start") {
				err = fmt.Errorf("%w: %w", errExitedAtLaunch, err)
			}
			if wsURL != "" {
				err = dialError(err, wsURL)
			}
			return nil, nil, nil, fmt.Errorf("start browser: %w", err)
		}
	case <-time.After(opts.StartTimeout):
		cancel()
		return nil, nil, nil, fmt.Errorf("start browser: timed out after %s", opts.StartTimeout)
	case <-ctx.Done():
		cancel()
		return nil, nil, nil, fmt.Errorf("start browser: %w", ctx.Err())
	}
	return bctx, cancel, hb, nil
}

// CheckExec fails with ErrChromiumMissing when opts name a local Chromium
// that is not there, or name none and discovery finds none (a remote
// browser is not checked): a server can refuse to start at once instead of
// failing its first call.
func CheckExec(opts Options) error {
	_, err := Resolve(opts, OSLookup())
	return err
}

// Alive reports whether the browser connection is still up.
func (b *Browser) Alive() bool {
	select {
	case <-b.lost:
		return false
	default:
		return !b.isClosed()
	}
}

func (b *Browser) isClosed() bool {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.closed
}

// Close ends the browser (or the CDP connection to a remote one). Safe to
// call more than once.
func (b *Browser) Close() {
	b.mu.Lock()
	if b.closed {
		b.mu.Unlock()
		return
	}
	b.closed = true
	b.mu.Unlock()
	if b.release != nil {
		b.release()
	}
	done := make(chan struct{})
	go func() {
		_ = chromedp.Cancel(b.ctx)
		close(done)
	}()
	select {
	case <-done:
	case <-time.After(5 * time.Second):
	}
	b.cancel()
}

// Kill ends the browser process abruptly (as a crash would). For tests of
// crash handling; a remote browser cannot be killed from here.
func (b *Browser) Kill() error {
	c := chromedp.FromContext(b.ctx)
	if c == nil || c.Browser == nil || c.Browser.Process() == nil {
		return errors.New("no local browser process")
	}
	return c.Browser.Process().Kill()
}
