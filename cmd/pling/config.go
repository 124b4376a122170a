package main

import (
	"fmt"
	"io"
	"os"

	"github.com/pling-dev/pling/config"
)

// cmdConfig implements `pling config check FILE`: strict decoding with
// line:column errors, then the environment checks (the browser that will
// start and why, web search key, HTTP token).
func cmdConfig(args []string, stdout, stderr io.Writer) error {
	if len(args) != 2 || args[0] != "check" {
		fmt.Fprintln(stderr, "usage: pling config check FILE")
		return exitError(2)
	}
	cfg, err := config.Load(args[1])
	if err == nil {
		cfg, err = config.ApplyEnv(cfg, os.Getenv)
	}
	if err != nil {
		fmt.Fprintln(stderr, err)
		return exitError(1)
	}
	findings := config.CheckWith(cfg, os.Getenv, findBrowser)
	for _, f := range findings {
		fmt.Fprintln(stdout, f.String())
	}
	if config.HasErrors(findings) {
		return exitError(1)
	}
	fmt.Fprintf(stdout, "%s: ok\n", args[1])
	return nil
}
