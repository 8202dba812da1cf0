package main

import (
	"bytes"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// TestGitDiff: the headers git writes and reads, modes included.
func TestGitDiff(t *testing.T) {
	for _, tc := range []struct {
		name             string
		old, data        []byte
		oldMode, newMode fs.FileMode
		want             string
	}{
		{"new executable", nil, []byte("a\n"), 0, 0o755,
			"diff --git a/p b/p\nnew file mode 100755\n--- /dev/null\n+++ b/p\n@@ -0,0 +1 @@\n+a\n"},
		{"new plain", nil, []byte("a\n"), 0, 0o600,
			"diff --git a/p b/p\nnew file mode 100644\n--- /dev/null\n+++ b/p\n@@ -0,0 +1 @@\n+a\n"},
		{"new empty", nil, []byte{}, 0, 0o644,
			"diff --git a/p b/p\nnew file mode 100644\n"},
		{"changed", []byte("a\n"), []byte("b\n"), 0o644, 0o644,
			"diff --git a/p b/p\n--- a/p\n+++ b/p\n@@ -1 +1 @@\n-a\n+b\n"},
		{"mode only", []byte("a\n"), []byte("a\n"), 0o644, 0o755,
			"diff --git a/p b/p\nold mode 100644\nnew mode 100755\n"},
		{"mode and contents", []byte("a\n"), []byte("b\n"), 0o755, 0o644,
			"diff --git a/p b/p\nold mode 100755\nnew mode 100644\n--- a/p\n+++ b/p\n@@ -1 +1 @@\n-a\n+b\n"},
		{"unchanged", []byte("a\n"), []byte("a\n"), 0o755, 0o775, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := string(gitDiff("p", tc.old, tc.data, tc.oldMode, tc.newMode)); got != tc.want {
				t.Errorf("got\n%s\nwant\n%s", got, tc.want)
			}
		})
	}
}

// TestGitPath: names as git quotes them (core.quotePath's default).
func TestGitPath(t *testing.T) {
	for rel, want := range map[string]string{
		".codex/hooks.json": "a/.codex/hooks.json",
		"my hook.kiro.hook": "a/my hook.kiro.hook",
		"h\u00e9.kiro.hook": `"a/h\303\251.kiro.hook"`,
		`q"uote`:            `"a/q\"uote"`,
		`back\slash`:        `"a/back\\slash"`,
		"tab\there":         `"a/tab\there"`,
	} {
		if got := gitPath("a/", rel); got != want {
			t.Errorf("gitPath(%q) = %s, want %s", rel, got, want)
		}
	}
}

// TestGitDiffNames: git apply reads back every name gitDiff writes, a
// space, a quote, a backslash or a byte outside ASCII in it too (a kept
// Kiro hook file is named by its user), for a new file and a changed one.
func TestGitDiffNames(t *testing.T) {
	git, err := exec.LookPath("git")
	if err != nil {
		t.Skip("git is not installed")
	}
	dir := t.TempDir()
	names := []string{"plain.json", "my hook.kiro.hook", "h\u00e9.kiro.hook", `q"uote.json`, `back\slash.json`, "sub dir/tab\there.json"}
	var patch []byte
	for i, name := range names {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		mode := fs.FileMode(0o644)
		if i%2 == 0 { // every other file exists: changed, not new
			if err := os.WriteFile(p, []byte("old\n"), 0o644); err != nil {
				t.Fatal(err)
			}
			patch = append(patch, gitDiff(name, []byte("old\n"), []byte("new\n"), mode, mode)...)
		} else {
			patch = append(patch, gitDiff(name, nil, []byte("new\n"), 0, 0o755)...)
		}
	}
	for _, args := range [][]string{{"init", "-q"}, {"apply", "-"}} {
		cmd := exec.Command(git, args...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "GIT_CONFIG_NOSYSTEM=1", "GIT_CONFIG_GLOBAL="+os.DevNull)
		cmd.Stdin = bytes.NewReader(patch)
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s\npatch:\n%s", args, err, out, patch)
		}
	}
	got := tree(t, dir)
	for i, name := range names {
		want := gitFile{"new\n", "100644"}
		if i%2 == 1 {
			want.mode = "100755"
		}
		if got[name] != want {
			t.Errorf("%q: %+v, want %+v", name, got[name], want)
		}
	}
}

// TestDryRunDiffApplies: "git apply" of migrate --dry-run's diff makes
// what the real run writes, byte for byte and mode for mode as git
// records them (QA: new Cline scripts came out 0644, which Cline reads as
// disabled).
func TestDryRunDiffApplies(t *testing.T) {
	git, err := exec.LookPath("git")
	if err != nil {
		t.Skip("git is not installed")
	}
	project := map[string]string{
		".claude/settings.json": `{
  "hooks": {
    "PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "./guard.sh"}]}],
    "Stop": [{"hooks": [{"type": "command", "command": "echo done"}]}]
  }
}
`,
		// Merged into, without a newline at its end.
		".gemini/settings.json": `{"theme": "dark"}`,
		"guard.sh":              "#!/bin/sh\nexit 2\n",
	}
	root := t.TempDir()
	dry, real := filepath.Join(root, "dry"), filepath.Join(root, "real")
	for _, dir := range []string{dry, real} {
		for name, text := range project {
			p := filepath.Join(dir, filepath.FromSlash(name))
			if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	args := []string{"migrate", "--from", "claude-code", "--to", "cline,gemini-cli,codex"}
	var diff, stderr bytes.Buffer
	if code := run(append(args, "--dry-run", dry), nil, &diff, &stderr); code != 0 {
		t.Fatalf("--dry-run: exit %d\n%s", code, stderr.String())
	}
	if code := run(append(args, real), nil, &bytes.Buffer{}, &stderr); code != 0 {
		t.Fatalf("migrate: exit %d\n%s", code, stderr.String())
	}
	for _, gitArgs := range [][]string{{"init", "-q"}, {"apply", "-"}} {
		cmd := exec.Command(git, gitArgs...)
		cmd.Dir = dry
		cmd.Env = append(os.Environ(), "GIT_CONFIG_NOSYSTEM=1", "GIT_CONFIG_GLOBAL="+os.DevNull)
		cmd.Stdin = bytes.NewReader(diff.Bytes())
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s\ndiff:\n%s", gitArgs, err, out, diff.String())
		}
	}
	if err := os.RemoveAll(filepath.Join(dry, ".git")); err != nil {
		t.Fatal(err)
	}
	applied, written := tree(t, dry), tree(t, real)
	for name, w := range written {
		if a, ok := applied[name]; !ok {
			t.Errorf("%s: written, not in the diff", name)
		} else if a != w {
			t.Errorf("%s: applied %s, written %s", name, a, w)
		}
	}
	for name := range applied {
		if _, ok := written[name]; !ok {
			t.Errorf("%s: in the diff, not written", name)
		}
	}
	if m := written[".clinerules/hooks/PreToolUse"]; m.mode != "100755" {
		t.Errorf("the Cline script is %s, want 100755 (executable: enabled)", m.mode)
	}
}

// gitFile is a file as git records it: its contents and its mode.
type gitFile struct{ data, mode string }

// tree reads every file under dir, by slash-separated path.
func tree(t *testing.T, dir string) map[string]gitFile {
	t.Helper()
	files := map[string]gitFile{}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		info, err := d.Info()
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		files[filepath.ToSlash(rel)] = gitFile{string(b), gitMode(info.Mode())}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}
