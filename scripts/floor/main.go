// Command floor is the baseline scripts/bench.sh measures hookconv against:
// the least any Go program costs on the machine at hand.
//
//	floor                  exits at once: a Go process's start-up
//	floor exec CMD [ARG…]  runs CMD with its own stdin, stdout and stderr and
//	                       exits with CMD's code: the least a shim written in
//	                       Go, such as `hookconv run`, can add to a hook
//	floor touch MIB [huge] allocates MIB MiB in 1 MiB blocks and touches every
//	                       page: what fresh memory costs here, with "huge"
//	                       after hugeheap.Prepare, as hookconv does for
//	                       large inputs
package main

import (
	"fmt"
	"os"
	"os/exec"
	"runtime"
	"strconv"

	"github.com/hookconv/hookconv/internal/hugeheap"
)

func main() {
	if len(os.Args) < 3 {
		return
	}
	switch os.Args[1] {
	case "exec":
		cmd := exec.Command(os.Args[2], os.Args[3:]...)
		cmd.Stdin, cmd.Stdout, cmd.Stderr = os.Stdin, os.Stdout, os.Stderr
		if err := cmd.Run(); err != nil {
			if x, ok := err.(*exec.ExitError); ok {
				os.Exit(x.ExitCode())
			}
			os.Exit(127)
		}
	case "touch":
		mib, err := strconv.Atoi(os.Args[2])
		if err != nil || mib <= 0 {
			fmt.Fprintln(os.Stderr, "usage: floor touch MIB [huge]")
			os.Exit(2)
		}
		if len(os.Args) > 3 && os.Args[3] == "huge" {
			hugeheap.Prepare(mib<<20, mib<<20)
		}
		blocks := make([][]byte, mib)
		for i := range blocks {
			blocks[i] = make([]byte, 1<<20)
			for j := 0; j < len(blocks[i]); j += 4096 {
				blocks[i][j] = 1
			}
		}
		runtime.KeepAlive(blocks)
	}
}
