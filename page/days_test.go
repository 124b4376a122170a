package page

import (
	"encoding/json"
	"slices"
	"testing"
)

// foldDays: the day cells of each calendar are one choose_day(day) entry
// whose day takes the dates shown, in page order; two calendars are two
// entries; a day resolves to its cell, a date not shown is
// INVALID_ARGUMENT.
func TestFoldDays(t *testing.T) {
	t.Parallel()
	s := &Snapshot{DocumentID: "d", Title: "Trip", Path: "/trip",
		Regions: []Region{{ID: "main", Label: "main", Role: "main", InViewport: true, Active: true}}}
	add := func(key, date, cal string) {
		s.Controls = append(s.Controls, Control{Key: key, Kind: "click", Role: "button", Label: date, Date: date, Calendar: cal, Region: "main", InViewport: true})
	}
	s.Controls = append(s.Controls, Control{Key: "p", Kind: "click", Role: "button", Label: "Previous month", Region: "main", InViewport: true})
	add("a1", "2016-06-28", "c1")
	add("a2", "2016-06-29", "c1")
	add("b1", "2016-07-01", "c2")
	add("a3", "2016-06-30", "c1")
	o := Build(s, DefaultBudgets(), BuildOptions{})
	var got []string
	for _, a := range o.all {
		got = append(got, a.Name)
	}
	if !slices.Equal(got, []string{"previous_month", "choose_day", "choose_day_2"}) {
		t.Fatalf("entries %v, want previous_month and one choose_day per calendar", got)
	}
	day := o.all[1]
	if e := day.Params["day"].Enum; !slices.Equal(e, []string{"2016-06-28", "2016-06-29", "2016-06-30"}) || day.Folded != 3 || day.Kind != "click" {
		t.Errorf("choose_day: enum %v folded %d kind %s", e, day.Folded, day.Kind)
	}
	// its page tool requires the day, one of the dates shown
	var schema struct {
		Required   []string `json:"required"`
		Properties map[string]struct {
			Enum []string `json:"enum"`
		} `json:"properties"`
	}
	if err := json.Unmarshal(ParamsSchema(day), &schema); err != nil || !slices.Equal(schema.Required, []string{"day"}) || len(schema.Properties["day"].Enum) != 3 {
		t.Errorf("choose_day's schema %s (%v)", ParamsSchema(day), err)
	}
	key, id, err := chooseLink(day, map[string]any{"day": "2016-06-29"})
	if err != nil || key != "a2" || id != "choose_day:2016-06-29" {
		t.Errorf("day 2016-06-29: %q %q %v", key, id, err)
	}
	for _, args := range []map[string]any{{"day": "2016-07-01"}, {"day": 29}, {}} {
		if _, _, err := chooseLink(day, args); ErrorCode(err) != CodeInvalidArgument {
			t.Errorf("args %v: %v, want %s", args, err, CodeInvalidArgument)
		}
	}
	// a day has no entry of its own: the name it would have had resolves
	// to nothing (a folded link does resolve by its own name)
	own := day.links[1].name
	if own == "" {
		t.Fatal("a day member without the name it would have had")
	}
	if _, err := (&Runtime{}).Resolve(o, own, ""); ErrorCode(err) != CodeActionNotFound {
		t.Errorf("a day by its own name %q: %v, want %s", own, err, CodeActionNotFound)
	}
}
