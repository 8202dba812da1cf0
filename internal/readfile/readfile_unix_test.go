//go:build unix

package readfile

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/hookconv/hookconv/canonical"
)

// TestRead: a regular file is read; a FIFO (not waited on), a device and
// a file larger than canonical.MaxFileSize are one error each, by Read,
// Bytes and FromFS alike.
func TestRead(t *testing.T) {
	dir := t.TempDir()
	at := func(name string) string { return filepath.Join(dir, name) }
	if err := os.WriteFile(at("ok.json"), []byte("{}"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Mkfifo(at("fifo.json"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("/dev/zero", at("zero.json")); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(at("big.json"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Truncate(at("big.json"), canonical.MaxFileSize+1); err != nil { // sparse
		t.Fatal(err)
	}
	for _, tc := range []struct{ name, code, msg string }{
		{"ok.json", "", ""},
		{"fifo.json", canonical.CodeUnreadable, "it is a named pipe, not a regular file"},
		{"zero.json", canonical.CodeUnreadable, "it is a device, not a regular file"},
		{"big.json", canonical.CodeTooLarge, "file is 32.0 MiB; hookconv reads at most 32 MiB"},
		{"missing.json", canonical.CodeUnreadable, "no such file or directory"},
	} {
		b, ds := Read(at(tc.name))
		if tc.code == "" {
			if string(b) != "{}" || ds != nil {
				t.Errorf("Read(%s) = %q, %v", tc.name, b, ds)
			}
		} else if b != nil || len(ds) != 1 || ds[0].Code != tc.code || ds[0].File != at(tc.name) || !strings.HasSuffix(ds[0].Message, tc.msg) {
			t.Errorf("Read(%s) = %q, %v; want one %s: …%s", tc.name, b, ds, tc.code, tc.msg)
		}
		if b, err := FromFS(os.DirFS(dir), tc.name); (tc.code == "") != (err == nil) || tc.code != "" && !strings.HasSuffix(err.Error(), tc.msg) || tc.code == "" && string(b) != "{}" {
			t.Errorf("FromFS(%s) = %q, %v", tc.name, b, err)
		}
	}
}
