//go:build !unix

package main

import "io"

// debugStatsOnSignal is a no-op where there is no SIGUSR1.
func debugStatsOnSignal(io.Writer) (stop func()) { return func() {} }
