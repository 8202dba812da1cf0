// Package readfile reads the config files hookconv finds on the disk
// beside the one it was given (a project's other settings, a target's
// files, approvals), under the limits the named input is read with: a
// file larger than canonical.MaxFileSize is HC102, one that is no
// regular file, or cannot be opened or read, HC100. A plain os.ReadFile
// would read /dev/zero until memory ran out, and wait forever on a FIFO
// for a writer that never comes (QA: a settings.local.json linked to
// /dev/zero crashed convert; one that was a FIFO hung it).
package readfile

import (
	"bytes"
	"fmt"
	"io"
	"io/fs"

	"github.com/hookconv/hookconv/canonical"
	"github.com/hookconv/hookconv/diag"
)

// Read returns the contents of the file at path, or, when it cannot be
// read whole, why: one HC100 or HC102 error about path. The file is
// opened without waiting (a FIFO does not block the open) and its mode
// checked on the open file, so a path swapped for a FIFO after a Stat
// cannot block the read either.
func Read(path string) ([]byte, diag.List) {
	f, err := openNoWait(path)
	if err != nil {
		return nil, unreadable(path, "check the file's permissions", "cannot read %s: %v", path, pathError(err))
	}
	defer f.Close()
	st, err := f.Stat()
	switch {
	case err != nil:
		return nil, unreadable(path, "check the file's permissions", "cannot read %s: %v", path, pathError(err))
	case !st.Mode().IsRegular():
		return nil, unreadable(path, "replace it with a plain file, or remove it",
			"cannot read %s: it is %s, not a regular file", path, Kind(st.Mode()))
	case st.Size() > canonical.MaxFileSize:
		return nil, tooLarge(path, fmt.Sprintf("file is %.1f MiB; hookconv reads at most %d MiB", float64(st.Size())/(1<<20), canonical.MaxFileSize>>20))
	}
	buf := bytes.NewBuffer(make([]byte, 0, st.Size()+bytes.MinRead))
	if _, err := buf.ReadFrom(io.LimitReader(f, canonical.MaxFileSize+1)); err != nil {
		return nil, unreadable(path, "check the file's permissions", "cannot read %s: %v", path, pathError(err))
	}
	if buf.Len() > canonical.MaxFileSize { // it grew after Stat
		return nil, tooLarge(path, fmt.Sprintf("file is larger than %d MiB, the most hookconv reads", canonical.MaxFileSize>>20))
	}
	return buf.Bytes(), nil
}

// Kind names what a path that is no regular file is, for messages.
func Kind(m fs.FileMode) string {
	switch {
	case m.IsDir():
		return "a directory"
	case m&fs.ModeNamedPipe != 0:
		return "a named pipe"
	case m&fs.ModeSocket != 0:
		return "a socket"
	case m&fs.ModeDevice != 0:
		return "a device"
	}
	return "not a plain file"
}

func unreadable(path, hint, format string, args ...any) diag.List {
	var ds diag.List
	ds.Errorf(canonical.CodeUnreadable, diag.Pos{}, "", hint, format, args...)
	return ds.WithFile(path)
}

func tooLarge(path, msg string) diag.List {
	var ds diag.List
	ds.Errorf(canonical.CodeTooLarge, diag.Pos{}, "", "check that this is the file you meant; hook configs are a few kilobytes", "%s", msg)
	return ds.WithFile(path)
}

// pathError is err without the *fs.PathError around it, whose path the
// message names already.
func pathError(err error) error {
	if pe, ok := err.(*fs.PathError); ok {
		return pe.Err
	}
	return err
}
