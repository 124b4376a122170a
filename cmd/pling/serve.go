package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"strings"
	"time"

	"github.com/pling-dev/pling/browser"
	"github.com/pling-dev/pling/config"
	"github.com/pling-dev/pling/fixtures"
	"github.com/pling-dev/pling/mcpserver"
	"github.com/pling-dev/pling/websearch"
)

func cmdServe(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	fs.SetOutput(stderr)
	cfgPath := configFlag(fs)
	httpAddr := fs.String("http", "", "serve Streamable HTTP at /mcp and SSE at /sse on this address (e.g. 127.0.0.1:8931) instead of stdio")
	demo := fs.Bool("demo", false, "open the embedded demo Todo page in every new session")
	startURL := fs.String("url", "", "open this URL in every new session")
	demoPage := fs.String("demo-page", "todos", "with --demo: the embedded page to open (todos; webmcp for a page that declares WebMCP tools)")
	if err := fs.Parse(args); err != nil {
		return exitError(2)
	}
	cfg, err := loadConfig(*cfgPath)
	if err != nil {
		return err
	}
	log := newLogger(stderr)
	defer debugStatsOnSignal(stderr)()
	if *httpAddr == "" && os.Getenv("PLING_HTTP") != "" {
		*httpAddr = os.Getenv("PLING_HTTP")
	}
	token := os.Getenv(config.EnvHTTPToken)
	if *httpAddr != "" {
		if err := mcpserver.CheckBind(*httpAddr, token); err != nil {
			return err
		}
	}
	if *demo {
		url, stopDemo, err := serveFixtures()
		if err != nil {
			return err
		}
		defer stopDemo()
		*startURL = url + "/" + strings.TrimPrefix(*demoPage, "/")
	}
	// Chromium starts in the background, concurrently with the MCP
	// handshake (cold start), and is replaced if it dies.
	bo, err := browserOptions(cfg.Browser)
	if err != nil {
		return err
	}
	bo.CheckURL = cfg.Navigation.Check // every request of the browser
	bo.Logger = log
	if bo.RemoteHeader, err = remoteHeader(cfg.Browser, os.Getenv); err != nil {
		return err
	}
	if err := chooseBrowser(&bo, log); err != nil {
		return err
	}
	b := browser.NewManager(bo)
	// Spares are opened once the browser is up: the first session's
	// start then finds one ready or in flight. Over stdio the one session
	// is opened ahead whatever browser.spareSessions says, and nothing
	// replaces it once taken.
	if *httpAddr == "" {
		b.OpenAhead(sessionOptions(cfg.Navigation))
	} else {
		b.KeepSpares(cfg.Browser.SpareSessions, sessionOptions(cfg.Navigation))
	}
	b.Prestart()
	defer b.Close()
	so := serverOptions(cfg, b, *startURL, log)
	if so.Search, err = webSearch(cfg.WebSearch, os.Getenv, log); err != nil {
		return err
	}
	srv := mcpserver.New(so)
	defer srv.Close()
	if *httpAddr == "" {
		log.Info("serving MCP over stdio")
		return srv.ServeStdio(ctx, stdin, stdout)
	}
	ln, err := net.Listen("tcp", *httpAddr)
	if err != nil {
		return err
	}
	hs := &http.Server{Handler: srv.HTTPHandler(mcpserver.HTTPOptions{
		Addr: ln.Addr().String(), Tokens: config.HTTPTokens(token),
		OriginAllowed: cfg.HTTP.AllowsOrigin, AllowedHosts: cfg.HTTP.AllowedHosts,
		SessionIdleTTL: cfg.HTTP.SessionIdleTTL(), MaxSessions: cfg.HTTP.MaxSessions,
	}), ReadHeaderTimeout: 10 * time.Second, IdleTimeout: 2 * time.Minute}
	fmt.Fprintf(stderr, "pling: MCP at http://%s/mcp (Streamable HTTP) and http://%s/sse (SSE)\n", ln.Addr(), ln.Addr())
	go func() {
		<-ctx.Done()
		sctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		_ = hs.Shutdown(sctx)
	}()
	if err := hs.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}

// serverOptions maps agent.yaml onto the MCP server's options.
func serverOptions(cfg config.Config, b *browser.Manager, startURL string, log *slog.Logger) mcpserver.Options {
	o := mcpserver.Options{
		Name:               "pling",
		Version:            serverVersion(),
		Browser:            tabs(b),
		Budgets:            budgets(cfg.Observation),
		SettleTimeout:      cfg.Observation.SettleTimeout(),
		SettleQuiet:        cfg.Observation.SettleQuiet(),
		CheckURL:           cfg.Navigation.Check,
		PageTools:          cfg.Tools.PageTools,
		AppRole:            cfg.App.Role,
		RefuseConfirmFlag:  cfg.Tools.ConfirmWithoutElicitation == config.ConfirmRefuse,
		StartURL:           startURL,
		MaxPages:           cfg.HTTP.MaxPages,
		PageIdleTTL:        cfg.HTTP.PageIdleTTL(),
		MaxRequestBytes:    cfg.HTTP.MaxRequestBytes,
		ScreenshotMaxBytes: cfg.Browser.ScreenshotMaxBytes,
		UploadRoots:        cfg.Browser.UploadRoots,
		Logger:             log,
	}
	return o
}

// serveFixtures serves the embedded fixture pages on 127.0.0.1 and returns
// the base URL.
func serveFixtures() (string, func(), error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", nil, err
	}
	hs := &http.Server{Handler: fixtures.Handler(), ReadHeaderTimeout: 10 * time.Second}
	go func() { _ = hs.Serve(ln) }()
	return "http://" + ln.Addr().String(), func() { _ = hs.Close() }, nil
}

// webSearch builds the web_search bridge from agent.yaml and the
// environment: only with OPENAI_API_KEY set (the key is never read from the
// file or from tool arguments); OPENAI_BASE_URL may name a compatible
// endpoint. Without a key the tool is not offered.
func webSearch(c config.WebSearch, env func(string) string, log *slog.Logger) (mcpserver.SearchFactory, error) {
	key := env(config.EnvOpenAIKey)
	if !c.Enabled || key == "" {
		if c.Enabled {
			log.Info("web_search not offered: OPENAI_API_KEY is not set")
		}
		return nil, nil
	}
	o := websearch.DefaultOptions()
	o.Model = c.Model
	o.MaxCalls, o.MaxSources, o.SourcesPerCall = c.MaxCalls, c.MaxSources, c.SourcesPerCall
	o.Timeout, o.RequestTimeout = c.Timeout(), c.RequestTimeout()
	o.MaxOutputTokens = c.MaxOutputTokens
	o.APIKey = key
	o.BaseURL = env("OPENAI_BASE_URL")
	o.Logger = log
	b, err := websearch.NewBridge(o)
	if err != nil {
		return nil, fmt.Errorf("web_search: %w", err)
	}
	return mcpserver.WebSearch(b), nil
}
