package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hookconv/hookconv/providers"
)

// TestWriteResultRefusesChangedFile: the -o file another program rewrote
// after convert read it is left as that program wrote it.
func TestWriteResultRefusesChangedFile(t *testing.T) {
	out := filepath.Join(t.TempDir(), "settings.json")
	if err := os.WriteFile(out, []byte(`{"theme": "edited meanwhile"}`), 0o644); err != nil {
		t.Fatal(err)
	}
	var stderr bytes.Buffer
	e := &env{stdout: &bytes.Buffer{}, stderr: &stderr}
	files := providers.Files{out: []byte("{\"theme\": \"read\", \"hooks\": {}}\n")}
	read := providers.Files{out: []byte(`{"theme": "read"}`)}
	err := writeResult(e, files, read, out, filepath.Dir(out), "gemini-cli")
	if err == nil {
		t.Fatal("wrote over a changed file")
	}
	if got, _ := os.ReadFile(out); string(got) != `{"theme": "edited meanwhile"}` {
		t.Errorf("file = %q", got)
	}
	if !strings.Contains(err.Error(), "changed after hookconv read it") {
		t.Errorf("error = %q", err)
	}
	// Unchanged: written.
	os.WriteFile(out, read[out], 0o644)
	if err := writeResult(e, files, read, out, filepath.Dir(out), "gemini-cli"); err != nil {
		t.Fatalf("unchanged file refused: %v (%s)", err, stderr.String())
	}
}
