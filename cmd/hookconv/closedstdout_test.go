package main

import (
	"io"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// badfWriter fails every write as a closed file descriptor does (EBADF).
type badfWriter struct{}

func (badfWriter) Write([]byte) (int, error) {
	return 0, &os.PathError{Op: "write", Path: "/dev/stdout", Err: syscall.EBADF}
}

// A standard output that refuses writes as a closed descriptor does
// (EBADF), or that is a closed *os.File, fails each command that writes
// its result there as >/dev/full does: exit 1, and a line saying the
// output was lost (QA F11). (A process started with its standard output
// closed never sees EBADF: the Go runtime opens /dev/null in its place
// before main runs; see main.)
func TestClosedStdout(t *testing.T) {
	dir := t.TempDir()
	m := filepath.Join(dir, "m.json")
	if err := os.WriteFile(m, []byte(`{"spec": "hooks/1.0", "hooks": [{"event": "before_tool_execute", "matcher": "shell", "blocking": true, "handler": {"type": "command", "command": "./g.sh"}}]}`), 0o644); err != nil {
		t.Fatal(err)
	}
	closed, err := os.Create(filepath.Join(dir, "out"))
	if err != nil {
		t.Fatal(err)
	}
	closed.Close()
	for _, args := range [][]string{
		{"schema"},
		{"convert", "--from", "canonical", "--to", "claude-code", m},
		{"convert", "--from", "canonical", "--to", "canonical", m},
		{"validate", m},
		{"version"},
		{"providers"},
		{"explain", "HC102"},
	} {
		for name, stdout := range map[string]io.Writer{"EBADF": badfWriter{}, "closed file": closed} {
			var stderr strings.Builder
			code := run(args, strings.NewReader(""), stdout, &stderr)
			if code != exitProblems || !strings.Contains(stderr.String(), "cannot write standard output") {
				t.Errorf("%v, stdout %s: exit %d, stderr %q; want exit 1 saying the output was lost", args, name, code, stderr.String())
			}
		}
	}
}
