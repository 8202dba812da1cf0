//go:build !windows

package hookconv

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
	"testing/fstest"

	"github.com/hookconv/hookconv/providers"
)

// TestNoDiskOfItsOwn: whether a Cline script is switched off (not
// executable, HC409) is read in the caller's Scripts.FS, never on the
// process's disk from where it runs (QA F5: an in-memory conversion gave
// HC409 or not depending on the working folder).
func TestNoDiskOfItsOwn(t *testing.T) {
	const script = ".clinerules/hooks/PreToolUse"
	body := []byte("#!/bin/bash\ninput=$(cat)\necho '{\"cancel\": false}'\n")
	// A switched-off script of that name where the test runs.
	dir := t.TempDir()
	if err := os.MkdirAll(filepath.Join(dir, ".clinerules/hooks"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, script), body, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Chdir(dir)
	off := fstest.MapFS{script: {Data: body, Mode: 0o644}}
	on := fstest.MapFS{script: {Data: body, Mode: 0o755}}
	for _, tc := range []struct {
		name    string
		path    string // the script's name in Source.Files
		scripts *Scripts
		want    bool // HC409
	}{
		{name: "no Scripts", path: script},
		{name: "Scripts without FS", path: script, scripts: &Scripts{}},
		{name: "executable in FS", path: script, scripts: &Scripts{FS: on}},
		{name: "switched off in FS", path: script, scripts: &Scripts{FS: off}, want: true},
		{name: "named from a parent folder", path: "proj/" + script, scripts: &Scripts{FS: off}, want: true},
		{name: "named by an absolute path", path: "/work/proj/" + script, scripts: &Scripts{FS: off}, want: true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := DecodeSource("cline", providers.Files{tc.path: body})
			s.Scripts = tc.scripts
			res := s.Convert("claude-code", nil, Options{})
			if got := slices.Contains(res.Diagnostics.Codes(), CodeDisabledHook); got != tc.want {
				t.Errorf("HC409 %v, want %v: %v", got, tc.want, res.Diagnostics)
			}
		})
	}
	// A migration into Cline: the script written last time, switched off
	// since, holds the hook but does not run it; read in Scripts.FS alone.
	claude := providers.Files{".claude/settings.json": []byte(`{"hooks": {"PreToolUse": [{"hooks": [{"type": "command", "command": "./g.sh"}]}]}}`)}
	first := DecodeSource("claude-code", claude).Migrate("cline", nil, nil)
	written := first.Files[script]
	if first.Diagnostics.HasErrors() || written == nil {
		t.Fatalf("wrote %v: %v", first.Files.Paths(), first.Diagnostics)
	}
	if err := os.WriteFile(filepath.Join(dir, script), written, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name    string
		scripts *Scripts
		want    bool
	}{
		{name: "migrate, no Scripts"},
		{name: "migrate, executable in FS", scripts: &Scripts{FS: fstest.MapFS{script: {Data: written, Mode: 0o755}}}},
		{name: "migrate, switched off in FS", scripts: &Scripts{FS: fstest.MapFS{script: {Data: written, Mode: 0o644}}}, want: true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := DecodeSource("claude-code", claude)
			s.Scripts = tc.scripts
			mig := s.Migrate("cline", providers.Files{script: written}, nil)
			if got := slices.Contains(mig.Diagnostics.Codes(), CodeDisabledHook); got != tc.want || mig.Migrated[0] == tc.want {
				t.Errorf("HC409 %v, want %v; migrated %v: %v", got, tc.want, mig.Migrated, mig.Diagnostics)
			}
		})
	}
}
