package extract

import (
	"encoding/csv"
	"encoding/json"
	"errors"
	"io"
	"slices"
	"strings"
)

// WriteCSV writes r's rows as CSV for `pling extract --csv`: a header of the
// field names and a status column (named "status", or "_status"... when a
// field already has that name), then one line per returned row. Values are
// rendered as in JSON (numbers in encoding/json's form, true/false), a
// non-ok cell is empty, and the status column holds the row status followed
// by the non-ok cells, e.g. "schema_invalid amount=invalid". Page text that a
// spreadsheet would run as a formula (starting with =, +, -, @, tab or CR)
// is prefixed with a single quote. Coverage is not part of the CSV.
func WriteCSV(w io.Writer, r *Result) error {
	if r == nil {
		return errors.New("extract: write CSV of a nil result")
	}
	cw := csv.NewWriter(w)
	names := make([]string, len(r.Fields))
	for i, f := range r.Fields {
		names[i] = f.Name
	}
	status := "status"
	for slices.Contains(names, status) {
		status = "_" + status
	}
	if err := cw.Write(append(slices.Clone(names), status)); err != nil {
		return err
	}
	for _, row := range r.Rows {
		rec := make([]string, 0, len(names)+1)
		for _, name := range names {
			rec = append(rec, csvValue(row.Values[name]))
		}
		st := string(row.Status)
		for _, name := range names {
			if is, ok := row.Issues[name]; ok && is.Status != StatusOK {
				st += " " + name + "=" + string(is.Status)
			}
		}
		rec = append(rec, st)
		if err := cw.Write(rec); err != nil {
			return err
		}
	}
	cw.Flush()
	return cw.Error()
}

func csvValue(v any) string {
	switch v := v.(type) {
	case nil:
		return ""
	case string:
		if v != "" && strings.ContainsRune("=+-@\t\r", rune(v[0])) {
			return "'" + v
		}
		return v
	default:
		b, err := json.Marshal(v)
		if err != nil {
			return ""
		}
		return string(b)
	}
}
