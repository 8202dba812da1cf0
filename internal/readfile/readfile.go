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
	"os"

	"github.com/hookconv/hookconv/canonical"
	"github.com/hookconv/hookconv/diag"
)

// Read returns the contents of the file at path, or, when it cannot be
// read whole, why: one HC100 or HC102 error about path. The file is
// opened without waiting (a FIFO does not block the open) and its mode
// checked on the open file, so a path swapped for a FIFO after a Stat
// cannot block the read either.
func Read(path string) ([]byte, diag.List) {
	b, err := Bytes(path)
	var ds diag.List
	switch e := err.(type) {
	case nil:
		return b, nil
	case *tooLargeError:
		ds.Errorf(canonical.CodeTooLarge, diag.Pos{}, "", "check that this is the file you meant; hook configs are a few kilobytes", "%s", e.msg)
	case *notRegularError:
		ds.Errorf(canonical.CodeUnreadable, diag.Pos{}, "", "replace it with a plain file, or remove it", "cannot read %s: %v", path, err)
	default:
		ds.Errorf(canonical.CodeUnreadable, diag.Pos{}, "", "check the file's permissions", "cannot read %s: %v", path, pathError(err))
	}
	return nil, ds.WithFile(path)
}

// Bytes is Read for a caller that says a failure its own way: the error
// of opening (an *fs.PathError, fs.ErrNotExist for no file) or reading,
// or one that says the file is no regular file or too large.
func Bytes(path string) ([]byte, error) {
	f, err := openNoWait(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	st, err := f.Stat()
	if err == nil {
		err = readable(st)
	}
	if err != nil {
		return nil, err
	}
	buf := bytes.NewBuffer(make([]byte, 0, st.Size()+bytes.MinRead))
	if _, err := buf.ReadFrom(io.LimitReader(f, canonical.MaxFileSize+1)); err != nil {
		return nil, err
	}
	if buf.Len() > canonical.MaxFileSize { // it grew after Stat
		return nil, &tooLargeError{fmt.Sprintf("file is larger than %d MiB, the most hookconv reads", canonical.MaxFileSize>>20)}
	}
	return buf.Bytes(), nil
}

// Open opens path for reading without waiting: a FIFO's open does not
// block for a writer, and a read of one that has none ends at once with
// nothing read (a pipe with a writer, <(cat file), is read as it comes).
// For a caller that reads what is not a regular file too: the named input.
func Open(path string) (*os.File, error) {
	return openNoWait(path)
}

// notRegularError is a path that names no regular file.
type notRegularError struct{ kind string }

func (e *notRegularError) Error() string { return "it is " + e.kind + ", not a regular file" }

// tooLargeError is a file larger than canonical.MaxFileSize.
type tooLargeError struct{ msg string }

func (e *tooLargeError) Error() string { return e.msg }

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

// pathError is err without the *fs.PathError around it, whose path the
// message names already.
func pathError(err error) error {
	if pe, ok := err.(*fs.PathError); ok {
		return pe.Err
	}
	return err
}

// FromFS is Bytes for a file of a folder searched through an fs.FS
// (detection reads the files it finds to tell whose they are): only a
// regular file (links followed) of at most canonical.MaxFileSize is read,
// and at most that much of it. An fs.FS cannot open without waiting, so
// a FIFO is refused by its Stat: one swapped in between Stat and Open
// could still block.
func FromFS(fsys fs.FS, name string) ([]byte, error) {
	st, err := fs.Stat(fsys, name)
	if err == nil {
		err = readable(st)
	}
	if err != nil {
		return nil, err
	}
	f, err := fsys.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	b, err := io.ReadAll(io.LimitReader(f, canonical.MaxFileSize+1))
	if err != nil {
		return nil, err
	}
	if len(b) > canonical.MaxFileSize {
		return nil, &tooLargeError{fmt.Sprintf("file is larger than %d MiB, the most hookconv reads", canonical.MaxFileSize>>20)}
	}
	return b, nil
}

// readable says why a file of st is not read, if it is not: only a
// regular file of at most canonical.MaxFileSize is.
func readable(st fs.FileInfo) error {
	switch {
	case !st.Mode().IsRegular():
		return &notRegularError{Kind(st.Mode())}
	case st.Size() > canonical.MaxFileSize:
		return &tooLargeError{fmt.Sprintf("file is %.1f MiB; hookconv reads at most %d MiB", float64(st.Size())/(1<<20), canonical.MaxFileSize>>20)}
	}
	return nil
}
