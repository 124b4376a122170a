// Package realworld is the real-world corpus: pages written by other people,
// installed from npm at test time (never vendored), served on 127.0.0.1 and
// driven through the real `pling serve` binary with an MCP client, the way
// a scripted agent would. The tests live in the _test.go files; see
// docs/REALWORLD.md for the apps, the script and the results.
//
// The applications' suites (TestWordPress, TestAdminer, …, and the widget
// gallery) run in parallel, go test's -parallel at a time (the number of
// cores): each starts its application on its own temporary state and
// free loopback ports, with its own `pling serve`, and most of a task's
// time is spent waiting for the page, so two suites overlap well on two
// cores. The TodoMVC, token and page tests run before them, one at a time.
package realworld
