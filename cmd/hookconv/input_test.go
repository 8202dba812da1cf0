package main

import (
	"bytes"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/hookconv/hookconv/canonical"
)

// pipePath returns a path that opens the read end of a new pipe, fed by
// write in the background: a file whose size Stat cannot tell (0), as
// with a named pipe or a process substitution, <(cat settings.json).
func pipePath(t *testing.T, write func(w *os.File)) string {
	t.Helper()
	if _, err := os.Stat("/proc/self/fd"); err != nil {
		t.Skip("needs /proc/self/fd")
	}
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	go func() {
		write(w)
		w.Close()
	}()
	t.Cleanup(func() { r.Close() }) // a writer still blocked then gets EPIPE
	return fmt.Sprintf("/proc/self/fd/%d", r.Fd())
}

func TestReadInputSizeUnknown(t *testing.T) {
	settings := `{"hooks": {"Stop": [{"hooks": [{"type": "command", "command": "echo done"}]}]}}`
	path := pipePath(t, func(w *os.File) { w.WriteString(settings) })
	_, src, ds := readInput(&env{}, path)
	if len(ds) > 0 || string(src) != settings {
		t.Errorf("read %q, %v; want the whole input", src, ds)
	}
}

func TestReadInputPastLimitSizeUnknown(t *testing.T) {
	path := pipePath(t, func(w *os.File) {
		chunk := bytes.Repeat([]byte(" "), 1<<20)
		for written := 0; written <= canonical.MaxFileSize; written += len(chunk) {
			if _, err := w.Write(chunk); err != nil {
				return // the reader stopped at the limit
			}
		}
	})
	_, src, ds := readInput(&env{}, path)
	if src != nil || len(ds) != 1 || ds[0].Code != canonical.CodeTooLarge || !strings.Contains(ds[0].Message, "larger than") {
		t.Errorf("got %d bytes and %v; want nothing and one %s error", len(src), ds, canonical.CodeTooLarge)
	}
}
