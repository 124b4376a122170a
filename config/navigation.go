package config

import (
	"fmt"
	"net/netip"
	"net/url"
	"strconv"
	"strings"
)

// RefusalCode says why Navigation.Check refused a URL. The MCP layer reports
// every refusal as NAVIGATION_BLOCKED with the reason.
type RefusalCode string

// Refusal codes.
const (
	// RefusedMalformed: the URL does not parse, is relative, has no or an
	// invalid host, or contains characters the browser would silently rewrite
	// (tabs, newlines, backslashes).
	RefusedMalformed RefusalCode = "malformed_url"
	// RefusedScheme: the scheme is listed in navigation.blockedSchemes.
	RefusedScheme RefusalCode = "scheme_blocked"
	// RefusedUnsupportedScheme: the scheme is never navigable (anything but
	// http, https, file, data and about:blank).
	RefusedUnsupportedScheme RefusalCode = "scheme_unsupported"
	// RefusedUserinfo: the URL carries a user name or password before the host.
	RefusedUserinfo RefusalCode = "userinfo"
	// RefusedMetadata: the host is a cloud metadata endpoint and
	// navigation.blockMetadata is on.
	RefusedMetadata RefusalCode = "metadata_address"
	// RefusedDenied: the origin matches a navigation.deny pattern.
	RefusedDenied RefusalCode = "denied"
	// RefusedNotAllowed: navigation.allow is non-empty and no pattern matches.
	RefusedNotAllowed RefusalCode = "not_allowed"
	// RefusedBadPolicy: a deny pattern does not parse (only possible for a
	// Navigation not built by Parse); every http(s) URL is refused.
	RefusedBadPolicy RefusalCode = "invalid_policy"
)

// NavigationError is a refused navigation.
type NavigationError struct {
	// URL is the refused URL for display: user name and password removed,
	// at most 200 characters.
	URL string
	// Code is the machine-readable reason.
	Code RefusalCode
	// Reason says why, in one sentence an agent can act on.
	Reason string
}

// Error returns "navigation to URL refused: reason".
func (e *NavigationError) Error() string {
	return fmt.Sprintf("navigation to %s refused: %s", e.URL, e.Reason)
}

// Metadata endpoints refused when navigation.blockMetadata is on: AWS, Azure,
// GCP, Oracle and DigitalOcean IMDS (169.254.169.254, AWS also fd00:ec2::254),
// AWS ECS task credentials (169.254.170.2), Azure WireServer (168.63.129.16),
// Alibaba Cloud (100.100.100.200) and the GCP metadata host name.
var (
	metadataAddrs = []netip.Addr{
		netip.MustParseAddr("169.254.169.254"),
		netip.MustParseAddr("169.254.170.2"),
		netip.MustParseAddr("168.63.129.16"),
		netip.MustParseAddr("100.100.100.200"),
		netip.MustParseAddr("fd00:ec2::254"),
	}
	metadataHosts = []string{"metadata.google.internal"}
)

// Check reports whether the browser may open rawURL, returning nil or a
// *NavigationError. It is a check of the URL as the browser will read it,
// so the browser package must call it for every navigation request: the
// agent's navigate, link clicks, every hop of a redirect chain, and new tabs.
// It does not resolve DNS, so a public name that resolves to a private or
// metadata address passes.
//
// The rules, in order:
//  1. Leading and trailing spaces and control characters are trimmed (as the
//     browser does); any other control character, tab or newline refuses.
//  2. about:blank is always allowed.
//  3. A scheme listed in BlockedSchemes (any case) refuses.
//  4. data: and file: (local only) are allowed when not blocked; every other
//     scheme except http and https refuses.
//  5. http(s) URLs must have a host, no backslash and no user name or
//     password (https://good.com@evil.com opens evil.com).
//  6. The host is read as the browser reads it: lowercased, trailing dot
//     dropped, IPv4 in decimal, octal, hex or short forms (http://0xA9FEA9FE/,
//     http://2852039166/) as a dotted quad, IPv4-mapped IPv6 unwrapped.
//     Non-ASCII names must be written in punycode.
//  7. With BlockMetadata, metadata addresses and host names refuse.
//  8. A Deny pattern match refuses; then, when Allow is non-empty, the
//     origin must match an Allow pattern.
//
// Patterns are "scheme://host[:port]": scheme http, https or * (both); host
// a name, an IP literal ([::1] for IPv6), * for any host, or *.example.com
// for any subdomain (not example.com itself); port a number, * for any, or
// omitted for the scheme's default port.
func (n Navigation) Check(rawURL string) error {
	s := strings.TrimFunc(rawURL, func(r rune) bool { return r <= ' ' })
	refuse := func(display string, code RefusalCode, format string, args ...any) error {
		return &NavigationError{URL: clip(display, 200), Code: code, Reason: fmt.Sprintf(format, args...)}
	}
	if s == "" {
		return refuse(`""`, RefusedMalformed, "the URL is empty")
	}
	if strings.ContainsFunc(s, func(r rune) bool { return r < ' ' || r == 0x7f }) {
		return refuse(strconv.QuoteToASCII(clip(s, 60)), RefusedMalformed,
			"the URL contains a tab, newline or control character, which the browser would drop")
	}
	u, err := url.Parse(s)
	if err != nil {
		return refuse(s, RefusedMalformed, "the URL does not parse")
	}
	scheme := strings.ToLower(u.Scheme)
	if scheme == "" {
		return refuse(s, RefusedMalformed, "the URL is not absolute; write the scheme, e.g. https://%s", clip(strings.TrimPrefix(s, "//"), 60))
	}
	display := displayURL(u, s)
	if scheme == "about" && u.Opaque == "blank" {
		return nil
	}
	if n.blocked(scheme) {
		return refuse(display, RefusedScheme, "%s: URLs are blocked by navigation.blockedSchemes", scheme)
	}
	switch scheme {
	case "data":
		return nil
	case "file":
		if h := strings.ToLower(u.Host); h != "" && h != "localhost" {
			return refuse(display, RefusedMalformed, "file: URLs must be local (file:///path), not on host %q", clip(u.Host, 60))
		}
		return nil
	case "http", "https":
	default:
		return refuse(display, RefusedUnsupportedScheme, "%s: URLs cannot be opened; use http:// or https://", clip(scheme, 30))
	}
	if strings.Contains(s, `\`) {
		return refuse(display, RefusedMalformed, `the URL contains a backslash, which the browser reads as "/"`)
	}
	if u.Opaque != "" || u.Host == "" {
		return refuse(display, RefusedMalformed, "the URL has no host; write %s://host/path", scheme)
	}
	t, err := targetOf(scheme, u)
	if err != nil {
		return refuse(display, RefusedMalformed, "%s", err.Error())
	}
	if u.User != nil {
		return refuse(display, RefusedUserinfo,
			"the URL carries a user name or password before the host; the browser would open %s, and credentials are never sent this way", t.hostDisplay())
	}
	if n.BlockMetadata && isMetadata(t) {
		return refuse(display, RefusedMetadata, "%s is a cloud metadata endpoint (navigation.blockMetadata)", t.hostDisplay())
	}
	for i, d := range n.Deny {
		p, err := parsePattern(d)
		if err != nil {
			return refuse(display, RefusedBadPolicy, "navigation.deny[%d] is not a valid pattern, so every URL is refused", i)
		}
		if p.matches(t) {
			return refuse(display, RefusedDenied, "origin %s matches navigation.deny pattern %q", t.origin(), d)
		}
	}
	if len(n.Allow) > 0 {
		for _, a := range n.Allow {
			if p, err := parsePattern(a); err == nil && p.matches(t) {
				return nil
			}
		}
		return refuse(display, RefusedNotAllowed, "origin %s is not in navigation.allow", t.origin())
	}
	return nil
}

// blocked reports whether scheme is in BlockedSchemes, ignoring case.
func (n Navigation) blocked(scheme string) bool {
	for _, b := range n.BlockedSchemes {
		if strings.EqualFold(b, scheme) {
			return true
		}
	}
	return false
}

// AllowsOrigin reports whether the HTTP transport accepts a request whose
// Origin header is origin: always when the header is absent (""), otherwise
// only when it matches an AllowedOrigins pattern. "null" never matches.
func (h HTTP) AllowsOrigin(origin string) bool {
	if origin == "" {
		return true
	}
	u, err := url.Parse(origin)
	if err != nil || u.User != nil || u.Opaque != "" || (u.Path != "" && u.Path != "/") || u.RawQuery != "" || u.Fragment != "" {
		return false
	}
	scheme := strings.ToLower(u.Scheme)
	if scheme != "http" && scheme != "https" {
		return false
	}
	t, err := targetOf(scheme, u)
	if err != nil {
		return false
	}
	for _, a := range h.AllowedOrigins {
		if p, err := parsePattern(a); err == nil && p.matches(t) {
			return true
		}
	}
	return false
}

// displayURL renders u without user name and password.
func displayURL(u *url.URL, raw string) string {
	if u.User == nil {
		return raw
	}
	c := *u
	c.User = nil
	return c.String()
}

// target is the origin of an http(s) URL as the browser resolves it.
type target struct {
	scheme string
	host   string     // canonical: lowercase name without trailing dot, dotted quad, or IPv6 without brackets
	ip     netip.Addr // valid when host is an IP literal
	port   int        // explicit or the scheme's default
}

func (t target) hostDisplay() string {
	if t.ip.Is6() {
		return "[" + t.host + "]"
	}
	return t.host
}

func (t target) origin() string {
	s := t.scheme + "://" + t.hostDisplay()
	if t.port != defaultPort(t.scheme) {
		s += ":" + strconv.Itoa(t.port)
	}
	return s
}

// hosts returns the names the host is matched under: itself and, for an
// IPv6 address that carries an IPv4 address, that IPv4 address.
func (t target) hosts() []string {
	if v4, ok := embeddedIPv4(t.ip); ok {
		return []string{t.host, v4.String()}
	}
	return []string{t.host}
}

func defaultPort(scheme string) int {
	if scheme == "https" {
		return 443
	}
	return 80
}

func targetOf(scheme string, u *url.URL) (target, error) {
	host, ip, err := canonicalHost(u.Hostname(), strings.HasPrefix(u.Host, "["))
	if err != nil {
		return target{}, err
	}
	port := defaultPort(scheme)
	if p := u.Port(); p != "" {
		n, err := strconv.Atoi(p)
		if err != nil || n < 1 || n > 65535 {
			return target{}, fmt.Errorf("the port %s is out of range", clip(p, 10))
		}
		port = n
	}
	return target{scheme: scheme, host: host, ip: ip, port: port}, nil
}

// canonicalHost reads a host the way the browser does. bracketed says the
// host was written in [] (IPv6).
func canonicalHost(h string, bracketed bool) (string, netip.Addr, error) {
	if bracketed {
		if strings.Contains(h, "%") {
			return "", netip.Addr{}, fmt.Errorf("IPv6 zones are not allowed in URLs")
		}
		a, err := netip.ParseAddr(h)
		if err != nil || !a.Is6() {
			return "", netip.Addr{}, fmt.Errorf("[%s] is not a valid IPv6 address", clip(h, 60))
		}
		return a.String(), a, nil
	}
	if h == "" {
		return "", netip.Addr{}, fmt.Errorf("the URL has no host")
	}
	for i := 0; i < len(h); i++ {
		if h[i] >= 0x80 {
			return "", netip.Addr{}, fmt.Errorf("the host %q is not ASCII; write internationalized names in punycode (xn--…)", clip(h, 60))
		}
	}
	h = strings.ToLower(h)
	if a, isIP, err := parseIPv4(h); isIP {
		if err != nil {
			return "", netip.Addr{}, err
		}
		return a.String(), a, nil
	}
	name := strings.TrimSuffix(h, ".")
	if name == "" || len(name) > 253 {
		return "", netip.Addr{}, fmt.Errorf("the host %q is not a valid name", clip(h, 60))
	}
	for _, label := range strings.Split(name, ".") {
		if label == "" || len(label) > 63 {
			return "", netip.Addr{}, fmt.Errorf("the host %q is not a valid name", clip(h, 60))
		}
		for i := 0; i < len(label); i++ {
			c := label[i]
			if !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '-' || c == '_') {
				return "", netip.Addr{}, fmt.Errorf("the host %q is not a valid name", clip(h, 60))
			}
		}
	}
	return name, netip.Addr{}, nil
}

// parseIPv4 is the WHATWG URL host parser's IPv4 step: a host whose last
// label is a number is an IPv4 address, each label decimal, octal (leading
// 0) or hex (0x), the last one filling the remaining bytes (127.1,
// 2130706433, 0x7f.0.0.1). isIP reports whether the host is meant as an
// address; err then says it is not a valid one (the browser refuses it).
func parseIPv4(h string) (a netip.Addr, isIP bool, err error) {
	parts := strings.Split(h, ".")
	if len(parts) > 1 && parts[len(parts)-1] == "" {
		parts = parts[:len(parts)-1]
	}
	last := parts[len(parts)-1]
	if _, ok := ipv4Number(last); !ok && !(last != "" && strings.Trim(last, "0123456789") == "") {
		return netip.Addr{}, false, nil
	}
	bad := fmt.Errorf("the host %q is not a valid IPv4 address", clip(h, 60))
	if len(parts) > 4 {
		return netip.Addr{}, true, bad
	}
	nums := make([]uint64, len(parts))
	for i, p := range parts {
		v, ok := ipv4Number(p)
		if !ok {
			return netip.Addr{}, true, bad
		}
		if i < len(parts)-1 && v > 255 {
			return netip.Addr{}, true, bad
		}
		nums[i] = v
	}
	if nums[len(nums)-1] >= 1<<(8*(5-len(nums))) {
		return netip.Addr{}, true, bad
	}
	v := nums[len(nums)-1]
	for i := 0; i < len(nums)-1; i++ {
		v += nums[i] << (8 * (3 - i))
	}
	return netip.AddrFrom4([4]byte{byte(v >> 24), byte(v >> 16), byte(v >> 8), byte(v)}), true, nil
}

// ipv4Number parses one label of parseIPv4. Values beyond 2^40 are clamped
// (they are invalid either way).
func ipv4Number(s string) (uint64, bool) {
	if s == "" {
		return 0, false
	}
	base := uint64(10)
	switch {
	case len(s) >= 2 && (s[:2] == "0x" || s[:2] == "0X"):
		s, base = s[2:], 16
	case len(s) >= 2 && s[0] == '0':
		s, base = s[1:], 8
	}
	var v uint64
	for i := 0; i < len(s); i++ {
		var d uint64
		c := s[i]
		switch {
		case c >= '0' && c <= '9':
			d = uint64(c - '0')
		case c >= 'a' && c <= 'f':
			d = uint64(c-'a') + 10
		case c >= 'A' && c <= 'F':
			d = uint64(c-'A') + 10
		default:
			return 0, false
		}
		if d >= base {
			return 0, false
		}
		if v < 1<<40 {
			v = v*base + d
		}
	}
	return v, true
}

// embeddedIPv4 returns the IPv4 address an IPv6 address reaches: IPv4-mapped
// (::ffff:a.b.c.d), IPv4-compatible (::a.b.c.d) or NAT64 (64:ff9b::a.b.c.d).
func embeddedIPv4(a netip.Addr) (netip.Addr, bool) {
	if !a.Is6() {
		return netip.Addr{}, false
	}
	if a.Is4In6() {
		return a.Unmap(), true
	}
	b := a.As16()
	v4 := netip.AddrFrom4([4]byte{b[12], b[13], b[14], b[15]})
	zero := [12]byte{}
	nat64 := [12]byte{0, 0x64, 0xff, 0x9b}
	switch [12]byte(b[:12]) {
	case zero:
		if v4.As4()[0] != 0 { // not ::, ::1
			return v4, true
		}
	case nat64:
		return v4, true
	}
	return netip.Addr{}, false
}

func isMetadata(t target) bool {
	if t.ip.IsValid() {
		addrs := []netip.Addr{t.ip}
		if v4, ok := embeddedIPv4(t.ip); ok {
			addrs = append(addrs, v4)
		}
		for _, a := range addrs {
			for _, m := range metadataAddrs {
				if a == m {
					return true
				}
			}
		}
		return false
	}
	for _, m := range metadataHosts {
		if t.host == m {
			return true
		}
	}
	return false
}

// originPattern is one parsed navigation.allow, navigation.deny or
// http.allowedOrigins entry.
type originPattern struct {
	scheme  string // "http", "https" or "*"
	anyHost bool   // host "*"
	suffix  bool   // "*.example.com": host holds "example.com", matches subdomains only
	host    string // canonical host
	port    int    // -1 any, 0 the scheme's default, else the port
}

func parsePattern(s string) (originPattern, error) {
	var p originPattern
	form := "must be scheme://host[:port] such as https://*.example.com or http://127.0.0.1:*"
	scheme, rest, ok := strings.Cut(s, "://")
	if !ok {
		return p, fmt.Errorf("%s (got %q)", form, clip(s, 60))
	}
	switch p.scheme = strings.ToLower(scheme); p.scheme {
	case "http", "https", "*":
	default:
		return p, fmt.Errorf("must use the scheme http, https or * (got %q)", clip(scheme, 20))
	}
	rest = strings.TrimSuffix(rest, "/")
	if strings.ContainsAny(rest, "/?#@\\") {
		return p, fmt.Errorf("must not have a path, query, fragment or user name: %s (got %q)", form, clip(s, 60))
	}
	host, port, bracketed := rest, "", false
	if strings.HasPrefix(rest, "[") {
		i := strings.Index(rest, "]")
		if i < 0 {
			return p, fmt.Errorf("has an unclosed [ (got %q)", clip(s, 60))
		}
		host, bracketed = rest[1:i], true
		after := rest[i+1:]
		if after != "" {
			if after[0] != ':' {
				return p, fmt.Errorf("%s (got %q)", form, clip(s, 60))
			}
			port = after[1:]
			if port == "" {
				return p, fmt.Errorf("has an empty port (got %q)", clip(s, 60))
			}
		}
	} else if i := strings.LastIndex(rest, ":"); i >= 0 {
		host, port = rest[:i], rest[i+1:]
		if port == "" {
			return p, fmt.Errorf("has an empty port (got %q)", clip(s, 60))
		}
	}
	switch {
	case port == "":
	case port == "*":
		p.port = -1
	default:
		n, err := strconv.Atoi(port)
		if err != nil || n < 1 || n > 65535 || strings.Trim(port, "0123456789") != "" {
			return p, fmt.Errorf("must have a port between 1 and 65535 or * (got %q)", clip(port, 10))
		}
		p.port = n
	}
	switch {
	case host == "*" && !bracketed:
		p.anyHost = true
		return p, nil
	case strings.HasPrefix(host, "*.") && !bracketed:
		h, ip, err := canonicalHost(host[2:], false)
		if err != nil {
			return p, fmt.Errorf("has an invalid host: %v", err)
		}
		if ip.IsValid() {
			return p, fmt.Errorf("uses *. with an IP address; wildcards apply to domain names (got %q)", clip(s, 60))
		}
		p.suffix, p.host = true, h
		return p, nil
	case strings.Contains(host, "*"):
		return p, fmt.Errorf("may use * only as the whole host or as a leading *. (got %q)", clip(s, 60))
	}
	h, _, err := canonicalHost(host, bracketed)
	if err != nil {
		return p, fmt.Errorf("has an invalid host: %v", err)
	}
	p.host = h
	return p, nil
}

func (p originPattern) matches(t target) bool {
	if p.scheme != "*" && p.scheme != t.scheme {
		return false
	}
	switch p.port {
	case -1:
	case 0:
		if t.port != defaultPort(t.scheme) {
			return false
		}
	default:
		if t.port != p.port {
			return false
		}
	}
	if p.anyHost {
		return true
	}
	for _, h := range t.hosts() {
		if p.suffix && strings.HasSuffix(h, "."+p.host) || !p.suffix && h == p.host {
			return true
		}
	}
	return false
}
