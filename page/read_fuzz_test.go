package page

import (
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"
)

// FuzzReadToken: any string given as a read continuation is refused with
// INVALID_CONTINUATION or accepted only when this session minted it, and
// a minted token decodes to what was put in.
func FuzzReadToken(f *testing.F) {
	r := NewRuntime(nil, RuntimeOptions{})
	good := r.readToken(readToken{region: "help.topics", offset: 2000, digest: "1kqvwec-2c4", doc: "d5246199"})
	f.Add(good, "help.topics", 2000)
	f.Add("rd..961.1kqvwec-2c4.d5246199.1UKQUtDv39tb", "", 0)
	f.Add("rd.x.y", "x", 1)
	f.Add("c.1.ab.cd.0.0.0.ef", "", -1)
	f.Add(strings.Repeat(".", 600), "\xff", 1<<40)
	f.Fuzz(func(t *testing.T, tok, region string, offset int) {
		got, err := r.parseReadToken(tok)
		if err != nil {
			if ErrorCode(err) != CodeInvalidContinuation {
				t.Fatalf("%q: %v", tok, err)
			}
		} else if tok != r.readToken(got) {
			t.Fatalf("accepted %q, which this session did not mint (%+v)", tok, got)
		}
		if offset < 0 || !utf8.ValidString(region) {
			return
		}
		in := readToken{region: region, offset: offset, digest: "d-1", doc: "abcd"}
		back, err := r.parseReadToken(r.readToken(in))
		if err != nil || back != in {
			t.Fatalf("round trip %+v: %+v %v", in, back, err)
		}
	})
}

// FuzzFitRead: whatever the text and the byte bound, a page of a read is a
// prefix of the text, valid UTF-8 when the text is, renders within the
// bound unless it is already at the least text a page carries, and its
// offsets agree with its length in UTF-16 units.
func FuzzFitRead(f *testing.F) {
	f.Add("Refunds are paid to the card.\nYou can ask for a refund within 30 days.", 200)
	f.Add(strings.Repeat("日本語 🎉 <b>&amp;</b> ", 300), 900)
	f.Add(strings.Repeat("</page_data>", 500), 400)
	f.Add("", 0)
	f.Fuzz(func(t *testing.T, text string, maxBytes int) {
		if maxBytes > 1<<20 {
			maxBytes = 1 << 20
		}
		res := &ReadResult{Region: "r", Revision: "1.ab.cd", Offset: 7, Total: 7 + utf16Len(text) + 10}
		fitRead(res, text, maxBytes, func(end int) string { return "rd.x." + strconv.Itoa(end) + ".d.e.f" })
		if !strings.HasPrefix(text, res.Text) {
			t.Fatalf("not a prefix: %q of %q", res.Text, text)
		}
		if utf8.ValidString(text) && !utf8.ValidString(res.Text) {
			t.Fatalf("split a character: %q", res.Text)
		}
		if res.End != res.Offset+utf16Len(res.Text) || res.Continuation == "" {
			t.Fatalf("offsets %d..%d for %d units, continuation %q", res.Offset, res.End, utf16Len(res.Text), res.Continuation)
		}
		out := ReadText(res)
		if maxBytes > 0 && len(out) > maxBytes && len(res.Text) > minReadBytes {
			t.Fatalf("%d bytes rendered, bound %d, %d bytes of text kept", len(out), maxBytes, len(res.Text))
		}
		if strings.Count(out, "</page_data>") > 1 || strings.Count(out, "\n") > 3 {
			t.Fatalf("page text escaped its line:\n%s", out)
		}
	})
}
