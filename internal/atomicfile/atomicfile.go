// Package atomicfile replaces a file's contents all at once.
//
// hookconv rewrites settings files that running tools read at any moment.
// Writing in place would let a reader (or a crash) see a truncated file, so
// Write builds the new contents in a temporary file beside the target and
// renames it over the target: on POSIX systems a rename within a directory
// is atomic, so readers see either the old file or the new one, never a mix.
package atomicfile

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// rename is os.Rename; tests swap it to make the last step fail.
var rename = os.Rename

// Write atomically replaces the file at path with data.
//
// The data goes to a temporary file in the same directory (a rename across
// file systems is not atomic, and the directory is the one place sure to be
// on the target's file system), is flushed to disk with fsync, and is then
// renamed over path. An existing file keeps its permission bits; a new one
// gets defaultPerm, applied as given (the umask does not narrow it, since
// the mode is set with chmod). Ownership, extended attributes and hard
// links of an existing file are not carried over: the result is a new inode.
//
// On any error the temporary file is removed and the original is left
// untouched.
//
// If path is a symbolic link, Write refuses. Renaming over it would replace
// the link with a regular file and silently detach the user's setup (often
// a dotfiles repository the link points into), while writing through it
// would edit a file somewhere else; neither should happen without the
// caller choosing it, so the caller must resolve the link itself. Anything
// else that is not a regular file (a directory, a device) is refused too.
func Write(path string, data []byte, defaultPerm fs.FileMode) (err error) {
	perm := defaultPerm.Perm()
	switch fi, lerr := os.Lstat(path); {
	case lerr == nil && fi.Mode()&fs.ModeSymlink != 0:
		return fmt.Errorf("atomicfile: %s is a symbolic link; refusing to replace it with a regular file (write to the link's target instead)", path)
	case lerr == nil && !fi.Mode().IsRegular():
		return fmt.Errorf("atomicfile: %s is not a regular file", path)
	case lerr == nil:
		perm = fi.Mode().Perm()
	case !errors.Is(lerr, fs.ErrNotExist):
		return fmt.Errorf("atomicfile: %w", lerr)
	}

	dir, base := filepath.Split(path)
	if dir == "" {
		dir = "."
	}
	// The leading dot hides the temporary file from casual listings and
	// from tools that glob for *.json.
	tmp, err := os.CreateTemp(dir, "."+base+".tmp-*")
	if err != nil {
		return fmt.Errorf("atomicfile: %w", err)
	}
	tmpName := tmp.Name()
	defer func() {
		if err != nil {
			tmp.Close()
			os.Remove(tmpName)
		}
	}()

	if _, err = tmp.Write(data); err != nil {
		return fmt.Errorf("atomicfile: %w", err)
	}
	// Chmod before the rename so the file never appears at path with
	// CreateTemp's 0600 (too narrow for a 0644 file) or wider than meant.
	if err = tmp.Chmod(perm); err != nil {
		return fmt.Errorf("atomicfile: %w", err)
	}
	// Without fsync a crash soon after the rename can leave path naming an
	// empty file on some file systems: the rename may reach the disk before
	// the data does.
	if err = tmp.Sync(); err != nil {
		return fmt.Errorf("atomicfile: %w", err)
	}
	if err = tmp.Close(); err != nil {
		return fmt.Errorf("atomicfile: %w", err)
	}
	if err = rename(tmpName, path); err != nil {
		return fmt.Errorf("atomicfile: %w", err)
	}
	// Make the rename itself durable. Best effort: the new contents are
	// already in place, and some platforms cannot sync a directory, so a
	// failure here is not reported as a failed write.
	if d, derr := os.Open(dir); derr == nil {
		d.Sync()
		d.Close()
	}
	return nil
}
