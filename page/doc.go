// Package page is Pling's page capability model: it reads a live page into
// a bounded Observation (identity, regions, folded actions, records with
// stable ids, state, feedback), runs one action as a person would and
// answers with a Receipt, and keeps every result inside the spec's
// budgets, saying what it left out. It knows nothing of MCP: mcpserver and
// agent are its two consumers, and a Driver (browser.Session) is how it
// reaches the page.
//
// One observation goes through three steps, each in its own place:
//
//  1. In the page, the collector (the ES modules of collector/, entry
//     main.js, over one walk object per run; bundled by go generate into
//     collector.gen.js, which CollectorScript embeds) walks the DOM once
//     within a node budget and returns a Snapshot (snapshot.go): facts
//     about controls, records, regions, state and feedback, never values
//     of secret fields, selectors or coordinates. Row folding is the one
//     thing it decides (collector/folding.js says where the line is).
//  2. In Go, Build (build.go) turns the Snapshot into an Observation:
//     action names, folding, effects, budgets and what was cut.
//  3. Render and RenderCompact (render.go) write the Observation as text:
//     one list of sections, written in two voices (render_full.go,
//     render_compact.go), each saying every omission;
//     Runtime.Fit and Runtime.FitResult (fit.go, result.go) cut it to
//     a result's byte or token budget.
//
// Where is X decided:
//
//	X                                          where
//	-----------------------------------------  ---------------------------------------------
//	when the page is quiet enough to read      settle/ (watch.js: docstart.js, per document)
//	which elements have click listeners        js/listeners.js (docstart.js, per document)
//	what counts as visible                     internal/js/visibility.js (vis, shown; read's
//	                                           readable, extract's rendered: named variants)
//	an element's text, bounded strings         internal/js/text.js (gather, cut, clean)
//	the element-key registry (window.__pling)  internal/js/registry.js (registry, keyOf)
//	a control's accessible name and label      collector/controls.js (accName, pagerMeaning,
//	                                           sectionOf), icons.js (iconOf), describe.js
//	hover-revealed controls                    collector/hover.js (hoverShown)
//	what is a record (rows, items, trees)      collector/records.js (formTable, formRow),
//	                                           repeated.js (repeatedItems), widgets.js
//	is a control covered                       collector/hittest.js (overlaid)
//	which fields are secret (no value)         internal/js/secret.js (isSecret), one rule for
//	                                           the collector and fill_form's read-back
//	feedback severity (success, info, error)   collector/feedback.js (noticeKind)
//	role-less clickables                       collector/visit.js (pointerButton)
//	the walk's order and bounds                collector/walk.js (walkTree), visit.js (visit)
//	which row controls fold into one action    collector/folding.js (foldKey, withoutRow):
//	                                           the one thing JS decides (its header says why)
//	a folded row action's name and verb        collector/folding.js (label), build.go (slotVerb)
//	calendars' days, trees, spinner arrows     collector/widgets.js; foldDays (build.go)
//	action names, kinds, effects               build.go (inferName, slotVerb, kindOf, effectOf)
//	folded link lists                          build.go (foldLinks)
//	records kept before actions when cut       build.go (fitRecords), fit.go (fitCuts)
//	what a continuation slice brings next      continuation.go (nextSlice)
//	the revision and what changed              revision.go, receipt.go (Diff)
//	running an action, waiting for navigation  act.go (Act), perform.go (perform); WithWait
//	                                           (wait.go) bounds it
//	handoff, confirm, a dismissed dialog       consent.go (checkConsent, dialogWarning)
//	several fields in one call                 fillform.go (FillForm)
//	a region's prose or a field's whole value  read.go, js/read.js (Read)
//	error codes                                errors.go, over the one table in errcode
package page
