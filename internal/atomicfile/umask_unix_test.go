//go:build unix

package atomicfile

import (
	"io/fs"
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

// TestNewFileHonoursUmask: a new file gets its mode less the umask, as
// any program's would; an existing file keeps its own (QA: 0644 under
// umask 077).
func TestNewFileHonoursUmask(t *testing.T) {
	old := syscall.Umask(0o077)
	defer syscall.Umask(old)
	if got := umask(); got != 0o077 {
		t.Fatalf("umask() = %o, want 077", got)
	}
	dir := t.TempDir()
	for _, tc := range []struct {
		name string
		perm fs.FileMode
		want fs.FileMode
	}{
		{"hooks.json", 0o644, 0o600},
		{"script.sh", 0o755, 0o700},
	} {
		p := filepath.Join(dir, tc.name)
		if got := ModeFor(p, tc.perm); got != tc.want {
			t.Errorf("%s: ModeFor before the write = %v, want %v", tc.name, got, tc.want)
		}
		if err := Write(p, []byte("{}\n"), tc.perm); err != nil {
			t.Fatal(err)
		}
		if fi, err := os.Stat(p); err != nil || fi.Mode().Perm() != tc.want {
			t.Errorf("%s: mode %v (%v), want %v", tc.name, fi.Mode().Perm(), err, tc.want)
		}
	}
	existing := filepath.Join(dir, "existing.json")
	if err := os.WriteFile(existing, []byte("{}"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(existing, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := Write(existing, []byte("{}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if fi, _ := os.Stat(existing); fi.Mode().Perm() != 0o644 {
		t.Errorf("existing file: mode %v, want it kept at 0644", fi.Mode().Perm())
	}
	if got := ModeFor(existing, 0o755); got != 0o644 {
		t.Errorf("existing file: ModeFor = %v, want its own 0644", got)
	}
}
