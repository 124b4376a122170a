package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/pling-dev/pling/mcpserver"
)

// cmdDemo is the main job on the embedded default: it serves the spec's
// 12-task Todo page on 127.0.0.1, starts the real server (this binary,
// `pling serve` over stdio), and drives it with mcp-go's client through
// the spec's walkthrough — observe, search("Weekly report"),
// toggle(record: "t9"), observe — printing each step as a host sees it.
func cmdDemo(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("demo", flag.ContinueOnError)
	fs.SetOutput(stderr)
	cfgPath := configFlag(fs)
	if err := fs.Parse(args); err != nil {
		return exitError(2)
	}
	base, stop, err := serveFixtures()
	if err != nil {
		return err
	}
	defer stop()
	self, err := os.Executable()
	if err != nil {
		return err
	}
	serveArgs := []string{"serve", "--url", base + "/todos"}
	if *cfgPath != "" {
		serveArgs = append(serveArgs, "--config", *cfgPath)
	}
	ctx, cancel := context.WithTimeout(ctx, 2*time.Minute)
	defer cancel()

	c, err := mcpserver.StartStdioClient(ctx, self, []string{"PLING_LOG=warn"}, serveArgs...)
	if err != nil {
		return fmt.Errorf("start pling serve: %w", err)
	}
	defer c.Close()
	name, ver, proto, err := c.Initialize(ctx, "pling-demo", serverVersion())
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "Pling demo: the spec's walkthrough on the embedded Todo page (%s/todos)\n", base)
	fmt.Fprintf(stdout, "connected to %s %s over stdio (protocol %s)\n", name, ver, proto)

	step := 0
	show := func(title string) {
		step++
		fmt.Fprintf(stdout, "\n==== step %d: %s ====\n", step, title)
	}
	listTools := func() ([]string, error) { return c.ListTools(ctx) }
	call := func(name string, args map[string]any) (mcpserver.CallResult, error) {
		r, err := c.Call(ctx, name, args)
		if err != nil {
			return r, err
		}
		a, _ := json.Marshal(args)
		fmt.Fprintf(stdout, "→ tools/call %s %s\n", name, a)
		if r.Text != "" {
			fmt.Fprintln(stdout, r.Text)
		}
		if r.IsError {
			return r, errors.New(name + " failed")
		}
		return r, nil
	}

	show("tools/list (the stable core works on every host)")
	names, err := listTools()
	if err != nil {
		return err
	}
	fmt.Fprintln(stdout, strings.Join(names, ", "))

	show("observe")
	if _, err := call("observe", map[string]any{}); err != nil {
		return err
	}

	for deadline := time.Now().Add(3 * time.Second); c.ListChanged() == 0 && time.Now().Before(deadline); {
		time.Sleep(20 * time.Millisecond)
	}
	show(fmt.Sprintf("tools/list again after %d notifications/tools/list_changed: the page's folded actions are tools too", c.ListChanged()))
	names, err = listTools()
	if err != nil {
		return err
	}
	fmt.Fprintln(stdout, strings.Join(names, ", "))
	hasPageTools := contains(names, "search") && contains(names, "toggle")

	show(`search("Weekly report") — the model does not know t9's title yet`)
	if hasPageTools {
		_, err = call("search", map[string]any{"text": "Weekly report"})
	} else {
		_, err = call("act", map[string]any{"action": "search", "args": map[string]any{"text": "Weekly report"}})
	}
	if err != nil {
		return err
	}

	show(`toggle(record: "t9")`)
	if hasPageTools {
		_, err = call("toggle", map[string]any{"record": "t9"})
	} else {
		_, err = call("act", map[string]any{"action": "toggle", "record": "t9"})
	}
	if err != nil {
		return err
	}

	show("observe: the page after the walkthrough")
	r, err := call("observe", map[string]any{})
	if err != nil {
		return err
	}
	done, err := recordField(r, "t9", "done")
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "\nResult: t9 (Send the weekly report) done = %s\n", done)
	if done != "true" {
		return errors.New("the walkthrough did not complete t9")
	}
	return nil
}

func contains(list []string, s string) bool {
	for _, v := range list {
		if v == s {
			return true
		}
	}
	return false
}

// recordField reads a field of a shown record from an observe result's
// structured content.
func recordField(r mcpserver.CallResult, id, field string) (string, error) {
	raw, err := json.Marshal(r.Structured)
	if err != nil {
		return "", err
	}
	var out struct {
		Observation struct {
			Records struct {
				Shown []struct {
					ID     string            `json:"id"`
					Fields map[string]string `json:"fields"`
				} `json:"shown"`
			} `json:"records"`
		} `json:"observation"`
	}
	if err := json.Unmarshal(raw, &out); err != nil {
		return "", err
	}
	for _, rec := range out.Observation.Records.Shown {
		if rec.ID == id {
			return rec.Fields[field], nil
		}
	}
	return "", fmt.Errorf("record %s is not shown in the final observation", id)
}
