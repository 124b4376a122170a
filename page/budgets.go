package page

// Budgets bound every section of an observation. The zero value is not
// useful; start from DefaultBudgets (the spec's defaults table).
type Budgets struct {
	MaxActions          int // action entries after folding
	MaxRecords          int // records with full fields
	MaxScopes           int // listed page regions
	MaxFeedback         int // feedback items
	MaxStateChars       int // state section text
	MaxRecordChars      int // record section text
	MaxFeedbackChars    int // feedback section text
	MaxPageChars        int // page identity text
	MaxToolResultTokens int // one tool result sent back to the model
	MaxRecordIDs        int // ids in the citation index
	MaxStringChars      int // one string (label, field value, description)
	MaxObservationBytes int // the whole rendered observation
	MaxReadChars        int // one page of a region's text read on demand (0: DefaultMaxReadChars)
}

// DefaultBudgets returns the defaults of spec/observation.txt plus Pling's
// own (record id index, string length, total size).
func DefaultBudgets() Budgets {
	return Budgets{
		MaxActions:          40,
		MaxRecords:          20,
		MaxScopes:           24,
		MaxFeedback:         8,
		MaxStateChars:       1200,
		MaxRecordChars:      1500,
		MaxFeedbackChars:    800,
		MaxPageChars:        500,
		MaxToolResultTokens: 1000,
		MaxRecordIDs:        40,
		MaxStringChars:      160,
		MaxObservationBytes: 12000,
		MaxReadChars:        DefaultMaxReadChars,
	}
}
