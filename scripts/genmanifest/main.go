// Command genmanifest prints a large, valid hook configuration for
// benchmarking the CLI (scripts/bench.sh): a hooks/1.0 manifest with N
// hooks, or with -claude a Claude Code settings file with N handlers.
package main

import (
	"flag"
	"fmt"
	"os"
	"strconv"

	"github.com/hookconv/hookconv/internal/benchdata"
)

func main() {
	claude := flag.Bool("claude", false, "print a Claude Code settings file instead of a manifest")
	flag.Parse()
	n := 10000
	if flag.NArg() > 0 {
		v, err := strconv.Atoi(flag.Arg(0))
		if err != nil || v < 1 {
			fmt.Fprintln(os.Stderr, "usage: genmanifest [-claude] [N]")
			os.Exit(2)
		}
		n = v
	}
	if *claude {
		os.Stdout.Write(benchdata.ClaudeSettings(n))
		return
	}
	os.Stdout.Write(benchdata.Manifest(n))
}
