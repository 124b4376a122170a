// Command pling is the Pling MCP server and its tools for page authors.
//
//	pling serve [--http ADDR] [--demo [--demo-page webmcp]] [--config agent.yaml]   MCP over stdio (default) or HTTP
//	pling run --url URL "INSTRUCTION"                          Pling's own model loop on one page
//	pling observe URL [--json] [--schemas]                     what an agent sees of a page
//	pling extract URL --kind table --field name:0:string ...   typed rows of a visible collection
//	pling demo                                                 the spec's walkthrough on the embedded Todo page
//	pling config check FILE                                    validate agent.yaml
//	pling doctor [--config agent.yaml]                         the browser and config in use, and host snippets
//	pling version
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"os/signal"
	"syscall"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	err := run(ctx, os.Args[1:], os.Stdin, os.Stdout, os.Stderr)
	if err != nil {
		var ee exitError
		if errors.As(err, &ee) {
			os.Exit(int(ee))
		}
		fmt.Fprintln(os.Stderr, "pling:", err)
		os.Exit(1)
	}
}

// exitError ends the process with a code after the command printed why.
type exitError int

func (e exitError) Error() string { return fmt.Sprintf("exit %d", int(e)) }

const usage = `Pling operates web pages for AI agents through a bounded page capability model.

Usage:
  pling serve [--http 127.0.0.1:8931] [--demo [--demo-page webmcp]] [--url URL] [--config agent.yaml]
  pling run (--url URL | --demo) [--config agent.yaml] [--trace FILE] [--quiet] "INSTRUCTION"
  pling observe URL [--json] [--schemas] [--config agent.yaml]
  pling extract URL --kind table|list|form [--index N] --field NAME:COLUMN:TYPE[:required] ... [--limit N] [--csv]
  pling demo [--config agent.yaml]
  pling config check FILE
  pling doctor [--config agent.yaml]
  pling version
`

func run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	if len(args) == 0 {
		fmt.Fprint(stderr, usage)
		return exitError(2)
	}
	switch args[0] {
	case "serve":
		return cmdServe(ctx, args[1:], stdin, stdout, stderr)
	case "run":
		return cmdRun(ctx, args[1:], stdin, stdout, stderr)
	case "observe":
		return cmdObserve(ctx, args[1:], stdout, stderr)
	case "extract":
		return cmdExtract(ctx, args[1:], stdout, stderr)
	case "demo":
		return cmdDemo(ctx, args[1:], stdout, stderr)
	case "config":
		return cmdConfig(args[1:], stdout, stderr)
	case "doctor":
		return cmdDoctor(ctx, args[1:], stdout, stderr)
	case "version", "--version", "-v":
		fmt.Fprintln(stdout, versionString())
		return nil
	case "help", "--help", "-h":
		fmt.Fprint(stdout, usage)
		return nil
	}
	fmt.Fprintf(stderr, "pling: unknown command %q\n\n%s", args[0], usage)
	return exitError(2)
}

// newLogger logs to stderr (stdout carries only MCP messages on stdio).
// PLING_LOG=debug|info|warn|error sets the level (default info).
func newLogger(stderr io.Writer) *slog.Logger {
	level := slog.LevelInfo
	switch os.Getenv("PLING_LOG") {
	case "debug":
		level = slog.LevelDebug
	case "warn":
		level = slog.LevelWarn
	case "error":
		level = slog.LevelError
	}
	return slog.New(slog.NewTextHandler(stderr, &slog.HandlerOptions{Level: level}))
}
