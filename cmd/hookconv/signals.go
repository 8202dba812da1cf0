package main

import (
	"fmt"
	"io"
	"os"
	"os/signal"
	"sync"
	"syscall"

	"github.com/hookconv/hookconv/internal/atomicfile"
)

// A command that writes files (migrate, convert -o) handles SIGINT and
// SIGTERM itself from its start, so that a run stopped at any point ends
// with one line saying what became of the files (QA q1 F5: stopped while
// it read and converted, most of a large migration's time, it exited 130
// with nothing on stderr, and a script could not tell whether a project
// was half written). The phase says which line is true.
const (
	beforeWriting = iota // nothing written yet
	writing              // staging and renaming: removingStagedOnSignal
	written              // every file in place; only output is left
)

// signals is the one handler of a process: guardSignals installs it,
// removingStagedOnSignal moves it through the phases.
var signals struct {
	mu        sync.Mutex
	installed bool
	phase     int
	stderr    io.Writer
}

// guardHook, when not nil, runs once the handler is installed: a test's
// seam to send a signal at that moment (signal_unix_test.go).
var guardHook func()

// guardSignals handles SIGINT and SIGTERM until the returned function is
// called: the process ends with 130 or 143, as the signal would have
// ended it, after one line on stderr saying what was written (nothing,
// before writing; the staged copies removed, while writing; every file,
// after). A second call while one is installed changes nothing.
func guardSignals(stderr io.Writer) (stop func()) {
	signals.mu.Lock()
	if signals.installed {
		signals.mu.Unlock()
		return func() {}
	}
	signals.installed, signals.phase, signals.stderr = true, beforeWriting, stderr
	signals.mu.Unlock()
	ch := make(chan os.Signal, 1)
	signal.Notify(ch, os.Interrupt, syscall.SIGTERM)
	done := make(chan struct{})
	go func() {
		select {
		case sig := <-ch:
			// Held to the end: the phase cannot move on, nor the
			// writer stage more (atomicfile stops it), while the line
			// is written and the process ends.
			signals.mu.Lock()
			switch signals.phase {
			case beforeWriting:
				fmt.Fprintf(signals.stderr, "hookconv: %v before writing; nothing was written\n", sig)
			case writing:
				n := atomicfile.RemoveStaged()
				fmt.Fprintf(signals.stderr, "hookconv: %v while writing; %d temporary file(s) removed; a file already written is whole, the others are as they were\n", sig, n)
			default:
				fmt.Fprintf(signals.stderr, "hookconv: %v after writing; the files were written, the output after them may be cut short\n", sig)
			}
			code := 130 // 128 + SIGINT, as a shell reports it
			if sig == syscall.SIGTERM {
				code = 143
			}
			os.Exit(code)
		case <-done:
		}
	}()
	if guardHook != nil {
		guardHook()
	}
	return func() {
		signal.Stop(ch)
		close(done)
		signals.mu.Lock()
		signals.installed = false
		signals.mu.Unlock()
	}
}

// setPhase moves the installed handler to phase p.
func setPhase(p int) {
	signals.mu.Lock()
	signals.phase = p
	signals.mu.Unlock()
}

// removingStagedOnSignal runs write, which stages files and renames them
// into place. An interrupt or a termination signal that arrives meanwhile
// removes the temporary files staged and not yet renamed before the
// process ends, as the signal would have ended it: a migration script
// killed halfway must not leave .settings.json.tmp-* files for its
// "git add -A" to commit. A file already renamed is whole, and the
// others are as they were. Once the handler has run, write stages nothing
// more (atomicfile.ErrStopped), so the count it gives is every file left.
// It uses the command's handler (guardSignals), or installs one for the
// write alone.
func removingStagedOnSignal(stderr io.Writer, write func() error) error {
	stop := guardSignals(stderr)
	defer stop()
	setPhase(writing)
	err := write()
	if atomicfile.Stopped() {
		// The handler has removed the staged files and is ending the
		// process with the signal's code: a write that failed because of
		// it (atomicfile.ErrStopped) must not be reported as a failure of
		// its own, with another exit code, in a race with that exit.
		select {}
	}
	if err == nil {
		// A failed write stays "writing": what that line says (a file
		// already written is whole, the others as they were) is true
		// of it too.
		setPhase(written)
	}
	return err
}
