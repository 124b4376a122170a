package browser

import (
	"context"
	_ "embed"
	"encoding/json"
	"fmt"
	"runtime"
	"strconv"
	"unicode"
	"unicode/utf8"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/input"
	cdppage "github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/pling-dev/pling/page"
)

type actPrep struct {
	OK     bool    `json:"ok"`
	Code   string  `json:"code"`
	Reason string  `json:"reason"`
	X      float64 `json:"x"`
	Y      float64 `json:"y"`
	RowX   float64 `json:"row_x"`
	RowY   float64 `json:"row_y"`
	// HasRow: a TARGET_NOT_REACHED answer carries a point on the target's
	// row (RowX, RowY) to hover before the second try.
	HasRow bool `json:"has_row"`
	// Popup: a TARGET_COVERED answer whose cover is a list of
	// suggestions or a menu (acthit.js): Escape closes it before a
	// second try.
	Popup bool `json:"popup"`
	// Move: a TARGET_COVERED answer whose cover is no dialog, so it may
	// be one the resting mouse pointer holds open (a tooltip of the link
	// the last click left it on); X and Y are then the target's point, to
	// move the pointer onto before a second try (acthit.js).
	Move bool `json:"move"`
	Done bool `json:"done"`
	// Nav are the URLs a click would open (links, form actions).
	Nav []string `json:"nav"`
	// Digest is the target field's salted digest (asked with a salt).
	Digest *string `json:"digest"`
	// Changed: the page changed since the observation the step was
	// resolved against (prep.js); nothing was done.
	Changed bool `json:"changed"`
}

// Perform runs one step with real input events: the target is scrolled
// into view and hit-tested in the page (act.js), then the mouse and
// keyboard events go through CDP's Input domain as a person's would. A
// covered target is first reached as a person reaches it: suggestions
// left open over it closed with Escape, the pointer moved onto it (off a
// tooltip's link it rested on), and it is hit-tested again.
// Page-level refusals come back as *page.Error (TARGET_COVERED,
// UNAVAILABLE, ACTION_NOT_FOUND). An upload step sets files instead.
func (s *Session) Perform(ctx context.Context, step page.Step) error {
	_, err := s.perform(ctx, step, "")
	return err
}

// PerformDigest is Perform for a type step that also returns the salted
// digest of the target field's value before the step (page/js/fillform.js's
// digest), taken in the evaluation that prepares the step.
func (s *Session) PerformDigest(ctx context.Context, step page.Step, salt string) (string, error) {
	return s.perform(ctx, step, salt)
}

// prepScript prepares a step in one evaluation: js/prep.js, bundled into
// prep.gen.js with the modules it composes. When params carry since (the
// mark of the observation the step was resolved against), the page must
// be unchanged since (page/js/unchanged.js), else nothing is done
// (changed); then act.js places the step; then, when params carry a salt,
// the target field's salted digest (page/js/fillform.js).
//
//go:embed prep.gen.js
var prepScript string

func (s *Session) perform(ctx context.Context, step page.Step, salt string) (string, error) {
	if err := s.front(ctx); err != nil {
		return "", err
	}
	s.events.ownStep()
	if step.Op != "scroll" {
		// A confirmed step accepts the confirm() or prompt() it raises,
		// until its observation takes the dialogs (DrainDialogs); an
		// unconfirmed one leaves them to the policy (dismissed).
		var a *dialogAnswer
		if step.Confirm {
			a = &dialogAnswer{text: step.Answer}
		}
		s.events.answer.Store(a)
	}
	if step.Op == "upload" {
		return "", s.SetFiles(ctx, step.Key, step.Files) // upload.go
	}
	prep := func(hoverRow bool, since float64, salt string, reveal, moved bool) (actPrep, error) {
		var p actPrep
		args := map[string]any{"key": step.Key, "op": step.Op, "hover_row": hoverRow, "dy": step.Dy, "value": step.Value, "reveal": reveal, "moved": moved}
		if since > 0 {
			args["since"], args["doc"] = since, step.Doc
		}
		if salt != "" {
			args["salt"] = salt
		}
		err := s.CallScript(ctx, prepScript, args, &p)
		if err != nil {
			return p, fmt.Errorf("prepare %s: %w", step.Op, err)
		}
		if p.Changed {
			return p, page.ErrPageChanged
		}
		if !p.OK {
			return p, &page.Error{Code: page.Code(p.Code), Reason: p.Reason}
		}
		return p, nil
	}
	since := step.Since
	if step.HoverRow {
		p, err := prep(true, since, "", false, false)
		since = 0 // checked
		if err != nil {
			return "", err
		}
		if err := s.mouse(ctx, input.DispatchMouseEventTypeMouseMoved, p.RowX, p.RowY, 0); err != nil {
			return "", err
		}
	}
	p, err := prep(false, since, salt, false, false)
	if page.ErrorCode(err) == page.CodeTargetNotReached {
		// Out of reach where it stands (off screen until its row is hovered
		// or it has focus): reveal it as a person would, by hovering its
		// row and focusing it, and place it again. Still out of reach, the
		// click is not sent: the step is an error, never a silent miss.
		if p.HasRow {
			if err := s.mouse(ctx, input.DispatchMouseEventTypeMouseMoved, p.RowX, p.RowY, 0); err != nil {
				return "", err
			}
		}
		p, err = prep(false, 0, salt, true, false)
	}
	if page.ErrorCode(err) == page.CodeTargetCovered && p.Popup {
		// A typeahead's suggestions left open over the target (typing into
		// Prometheus's expression opened them over Execute): closed with
		// Escape, as a person would, and placed again. Still covered, the
		// step is an error.
		if err := s.pressKey(ctx, escapeKey()); err != nil {
			return "", err
		}
		p, err = prep(false, 0, salt, false, false)
	}
	if page.ErrorCode(err) == page.CodeTargetCovered && p.Move {
		// Something that is no dialog covers the target, perhaps held open
		// by the pointer resting where the last click left it (phpMyAdmin's
		// sort link shows a tooltip over the first rows): the pointer moves
		// onto the target, as a person's does on its way there, which lets
		// such a cover go, and the step is placed again once the page had a
		// moment to hide it (act.js's uncovered). Still covered, the step is
		// an error that says by what.
		if err := s.mouse(ctx, input.DispatchMouseEventTypeMouseMoved, p.X, p.Y, 0); err != nil {
			return "", err
		}
		p, err = prep(false, 0, salt, false, true)
	}
	if err != nil {
		return "", err
	}
	digest := ""
	if p.Digest != nil {
		digest = *p.Digest
	}
	if step.Op == "scroll" || p.Done {
		return digest, nil
	}
	// A link (javascript:, a denied origin, ...) is a navigation like any
	// other: refused before the click.
	for _, u := range p.Nav {
		if err := s.b.check(s.bc, u); err != nil {
			return "", &page.Error{Code: page.CodeNavigationBlocked, Reason: err.Error()}
		}
	}
	presses, what := int64(1), "click"
	if step.Double {
		presses, what = 2, "double click"
	}
	if err := s.press(ctx, p.X, p.Y, presses, what); err != nil {
		return "", err
	}
	if step.Op != "type" {
		return digest, nil
	}
	tr := page.TraceFrom(ctx)
	return digest, s.run(ctx, s.b.opts.ActionTimeout, func(c context.Context) error {
		return chromedp.Do(c, chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
			// Replace the current content, as a person selecting all would:
			// a field's own selection, or Ctrl+A in a code editor (whose
			// model is not the focused textarea's value).
			// With append the caret goes to the end, with replace the one
			// occurrence of that text is selected (selectall.js).
			end := tr.Start(page.SpanEval, "Runtime.evaluate (select all)")
			sel, err := chromedp.Evaluate[selection](selectAllScript(step), chromedp.EvalAwaitPromise)(ctx, t)
			end()
			if err != nil {
				return err
			}
			if sel.Code != "" {
				return selectionError(step, sel)
			}
			how := sel.How
			switch how {
			case "keys":
				if err := press(ctx, t, tr, selectAllKey()); err != nil {
					return err
				}
			case "keys-end":
				if err := press(ctx, t, tr, docEndKey()); err != nil {
					return err
				}
			}
			editor := how == "keys" || how == "keys-end" || how == "keys-set"
			if step.Text == "" {
				if err := keys(ctx, t, tr, '\b'); err != nil {
					return err
				}
			} else if err := typeEditorText(ctx, t, tr, step, editor); err != nil {
				return err
			} else if editor {
				if err := settleEditor(ctx, t, tr, step.Text, how == "keys", !step.Submit && endsInWord(step.Text)); err != nil {
					return err
				}
			}
			if how == "watch" {
				// A field that announces suggestions: give the page its
				// debounce to show them (see awaitSuggestionsScript).
				end := tr.Start(page.SpanEval, "Runtime.evaluate (await suggestions)")
				_, err := chromedp.Evaluate[chromedp.Void](awaitSuggestionsScript(!step.Submit), chromedp.EvalAwaitPromise)(ctx, t)
				end()
				if err != nil {
					return err
				}
			}
			if step.Submit {
				return keys(ctx, t, tr, '\r')
			}
			return nil
		}))
	})
}

// typeEditorText types a step's text (typeText). Into a code editor whose
// completion list stays open after the step (one that ends in a word and
// does not submit: settleEditor's keep), the first key and the last are
// each followed by a wait for the page's requests in flight, up to
// EditorQuietMS: an editor whose completion loads its words when typing
// starts (phpMyAdmin asks for the database's tables on the first key)
// has them when a word's list starts, as it does for a person, who types
// slower than the request takes. (CodeMirror 5's show-hint keeps the words
// a list started with: a list started before the tables came never shows
// them.)
func typeEditorText(ctx context.Context, t *chromedp.Target, tr *page.Trace, step page.Step, editor bool) error {
	runes := []rune(step.Text)
	if !editor || step.Submit || !endsInWord(step.Text) || len(runes) < 3 || len(runes) > PasteOver {
		return typeText(ctx, t, tr, step.Text, editor)
	}
	quiet := func() error {
		end := tr.Start(page.SpanEval, "Runtime.evaluate (requests quiet)")
		defer end()
		_, err := chromedp.Evaluate[bool]("("+quietRequestsScript+")("+strconv.Itoa(EditorQuietMS)+")", chromedp.EvalAwaitPromise)(ctx, t)
		return err
	}
	for _, part := range []string{string(runes[:1]), string(runes[1 : len(runes)-1])} {
		if err := typeText(ctx, t, tr, part, editor); err != nil {
			return err
		}
		if err := quiet(); err != nil {
			return err
		}
	}
	return typeText(ctx, t, tr, string(runes[len(runes)-1:]), editor)
}

// EditorQuietMS bounds the wait for the page's requests before the last
// key of a word typed into a code editor (typeEditorText): the 2 s settle
// counts one request for at most.
const EditorQuietMS = 2000

// quietRequestsScript is js/quietrequests.js, bundled into
// quietrequests.gen.js.
//
//go:embed quietrequests.gen.js
var quietRequestsScript string

// settleEditor runs after the last key of a type step into a code
// editor: it closes the completion list the typing left open, and when
// the step replaced the whole content (replaced) checks that the
// editor's own model holds the text. When it does not (a key an editor's
// completion took that no close foresaw) it selects all and types the
// text once more, as a person who saw the wrong text would; still
// different, it answers page.ErrTextDiffers, which the receipt turns
// into a warning. An editor whose model cannot be read is not compared.
// With keep (the step ends in a word and submits nothing) a list the
// editor opened after the last key stays open: its suggestions are the
// agent's to choose (a step that submits closes it, or Enter would pick
// one).
func settleEditor(ctx context.Context, t *chromedp.Target, tr *page.Trace, text string, replaced, keep bool) error {
	var want *string
	if replaced {
		want = &text
	}
	for try := 0; ; try++ {
		holds, err := checkEditor(ctx, t, tr, want, endsInWord(text), keep)
		if err != nil || holds == nil || *holds {
			return err
		}
		if try == 1 {
			return page.ErrTextDiffers
		}
		if err := press(ctx, t, tr, selectAllKey()); err != nil {
			return err
		}
		if err := typeText(ctx, t, tr, text, true); err != nil {
			return err
		}
	}
}

// checkEditor is js/editorcheck.js in the code editor around the focused
// element: it closes an open completion list (the editor's own API, or
// Escape pressed here where the page exposes none: CodeMirror 6), since
// with the list open the editor's Enter picks a completion instead of
// breaking the line; with want, it answers whether the editor's model
// holds *want (nil when that cannot be told or want is nil). awaitList
// says the step's keys are all in and ended in a word (endsInWord), after
// which an editor that completes opens its list a moment later:
// CodeMirror 6's is waited for and closed too.
func checkEditor(ctx context.Context, t *chromedp.Target, tr *page.Trace, want *string, awaitList, keep bool) (*bool, error) {
	args := map[string]any{"await_list": awaitList, "keep_list": keep}
	if want != nil {
		args["text"] = *want
	}
	a, _ := json.Marshal(args)
	end := tr.Start(page.SpanEval, "Runtime.evaluate (editor check)")
	h, err := chromedp.Evaluate[struct {
		Holds  *bool `json:"holds"`
		Escape bool  `json:"escape"`
	}]("("+editorCheckFunc+")("+string(a)+")", chromedp.EvalAwaitPromise)(ctx, t)
	end()
	if err != nil {
		return nil, err
	}
	if h.Escape {
		if err := press(ctx, t, tr, escapeKey()); err != nil {
			return nil, err
		}
	}
	return h.Holds, nil
}

// endsInWord reports whether text ends in a letter, a digit, '_' or '.':
// where a code editor's completion has something to complete (a keyword,
// a member), so a list may open after the last key. After ';', a space or
// a bracket none does, and nothing is waited for.
func endsInWord(text string) bool {
	r, _ := utf8.DecodeLastRuneInString(text)
	return r == '_' || r == '.' || unicode.IsLetter(r) || unicode.IsDigit(r)
}

// pressKey sends one key press to the focused element.
func (s *Session) pressKey(ctx context.Context, down input.DispatchKeyEventParams) error {
	tr := page.TraceFrom(ctx)
	return s.run(ctx, s.b.opts.ActionTimeout, func(c context.Context) error {
		return chromedp.Do(c, chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
			return press(ctx, t, tr, down)
		}))
	})
}

// escapeKey is Escape, which code editors' completion lists bind to
// close.
func escapeKey() input.DispatchKeyEventParams {
	return input.DispatchKeyEventParams{Type: input.DispatchKeyEventTypeRawKeyDown, Key: "Escape", Code: "Escape",
		WindowsVirtualKeyCode: 27, NativeVirtualKeyCode: 27}
}

// editorCheckFunc is js/editorcheck.js, bundled into editorcheck.gen.js.
//
//go:embed editorcheck.gen.js
var editorCheckFunc string

// PasteOver is the length (in characters) above which a type step's text
// is pasted (see pasted) rather than typed key by key: a person pastes a
// long text.
const PasteOver = 128

// PasteToken is the length (in characters) from which a type step's text
// that is one token (no white space: an ID, a key, a hash, a URL) is
// pasted rather than typed key by key, as a person pastes such a text
// instead of typing it. A page that checks every input (Syncthing asks its
// server about the device ID on each one and keeps whichever answer
// arrives last) then checks the whole text only, where 63 key presses put
// 63 checks of partial IDs in flight and the last answer could be a
// partial ID's. Words and sentences stay key presses, which typeaheads
// depend on.
const PasteToken = 32

// pasted says whether text goes in as a paste rather than as key presses:
// a text longer than PasteOver characters, or one of at least PasteToken
// characters without white space.
func pasted(text string) bool {
	n := utf8.RuneCountInString(text)
	if n > PasteOver {
		return true
	}
	if n < PasteToken {
		return false
	}
	for _, r := range text {
		if unicode.IsSpace(r) {
			return false
		}
	}
	return true
}

// paste puts text in as a person's paste does, in one input event: one
// Input.insertText of all of it, inside a key press of its last character
// (the keydown before, without text of its own, and the keyup after), so
// listeners of keys (a typeahead's keyup) still see the typing end once,
// and a page that checks every input event sees the whole text only (no
// partial value whose check could answer last). A text whose last
// character has no key (an emoji, a line break) is inserted alone.
func paste(ctx context.Context, t *chromedp.Target, tr *page.Trace, text string) error {
	last, _ := utf8.DecodeLastRuneInString(text)
	down, ok := keyFor(last)
	if !ok {
		return insertText(ctx, t, tr, text)
	}
	down.Type, down.Text, down.UnmodifiedText = input.DispatchKeyEventTypeRawKeyDown, "", ""
	up := down
	up.Type = input.DispatchKeyEventTypeKeyUp
	if err := dispatchKey(ctx, t, tr, down); err != nil {
		return err
	}
	if err := insertText(ctx, t, tr, text); err != nil {
		return err
	}
	return dispatchKey(ctx, t, tr, up)
}

// typeText types text as a person does: each character a key press
// (keyDown carrying its text, then keyUp), with the US layout's key and
// code for printable ASCII and the character itself as the key for other
// printable characters. A text a person pastes (pasted: a long one, a
// long token) is pasted. What keys cannot express goes in with
// Input.insertText: line breaks and tabs (their keys submit a form or
// move focus), characters outside the Basic Multilingual Plane and
// combining marks. In a code editor (enter) a line break is an Enter
// press followed by Shift+Home, which selects the indentation the editor
// gave the new line, so the next line's own text replaces it; a
// completion list the editor opened is closed before the Enter
// (checkEditor), which it would pick.
func typeText(ctx context.Context, t *chromedp.Target, tr *page.Trace, text string, enter bool) error {
	if pasted(text) {
		return paste(ctx, t, tr, text)
	}
	runes := []rune(text)
	var pending []rune
	flush := func() error {
		if len(pending) == 0 {
			return nil
		}
		err := insertText(ctx, t, tr, string(pending))
		pending = pending[:0]
		return err
	}
	for _, r := range runes {
		if enter && (r == '\n' || r == '\r') {
			if err := flush(); err != nil {
				return err
			}
			if _, err := checkEditor(ctx, t, tr, nil, false, false); err != nil {
				return err
			}
			// one keyDown carrying its text: an editor that handles the
			// key (CodeMirror 5) prevents the text, one that leaves it to
			// the browser (CodeMirror 6 without a keymap) gets the break
			brk := input.DispatchKeyEventParams{Type: input.DispatchKeyEventTypeKeyDown, Key: "Enter", Code: "Enter",
				WindowsVirtualKeyCode: 13, NativeVirtualKeyCode: 13, Text: "\r", UnmodifiedText: "\r"}
			if err := press(ctx, t, tr, brk); err != nil {
				return err
			}
			// Shift+Home selects what the editor indented the new line
			// with, so the line's own text (its indentation included)
			// replaces it: the editor ends up holding the text as given.
			home := input.DispatchKeyEventParams{Type: input.DispatchKeyEventTypeRawKeyDown, Key: "Home", Code: "Home",
				WindowsVirtualKeyCode: 36, NativeVirtualKeyCode: 36, Modifiers: int64(kb.ModifierShift)}
			if err := press(ctx, t, tr, home); err != nil {
				return err
			}
			continue
		}
		down, ok := keyFor(r)
		if !ok {
			pending = append(pending, r)
			continue
		}
		if err := flush(); err != nil {
			return err
		}
		if err := press(ctx, t, tr, down); err != nil {
			return err
		}
	}
	return flush()
}

// keyFor returns the keyDown event that types r, or false when r goes in
// with Input.insertText.
func keyFor(r rune) (input.DispatchKeyEventParams, bool) {
	if r == '\n' || r == '\r' || r == '\t' {
		return input.DispatchKeyEventParams{}, false
	}
	if v, ok := kb.Keys[r]; ok && v.Print && r < 0x80 {
		ev := input.DispatchKeyEventParams{Type: input.DispatchKeyEventTypeKeyDown, Key: v.Key, Code: v.Code,
			NativeVirtualKeyCode: v.Native, WindowsVirtualKeyCode: v.Windows, Text: v.Text, UnmodifiedText: v.Unmodified}
		if v.Shift {
			ev.Modifiers = int64(kb.ModifierShift)
		}
		return ev, true
	}
	if r < 0x10000 && unicode.IsPrint(r) && !unicode.Is(unicode.M, r) {
		s := string(r)
		return input.DispatchKeyEventParams{Type: input.DispatchKeyEventTypeKeyDown, Key: s, Text: s, UnmodifiedText: s}, true
	}
	return input.DispatchKeyEventParams{}, false
}

// press sends one key press: down (with its text, which Chromium types
// as keydown, keypress, beforeinput and input) and up, each a traced
// round trip.
func press(ctx context.Context, t *chromedp.Target, tr *page.Trace, down input.DispatchKeyEventParams) error {
	up := down
	up.Type, up.Text, up.UnmodifiedText = input.DispatchKeyEventTypeKeyUp, "", ""
	for _, ev := range []input.DispatchKeyEventParams{down, up} {
		if err := dispatchKey(ctx, t, tr, ev); err != nil {
			return err
		}
	}
	return nil
}

// dispatchKey sends one key event, a traced round trip.
func dispatchKey(ctx context.Context, t *chromedp.Target, tr *page.Trace, ev input.DispatchKeyEventParams) error {
	defer tr.Start(page.SpanCDP, "Input.dispatchKeyEvent")()
	_, err := cdp.Call(ctx, t, input.DispatchKeyEvent, ev)
	return err
}

// selectAllKey is Ctrl+A (Cmd+A on macOS), which code editors bind to
// their own select-all.
func selectAllKey() input.DispatchKeyEventParams {
	mod := int64(kb.ModifierCtrl)
	if runtime.GOOS == "darwin" {
		mod = int64(kb.ModifierMeta)
	}
	return input.DispatchKeyEventParams{Type: input.DispatchKeyEventTypeRawKeyDown, Key: "a", Code: "KeyA",
		WindowsVirtualKeyCode: 65, NativeVirtualKeyCode: 65, Modifiers: mod, Commands: []string{"selectAll"}}
}

func insertText(ctx context.Context, t *chromedp.Target, tr *page.Trace, text string) error {
	defer tr.Start(page.SpanCDP, "Input.insertText")()
	_, err := cdp.Call(ctx, t, input.InsertText, input.InsertTextParams{Text: text})
	return err
}

// keys sends the key events of one key press (what chromedp.KeyEvent
// sends), each a traced round trip.
func keys(ctx context.Context, t *chromedp.Target, tr *page.Trace, r rune) error {
	for _, ev := range kb.Encode(r) {
		end := tr.Start(page.SpanCDP, "Input.dispatchKeyEvent")
		_, err := cdp.Call(ctx, t, input.DispatchKeyEvent, *ev)
		end()
		if err != nil {
			return err
		}
	}
	return nil
}

// selectAllFunc is selectall.js: it selects the focused field's content
// so typing replaces it, and answers "keys" in a code editor (the caller
// presses Ctrl+A, the editor's select-all) or "watch" for a field that
// announces suggestions.
//
//go:embed selectall.gen.js
var selectAllFunc string

// selection is what selectall.js answers.
type selection struct {
	How    string `json:"how"`
	Code   string `json:"code"`
	Reason string `json:"reason"`
	N      int    `json:"n"`
}

// selectAllScript runs selectall.js for step: select all, or with
// step.Append the caret at the end, or with step.Replace that text
// selected.
func selectAllScript(step page.Step) string {
	args, _ := json.Marshal(map[string]any{"append": step.Append, "find": step.Replace})
	return "(" + selectAllFunc + ")(" + string(args) + ")"
}

// selectionError is the error of a type step whose selection could not
// be placed: the text to replace is not there (TEXT_NOT_FOUND) or there
// more than once (TEXT_AMBIGUOUS), or the field takes whole values only
// (INVALID_ARGUMENT). Nothing was typed.
func selectionError(step page.Step, sel selection) error {
	what := strconv.Quote(trimRunes(step.Replace, 60))
	switch page.Code(sel.Code) {
	case page.CodeTextNotFound:
		return &page.Error{Code: page.CodeTextNotFound, Reason: "the field's current content does not hold " + what + "; nothing was typed: read the field's value (observe {read: {field}}) and pass a part of it as replace"}
	case page.CodeTextAmbiguous:
		n := strconv.Itoa(sel.N)
		if sel.N >= 100 {
			n = "100 or more"
		}
		return &page.Error{Code: page.CodeTextAmbiguous, Reason: "the field's current content holds " + what + " " + n + " times; nothing was typed: pass a longer replace (with the words around it) that occurs once"}
	}
	reason := sel.Reason
	if reason == "" {
		reason = "the selection could not be placed"
	}
	return &page.Error{Code: page.CodeInvalidArgument, Reason: reason}
}

// trimRunes cuts s to at most n runes, marking the cut.
func trimRunes(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n]) + "…"
}

// docEndKey is Ctrl+End (Cmd+End on macOS): the caret to the end of an
// editor's text, which code editors bind to their own command.
func docEndKey() input.DispatchKeyEventParams {
	mod := int64(kb.ModifierCtrl)
	if runtime.GOOS == "darwin" {
		mod = int64(kb.ModifierMeta)
	}
	return input.DispatchKeyEventParams{Type: input.DispatchKeyEventTypeRawKeyDown, Key: "End", Code: "End",
		WindowsVirtualKeyCode: 35, NativeVirtualKeyCode: 35, Modifiers: mod, Commands: []string{"moveToEndOfDocument"}}
}

// SuggestWaitMS bounds how long a type step into a field that announces
// suggestions waits after its last key for the page to react.
const SuggestWaitMS = 500

// awaitSuggestionsScript resolves once the page has reacted to typing
// into a field that announces suggestions (role=combobox,
// aria-autocomplete, aria-haspopup=listbox, jQuery UI's autocomplete; a
// datalist's suggestions are the browser's own, never in the page): at
// once when the DOM changed while the keys went in, else at the first
// change after them, else after SuggestWaitMS (a typeahead's debounce,
// jQuery UI's 300 ms delay); suggest.js. The page's settle
// follows as for any action. With wait false (a submitting step) it only
// stops the watch selectAllScript started.
func awaitSuggestionsScript(wait bool) string {
	ms := 0
	if wait {
		ms = SuggestWaitMS
	}
	return "(" + suggestScript + ")(" + strconv.Itoa(ms) + ")"
}

// suggestScript is js/suggest.js (over typewatch.js), bundled into
// suggest.gen.js.
//
//go:embed suggest.gen.js
var suggestScript string

func (s *Session) mouse(ctx context.Context, typ input.DispatchMouseEventType, x, y float64, clicks int64) error {
	defer page.TraceFrom(ctx).Start(page.SpanCDP, "Input.dispatchMouseEvent")()
	return s.run(ctx, s.b.opts.ActionTimeout, func(c context.Context) error {
		p := input.DispatchMouseEventParams{Type: typ, X: x, Y: y}
		if clicks > 0 {
			p.Button = input.MouseButtonLeft
			p.Buttons = 1
			p.ClickCount = clicks
		}
		_, err := chromedp.Call(c, input.DispatchMouseEvent, p)
		return err
	})
}

// press moves the pointer to (x, y) and presses and releases the left
// button n times, the i-th press with click count i: a click (1), or a
// double click (2), which the page sees as click, click and dblclick;
// what names the gesture in an error.
func (s *Session) press(ctx context.Context, x, y float64, n int64, what string) error {
	if err := s.mouse(ctx, input.DispatchMouseEventTypeMouseMoved, x, y, 0); err != nil {
		return fmt.Errorf("%s: %w", what, err)
	}
	for i := int64(1); i <= n; i++ {
		for _, typ := range []input.DispatchMouseEventType{input.DispatchMouseEventTypeMousePressed, input.DispatchMouseEventTypeMouseReleased} {
			if err := s.mouse(ctx, typ, x, y, i); err != nil {
				return fmt.Errorf("%s: %w", what, err)
			}
		}
	}
	return nil
}

// Dialogs returns the JavaScript dialogs answered since the last call, in
// the page's receipt form.
func (s *Session) Dialogs() []page.DialogRecord {
	var out []page.DialogRecord
	for _, d := range s.DrainDialogs() {
		out = append(out, page.DialogRecord{Type: d.Type, Message: d.Message, Accepted: d.Accepted, Unrecorded: d.Unrecorded})
	}
	return out
}

// front makes the tab the active one of its window before input: a tab
// that popups pushed behind gets no frames, and Chromium holds its input
// events until one comes (each click cost seconds with 16 popups open).
func (s *Session) front(ctx context.Context) error {
	defer page.TraceFrom(ctx).Start(page.SpanCDP, "Page.bringToFront")()
	return s.run(ctx, s.b.opts.ActionTimeout, func(c context.Context) error {
		_, err := chromedp.Call(c, cdppage.BringToFront, cdp.Empty{})
		return err
	})
}
