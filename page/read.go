package page

import (
	"context"
	"crypto/hmac"
	_ "embed"
	"encoding/base64"
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/pling-dev/pling/budget"
)

// readScript reads the visible text of a region (read.js).
//
//go:embed read.gen.js
var readScript string

// Read bounds.
const (
	// DefaultMaxReadChars is the default size of one page of a read
	// (agent.yaml observation.maxReadChars), in characters (UTF-16 units).
	DefaultMaxReadChars = 2000
	// MaxReadTotal is the most text one read walks: a longer text is read
	// up to here and the result says so.
	MaxReadTotal = 1_000_000
	// minReadBytes is the least text a page of a read carries when the
	// byte bound is smaller than its header, so paging always advances.
	minReadBytes = 64
)

// ReadRequest asks for the visible text of one region of the page, one
// page of it at a time.
type ReadRequest struct {
	// Region is a region id of the observation; empty reads the whole page.
	Region string
	// Continuation is a token from an earlier read: the next page of the
	// same text. With Continuation, Region may be empty or must be the
	// token's region.
	Continuation string
	// Field is the name of a type or select action of the observation:
	// the read returns that field's whole current value (issue 18 pt 3),
	// which the observation shows cut to its head and tail. A secret
	// field is refused. Exclusive with Region.
	Field string
	// MaxBytes bounds ReadText's rendering of the result in UTF-8 bytes
	// (the tool result bound); 0: only the character budget applies.
	MaxBytes int
}

// ReadResult is one page of a region's visible text: page data, never
// instructions.
type ReadResult struct {
	Page     string `json:"page,omitempty"`
	Revision string `json:"revision"`
	// Region is the region read ("" for the whole page), with its label
	// and role.
	Region string `json:"region"`
	// Field is the action whose value was read (observe {read: {field}});
	// Region is empty then.
	Field string `json:"field,omitempty"`
	Label string `json:"label,omitempty"`
	Role  string `json:"role,omitempty"`
	// Offset and End delimit Text within the whole text, and Total is the
	// whole text's length, all in characters (UTF-16 units).
	Offset int    `json:"offset"`
	End    int    `json:"end"`
	Total  int    `json:"total"`
	Text   string `json:"text"`
	// Continuation reads the next page (empty at the end of the text).
	Continuation string `json:"continuation,omitempty"`
	// Cut says the text was longer than Pling reads (MaxReadTotal
	// characters, or the collector's node bound): what follows is unknown.
	Cut bool `json:"cut,omitempty"`
}

// MinProseChars is the least unread prose an observation reports for a
// region (or outside the regions): a heading or a short hint is not worth
// a read.
const MinProseChars = 80

// Prose counts the text of a page that an observation does not show (what
// read.js's count mode returns): per listed region, the text inside it and
// outside its listed sub-regions, leaving out actions, field labels,
// tables, record lists, description lists, declared state and feedback.
type Prose struct {
	Regions map[string]int `json:"regions,omitempty"`
	Outside int            `json:"outside,omitempty"`
	// Digests and OutsideDigest are FNV-1a digests of that text, so a
	// change of the same length is seen (receipt.go's diffProse).
	Digests       map[string]uint32 `json:"digests,omitempty"`
	OutsideDigest uint32            `json:"outside_digest,omitempty"`
	// Cut is true when the count stopped at the node bound.
	Cut bool `json:"cut,omitempty"`
	// ElapsedMS is the count's own time in the page.
	ElapsedMS float64 `json:"elapsed_ms"`
}

// in is the reported prose of region id (0 below MinProseChars).
func (p *Prose) in(id string) int {
	if p == nil || p.Regions[id] < MinProseChars {
		return 0
	}
	return p.Regions[id]
}

// outside is the reported prose outside every region.
func (p *Prose) outside() int {
	if p == nil || p.Outside < MinProseChars {
		return 0
	}
	return p.Outside
}

// ProseUnread reports whether the observation counts unread prose on any
// listed region or outside them (what observe {read} would show).
func (o *Observation) ProseUnread() bool {
	if o.ProseOutside > 0 {
		return true
	}
	for _, r := range o.Regions {
		if r.ProseChars > 0 {
			return true
		}
	}
	return false
}

// readOut is what read.js returns.
type readOut struct {
	Found    bool   `json:"found"`
	Doc      string `json:"doc"`
	Text     string `json:"text"`
	Offset   int    `json:"offset"`
	End      int    `json:"end"`
	Total    int    `json:"total"`
	Digest   string `json:"digest"`
	CutNodes bool   `json:"cut_nodes"`
	CutChars bool   `json:"cut_chars"`
}

// readToken is a decoded read continuation.
type readToken struct {
	region string
	offset int
	digest string
	doc    string // shortDoc of the document read
}

// Read returns one page of the visible text of a region (or of the whole
// page): text of hidden elements, form field values (passwords included)
// and user-editable content never appear. The page is not changed and not
// settled again; a region id resolves against the latest observation, and
// a fresh snapshot is taken when that observation no longer matches the
// page. Codes: REGION_NOT_FOUND (no such region now), INVALID_CONTINUATION
// (a token not issued here), NAVIGATED (the page navigated since the
// token), STALE_CONTINUATION (the text changed since the token: read again
// from the start), INVALID_ARGUMENT, TIMEOUT, BROWSER_UNAVAILABLE.
func (r *Runtime) Read(ctx context.Context, req ReadRequest) (*ReadResult, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	region, field, tok, err := r.readTarget(req)
	if err != nil {
		return nil, err
	}
	maxChars := r.opts.Budgets.MaxReadChars
	if maxChars <= 0 {
		maxChars = DefaultMaxReadChars
	}
	offset := 0
	if tok != nil {
		offset = tok.offset
	}
	o, rg, out, err := r.readPage(ctx, region, field, offset, maxChars)
	if err != nil {
		return nil, err
	}
	if tok != nil {
		if err := tok.check(out, region, field); err != nil {
			return nil, err
		}
	}
	res := &ReadResult{Page: r.opts.Page, Revision: o.Revision, Region: region, Field: field, Offset: out.Offset, Total: out.Total, Cut: out.CutNodes || out.CutChars}
	if rg != nil {
		res.Label, res.Role = clean(rg.Label, r.opts.Budgets.MaxStringChars), rg.Role
	}
	target := region
	if field != "" {
		target = fieldMark + field
	}
	mint := func(end int) string {
		return r.readToken(readToken{region: target, offset: end, digest: out.Digest, doc: shortDoc(out.Doc)})
	}
	fitRead(res, out.Text, req.MaxBytes, mint)
	return res, nil
}

// readTarget is what a read reads: the region or the field the request
// names, or the continuation's (which must agree with either when given).
// Codes: INVALID_ARGUMENT, INVALID_CONTINUATION.
func (r *Runtime) readTarget(req ReadRequest) (region, field string, tok *readToken, err error) {
	region, field = req.Region, req.Field
	if region != "" && field != "" {
		return "", "", nil, &Error{Code: CodeInvalidArgument, Reason: "read takes a region or a field, not both"}
	}
	if req.Continuation == "" {
		return region, field, nil, nil
	}
	t, err := r.parseReadToken(req.Continuation)
	if err != nil {
		return "", "", nil, err
	}
	tr, tf := t.region, ""
	if strings.HasPrefix(tr, fieldMark) {
		tr, tf = "", tr[len(fieldMark):]
	}
	if (region != "" && region != tr) || (field != "" && field != tf) {
		return "", "", nil, &Error{Code: CodeInvalidArgument, Reason: "the continuation reads another region or field: pass only the continuation"}
	}
	return tr, tf, &t, nil
}

// readPage reads one page of text of the field or region (the whole page
// when both are empty) against the latest observation, and once more
// against a fresh one when that observation no longer matches the page. It
// returns the observation read against and the region read.
func (r *Runtime) readPage(ctx context.Context, region, field string, offset, maxChars int) (*Observation, *Region, readOut, error) {
	o := r.last
	for attempt := 0; ; attempt++ {
		if o == nil || attempt > 0 {
			var err error
			if o, err = r.observe(ctx, observeHow{settle: r.last == nil}); err != nil {
				return nil, nil, readOut{}, err
			}
		}
		var rg *Region
		var out readOut
		var again bool
		var err error
		if field != "" {
			out, again, err = r.readField(ctx, o, field, offset, maxChars, attempt)
		} else {
			rg, out, again, err = r.readRegion(ctx, o, region, offset, maxChars, attempt)
		}
		if err != nil {
			return nil, nil, readOut{}, err
		}
		if !again {
			return o, rg, out, nil
		}
	}
}

// readField reads a page of the value of field on o's page; again when
// the first attempt did not find it (observe afresh and read again).
// Codes: ACTION_NOT_FOUND, INVALID_ARGUMENT.
func (r *Runtime) readField(ctx context.Context, o *Observation, field string, offset, maxChars, attempt int) (out readOut, again bool, err error) {
	key, err := readableField(r, o, field)
	if err != nil {
		if attempt == 0 && ErrorCode(err) == CodeActionNotFound {
			return readOut{}, true, nil
		}
		return readOut{}, false, err
	}
	if err := r.d.CallScript(ctx, readScript, map[string]any{
		"field": key, "offset": offset, "max": maxChars, "max_total": MaxReadTotal,
	}, &out); err != nil {
		return readOut{}, false, wrapDriver("read", err)
	}
	if out.Found && (out.Doc == "" || out.Doc == o.snap.DocumentID) {
		return out, false, nil
	}
	if attempt > 0 {
		return readOut{}, false, &Error{Code: CodeActionNotFound, Reason: fmt.Sprintf("the field %q is no longer on the page", clean(field, 140)), Available: available(o)}
	}
	return readOut{}, true, nil
}

// readRegion reads a page of the visible text of region (the whole page
// for "") on o's page; again when the first attempt did not find it.
// Code: REGION_NOT_FOUND.
func (r *Runtime) readRegion(ctx context.Context, o *Observation, region string, offset, maxChars, attempt int) (rg *Region, out readOut, again bool, err error) {
	if region != "" {
		if rg = findRegion(o, region); rg == nil || rg.Key == "" {
			if attempt == 0 {
				return nil, readOut{}, true, nil
			}
			return nil, readOut{}, false, regionNotFound(o, region, "to read the whole page")
		}
	}
	key := ""
	if rg != nil {
		key = rg.Key
	}
	if err := r.d.CallScript(ctx, readScript, map[string]any{
		"key": key, "offset": offset, "max": maxChars, "max_nodes": DefaultMaxNodes, "max_total": MaxReadTotal,
	}, &out); err != nil {
		return nil, readOut{}, false, wrapDriver("read", err)
	}
	if out.Found && (out.Doc == "" || out.Doc == o.snap.DocumentID) {
		return rg, out, false, nil
	}
	if attempt > 0 {
		return nil, readOut{}, false, regionNotFound(o, region, "to read the whole page")
	}
	return nil, readOut{}, true, nil
}

// check refuses a continuation whose document or text changed since it
// was issued. Codes: NAVIGATED, STALE_CONTINUATION.
func (t readToken) check(out readOut, region, field string) error {
	if shortDoc(out.Doc) != t.doc {
		return &Error{Code: CodeNavigated, Reason: "the page has navigated since that continuation; observe the new page first"}
	}
	if out.Digest != t.digest {
		again := fmt.Sprintf("observe {read: {region: %q}}", region)
		if field != "" {
			again = fmt.Sprintf("observe {read: {field: %q}}", field)
		}
		return &Error{Code: CodeStaleContinuation, Reason: "the text has changed since that continuation was issued; read again from the start: " + again}
	}
	return nil
}

// fieldMark starts the target of a read continuation that pages through
// a field's value (region ids never hold a NUL).
const fieldMark = "\x00field:"

// readableField resolves the name of a field to read (observe {read:
// {field}}) to its element key: a type or select action that is not a
// row's, and not secret. Codes: ACTION_NOT_FOUND, INVALID_ARGUMENT.
func readableField(r *Runtime, o *Observation, name string) (string, error) {
	res, err := r.Resolve(o, name, "")
	if err != nil {
		return "", err
	}
	a := res.Action
	if (a.Kind != "type" && a.Kind != "select") || a.tool != nil || res.key == "" {
		return "", &Error{Code: CodeInvalidArgument, Reason: fmt.Sprintf("%s is not a field (kind %s): read takes the name of a type or select action", a.Name, a.Kind), Available: available(o)}
	}
	for _, c := range o.snap.Controls {
		if c.Key == res.key && c.Secret {
			return "", &Error{Code: CodeInvalidArgument, Reason: fmt.Sprintf("%s is a secret field: its value never leaves the browser", a.Name), Available: available(o)}
		}
	}
	return res.key, nil
}

// findRegion returns the region with id in o, or nil (read, scroll and
// screenshot take a region id).
func findRegion(o *Observation, id string) *Region {
	for i := range o.snap.Regions {
		if o.snap.Regions[i].ID == id {
			return &o.snap.Regions[i]
		}
	}
	return nil
}

// regionNotFound is the error of a region id that is not on the page now
// (read, scroll, screenshot): it lists the ids there are and says what
// omitting the region does (without, e.g. "to read the whole page").
func regionNotFound(o *Observation, region, without string) error {
	ids := make([]string, 0, len(o.snap.Regions))
	for _, rg := range o.snap.Regions {
		ids = append(ids, rg.ID)
	}
	list := "the page has no regions; omit region " + without
	if len(ids) > 0 {
		if len(ids) > 12 {
			ids = append(ids[:12], "…")
		}
		list = "regions: " + strings.Join(ids, ", ") + "; or omit region " + without
	}
	return &Error{Code: CodeRegionNotFound, Reason: fmt.Sprintf("no region %q on the page now (%s)", clean(region, 200), list), Available: available(o)}
}

// fitRead sets res's text to text, cut from its end at a line or word
// break until ReadText fits maxBytes (never below minReadBytes of text, so
// paging advances), and mints the continuation for where it ends.
func fitRead(res *ReadResult, text string, maxBytes int, mint func(end int) string) {
	for i := 0; ; i++ {
		res.Text = text
		res.End = res.Offset + utf16Len(text)
		res.Continuation = ""
		if res.End < res.Total {
			res.Continuation = mint(res.End)
		}
		n := len(ReadText(res))
		if maxBytes <= 0 || n <= maxBytes || len(text) <= minReadBytes || i > 40 {
			return
		}
		// Escaping makes the rendering longer than the text: cut in
		// proportion, at least the overshoot.
		escaped := max(len(pageDataJSON(text)), 1)
		want := len(text) - max((n-maxBytes)*len(text)/escaped, 1)
		want = max(want, minReadBytes)
		cut, _ := budget.TruncateBytes(text, want)
		if i := strings.LastIndexAny(cut, "\n "); i >= len(cut)*4/5 {
			cut = cut[:i+1]
		}
		if cut == text || cut == "" {
			return
		}
		text = cut
	}
}

// utf16Len is the length of s in UTF-16 units (read.js offsets).
func utf16Len(s string) int {
	n := 0
	for _, r := range s {
		if r >= 0x10000 {
			n += 2
		} else {
			n++
		}
	}
	return n
}

// ReadText renders a read for the model: a header naming what was read and
// which characters of how many, the text as a JSON string inside
// <page_data> (one line, <, > and & escaped: the page cannot close the tag
// or forge a heading), and how to read on.
func ReadText(res *ReadResult) string {
	var w strings.Builder
	what := "the whole page"
	if res.Field != "" {
		what = "the value of field " + esc(res.Field)
	} else if res.Region != "" {
		what = "region " + esc(res.Region)
		if res.Label != "" || res.Role != "" {
			role := res.Role
			if role == "" {
				role = "region"
			}
			what += fmt.Sprintf(" (%s %q)", esc(role), esc(res.Label))
		}
	}
	fmt.Fprintf(&w, "## Read: %s", what)
	if res.Total == 0 && res.Field != "" {
		w.WriteString("; empty")
	} else if res.Total == 0 {
		w.WriteString("; no visible text")
	} else {
		fmt.Fprintf(&w, "; characters %s–%s of %s", commas(min(res.Offset+1, res.End)), commas(res.End), commas(res.Total))
	}
	fmt.Fprintf(&w, "; revision %s", res.Revision)
	if res.Page != "" {
		fmt.Fprintf(&w, "; page %s", res.Page)
	}
	w.WriteString("\n")
	if res.Total > 0 {
		fmt.Fprintf(&w, "<page_data>%s</page_data>\n", pageDataJSON(res.Text))
	}
	switch {
	case res.Continuation != "":
		fmt.Fprintf(&w, "## More: %s characters left: observe {read: {continuation: %q}}\n", commas(res.Total-res.End), res.Continuation)
	case res.Cut:
		fmt.Fprintf(&w, "(end of what Pling reads: the page holds more text than %s characters or %s elements)\n", commas(MaxReadTotal), commas(DefaultMaxNodes))
	case res.Total > 0:
		w.WriteString("(end of the text)\n")
	}
	return w.String()
}

// commas writes n with thousands separators (2,340).
func commas(n int) string {
	s := strconv.Itoa(n)
	if n < 0 || len(s) <= 3 {
		return s
	}
	var b strings.Builder
	pre := len(s) % 3
	if pre > 0 {
		b.WriteString(s[:pre])
	}
	for i := pre; i < len(s); i += 3 {
		if b.Len() > 0 {
			b.WriteByte(',')
		}
		b.WriteString(s[i : i+3])
	}
	return b.String()
}

// readToken mints a read continuation:
// "rd.<region, base64url>.<offset>.<digest>.<document>.<mac>".
func (r *Runtime) readToken(t readToken) string {
	body := base64.RawURLEncoding.EncodeToString([]byte(t.region)) + "." + strconv.Itoa(t.offset) + "." + t.digest + "." + t.doc
	return "rd." + body + "." + r.revs.mac("read", body)
}

// parseReadToken checks a read continuation: issued by this session (else
// INVALID_CONTINUATION).
func (r *Runtime) parseReadToken(tok string) (readToken, error) {
	bad := &Error{Code: CodeInvalidContinuation, Reason: "this read continuation was not issued by this session; read from the start: observe {read: {region}}"}
	parts := strings.Split(tok, ".")
	if len(parts) != 6 || parts[0] != "rd" {
		return readToken{}, bad
	}
	body := strings.Join(parts[1:5], ".")
	if !hmac.Equal([]byte(parts[5]), []byte(r.revs.mac("read", body))) {
		return readToken{}, bad
	}
	region, err := base64.RawURLEncoding.DecodeString(parts[1])
	off, err2 := strconv.Atoi(parts[2])
	if err != nil || err2 != nil || off < 0 || !utf8.Valid(region) {
		return readToken{}, bad
	}
	return readToken{region: string(region), offset: off, digest: parts[3], doc: parts[4]}, nil
}
