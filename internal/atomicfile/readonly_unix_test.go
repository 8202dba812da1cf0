//go:build unix

package atomicfile

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// TestWriteRefusesReadOnly: a file its owner made read-only is not
// replaced, though the folder would let the rename through. Root may
// write anything, so as root the test runs itself again as nobody.
func TestWriteRefusesReadOnly(t *testing.T) {
	path := os.Getenv("ATOMICFILE_READONLY")
	if path == "" {
		if os.Geteuid() != 0 {
			dir := t.TempDir()
			path = filepath.Join(dir, "ro.json")
			if err := os.WriteFile(path, []byte("{}\n"), 0o444); err != nil {
				t.Fatal(err)
			}
			checkRefused(t, path)
			return
		}
		dir, err := os.MkdirTemp("", "atomicfile-ro-")
		if err != nil {
			t.Fatal(err)
		}
		defer os.RemoveAll(dir)
		// A folder anyone may rename in, holding a read-only file of root's.
		if err := os.Chmod(dir, 0o777); err != nil {
			t.Fatal(err)
		}
		path = filepath.Join(dir, "ro.json")
		if err := os.WriteFile(path, []byte("{}\n"), 0o444); err != nil {
			t.Fatal(err)
		}
		// The test binary, where nobody may run it (go test's build folder
		// is root's own).
		bin, err := os.ReadFile(os.Args[0])
		if err != nil {
			t.Fatal(err)
		}
		binDir, err := os.MkdirTemp("", "atomicfile-bin-")
		if err != nil {
			t.Fatal(err)
		}
		defer os.RemoveAll(binDir)
		if err := os.Chmod(binDir, 0o755); err != nil {
			t.Fatal(err)
		}
		self := filepath.Join(binDir, "atomicfile.test")
		if err := os.WriteFile(self, bin, 0o755); err != nil {
			t.Fatal(err)
		}
		cmd := exec.Command(self, "-test.run=^TestWriteRefusesReadOnly$", "-test.v")
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "ATOMICFILE_READONLY="+path)
		cmd.SysProcAttr = &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: 65534, Gid: 65534}}
		out, err := cmd.CombinedOutput()
		var exit *exec.ExitError
		if err != nil && !errors.As(err, &exit) {
			t.Skipf("cannot run as nobody here: %v", err) // no CAP_SETUID
		}
		if err != nil || !strings.Contains(string(out), "--- PASS: TestWriteRefusesReadOnly") {
			t.Fatalf("as nobody: %v\n%s", err, out)
		}
		if got, _ := os.ReadFile(path); string(got) != "{}\n" {
			t.Errorf("the read-only file now holds %q", got)
		}
		return
	}
	checkRefused(t, path)
}

func checkRefused(t *testing.T, path string) {
	t.Helper()
	err := Write(path, []byte(`{"new": true}`), 0o644)
	if err == nil || !strings.Contains(err.Error(), "cannot be written") {
		t.Errorf("Write over a read-only file: %v, want a refusal", err)
	}
	if got, _ := os.ReadFile(path); string(got) != "{}\n" {
		t.Errorf("the file now holds %q", got)
	}
	if names := entries(t, filepath.Dir(path)); len(names) != 1 {
		t.Errorf("the folder holds %q, want only the file", names)
	}
}

// TestWriteKeepsOwner: replacing a file keeps its owner and group. Only
// root can give a file away, so the test needs root.
func TestWriteKeepsOwner(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("needs root to give the file another owner")
	}
	path := filepath.Join(t.TempDir(), "settings.json")
	if err := os.WriteFile(path, []byte("old"), 0o640); err != nil {
		t.Fatal(err)
	}
	if err := os.Chown(path, 1000, 1001); err != nil {
		t.Fatal(err)
	}
	if err := Write(path, []byte("new"), 0o644); err != nil {
		t.Fatal(err)
	}
	fi, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	st := fi.Sys().(*syscall.Stat_t)
	if st.Uid != 1000 || st.Gid != 1001 || fi.Mode().Perm() != 0o640 {
		t.Errorf("after Write: uid %d gid %d mode %v, want 1000 1001 -rw-r-----", st.Uid, st.Gid, fi.Mode().Perm())
	}
}

// TestWriteRefusesHardLink: a file with another name is not replaced (the
// other name would keep the old contents); nothing is written.
func TestWriteRefusesHardLink(t *testing.T) {
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a.json"), filepath.Join(dir, "b.json")
	if err := os.WriteFile(a, []byte("old"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Link(a, b); err != nil {
		t.Skipf("no hard links here: %v", err)
	}
	err := Write(b, []byte("new"), 0o644)
	if err == nil || !strings.Contains(err.Error(), "has 2 names (hard links)") {
		t.Fatalf("err = %v, want a refusal naming the hard links", err)
	}
	for _, p := range []string{a, b} {
		if got, _ := os.ReadFile(p); string(got) != "old" {
			t.Errorf("%s = %q, want it untouched", p, got)
		}
	}
	if got := entries(t, dir); len(got) != 2 {
		t.Errorf("left behind: %v", got)
	}
}
