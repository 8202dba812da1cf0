//go:build unix

package hookconv

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/hookconv/hookconv/canonical"
)

// TestReadScriptSpecialFiles: a checkout is untrusted input. A script
// path that is a FIFO (whose open would wait for a writer forever) or a
// link to a device (/dev/zero, endless) is not read, and quickly.
func TestReadScriptSpecialFiles(t *testing.T) {
	dir := t.TempDir()
	if err := syscall.Mkfifo(filepath.Join(dir, "fifo.sh"), 0o644); err != nil {
		t.Skip("no FIFOs here:", err)
	}
	if err := os.Symlink("/dev/zero", filepath.Join(dir, "zero.sh")); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Mkfifo(filepath.Join(dir, "hooks"), 0o644); err != nil {
		t.Fatal(err)
	}
	s := &Scripts{FS: os.DirFS(dir)}
	for _, command := range []string{"./fifo.sh", "./zero.sh", "./hooks/guard.sh"} {
		done := make(chan bool, 1)
		go func() {
			_, ok := s.readScript(&canonical.Handler{Type: canonical.HandlerCommand, Command: command}, forAnswer)
			done <- ok
		}()
		select {
		case ok := <-done:
			if ok {
				t.Errorf("%s was read", command)
			}
		case <-time.After(5 * time.Second):
			t.Fatalf("%s: still reading after 5 s", command)
		}
	}
}
