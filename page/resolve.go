package page

import (
	"errors"
	"fmt"
	"strings"
)

// Resolved is an action resolved against the current page.
type Resolved struct {
	Action Action
	// ID is the original action id (toggle@t9, or the name).
	ID     string
	Record string
	key    string
	member bool // a link of a folded list, already chosen by name
}

// Resolve finds the action (and row) a call names on the page as it is now.
// Codes: ACTION_NOT_FOUND, UNAVAILABLE, INVALID_ARGUMENT.
func (r *Runtime) Resolve(o *Observation, name, record string) (Resolved, error) {
	if i := strings.IndexByte(name, '@'); i > 0 && record == "" {
		name, record = name[:i], name[i+1:]
	}
	for _, u := range o.allUnavailable {
		if u.Name == name {
			code := CodeUnavailable
			if u.covered {
				code = CodeTargetCovered
			}
			return Resolved{}, &Error{Code: code, Reason: fmt.Sprintf("%s cannot run now: %s", name, u.Reason), Available: available(o)}
		}
	}
	// Every entry resolves, shown or cut by a budget, so a name from any
	// continuation slice works.
	var a *Action
	for i := range o.all {
		if o.all[i].Name == name {
			a = &o.all[i]
			break
		}
	}
	if a == nil {
		// A link folded into a list resolves by its own name too.
		for i := range o.all {
			if m, ok := o.all[i].member(name); ok && o.all[i].links != nil && o.all[i].arg() != "day" && m.name == name {
				if record != "" {
					return Resolved{}, &Error{Code: CodeInvalidArgument, Reason: fmt.Sprintf("%s is not a row action: it takes no record", name), Available: available(o)}
				}
				return Resolved{Action: o.all[i], ID: o.all[i].Name + ":" + m.label, key: m.key, member: true}, nil
			}
		}
		return Resolved{}, &Error{Code: CodeActionNotFound, Reason: fmt.Sprintf("no action %q on the page now", name), Available: available(o)}
	}
	if !a.RecordParam {
		if record != "" {
			return Resolved{}, &Error{Code: CodeInvalidArgument, Reason: fmt.Sprintf("%s is not a row action: it takes no record", name), Available: available(o)}
		}
		return Resolved{Action: *a, ID: a.Name, key: a.key}, nil
	}
	if record == "" {
		return Resolved{}, &Error{Code: CodeInvalidArgument, Reason: fmt.Sprintf("%s needs a record: one of the citation record ids (e.g. %s)", name, firstOr(a.SampleIDs, "r1")), Available: available(o)}
	}
	return resolveRow(o, a, name, record)
}

// resolveRow resolves row action a on the record with id record.
// Codes: ACTION_NOT_FOUND, UNAVAILABLE.
func resolveRow(o *Observation, a *Action, name, record string) (Resolved, error) {
	for _, rec := range o.snap.Records {
		if rec.ID != record {
			continue
		}
		key, ok := rec.Actions[a.shape]
		if !ok {
			return Resolved{}, &Error{Code: CodeActionNotFound, Reason: fmt.Sprintf("record %s has no %s action", record, name), Available: available(o)}
		}
		if why := rec.Unavailable[a.shape]; why != "" {
			return Resolved{}, &Error{Code: CodeUnavailable, Reason: fmt.Sprintf("%s on %s cannot run now: %s", name, record, why), Available: available(o)}
		}
		return Resolved{Action: *a, ID: a.Name + "@" + record, Record: record, key: key}, nil
	}
	return Resolved{}, &Error{Code: CodeActionNotFound, Reason: fmt.Sprintf("no record %q on the page now (it may be filtered out, removed, or beyond the id index); observe or search first", record), Available: available(o)}
}

func available(o *Observation) []string {
	out := make([]string, 0, len(o.Actions))
	for _, a := range o.Actions {
		out = append(out, a.Name)
	}
	return out
}

// chooseLink picks the link a folded link list is called with (args.link),
// the day of a calendar (args.day, its date) or the option of a folded
// listbox (args.value). Code: INVALID_ARGUMENT.
func chooseLink(a Action, args map[string]any) (key, id string, err error) {
	if a.arg() == "day" {
		day, ok := args["day"].(string)
		if !ok {
			return "", "", &Error{Code: CodeInvalidArgument, Reason: a.Name + ": day (a string, the date YYYY-MM-DD of one of its days) is required"}
		}
		m, ok := a.member(strings.TrimSpace(day))
		if !ok {
			first, last := a.links[0].label, a.links[len(a.links)-1].label
			return "", "", &Error{Code: CodeInvalidArgument, Reason: fmt.Sprintf("%s: the calendar does not show %q (it shows %s to %s); show its month first (previous_month, next_month)", a.Name, clean(day, 40), first, last)}
		}
		return m.key, a.Name + ":" + m.label, nil
	}
	what := "link"
	if a.arg() == "value" {
		what = "option"
	}
	name, ok := args[a.arg()].(string)
	if !ok {
		return "", "", &Error{Code: CodeInvalidArgument, Reason: fmt.Sprintf("%s: %s (a string, the name of one of its %ss) is required", a.Name, a.arg(), what)}
	}
	m, ok := a.member(name)
	if !ok {
		return "", "", &Error{Code: CodeInvalidArgument, Reason: fmt.Sprintf("%s: no %s %q in this list (%d %ss)", a.Name, what, clean(name, 80), len(a.links), what)}
	}
	return m.key, a.Name + ":" + m.label, nil
}

func (r *Runtime) withAvailable(err error) error {
	var pe *Error
	if errors.As(err, &pe) && r.last != nil && pe.Available == nil {
		pe.Available = available(r.last)
	}
	return err
}
