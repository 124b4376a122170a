package page_test

import (
	"encoding/json"
	"fmt"

	"github.com/pling-dev/pling/page"
)

// The goldens of TestFixtureGoldens pin HTML → Chromium → Build → Render
// in one go. The two halves are pinned apart as well (issue 22 step 5):
//
//   - testdata/collector/<name>.json (TestCollectorGoldens, Chromium): the
//     snapshot the collector returns for fixtures/pages/<name>.html, masked
//     of what varies run to run. A diff here means the JavaScript moved.
//   - testdata/render/<name>.txtar (TestRenderGoldens, no Chromium): that
//     same snapshot and what Go makes of it (Render, RenderCompact,
//     Schemas). A diff in the output sections alone means the Go moved.
//
// The render goldens of the fixtures also equal the fixture goldens, so the
// two halves together are exactly the whole.

// goldenFixture is one fixture page of TestFixtureGoldens and the rule of
// Go its render golden pins (the header of testdata/render/<name>.txtar).
type goldenFixture struct {
	name string
	rule string
}

// goldenFixtures are the pages of TestFixtureGoldens, in its order.
// TestGoldenFixturesComplete fails when a fixture golden has no entry here.
var goldenFixtures = []goldenFixture{
	{"todomvc", "undeclared rows: each row's toggle and hover-only destroy fold into one action with a record argument (Build over Snapshot.RowActions, inferName from the evidence); filter links keep their targets"},
	{"form", "an undeclared form: each field is a text action named from its label (inferName), a one-time-code field says secret, the checkbox its state, the submit button a plain action"},
	{"covered", "an open modal dialog: only its controls are actions; every control behind it, the cookie banner's too, is listed unavailable, covered by the dialog (unavailableReason)"},
	{"injection", "page text that tries to instruct the agent stays data, escaped inside <page_data> so it cannot close the tag or forge a heading (esc, render.go); the comments' Reply buttons fold into reply(record) over generated ids"},
	{"shadow", "controls in an open shadow root and a slotted light-DOM button are ordinary actions of their regions"},
	{"iframe", "a same-origin frame's controls are actions of their region; a cross-origin frame is one note from Pling, not read"},
	{"hidden", "hidden content is listed as revealable (details, tab, expand), never as actions; the selected tab is state"},
	{"actions", "declared actions keep their names and descriptions, confirm and handoff become guards on the action line, a declared unavailable reason lists the action unavailable (newAction, unavailableReason); declared numeric state is a number (stateValue)"},
	{"links", "three declared link actions keep their names and descriptions; fewer than linkFoldMin links do not fold (foldLinks)"},
	{"signup", "every field kind is an action with its parameter: text, number, a select with its options, radios and checkboxes with their state, three uploads with accept and multiplicity (describe, paramsFor); a disabled field is unavailable"},
	{"clickable-div", "role-less clickables the collector reported (an onclick div, a span with a listener) are plain actions named from their text (inferName); a password field says password"},
	{"tokens-todo", "twelve undeclared rows fold their checkbox and Delete button into toggle(record) and delete(record) (slotVerb), records with their fields"},
	{"tokens-article", "three comments' Reply buttons fold into reply(record); three header links stay apart (fewer than linkFoldMin); unread prose is counted per region"},
	{"tokens-dialog", "a modal sign-up dialog: its controls are the actions, the one behind it unavailable, covered"},
	{"admin-posts", "a 25-row table: row actions fold per slot (slotVerb), a 12-link menu folds into open_admin_menu(link) (foldLinks), the record text budget keeps 10 rows with fields and cuts long cells (fitRecords), and each cut says what it left out"},
	{"posts", "sixteen article rows fold their title link, Trash and Edit into open/trash/edit(record) with offscreen counts; four site links fold into open_site(link) (foldLinks)"},
}

// maskedDocumentID replaces the snapshot's random document id.
const maskedDocumentID = "(masked)"

// maskSnapshot returns s with what varies from run to run fixed: the
// document id (random per document), the page's clock (Mark), the
// collector's, the settle wait's and the prose count's own times, and the
// fixture server's port in every URL. Nothing of it reaches a rendering
// except through the revision, which the goldens mask anyway.
func maskSnapshot(s *page.Snapshot) ([]byte, error) {
	c := *s
	c.DocumentID = maskedDocumentID
	c.Mark = 0
	c.Stats.ElapsedMS, c.Stats.SettleMS = 0, 0
	if c.Prose != nil {
		p := *c.Prose
		p.ElapsedMS = 0
		c.Prose = &p
	}
	b, err := json.MarshalIndent(&c, "", "  ")
	if err != nil {
		return nil, fmt.Errorf("marshal snapshot: %w", err)
	}
	return append(portText.ReplaceAll(b, []byte("$1:PORT")), '\n'), nil
}
