package budget

import (
	"strings"
	"testing"
	"unicode/utf8"
)

func TestTruncateUTF16(t *testing.T) {
	tests := []struct {
		in   string
		max  int
		want string
		cut  bool
	}{
		{"hello", 10, "hello", false},
		{"hello", 3, "hel", true},
		{"a😀b", 2, "a", true}, // the emoji needs 2 units: never split
		{"a😀b", 3, "a😀", true},
		{"😀", 1, "", true},
		{"", 0, "", false},
		{"é", 1, "é", false},
	}
	for _, tt := range tests {
		got, cut := TruncateUTF16(tt.in, tt.max)
		if got != tt.want || cut != tt.cut {
			t.Errorf("TruncateUTF16(%q,%d) = %q,%v want %q,%v", tt.in, tt.max, got, cut, tt.want, tt.cut)
		}
	}
}

func TestShortenUTF16(t *testing.T) {
	if got := ShortenUTF16("abcdef", 4); got != "abc…" {
		t.Errorf("got %q", got)
	}
	if got := ShortenUTF16("ab😀", 3); got != "ab…" {
		t.Errorf("got %q", got)
	}
	if got := ShortenUTF16("abc", 3); got != "abc" {
		t.Errorf("got %q", got)
	}
}

func TestHeadTail(t *testing.T) {
	s := strings.Repeat("a", 500) + strings.Repeat("é", 500) + "END"
	got := HeadTail(s, 200)
	if len(got) > 200 {
		t.Fatalf("len %d > 200", len(got))
	}
	if !utf8.ValidString(got) || !strings.HasPrefix(got, "aaa") || !strings.HasSuffix(got, "END") || !strings.Contains(got, "bytes omitted") {
		t.Errorf("bad head+tail: %q", got)
	}
	if HeadTail("short", 200) != "short" {
		t.Error("short string changed")
	}
}

func FuzzTruncateUTF16(f *testing.F) {
	for _, s := range []string{"", "abc", "a😀b", "\xff\xfe", "日本語"} {
		f.Add(s, 2)
	}
	f.Fuzz(func(t *testing.T, s string, max int) {
		if max < 0 || max > 1<<16 {
			return
		}
		got, _ := TruncateUTF16(s, max)
		if !strings.HasPrefix(s, got) {
			t.Fatalf("not a prefix")
		}
		if UTF16Len(got) > max {
			t.Fatalf("too long: %d > %d", UTF16Len(got), max)
		}
		if utf8.ValidString(s) && !utf8.ValidString(got) {
			t.Fatalf("split a rune")
		}
	})
}

func FuzzHeadTail(f *testing.F) {
	f.Add("hello world", 5)
	f.Add(strings.Repeat("日本", 100), 64)
	f.Fuzz(func(t *testing.T, s string, max int) {
		if max < 0 || max > 1<<16 {
			return
		}
		got := HeadTail(s, max)
		if len(got) > max && len(s) > max {
			t.Fatalf("len %d > %d", len(got), max)
		}
		if utf8.ValidString(s) && !utf8.ValidString(got) {
			t.Fatalf("split a rune")
		}
	})
}
