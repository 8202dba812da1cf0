package atomicfile

import (
	"bytes"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"
)

// entries lists dir's names, so a test can see that no temporary file is
// left behind.
func entries(t *testing.T, dir string) []string {
	t.Helper()
	es, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range es {
		names = append(names, e.Name())
	}
	return names
}

func TestWriteNewFile(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "settings.json")
	// Bytes a text-mode writer would mangle: CRLF, NUL, no final newline.
	data := []byte("{\r\n  \"a\": \"\x00é\"\r\n}")
	if err := Write(path, data, 0o640); err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, data) {
		t.Errorf("content = %q, want %q", got, data)
	}
	if runtime.GOOS != "windows" {
		fi, err := os.Stat(path)
		if err != nil {
			t.Fatal(err)
		}
		// Exactly defaultPerm: the mode is set with chmod, so the umask
		// does not apply.
		if fi.Mode().Perm() != 0o640 {
			t.Errorf("mode = %v, want 0640", fi.Mode().Perm())
		}
	}
	if names := entries(t, dir); len(names) != 1 || names[0] != "settings.json" {
		t.Errorf("directory holds %q, want only settings.json", names)
	}
}

func TestWriteReplaceKeepsMode(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("POSIX permission bits")
	}
	// The setgid bit too (QA: a shared project's setgid settings file
	// lost it), with the permission bits around it.
	for _, mode := range []fs.FileMode{0o600, 0o755, 0o664 | fs.ModeSetgid} {
		t.Run(mode.String(), func(t *testing.T) {
			dir := t.TempDir()
			path := filepath.Join(dir, "f")
			if err := os.WriteFile(path, []byte("old contents, longer than the new"), 0o644); err != nil {
				t.Fatal(err)
			}
			if err := os.Chmod(path, mode); err != nil {
				t.Fatal(err)
			}
			// defaultPerm differs from mode, so a pass shows the existing
			// bits won.
			if err := Write(path, []byte("new"), 0o644); err != nil {
				t.Fatal(err)
			}
			fi, err := os.Stat(path)
			if err != nil {
				t.Fatal(err)
			}
			if got := fi.Mode() & (fs.ModePerm | fs.ModeSetgid); got != mode {
				t.Errorf("mode = %v, want %v", got, mode)
			}
			if got, _ := os.ReadFile(path); string(got) != "new" {
				t.Errorf("content = %q, want %q", got, "new")
			}
			if names := entries(t, dir); len(names) != 1 {
				t.Errorf("directory holds %q, want only f", names)
			}
		})
	}
}

func TestWriteEmpty(t *testing.T) {
	path := filepath.Join(t.TempDir(), "f")
	if err := os.WriteFile(path, []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := Write(path, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if got, _ := os.ReadFile(path); len(got) != 0 {
		t.Errorf("content = %q, want empty", got)
	}
}

func TestWriteMissingDirectory(t *testing.T) {
	parent := t.TempDir()
	path := filepath.Join(parent, "missing", "settings.json")
	if err := Write(path, []byte("{}"), 0o644); err == nil {
		t.Fatal("Write into a missing directory succeeded")
	}
	if names := entries(t, parent); len(names) != 0 {
		t.Errorf("left behind %q", names)
	}
}

func TestWriteRenameFailure(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "settings.json")
	orig := []byte(`{"keep": true}`)
	if err := os.WriteFile(path, orig, 0o644); err != nil {
		t.Fatal(err)
	}
	boom := errors.New("boom")
	rename = func(string, string) error { return boom }
	defer func() { rename = os.Rename }()

	if err := Write(path, []byte("{}"), 0o644); !errors.Is(err, boom) {
		t.Fatalf("Write = %v, want %v", err, boom)
	}
	if got, _ := os.ReadFile(path); !bytes.Equal(got, orig) {
		t.Errorf("original changed to %q", got)
	}
	if names := entries(t, dir); len(names) != 1 || names[0] != "settings.json" {
		t.Errorf("directory holds %q, want only settings.json (temp file not removed)", names)
	}
}

func TestWriteRefusesSymlink(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(dir, "real.json")
	link := filepath.Join(dir, "settings.json")
	if err := os.WriteFile(target, []byte("real"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(target, link); err != nil {
		t.Skipf("cannot create symlinks here: %v", err)
	}
	err := Write(link, []byte("new"), 0o644)
	if err == nil || !strings.Contains(err.Error(), "symbolic link") {
		t.Fatalf("Write through symlink = %v, want a symbolic-link error", err)
	}
	if fi, err := os.Lstat(link); err != nil || fi.Mode()&fs.ModeSymlink == 0 {
		t.Errorf("link no longer a symlink (err %v)", err)
	}
	if got, _ := os.ReadFile(target); string(got) != "real" {
		t.Errorf("target changed to %q", got)
	}
	if names := entries(t, dir); len(names) != 2 {
		t.Errorf("directory holds %q, want only the link and its target", names)
	}
}

func TestWriteRefusesDirectory(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "sub")
	if err := os.Mkdir(path, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := Write(path, []byte("x"), 0o644); err == nil || !strings.Contains(err.Error(), "not a regular file") {
		t.Fatalf("Write over a directory = %v, want a not-a-regular-file error", err)
	}
}

func TestWriteRelativePath(t *testing.T) {
	t.Chdir(t.TempDir())
	if err := Write("f.json", []byte("{}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if got, _ := os.ReadFile("f.json"); string(got) != "{}\n" {
		t.Errorf("content = %q", got)
	}
}

// TestWriteAllNothingOnFailure: when one file of a set cannot be staged
// (here: a symlink in the way), no file of the set is written and no
// temporary file is left behind.
func TestWriteAllNothingOnFailure(t *testing.T) {
	dir := t.TempDir()
	good, link := fileAndLink(t, dir)
	err := WriteAll(map[string][]byte{good: []byte("new"), link: []byte("new")}, func(string) fs.FileMode { return 0o644 })
	if err == nil {
		t.Fatal("WriteAll through a symlink succeeded")
	}
	if b, _ := os.ReadFile(good); string(b) != "old" {
		t.Errorf("a.json = %q after a failed WriteAll, want it untouched", b)
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 2 {
		t.Errorf("directory holds %d entries after a failed WriteAll, want 2 (no temporary files)", len(entries))
	}
}

// TestWriteAllModes: each file gets the mode the caller chooses for it.
func TestWriteAllModes(t *testing.T) {
	dir := t.TempDir()
	script, config := filepath.Join(dir, "PreToolUse"), filepath.Join(dir, "c.json")
	err := WriteAll(map[string][]byte{script: []byte("#!/bin/sh\n"), config: []byte("{}\n")}, func(p string) fs.FileMode {
		if p == script {
			return 0o755
		}
		return 0o644
	})
	if err != nil {
		t.Fatal(err)
	}
	for p, want := range map[string]fs.FileMode{script: 0o755, config: 0o644} {
		st, err := os.Stat(p)
		if err != nil {
			t.Fatal(err)
		}
		if st.Mode().Perm() != want {
			t.Errorf("%s: mode %v, want %v", filepath.Base(p), st.Mode().Perm(), want)
		}
	}
}

// TestWriteAllCreatesAndCleansFolders: missing folders are created for a
// new file, and removed again when nothing could be written.
func TestWriteAllCreatesAndCleansFolders(t *testing.T) {
	dir := t.TempDir()
	fresh := filepath.Join(dir, ".gemini", "sub", "settings.json")
	_, link := fileAndLink(t, dir)
	perm := func(string) fs.FileMode { return 0o644 }
	if err := WriteAll(map[string][]byte{fresh: []byte("{}"), link: []byte("new")}, perm); err == nil {
		t.Fatal("WriteAll through a symlink succeeded")
	}
	if _, err := os.Stat(filepath.Join(dir, ".gemini")); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf(".gemini after a failed WriteAll: %v, want it gone", err)
	}
	if err := WriteAll(map[string][]byte{fresh: []byte("{}")}, perm); err != nil {
		t.Fatal(err)
	}
	if b, err := os.ReadFile(fresh); err != nil || string(b) != "{}" {
		t.Errorf("new file in new folders: %q, %v", b, err)
	}
}

// TestWriteInOrderPartial: files are renamed into place in the order
// given, and a failure after some were says which (PartialError).
func TestWriteInOrderPartial(t *testing.T) {
	dir := t.TempDir()
	first, second := filepath.Join(dir, "z-target.json"), filepath.Join(dir, "a-source.json")
	if err := os.WriteFile(second, []byte("source"), 0o644); err != nil {
		t.Fatal(err)
	}
	boom := errors.New("busy")
	rename = func(from, to string) error {
		if to == second {
			return boom
		}
		return os.Rename(from, to)
	}
	defer func() { rename = os.Rename }()
	files := map[string][]byte{first: []byte("target"), second: []byte("stripped")}
	err := WriteInOrder([]string{first, second}, files, func(string) fs.FileMode { return 0o644 })
	var partial *PartialError
	if !errors.As(err, &partial) || !errors.Is(err, boom) || len(partial.Written) != 1 || partial.Written[0] != first {
		t.Fatalf("err = %v, want a PartialError naming %s", err, first)
	}
	if b, _ := os.ReadFile(second); string(b) != "source" {
		t.Errorf("the file after the failure = %q, want it untouched", b)
	}
	if b, _ := os.ReadFile(first); string(b) != "target" {
		t.Errorf("the file before the failure = %q, want it written", b)
	}
}

// fileAndLink writes a.json ("old") in dir and a symbolic link b.json to
// it, which a write must refuse; it skips the test where links cannot be
// made.
func fileAndLink(t *testing.T, dir string) (good, link string) {
	t.Helper()
	good = filepath.Join(dir, "a.json")
	if err := os.WriteFile(good, []byte("old"), 0o644); err != nil {
		t.Fatal(err)
	}
	link = filepath.Join(dir, "b.json")
	if err := os.Symlink(good, link); err != nil {
		t.Skip("no symlinks here:", err)
	}
	return good, link
}

// TestWriteIfUnchanged: a file another program changed after it was read
// is not written over, nor is any other file of the run; one that holds
// what was read is.
func TestWriteIfUnchanged(t *testing.T) {
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a.json"), filepath.Join(dir, "b.json")
	if err := os.WriteFile(a, []byte("a0"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(b, []byte("b-edited"), 0o644); err != nil {
		t.Fatal(err)
	}
	files := map[string][]byte{a: []byte("a1"), b: []byte("b1")}
	perm := func(string) fs.FileMode { return 0o644 }
	err := WriteInOrderIfUnchanged([]string{a, b}, files, perm, map[string][]byte{a: []byte("a0"), b: []byte("b0")})
	var changed *ChangedError
	if !errors.As(err, &changed) || changed.Path != b {
		t.Fatalf("err = %v, want a ChangedError for %s", err, b)
	}
	for path, want := range map[string]string{a: "a0", b: "b-edited"} {
		if got, _ := os.ReadFile(path); string(got) != want {
			t.Errorf("%s = %q, want %q (untouched)", path, got, want)
		}
	}
	if got := entries(t, dir); len(got) != 2 {
		t.Errorf("staged files left behind: %v", got)
	}
	// A file that did not exist must still not exist.
	c := filepath.Join(dir, "c.json")
	os.WriteFile(c, []byte("c-new"), 0o644)
	if err := WriteInOrderIfUnchanged([]string{c}, map[string][]byte{c: []byte("c1")}, perm, map[string][]byte{c: nil}); !errors.As(err, &changed) {
		t.Errorf("a file created meanwhile: err = %v", err)
	}
	// Unchanged: written.
	if err := WriteInOrderIfUnchanged([]string{a}, files, perm, map[string][]byte{a: []byte("a0")}); err != nil {
		t.Fatal(err)
	}
	if got, _ := os.ReadFile(a); string(got) != "a1" {
		t.Errorf("a = %q, want a1", got)
	}
}

// TestRemoveStale: only Stage's own temporary files beside the path, and
// only old ones, are removed.
func TestRemoveStale(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "settings.json")
	old := time.Now().Add(-time.Hour)
	for _, name := range []string{".settings.json.tmp-123", ".settings.json.tmp-456", ".other.json.tmp-1", "settings.json.tmp-2", ".settings.json.bak"} {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, nil, 0o600); err != nil {
			t.Fatal(err)
		}
		if name != ".settings.json.tmp-456" {
			os.Chtimes(p, old, old)
		}
	}
	got := RemoveStale(path, time.Minute)
	if len(got) != 1 || filepath.Base(got[0]) != ".settings.json.tmp-123" {
		t.Errorf("removed %v, want only .settings.json.tmp-123", got)
	}
	if left := entries(t, dir); len(left) != 4 {
		t.Errorf("left %v", left)
	}
}

// TestRemoveStaged: what a signal handler removes is what is staged and
// not yet renamed or discarded, and nothing else.
func TestRemoveStaged(t *testing.T) {
	resumeAfter(t)
	dir := t.TempDir()
	kept := filepath.Join(dir, "kept.json")
	if err := Write(kept, []byte("{}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	s1, err := Stage(filepath.Join(dir, "a.json"), []byte("a"), 0o644)
	if err != nil {
		t.Fatal(err)
	}
	s2, err := Stage(filepath.Join(dir, "b.json"), []byte("b"), 0o644)
	if err != nil {
		t.Fatal(err)
	}
	if err := s2.Commit(); err != nil {
		t.Fatal(err)
	}
	if n := RemoveStaged(); n != 1 {
		t.Errorf("RemoveStaged removed %d files, want 1 (a.json's)", n)
	}
	if names := entries(t, dir); !slices.Equal(names, []string{"b.json", "kept.json"}) {
		t.Errorf("directory holds %q, want b.json and kept.json", names)
	}
	s1.Discard() // already gone: no error, no panic
	resume()     // as a new process would start
	// A folder a write in progress made goes too, when still empty.
	made, err := mkdirs(filepath.Join(dir, "new", "deeper"), nil)
	if err != nil || len(made) != 2 {
		t.Fatalf("mkdirs: %v %v", made, err)
	}
	RemoveStaged()
	if _, err := os.Stat(filepath.Join(dir, "new")); !os.IsNotExist(err) {
		t.Errorf("the folders made for the write are still there: %v", err)
	}
	if n := RemoveStaged(); n != 0 {
		t.Errorf("a second RemoveStaged removed %d files", n)
	}
}

// resumeAfter lets the package stage files again once t ends: RemoveStaged
// stops it for the rest of the process, which in a test is the other tests.
func resumeAfter(t *testing.T) { t.Cleanup(resume) }

// resume undoes RemoveStaged's stop.
func resume() {
	live.mu.Lock()
	defer live.mu.Unlock()
	live.stopped = false
}

// TestNothingStagedAfterRemoveStaged: once a signal handler's
// RemoveStaged has run, the write it interrupted stages no more files
// (QA: SIGTERM during staging left the file staged just after the
// handler, which no rerun removed), and says why.
func TestNothingStagedAfterRemoveStaged(t *testing.T) {
	resumeAfter(t)
	defer func() { StagedHook = nil }()
	dir := t.TempDir()
	files := map[string][]byte{}
	for _, name := range []string{"a.json", "b.json", "new/c.json", "new/d.json"} {
		files[filepath.Join(dir, filepath.FromSlash(name))] = []byte(name)
	}
	first := -1
	StagedHook = func(n int) {
		if first < 0 {
			first = n
		}
		if n == first+1 { // the second file of this write: the signal
			RemoveStaged()
		}
	}
	err := WriteAll(files, func(string) fs.FileMode { return 0o644 })
	if !errors.Is(err, ErrStopped) || !Stopped() {
		t.Fatalf("WriteAll = %v, Stopped() = %v; want ErrStopped after RemoveStaged", err, Stopped())
	}
	if names := entries(t, dir); len(names) != 0 {
		t.Errorf("left %q, want nothing: no file staged after the handler, no folder made for them", names)
	}
	if _, err := Stage(filepath.Join(dir, "e.json"), nil, 0o644); !errors.Is(err, ErrStopped) {
		t.Errorf("Stage after RemoveStaged = %v, want ErrStopped", err)
	}
}
