package config

import (
	"errors"
	"strings"
	"testing"
)

type navCase struct {
	url  string
	want RefusalCode // "" means allowed
}

func runNavCases(t *testing.T, n Navigation, cases []navCase) {
	t.Helper()
	for _, tc := range cases {
		err := n.Check(tc.url)
		if tc.want == "" {
			if err != nil {
				t.Errorf("Check(%q) = %v, want allowed", tc.url, err)
			}
			continue
		}
		var ne *NavigationError
		if !errors.As(err, &ne) {
			t.Errorf("Check(%q) = %v, want *NavigationError %s", tc.url, err, tc.want)
			continue
		}
		if ne.Code != tc.want {
			t.Errorf("Check(%q) code = %s (%s), want %s", tc.url, ne.Code, ne.Reason, tc.want)
		}
		if ne.Reason == "" || !strings.Contains(err.Error(), "refused: ") {
			t.Errorf("Check(%q) error %q has no reason", tc.url, err)
		}
	}
}

func TestNavigationCheckDefaults(t *testing.T) {
	runNavCases(t, Default().Navigation, []navCase{
		// Allowed.
		{"https://example.com/", ""},
		{"http://127.0.0.1:8080/todos?x=1#top", ""},
		{"HTTPS://EXAMPLE.COM/Path", ""},
		{"HtTp://Example.com", ""},
		{"https://example.com./", ""},
		{"http://[::1]:3000/", ""},
		{"http://localhost:3000", ""},
		{"https://my_host.internal.example/", ""},
		{"  https://example.com/  ", ""},
		{"\x00https://example.com/\n", ""}, // leading/trailing controls are trimmed, as browsers do
		{"about:blank", ""},
		{"ABOUT:blank", ""},
		{"about:blank#frag", ""},
		{"https://xn--bcher-kva.de/", ""},

		// Malformed.
		{"", RefusedMalformed},
		{"   ", RefusedMalformed},
		{"example.com", RefusedMalformed},
		{"//example.com/path", RefusedMalformed},
		{"/relative/path", RefusedMalformed},
		{"https://exa\tmple.com/", RefusedMalformed},
		{"java\nscript:alert(1)", RefusedMalformed},
		{"https://good.com\\@evil.com/", RefusedMalformed},
		{"https://example.com\\path", RefusedMalformed},
		{"https:example.com", RefusedMalformed},
		{"http://", RefusedMalformed},
		{"http:///path", RefusedMalformed},
		{"http://[fe80::1%25eth0]/", RefusedMalformed},
		{"http://[::1/", RefusedMalformed},
		{"http://256.1.1.1/", RefusedMalformed},
		{"http://1.2.3.4.5/", RefusedMalformed},
		{"http://0x1g.1/", RefusedMalformed},
		{"http://4294967296/", RefusedMalformed},
		{"http://bücher.de/", RefusedMalformed},
		{"http://%31%32%37.0.0.1/", RefusedMalformed},
		{"http://example.com:99999/", RefusedMalformed},
		{"http://example.com:0/", RefusedMalformed},
		{"http://exa mple.com/", RefusedMalformed},
		{"http://a..b/", RefusedMalformed},
		{"http://*.example.com/", RefusedMalformed},

		// Schemes.
		{"javascript:alert(1)", RefusedScheme},
		{"JaVaScRiPt:alert(1)", RefusedScheme},
		{"file:///etc/passwd", RefusedScheme},
		{"FILE:///etc/passwd", RefusedScheme},
		{"data:text/html,<script>alert(1)</script>", RefusedScheme},
		{"blob:https://example.com/0b5b", RefusedScheme},
		{"chrome://settings", RefusedScheme},
		{"chrome-extension://abc/page.html", RefusedScheme},
		{"view-source:https://example.com/", RefusedScheme},
		{"devtools://devtools/bundled/inspector.html", RefusedScheme},
		{"about:config", RefusedScheme},
		{"about:BLANK", RefusedScheme},
		{"ftp://example.com/file", RefusedUnsupportedScheme},
		{"ws://example.com/socket", RefusedUnsupportedScheme},
		{"mailto:someone@example.com", RefusedUnsupportedScheme},
		{"intent://scan/#Intent;end", RefusedUnsupportedScheme},
		{"localhost:3000", RefusedUnsupportedScheme},

		// User info: the browser opens the host after the @.
		{"https://good.com@evil.com/", RefusedUserinfo},
		{"https://user:pass@example.com/", RefusedUserinfo},
		{"https://good.com%40x@evil.com/", RefusedUserinfo},
		{"http://@example.com/", RefusedUserinfo},

		// Cloud metadata, in every spelling the browser accepts.
		{"http://169.254.169.254/latest/meta-data/", RefusedMetadata},
		{"http://169.254.169.254:80/", RefusedMetadata},
		{"https://169.254.169.254:8443/", RefusedMetadata},
		{"http://169.254.169.254./", RefusedMetadata},
		{"http://0xA9FEA9FE/", RefusedMetadata},
		{"http://0xa9.0xfe.0xa9.0xfe/", RefusedMetadata},
		{"http://2852039166/", RefusedMetadata},
		{"http://0251.0376.0251.0376/", RefusedMetadata},
		{"http://169.254.43518/", RefusedMetadata},
		{"http://169.16689662/", RefusedMetadata},
		{"http://[::ffff:169.254.169.254]/", RefusedMetadata},
		{"http://[::ffff:a9fe:a9fe]/", RefusedMetadata},
		{"http://[::169.254.169.254]/", RefusedMetadata},
		{"http://[64:ff9b::a9fe:a9fe]/", RefusedMetadata},
		{"http://[fd00:ec2::254]/latest/meta-data/", RefusedMetadata},
		{"http://[FD00:EC2:0:0:0:0:0:254]/", RefusedMetadata},
		{"http://169.254.170.2/v2/credentials/x", RefusedMetadata},
		{"http://100.100.100.200/latest/meta-data/", RefusedMetadata},
		{"http://168.63.129.16/machine?comp=goalstate", RefusedMetadata},
		{"http://metadata.google.internal/computeMetadata/v1/", RefusedMetadata},
		{"http://METADATA.GOOGLE.INTERNAL./computeMetadata/v1/", RefusedMetadata},

		// Near misses stay allowed.
		{"http://169.254.169.253/", ""},
		{"http://metadata.google.internal.example.com/", ""},
		{"http://[::1]/", ""},
		{"http://[::]/", ""},
	})
}

// TestNavigationCheckRedirectChain: the browser checks every hop, so an
// allowed page that redirects to a metadata address is stopped at that hop.
func TestNavigationCheckRedirectChain(t *testing.T) {
	n := Default().Navigation
	n.Allow = []string{"https://*.example.com", "http://*"}
	for _, chain := range [][]string{
		{"https://app.example.com/login", "http://169.254.169.254/latest/meta-data/iam/"},
		{"https://app.example.com/r", "http://0xA9FEA9FE/"},
		{"https://app.example.com/r", "http://[::ffff:a9fe:a9fe]/"},
		{"https://app.example.com/r", "http://metadata.google.internal./computeMetadata/v1/"},
		{"https://app.example.com/r", "https://user@app.example.com/"},
		{"https://app.example.com/r", "file:///etc/passwd"},
	} {
		var refusedAt = -1
		for i, hop := range chain {
			if n.Check(hop) != nil {
				refusedAt = i
				break
			}
		}
		if refusedAt != len(chain)-1 {
			t.Errorf("chain %v refused at hop %d, want the last hop", chain, refusedAt)
		}
	}
}

func TestNavigationCheckAllow(t *testing.T) {
	n := Default().Navigation
	n.Allow = []string{"http://127.0.0.1:*", "https://*.example.com", "http://[::1]:8080", "https://exact.org"}
	runNavCases(t, n, []navCase{
		{"http://127.0.0.1:3000/", ""},
		{"http://127.0.0.1/", ""},
		{"http://127.1:3000/", ""},
		{"http://2130706433:8080/", ""},
		{"http://0x7f000001/", ""},
		{"http://[::ffff:127.0.0.1]:9000/", ""},
		{"https://app.example.com/", ""},
		{"https://a.b.example.com/", ""},
		{"https://APP.EXAMPLE.COM./", ""},
		{"http://[::1]:8080/", ""},
		{"https://exact.org/", ""},
		{"https://exact.org:443/", ""},
		{"about:blank", ""},
		{"https://example.com/", RefusedNotAllowed},
		{"http://app.example.com/", RefusedNotAllowed},
		{"https://app.example.com:8443/", RefusedNotAllowed},
		{"https://evilexample.com/", RefusedNotAllowed},
		{"https://example.com.evil.com/", RefusedNotAllowed},
		{"http://localhost:3000/", RefusedNotAllowed},
		{"http://[::1]:8081/", RefusedNotAllowed},
		{"http://exact.org/", RefusedNotAllowed},
		{"https://sub.exact.org/", RefusedNotAllowed},
		{"https://app.example.com@evil.com/", RefusedUserinfo},
		{"http://169.254.169.254/", RefusedMetadata},
	})
}

func TestNavigationCheckDeny(t *testing.T) {
	n := Default().Navigation
	n.Deny = []string{"https://*.evil.com", "http://10.0.0.1:*", "*://bad.example"}
	runNavCases(t, n, []navCase{
		{"https://x.evil.com/", RefusedDenied},
		{"https://X.EVIL.COM./", RefusedDenied},
		{"https://evil.com/", ""}, // *. means subdomains only; list evil.com too to deny it
		{"http://x.evil.com/", ""},
		{"http://10.0.0.1:8080/", RefusedDenied},
		{"http://10.0.0.1/", RefusedDenied},
		{"http://012.0.0.1/", RefusedDenied},
		{"http://167772161/", RefusedDenied},
		{"http://[::ffff:10.0.0.1]:81/", RefusedDenied},
		{"http://bad.example/", RefusedDenied},
		{"https://bad.example/", RefusedDenied},
		{"https://bad.example:8443/", ""}, // no port in the pattern: default port only
		{"https://good.example/", ""},
	})

	// Deny wins over allow.
	n.Allow = []string{"https://*"}
	runNavCases(t, n, []navCase{
		{"https://x.evil.com/", RefusedDenied},
		{"https://ok.example/", ""},
		{"http://ok.example/", RefusedNotAllowed},
	})
}

func TestNavigationCheckSchemesConfigurable(t *testing.T) {
	n := Default().Navigation
	n.BlockedSchemes = []string{"javascript", "HTTP"}
	runNavCases(t, n, []navCase{
		{"file:///tmp/page.html", ""},
		{"file://localhost/tmp/page.html", ""},
		{"file://fileserver/share/x", RefusedMalformed},
		{"data:text/html,hello", ""},
		{"http://example.com/", RefusedScheme}, // https only
		{"https://example.com/", ""},
		{"javascript:void(0)", RefusedScheme},
		{"chrome://settings", RefusedUnsupportedScheme}, // never navigable, listed or not
		{"about:config", RefusedUnsupportedScheme},
		{"about:blank", ""},
	})

	n.BlockMetadata = false
	runNavCases(t, n, []navCase{{"https://169.254.169.254/", ""}})
}

func TestNavigationCheckBadPolicy(t *testing.T) {
	n := Default().Navigation
	n.Deny = []string{"not a pattern"}
	runNavCases(t, n, []navCase{{"https://example.com/", RefusedBadPolicy}, {"about:blank", ""}})

	n = Default().Navigation
	n.Allow = []string{"not a pattern", "https://ok.example"}
	runNavCases(t, n, []navCase{{"https://ok.example/", ""}, {"https://other.example/", RefusedNotAllowed}})
}

func TestNavigationErrorHidesCredentials(t *testing.T) {
	err := Default().Navigation.Check("https://alice:s3cr3t@example.com/path")
	var ne *NavigationError
	if !errors.As(err, &ne) {
		t.Fatalf("Check = %v", err)
	}
	if strings.Contains(err.Error(), "s3cr3t") || strings.Contains(err.Error(), "alice") {
		t.Errorf("error %q shows the credentials", err)
	}
	if ne.URL != "https://example.com/path" || !strings.Contains(ne.Reason, "would open example.com") {
		t.Errorf("URL %q reason %q", ne.URL, ne.Reason)
	}
	long := "https://example.com/" + strings.Repeat("a", 500)
	n := Default().Navigation
	n.Allow = []string{"https://other.example"}
	if err := n.Check(long); !errors.As(err, &ne) || len([]rune(ne.URL)) > 201 {
		t.Errorf("long URL not clipped: %v", err)
	}
}

func TestParsePattern(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want originPattern
	}{
		{"https://example.com", originPattern{scheme: "https", host: "example.com"}},
		{"HTTPS://Example.COM/", originPattern{scheme: "https", host: "example.com"}},
		{"http://127.0.0.1:*", originPattern{scheme: "http", host: "127.0.0.1", port: -1}},
		{"http://127.1:8080", originPattern{scheme: "http", host: "127.0.0.1", port: 8080}},
		{"*://*.example.com", originPattern{scheme: "*", suffix: true, host: "example.com"}},
		{"https://*", originPattern{scheme: "https", anyHost: true}},
		{"http://*:*", originPattern{scheme: "http", anyHost: true, port: -1}},
		{"http://[::1]:3000", originPattern{scheme: "http", host: "::1", port: 3000}},
		{"http://[0:0::1]", originPattern{scheme: "http", host: "::1"}},
	} {
		got, err := parsePattern(tc.in)
		if err != nil || got != tc.want {
			t.Errorf("parsePattern(%q) = %+v, %v; want %+v", tc.in, got, err, tc.want)
		}
	}
	for _, in := range []string{
		"", "example.com", "ftp://example.com", "https://", "https://example.com/path", "https://example.com?q",
		"https://user@example.com", "https://ex*.com", "https://*.*.com", "https://*.10.0.0.1", "https://example.com:",
		"https://example.com:0", "https://example.com:65536", "https://example.com:+80", "http://[::1", "http://[::1]x",
		"http://[::1]:", "http://[1.2.3.4]", "http://exa mple.com", "http://bücher.de", "http://256.0.0.1",
	} {
		if p, err := parsePattern(in); err == nil {
			t.Errorf("parsePattern(%q) = %+v, want an error", in, p)
		}
	}
}

func TestAllowsOrigin(t *testing.T) {
	h := Default().HTTP
	if !h.AllowsOrigin("") {
		t.Error("a request without Origin must be accepted")
	}
	if h.AllowsOrigin("http://127.0.0.1:8931") {
		t.Error("an empty allowedOrigins must refuse every Origin")
	}
	h.AllowedOrigins = []string{"http://localhost:*", "https://app.example.com"}
	for origin, want := range map[string]bool{
		"http://localhost:6274":          true,
		"http://LOCALHOST:6274":          true,
		"https://app.example.com":        true,
		"https://app.example.com/":       true,
		"https://app.example.com:443":    true,
		"http://app.example.com":         false,
		"https://evil.com":               false,
		"null":                           false,
		"https://app.example.com/path":   false,
		"https://u@app.example.com":      false,
		"file://":                        false,
		"http://localhost.evil.com:6274": false,
	} {
		if got := h.AllowsOrigin(origin); got != want {
			t.Errorf("AllowsOrigin(%q) = %v, want %v", origin, got, want)
		}
	}
}

func TestParseIPv4(t *testing.T) {
	for _, tc := range []struct {
		in     string
		want   string
		isIP   bool
		errors bool
	}{
		{"127.0.0.1", "127.0.0.1", true, false},
		{"127.1", "127.0.0.1", true, false},
		{"127.0.1", "127.0.0.1", true, false},
		{"2130706433", "127.0.0.1", true, false},
		{"0x7f.1", "127.0.0.1", true, false},
		{"0177.0.0.01", "127.0.0.1", true, false},
		{"0x", "0.0.0.0", true, false},
		{"1.2.3.4.", "1.2.3.4", true, false},
		{"255.255.255.255", "255.255.255.255", true, false},
		{"4294967295", "255.255.255.255", true, false},
		{"example.com", "", false, false},
		{"1.2.3.com", "", false, false},
		{"0x7g", "", false, false},
		{"1.2.3.0x7g", "", false, false},
		{"08.1.1.1", "", true, true},
		{"1.2.3.4.5", "", true, true},
		{"256.0.0.1", "", true, true},
		{"1.2.65536", "", true, true},
		{"4294967296", "", true, true},
		{"1..1", "", true, true},
		{"99999999999999999999999", "", true, true},
	} {
		a, isIP, err := parseIPv4(tc.in)
		if isIP != tc.isIP || (err != nil) != tc.errors || (tc.want != "" && a.String() != tc.want) {
			t.Errorf("parseIPv4(%q) = %v, %v, %v; want %s, %v, error %v", tc.in, a, isIP, err, tc.want, tc.isIP, tc.errors)
		}
	}
}
