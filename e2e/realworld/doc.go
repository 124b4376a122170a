// Package realworld is the real-world corpus: pages written by other people,
// installed from npm at test time (never vendored), served on 127.0.0.1 and
// driven through the real `pling serve` binary with an MCP client, the way
// a scripted agent would. The tests live in the _test.go files; see
// docs/REALWORLD.md for the apps, the script and the results.
package realworld
