package extract

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"regexp"
	"strconv"
	"unicode/utf8"

	"github.com/pling-dev/pling/budget"
)

// Bounds of ADR-0161. Every number the ADR names is a constant here; the
// request schema and the in-page script take theirs from these.
const (
	// MaxIndex is the largest zero-based collection index a request may name.
	MaxIndex = 15
	// MaxFields is the most fields (typed columns) one request may name.
	MaxFields = 8
	// MaxColumn is the largest zero-based column a field may read.
	MaxColumn = 15
	// MaxLimit and DefaultLimit bound the rows one extraction returns.
	MaxLimit     = 50
	DefaultLimit = 20
	// MaxRevisionLen bounds expected_revision, in characters.
	MaxRevisionLen = 256
	// MaxRequestBytes bounds the raw request ParseRequest accepts.
	MaxRequestBytes = 16 << 10

	// MaxCollectionScanNodes bounds the main-document walk that finds the
	// collection; MaxRowScanNodes the walk of its descendants that finds
	// rows and cells.
	MaxCollectionScanNodes = 8192
	MaxRowScanNodes        = 4096
	// MaxCellNodes bounds the nodes one cell summary visits (labels and
	// their ancestor checks included); MaxCellUnits the UTF-16 code units
	// it keeps.
	MaxCellNodes = 256
	MaxCellUnits = 256
	// MaxLabels bounds the aria-labelledby references resolved per cell,
	// read from at most MaxLabelIDChars characters of the id list.
	MaxLabels       = 8
	MaxLabelIDChars = 1024

	// MaxResultBytes caps the serialized extraction result.
	MaxResultBytes = 64 << 10
	// MaxSafeInteger is the exact JSON integer range bound, 2^53-1.
	MaxSafeInteger = 9007199254740991
)

// Kind is the kind of visible collection to read.
type Kind string

// Collection kinds. Native elements and their explicit ARIA roles count:
// table (<table>, role=table, role=grid), list (<ul>, <ol>, role=list) and
// form (<form>, role=form).
const (
	KindTable Kind = "table"
	KindList  Kind = "list"
	KindForm  Kind = "form"
)

// Type is the primitive JSON type a field converts its cell text to.
type Type string

// Field types. See Convert for the exact grammar of each.
const (
	TypeString  Type = "string"
	TypeInteger Type = "integer"
	TypeNumber  Type = "number"
	TypeBoolean Type = "boolean"
)

// Form columns, in the order ADR-0161 fixes. A form row is one visible
// control; its values and selected options are never read.
const (
	FormColumnLabel    = 0
	FormColumnRole     = 1
	FormColumnDisabled = 2
	FormColumnChecked  = 3
	FormColumnRequired = 4
)

// Request is one extraction request (the extract argument of observe). The
// zero Limit means DefaultLimit; everything else must be set.
type Request struct {
	// ExpectedRevision is the revision of the observation the caller read;
	// it is checked before anything is collected.
	ExpectedRevision string `json:"expected_revision"`
	// Kind is the collection kind; Index its zero-based position among the
	// visible collections of that kind, in document order.
	Kind  Kind `json:"kind"`
	Index int  `json:"index"`
	// Fields name the typed columns to read, 1 to MaxFields of them.
	Fields []Field `json:"fields"`
	// Limit is the most rows returned, 1 to MaxLimit (0: DefaultLimit).
	Limit int `json:"limit,omitempty"`
}

// Field is one typed column of a request, echoed in the result.
type Field struct {
	// Name is a simple identifier, unique in the request.
	Name string `json:"name"`
	// Column is the zero-based visible cell position (a list has only 0; a
	// form has FormColumnLabel..FormColumnRequired).
	Column int `json:"column"`
	// Type is the primitive the cell text converts to.
	Type Type `json:"type"`
	// Required makes a missing cell invalidate its row. Optional, false.
	Required bool `json:"required"`
}

// RowLimit is Limit with its default applied.
func (r Request) RowLimit() int {
	if r.Limit == 0 {
		return DefaultLimit
	}
	return r.Limit
}

var namePattern = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]{0,63}$`)

// Validate checks r against the bounds of ADR-0161. It returns an *errcode.Error
// with errcode.InvalidArgument naming the first offending argument.
func (r Request) Validate() error {
	if r.ExpectedRevision == "" {
		return invalid("expected_revision: required")
	}
	if !utf8.ValidString(r.ExpectedRevision) || utf8.RuneCountInString(r.ExpectedRevision) > MaxRevisionLen {
		return invalid("expected_revision: must be 1 to %d characters of valid UTF-8", MaxRevisionLen)
	}
	switch r.Kind {
	case KindTable, KindList, KindForm:
	default:
		return invalid("kind: must be one of table, list, form; got %s", quote(string(r.Kind)))
	}
	if r.Index < 0 || r.Index > MaxIndex {
		return invalid("index: must be from 0 to %d; got %d", MaxIndex, r.Index)
	}
	if len(r.Fields) < 1 || len(r.Fields) > MaxFields {
		return invalid("fields: must hold 1 to %d fields; got %d", MaxFields, len(r.Fields))
	}
	seen := make(map[string]int, len(r.Fields))
	for i, f := range r.Fields {
		if !namePattern.MatchString(f.Name) {
			return invalid("fields[%d].name: must match %s; got %s", i, namePattern, quote(f.Name))
		}
		if j, dup := seen[f.Name]; dup {
			return invalid("fields[%d].name: %s duplicates fields[%d].name", i, quote(f.Name), j)
		}
		seen[f.Name] = i
		if f.Column < 0 || f.Column > MaxColumn {
			return invalid("fields[%d].column: must be from 0 to %d; got %d", i, MaxColumn, f.Column)
		}
		switch {
		case r.Kind == KindList && f.Column != 0:
			return invalid("fields[%d].column: a list has one text column (0); got %d", i, f.Column)
		case r.Kind == KindForm && f.Column > FormColumnRequired:
			return invalid("fields[%d].column: a form has columns 0 label, 1 role, 2 disabled, 3 checked, 4 required; got %d", i, f.Column)
		}
		switch f.Type {
		case TypeString, TypeInteger, TypeNumber, TypeBoolean:
		default:
			return invalid("fields[%d].type: must be one of string, integer, number, boolean; got %s", i, quote(string(f.Type)))
		}
	}
	if r.Limit != 0 && (r.Limit < 1 || r.Limit > MaxLimit) {
		return invalid("limit: must be from 1 to %d; got %d", MaxLimit, r.Limit)
	}
	return nil
}

// quote renders a caller-supplied string for an error message, bounded.
func quote(s string) string {
	return strconv.Quote(budget.ShortenUTF16(s, 64))
}

// wireRequest is the JSON form ParseRequest decodes: pointers record
// presence, json.Number keeps integers exact until they are range-checked.
type wireRequest struct {
	ExpectedRevision *string      `json:"expected_revision"`
	Kind             *string      `json:"kind"`
	Index            *json.Number `json:"index"`
	Fields           *[]wireField `json:"fields"`
	Limit            *json.Number `json:"limit"`
}

type wireField struct {
	Name     *string      `json:"name"`
	Column   *json.Number `json:"column"`
	Type     *string      `json:"type"`
	Required *bool        `json:"required"`
}

// ParseRequest decodes and validates one extraction request. It is strict:
// the body must be one JSON object with exactly the documented keys (exact
// case, no duplicates, no nulls, nothing after it), unknown keys at the top
// level or inside fields are errors, and integers must be JSON numbers with
// an integer value (1 and 1.0 and 1e0 alike). expected_revision, kind,
// index and fields are required; limit defaults to DefaultLimit and each
// field's required flag to false. Every error is an *errcode.Error with
// errcode.InvalidArgument.
func ParseRequest(raw []byte) (Request, error) {
	if len(raw) > MaxRequestBytes {
		return Request{}, invalid("request: larger than %d bytes", MaxRequestBytes)
	}
	if err := checkShape(raw); err != nil {
		return Request{}, err
	}
	var w wireRequest
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	dec.UseNumber()
	if err := dec.Decode(&w); err != nil {
		return Request{}, invalid("request: %s", err)
	}
	var r Request
	switch {
	case w.ExpectedRevision == nil:
		return Request{}, invalid("expected_revision: required")
	case w.Kind == nil:
		return Request{}, invalid("kind: required")
	case w.Index == nil:
		return Request{}, invalid("index: required")
	case w.Fields == nil:
		return Request{}, invalid("fields: required")
	}
	r.ExpectedRevision = *w.ExpectedRevision
	r.Kind = Kind(*w.Kind)
	var err error
	if r.Index, err = wireInt("index", *w.Index, 0, MaxIndex); err != nil {
		return Request{}, err
	}
	r.Limit = DefaultLimit
	if w.Limit != nil {
		if r.Limit, err = wireInt("limit", *w.Limit, 1, MaxLimit); err != nil {
			return Request{}, err
		}
	}
	for i, wf := range *w.Fields {
		var f Field
		switch {
		case wf.Name == nil:
			return Request{}, invalid("fields[%d].name: required", i)
		case wf.Column == nil:
			return Request{}, invalid("fields[%d].column: required", i)
		case wf.Type == nil:
			return Request{}, invalid("fields[%d].type: required", i)
		}
		f.Name, f.Type = *wf.Name, Type(*wf.Type)
		if f.Column, err = wireInt(fmt.Sprintf("fields[%d].column", i), *wf.Column, 0, MaxColumn); err != nil {
			return Request{}, err
		}
		if wf.Required != nil {
			f.Required = *wf.Required
		}
		r.Fields = append(r.Fields, f)
	}
	if err := r.Validate(); err != nil {
		return Request{}, err
	}
	return r, nil
}

// wireInt converts a JSON number with an integer value in [lo, hi].
func wireInt(path string, n json.Number, lo, hi int) (int, error) {
	v, ok := parseInteger(string(n))
	if !ok || v < int64(lo) || v > int64(hi) {
		return 0, invalid("%s: must be an integer from %d to %d; got %s", path, lo, hi, budget.ShortenUTF16(string(n), 32))
	}
	return int(v), nil
}

// Keys and the JSON kinds of their values, for checkShape.
const (
	jString = "a string"
	jNumber = "a number"
	jBool   = "a boolean"
)

var (
	requestKeys = map[string]string{"expected_revision": jString, "kind": jString, "index": jNumber, "fields": "", "limit": jNumber}
	fieldKeys   = map[string]string{"name": jString, "column": jNumber, "type": jString, "required": jBool}
)

// checkShape walks the tokens of raw and rejects what encoding/json would
// let through: keys in another case, duplicate keys, nulls, values of the
// wrong JSON kind and trailing data.
func checkShape(raw []byte) error {
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	tok, err := dec.Token()
	if err != nil {
		return syntaxErr(dec, err)
	}
	if tok != json.Delim('{') {
		return invalid("request: must be a JSON object")
	}
	if err := checkObject(dec, "", requestKeys); err != nil {
		return err
	}
	if _, err := dec.Token(); err != io.EOF {
		return invalid("request: unexpected data after the object")
	}
	return nil
}

// checkObject checks the members of an object whose '{' was just read.
func checkObject(dec *json.Decoder, prefix string, keys map[string]string) error {
	seen := make(map[string]bool, len(keys))
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return syntaxErr(dec, err)
		}
		key, _ := tok.(string)
		path := prefix + key
		kind, known := keys[key]
		if !known {
			where := "request"
			if prefix != "" {
				where = prefix[:len(prefix)-1]
			}
			return invalid("%s: unknown key %s", where, quote(key))
		}
		if seen[key] {
			return invalid("%s: duplicate key", path)
		}
		seen[key] = true
		if key == "fields" && prefix == "" {
			if err := checkFields(dec); err != nil {
				return err
			}
			continue
		}
		tok, err = dec.Token()
		if err != nil {
			return syntaxErr(dec, err)
		}
		var got string
		switch tok.(type) {
		case string:
			got = jString
		case json.Number:
			got = jNumber
		case bool:
			got = jBool
		case nil:
			return invalid("%s: must be %s, not null", path, kind)
		default:
			got = "a composite value"
		}
		if got != kind {
			return invalid("%s: must be %s; got %s", path, kind, got)
		}
	}
	_, err := dec.Token() // '}'
	if err != nil {
		return syntaxErr(dec, err)
	}
	return nil
}

func checkFields(dec *json.Decoder) error {
	tok, err := dec.Token()
	if err != nil {
		return syntaxErr(dec, err)
	}
	if tok != json.Delim('[') {
		return invalid("fields: must be an array of objects")
	}
	for i := 0; dec.More(); i++ {
		if i >= MaxFields {
			return invalid("fields: must hold 1 to %d fields; got more", MaxFields)
		}
		tok, err := dec.Token()
		if err != nil {
			return syntaxErr(dec, err)
		}
		if tok != json.Delim('{') {
			return invalid("fields[%d]: must be an object", i)
		}
		if err := checkObject(dec, fmt.Sprintf("fields[%d].", i), fieldKeys); err != nil {
			return err
		}
	}
	_, err = dec.Token() // ']'
	if err != nil {
		return syntaxErr(dec, err)
	}
	return nil
}

func syntaxErr(dec *json.Decoder, err error) error {
	if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
		return invalid("request: unexpected end of JSON")
	}
	return invalid("request: invalid JSON near byte %d: %s", dec.InputOffset(), err)
}
