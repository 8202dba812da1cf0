package main

import (
	"flag"
	"os"
	"strconv"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"
)

var update = flag.Bool("update", false, "rewrite the expected output in testdata/script from what the CLI prints (review the diff!)")

func TestMain(m *testing.M) {
	testscript.Main(m, map[string]func(){
		"hookconv": func() { os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr)) },
	})
}

// TestScripts runs every CLI behaviour and error path written down in
// testdata/script/*.txtar: files, a command line, the expected output.
func TestScripts(t *testing.T) {
	testscript.Run(t, testscript.Params{
		Dir:           "../../testdata/script",
		UpdateScripts: *update,
		Cmds: map[string]func(ts *testscript.TestScript, neg bool, args []string){
			// mkfile NAME SIZE makes a sparse file of SIZE bytes, for
			// size-limit tests without writing megabytes into testdata.
			"mkfile": func(ts *testscript.TestScript, neg bool, args []string) {
				if neg || len(args) != 2 {
					ts.Fatalf("usage: mkfile NAME SIZE")
				}
				size, err := strconv.ParseInt(args[1], 10, 64)
				ts.Check(err)
				f, err := os.Create(ts.MkAbs(args[0]))
				ts.Check(err)
				ts.Check(f.Truncate(size))
				ts.Check(f.Close())
			},
		},
		Setup: func(e *testscript.Env) error {
			// Scripts use the repository's examples and the shared corpus.
			wd, err := os.Getwd()
			if err != nil {
				return err
			}
			e.Setenv("REPO", wd+"/../..")
			e.Setenv("NO_COLOR", "1")
			return nil
		},
	})
}
