package e2e

import (
	"bytes"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// proc is one live process as /proc/PID/stat describes it.
type proc struct {
	pid, ppid int
	comm      string
	zombie    bool
}

// procs lists the machine's processes (Linux /proc); unreadable entries
// (a process that just ended) are skipped.
func procs() []proc {
	var out []proc
	dirs, _ := filepath.Glob("/proc/[0-9]*")
	for _, d := range dirs {
		stat, err := os.ReadFile(filepath.Join(d, "stat"))
		if err != nil {
			continue
		}
		// pid (comm) state ppid ...: the name may hold spaces and ")".
		i := bytes.LastIndexByte(stat, ')')
		j := bytes.IndexByte(stat, '(')
		if i < 0 || j < 0 || j > i {
			continue
		}
		f := strings.Fields(string(stat[i+1:]))
		if len(f) < 2 {
			continue
		}
		pid, _ := strconv.Atoi(filepath.Base(d))
		ppid, _ := strconv.Atoi(f[1])
		out = append(out, proc{pid: pid, ppid: ppid, comm: string(stat[j+1 : i]), zombie: f[0] == "Z"})
	}
	return out
}
