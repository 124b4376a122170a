//go:build unix

package main

import (
	"fmt"
	"io"
	"os"
	"os/signal"
	"runtime"
	"runtime/debug"
	"syscall"
)

// envDebugStats, when set in the environment of `pling serve`, makes the
// process answer SIGUSR1 with one line of runtime figures on stderr, after
// a garbage collection that returns freed memory to the OS. The soak test
// (e2e/soak_test.go) uses it to read the real binary's goroutines, and its
// RSS from /proc, on the same footing at every checkpoint. Unset (the
// default) nothing listens for the signal.
const envDebugStats = "PLING_DEBUG_STATS"

// debugStatsOnSignal starts the SIGUSR1 handler when envDebugStats is set
// and returns the function that stops it.
func debugStatsOnSignal(stderr io.Writer) (stop func()) {
	if os.Getenv(envDebugStats) == "" {
		return func() {}
	}
	ch := make(chan os.Signal, 1)
	signal.Notify(ch, syscall.SIGUSR1)
	done := make(chan struct{})
	go func() {
		for {
			select {
			case <-ch:
				runtime.GC()
				debug.FreeOSMemory()
				var ms runtime.MemStats
				runtime.ReadMemStats(&ms)
				// The goroutine count excludes this one.
				fmt.Fprintf(stderr, "pling: runtime goroutines=%d heap_alloc_kb=%d heap_sys_kb=%d\n",
					runtime.NumGoroutine()-1, ms.HeapAlloc/1024, ms.HeapSys/1024)
			case <-done:
				return
			}
		}
	}()
	return func() {
		signal.Stop(ch)
		close(done)
	}
}
