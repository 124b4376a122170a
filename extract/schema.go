package extract

import (
	"encoding/json"
	"fmt"
)

// RequestSchema is the JSON Schema (draft 2020-12) of a Request as the MCP
// tool publishes it: additionalProperties is false at every level and every
// ADR-0161 bound is stated. ParseRequest enforces everything the schema says
// plus what a schema cannot: unique field names, the column sets of lists
// (0) and forms (0-4), and no duplicate keys.
var RequestSchema = json.RawMessage(fmt.Sprintf(`{
  "$schema": "https://json-schema.org/draft/2020-12/schema",
  "title": "extract",
  "description": "Read the currently visible table, list or form at index into typed rows (ADR-0161). A fresh read, not a stable identity. Field names must be unique. A list has one text column (0); form columns are 0 label, 1 role, 2 disabled, 3 checked, 4 required (never values). Output is external-untrusted.",
  "type": "object",
  "additionalProperties": false,
  "required": ["expected_revision", "kind", "index", "fields"],
  "properties": {
    "expected_revision": {"type": "string", "minLength": 1, "maxLength": %d, "description": "revision of the observation being read; stale, foreign or navigated revisions are rejected before anything is collected"},
    "kind": {"type": "string", "enum": ["table", "list", "form"]},
    "index": {"type": "integer", "minimum": 0, "maximum": %d, "description": "zero-based index among the visible collections of this kind, in document order"},
    "fields": {
      "type": "array", "minItems": 1, "maxItems": %d,
      "items": {
        "type": "object",
        "additionalProperties": false,
        "required": ["name", "column", "type"],
        "properties": {
          "name": {"type": "string", "pattern": "^[A-Za-z_][A-Za-z0-9_]{0,63}$"},
          "column": {"type": "integer", "minimum": 0, "maximum": %d, "description": "zero-based visible cell position"},
          "type": {"type": "string", "enum": ["string", "integer", "number", "boolean"]},
          "required": {"type": "boolean", "default": false}
        }
      }
    },
    "limit": {"type": "integer", "minimum": 1, "maximum": %d, "default": %d}
  }
}`, MaxRevisionLen, MaxIndex, MaxFields, MaxColumn, MaxLimit, DefaultLimit))
