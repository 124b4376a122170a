package js_test

import (
	"testing"

	"github.com/pling-dev/pling/internal/jstest"
)

// secret.js is the one rule the collector (no value in a snapshot) and
// fill_form's read-back (no validation message) share: a password, a
// one-time code, a current or new password, and every card field cc-*,
// whatever the case and among other tokens.
func TestSecretModule(t *testing.T) {
	s := jstest.Open(t, "testdata/secret.html")
	m := jstest.Load(t, "secret.js")
	m.Run(t, s, []jstest.Case{
		{Name: "a password", Fn: "isSecret", Args: []any{jstest.El("#pw")}, Want: true},
		{Name: "a one-time code", Fn: "isSecret", Args: []any{jstest.El("#otp")}, Want: true},
		{Name: "current-password among other tokens", Fn: "isSecret", Args: []any{jstest.El("#cur")}, Want: true},
		{Name: "new-password in capitals", Fn: "isSecret", Args: []any{jstest.El("#new")}, Want: true},
		{Name: "a card number in a billing section", Fn: "isSecret", Args: []any{jstest.El("#cc")}, Want: true},
		{Name: "a card's security code", Fn: "isSecret", Args: []any{jstest.El("#csc")}, Want: true},
		{Name: "a name", Fn: "isSecret", Args: []any{jstest.El("#name")}, Want: false},
		{Name: "a plain input", Fn: "isSecret", Args: []any{jstest.El("#plain")}, Want: false},
		{Name: "a text area", Fn: "isSecret", Args: []any{jstest.El("#ta")}, Want: false},
		{Name: "an element without attributes is told so", Fn: "isSecret", Args: []any{jstest.El("#cc"), false}, Want: false},
		{Name: "an API key in a read-only text field (Syncthing's settings)", Fn: "isSecret", Args: []any{jstest.El("#apiKey")}, Want: true},
		{Name: "an API key by the label leading its group (Syncthing: no for=, no id)", Fn: "isSecret", Args: []any{jstest.El("#apiKey2")}, Want: true},
		{Name: "a device name by the same kind of label is none", Fn: "isSecret", Args: []any{jstest.El("#devname")}, Want: false},
		{Name: "a token by its name", Fn: "isSecret", Args: []any{jstest.El("#tok")}, Want: true},
		{Name: "a client secret by its wrapping label", Fn: "isSecret", Args: []any{jstest.El("#cs")}, Want: true},
		{Name: "tokens per minute is a number, not a token", Fn: "isSecret", Args: []any{jstest.El("#tokens")}, Want: false},
		{Name: "a keyboard layout is no key", Fn: "isSecret", Args: []any{jstest.El("#keyboard")}, Want: false},
		{Name: "a checkbox about an API key holds none", Fn: "isSecret", Args: []any{jstest.El("#apicb")}, Want: false},
		{Name: "autocomplete tokens alone", Fn: "secretAutocomplete", Args: []any{"shipping cc-exp"}, Want: true},
		{Name: "no autocomplete", Fn: "secretAutocomplete", Args: []any{""}, Want: false},
		{Name: "cc alone is no card field", Fn: "secretAutocomplete", Args: []any{"cc"}, Want: false},
	})
}
