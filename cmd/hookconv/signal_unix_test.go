//go:build unix

package main

import (
	"os"
	"strconv"
	"syscall"
	"time"

	"github.com/hookconv/hookconv/internal/atomicfile"
)

// signalAtStage makes a script's hookconv send itself SIGTERM once it has
// staged file N (HOOKCONV_TEST_SIGTERM_AT_STAGE=N) and go on staging only
// when the signal's handler has removed the staged files: the moment QA
// hit with sleeps, taken every time. HOOKCONV_TEST_SIGNAL_ON_GUARD sends
// one before writing.
func signalAtStage() {
	// HOOKCONV_TEST_SIGNAL_ON_GUARD=INT|TERM: the signal as soon as the
	// command's handler is installed, before anything is written (a
	// large migration spends most of its time reading and converting).
	if name := os.Getenv("HOOKCONV_TEST_SIGNAL_ON_GUARD"); name != "" {
		sig := syscall.SIGINT
		if name == "TERM" {
			sig = syscall.SIGTERM
		}
		guardHook = func() {
			syscall.Kill(os.Getpid(), sig)
			time.Sleep(10 * time.Second) // the handler ends the process
		}
	}
	at, err := strconv.Atoi(os.Getenv("HOOKCONV_TEST_SIGTERM_AT_STAGE"))
	if err != nil {
		return
	}
	atomicfile.StagedHook = func(n int) {
		if n != at {
			return
		}
		syscall.Kill(os.Getpid(), syscall.SIGTERM)
		for deadline := time.Now().Add(10 * time.Second); !atomicfile.Stopped() && time.Now().Before(deadline); {
			time.Sleep(time.Millisecond)
		}
	}
}
