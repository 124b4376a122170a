package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/pling-dev/pling/agent"
	"github.com/pling-dev/pling/config"
	"golang.org/x/term"
)

// Exit statuses of pling run beyond 0 (answered), 1 (failed) and 2 (usage).
const (
	exitHandoff     = 3   // stopped at an action only a person may do
	exitInterrupted = 130 // Ctrl-C or SIGTERM, as shells report SIGINT
)

// demoRole is the application role of the embedded demo page, used when
// agent.yaml sets none (spec/observation.txt, "## This application").
const demoRole = "You help the user manage a personal task list."

// cmdRun is `pling run`: Pling's own model loop on one page. It prints the
// model's final answer on stdout; progress goes to stderr.
func cmdRun(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("run", flag.ContinueOnError)
	fs.SetOutput(stderr)
	cfgPath := configFlag(fs)
	url := fs.String("url", "", "the page to operate")
	demo := fs.Bool("demo", false, "operate the embedded demo Todo page (served on 127.0.0.1)")
	tracePath := fs.String("trace", "", "write one JSON line per model request (request body and response, no key; it holds page data and every value the model typed, so the file is 0600) to `FILE`")
	quiet := fs.Bool("quiet", false, "no progress lines on stderr")
	fs.Usage = func() {
		fmt.Fprintln(stderr, `usage: pling run (--url URL | --demo) [--config agent.yaml] [--trace FILE] [--quiet] "INSTRUCTION"

Endpoint: POST $OPENAI_BASE_URL/chat/completions (default https://api.openai.com/v1/),
key from $OPENAI_API_KEY, model from agent.yaml agent.model.
Exit status: 0 answered, 1 failed, 2 usage, 3 stopped for a person (handoff), 130 interrupted.`)
	}
	var words []string
	for {
		if err := fs.Parse(args); err != nil {
			return exitError(2)
		}
		if fs.NArg() == 0 {
			break
		}
		words = append(words, fs.Arg(0))
		args = fs.Args()[1:]
	}
	instruction := strings.TrimSpace(strings.Join(words, " "))
	usageErr := func(msg string) error {
		fmt.Fprintln(stderr, "pling run:", msg)
		fs.Usage()
		return exitError(2)
	}
	switch {
	case instruction == "":
		return usageErr("the instruction is missing")
	case *demo && *url != "":
		return usageErr("--url and --demo exclude each other")
	case !*demo && *url == "":
		return usageErr("say which page: --url URL or --demo")
	}
	cfg, err := loadConfig(*cfgPath)
	if err != nil {
		return err
	}
	key, base := os.Getenv(config.EnvOpenAIKey), os.Getenv("OPENAI_BASE_URL")
	if key == "" && base == "" {
		fmt.Fprintln(stderr, "pling run: OPENAI_API_KEY is not set (for a local OpenAI-compatible server that needs no key, set OPENAI_BASE_URL)")
		return exitError(2)
	}
	var trace io.Writer
	if *tracePath != "" {
		f, err := os.OpenFile(*tracePath, os.O_CREATE|os.O_WRONLY|os.O_TRUNC, 0o600)
		if err != nil {
			return fmt.Errorf("--trace: %w", err)
		}
		defer f.Close()
		trace = f
	}
	target := *url
	if *demo {
		fixturesURL, stop, err := serveFixtures()
		if err != nil {
			return err
		}
		defer stop()
		target = fixturesURL + "/todos"
		if cfg.App.Role == "" {
			cfg.App.Role = demoRole
		}
	}
	ot, err := openTab(ctx, *cfgPath, target)
	if err != nil {
		return err
	}
	defer ot.closeAll()
	pg := &followingPage{rt: ot.rt, tab: ot.tab, opts: ot.opts}
	defer pg.closeTabs()
	opts := agent.Options{Config: cfg, BaseURL: base, APIKey: key, Trace: trace}
	if !*quiet {
		opts.Progress = stderr
	}
	if isTerminal(stdin) {
		opts.Confirm = &terminalConfirmer{in: bufio.NewReader(stdin), out: stderr}
	}
	res, err := agent.Run(ctx, pg, instruction, opts) // every step is bounded by the browser (actionTimeoutMs), as under serve
	if err != nil {
		if ctx.Err() != nil {
			fmt.Fprintln(stderr, "pling run: interrupted")
			return exitError(exitInterrupted)
		}
		fmt.Fprintln(stderr, "pling run:", oneLine(err.Error()))
		return exitError(1)
	}
	if h := res.Handoff; h != nil {
		fmt.Fprintf(stdout, "Pling stopped: %s must be done by a person, not by the agent.\n", h.Action)
		if h.Description != "" {
			fmt.Fprintf(stdout, "What it does: %s\n", h.Description)
		}
		fmt.Fprintf(stdout, "Where: %s at %s\n", h.Location, target)
		fmt.Fprintln(stdout, "Open the page in your browser and do this step yourself; then run pling again for the rest of the task.")
		return exitError(exitHandoff)
	}
	fmt.Fprintln(stdout, res.Answer)
	return nil
}

// isTerminal reports whether r is an interactive terminal, the only place
// a person can confirm an action. /dev/null and pipes are not (a character
// device test would take /dev/null for one).
func isTerminal(r io.Reader) bool {
	f, ok := r.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}

// terminalConfirmer asks y/N on the terminal; anything but y or yes is no.
type terminalConfirmer struct {
	in  *bufio.Reader
	out io.Writer
}

// Confirm prints the question and reads one line.
func (c *terminalConfirmer) Confirm(ctx context.Context, question string) (bool, error) {
	fmt.Fprintf(c.out, "%s [y/N] ", question)
	type answer struct {
		line string
		err  error
	}
	ch := make(chan answer, 1)
	go func() {
		line, err := c.in.ReadString('\n')
		ch <- answer{line, err}
	}()
	select {
	case <-ctx.Done():
		fmt.Fprintln(c.out)
		return false, ctx.Err()
	case a := <-ch:
		if a.err != nil && !errors.Is(a.err, io.EOF) {
			return false, a.err
		}
		switch strings.ToLower(strings.TrimSpace(a.line)) {
		case "y", "yes":
			return true, nil
		}
		return false, nil
	}
}

func oneLine(s string) string {
	return strings.Join(strings.Fields(s), " ")
}
