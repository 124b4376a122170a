package extract

// Trust is the trust level of every extraction result: page content, to be
// treated as data, never as instructions.
const Trust = "external-untrusted"

// RowStatus is the schema verdict on one row.
type RowStatus string

// Row statuses.
const (
	// RowOK: every cell converted, or is an optional missing cell.
	RowOK RowStatus = "ok"
	// RowSchemaInvalid: a required cell is missing, or a cell is invalid
	// or truncated. Schema validity is not truth.
	RowSchemaInvalid RowStatus = "schema_invalid"
	// RowUnsupportedStructure: the row has a colspan/rowspan > 1 cell or
	// sits under one; its cells are not guessed.
	RowUnsupportedStructure RowStatus = "unsupported_structure"
)

// Result is one extraction: the typed rows of the collection, with honest
// coverage. It is JSON-serializable as is; see the package documentation for
// the shape.
type Result struct {
	// Kind and Index echo the request.
	Kind  Kind `json:"kind"`
	Index int  `json:"index"`
	// Found is false when no visible collection of Kind at Index was reached
	// within the collection scan (Coverage says whether the scan was cut:
	// then the collection may exist beyond it).
	Found bool `json:"found"`
	// Role is what the collection was recognized as: table, grid, list or
	// form.
	Role string `json:"role,omitempty"`
	// Label is the collection's accessible name (aria-labelledby,
	// aria-label, caption), bounded like a cell; LabelTruncated marks a cut.
	Label          string `json:"label,omitempty"`
	LabelTruncated bool   `json:"label_truncated,omitempty"`
	// Fields echo the requested schema.
	Fields []Field `json:"fields"`
	// Rows are the first visible rows in visual order (header rows
	// included), at most the request's limit, fewer when the byte cap
	// omitted trailing rows.
	Rows []Row `json:"rows"`
	// Coverage says what was scanned, cut and omitted.
	Coverage Coverage `json:"coverage"`
	// Trust is always Trust.
	Trust string `json:"trust"`
}

// Row is one extracted row.
type Row struct {
	// Ref is a fresh evidence reference ("ev_<random>_<position>"), new on
	// every extraction. It cites this row as evidence; it is not an action
	// reference and cannot authorize an action or anchor an expansion.
	Ref string `json:"ref"`
	// Position is the zero-based index of the row among the collection's
	// visible rows.
	Position int `json:"position"`
	// Header marks a header row (in <thead>, or all header cells).
	Header bool `json:"header,omitempty"`
	// Status is the schema verdict.
	Status RowStatus `json:"status"`
	// Values maps every field name to its typed value: string, float64,
	// bool, or nil when the cell is not ok.
	Values map[string]any `json:"values"`
	// Issues holds the cells whose status is not ok, by field name, with
	// the bounded visible text kept as evidence for invalid and truncated
	// cells. A field absent from Issues is ok.
	Issues map[string]Issue `json:"issues,omitempty"`
}

// Issue explains a cell that did not convert.
type Issue struct {
	Status Status `json:"status"`
	// Text is the bounded visible text (at most MaxCellUnits UTF-16 units),
	// for invalid and truncated cells.
	Text string `json:"text,omitempty"`
}

// Coverage reports honestly what an extraction saw. Content beyond a scan
// bound is unknown, never absent: RowsTotalKnown is false then and
// RowsTotal is null.
type Coverage struct {
	// CollectionsSeen counts the visible collections of the requested kind
	// reached by the collection scan (up to and including the target).
	CollectionsSeen int `json:"collections_seen"`
	// CollectionScanNodes is how many main-document element nodes the
	// collection scan visited (at most MaxCollectionScanNodes), and
	// CollectionScanLimitHit whether nodes remained unvisited.
	CollectionScanNodes    int  `json:"collection_scan_nodes"`
	CollectionScanLimitHit bool `json:"collection_scan_limit_hit"`
	// RowScanNodes is how many descendant nodes of the collection the row
	// scan visited (at most MaxRowScanNodes), and RowScanLimitHit whether
	// nodes remained unvisited.
	RowScanNodes    int  `json:"row_scan_nodes"`
	RowScanLimitHit bool `json:"row_scan_limit_hit"`
	// RowsSeen counts the visible rows the row scan found.
	RowsSeen int `json:"rows_seen"`
	// RowsTotal is the number of visible rows when the row scan completed,
	// null otherwise; RowsTotalKnown says which.
	RowsTotal      *int `json:"rows_total"`
	RowsTotalKnown bool `json:"rows_total_known"`
	// RowsHidden counts rows the scan found but skipped as not rendered or
	// aria-hidden.
	RowsHidden int `json:"rows_hidden"`
	// RowLimit is the requested limit; RowLimitHit says that visible rows
	// beyond it were found.
	RowLimit    int  `json:"row_limit"`
	RowLimitHit bool `json:"row_limit_hit"`
	// RowsReturned is len(Rows).
	RowsReturned int `json:"rows_returned"`
	// RowsOmittedByLimit counts the known visible rows beyond the limit
	// (more may exist when RowsTotalKnown is false).
	RowsOmittedByLimit int `json:"rows_omitted_by_limit"`
	// RowsOmittedBySize counts whole trailing rows omitted to fit a byte
	// cap (MaxResultBytes, or a smaller one through Fit).
	RowsOmittedBySize int `json:"rows_omitted_by_size"`
	// RowsSchemaInvalid, RowsUnsupported and CellsTruncated count over the
	// returned rows.
	RowsSchemaInvalid int `json:"rows_schema_invalid"`
	RowsUnsupported   int `json:"rows_unsupported"`
	CellsTruncated    int `json:"cells_truncated"`
}

// recount recomputes the counts that depend on the returned rows.
func (r *Result) recount() {
	c := &r.Coverage
	c.RowsReturned = len(r.Rows)
	c.RowsSchemaInvalid, c.RowsUnsupported, c.CellsTruncated = 0, 0, 0
	for _, row := range r.Rows {
		switch row.Status {
		case RowSchemaInvalid:
			c.RowsSchemaInvalid++
		case RowUnsupportedStructure:
			c.RowsUnsupported++
		}
		for _, is := range row.Issues {
			if is.Status == StatusTruncated {
				c.CellsTruncated++
			}
		}
	}
}

// clone returns a deep copy of r (values are immutable scalars).
func (r *Result) clone() *Result {
	c := *r
	c.Fields = append([]Field(nil), r.Fields...)
	if r.Coverage.RowsTotal != nil {
		n := *r.Coverage.RowsTotal
		c.Coverage.RowsTotal = &n
	}
	c.Rows = make([]Row, len(r.Rows))
	for i, row := range r.Rows {
		nr := row
		if row.Values != nil {
			nr.Values = make(map[string]any, len(row.Values))
			for k, v := range row.Values {
				nr.Values[k] = v
			}
		}
		if row.Issues != nil {
			nr.Issues = make(map[string]Issue, len(row.Issues))
			for k, v := range row.Issues {
				nr.Issues[k] = v
			}
		}
		c.Rows[i] = nr
	}
	return &c
}
