package browser

import (
	"context"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"
)

// prep.js, composed as Perform composes it (prepScript), over a small
// page: a step resolved against an observation the page no longer matches
// is refused as changed with nothing done (the page does not scroll);
// otherwise act.js places it, and a salt adds the target field's digest
// only to a placed step.
func TestPrepScript(t *testing.T) {
	srv := httptest.NewServer(http.FileServer(http.Dir("testdata")))
	defer srv.Close()
	b, err := Start(t.Context(), Options{ExecPath: execPath(), StartTimeout: 60 * time.Second})
	if err != nil {
		t.Fatalf("real Chromium is required: %v", err)
	}
	defer b.Close()
	ctx, cancel := context.WithTimeout(t.Context(), 2*time.Minute)
	defer cancel()
	s, err := b.NewSession(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Navigate(ctx, srv.URL+"/prep.html"); err != nil {
		t.Fatal(err)
	}
	prep := func(t *testing.T, p map[string]any) actPrep {
		t.Helper()
		var r actPrep
		if err := s.CallScript(ctx, prepScript, p, &r); err != nil {
			t.Fatalf("prep %v: %v", p, err)
		}
		return r
	}
	for _, tc := range []struct {
		name string
		// since is the page function whose answer is the step's since
		// ("" for a step without one).
		since    string
		params   map[string]any
		ok       bool
		code     string
		changed  bool
		digest   bool
		scrolled bool
	}{
		{name: "placed", params: map[string]any{"key": "name", "op": "click"}, ok: true},
		{name: "placed with a salt", params: map[string]any{"key": "name", "op": "type", "salt": "s1"}, ok: true, digest: true},
		{name: "refused with a salt", params: map[string]any{"key": "go", "op": "click", "salt": "s1"}, code: "UNAVAILABLE"},
		{name: "gone", params: map[string]any{"key": "nope", "op": "click"}, code: "ACTION_NOT_FOUND"},
		{name: "unchanged since", since: "mark()", params: map[string]any{"key": "name", "op": "click", "doc": "doc-1", "salt": "s1"}, ok: true, digest: true},
		{name: "changed since", since: "change()", params: map[string]any{"op": "scroll", "doc": "doc-1", "salt": "s1"}, changed: true},
		{name: "another document", since: "mark()", params: map[string]any{"op": "scroll", "doc": "doc-2"}, changed: true},
		{name: "scroll", params: map[string]any{"op": "scroll"}, ok: true, scrolled: true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if err := s.Evaluate(ctx, "window.scrollTo(0, 0)", nil); err != nil {
				t.Fatal(err)
			}
			p := map[string]any{}
			for k, v := range tc.params {
				p[k] = v
			}
			if tc.since != "" {
				var since float64
				if err := s.Evaluate(ctx, tc.since, &since); err != nil || since <= 0 {
					t.Fatalf("%s = %v, %v", tc.since, since, err)
				}
				p["since"] = since
			}
			r := prep(t, p)
			if r.OK != tc.ok || r.Code != tc.code || r.Changed != tc.changed || (r.Digest != nil) != tc.digest {
				t.Errorf("got ok %v code %q changed %v digest %v, want ok %v code %q changed %v digest %v",
					r.OK, r.Code, r.Changed, r.Digest != nil, tc.ok, tc.code, tc.changed, tc.digest)
			}
			var y float64
			if err := s.Evaluate(ctx, "window.scrollY", &y); err != nil {
				t.Fatal(err)
			}
			if (y > 0) != tc.scrolled {
				t.Errorf("scrollY %v after the step", y)
			}
		})
	}
	// The digest is the field's value's: the same for the same value and
	// salt, another once the value changed.
	digest := func(t *testing.T) string {
		t.Helper()
		r := prep(t, map[string]any{"key": "name", "op": "type", "salt": "s1"})
		if r.Digest == nil || *r.Digest == "" {
			t.Fatalf("no digest: %+v", r)
		}
		return *r.Digest
	}
	t.Run("digest follows the value", func(t *testing.T) {
		a, again := digest(t), digest(t)
		if err := s.Evaluate(ctx, `document.getElementById("name").value = "Bob"`, nil); err != nil {
			t.Fatal(err)
		}
		if b := digest(t); a != again || b == a {
			t.Errorf("digests %q, %q, then %q after the value changed", a, again, b)
		}
	})
}
