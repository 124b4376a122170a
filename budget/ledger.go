package budget

import "sync"

// Ledger is a fixed allowance of slots that concurrent callers spend
// atomically: it never admits more than its maximum, whatever the
// interleaving. Slots are spent either anonymously (TrySpend: one per search
// call, say) or under a key (Admit: one per distinct normalized URL), and a
// key spends its slot once for the life of the ledger. Spent slots are never
// returned. A Ledger is safe for concurrent use; its zero value has no slots,
// so build one with NewLedger.
type Ledger struct {
	mu    sync.Mutex
	max   int
	spent int
	seen  map[string]struct{}
}

// NewLedger returns a ledger holding n slots; a negative n holds none.
func NewLedger(n int) *Ledger {
	return &Ledger{max: max(n, 0)}
}

// Max reports the number of slots the ledger started with.
func (l *Ledger) Max() int {
	return l.max
}

// Remaining reports how many slots are still free. Under concurrent use the
// figure is a snapshot that may be stale as soon as it returns; admission
// itself (TrySpend, Admit) is the authority.
func (l *Ledger) Remaining() int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.max - l.spent
}

// Spent reports how many slots have been spent.
func (l *Ledger) Spent() int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.spent
}

// TrySpend spends n anonymous slots if at least n are free and reports
// whether it did: all or nothing. Spending zero always succeeds; a negative
// n spends nothing and fails.
func (l *Ledger) TrySpend(n int) bool {
	if n < 0 {
		return false
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.max-l.spent < n {
		return false
	}
	l.spent += n
	return true
}

// Seen reports whether key has been admitted before, and so would cost
// nothing to admit again.
func (l *Ledger) Seen(key string) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	_, ok := l.seen[key]
	return ok
}

// Admission reports what one Admit or AdmitFit decided. Counts are of
// distinct keys; a key repeated in the input is considered once.
type Admission struct {
	// Admitted holds the admitted keys, distinct, in input order.
	Admitted []string
	// New counts the admitted keys that spent a slot (the rest had been
	// admitted before and cost nothing).
	New int
	// Refused counts new keys turned away because no slot was left.
	Refused int
	// OverLimit counts keys not considered because the per-call limit was
	// already reached.
	OverLimit int
	// Trimmed counts selected keys the fit function declined; they spent
	// nothing.
	Trimmed int
	// Remaining is the number of free slots right after this admission.
	Remaining int
}

// Admit admits keys atomically, in order: a key admitted before costs
// nothing, a new key spends one slot while slots remain and is refused once
// none do (later already-seen keys are still admitted), and at most limit
// keys are admitted in all (limit <= 0 means no per-call limit). Concurrent
// admissions are serialized, so completions are charged in the order they
// reach the ledger and never overbook it.
func (l *Ledger) Admit(keys []string, limit int) Admission {
	return l.AdmitFit(keys, limit, nil)
}

// AdmitFit is Admit with a last word for the caller: after selecting keys as
// Admit would, and before committing anything, it calls fit with the
// selection and admits only the first fit(selection) of them. The rest are
// counted as Trimmed and spend nothing. This lets a caller shape a bounded
// result (drop keys that do not fit its output ceiling) without spending
// slots on keys it then leaves out. fit runs with the ledger locked: it must
// be quick and must not call the ledger. A nil fit keeps the whole selection.
func (l *Ledger) AdmitFit(keys []string, limit int, fit func(selected []string) int) Admission {
	l.mu.Lock()
	defer l.mu.Unlock()

	var a Admission
	free := l.max - l.spent
	considered := make(map[string]struct{}, len(keys))
	isNew := make([]bool, 0, len(keys))
	for _, k := range keys {
		if _, dup := considered[k]; dup {
			continue
		}
		considered[k] = struct{}{}
		if limit > 0 && len(a.Admitted) == limit {
			a.OverLimit++
			continue
		}
		if _, ok := l.seen[k]; ok {
			a.Admitted = append(a.Admitted, k)
			isNew = append(isNew, false)
			continue
		}
		if free == 0 {
			a.Refused++
			continue
		}
		free--
		a.Admitted = append(a.Admitted, k)
		isNew = append(isNew, true)
	}

	if fit != nil {
		keep := min(max(fit(a.Admitted), 0), len(a.Admitted))
		a.Trimmed = len(a.Admitted) - keep
		a.Admitted = a.Admitted[:keep:keep]
	}

	if l.seen == nil && len(a.Admitted) > 0 {
		l.seen = make(map[string]struct{})
	}
	for i, k := range a.Admitted {
		if isNew[i] {
			l.seen[k] = struct{}{}
			a.New++
		}
	}
	l.spent += a.New
	a.Remaining = l.max - l.spent
	return a
}
