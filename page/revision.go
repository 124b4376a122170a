package page

import (
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"strconv"
	"strings"
)

// Revisions issues and checks observation revisions for one session. A
// revision names one observed state of one document; it is authenticated
// with the session's secret so a revision never issued here is recognised
// as foreign.
type Revisions struct {
	key     []byte
	seq     int
	current string
	curDoc  string
	curHash string
}

// NewRevisions returns a revision sequence with a fresh random secret.
func NewRevisions() *Revisions {
	k := make([]byte, 32)
	_, _ = rand.Read(k)
	return &Revisions{key: k}
}

// Issue returns the revision for a snapshot of document doc whose content
// hash is hash: the current revision when nothing changed, else a new one.
func (r *Revisions) Issue(doc, hash string) string {
	if r.current != "" && doc == r.curDoc && hash == r.curHash {
		return r.current
	}
	r.seq++
	body := strconv.Itoa(r.seq) + "." + shortDoc(doc)
	r.current = body + "." + r.mac("rev", body)
	r.curDoc, r.curHash = doc, hash
	return r.current
}

// Current is the latest issued revision ("" before the first).
func (r *Revisions) Current() string { return r.current }

// Check tells the current revision from an obsolete one (same document,
// older: STALE_REVISION), a navigated one (another document: NAVIGATED) and
// a foreign one (never issued by this session: FOREIGN_REVISION). An empty
// expected revision is accepted.
func (r *Revisions) Check(expected string) error {
	if expected == "" || expected == r.current {
		return nil
	}
	parts := strings.Split(expected, ".")
	if len(parts) != 3 || !hmac.Equal([]byte(parts[2]), []byte(r.mac("rev", parts[0]+"."+parts[1]))) {
		return &Error{Code: CodeForeignRevision, Reason: "this revision was never issued by this session; observe the page and use its revision"}
	}
	if parts[1] != shortDoc(r.curDoc) {
		return &Error{Code: CodeNavigated, Reason: "the page has navigated since that revision; observe the new page first"}
	}
	return &Error{Code: CodeStaleRevision, Reason: "the page changed since that revision (now " + r.current + "); read the current observation first"}
}

func (r *Revisions) mac(kind, body string) string {
	m := hmac.New(sha256.New, r.key)
	m.Write([]byte(kind + ":" + body))
	return base64.RawURLEncoding.EncodeToString(m.Sum(nil))[:12]
}

func shortDoc(doc string) string {
	h := sha256.Sum256([]byte(doc))
	return hex.EncodeToString(h[:4])
}

// Continuation mints a token for the next slice of revision rev:
// "c.<revision>.<record offset>.<action offset>.<region offset>.<mac>",
// short because every cut observation carries one (about 45 characters).
func (r *Revisions) Continuation(rev string, s Slice) string {
	body := rev + "." + strconv.Itoa(s.RecordOffset) + "." + strconv.Itoa(s.ActionOffset) + "." + strconv.Itoa(s.RegionOffset)
	return "c." + body + "." + r.mac("cont", body)
}

// ParseContinuation checks a token: issued here (else
// INVALID_CONTINUATION) and for the current revision (else the revision
// codes of Check).
func (r *Revisions) ParseContinuation(tok string) (Slice, error) {
	parts := strings.Split(tok, ".")
	if len(parts) != 8 || parts[0] != "c" {
		return Slice{}, &Error{Code: CodeInvalidContinuation, Reason: "this continuation token was not issued by this session"}
	}
	body := strings.Join(parts[1:7], ".")
	if !hmac.Equal([]byte(parts[7]), []byte(r.mac("cont", body))) {
		return Slice{}, &Error{Code: CodeInvalidContinuation, Reason: "this continuation token was not issued by this session"}
	}
	var off [3]int
	for i, p := range parts[4:7] {
		n, err := strconv.Atoi(p)
		if err != nil || n < 0 {
			return Slice{}, &Error{Code: CodeInvalidContinuation, Reason: "malformed continuation token"}
		}
		off[i] = n
	}
	rev := strings.Join(parts[1:4], ".")
	if rev != r.current {
		if err := r.Check(rev); err != nil {
			return Slice{}, err
		}
	}
	return Slice{RecordOffset: off[0], ActionOffset: off[1], RegionOffset: off[2]}, nil
}

// ContentHash fingerprints what an observation shows of a snapshot, so an
// unchanged page keeps its revision.
func ContentHash(s *Snapshot) string {
	c := *s
	c.Stats = Stats{}
	c.Settled = nil
	c.FieldDigest = nil
	c.Mark = 0
	c.Viewport.ScrollY = 0
	b, _ := json.Marshal(&c)
	h := sha256.Sum256(b)
	return hex.EncodeToString(h[:8])
}
