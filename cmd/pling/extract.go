package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/pling-dev/pling/extract"
	"github.com/pling-dev/pling/page"
)

// fieldFlags collects --field NAME:COLUMN:TYPE[:required].
type fieldFlags []extract.Field

func (f *fieldFlags) String() string { return fmt.Sprint(*f) }

func (f *fieldFlags) Set(v string) error {
	parts := strings.Split(v, ":")
	if len(parts) < 3 || len(parts) > 4 {
		return fmt.Errorf("want NAME:COLUMN:TYPE[:required], got %q", v)
	}
	col, err := strconv.Atoi(parts[1])
	if err != nil {
		return fmt.Errorf("column of %q: %w", v, err)
	}
	fd := extract.Field{Name: parts[0], Column: col, Type: extract.Type(parts[2])}
	if len(parts) == 4 {
		if parts[3] != "required" {
			return fmt.Errorf("the fourth part of %q must be \"required\"", v)
		}
		fd.Required = true
	}
	*f = append(*f, fd)
	return nil
}

// cmdExtract reads a visible table, list or form of a page into typed rows
// (ADR-0161) and prints them as JSON or CSV.
func cmdExtract(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("extract", flag.ContinueOnError)
	fs.SetOutput(stderr)
	cfgPath := configFlag(fs)
	kind := fs.String("kind", "table", "table, list or form")
	index := fs.Int("index", 0, "zero-based visible collection of that kind (0-15)")
	limit := fs.Int("limit", extract.DefaultLimit, "rows to return (1-50)")
	asCSV := fs.Bool("csv", false, "print CSV instead of JSON")
	var fields fieldFlags
	fs.Var(&fields, "field", "NAME:COLUMN:TYPE[:required], TYPE one of string, integer, number, boolean (1-8 times)")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: pling extract URL --kind table|list|form [--index N] --field NAME:COLUMN:TYPE[:required] ... [--limit N] [--csv]")
	}
	url, err := parseWithURL(fs, args)
	if err != nil {
		return err
	}
	// Validate the request before starting a browser; the revision it
	// names is only known after the page is open.
	req := extract.Request{ExpectedRevision: "(set after navigation)", Kind: extract.Kind(*kind), Index: *index, Fields: fields, Limit: *limit}
	if err := req.Validate(); err != nil {
		return err
	}
	rt, nav, closeAll, err := openRuntime(ctx, *cfgPath, url)
	if err != nil {
		return err
	}
	defer closeAll()
	req.ExpectedRevision = nav.Observation.Revision
	var res *extract.Result
	err = rt.Lock(func(d page.Driver, rc page.RevisionChecker) error {
		var err error
		res, err = extract.Run(ctx, d, rc, req)
		return err
	})
	if err != nil {
		return err
	}
	if *asCSV {
		return extract.WriteCSV(stdout, res)
	}
	enc := json.NewEncoder(stdout)
	enc.SetIndent("", "  ")
	return enc.Encode(map[string]any{"extraction": res, "digest": extract.Digest(res)})
}
