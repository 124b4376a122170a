package config

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"reflect"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/goccy/go-yaml"
	"github.com/goccy/go-yaml/ast"
	"github.com/goccy/go-yaml/parser"
	"github.com/goccy/go-yaml/token"
)

// MaxFileBytes is the largest agent.yaml Parse and Load accept.
const MaxFileBytes = 1 << 20

// maxDepth bounds the nesting the AST walks follow; agent.yaml needs 3.
const maxDepth = 32

// defaultFile names the file in errors from Parse, which has no file name.
const defaultFile = "agent.yaml"

// Error is a problem in agent.yaml, positioned when the position is known.
// Every error Parse and Load return for bad content is an *Error; errors
// decoding YAML keep the go-yaml error in Err.
type Error struct {
	// File is the file name: the path given to Load, "agent.yaml" for Parse.
	File string
	// Line is the 1-based line, 0 when unknown.
	Line int
	// Col is the 1-based column, 0 when unknown.
	Col int
	// Path is the dotted key path ("observation.maxActions",
	// "navigation.allow[2]"), empty when the problem is not at a key.
	Path string
	// Message says what is wrong; it follows Path after a space.
	Message string
	// Err is the underlying go-yaml error, if any.
	Err error
}

// Error formats e as "agent.yaml:12:17: observation.maxActions must be
// between 1 and 500 (got 0)".
func (e *Error) Error() string {
	var b strings.Builder
	b.WriteString(e.File)
	if e.Line > 0 {
		fmt.Fprintf(&b, ":%d:%d", e.Line, e.Col)
	}
	b.WriteString(": ")
	if e.Path != "" {
		b.WriteString(e.Path)
		b.WriteString(" ")
	}
	b.WriteString(e.Message)
	return b.String()
}

// Unwrap returns the go-yaml error, if any.
func (e *Error) Unwrap() error { return e.Err }

// Load reads and parses the file at path. Problems in the content are
// *Error values naming path; a file that cannot be read is a plain error.
func Load(path string) (Config, error) {
	f, err := os.Open(path)
	if err != nil {
		return Config{}, fmt.Errorf("read config: %w", err)
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, MaxFileBytes+1))
	if err != nil {
		return Config{}, fmt.Errorf("read config: %w", err)
	}
	cfg, err := Parse(data)
	var e *Error
	if errors.As(err, &e) {
		e.File = path
	}
	return cfg, err
}

// Parse decodes agent.yaml content onto Default and validates it. Missing
// keys keep their defaults; an empty document is Default(). It rejects,
// with an *Error positioned at the offending key or value: syntax errors,
// more than one document, duplicate keys, unknown keys, credential-like keys
// or values, null values, anchors, aliases, merge keys and tags, wrong types,
// out-of-range numbers and malformed strings (origin patterns, URLs, names).
func Parse(data []byte) (Config, error) {
	if len(data) > MaxFileBytes {
		return Config{}, &Error{File: defaultFile, Message: fmt.Sprintf("is larger than %d bytes", MaxFileBytes)}
	}
	if !utf8.Valid(data) {
		return Config{}, invalidUTF8(data)
	}
	data = bytes.TrimPrefix(data, []byte("\ufeff")) // a byte order mark some editors write
	file, err := parser.ParseBytes(data, 0)
	if err != nil {
		return Config{}, yamlError(err, nil)
	}
	var body ast.Node
	for _, doc := range file.Docs {
		if doc == nil || doc.Body == nil {
			continue
		}
		if _, directive := doc.Body.(*ast.DirectiveNode); directive {
			continue // %YAML 1.2 before ---
		}
		if body != nil {
			return Config{}, at(nodePos(doc.Body), "", "holds more than one YAML document; agent.yaml is one mapping")
		}
		body = doc.Body
	}
	cfg := Default()
	if body == nil {
		return cfg, nil
	}
	if err := checkSecrets(body, "", 0); err != nil {
		return Config{}, err
	}
	w := &walker{index: map[string]*token.Position{}}
	if err := w.walk(body, "", reflect.TypeOf(cfg), reflect.ValueOf(cfg), 0); err != nil {
		return Config{}, err
	}
	if err := yaml.NodeToValue(body, &cfg, yaml.Strict()); err != nil {
		return Config{}, yamlError(err, w)
	}
	normalize(&cfg)
	if err := validate(&cfg, w.index); err != nil {
		return Config{}, err
	}
	return cfg, nil
}

// invalidUTF8 reports the position of the first byte that is not UTF-8.
func invalidUTF8(data []byte) *Error {
	line, col := 1, 1
	for len(data) > 0 {
		r, size := utf8.DecodeRune(data)
		if r == utf8.RuneError && size <= 1 {
			break
		}
		if r == '\n' {
			line, col = line+1, 1
		} else {
			col++
		}
		data = data[size:]
	}
	return &Error{File: defaultFile, Line: line, Col: col, Message: "is not valid UTF-8 here"}
}

// normalize turns null lists into empty ones so a decoded Config compares
// equal to Default.
func normalize(c *Config) {
	for _, s := range []*[]string{&c.Browser.ExtraFlags, &c.Navigation.Allow, &c.Navigation.Deny,
		&c.Navigation.BlockedSchemes, &c.HTTP.AllowedOrigins, &c.HTTP.AllowedHosts} {
		if *s == nil {
			*s = []string{}
		}
	}
	if c.Browser.RemoteHeaders == nil {
		c.Browser.RemoteHeaders = []RemoteHeader{}
	}
}

// yamlError converts a go-yaml error into an *Error keeping its position; w,
// when non-nil, names the key at that position.
func yamlError(err error, w *walker) error {
	e := &Error{File: defaultFile, Message: err.Error(), Err: err}
	var ye yaml.Error
	if errors.As(err, &ye) {
		e.Message = ye.GetMessage()
		if tk := ye.GetToken(); tk != nil && tk.Position != nil {
			e.Line, e.Col = tk.Position.Line, tk.Position.Column
			if w != nil {
				e.Path = w.pathAt(tk.Position)
			}
		}
	}
	if e.Path != "" {
		e.Message = "is invalid: " + e.Message
	}
	return e
}

// at builds an *Error at pos (which may be nil).
func at(pos *token.Position, path, msg string) *Error {
	e := &Error{File: defaultFile, Path: path, Message: msg}
	if pos != nil {
		e.Line, e.Col = pos.Line, pos.Column
	}
	return e
}

// nodePos is where n starts: for a mapping, its first key.
func nodePos(n ast.Node) *token.Position {
	if n == nil || reflect.ValueOf(n).IsNil() {
		return nil
	}
	switch m := n.(type) {
	case *ast.MappingNode:
		if m.IsFlowStyle && m.Start != nil {
			return m.Start.Position
		}
		if len(m.Values) > 0 && m.Values[0] != nil {
			return nodePos(m.Values[0])
		}
	case *ast.MappingValueNode:
		if m.Key != nil {
			return nodePos(m.Key)
		}
	}
	tk := n.GetToken()
	if tk == nil {
		return nil
	}
	return tk.Position
}

// credentialKey matches key names that hold secrets, compared after
// lowercasing and dropping "_" and "-". Numeric fields such as
// maxOutputTokens end in "tokens" and do not match.
var credentialKey = regexp.MustCompile(`(key|token|secret|password|passwd|passphrase|credential|credentials|authorization|auth|bearer|cookie)$`)

// secretValue matches string values that look like API keys.
var secretValue = regexp.MustCompile(`^(sk-[A-Za-z0-9_-]{16,}|Bearer\s+\S{16,})`)

// checkSecrets rejects credential-like keys and values anywhere in the
// document, known section or not, before anything else so the message is
// the helpful one. It never echoes the value.
func checkSecrets(n ast.Node, path string, depth int) error {
	if n == nil || reflect.ValueOf(n).IsNil() {
		return nil
	}
	if depth > maxDepth {
		return nil // deeper than any key of Config: the schema walk refuses it
	}
	switch n := n.(type) {
	case *ast.MappingNode:
		for _, mv := range n.Values {
			if err := checkSecrets(mv, path, depth+1); err != nil {
				return err
			}
		}
	case *ast.MappingValueNode:
		name := keyName(n.Key)
		p := join(path, name)
		norm := strings.NewReplacer("_", "", "-", "").Replace(strings.ToLower(name))
		if name != "" && credentialKey.MatchString(norm) {
			return at(nodePos(n.Key), p, "looks like a credential, and agent.yaml never holds credentials: "+
				"the OpenAI key comes from "+EnvOpenAIKey+" and the HTTP token from "+EnvHTTPToken+" in the environment")
		}
		return checkSecrets(n.Value, p, depth+1)
	case *ast.SequenceNode:
		for i, v := range n.Values {
			if err := checkSecrets(v, fmt.Sprintf("%s[%d]", path, i), depth+1); err != nil {
				return err
			}
		}
	case *ast.AnchorNode:
		return checkSecrets(n.Value, path, depth+1)
	case *ast.TagNode:
		return checkSecrets(n.Value, path, depth+1)
	case *ast.StringNode:
		if secretValue.MatchString(n.Value) {
			return at(nodePos(n), path, "looks like an API key, and agent.yaml never holds credentials: "+
				"set "+EnvOpenAIKey+" in the environment instead")
		}
	case *ast.LiteralNode:
		if n.Value != nil {
			return checkSecrets(n.Value, path, depth+1)
		}
	}
	return nil
}

// keyName is the text of a scalar mapping key, "" for anything else.
func keyName(k ast.MapKeyNode) string {
	if k == nil || reflect.ValueOf(k).IsNil() {
		return ""
	}
	switch k := k.(type) {
	case *ast.StringNode:
		return k.Value
	case ast.ScalarNode:
		if tk := k.GetToken(); tk != nil {
			return tk.Value
		}
	}
	return ""
}

func join(path, key string) string {
	if path == "" {
		return key
	}
	return path + "." + key
}

// walker checks the document against the Config type before decoding, so
// every mistake gets a position and a message in our words, and records the
// position of every key path for validation errors.
type walker struct {
	index map[string]*token.Position // key path -> value position
	keys  map[string]*token.Position // key path -> key position
}

// pathAt returns the key path whose key or value starts at pos.
func (w *walker) pathAt(pos *token.Position) string {
	best := ""
	for _, m := range []map[string]*token.Position{w.keys, w.index} {
		for p, q := range m {
			if q != nil && q.Line == pos.Line && q.Column == pos.Column && (best == "" || p < best) {
				best = p
			}
		}
		if best != "" {
			return best
		}
	}
	return best
}

func (w *walker) walk(n ast.Node, path string, t reflect.Type, def reflect.Value, depth int) error {
	if w.keys == nil {
		w.keys = map[string]*token.Position{}
	}
	if depth > maxDepth {
		return at(nodePos(n), path, "is nested too deeply")
	}
	pos := nodePos(n)
	switch n.(type) {
	case *ast.AnchorNode, *ast.AliasNode:
		return at(pos, path, "uses an anchor or alias; agent.yaml does not support them, write the value out")
	case *ast.TagNode:
		return at(pos, path, "has a tag; agent.yaml does not support tags, write the plain value")
	case *ast.NullNode:
		return at(pos, path, fmt.Sprintf("has no value; write one, or delete the line to take the default (%s)", showDefault(def)))
	}
	if path != "" {
		w.index[path] = pos
	}
	switch t.Kind() {
	case reflect.Struct:
		var values []*ast.MappingValueNode
		switch m := n.(type) {
		case *ast.MappingNode:
			values = m.Values
		case *ast.MappingValueNode:
			values = []*ast.MappingValueNode{m}
		default:
			if path == "" {
				return at(pos, "", "the top level must be a mapping of sections (app:, observation:, …)")
			}
			return at(pos, path, "must be a mapping of keys")
		}
		fields := yamlFields(t)
		for _, mv := range values {
			if mv == nil {
				continue
			}
			if mv.Key != nil && mv.Key.IsMergeKey() {
				return at(nodePos(mv.Key), path, "uses a merge key (<<); agent.yaml does not support them, write the keys out")
			}
			name := keyName(mv.Key)
			kp := join(path, name)
			if _, ok := mv.Key.(*ast.StringNode); !ok || name == "" {
				if path == "" {
					return at(nodePos(mv.Key), "", "a top-level key is not a plain name")
				}
				return at(nodePos(mv.Key), path, "has a key that is not a plain name")
			}
			idx, ok := fields[name]
			if !ok {
				return at(nodePos(mv.Key), kp, unknownKeyMessage(path, name, fields))
			}
			w.keys[kp] = nodePos(mv.Key)
			if _, null := mv.Value.(*ast.NullNode); null || mv.Value == nil {
				return at(nodePos(mv.Key), kp, fmt.Sprintf("has no value; write one, or delete the line to take the default (%s)", showDefault(def.Field(idx))))
			}
			if err := w.walk(mv.Value, kp, t.Field(idx).Type, def.Field(idx), depth+1); err != nil {
				return err
			}
		}
	case reflect.Slice:
		seq, ok := n.(*ast.SequenceNode)
		if !ok {
			return at(pos, path, "must be a list, e.g. [a, b] (write [] for an empty list)")
		}
		for i, v := range seq.Values {
			ip := fmt.Sprintf("%s[%d]", path, i)
			if v == nil {
				return at(pos, ip, "has no value")
			}
			if err := w.walk(v, ip, t.Elem(), reflect.Zero(t.Elem()), depth+1); err != nil {
				return err
			}
		}
	case reflect.String:
		switch n.(type) {
		case *ast.StringNode, *ast.LiteralNode:
		default:
			return at(pos, path, fmt.Sprintf("must be a string (got %s); quote it", show(n)))
		}
	case reflect.Bool:
		if _, ok := n.(*ast.BoolNode); !ok {
			return at(pos, path, fmt.Sprintf("must be true or false (got %s)", show(n)))
		}
	case reflect.Int:
		i, ok := n.(*ast.IntegerNode)
		if !ok {
			if s, isStr := n.(*ast.StringNode); isStr && s.Token != nil && s.Token.Type == token.StringType && wholeNumber.MatchString(s.Value) {
				return at(pos, path, rangeMessage(path, s.Value)) // too large for an integer
			}
			return at(pos, path, fmt.Sprintf("must be a whole number (got %s)", show(n)))
		}
		if u, big := i.Value.(uint64); big && u > math.MaxInt64 {
			return at(pos, path, rangeMessage(path, strconv.FormatUint(u, 10)))
		}
	case reflect.Float64:
		switch n.(type) {
		case *ast.IntegerNode, *ast.FloatNode:
		default:
			return at(pos, path, fmt.Sprintf("must be a number (got %s)", show(n)))
		}
	default:
		return at(pos, path, "has an unsupported type") // a bug in this package
	}
	return nil
}

var wholeNumber = regexp.MustCompile(`^[-+]?[0-9]+$`)

// rangeMessage is the out-of-range message of the whole-number key path.
func rangeMessage(path, got string) string {
	for _, r := range intRanges {
		if r.path == path {
			return fmt.Sprintf("must be between %d and %d (got %s)", r.min, r.max, clip(got, 40))
		}
	}
	return fmt.Sprintf("is out of range (got %s)", clip(got, 40))
}

// keyPaths lists the dotted path of every key of Config, sections included,
// in declaration order.
func keyPaths() []string {
	var out []string
	var walk func(t reflect.Type, prefix string)
	walk = func(t reflect.Type, prefix string) {
		for i := range t.NumField() {
			name, _, _ := strings.Cut(t.Field(i).Tag.Get("yaml"), ",")
			if name == "" || name == "-" {
				continue
			}
			p := join(prefix, name)
			out = append(out, p)
			if ft := t.Field(i).Type; ft.Kind() == reflect.Struct {
				walk(ft, p)
			}
		}
	}
	walk(reflect.TypeOf(Config{}), "")
	return out
}

// yamlFields maps the yaml tag names of struct type t to field indexes.
func yamlFields(t reflect.Type) map[string]int {
	m := make(map[string]int, t.NumField())
	for i := range t.NumField() {
		name, _, _ := strings.Cut(t.Field(i).Tag.Get("yaml"), ",")
		if name != "" && name != "-" {
			m[name] = i
		}
	}
	return m
}

func unknownKeyMessage(path, name string, fields map[string]int) string {
	known := make([]string, 0, len(fields))
	for k := range fields {
		known = append(known, k)
	}
	sort.Strings(known)
	what := "key in " + path
	if path == "" {
		what = "section"
	}
	if s := suggest(name, known); s != "" {
		return fmt.Sprintf("is not a known %s (did you mean %s?)", what, s)
	}
	fold := strings.ToLower(name)
	for _, p := range keyPaths() {
		last := p[strings.LastIndex(p, ".")+1:]
		if strings.ToLower(last) == fold && p != join(path, last) {
			return fmt.Sprintf("is not a known %s (did you mean %s?)", what, p)
		}
	}
	return fmt.Sprintf("is not a known %s (known: %s)", what, strings.Join(known, ", "))
}

// suggest returns the known name closest to name: equal ignoring case, "_"
// and "-", or within edit distance 2.
func suggest(name string, known []string) string {
	fold := func(s string) string { return strings.NewReplacer("_", "", "-", "").Replace(strings.ToLower(s)) }
	best, bestD := "", 3
	for _, k := range known {
		if fold(k) == fold(name) {
			return k
		}
		if d := editDistance(fold(name), fold(k)); d < bestD {
			best, bestD = k, d
		}
	}
	return best
}

// editDistance is the Levenshtein distance between short ASCII-ish names.
func editDistance(a, b string) int {
	if len(a) > 64 || len(b) > 64 {
		return 99
	}
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}

// show renders a node for an error message, bounded.
func show(n ast.Node) string {
	switch n.(type) {
	case *ast.MappingNode, *ast.MappingValueNode:
		return "a mapping"
	case *ast.SequenceNode:
		return "a list"
	case *ast.StringNode, *ast.LiteralNode:
		if tk := n.GetToken(); tk != nil {
			return strconv.Quote(clip(tk.Value, 40))
		}
		return "a string"
	}
	if tk := n.GetToken(); tk != nil {
		return clip(tk.Value, 40)
	}
	return "a value"
}

// showDefault renders a default value for a "has no value" message.
func showDefault(v reflect.Value) string {
	switch v.Kind() {
	case reflect.Struct:
		return "the section's defaults"
	case reflect.Slice:
		if v.Len() == 0 {
			return "[]"
		}
		parts := make([]string, v.Len())
		for i := range v.Len() {
			parts[i] = fmt.Sprint(v.Index(i).Interface())
		}
		return "[" + strings.Join(parts, ", ") + "]"
	case reflect.String:
		return strconv.Quote(v.String())
	case reflect.Invalid:
		return "none"
	}
	return fmt.Sprint(v.Interface())
}

// clip shortens s to at most n runes, marking the cut with "…".
func clip(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	r := []rune(s)
	return string(r[:n]) + "…"
}
