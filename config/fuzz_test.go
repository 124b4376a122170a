package config

import (
	"bytes"
	"errors"
	"os"
	"testing"
)

// FuzzParse: Parse never panics, every failure is a positioned-or-not
// *Error inside the document, and every success validates.
// Seed corpus: testdata/fuzz/FuzzParse.
func FuzzParse(f *testing.F) {
	if data, err := os.ReadFile("../agent.yaml"); err == nil {
		f.Add(data)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		cfg, err := Parse(data)
		if err != nil {
			var e *Error
			if !errors.As(err, &e) {
				t.Fatalf("Parse error %T %v is not *Error", err, err)
			}
			// YAML breaks lines at \n, \r\n and a lone \r.
			lines := bytes.Count(bytes.ReplaceAll(data, []byte("\r\n"), []byte("\n")), []byte("\n")) + bytes.Count(data, []byte("\r")) - bytes.Count(data, []byte("\r\n"))
			if e.Line < 0 || e.Col < 0 || e.Line > lines+2 {
				t.Fatalf("error position %d:%d outside the document: %v", e.Line, e.Col, err)
			}
			if e.Message == "" {
				t.Fatalf("error without message: %#v", e)
			}
			return
		}
		if err := validate(&cfg, nil); err != nil {
			t.Fatalf("Parse accepted a config that does not validate: %v", err)
		}
		for _, s := range [][]string{cfg.Navigation.Allow, cfg.Navigation.Deny, cfg.HTTP.AllowedOrigins, cfg.Browser.ExtraFlags, cfg.Navigation.BlockedSchemes} {
			if s == nil {
				t.Fatal("Parse returned a nil list")
			}
		}
	})
}

// FuzzNavigationCheck: Check never panics and refuses only with a
// *NavigationError that says why.
func FuzzNavigationCheck(f *testing.F) {
	for _, s := range []string{
		"https://example.com/", "http://0xA9FEA9FE/", "http://[::ffff:a9fe:a9fe]/", "javascript:alert(1)",
		"https://good.com@evil.com/", "http://127.1:3000/", "about:blank", "file:///etc/passwd", "http://1.2.3.4.5/",
		"http://[fe80::1%25eth0]/", "data:text/html,x", "HTTPS://APP.EXAMPLE.COM./", "http://0x.0x.0x.0x/",
	} {
		f.Add(s)
	}
	n := Default().Navigation
	n.Allow = []string{"http://127.0.0.1:*", "https://*.example.com", "http://[::1]:*"}
	n.Deny = []string{"https://bad.example.com"}
	f.Fuzz(func(t *testing.T, raw string) {
		for _, nav := range []Navigation{Default().Navigation, n} {
			err := nav.Check(raw)
			if err == nil {
				continue
			}
			var ne *NavigationError
			if !errors.As(err, &ne) || ne.Code == "" || ne.Reason == "" {
				t.Fatalf("Check(%q) = %#v", raw, err)
			}
		}
	})
}
