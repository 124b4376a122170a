package extract

import (
	"math"
	"strconv"
	"strings"
)

// Status is the outcome of reading one cell.
type Status string

// Cell statuses.
const (
	// StatusOK: the cell converted; its value is in Row.Values.
	StatusOK Status = "ok"
	// StatusMissing: the cell is empty or the row has no such column.
	StatusMissing Status = "missing"
	// StatusInvalid: the text does not convert to the field's type.
	StatusInvalid Status = "invalid"
	// StatusTruncated: the text or node budget cut the cell; its full
	// content is unknown, so it is not converted.
	StatusTruncated Status = "truncated"
	// StatusUnsupported: the row has spanning cells; no cell position is
	// guessed.
	StatusUnsupported Status = "unsupported"
)

// Convert converts the bounded visible text of one complete (untruncated)
// cell to t. It is pure and deterministic. Values are JSON-shaped: string,
// float64 (integer and number alike, so a stored result replays to the
// same values) or bool; nil with StatusMissing for empty text and with
// StatusInvalid when the text does not convert.
//
// The grammar is JSON's, exactly, with no surrounding whitespace:
//
//   - number: -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?, finite as a
//     float64 (1e400 is invalid; 1e-400 underflows to 0). "1,000", "$5",
//     " 5", "0x10", "NaN", "Infinity", "+1", "01", ".5" and "5." are invalid.
//   - integer: a JSON number whose exact decimal value is an integer within
//     ±MaxSafeInteger, so "1e3", "1.0" and "1.5e1" are integers and "1.5",
//     "1e-1" and "9007199254740992" are not. The check is exact: no float
//     rounding is involved.
//   - boolean: exactly "true" or "false".
//   - string: any non-empty text (invalid UTF-8, which a page cannot
//     produce through JSON, becomes U+FFFD as encoding/json would write it).
//
// -0 converts to 0.
func Convert(text string, t Type) (any, Status) {
	if text == "" {
		return nil, StatusMissing
	}
	switch t {
	case TypeString:
		return strings.ToValidUTF8(text, "\uFFFD"), StatusOK
	case TypeBoolean:
		switch text {
		case "true":
			return true, StatusOK
		case "false":
			return false, StatusOK
		}
	case TypeInteger:
		if v, ok := parseInteger(text); ok {
			return float64(v), StatusOK
		}
	case TypeNumber:
		if !isJSONNumber(text) {
			break
		}
		f, err := strconv.ParseFloat(text, 64)
		if err != nil && f != 0 || math.IsInf(f, 0) || math.IsNaN(f) {
			break
		}
		if f == 0 {
			f = 0 // no negative zero
		}
		return f, StatusOK
	}
	return nil, StatusInvalid
}

// numberParts splits a JSON number into its sign, integer digits, fraction
// digits and exponent digits (with sign); ok is false when s is not one.
func numberParts(s string) (neg bool, intPart, frac, exp string, ok bool) {
	i := 0
	if i < len(s) && s[i] == '-' {
		neg = true
		i++
	}
	start := i
	switch {
	case i < len(s) && s[i] == '0':
		i++
	case i < len(s) && s[i] >= '1' && s[i] <= '9':
		for i < len(s) && isDigit(s[i]) {
			i++
		}
	default:
		return
	}
	intPart = s[start:i]
	if i < len(s) && s[i] == '.' {
		i++
		fs := i
		for i < len(s) && isDigit(s[i]) {
			i++
		}
		if i == fs {
			return
		}
		frac = s[fs:i]
	}
	if i < len(s) && (s[i] == 'e' || s[i] == 'E') {
		i++
		es := i
		if i < len(s) && (s[i] == '+' || s[i] == '-') {
			i++
		}
		ds := i
		for i < len(s) && isDigit(s[i]) {
			i++
		}
		if i == ds {
			return
		}
		exp = s[es:i]
	}
	if i != len(s) {
		return
	}
	return neg, intPart, frac, exp, true
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

func isJSONNumber(s string) bool {
	_, _, _, _, ok := numberParts(s)
	return ok
}

// parseInteger reports the exact value of a JSON number whose value is an
// integer within ±MaxSafeInteger.
func parseInteger(s string) (int64, bool) {
	neg, intPart, frac, exp, ok := numberParts(s)
	if !ok {
		return 0, false
	}
	digits := intPart + frac
	for len(digits) > 0 && digits[0] == '0' {
		digits = digits[1:]
	}
	if digits == "" {
		return 0, true // any zero, whatever its exponent
	}
	// value = digits × 10^e
	e := -len(frac)
	if exp != "" {
		eneg := exp[0] == '-'
		ed := exp
		if exp[0] == '-' || exp[0] == '+' {
			ed = exp[1:]
		}
		for len(ed) > 1 && ed[0] == '0' {
			ed = ed[1:]
		}
		if len(ed) > 4 { // |exponent| ≥ 10000: far out of range either way
			return 0, false
		}
		n, _ := strconv.Atoi(ed)
		if eneg {
			n = -n
		}
		e += n
	}
	for len(digits) > 0 && digits[len(digits)-1] == '0' {
		digits = digits[:len(digits)-1]
		e++
	}
	if e < 0 || len(digits)+e > 16 {
		return 0, false
	}
	var v int64
	for i := 0; i < len(digits); i++ {
		v = v*10 + int64(digits[i]-'0')
	}
	for ; e > 0; e-- {
		v *= 10
	}
	if v > MaxSafeInteger {
		return 0, false
	}
	if neg {
		v = -v
	}
	return v, true
}
