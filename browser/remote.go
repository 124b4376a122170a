package browser

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"

	"github.com/pling-dev/pling/page"
)

// ErrPoolRefused: the remote browser (a pool such as browserless) answered
// the handshake or /json/version with 401 or 403.
var ErrPoolRefused = errors.New("the browser pool refused the credentials")

// errPoolRefused is what a call answers when the pool refused Pling's
// credentials: nothing the agent can fix, the operator must.
func errPoolRefused(cause error) error {
	return &page.Error{Code: page.CodeBrowserUnavailable, Reason: ErrPoolRefused.Error(),
		Err: fmt.Errorf("%w: %w", ErrPoolRefused, cause)}
}

// remoteWebSocketURL is the WebSocket URL Pling dials for Options.RemoteURL:
// a ws:// or wss:// URL as given, query included (a pool's token often sits
// there); an http(s):// URL is a base whose /json/version names the
// browser's WebSocket URL, asked with the configured headers, and the
// base's query is kept on the answer (a pool names its own address there,
// without the token the request carried).
func remoteWebSocketURL(ctx context.Context, opts Options) (string, error) {
	u, err := url.Parse(opts.RemoteURL)
	if err != nil {
		return "", fmt.Errorf("remote browser URL: %w", redactURLError(err))
	}
	switch u.Scheme {
	case "ws", "wss":
		return opts.RemoteURL, nil
	case "http", "https":
	default:
		return "", fmt.Errorf("remote browser URL: scheme %q is not ws, wss, http or https", u.Scheme)
	}
	v := *u
	v.Path = strings.TrimSuffix(u.Path, "/") + "/json/version"
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, v.String(), nil)
	if err != nil {
		return "", fmt.Errorf("ask %s for its WebSocket URL: %w", redactURL(opts.RemoteURL), redactURLError(err))
	}
	for k, vals := range opts.RemoteHeader {
		req.Header[k] = vals
	}
	c := &http.Client{Timeout: opts.StartTimeout, CheckRedirect: func(*http.Request, []*http.Request) error {
		return http.ErrUseLastResponse // credentials never follow a redirect
	}}
	resp, err := c.Do(req)
	if err != nil {
		return "", fmt.Errorf("ask %s for its WebSocket URL: %w", redactURL(opts.RemoteURL), redactURLError(err))
	}
	defer resp.Body.Close()
	switch {
	case resp.StatusCode == http.StatusUnauthorized || resp.StatusCode == http.StatusForbidden:
		return "", errPoolRefused(&remoteError{"remote_refused", "/json/version answered " + resp.Status})
	case resp.StatusCode != http.StatusOK:
		return "", fmt.Errorf("ask %s for its WebSocket URL: /json/version answered %s", redactURL(opts.RemoteURL), resp.Status)
	}
	var info struct {
		WebSocketDebuggerURL string `json:"webSocketDebuggerUrl"`
	}
	if err := json.NewDecoder(io.LimitReader(resp.Body, 1<<20)).Decode(&info); err != nil {
		return "", fmt.Errorf("ask %s for its WebSocket URL: %w", redactURL(opts.RemoteURL), err)
	}
	ws, err := url.Parse(info.WebSocketDebuggerURL)
	if err != nil || (ws.Scheme != "ws" && ws.Scheme != "wss") || ws.Host == "" {
		return "", fmt.Errorf("ask %s for its WebSocket URL: /json/version named no ws:// or wss:// URL", redactURL(opts.RemoteURL))
	}
	if u.RawQuery != "" {
		q := ws.Query()
		for k, vals := range u.Query() {
			if !q.Has(k) {
				q[k] = vals
			}
		}
		ws.RawQuery = q.Encode()
	}
	return ws.String(), nil
}

// redactURL is a URL as logs and errors may show it: scheme and host, no
// user, path or query (any of them may carry a token).
func redactURL(s string) string {
	u, err := url.Parse(s)
	if err != nil || u.Host == "" {
		return "the remote browser"
	}
	return u.Scheme + "://" + u.Host + "/…"
}

// redactURLError drops the URL a *url.Error quotes (it may carry a token).
func redactURLError(err error) error {
	var ue *url.Error
	if errors.As(err, &ue) {
		return fmt.Errorf("%s %s: %w", ue.Op, redactURL(ue.URL), ue.Err)
	}
	return err
}

// ErrPoolFull: the remote browser (a pool) answered the handshake with
// 429, its browsers and its queue all taken.
var ErrPoolFull = errors.New("the browser pool is at capacity")

// dialError is the error of a failed dial of wsURL: a refusal of the
// credentials (the handshake's 401 or 403) is ErrPoolRefused, a full pool
// (429) ErrPoolFull, and the URL, which the WebSocket package quotes, is
// shown without its path and query.
func dialError(err error, wsURL string) error {
	msg := strings.ReplaceAll(err.Error(), wsURL, redactURL(wsURL))
	switch {
	case strings.Contains(msg, `unexpected status "401`) || strings.Contains(msg, `unexpected status "403`):
		return errPoolRefused(&remoteError{"remote_refused", msg})
	case strings.Contains(msg, `unexpected status "429`):
		return &page.Error{Code: page.CodeBrowserUnavailable,
			Reason: "the browser pool is at capacity (all its browsers and its queue are taken); try again later",
			Err:    fmt.Errorf("%w: %w", ErrPoolFull, &remoteError{"remote_full", msg})}
	}
	return &remoteError{"remote_dial", msg}
}

// remoteError is a failed dial of a remote browser, its URL redacted. Its
// category is what the logs show of it (never the text).
type remoteError struct{ category, msg string }

func (e *remoteError) Error() string { return e.msg }

// Category names the failure for the logs: remote_refused, remote_full or
// remote_dial.
func (e *remoteError) Category() string { return e.category }
