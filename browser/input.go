package browser

import (
	"context"
	_ "embed"
	"fmt"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/input"
	cdppage "github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"github.com/pling-dev/pling/page"
)

//go:embed act.js
var actScript string

type actPrep struct {
	OK     bool    `json:"ok"`
	Code   string  `json:"code"`
	Reason string  `json:"reason"`
	X      float64 `json:"x"`
	Y      float64 `json:"y"`
	RowX   float64 `json:"row_x"`
	RowY   float64 `json:"row_y"`
	Done   bool    `json:"done"`
	// Nav are the URLs a click would open (links, form actions).
	Nav []string `json:"nav"`
}

// Perform runs one step with real input events: the target is scrolled
// into view and hit-tested in the page (act.js), then the mouse and
// keyboard events go through CDP's Input domain as a person's would.
// Page-level refusals come back as *page.Error (TARGET_COVERED,
// UNAVAILABLE, ACTION_NOT_FOUND). An upload step sets files instead.
func (s *Session) Perform(ctx context.Context, step page.Step) error {
	if err := s.front(ctx); err != nil {
		return err
	}
	s.events.ownStep()
	if step.Op == "upload" {
		return s.SetFiles(ctx, step.Key, step.Files) // upload.go
	}
	prep := func(hoverRow bool) (actPrep, error) {
		var p actPrep
		err := s.CallScript(ctx, actScript, map[string]any{"key": step.Key, "op": step.Op, "hover_row": hoverRow, "dy": step.Dy, "value": step.Value}, &p)
		if err != nil {
			return p, fmt.Errorf("prepare %s: %w", step.Op, err)
		}
		if !p.OK {
			return p, &page.Error{Code: page.Code(p.Code), Reason: p.Reason}
		}
		return p, nil
	}
	if step.HoverRow {
		p, err := prep(true)
		if err != nil {
			return err
		}
		if err := s.mouse(ctx, input.DispatchMouseEventTypeMouseMoved, p.RowX, p.RowY, 0); err != nil {
			return err
		}
	}
	p, err := prep(false)
	if err != nil {
		return err
	}
	if step.Op == "scroll" || p.Done {
		return nil
	}
	// A link (javascript:, a denied origin, ...) is a navigation like any
	// other: refused before the click.
	for _, u := range p.Nav {
		if err := s.b.check(s.bc, u); err != nil {
			return &page.Error{Code: page.CodeNavigationBlocked, Reason: err.Error()}
		}
	}
	if err := s.click(ctx, p.X, p.Y); err != nil {
		return err
	}
	if step.Op != "type" {
		return nil
	}
	return s.run(ctx, s.b.opts.ActionTimeout, func(c context.Context) error {
		return chromedp.Do(c, chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
			// Replace the current content, as a person selecting all would.
			if _, err := chromedp.Evaluate[chromedp.Void](selectAllScript)(ctx, t); err != nil {
				return err
			}
			if step.Text == "" {
				if _, err := chromedp.KeyEvent("\b")(ctx, t); err != nil {
					return err
				}
			} else if _, err := cdp.Call(ctx, t, input.InsertText, input.InsertTextParams{Text: step.Text}); err != nil {
				return err
			}
			if step.Submit {
				if _, err := chromedp.KeyEvent("\r")(ctx, t); err != nil {
					return err
				}
			}
			return nil
		}))
	})
}

// selectAllScript selects the focused field's content (through open
// shadow roots and same-origin frames) so typing replaces it.
const selectAllScript = `(() => { let el = document.activeElement;
  for (let i = 0; el && i < 16; i++) {
    if (el.shadowRoot && el.shadowRoot.activeElement) el = el.shadowRoot.activeElement;
    else if (el.contentDocument && el.contentDocument.activeElement) el = el.contentDocument.activeElement;
    else break;
  }
  if (!el) return;
  if (typeof el.select === "function") { el.select(); return; }
  if (el.isContentEditable) { const r = document.createRange(); r.selectNodeContents(el);
    const s = el.ownerDocument.getSelection(); s.removeAllRanges(); s.addRange(r); } })()`

func (s *Session) mouse(ctx context.Context, typ input.DispatchMouseEventType, x, y float64, clicks int64) error {
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

func (s *Session) click(ctx context.Context, x, y float64) error {
	for _, typ := range []input.DispatchMouseEventType{
		input.DispatchMouseEventTypeMouseMoved, input.DispatchMouseEventTypeMousePressed, input.DispatchMouseEventTypeMouseReleased,
	} {
		clicks := int64(1)
		if typ == input.DispatchMouseEventTypeMouseMoved {
			clicks = 0
		}
		if err := s.mouse(ctx, typ, x, y, clicks); err != nil {
			return fmt.Errorf("click: %w", err)
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
	return s.run(ctx, s.b.opts.ActionTimeout, func(c context.Context) error {
		_, err := chromedp.Call(c, cdppage.BringToFront, cdp.Empty{})
		return err
	})
}
