package main

import (
	"bufio"
	"context"
	"os"
	"strings"
	"testing"
)

// The terminal confirmation: only y or yes runs the action; the question
// goes to the terminal (stderr), never stdout.
func TestTerminalConfirmer(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want bool
	}{{"y\n", true}, {"YES\n", true}, {" y \n", true}, {"\n", false}, {"n\n", false}, {"yep\n", false}, {"", false}} {
		var out strings.Builder
		c := &terminalConfirmer{in: bufio.NewReader(strings.NewReader(tc.in)), out: &out}
		got, err := c.Confirm(context.Background(), "The agent wants to run clear_all. Allow it?")
		if err != nil || got != tc.want {
			t.Errorf("%q: got %v, %v; want %v", tc.in, got, err, tc.want)
		}
		if out.String() != "The agent wants to run clear_all. Allow it? [y/N] " {
			t.Errorf("prompt = %q", out.String())
		}
	}
}

// /dev/null and pipes are not terminals: nobody can confirm there.
func TestIsTerminal(t *testing.T) {
	null, err := os.Open(os.DevNull)
	if err != nil {
		t.Fatal(err)
	}
	defer null.Close()
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	defer w.Close()
	for name, f := range map[string]*os.File{"devnull": null, "pipe": r} {
		if isTerminal(f) {
			t.Errorf("%s taken for a terminal", name)
		}
	}
	if isTerminal(strings.NewReader("")) {
		t.Error("a reader taken for a terminal")
	}
}
