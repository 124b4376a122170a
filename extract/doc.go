// Package extract implements ADR-0161, deterministic bounded extraction: a
// fresh read of one currently visible table, list or form into typed rows,
// with honest coverage and fresh evidence references.
//
// The pieces, in the order Run uses them:
//
//   - ParseRequest / Request.Validate: the strict request (RequestSchema is
//     its JSON Schema for the MCP tool). Errors carry errcode.InvalidArgument.
//   - RevisionChecker: the caller's revision check, done before anything is
//     collected; its error is returned unchanged (STALE_REVISION,
//     FOREIGN_REVISION, NAVIGATED are the codes this package names).
//   - extract.js (embedded): one round trip through an Evaluator that finds
//     the collection (at most MaxCollectionScanNodes main-document element
//     nodes, no frames, no shadow roots), its rows (at most MaxRowScanNodes
//     descendants, nested collections excluded, header rows included,
//     spanning cells reported as unsupported structure) and bounded cell
//     summaries (MaxCellNodes nodes, MaxCellUnits UTF-16 units). It reports
//     facts; Go decides.
//   - Convert: the pure typed conversion (exact JSON numbers, true/false).
//   - Fit: byte bounding by whole trailing rows (MaxResultBytes in Run).
//   - evidence references minted last, so a failed read publishes none;
//     Digest hashes the semantic result without them.
//   - WriteCSV: the `pling extract --csv` rendering.
//
// # Navigation races
//
// The script reports the document id of window.__pling.docId (the registry
// the observation collector keeps; the script creates a minimal
// non-enumerable one only when it is absent and never replaces it). If the
// RevisionChecker also implements DocumentIdentifier, Run passes that id to
// the script, which reads nothing from any other document; otherwise Run
// probes the id after the revision check and passes it the same way. A
// mismatch, or an evaluation broken by a navigation, fails the read
// (errcode.Navigated or errcode.CaptureFailed) with no result and no references.
//
// # Cells
//
// A cell is its visible text, whitespace (ASCII, as HTML collapses it)
// collapsed and trimmed. Hidden (display:none, visibility:hidden,
// [hidden]) and aria-hidden subtrees, script/style/template, and editable
// controls (input, textarea, select and their options, contenteditable,
// textbox/combobox/listbox/searchbox/spinbutton/slider roles) give no text:
// values and selected options are never read. A cell that takes no box
// (display:none) takes no position; an invisible or aria-hidden cell keeps
// its position and is empty. A nested collection inside a cell is part of
// that cell's (bounded) text, never rows of the outer collection. Form rows
// are the visible controls; their columns are label (aria-labelledby,
// aria-label, native labels, button content or caption, title,
// placeholder), role, disabled, checked and required. aria-labelledby
// resolves at most MaxLabels ids from at most MaxLabelIDChars characters;
// each label's ancestor check and text share the cell's node budget, and
// hidden labels are excluded.
//
// # Result JSON
//
//	{
//	  "kind": "table", "index": 0, "found": true,
//	  "role": "table", "label": "Open invoices",
//	  "fields": [{"name": "amount", "column": 2, "type": "number", "required": true}],
//	  "rows": [
//	    {"ref": "ev_3f9c0d2a81b7e645_0", "position": 0, "header": true,
//	     "status": "schema_invalid", "values": {"amount": null},
//	     "issues": {"amount": {"status": "invalid", "text": "Amount"}}},
//	    {"ref": "ev_3f9c0d2a81b7e645_1", "position": 1, "status": "ok",
//	     "values": {"amount": 1250.5}}
//	  ],
//	  "coverage": {
//	    "collections_seen": 1, "collection_scan_nodes": 21, "collection_scan_limit_hit": false,
//	    "row_scan_nodes": 34, "row_scan_limit_hit": false,
//	    "rows_seen": 5, "rows_total": 5, "rows_total_known": true, "rows_hidden": 0,
//	    "row_limit": 20, "row_limit_hit": false, "rows_returned": 2,
//	    "rows_omitted_by_limit": 0, "rows_omitted_by_size": 0,
//	    "rows_schema_invalid": 1, "rows_unsupported": 0, "cells_truncated": 0
//	  },
//	  "trust": "external-untrusted"
//	}
//
// Row status is ok, schema_invalid or unsupported_structure; cell (issue)
// status is missing, invalid, truncated or unsupported. Schema validity is
// not truth, identity, completion or authorization.
package extract
