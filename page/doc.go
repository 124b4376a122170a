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
//  1. In the page, the collector (collector/NN-concern.js, joined in file
//     name order into CollectorScript) walks the DOM once within a node
//     budget and returns a Snapshot (snapshot.go): facts about controls,
//     records, regions, state and feedback, never values of secret fields,
//     selectors or coordinates.
//  2. In Go, Build (build.go) turns the Snapshot into an Observation:
//     action names, folding, effects, budgets and what was cut.
//  3. Render and RenderCompact (render.go) write the Observation as text;
//     Runtime.Fit and Runtime.FitResult (runtime.go, result.go) cut it to
//     a result's byte or token budget.
//
// Where is X decided:
//
//	X                                          where
//	-----------------------------------------  ---------------------------------------------
//	when the page is quiet enough to read      settle.js (watcher installed per document)
//	which elements have click listeners        listeners.js (installed per document)
//	what counts as visible / its text          collector/02-text.js (gather, vis, shown)
//	a control's accessible name and label      collector/03-controls.js (pagerMeaning,
//	                                           sectionOf), 04-icons.js (iconOf)
//	hover-revealed controls                    collector/05-hover.js (hoverShown)
//	what is a record (rows, items, trees)      collector/11-records.js (formTable, formRow),
//	                                           12-repeated.js (repeatedItems), 17a-widgets.js
//	is a control covered                       collector/13-hittest.js (overlaid)
//	which fields are secret (no value)         collector/14-describe.js (isSecret);
//	                                           js/fillcheck.js keeps its own copy for fill_form
//	feedback severity (success, info, error)   collector/15-feedback.js (noticeKind)
//	role-less clickables                       collector/16-visit.js (pointerButton)
//	a row action's slot and its name           collector/17-folding.js (control, withoutRow)
//	calendars' days, trees, spinner arrows     collector/17a-widgets.js; foldDays (build.go)
//	action names, kinds, effects               build.go (inferName, slotVerb, kindOf, effectOf)
//	folded link lists                          build.go (foldLinks)
//	records kept before actions when cut       build.go (fitRecords), runtime.go (Fit)
//	the revision and what changed              revision.go, receipt.go (Diff)
//	running an action, waiting for navigation  runtime.go (Act); WithWait (wait.go) bounds it
//	several fields in one call                 fillform.go (FillForm)
//	a region's prose or a field's whole value  read.go, js/read.js (Read)
//	error codes                                errors.go, over the one table in errcode
package page
