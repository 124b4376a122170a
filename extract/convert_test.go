package extract

import (
	"encoding/json"
	"math"
	"strconv"
	"strings"
	"testing"
)

func TestConvert(t *testing.T) {
	t.Parallel()
	tests := []struct {
		text   string
		typ    Type
		want   any
		status Status
	}{
		// Empty is missing whatever the type.
		{"", TypeString, nil, StatusMissing},
		{"", TypeInteger, nil, StatusMissing},
		{"", TypeNumber, nil, StatusMissing},
		{"", TypeBoolean, nil, StatusMissing},
		// Strings.
		{"Acme GmbH", TypeString, "Acme GmbH", StatusOK},
		{" 5", TypeString, " 5", StatusOK},
		// Numbers: JSON grammar only.
		{"0", TypeNumber, 0.0, StatusOK},
		{"-0", TypeNumber, 0.0, StatusOK},
		{"42", TypeNumber, 42.0, StatusOK},
		{"1250.50", TypeNumber, 1250.5, StatusOK},
		{"1e3", TypeNumber, 1000.0, StatusOK},
		{"2E+2", TypeNumber, 200.0, StatusOK},
		{"-12.5e-1", TypeNumber, -1.25, StatusOK},
		{"9007199254740993", TypeNumber, 9007199254740992.0, StatusOK}, // a number may round
		{"1e-400", TypeNumber, 0.0, StatusOK},                          // underflow is finite
		{"1e400", TypeNumber, nil, StatusInvalid},
		{"-1e400", TypeNumber, nil, StatusInvalid},
		{"1,000", TypeNumber, nil, StatusInvalid},
		{"$5", TypeNumber, nil, StatusInvalid},
		{" 5", TypeNumber, nil, StatusInvalid},
		{"5 ", TypeNumber, nil, StatusInvalid},
		{"\u00a05", TypeNumber, nil, StatusInvalid},
		{"0x10", TypeNumber, nil, StatusInvalid},
		{"NaN", TypeNumber, nil, StatusInvalid},
		{"Infinity", TypeNumber, nil, StatusInvalid},
		{"-Infinity", TypeNumber, nil, StatusInvalid},
		{"+1", TypeNumber, nil, StatusInvalid},
		{"01", TypeNumber, nil, StatusInvalid},
		{"-01", TypeNumber, nil, StatusInvalid},
		{".5", TypeNumber, nil, StatusInvalid},
		{"5.", TypeNumber, nil, StatusInvalid},
		{"1e", TypeNumber, nil, StatusInvalid},
		{"1e+", TypeNumber, nil, StatusInvalid},
		{"-", TypeNumber, nil, StatusInvalid},
		{"1_000", TypeNumber, nil, StatusInvalid},
		{"１", TypeNumber, nil, StatusInvalid}, // fullwidth digit
		{"5%", TypeNumber, nil, StatusInvalid},
		{"true", TypeNumber, nil, StatusInvalid},
		// Integers: a JSON number whose exact value is an integer in range.
		{"0", TypeInteger, 0.0, StatusOK},
		{"-0", TypeInteger, 0.0, StatusOK},
		{"-0.0e5", TypeInteger, 0.0, StatusOK},
		{"42", TypeInteger, 42.0, StatusOK},
		{"-7", TypeInteger, -7.0, StatusOK},
		{"1e3", TypeInteger, 1000.0, StatusOK},
		{"3.0", TypeInteger, 3.0, StatusOK},
		{"1.5e1", TypeInteger, 15.0, StatusOK},
		{"0.05e2", TypeInteger, 5.0, StatusOK},
		{"1000e-3", TypeInteger, 1.0, StatusOK},
		{"9007199254740991", TypeInteger, 9007199254740991.0, StatusOK},
		{"-9007199254740991", TypeInteger, -9007199254740991.0, StatusOK},
		{"9007199254740991.000", TypeInteger, 9007199254740991.0, StatusOK},
		{"9.007199254740991e15", TypeInteger, 9007199254740991.0, StatusOK},
		{"0e99999999999999999999", TypeInteger, 0.0, StatusOK},
		{"9007199254740992", TypeInteger, nil, StatusInvalid},
		{"-9007199254740992", TypeInteger, nil, StatusInvalid},
		{"9007199254740991.5", TypeInteger, nil, StatusInvalid},
		{"1e16", TypeInteger, nil, StatusInvalid},
		{"1e99999999999999999999", TypeInteger, nil, StatusInvalid},
		{"1.5", TypeInteger, nil, StatusInvalid},
		{"1e-1", TypeInteger, nil, StatusInvalid},
		{"1,000", TypeInteger, nil, StatusInvalid},
		{"+1", TypeInteger, nil, StatusInvalid},
		{"01", TypeInteger, nil, StatusInvalid},
		{"0x10", TypeInteger, nil, StatusInvalid},
		// Booleans: exactly true or false.
		{"true", TypeBoolean, true, StatusOK},
		{"false", TypeBoolean, false, StatusOK},
		{"True", TypeBoolean, nil, StatusInvalid},
		{"FALSE", TypeBoolean, nil, StatusInvalid},
		{"yes", TypeBoolean, nil, StatusInvalid},
		{"1", TypeBoolean, nil, StatusInvalid},
		{" true", TypeBoolean, nil, StatusInvalid},
		{"mixed", TypeBoolean, nil, StatusInvalid},
		// An unknown type converts nothing.
		{"x", Type("date"), nil, StatusInvalid},
	}
	for _, tt := range tests {
		got, st := Convert(tt.text, tt.typ)
		if got != tt.want || st != tt.status {
			t.Errorf("Convert(%q, %s) = %v (%T), %s; want %v (%T), %s", tt.text, tt.typ, got, got, st, tt.want, tt.want, tt.status)
		}
		if f, ok := got.(float64); ok && math.Signbit(f) && f == 0 {
			t.Errorf("Convert(%q, %s) returned negative zero", tt.text, tt.typ)
		}
	}
}

// FuzzConvert checks Convert against encoding/json as the oracle of the
// JSON number grammar, and the integer rule against exact arithmetic.
func FuzzConvert(f *testing.F) {
	for _, s := range []string{"", "0", "-0", "1e3", "1.5", "1,000", "$5", " 5", "0x10", "NaN", "Infinity",
		"+1", "01", "9007199254740991", "9007199254740992", "1e400", "true", "false", "-12.5e-1", "0.05e2", "1E+2"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, typ := range []Type{TypeString, TypeInteger, TypeNumber, TypeBoolean} {
			v, st := Convert(s, typ)
			if s == "" {
				if st != StatusMissing || v != nil {
					t.Fatalf("Convert(%q, %s) = %v, %s; want missing", s, typ, v, st)
				}
				continue
			}
			if st != StatusOK && st != StatusInvalid {
				t.Fatalf("Convert(%q, %s) status %s", s, typ, st)
			}
			if (st == StatusOK) != (v != nil) {
				t.Fatalf("Convert(%q, %s) = %v, %s: value and status disagree", s, typ, v, st)
			}
			// The value must survive a JSON round trip unchanged.
			if v != nil {
				b, err := json.Marshal(v)
				if err != nil {
					t.Fatalf("Convert(%q, %s) = %v: not JSON: %v", s, typ, v, err)
				}
				var back any
				if err := json.Unmarshal(b, &back); err != nil || back != v {
					t.Fatalf("Convert(%q, %s) = %v: round trip gives %v (%v)", s, typ, v, back, err)
				}
			}
		}
		// Number grammar: exactly a JSON number token, nothing around it.
		if s == "" {
			return
		}
		isNumberToken := json.Valid([]byte(s)) &&
			strings.TrimSpace(s) == s && (s[0] == '-' || (s[0] >= '0' && s[0] <= '9'))
		if got := isJSONNumber(s); got != isNumberToken {
			t.Fatalf("isJSONNumber(%q) = %v; encoding/json says %v", s, got, isNumberToken)
		}
		v, st := Convert(s, TypeNumber)
		if isNumberToken {
			f, _ := strconv.ParseFloat(s, 64)
			finite := !math.IsInf(f, 0)
			if (st == StatusOK) != finite {
				t.Fatalf("Convert(%q, number) = %v, %s; finite=%v", s, v, st, finite)
			}
		} else if st == StatusOK {
			t.Fatalf("Convert(%q, number) accepted a non-number", s)
		}
		// Integers: ok implies an exact integer within range that reads
		// back as the same number.
		iv, ist := Convert(s, TypeInteger)
		if ist == StatusOK {
			x := iv.(float64)
			if !isNumberToken || x != math.Trunc(x) || math.Abs(x) > MaxSafeInteger {
				t.Fatalf("Convert(%q, integer) = %v", s, x)
			}
			n, _ := parseInteger(s)
			if float64(n) != x {
				t.Fatalf("parseInteger(%q) = %d, Convert gives %v", s, n, x)
			}
		} else if isNumberToken && len(s) < 30 {
			// A short number rejected as an integer must really be a
			// non-integer or out of range (float64 is exact enough for
			// values far from the bound).
			f, _ := strconv.ParseFloat(s, 64)
			if f == math.Trunc(f) && math.Abs(f) < 1e15 && !strings.ContainsAny(s, ".eE") {
				t.Fatalf("Convert(%q, integer) rejected a plain small integer", s)
			}
		}
		if _, st := Convert(s, TypeBoolean); (st == StatusOK) != (s == "true" || s == "false") {
			t.Fatalf("Convert(%q, boolean) status %s", s, st)
		}
		if sv, st := Convert(s, TypeString); st != StatusOK || sv != strings.ToValidUTF8(s, "\uFFFD") {
			t.Fatalf("Convert(%q, string) = %v, %s", s, sv, st)
		}
	})
}
