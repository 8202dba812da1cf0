package hookconv

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/hookconv/hookconv/canonical"
	"github.com/hookconv/hookconv/diag"
)

// TestFindProjectSourceNoneRead: a project whose source configs are
// there but none could be read is an *UnreadableError naming them, not a
// project without hooks (QA q5 F1: a chmod 000 settings.json read as
// "0 hooks added", exit 0, and an unreadable .claude as "no hook
// configuration found", the message fleet scripts skip on). One file of
// two that cannot be read stays a warning, the other converted. Root
// reads every mode, so the files here are refused in ways that stop root
// too: too large, a folder at a file's path.
func TestFindProjectSourceNoneRead(t *testing.T) {
	hooks := `{"hooks":{"Stop":[{"hooks":[{"type":"command","command":"./s.sh"}]}]}}`
	tests := []struct {
		name  string
		large string            // a file larger than canonical.MaxFileSize
		dirs  []string          // folders
		files map[string]string // files and their contents
		from  string
		want  string // the file the error names, relative; "" for none
		code  string
	}{
		{"settings.json too large", ".claude/settings.json", nil, nil, "", ".claude/settings.json", canonical.CodeTooLarge},
		{"named, too large", ".claude/settings.json", nil, nil, "claude-code", ".claude/settings.json", canonical.CodeTooLarge},
		{"a folder at its path", "", []string{".claude/settings.json"}, nil, "", ".claude/settings.json", canonical.CodeUnreadable},
		{"named, a folder at its path", "", []string{".claude/settings.json"}, nil, "claude-code", ".claude/settings.json", canonical.CodeUnreadable},
		{"the local file readable", ".claude/settings.json", nil, map[string]string{".claude/settings.local.json": hooks}, "", "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			in := func(rel string) string { return filepath.Join(dir, filepath.FromSlash(rel)) }
			for _, d := range tt.dirs {
				if err := os.MkdirAll(in(d), 0o755); err != nil {
					t.Fatal(err)
				}
			}
			for rel, content := range tt.files {
				if err := os.MkdirAll(filepath.Dir(in(rel)), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(in(rel), []byte(content), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			if tt.large != "" {
				if err := os.MkdirAll(filepath.Dir(in(tt.large)), 0o755); err != nil {
					t.Fatal(err)
				}
				f, err := os.Create(in(tt.large))
				if err != nil {
					t.Fatal(err)
				}
				if err := f.Truncate(canonical.MaxFileSize + 1); err != nil {
					t.Fatal(err)
				}
				f.Close()
			}
			got, err := FindProjectSource(dir, tt.from, []string{"cursor"})
			if tt.want == "" {
				if err != nil || len(got.Files) != 1 || got.Diagnostics.Count(diag.Warning) == 0 || got.Diagnostics.HasErrors() {
					t.Fatalf("err = %v, files %d, diagnostics %v; want the local file read, the other a warning", err, len(got.Files), got.Diagnostics)
				}
				return
			}
			var ue *UnreadableError
			if !errors.As(err, &ue) || errors.Is(err, ErrNoSource) {
				t.Fatalf("err = %v (%T); want an *UnreadableError", err, err)
			}
			if len(ue.Diagnostics) != 1 || ue.Diagnostics[0].File != in(tt.want) || ue.Diagnostics[0].Code != tt.code || !ue.Diagnostics.HasErrors() {
				t.Errorf("diagnostics %v; want one %s error naming %s", ue.Diagnostics, tt.code, in(tt.want))
			}
			if _, err := ConvertProject(dir, tt.from, "cursor", ProjectOptions{}); !errors.As(err, &ue) {
				t.Errorf("ConvertProject: err = %v, want an *UnreadableError", err)
			}
		})
	}
}

// refusingFS is an fs.FS whose folders in denied can be looked at but
// neither listed nor searched, as a folder of mode 000 for a user other
// than root.
type refusingFS struct {
	fstest.MapFS
	denied []string
}

func (f refusingFS) refuses(name, op string) error {
	for _, d := range f.denied {
		if strings.HasPrefix(name, d+"/") || (op == "readdir" && name == d) {
			return &fs.PathError{Op: op, Path: name, Err: fs.ErrPermission}
		}
	}
	return nil
}

func (f refusingFS) Open(name string) (fs.File, error) {
	if err := f.refuses(name, "open"); err != nil {
		return nil, err
	}
	return f.MapFS.Open(name)
}

func (f refusingFS) Stat(name string) (fs.FileInfo, error) {
	if err := f.refuses(name, "stat"); err != nil {
		return nil, err
	}
	return f.MapFS.Stat(name)
}

func (f refusingFS) ReadDir(name string) ([]fs.DirEntry, error) {
	if err := f.refuses(name, "readdir"); err != nil {
		return nil, err
	}
	return f.MapFS.ReadDir(name)
}

// TestUnreadableConfigs: the folder that refuses a tool's config path is
// named (not each path under it, and not as absent), for file paths and
// globs alike; a readable project, or one without the folders, has none.
func TestUnreadableConfigs(t *testing.T) {
	file := &fstest.MapFile{Data: []byte("{}")}
	tests := []struct {
		name   string
		files  fstest.MapFS
		denied []string
		slugs  []string
		want   []string
	}{
		{"an unsearchable .claude", fstest.MapFS{".claude/settings.json": file}, []string{".claude"}, []string{"claude-code"}, []string{".claude"}},
		{"an unlistable glob folder", fstest.MapFS{".github/hooks/team.json": file}, []string{".github/hooks"}, []string{"copilot-cli", "vs-code-copilot"}, []string{".github/hooks"}},
		{"above the glob folder", fstest.MapFS{".github/hooks/team.json": file}, []string{".github"}, []string{"copilot-cli"}, []string{".github"}},
		{"readable", fstest.MapFS{".claude/settings.json": file}, nil, []string{"claude-code"}, nil},
		{"another tool's folder refused", fstest.MapFS{".claude/settings.json": file}, []string{".claude"}, []string{"cursor"}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ds := unreadableConfigs(refusingFS{tt.files, tt.denied}, "proj", tt.slugs)
			var got []string
			for _, d := range ds {
				got = append(got, d.File)
				if d.Code != canonical.CodeUnreadable || !strings.HasSuffix(d.Message, "permission denied") {
					t.Errorf("%v: want an HC100 error saying permission denied", d)
				}
			}
			var want []string
			for _, w := range tt.want {
				want = append(want, filepath.Join("proj", filepath.FromSlash(w)))
			}
			if strings.Join(got, ",") != strings.Join(want, ",") {
				t.Errorf("files %v, want %v", got, want)
			}
		})
	}
}

// TestNothingDecodedNamed: a source of several files holding no hooks is
// said at its first file, naming them all, not as "<input>" (QA q5 F1).
func TestNothingDecodedNamed(t *testing.T) {
	in := map[string][]byte{".codex/hooks.json": []byte(`{"hooks": {}}`), ".codex/config.toml": []byte("model = \"x\"\n")}
	s := OpenSource("codex", in)
	var got []diag.Diagnostic
	for _, d := range s.Diagnostics {
		if d.Code == CodeNothingDecoded {
			got = append(got, d)
		}
	}
	if len(got) != 1 || got[0].File != ".codex/config.toml" || !strings.Contains(got[0].Message, ".codex/config.toml, .codex/hooks.json") {
		t.Errorf("HC401 = %v; want one at .codex/config.toml naming both files", got)
	}
}
