package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"

	"github.com/pling-dev/pling/page"
)

// cmdObserve prints what an agent would see of a page: the observation
// text, or its JSON, and optionally the folded tool schemas. For page
// authors tuning their declarations.
func cmdObserve(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("observe", flag.ContinueOnError)
	fs.SetOutput(stderr)
	cfgPath := configFlag(fs)
	asJSON := fs.Bool("json", false, "print the structured JSON observation")
	schemas := fs.Bool("schemas", false, "also print the folded action tool schemas")
	fs.Usage = func() { fmt.Fprintln(stderr, "usage: pling observe URL [--json] [--schemas] [--config agent.yaml]") }
	url, err := parseWithURL(fs, args)
	if err != nil {
		return err
	}
	rt, res, closeAll, err := openRuntime(ctx, *cfgPath, url)
	if err != nil {
		return err
	}
	defer closeAll()
	o := res.Observation
	if *asJSON {
		out := map[string]any{"observation": o}
		if *schemas {
			out["tools"] = page.Schemas(o)
		}
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		return enc.Encode(out)
	}
	fmt.Fprint(stdout, page.Render(o, rt.Budgets()))
	if *schemas {
		fmt.Fprintln(stdout, "\n## Tool schemas (one per folded action)")
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		return enc.Encode(page.Schemas(o))
	}
	return nil
}

// parseWithURL parses flags that may stand before or after one URL
// argument.
func parseWithURL(fs *flag.FlagSet, args []string) (string, error) {
	var url string
	for {
		if err := fs.Parse(args); err != nil {
			return "", exitError(2)
		}
		if fs.NArg() == 0 {
			break
		}
		if url != "" {
			fs.Usage()
			return "", exitError(2)
		}
		url = fs.Arg(0)
		args = fs.Args()[1:]
	}
	if url == "" {
		fs.Usage()
		return "", exitError(2)
	}
	return url, nil
}
