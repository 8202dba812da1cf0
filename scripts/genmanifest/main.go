// Command genmanifest prints a valid hooks/1.0 manifest with N varied hooks,
// for benchmarking the CLI on large inputs (scripts/bench.sh).
package main

import (
	"fmt"
	"os"
	"strconv"

	"github.com/hookconv/hookconv/internal/benchdata"
)

func main() {
	n := 10000
	if len(os.Args) > 1 {
		v, err := strconv.Atoi(os.Args[1])
		if err != nil || v < 1 {
			fmt.Fprintln(os.Stderr, "usage: genmanifest [N]")
			os.Exit(2)
		}
		n = v
	}
	os.Stdout.Write(benchdata.Manifest(n))
}
