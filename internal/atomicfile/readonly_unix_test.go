//go:build unix

package atomicfile

import (
	"errors"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
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

// TestCheck: Check refuses what a write would refuse, with the write's
// words, and writes nothing. The cases about file modes need a user whom
// modes stop: they skip as root.
func TestCheck(t *testing.T) {
	root := os.Geteuid() == 0
	for _, tc := range []struct {
		name   string
		setup  func(t *testing.T, dir string) string // makes the case, returns the path
		want   string                                // in the error, "" for none
		byMode bool                                  // needs a user file modes stop
	}{
		{"new file", func(t *testing.T, dir string) string { return filepath.Join(dir, "new.json") }, "", false},
		{"new folders", func(t *testing.T, dir string) string { return filepath.Join(dir, "a", "b", "new.json") }, "", false},
		{"existing", func(t *testing.T, dir string) string { return write(t, filepath.Join(dir, "f.json"), 0o644) }, "", false},
		{"a folder", func(t *testing.T, dir string) string {
			p := filepath.Join(dir, "settings.json")
			mkdir(t, p, 0o755)
			return p
		}, "settings.json is not a regular file", false},
		{"a link", func(t *testing.T, dir string) string {
			p := filepath.Join(dir, "link.json")
			if err := os.Symlink(write(t, filepath.Join(dir, "f.json"), 0o644), p); err != nil {
				t.Fatal(err)
			}
			return p
		}, "link.json is a symbolic link", false},
		{"read-only", func(t *testing.T, dir string) string { return write(t, filepath.Join(dir, "ro.json"), 0o444) }, "ro.json cannot be written: permission denied", true},
		{"closed folder", func(t *testing.T, dir string) string {
			p := write(t, filepath.Join(dir, "shut", "f.json"), 0o644)
			mkdir(t, filepath.Dir(p), 0o555)
			return p
		}, "f.json cannot be written: its folder " + "%DIR%/shut does not let this user create files", true},
		{"missing folder in a closed one", func(t *testing.T, dir string) string {
			mkdir(t, filepath.Join(dir, "shut"), 0o555)
			return filepath.Join(dir, "shut", "new", "f.json")
		}, "cannot create %DIR%/shut/new: mkdir %DIR%/shut/new: permission denied", true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if tc.byMode && root {
				t.Skip("file modes do not stop root")
			}
			dir := t.TempDir()
			path := tc.setup(t, dir)
			t.Cleanup(func() {
				filepath.WalkDir(dir, func(p string, d fs.DirEntry, _ error) error { return os.Chmod(p, 0o755) })
			})
			before := tree(t, dir)
			err := Check(path)
			want := strings.ReplaceAll(tc.want, "%DIR%", dir)
			switch {
			case want == "" && err != nil:
				t.Errorf("Check: %v, want nil", err)
			case want != "" && (err == nil || !strings.Contains(err.Error(), want)):
				t.Errorf("Check: %v, want an error saying %q", err, want)
			}
			if after := tree(t, dir); !slices.Equal(before, after) {
				t.Errorf("Check changed the folder: %q, was %q", after, before)
			}
		})
	}
}

// write makes the file p (and its folder) with mode perm.
func write(t *testing.T, p string, perm os.FileMode) string {
	t.Helper()
	mkdir(t, filepath.Dir(p), 0o755)
	if err := os.WriteFile(p, []byte("{}\n"), perm); err != nil {
		t.Fatal(err)
	}
	return p
}

// mkdir makes folder p with mode perm, or gives an existing one perm.
func mkdir(t *testing.T, p string, perm os.FileMode) {
	t.Helper()
	if err := os.MkdirAll(p, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(p, perm); err != nil {
		t.Fatal(err)
	}
}

// tree lists every path under dir.
func tree(t *testing.T, dir string) []string {
	t.Helper()
	var out []string
	filepath.WalkDir(dir, func(p string, _ fs.DirEntry, _ error) error {
		out = append(out, p)
		return nil
	})
	return out
}
