package websearch

import (
	"net/url"
	"strings"
	"testing"
	"unicode/utf8"
)

func TestNormalizeURL(t *testing.T) {
	t.Parallel()
	tests := []struct {
		in   string
		want string // "" means rejected
	}{
		{"https://example.org/a", "https://example.org/a"},
		{"  https://example.org/a\n", "https://example.org/a"},
		{"HTTP://example.org", "http://example.org"},
		{"https://example.org/a b", "https://example.org/a%20b"},
		{"https://example.org/ü", "https://example.org/%C3%BC"},
		{"https://example.org/a?utm_source=x&b=1#frag", "https://example.org/a?utm_source=x&b=1#frag"},
		{"https://Example.ORG/", "https://Example.ORG/"}, // no invented host equivalence
		{"https://[2001:db8::1]:8443/p", "https://[2001:db8::1]:8443/p"},
		{"javascript:alert(1)", ""},
		{"JavaScript://example.org/%0aalert(1)", ""},
		{"data:text/plain,hi", ""},
		{"mailto:a@example.org", ""},
		{"ws://example.org/", ""},
		{"https://user:pass@example.org/", ""},
		{"https://user@example.org/", ""},
		{"https://:pass@example.org/", ""},
		{"https:example.org/opaque", ""},
		{"https:///no-host", ""},
		{"https://:443/", ""},
		{"//example.org/", ""},
		{"example.org", ""},
		{"", ""},
		{"https://exa\x00mple.org/", ""},
		{"https://example.org/\r\nSet-Cookie:x", ""},
		{"https://example.org/" + strings.Repeat("a", MaxURLBytes), ""},
	}
	for _, tt := range tests {
		got, ok := normalizeURL(tt.in)
		if ok != (tt.want != "") || got != tt.want {
			t.Errorf("normalizeURL(%q) = %q, %v; want %q", tt.in, got, ok, tt.want)
		}
	}
}

// FuzzNormalizeURL checks the normalizer's promises on arbitrary input:
// only bounded http(s) URLs with a host and no credentials come out, and
// normalizing again changes nothing.
func FuzzNormalizeURL(f *testing.F) {
	for _, s := range []string{
		"https://example.org/a", "http://[::1]:80/", "javascript:alert(1)", "https://u:p@h/",
		"https://example.org/%zz", "https://example.org/a%2Fb?x=%41#%42", "HTTPS://ü.example/ü?ü#ü",
		"http://example.org:99999/", "https://example.org/" + strings.Repeat("x", 3000),
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, raw string) {
		got, ok := normalizeURL(raw)
		if !ok {
			if got != "" {
				t.Fatalf("rejected %q but returned %q", raw, got)
			}
			return
		}
		if len(got) > MaxURLBytes {
			t.Fatalf("%q: %d bytes", got, len(got))
		}
		u, err := url.Parse(got)
		if err != nil {
			t.Fatalf("%q does not parse: %v", got, err)
		}
		if u.Scheme != "http" && u.Scheme != "https" || u.User != nil || u.Host == "" || u.Opaque != "" {
			t.Fatalf("%q escaped the rules: %+v", got, u)
		}
		if !utf8.ValidString(got) || strings.ContainsAny(got, " \t\r\n\x00") {
			t.Fatalf("%q has raw whitespace or bad UTF-8", got)
		}
		again, ok := normalizeURL(got)
		if !ok || again != got {
			t.Fatalf("not idempotent: %q -> %q -> %q (%v)", raw, got, again, ok)
		}
	})
}

func TestCleanTitle(t *testing.T) {
	t.Parallel()
	red := newRedactor(testKey)
	tests := []struct {
		in, want string
		cut      bool
	}{
		{"Plain", "Plain", false},
		{"  spaced \n\t out  ", "spaced out", false},
		{"bad \xff byte", "bad \uFFFD byte", false},
		{"key sk-pling-test+k/ey=0123456789abcdef here", "key " + Redacted + " here", false},
		{"hidden sk-pling\x00-test+k/ey=0123456789abcdef", "hidden " + Redacted, false},
		{strings.Repeat("😀", 150), strings.Repeat("😀", 99) + "…", true},
		{strings.Repeat(" ", 5000) + "x", "…", true}, // cut before the x
	}
	for _, tt := range tests {
		got, cut := cleanTitle(tt.in, red)
		if got != tt.want || cut != tt.cut {
			t.Errorf("cleanTitle(%.40q) = %q, %v; want %q, %v", tt.in, got, cut, tt.want, tt.cut)
		}
	}
}

func TestCleanNotes(t *testing.T) {
	t.Parallel()
	red := newRedactor(testKey)
	tests := []struct {
		in      string
		max     int
		want    string
		wantCut int
	}{
		{"  keep\nlines\tand tabs \x00\u202e ", 100, "keep\nlines\tand tabs", 0},
		{"echo " + testKey, 100, "echo " + Redacted, 0},
		{"abcdefghij", 8, "abcde…", 5},
		{"😀😀😀😀", 11, "😀😀…", 4},
	}
	for _, tt := range tests {
		got, cut := cleanNotes(tt.in, tt.max, red)
		if got != tt.want || cut != tt.wantCut {
			t.Errorf("cleanNotes(%q, %d) = %q, %d; want %q, %d", tt.in, tt.max, got, cut, tt.want, tt.wantCut)
		}
	}
}
