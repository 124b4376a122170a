package extract

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"sort"
)

// FitReport says what Fit left out.
type FitReport struct {
	// RowsOmitted counts the whole trailing rows this call omitted (also
	// added to Coverage.RowsOmittedBySize of the fitted result).
	RowsOmitted int `json:"rows_omitted"`
	// EnvelopeOmitted is true when even the result without rows exceeds
	// the budget: the extraction is then omitted as a whole, and the
	// caller reports it as one omitted extraction.
	EnvelopeOmitted bool `json:"envelope_omitted"`
}

// Fit bounds r to maxBytes of compact JSON (encoding/json's form) by
// omitting whole trailing rows, counting them in
// Coverage.RowsOmittedBySize and recounting the per-row totals. It never
// clips a row or a value. Run applies it with MaxResultBytes; the MCP layer
// applies it again with a smaller model budget. When not even the envelope
// fits, Fit returns nil and a report with EnvelopeOmitted. r is not
// modified.
func Fit(r *Result, maxBytes int) (*Result, FitReport) {
	if r == nil {
		return nil, FitReport{}
	}
	out := r.clone()
	all := out.Rows
	base := out.Coverage.RowsOmittedBySize
	size := func(n int) int {
		out.Rows = all[:n]
		out.Coverage.RowsOmittedBySize = base + len(all) - n
		out.recount()
		b, err := json.Marshal(out)
		if err != nil {
			return maxBytes + 1 // unencodable (a NaN put there by hand): never fits
		}
		return len(b)
	}
	if size(len(all)) <= maxBytes {
		return out, FitReport{}
	}
	// The size grows with n (a row outweighs the digits of the counts);
	// the loop below re-checks whatever the search finds.
	n := sort.Search(len(all), func(n int) bool { return size(n) > maxBytes })
	if n > 0 {
		n--
	}
	for n > 0 && size(n) > maxBytes {
		n--
	}
	if size(n) > maxBytes {
		return nil, FitReport{RowsOmitted: len(all), EnvelopeOmitted: true}
	}
	return out, FitReport{RowsOmitted: len(all) - n}
}

// Digest is the evidence digest of r: "sha256:" and the hex SHA-256 of its
// canonical semantic JSON (encoding/json, sorted map keys) with every
// evidence reference blanked. Two reads of an unchanged page have different
// references and the same digest, and a result stored as JSON and decoded
// again (artifact replay) digests the same.
func Digest(r *Result) string {
	var b []byte
	if r != nil {
		c := r.clone()
		if c.Fields == nil {
			c.Fields = []Field{}
		}
		for i := range c.Rows {
			c.Rows[i].Ref = ""
			if c.Rows[i].Values == nil {
				c.Rows[i].Values = map[string]any{}
			}
		}
		var err error
		if b, err = json.Marshal(c); err != nil {
			b = []byte(err.Error())
		}
	} else {
		b = []byte("null")
	}
	sum := sha256.Sum256(b)
	return "sha256:" + hex.EncodeToString(sum[:])
}
