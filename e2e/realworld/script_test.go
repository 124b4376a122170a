package realworld

import (
	"context"
	"fmt"
	"regexp"
	"sort"
	"strings"
)

// The text the scripted agent adds, and the words by which it picks a
// control: generic, the way an agent reads a page it has never seen.
const newItem = "Buy milk"

var (
	newItemWords = regexp.MustCompile(`(?i)todo|task|item|what needs|new|add`)
	toggleWords  = regexp.MustCompile(`(?i)toggle|check|complete|done|mark|finish`)
)

// outcome is one app's run.
type outcome struct {
	App    string
	OK     bool
	Reason string // why it failed (empty when OK)
	// FirstReason is why the first run failed, for an app that passed on
	// its second (runApps).
	FirstReason string
	Tokens      int
	Seconds     float64 // the script's wall time, the timed observations excluded
	Calls       int
	// ObsMS are the times of the plain observe calls the runner made
	// after each page change (session.timeObservation), in milliseconds.
	ObsMS []float64
}

// addAndToggle is the scripted agent: navigate; find the type action for
// new items; add newItem with submit; find the record holding it; run the
// folded toggle-like row action on it; confirm the change from the
// receipt or the record's fields. It reads only the structured content of
// tool results (what the observation text says, as JSON). After each of
// the three page changes it times one plain observe (not part of what the
// agent reads: session.timeObservation).
func addAndToggle(ctx context.Context, s *session, url string) error {
	nav, err := s.call(ctx, "navigate", map[string]any{"url": url})
	if err != nil {
		return err
	}
	if nav.IsError {
		return fmt.Errorf("navigate: %s", firstLine(nav.Text))
	}
	obs := nav.Body.Observation
	if obs == nil {
		return fmt.Errorf("navigate: no observation in the result")
	}
	if err := s.timeObservation(ctx); err != nil {
		return err
	}
	typeAct, err := findAction(ctx, s, obs, pickTypeAction)
	if err != nil {
		return err
	}
	if typeAct == nil {
		// An agent that sees no input yet waits for the page once: apps
		// that load their modules after the load event render late.
		again, err := s.call(ctx, "observe", map[string]any{"wait": map[string]any{"for": "settle", "timeout_ms": 5000}})
		if err != nil {
			return err
		}
		if again.IsError || again.Body.Observation == nil {
			return fmt.Errorf("observe after waiting: %s", firstLine(again.Text))
		}
		obs = again.Body.Observation
		if typeAct, err = findAction(ctx, s, obs, pickTypeAction); err != nil {
			return err
		}
	}
	if typeAct == nil {
		return fmt.Errorf("no type action for a new item (actions: %s)", actionList(obs))
	}
	add := func() (result, error) {
		added, err := s.call(ctx, "act", map[string]any{"action": typeAct.Name, "args": map[string]any{"text": newItem, "submit": true}})
		if err != nil {
			return added, err
		}
		if added.IsError {
			return added, fmt.Errorf("act %s: %s", typeAct.Name, firstLine(added.Text))
		}
		return added, nil
	}
	added, err := add()
	if err != nil {
		return err
	}
	if err := s.timeObservation(ctx); err != nil {
		return err
	}
	obs = added.Body.Observation
	rec, obs, err := findRecord(ctx, s, obs, newItem)
	if err != nil {
		return err
	}
	if r := added.Body.Result; rec == nil && r != nil && !r.Changed.Observed {
		// The receipt says the page showed no effect at all: an app that
		// wires its handlers late (cujo boots through an AMD loader and
		// wire.js; on a loaded machine the keystrokes can come first). An
		// agent told so waits for the page once and tries again.
		again, err := s.call(ctx, "observe", map[string]any{"wait": map[string]any{"for": "settle", "timeout_ms": 5000}})
		if err != nil {
			return err
		}
		if !again.IsError {
			if added, err = add(); err != nil {
				return err
			}
			if rec, obs, err = findRecord(ctx, s, added.Body.Observation, newItem); err != nil {
				return err
			}
		}
	}
	if rec == nil {
		where := "nowhere in the observation"
		if strings.Contains(added.Text, newItem) {
			where = "in the observation text but in no record"
		}
		return fmt.Errorf("no record holds %q after adding it (%d records; the text is %s; row actions: %s)",
			newItem, obs.Records.Total, where, rowActionList(obs))
	}
	toggle, err := findAction(ctx, s, obs, pickToggle)
	if err != nil {
		return err
	}
	if toggle == nil {
		return fmt.Errorf("no folded toggle-like row action for record %s (actions: %s)", rec.ID, actionList(obs))
	}
	done, err := s.call(ctx, "act", map[string]any{"action": toggle.Name, "record": rec.ID})
	if err != nil {
		return err
	}
	if done.IsError {
		return fmt.Errorf("act %s on %s: %s", toggle.Name, rec.ID, firstLine(done.Text))
	}
	if err := s.timeObservation(ctx); err != nil {
		return err
	}
	if r := done.Body.Result; r != nil && r.OK && has(r.Changed.Records.Changed, rec.ID) {
		return nil
	}
	if o := done.Body.Observation; o != nil {
		for _, after := range o.Records.Shown {
			if after.ID == rec.ID && !sameRecord(*rec, after) {
				return nil
			}
		}
	}
	if r := done.Body.Result; r != nil && r.OK && has(r.Changed.Records.Removed, rec.ID) && done.Body.Observation != nil {
		for _, after := range done.Body.Observation.Records.Shown {
			if holds(after, newItem) && has(r.Changed.Records.Added, after.ID) {
				return fmt.Errorf("%s on %s: the row was re-rendered and came back as a new record %s (%s): its id did not survive the re-render",
					toggle.Name, rec.ID, after.ID, fieldDiff(*rec, after))
			}
		}
	}
	warning := ""
	if done.Body.Result != nil {
		warning = done.Body.Result.Warning
	}
	return fmt.Errorf("%s on %s: no change confirmed by the receipt or the record's fields (warning %q)", toggle.Name, rec.ID, warning)
}

// findAction looks for an action with pick in the observation and, when
// it was cut by a budget, in its continuation slices.
func findAction(ctx context.Context, s *session, obs *observation, pick func([]action) *action) (*action, error) {
	for i := 0; ; i++ {
		if a := pick(obs.Actions); a != nil {
			return a, nil
		}
		if obs.Continuation == "" || i >= 3 {
			return nil, nil
		}
		next, err := s.call(ctx, "observe", map[string]any{"continuation": obs.Continuation})
		if err != nil {
			return nil, err
		}
		if next.IsError || next.Body.Observation == nil {
			return nil, fmt.Errorf("observe continuation: %s", firstLine(next.Text))
		}
		obs = next.Body.Observation
	}
}

// pickTypeAction chooses the text input for a new item: a type action
// whose name or description speaks of a todo, task or new item; else the
// only type action on the page.
func pickTypeAction(acts []action) *action {
	var typed []*action
	for i := range acts {
		if acts[i].Kind == "type" && !acts[i].RecordParam {
			typed = append(typed, &acts[i])
		}
	}
	for _, a := range typed {
		if newItemWords.MatchString(a.Name + " " + a.Description) {
			return a
		}
	}
	if len(typed) == 1 {
		return typed[0]
	}
	return nil
}

// findRecord finds the record whose label or a field holds text, in the
// observation and its continuation slices. It returns the observation
// whose actions apply.
func findRecord(ctx context.Context, s *session, obs *observation, text string) (*record, *observation, error) {
	first := obs
	for i := 0; ; i++ {
		for j := range obs.Records.Shown {
			r := &obs.Records.Shown[j]
			if holds(*r, text) {
				return r, first, nil
			}
		}
		if obs.Continuation == "" || i >= 3 {
			return nil, first, nil
		}
		next, err := s.call(ctx, "observe", map[string]any{"continuation": obs.Continuation})
		if err != nil {
			return nil, first, err
		}
		if next.IsError || next.Body.Observation == nil {
			return nil, first, fmt.Errorf("observe continuation: %s", firstLine(next.Text))
		}
		obs = next.Body.Observation
	}
}

func holds(r record, text string) bool {
	if strings.Contains(r.Label, text) {
		return true
	}
	for _, v := range r.Fields {
		if strings.Contains(v, text) {
			return true
		}
	}
	return false
}

// pickToggle chooses the folded row action that toggles: by its name or
// its description (a checkbox's description says "Toggle" or "Check").
func pickToggle(acts []action) *action {
	for i := range acts {
		a := &acts[i]
		if a.RecordParam && a.Kind == "click" && toggleWords.MatchString(a.Name+" "+a.Description) {
			return a
		}
	}
	return nil
}

func sameRecord(a, b record) bool {
	if a.Label != b.Label || len(a.Fields) != len(b.Fields) {
		return false
	}
	for k, v := range a.Fields {
		if b.Fields[k] != v {
			return false
		}
	}
	return true
}

// fieldDiff says which fields differ between two versions of a record.
func fieldDiff(a, b record) string {
	var d []string
	for k, v := range b.Fields {
		if a.Fields[k] != v {
			d = append(d, k+" "+a.Fields[k]+" → "+v)
		}
	}
	if len(d) == 0 {
		return "same fields"
	}
	sort.Strings(d)
	return strings.Join(d, ", ")
}

func actionList(obs *observation) string {
	var names []string
	for _, a := range obs.Actions {
		n := a.Name
		if a.RecordParam {
			n += "(record)"
		}
		names = append(names, n)
	}
	return clip(strings.Join(names, ", "), 200)
}

func rowActionList(obs *observation) string {
	var names []string
	for _, a := range obs.Actions {
		if a.RecordParam {
			names = append(names, a.Name+"(record)")
		}
	}
	if len(names) == 0 {
		return "none"
	}
	return clip(strings.Join(names, ", "), 120)
}

func firstLine(s string) string {
	s, _, _ = strings.Cut(strings.TrimSpace(s), "\n")
	return clip(s, 200)
}

func clip(s string, n int) string {
	if r := []rune(s); len(r) > n {
		return string(r[:n]) + "…"
	}
	return s
}

func has(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
