//go:build unix

package main

import (
	"bytes"
	"os"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestLockProjectWaits: a second run on the project waits, saying so,
// until the first lets go of it.
func TestLockProjectWaits(t *testing.T) {
	dir := t.TempDir()
	held, err := os.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer held.Close()
	if err := syscall.Flock(int(held.Fd()), syscall.LOCK_EX); err != nil {
		t.Skipf("no flock here: %v", err)
	}
	var said bytes.Buffer
	got := make(chan func())
	go func() {
		unlock, held := lockProject(dir, &said)
		if !held {
			t.Error("lockProject says it holds no lock")
		}
		got <- unlock
	}()
	select {
	case <-got:
		t.Fatal("took the lock another run holds")
	case <-time.After(200 * time.Millisecond):
	}
	syscall.Flock(int(held.Fd()), syscall.LOCK_UN)
	select {
	case unlock := <-got:
		unlock()
	case <-time.After(5 * time.Second):
		t.Fatal("still waiting after the lock was let go")
	}
	if !strings.Contains(said.String(), "waiting for another hookconv run on "+dir) {
		t.Errorf("said %q", said.String())
	}
}
