// Package budget holds the bounding primitives every other package shares:
// UTF-16 and UTF-8 safe truncation, head+tail cuts, token estimates, and
// ledgers with atomic admission. It imports nothing of Pling's.
package budget

import (
	"strconv"
	"unicode/utf16"
	"unicode/utf8"
)

// Ellipsis marks a string that was shortened.
const Ellipsis = "…"

// UTF16Len reports how many UTF-16 code units s takes, the unit browsers
// and the specs count string lengths in.
func UTF16Len(s string) int {
	n := 0
	for _, r := range s {
		if r >= 0x10000 && r <= utf8.MaxRune {
			n += 2
		} else {
			n++
		}
	}
	return n
}

// TruncateUTF16 keeps at most max UTF-16 code units of s, never splitting a
// surrogate pair (a rune outside the BMP is kept whole or dropped whole). It
// reports whether anything was cut. Invalid UTF-8 bytes count as one unit.
func TruncateUTF16(s string, max int) (string, bool) {
	if max <= 0 {
		return "", s != ""
	}
	units := 0
	for i, r := range s {
		w := 1
		if utf16.IsSurrogate(r) || r >= 0x10000 {
			w = 2
		}
		if units+w > max {
			return s[:i], true
		}
		units += w
	}
	return s, false
}

// ShortenUTF16 is TruncateUTF16 that appends Ellipsis when it cuts, staying
// within max units including the ellipsis.
func ShortenUTF16(s string, max int) string {
	if UTF16Len(s) <= max {
		return s
	}
	if max < 1 {
		return ""
	}
	cut, _ := TruncateUTF16(s, max-1)
	return cut + Ellipsis
}

// TruncateBytes keeps at most max bytes of s without splitting a UTF-8
// sequence, and reports whether anything was cut.
func TruncateBytes(s string, max int) (string, bool) {
	if len(s) <= max {
		return s, false
	}
	if max <= 0 {
		return "", true
	}
	i := max
	for i > 0 && !utf8.RuneStart(s[i]) {
		i--
	}
	return s[:i], true
}

// HeadTail shortens s to at most max bytes by keeping its beginning and its
// end around a marker saying how many bytes were left out. The result never
// splits a UTF-8 sequence. Used for tool results, whose start (status) and
// end (latest state) both matter.
func HeadTail(s string, max int) string {
	if len(s) <= max {
		return s
	}
	// The marker's length with the widest count a string can have.
	room := max - len(omittedMarker(len(s)))
	if room < 2 {
		cut, _ := TruncateBytes(s, max)
		return cut
	}
	head, _ := TruncateBytes(s, room/2)
	tailStart := len(s) - (room - len(head))
	for tailStart < len(s) && !utf8.RuneStart(s[tailStart]) {
		tailStart++
	}
	return head + omittedMarker(tailStart-len(head)) + s[tailStart:]
}

func omittedMarker(n int) string {
	return "\n… [" + strconv.Itoa(n) + " bytes omitted] …\n"
}

// TokensToBytes converts a token budget into bytes at Pling's conservative
// estimate of four bytes per token (over-counting English slightly, the safe
// side for a context budget).
func TokensToBytes(tokens int) int {
	return tokens * 4
}
