package browser

import (
	"strings"
	"testing"
)

// endsInWord decides whether a type step into a code editor that
// completes waits for a list after its last key: only where a completion
// has something to complete.
func TestEndsInWord(t *testing.T) {
	for _, tc := range []struct {
		text string
		want bool
	}{
		{"SEL", true},
		{"WHERE id = 7", true},
		{"user_", true},
		{"obj.", true},
		{"Straße", true},
		{"SELECT 1;", false},
		{"BEGIN\n", false},
		{"f(x)", false},
		{"a ", false},
		{"", false},
	} {
		if got := endsInWord(tc.text); got != tc.want {
			t.Errorf("endsInWord(%q) = %v, want %v", tc.text, got, tc.want)
		}
	}
}

// pasted is the rule for what a person pastes rather than types: a text
// longer than PasteOver, or one token (no white space) of PasteToken
// characters or more; words and sentences are typed.
func TestPasted(t *testing.T) {
	for _, tc := range []struct {
		name, text string
		want       bool
	}{
		{"a word", "Berlin", false},
		{"a sentence", "Kitchen laptop in the second room, by the window", false},
		{"a token one short", strings.Repeat("a", PasteToken-1), false},
		{"a token just long enough", strings.Repeat("a", PasteToken), true},
		{"a device ID", "MFZWI3D-BONSGYC-YLTMRWG-C43ENR5-QXGZDMM-FZWI3DP-BONSGYY-LTMRWAD", true},
		{"a URL", "https://example.com/wiki/Special:Version?x=1", true},
		{"a hash", "d41d8cd98f00b204e9800998ecf8427e", true},
		{"characters, not bytes", strings.Repeat("ж", PasteToken-1), false},
		{"a token with a line break", strings.Repeat("a", 20) + "\n" + strings.Repeat("b", 20), false},
		{"a token with a tab", strings.Repeat("a", 20) + "\t" + strings.Repeat("b", 20), false},
		{"a long sentence", strings.Repeat("Lisbon ", 19), true},
		{"a sentence of PasteOver characters", strings.Repeat("abc ", PasteOver/4), false},
		{"empty", "", false},
	} {
		if got := pasted(tc.text); got != tc.want {
			t.Errorf("%s: pasted(%q) = %v, want %v", tc.name, tc.text, got, tc.want)
		}
	}
}
