package e2e

import (
	"fmt"
	"io"
	"net"
	"net/http"
	neturl "net/url"
	"sort"
	"sync"
	"testing"
	"time"
)

// loggingProxy is an HTTP proxy on 127.0.0.1 that records the host of every
// request the browser sends through it. It forwards requests to the
// origins in allow and refuses everything else (so nothing leaves the
// machine): a CONNECT (https) or a plain request to any other host is only
// recorded.
type loggingProxy struct {
	allow map[string]bool
	mu    sync.Mutex
	hosts map[string]int
}

func (p *loggingProxy) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	host := r.Host
	if r.Method != http.MethodConnect && r.URL.Host != "" {
		host = r.URL.Host
	}
	p.mu.Lock()
	p.hosts[host]++
	p.mu.Unlock()
	if r.Method == http.MethodConnect || !p.allow[host] {
		http.Error(w, "refused by the test proxy", http.StatusForbidden)
		return
	}
	out, err := http.NewRequestWithContext(r.Context(), r.Method, r.URL.String(), r.Body)
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadGateway)
		return
	}
	out.Header = r.Header.Clone()
	out.Header.Del("Proxy-Connection")
	res, err := http.DefaultTransport.RoundTrip(out)
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadGateway)
		return
	}
	defer res.Body.Close()
	for k, v := range res.Header {
		w.Header()[k] = v
	}
	w.WriteHeader(res.StatusCode)
	_, _ = io.Copy(w, res.Body)
}

func (p *loggingProxy) seen() map[string]int {
	p.mu.Lock()
	defer p.mu.Unlock()
	out := map[string]int{}
	for h, n := range p.hosts {
		out[h] = n
	}
	return out
}

// Chromium is quiet: with a logging proxy as its only route (loopback
// included), a short session (pages, a form typed into, a new page, a few
// seconds idle) contacts the pages' own origin and nothing else: no
// autofill, optimization guide, component updater, safe browsing,
// metrics or sign-in traffic.
func TestBrowserContactsOnlyThePagesOrigins(t *testing.T) {
	t.Parallel()
	for _, br := range testBrowsers {
		t.Run(br.name, func(t *testing.T) {
			t.Parallel()
			contactsOnlyThePagesOrigins(t, br.execPath)
		})
	}
}

func contactsOnlyThePagesOrigins(t *testing.T, execPath string) {
	origin, err := neturl.Parse(url("/"))
	if err != nil {
		t.Fatal(err)
	}
	p := &loggingProxy{allow: map[string]bool{origin.Host: true}, hosts: map[string]int{}}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := &http.Server{Handler: p}
	go func() { _ = srv.Serve(ln) }()
	t.Cleanup(func() { _ = srv.Close() })
	cfg := writeConfig(t, browserYAML(t, execPath, "extraFlags:",
		"  - --proxy-server=http://"+ln.Addr().String(), "  - --proxy-bypass-list=<-loopback>"))
	c, _ := stdioClient(t, nil, "--url", url("/form"), "--config", cfg)
	mustOK(t, call(t, c, "observe", map[string]any{}))
	mustOK(t, call(t, c, "navigate", map[string]any{"url": url("/todos")}))
	mustOK(t, call(t, c, "navigate", map[string]any{"url": url("/signup"), "new_page": true}))
	mustOK(t, call(t, c, "navigate", map[string]any{"url": url("/links")}))
	time.Sleep(5 * time.Second) // background services start within seconds
	mustOK(t, call(t, c, "observe", map[string]any{}))
	seen := p.seen()
	if seen[origin.Host] == 0 {
		t.Fatalf("the pages did not go through the proxy (the test would prove nothing): %v", seen)
	}
	var others []string
	for h, n := range seen {
		if h != origin.Host {
			others = append(others, fmt.Sprintf("%s (%d)", h, n))
		}
	}
	sort.Strings(others)
	if len(others) > 0 {
		t.Errorf("the browser contacted hosts other than the pages' origin %s: %v", origin.Host, others)
	}
}
