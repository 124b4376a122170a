package browser_test

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/pling-dev/pling/browser"
	"github.com/pling-dev/pling/internal/testbrowser"
	"github.com/pling-dev/pling/page"
)

// openAct opens the page file of testdata/act in a fresh session under a
// page runtime, as the act tool drives it.
func openAct(t *testing.T, file string) (*page.Runtime, *browser.Session) {
	t.Helper()
	s := testbrowser.New(t)
	base := testbrowser.Serve(t, http.FileServer(http.Dir("testdata/act")))
	rt := page.NewRuntime(s, page.RuntimeOptions{Budgets: page.DefaultBudgets(), SettleTimeout: 2 * time.Second})
	ctx, cancel := context.WithTimeout(t.Context(), time.Minute)
	defer cancel()
	if _, err := rt.Navigate(ctx, base+"/"+file); err != nil {
		t.Fatalf("navigate %s: %v", file, err)
	}
	return rt, s
}

func evalString(t *testing.T, s *browser.Session, expr string) string {
	t.Helper()
	var got string
	if err := s.Evaluate(t.Context(), expr, &got); err != nil {
		t.Fatalf("evaluate %s: %v", expr, err)
	}
	return got
}

// phpMyAdmin's Browse grid (hover_tooltip_covers.html): clicking the
// price header's sort link leaves the pointer resting on it, and its
// tooltip (role=tooltip, appended to body) open over the first rows after
// the grid is drawn anew. Pressing the first row's Edit price then moves
// the pointer onto the button first, as a person's does on its way there:
// it leaves the header, the tooltip goes and the press lands. When the
// grid moved down under the tooltip (the status line above it appeared),
// the tooltip covers its own link and no move can dismiss it: the refusal
// says what covers the button.
func TestActMovesThePointerOffACover(t *testing.T) {
	for _, tc := range []struct {
		name string
		// setup runs in the page before the steps.
		setup string
		// want is what the page says after Edit price; code the error.
		want, code, reason string
	}{
		{
			name:  "the pointer rests on the new header",
			setup: `document.getElementById("order").textContent = "Showing rows 0 - 2"`,
			want:  "editing Gadget",
		},
		{
			name:   "the tooltip covers its own link",
			code:   "TARGET_COVERED",
			reason: `the control is covered by another element: div role=tooltip "- Click to sort results by this column. - Shift+Click to…"`,
			want:   "ORDER BY price DESC",
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			rt, s := openAct(t, "hover_tooltip_covers.html")
			if tc.setup != "" {
				evalString(t, s, "("+tc.setup+", '')")
			}
			res, err := rt.Act(t.Context(), page.ActRequest{Action: "price"})
			if err != nil {
				t.Fatalf("sort by price: %v", err)
			}
			if got := evalString(t, s, `String(document.querySelectorAll("[role=tooltip]").length)`); got != "1" {
				t.Fatalf("%s tooltips after the sort, want the one the resting pointer keeps open", got)
			}
			first := res.Observation.Records.Shown[0].ID
			_, err = rt.Act(t.Context(), page.ActRequest{Action: "edit_price", Record: first})
			var pe *page.Error
			switch {
			case tc.code == "" && err != nil:
				t.Fatalf("edit price: %v", err)
			case tc.code != "" && !errors.As(err, &pe):
				t.Fatalf("edit price: %v, want %s", err, tc.code)
			case pe != nil && (string(pe.Code) != tc.code || pe.Reason != tc.reason):
				t.Errorf("edit price: %s %q, want %s %q", pe.Code, pe.Reason, tc.code, tc.reason)
			}
			if got := evalString(t, s, `document.getElementById("order").textContent`); got != tc.want {
				t.Errorf("the page says %q, want %q", got, tc.want)
			}
		})
	}
}

// Syncthing's Add Device (per-key-validation-race.html) checks the device
// ID on every input event and keeps whichever answer arrives last, the
// answers to shorter values arriving later: typed as 63 key presses, a
// partial ID's answer came last and Save stayed disabled. A text a person
// pastes (one token of browser.PasteToken characters or more, or longer
// than browser.PasteOver) goes in as one input event inside a key press of
// its last character; words and sentences are key presses, one input each.
func TestTypePastesWhatAPersonPastes(t *testing.T) {
	const id = "MFZWI3D-BONSGYC-YLTMRWG-C43ENR5-QXGZDMM-FZWI3DP-BONSGYY-LTMRWAD"
	long := strings.Repeat("Lisbon ", 20) + "x"
	// keys is the log of text typed as key presses: each character's
	// keydown, its input and its keyup.
	keys := func(text string) string {
		var log []string
		for _, r := range text {
			log = append(log, "down:"+string(r), "input", "up:"+string(r))
		}
		return strings.Join(log, " ")
	}
	for _, tc := range []struct {
		name, action, text string
		// field is the field's id; log the keys and input events it saw;
		// save whether Save is enabled after the step.
		field, log, save string
	}{
		{name: "a device ID is pasted", action: "device_id", field: "deviceID", text: id, log: "down:D input up:D", save: "enabled"},
		{name: "a long text is pasted", action: "device_name", field: "name", text: long, log: "down:x input up:x", save: "disabled"},
		{name: "a sentence is typed", action: "device_name", field: "name", text: "Kitchen laptop by the window, 2nd", log: keys("Kitchen laptop by the window, 2nd"), save: "disabled"},
		{name: "a short token is typed", action: "device_name", field: "name", text: "MFZWI3D-BONSGYC", log: keys("MFZWI3D-BONSGYC"), save: "disabled"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			rt, s := openAct(t, "per-key-validation-race.html")
			evalString(t, s, `(window.typeLog = [], ["keydown", "input", "keyup"].forEach((ty) => document.addEventListener(ty, (e) => {
				window.typeLog.push(ty === "input" ? "input" : (ty === "keydown" ? "down:" : "up:") + e.key);
			}, true)), "")`)
			if _, err := rt.Act(t.Context(), page.ActRequest{Action: tc.action, Args: map[string]any{"text": tc.text}}); err != nil {
				t.Fatalf("type: %v", err)
			}
			if got := evalString(t, s, `window.typeLog.join(" ")`); got != tc.log {
				t.Errorf("the field saw %q, want %q", got, tc.log)
			}
			if got := evalString(t, s, `document.getElementById("`+tc.field+`").value`); got != tc.text {
				t.Errorf("the field holds %q, want %q", got, tc.text)
			}
			if got := evalString(t, s, `document.getElementById("save").disabled ? "disabled" : "enabled"`); got != tc.save {
				t.Errorf("Save is %s, want %s", got, tc.save)
			}
		})
	}
}
