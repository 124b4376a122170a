package page

import (
	"reflect"
	"strconv"
	"strings"
	"testing"
)

// omissionCases make, for each field of Omitted, an observation where
// that count is n and every other is zero. Most set the count directly;
// the frames and notices beyond maxNotes are said by a note Build writes
// with the count, so those cases go through Build.
var omissionCases = map[string]func(n int) *Observation{
	"Actions":     setOmitted("Actions"),
	"Records":     setOmitted("Records"),
	"Regions":     setOmitted("Regions"),
	"Feedback":    setOmitted("Feedback"),
	"StateGroups": setOmitted("StateGroups"),
	"Hidden":      setOmitted("Hidden"),
	"PageChars":   setOmitted("PageChars"),
	"Params":      setOmitted("Params"),
	"Frames": func(n int) *Observation {
		s := specTodoSnapshot()
		for i := range maxNotes + n {
			s.Frames = append(s.Frames, Frame{URL: "https://other.example/" + strconv.Itoa(i)})
		}
		return omissionBase(s, BuildOptions{})
	},
	"Notices": func(n int) *Observation {
		var notices []string
		for i := range maxNotes + n {
			notices = append(notices, "notice "+strconv.Itoa(i))
		}
		return omissionBase(specTodoSnapshot(), BuildOptions{Notices: notices})
	},
}

// omissionBase is the spec's Todo page built with the default budgets,
// each omission count not from opt zeroed.
func omissionBase(s *Snapshot, opt BuildOptions) *Observation {
	o := Build(s, DefaultBudgets(), opt)
	o.Revision = "1.omissions.test"
	o.Omitted = Omitted{Frames: o.Omitted.Frames, Notices: o.Omitted.Notices}
	return o
}

// setOmitted is the case that sets field of Omitted to n directly.
func setOmitted(field string) func(n int) *Observation {
	return func(n int) *Observation {
		o := omissionBase(specTodoSnapshot(), BuildOptions{})
		reflect.ValueOf(&o.Omitted).Elem().FieldByName(field).SetInt(int64(n))
		return o
	}
}

// TestVoicesReportEveryOmission: for every count of Omitted, both voices
// say it. A new field of Omitted fails here until it has a case above and
// a line in both voices (render_full.go, render_compact.go).
func TestVoicesReportEveryOmission(t *testing.T) {
	const n = 37 // a count no other line of the base page holds
	voices := []struct {
		name   string
		render func(o *Observation) string
	}{
		{"full", func(o *Observation) string { return Render(o, DefaultBudgets()) }},
		{"compact", func(o *Observation) string { return RenderCompact(o, DefaultBudgets(), false) }},
	}
	fields := reflect.TypeFor[Omitted]()
	for i := range fields.NumField() {
		field := fields.Field(i).Name
		t.Run(field, func(t *testing.T) {
			mk := omissionCases[field]
			if mk == nil {
				t.Fatalf("Omitted.%s has no case in omissionCases: add one, and a line saying it in both voices", field)
			}
			with := mk(n)
			if got := reflect.ValueOf(with.Omitted).Field(i).Int(); got != n {
				t.Fatalf("the case sets Omitted.%s to %d, want %d", field, got, n)
			}
			without := omissionBase(specTodoSnapshot(), BuildOptions{})
			for _, v := range voices {
				if line := addedLineWith(v.render(without), v.render(with), strconv.Itoa(n)); line == "" {
					t.Errorf("the %s voice does not say Omitted.%s = %d:\n%s", v.name, field, n, v.render(with))
				}
			}
		})
	}
}

// addedLineWith is the first line of with, not in without, that holds
// count as a number ("" when none does).
func addedLineWith(without, with, count string) string {
	old := map[string]bool{}
	for _, l := range strings.Split(without, "\n") {
		old[l] = true
	}
	for _, l := range strings.Split(with, "\n") {
		if !old[l] && strings.Contains(" "+strings.Map(nonDigit, l)+" ", " "+count+" ") {
			return l
		}
	}
	return ""
}

// nonDigit maps every non-digit to a space, so a count is a word.
func nonDigit(r rune) rune {
	if r >= '0' && r <= '9' {
		return r
	}
	return ' '
}

// TestVoicesReportEveryCut: the cuts inside an entry (a record's field, a
// field's value) are counted in both voices too.
func TestVoicesReportEveryCut(t *testing.T) {
	const n = 37
	cases := []struct {
		name string
		cut  func(o *Observation)
	}{
		{"RecordView.Cut", func(o *Observation) { o.Records.Shown[0].Cut = map[string]int{"title": n} }},
		{"FieldValue.Cut", func(o *Observation) {
			o.Actions[0].Value = &FieldValue{Head: "the start", Tail: "the end", Chars: 18 + n, Cut: n}
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			without := omissionBase(specTodoSnapshot(), BuildOptions{})
			with := omissionBase(specTodoSnapshot(), BuildOptions{})
			c.cut(with)
			for name, render := range map[string]func(*Observation) string{
				"full":    func(o *Observation) string { return Render(o, DefaultBudgets()) },
				"compact": func(o *Observation) string { return RenderCompact(o, DefaultBudgets(), false) },
			} {
				if addedLineWith(render(without), render(with), strconv.Itoa(n)) == "" {
					t.Errorf("the %s voice does not count %s = %d:\n%s", name, c.name, n, render(with))
				}
			}
		})
	}
}
