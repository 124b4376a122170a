package mcpserver

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"sync"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"golang.org/x/text/language"
	"golang.org/x/text/message"
)

var printer = message.NewPrinter(language.English)

// validator checks tool arguments against the tools' input schemas, so a
// bad call gets INVALID_ARGUMENT with the reason instead of reaching a
// handler. Compiled schemas are cached by their text.
type validator struct {
	mu    sync.Mutex
	cache map[string]*jsonschema.Schema
}

func newValidator() *validator {
	return &validator{cache: map[string]*jsonschema.Schema{}}
}

// Validate returns nil when args conform to schema, else a short reason.
func (v *validator) Validate(schema json.RawMessage, args any) error {
	sch, err := v.compile(schema)
	if err != nil {
		return fmt.Errorf("schema: %w", err)
	}
	raw, err := json.Marshal(args)
	if err != nil {
		return fmt.Errorf("arguments are not JSON: %w", err)
	}
	if string(raw) == "null" {
		raw = []byte("{}")
	}
	inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(raw))
	if err != nil {
		return fmt.Errorf("arguments are not JSON: %w", err)
	}
	if err := sch.Validate(inst); err != nil {
		return fmt.Errorf("%s", flatten(err))
	}
	return nil
}

func (v *validator) compile(schema json.RawMessage) (*jsonschema.Schema, error) {
	v.mu.Lock()
	defer v.mu.Unlock()
	if s, ok := v.cache[string(schema)]; ok {
		return s, nil
	}
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(schema))
	if err != nil {
		return nil, err
	}
	c := jsonschema.NewCompiler()
	if err := c.AddResource("tool.json", doc); err != nil {
		return nil, err
	}
	s, err := c.Compile("tool.json")
	if err != nil {
		return nil, err
	}
	if len(v.cache) > 512 {
		v.cache = map[string]*jsonschema.Schema{}
	}
	v.cache[string(schema)] = s
	return s, nil
}

// flatten turns a validation error tree into one line naming the fields.
func flatten(err error) string {
	ve, ok := err.(*jsonschema.ValidationError)
	if !ok {
		return err.Error()
	}
	var parts []string
	var walk func(e *jsonschema.ValidationError)
	walk = func(e *jsonschema.ValidationError) {
		if len(e.Causes) == 0 {
			loc := "/" + strings.Join(e.InstanceLocation, "/")
			parts = append(parts, fmt.Sprintf("at %s: %s", loc, e.ErrorKind.LocalizedString(printer)))
			return
		}
		for _, c := range e.Causes {
			walk(c)
		}
	}
	walk(ve)
	if len(parts) > 5 {
		parts = append(parts[:5], fmt.Sprintf("and %d more", len(parts)-5))
	}
	return strings.Join(parts, "; ")
}
