//go:build unix

package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"syscall"
)

// lockProject takes an exclusive advisory lock on the project folder for
// the rest of the run, waiting (and saying so) while another hookconv
// holds it. Folders are locked, not files, because the rename that
// writes a file replaces its inode, and a lock on the old one would guard
// nothing. Where the file system has no locks, the run goes on without:
// the write still refuses a file changed since it was read. held says
// whether the lock was taken: only then can no other migrate be staging
// files in the project.
func lockProject(dir string, stderr io.Writer) (unlock func(), held bool) {
	f, err := os.Open(dir)
	if err != nil {
		return func() {}, false
	}
	fd := int(f.Fd())
	err = syscall.Flock(fd, syscall.LOCK_EX|syscall.LOCK_NB)
	if errors.Is(err, syscall.EWOULDBLOCK) {
		fmt.Fprintf(stderr, "hookconv: waiting for another hookconv run on %s\n", dir)
		err = syscall.Flock(fd, syscall.LOCK_EX)
	}
	if err != nil {
		f.Close()
		return func() {}, false
	}
	return func() {
		syscall.Flock(fd, syscall.LOCK_UN)
		f.Close()
	}, true
}
