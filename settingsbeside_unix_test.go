//go:build unix

package hookconv

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/hookconv/hookconv/canonical"
	"github.com/hookconv/hookconv/diag"
	"github.com/hookconv/hookconv/providers"
)

// TestSettingsBesideUnreadable: a settings.local.json beside the
// settings.json converted that cannot be read whole is an error, said
// once, and its bytes are never taken: QA, linked to /dev/zero it ran
// convert out of memory, a FIFO there hung it, and a 100 MB file was read
// without a word.
func TestSettingsBesideUnreadable(t *testing.T) {
	for _, tc := range []struct {
		name, code, msg string
		make            func(t *testing.T, p string)
	}{
		{"a link to /dev/zero", canonical.CodeUnreadable, "it is a device, not a regular file", func(t *testing.T, p string) {
			if err := os.Symlink("/dev/zero", p); err != nil {
				t.Fatal(err)
			}
		}},
		{"a FIFO", canonical.CodeUnreadable, "it is a named pipe, not a regular file", func(t *testing.T, p string) {
			if err := syscall.Mkfifo(p, 0o644); err != nil {
				t.Skipf("mkfifo: %v", err)
			}
		}},
		{"larger than hookconv reads", canonical.CodeTooLarge, "file is 33.0 MiB; hookconv reads at most 32 MiB", func(t *testing.T, p string) {
			if err := os.WriteFile(p, nil, 0o644); err != nil {
				t.Fatal(err)
			}
			if err := os.Truncate(p, 33<<20); err != nil { // sparse: no 33 MiB written
				t.Fatal(err)
			}
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := filepath.Join(t.TempDir(), ".claude")
			if err := os.MkdirAll(dir, 0o755); err != nil {
				t.Fatal(err)
			}
			settings := filepath.Join(dir, "settings.json")
			src := []byte(`{"hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "./guard.sh"}]}]}}`)
			if err := os.WriteFile(settings, src, 0o644); err != nil {
				t.Fatal(err)
			}
			local := filepath.Join(dir, "settings.local.json")
			tc.make(t, local)
			beside, ds := SettingsBeside("claude-code", providers.Files{settings: src}, true)
			const unchecked = "; whether it turns the hooks off, or holds hooks of its own, was not checked"
			if len(beside) != 0 || len(ds) != 1 || ds[0].Code != tc.code || ds[0].File != local || ds[0].Severity != diag.Warning || !strings.HasSuffix(ds[0].Message, tc.msg+unchecked) {
				t.Fatalf("got %v, %v; want one %s warning about %s: %s", beside, ds, tc.code, local, tc.msg)
			}
			// The conversion goes on, the warning said with it: the file
			// only says whether the hooks run (QA q2 F4: it stopped).
			res := OpenSource("claude-code", providers.Files{settings: src}).Convert("gemini-cli", nil, Options{})
			if res.Files == nil || res.Diagnostics.HasErrors() || countCode(res.Diagnostics, tc.code) != 1 {
				t.Errorf("with %s beside: files %v, %v", tc.name, res.Files != nil, res.Diagnostics)
			}
		})
	}
}
