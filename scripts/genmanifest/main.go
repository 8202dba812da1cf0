// Command genmanifest prints a large, valid hook configuration for
// benchmarking the CLI (scripts/bench.sh): a hooks/1.0 manifest with N
// hooks, or with -claude a Claude Code settings file with N handlers, or
// with -projects DIR a tree of N small repositories written under DIR.
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strconv"

	"github.com/hookconv/hookconv/internal/benchdata"
)

func main() {
	claude := flag.Bool("claude", false, "print a Claude Code settings file instead of a manifest")
	projects := flag.String("projects", "", "write a tree of N repositories under this directory instead")
	flag.Parse()
	n := 10000
	if flag.NArg() > 0 {
		v, err := strconv.Atoi(flag.Arg(0))
		if err != nil || v < 1 {
			fmt.Fprintln(os.Stderr, "usage: genmanifest [-claude | -projects DIR] [N]")
			os.Exit(2)
		}
		n = v
	}
	if *projects != "" {
		for p, b := range benchdata.Projects(n) {
			full := filepath.Join(*projects, filepath.FromSlash(p))
			if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
				fmt.Fprintln(os.Stderr, err)
				os.Exit(1)
			}
			if err := os.WriteFile(full, b, 0o644); err != nil {
				fmt.Fprintln(os.Stderr, err)
				os.Exit(1)
			}
		}
		return
	}
	if *claude {
		os.Stdout.Write(benchdata.ClaudeSettings(n))
		return
	}
	os.Stdout.Write(benchdata.Manifest(n))
}
