//go:build unix

package hookconv

import (
	"syscall"
	"time"
)

// processCPU is the CPU time the test process has used so far, user and
// system, on every core: what a benchmark of parallel work costs beside
// its wall time, which other processes on the machine move.
func processCPU() time.Duration {
	var u syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &u) != nil {
		return 0
	}
	return time.Duration(u.Utime.Nano() + u.Stime.Nano())
}
