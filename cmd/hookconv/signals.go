package main

import (
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"

	"github.com/hookconv/hookconv/internal/atomicfile"
)

// removingStagedOnSignal runs write, which stages files and renames them
// into place. An interrupt or a termination signal that arrives meanwhile
// removes the temporary files staged and not yet renamed before the
// process ends, as the signal would have ended it: a migration script
// killed halfway must not leave .settings.json.tmp-* files for its
// "git add -A" to commit. A file already renamed is whole, and the
// others are as they were. Once the handler has run, write stages nothing
// more (atomicfile.ErrStopped), so the count it gives is every file left.
func removingStagedOnSignal(stderr io.Writer, write func() error) error {
	signals := make(chan os.Signal, 1)
	signal.Notify(signals, os.Interrupt, syscall.SIGTERM)
	done := make(chan struct{})
	defer func() {
		signal.Stop(signals)
		close(done)
	}()
	go func() {
		select {
		case sig := <-signals:
			n := atomicfile.RemoveStaged()
			fmt.Fprintf(stderr, "hookconv: %v while writing; %d temporary file(s) removed; a file already written is whole, the others are as they were\n", sig, n)
			code := 130 // 128 + SIGINT, as a shell reports it
			if sig == syscall.SIGTERM {
				code = 143
			}
			os.Exit(code)
		case <-done:
		}
	}()
	err := write()
	if atomicfile.Stopped() {
		// The handler has removed the staged files and is ending the
		// process with the signal's code: a write that failed because of
		// it (atomicfile.ErrStopped) must not be reported as a failure of
		// its own, with another exit code, in a race with that exit.
		select {}
	}
	return err
}
