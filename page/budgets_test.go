package page

import (
	"fmt"
	"strings"
	"testing"

	"github.com/pling-dev/pling/budget"
)

// bigSnapshot is a page that exceeds every observation budget at once.
func bigSnapshot() *Snapshot {
	s := &Snapshot{
		DocumentID: "doc", URL: "http://127.0.0.1/big", Title: strings.Repeat("Title ", 80), Path: "/" + strings.Repeat("p", 400),
		Route: "orders", Params: map[string]string{"id": "42", "tab": strings.Repeat("t", 100)},
	}
	for i := 0; i < 50; i++ {
		s.Regions = append(s.Regions, Region{ID: fmt.Sprintf("r%d", i), Label: fmt.Sprintf("Region %d", i), Role: "region", InViewport: true, Active: true})
		s.Hidden = append(s.Hidden, HiddenContent{Region: fmt.Sprintf("r%d", i), Label: "More", How: "expand"})
	}
	for i := 0; i < 60; i++ {
		s.Controls = append(s.Controls, Control{Key: fmt.Sprintf("c%d", i), Label: fmt.Sprintf("Button %d", i), Kind: "click", Role: "button", Region: "r0", InViewport: true})
		s.Controls = append(s.Controls, Control{Key: fmt.Sprintf("d%d", i), Label: fmt.Sprintf("Off %d", i), Kind: "click", Role: "button", Region: "r1", Disabled: true, InViewport: true})
	}
	s.Stats.ControlsTotal = len(s.Controls)
	for i := 0; i < 100; i++ {
		s.Records = append(s.Records, Record{ID: fmt.Sprintf("x%d", i), Label: fmt.Sprintf("Row %d", i), Region: "r2", HasFields: true, InViewport: i < 10,
			Fields: []Field{{Name: "title", Value: strings.Repeat("word ", 30)}, {Name: "status", Value: "open"}}})
	}
	s.RecordsTotal = len(s.Records)
	for i := 0; i < 200; i++ {
		s.State = append(s.State, StateItem{Name: fmt.Sprintf("s%d", i), Value: strings.Repeat("v", 20), Group: fmt.Sprintf("g%d", i/10)})
	}
	for i := 0; i < 30; i++ {
		s.Feedback = append(s.Feedback, Feedback{Kind: "error", Message: strings.Repeat("bad input ", 10), Field: fmt.Sprintf("f%d", i)})
	}
	for i := 0; i < 2000; i++ {
		s.Frames = append(s.Frames, Frame{URL: fmt.Sprintf("https://ads.example/%d", i)})
	}
	return s
}

// Every observation budget, exceeded by one page: the bound holds and what
// was cut is counted. (The spec's four history controls, maxTokens,
// reserveForOutput, compactRatio and keepRecent, bound an agent's
// conversation, not an observation; maxToolResultTokens is tested through
// Fit below and end to end.)
func TestEveryBudgetBoundsAndCounts(t *testing.T) {
	dialogs := make([]DialogRecord, 24)
	for i := range dialogs {
		dialogs[i] = DialogRecord{Type: "alert", Message: strings.Repeat("dialog text ", 12)}
	}
	notices := make([]string, 10)
	for i := range notices {
		notices[i] = fmt.Sprintf("the page tried to open a popup %d", i)
	}
	for _, tc := range []struct {
		name  string
		set   func(*Budgets)
		check func(o *Observation, b Budgets) string
	}{
		{"maxActions", func(b *Budgets) { b.MaxActions = 40 }, func(o *Observation, b Budgets) string {
			// 60 available + 60 disabled entries share one cap.
			if n := len(o.Actions) + len(o.Unavailable); n != 40 || o.Omitted.Actions != 80 {
				return fmt.Sprintf("%d+%d entries, %d omitted; want 40 and 80", len(o.Actions), len(o.Unavailable), o.Omitted.Actions)
			}
			return ""
		}},
		{"maxRecords", func(b *Budgets) { b.MaxRecords, b.MaxRecordChars = 5, 100000 }, func(o *Observation, b Budgets) string {
			if len(o.Records.Shown) != 5 || o.Omitted.Records != 95 {
				return fmt.Sprintf("%d shown, %d omitted", len(o.Records.Shown), o.Omitted.Records)
			}
			return ""
		}},
		// The rows' text (a table's column names once) stays within
		// maxRecordChars; long values are cut, each cut counted, before
		// rows are left out.
		{"maxRecordChars", func(b *Budgets) { b.MaxRecords, b.MaxRecordChars = 100, 500 }, func(o *Observation, b Budgets) string {
			n := 0
			for i, r := range o.Records.Shown {
				n += budget.UTF16Len(r.ID) + budget.UTF16Len(r.Label) + 8
				for _, k := range r.Order {
					if i == 0 {
						n += budget.UTF16Len(k) + 3
					}
					n += budget.UTF16Len(r.Fields[k]) + 3
				}
				if got := budget.UTF16Len(r.Fields["title"]) - 1 + r.Cut["title"]; r.Cut["title"] == 0 || got != 149 {
					return fmt.Sprintf("record %s: title %q, cut %v: want a cut value and its count (149 chars in all, the trailing space collapsed)", r.ID, r.Fields["title"], r.Cut)
				}
				if r.Cut["status"] != 0 {
					return fmt.Sprintf("record %s: a short value was cut: %v", r.ID, r.Cut)
				}
			}
			if n > 500 || len(o.Records.Shown) < 8 || o.Omitted.Records != 100-len(o.Records.Shown) {
				return fmt.Sprintf("%d chars in %d records, %d omitted", n, len(o.Records.Shown), o.Omitted.Records)
			}
			return ""
		}},
		{"maxRecordIds", func(b *Budgets) { b.MaxRecordIDs = 7 }, func(o *Observation, b Budgets) string {
			if len(o.Records.IDs) != 7 || o.Records.IDsOmitted != 93 {
				return fmt.Sprintf("%d ids, %d omitted", len(o.Records.IDs), o.Records.IDsOmitted)
			}
			return ""
		}},
		{"maxScopes", func(b *Budgets) { b.MaxScopes = 10 }, func(o *Observation, b Budgets) string {
			if len(o.Regions) != 10 || o.Omitted.Regions != 40 || len(o.Hidden) != 10 || o.Omitted.Hidden != 40 {
				return fmt.Sprintf("%d regions (%d omitted), %d hidden (%d omitted)", len(o.Regions), o.Omitted.Regions, len(o.Hidden), o.Omitted.Hidden)
			}
			return ""
		}},
		{"maxFeedback", func(b *Budgets) { b.MaxFeedback, b.MaxFeedbackChars = 8, 100000 }, func(o *Observation, b Budgets) string {
			// 30 page messages + 24 dialogs: one count.
			if len(o.Feedback) != 8 || o.Omitted.Feedback != 46 {
				return fmt.Sprintf("%d feedback, %d omitted", len(o.Feedback), o.Omitted.Feedback)
			}
			return ""
		}},
		{"maxFeedbackChars", func(b *Budgets) { b.MaxFeedback, b.MaxFeedbackChars = 100, 800 }, func(o *Observation, b Budgets) string {
			n := 0
			for _, f := range o.Feedback {
				n += budget.UTF16Len(f.Message) + budget.UTF16Len(f.Field) + 16
			}
			if n > 800 || len(o.Feedback) == 0 || len(o.Feedback)+o.Omitted.Feedback != 54 {
				return fmt.Sprintf("%d chars in %d items, %d omitted", n, len(o.Feedback), o.Omitted.Feedback)
			}
			return ""
		}},
		{"maxStateChars", func(b *Budgets) { b.MaxStateChars = 300 }, func(o *Observation, b Budgets) string {
			n := 2
			for k, v := range o.State {
				n += budget.UTF16Len(k) + budget.UTF16Len(fmt.Sprint(v)) + 6
			}
			if n > 300 || len(o.State) == 0 || o.Omitted.StateGroups == 0 {
				return fmt.Sprintf("%d chars, %d values, %d groups omitted", n, len(o.State), o.Omitted.StateGroups)
			}
			return ""
		}},
		{"maxPageChars", func(b *Budgets) { b.MaxPageChars = 64 }, func(o *Observation, b Budgets) string {
			id := o.Identity
			n := budget.UTF16Len(id.Title) + budget.UTF16Len(id.Path) + budget.UTF16Len(id.Route)
			for k, v := range id.Params {
				n += budget.UTF16Len(k) + budget.UTF16Len(v)
			}
			if n > 64 || o.Omitted.PageChars == 0 || o.Omitted.Params == 0 {
				return fmt.Sprintf("identity %d chars (%+v), %d chars and %d params omitted", n, id, o.Omitted.PageChars, o.Omitted.Params)
			}
			return ""
		}},
		{"maxStringChars", func(b *Budgets) { b.MaxStringChars = 16 }, func(o *Observation, b Budgets) string {
			for _, r := range o.Records.Shown {
				for _, v := range r.Fields {
					if budget.UTF16Len(v) > 16 {
						return "field of " + fmt.Sprint(budget.UTF16Len(v)) + " chars"
					}
				}
			}
			for _, f := range o.Feedback {
				if budget.UTF16Len(f.Message) > 16 {
					return "feedback of " + fmt.Sprint(budget.UTF16Len(f.Message)) + " chars"
				}
			}
			return ""
		}},
		{"maxObservationBytes", func(b *Budgets) { b.MaxObservationBytes = 2048 }, func(o *Observation, b Budgets) string {
			for _, text := range []string{Render(o, b), RenderCompact(o, b, true)} {
				if len(text) > 2048 || !strings.Contains(text, "bytes left out") {
					return fmt.Sprintf("rendering of %d bytes:\n%s", len(text), text)
				}
			}
			return ""
		}},
		{"unread frames and notices", func(b *Budgets) {}, func(o *Observation, b Budgets) string {
			if len(o.Notes) != 2*maxNotes+2 || o.Omitted.Frames != 2000-maxNotes || o.Omitted.Notices != 10-maxNotes {
				return fmt.Sprintf("%d notes, %d frames and %d notices omitted", len(o.Notes), o.Omitted.Frames, o.Omitted.Notices)
			}
			return ""
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b := DefaultBudgets()
			tc.set(&b)
			o := Build(bigSnapshot(), b, BuildOptions{Dialogs: dialogs, Notices: notices})
			if msg := tc.check(o, b); msg != "" {
				t.Error(msg)
			}
		})
	}
}

// maxToolResultTokens bounds the receipt and the observation together:
// Fit moves whole entries behind a continuation until the rendering fits,
// and counts them; the runtime's own observation is left whole.
func TestFitToolResult(t *testing.T) {
	b := DefaultBudgets()
	r := NewRuntime(nil, RuntimeOptions{Budgets: b})
	s := bigSnapshot()
	s.Frames = nil
	o := Build(s, b, BuildOptions{})
	o.Revision = r.revs.Issue(s.DocumentID, "h")
	render := func(o *Observation) string { return RenderCompact(o, b, false) }
	full := render(o)
	for _, tokens := range []int{1000, 400} {
		limit, reserve := budget.TokensToBytes(tokens), 300
		if len(full)+reserve <= limit {
			t.Fatalf("the page does not exceed %d tokens (%d bytes)", tokens, len(full))
		}
		f := r.Fit(o, limit, reserve, render)
		text := render(f)
		if len(text)+reserve > limit {
			t.Errorf("%d tokens: %d bytes + %d reserved > %d:\n%s", tokens, len(text), reserve, limit, text)
		}
		cut := (len(o.Records.Shown) - len(f.Records.Shown)) + (len(o.Actions) + len(o.Unavailable) - len(f.Actions) - len(f.Unavailable)) + (len(o.Regions) - len(f.Regions))
		omitted := (f.Omitted.Records - o.Omitted.Records) + (f.Omitted.Actions - o.Omitted.Actions) + (f.Omitted.Regions - o.Omitted.Regions)
		if cut == 0 || cut != omitted || f.Continuation == "" {
			t.Errorf("%d tokens: %d entries cut, %d counted, continuation %q", tokens, cut, omitted, f.Continuation)
		}
		if render(o) != full {
			t.Error("Fit changed the runtime's observation")
		}
	}
}

// The receipt text keeps the spec's key order and drops what is empty.
func TestReceiptText(t *testing.T) {
	rec := Receipt{OK: true, Action: ReceiptAction{ID: "search", Description: "Search tasks by text"},
		Changed: Changes{Observed: true, Records: RecordChanges{Added: []string{}, Removed: []string{}, Changed: []string{"t9"}},
			Actions: ActionChanges{Appeared: []string{}, Disappeared: []string{}}, State: []string{}, Feedback: []string{}}}
	want := `{"result":{"ok":true,"action":{"id":"search","description":"Search tasks by text"},"changed":{"observed":true,"records":{"changed":["t9"]}}}}`
	if got := ReceiptText(rec); got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
}

// The receipt text names eight appeared or disappeared actions and counts
// the rest; the receipt itself keeps them all.
func TestReceiptTextCountsManyActions(t *testing.T) {
	var gone []string
	for i := range 21 {
		gone = append(gone, fmt.Sprintf("a%02d", i))
	}
	rec := Receipt{OK: true, Action: ReceiptAction{ID: "delete_selected"},
		Changed: Changes{Observed: true, Actions: ActionChanges{Appeared: []string{"cancel", "delete"}, Disappeared: gone}}}
	want := `{"result":{"ok":true,"action":{"id":"delete_selected"},"changed":{"observed":true,"actions":{"appeared":["cancel","delete"],"disappeared":["a00","a01","a02","a03","a04","a05","a06","a07"],"disappeared_more":13}}}}`
	if got := ReceiptText(rec); got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
	if len(rec.Changed.Actions.Disappeared) != 21 {
		t.Errorf("the receipt lost names: %d", len(rec.Changed.Actions.Disappeared))
	}
}

// Every cut observation carries a continuation token, so it is short; its
// offsets are sealed (a changed offset is refused).
func TestContinuationTokenShortAndSealed(t *testing.T) {
	r := NewRevisions()
	rev := r.Issue("doc", "h")
	tok := r.Continuation(rev, Slice{RecordOffset: 20, ActionOffset: 40, RegionOffset: 24})
	if len(tok) > 64 {
		t.Errorf("token of %d characters: %s", len(tok), tok)
	}
	if s, err := r.ParseContinuation(tok); err != nil || s != (Slice{20, 40, 24}) {
		t.Errorf("parse: %v %v", s, err)
	}
	forged := strings.Replace(tok, ".20.40.", ".99.40.", 1)
	if _, err := r.ParseContinuation(forged); ErrorCode(err) != CodeInvalidContinuation {
		t.Errorf("forged offsets: %v", err)
	}
	for _, bad := range []string{"c.1.2.3.-1.0.0.x", "c.x", "", "c.1.2.3.4.5.6.7.8"} {
		if _, err := r.ParseContinuation(bad); ErrorCode(err) != CodeInvalidContinuation {
			t.Errorf("%q: %v", bad, err)
		}
	}
}
