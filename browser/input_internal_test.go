package browser

import "testing"

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
