// Package atomicfile replaces a file's contents all at once.
//
// hookconv rewrites settings files that running tools read at any moment.
// Writing in place would let a reader (or a crash) see a truncated file, so
// Write builds the new contents in a temporary file beside the target and
// renames it over the target: on POSIX systems a rename within a directory
// is atomic, so readers see either the old file or the new one, never a mix.
package atomicfile

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"
)

// rename is os.Rename; tests swap it to make the last step fail.
var rename = os.Rename

// Write atomically replaces the file at path with data.
//
// The data goes to a temporary file in the same directory (a rename across
// file systems is not atomic, and the directory is the one place sure to be
// on the target's file system), is flushed to disk with fsync, and is then
// renamed over path. An existing file keeps its permission bits; a new one
// gets defaultPerm less the process's umask, as a file any program creates
// would (the mode is set with chmod, which the umask does not narrow by
// itself). Ownership, extended attributes and hard
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
func Write(path string, data []byte, defaultPerm fs.FileMode) error {
	s, err := Stage(path, data, defaultPerm)
	if err != nil {
		return err
	}
	return s.Commit()
}

// Staged is a file's new contents, written and flushed beside it but not
// yet in its place. Staging every file of a change before committing any
// makes a multi-file write all or nothing in practice: what can fail
// (permissions, a full disk, a symlink in the way) fails while staging,
// and Discard then leaves every original untouched.
type Staged struct {
	path, tmp, dir string
}

// Stage writes data to a temporary file beside path, with the mode Write
// would give it, after the same refusals as Write.
func Stage(path string, data []byte, defaultPerm fs.FileMode) (_ *Staged, err error) {
	perm := newFilePerm(defaultPerm)
	old, err := replaceable(path)
	if err != nil {
		return nil, err
	}
	if old != nil {
		// The permission bits and the setuid, setgid and sticky bits
		// (a setgid file in a shared project keeps its group's files
		// group-owned).
		perm = old.Mode() & (fs.ModePerm | fs.ModeSetuid | fs.ModeSetgid | fs.ModeSticky)
	}

	dir, base := filepath.Split(path)
	if dir == "" {
		dir = "."
	}
	// The leading dot hides the temporary file from casual listings and
	// from tools that glob for *.json. Created and registered under
	// live's lock, so that a signal handler's RemoveStaged either sees it
	// or, having run first, keeps it from being made at all.
	tmp, n, err := live.create(dir, "."+base+".tmp-*")
	if err != nil {
		if errors.Is(err, ErrStopped) {
			return nil, err
		}
		// Named by the file and its folder, not by the temporary name
		// the user never chose (open .hooks.json.tmp-2818292363: …).
		if errors.Is(err, fs.ErrPermission) {
			return nil, noCreate(path, dir)
		}
		var pe *fs.PathError
		if errors.As(err, &pe) {
			err = pe.Err
		}
		return nil, fmt.Errorf("%s cannot be written: %w", path, err)
	}
	tmpName := tmp.Name()
	if StagedHook != nil {
		StagedHook(n)
	}
	defer func() {
		if err != nil {
			tmp.Close()
			os.Remove(tmpName)
			live.remove(tmpName)
		}
	}()

	if _, err = tmp.Write(data); err != nil {
		return nil, err
	}
	// The owner first: changing it clears the setuid and setgid bits.
	if old != nil {
		keepOwner(tmp, old)
	}
	// Chmod before the rename so the file never appears at path with
	// CreateTemp's 0600 (too narrow for a 0644 file) or wider than meant.
	if err = tmp.Chmod(perm); err != nil {
		return nil, err
	}
	// Without fsync a crash soon after the rename can leave path naming an
	// empty file on some file systems: the rename may reach the disk before
	// the data does.
	if err = tmp.Sync(); err != nil {
		return nil, err
	}
	if err = tmp.Close(); err != nil {
		return nil, err
	}
	return &Staged{path: path, tmp: tmpName, dir: dir}, nil
}

// replaceable returns what Stage finds at path, nil for no file, or the
// error for what it refuses there: a link, a file that is not regular,
// one with other names, one this user may not write.
func replaceable(path string) (fs.FileInfo, error) {
	fi, err := os.Lstat(path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return nil, nil
	case err != nil:
		return nil, err
	case fi.Mode()&fs.ModeSymlink != 0:
		return nil, fmt.Errorf("%s is a symbolic link; refusing to replace it with a regular file (write to the link's target instead)", path)
	case !fi.Mode().IsRegular():
		return nil, fmt.Errorf("%s is not a regular file", path)
	case hardLinks(fi) > 1:
		// The rename gives path a new inode: the file's other names would
		// keep the old contents, and the files split without a word.
		return nil, fmt.Errorf("%s has %d names (hard links); replacing it would leave the others with the old contents (make them symbolic links, or copies)", path, hardLinks(fi))
	}
	// The rename needs only the folder's permission, so it would replace
	// a file its owner made read-only: refuse what a plain write would
	// refuse. Opening without O_TRUNC changes nothing.
	f, err := os.OpenFile(path, os.O_WRONLY, 0)
	if err != nil {
		return nil, fmt.Errorf("%s cannot be written: %w", path, errors.Unwrap(err))
	}
	f.Close()
	return fi, nil
}

// noCreate is the error for path, whose folder dir does not let this
// user create the staged copy beside it.
func noCreate(path, dir string) error {
	return fmt.Errorf("%s cannot be written: its folder %s does not let this user create files (a new file is written beside it, then renamed over it)", path, filepath.Clean(dir))
}

// Check reports what WriteInOrder would refuse about writing path, and
// writes nothing: what Stage refuses at path itself, a folder in which
// this user may not create the staged copy, and, where the folder is
// missing, the nearest existing one above it, in which the missing ones
// would be created. A dry run checks so that it fails where the real run
// would (QA: --dry-run printed a diff for a read-only target). Where the
// system cannot tell what this user may do (not Unix), the folders pass,
// and the real run reports them.
func Check(path string) error {
	if _, err := replaceable(path); err != nil {
		return err
	}
	dir, missing := filepath.Dir(path), ""
	for {
		st, err := os.Stat(dir)
		if err == nil && !st.IsDir() {
			return fmt.Errorf("cannot create %s: %s is not a folder", filepath.Dir(path), dir)
		}
		if err == nil {
			break
		}
		if !errors.Is(err, fs.ErrNotExist) {
			return fmt.Errorf("cannot create %s: %w", filepath.Dir(path), err)
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return nil
		}
		dir, missing = parent, dir
	}
	err := canCreateIn(dir)
	switch {
	case err == nil:
		return nil
	case missing != "" && errors.Is(err, fs.ErrPermission):
		// As mkdirs says it.
		return fmt.Errorf("cannot create %s: %w", missing, &fs.PathError{Op: "mkdir", Path: missing, Err: err})
	case missing != "":
		return fmt.Errorf("cannot create %s: %w", missing, err)
	case errors.Is(err, fs.ErrPermission):
		return noCreate(path, dir)
	}
	return fmt.Errorf("%s cannot be written: %w", path, err)
}

// newFilePerm is the mode a new file gets: defaultPerm less the umask.
func newFilePerm(defaultPerm fs.FileMode) fs.FileMode {
	return defaultPerm & (fs.ModePerm | fs.ModeSetuid | fs.ModeSetgid | fs.ModeSticky) &^ umask()
}

// ModeFor returns the mode Write would give the file at path: an
// existing file's own permission bits, kept, or for a new one defaultPerm
// less the umask. A preview of a write (migrate --dry-run's diff) shows
// the modes the write would make.
func ModeFor(path string, defaultPerm fs.FileMode) fs.FileMode {
	if fi, err := os.Lstat(path); err == nil && fi.Mode().IsRegular() {
		return fi.Mode() & (fs.ModePerm | fs.ModeSetuid | fs.ModeSetgid | fs.ModeSticky)
	}
	return newFilePerm(defaultPerm)
}

// Commit renames the staged contents over the file. On error the
// temporary file is removed and the original is untouched.
func (s *Staged) Commit() error {
	defer live.remove(s.tmp)
	if err := rename(s.tmp, s.path); err != nil {
		os.Remove(s.tmp)
		return err
	}
	// Make the rename itself durable. Best effort: the new contents are
	// already in place, and some platforms cannot sync a directory, so a
	// failure here is not reported as a failed write.
	if d, derr := os.Open(s.dir); derr == nil {
		d.Sync()
		d.Close()
	}
	return nil
}

// RemoveStale removes the temporary files Stage left beside path in a
// run that was killed between staging and renaming (.NAME.tmp-*), when
// older than age (a live run's are seconds old), and returns their names.
// Nothing else matches the pattern: the leading dot and the suffix are
// Stage's own.
func RemoveStale(path string, age time.Duration) []string {
	var removed []string
	for _, name := range Stale(path, age) {
		if os.Remove(name) == nil {
			removed = append(removed, name)
		}
	}
	return removed
}

// Stale returns the temporary files RemoveStale would remove beside path,
// removing nothing: what a dry run says the real run will clear.
func Stale(path string, age time.Duration) []string {
	dir, base := filepath.Split(path)
	if dir == "" {
		dir = "."
	}
	names, _ := filepath.Glob(filepath.Join(dir, "."+escapeGlob(base)+".tmp-*"))
	var stale []string
	for _, name := range names {
		fi, err := os.Lstat(name)
		if err != nil || !fi.Mode().IsRegular() || time.Since(fi.ModTime()) < age {
			continue
		}
		stale = append(stale, name)
	}
	return stale
}

// Stopped reports whether RemoveStaged has run: a write that fails then
// failed because the process is ending on a signal, whose handler says so.
func Stopped() bool {
	live.mu.Lock()
	defer live.mu.Unlock()
	return live.stopped
}

// escapeGlob quotes the characters filepath.Match reads specially.
func escapeGlob(s string) string {
	var b strings.Builder
	for _, r := range s {
		if strings.ContainsRune(`*?[\`, r) {
			b.WriteByte('\\')
		}
		b.WriteRune(r)
	}
	return b.String()
}

// Discard removes the staged contents, leaving the file as it was.
func (s *Staged) Discard() {
	os.Remove(s.tmp)
	live.remove(s.tmp)
}

// ErrStopped is Stage's and WriteInOrder's refusal once RemoveStaged has
// run: the process is ending on a signal, and a file staged now would be
// left behind by nobody.
var ErrStopped = errors.New("stopped by a signal; nothing more is written")

// StagedHook, when set (by tests only), is called after Stage has created
// the process's nth temporary file (counting from 1): a test stops there
// and sends the signal whose handler runs RemoveStaged, with no sleep.
var StagedHook func(n int)

// liveFiles are the temporary files staged and not yet renamed or
// removed, for RemoveStaged.
type liveFiles struct {
	mu    sync.Mutex
	names map[string]bool
	// dirs are the folders a write in progress made, in order: removed,
	// when still empty, with its staged files.
	dirs []string
	// stopped is set by RemoveStaged: no file or folder is made after it,
	// since the handler that called it has already cleaned up.
	stopped bool
	// created counts the temporary files made, for StagedHook.
	created int
}

// create makes and registers a temporary file in one step under the
// lock, unless RemoveStaged has run (ErrStopped): a file made between
// the two, or after the handler, would outlive the process (QA: SIGTERM
// while staging left the file staged just after the handler ran).
func (l *liveFiles) create(dir, pattern string) (*os.File, int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.stopped {
		return nil, 0, ErrStopped
	}
	f, err := os.CreateTemp(dir, pattern)
	if err != nil {
		return nil, 0, err
	}
	if l.names == nil {
		l.names = map[string]bool{}
	}
	l.names[f.Name()] = true
	l.created++
	return f, l.created, nil
}

// mkdir makes a folder for a write in progress and registers it, under
// the lock for the same reason as create.
func (l *liveFiles) mkdir(dir string) error {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.stopped {
		return ErrStopped
	}
	if err := os.Mkdir(dir, 0o755); err != nil {
		return err
	}
	l.dirs = append(l.dirs, dir)
	return nil
}

// forgetDirs is said when a write ends: its folders are the caller's.
func (l *liveFiles) forgetDirs() {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.dirs = nil
}

var live liveFiles

func (l *liveFiles) remove(name string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	delete(l.names, name)
}

// RemoveStaged removes every temporary file staged and not yet renamed
// or discarded, and the folders the write in progress made for them when
// still empty, and returns how many files: what a process stopped by a signal
// between staging and renaming would otherwise leave beside its targets
// (a script that then runs "git add -A" commits them). The targets
// themselves are as they were, or already replaced whole. From then on
// nothing more is staged (ErrStopped): the process is about to end.
func RemoveStaged() int {
	live.mu.Lock()
	defer live.mu.Unlock()
	live.stopped = true
	n := 0
	for name := range live.names {
		if os.Remove(name) == nil {
			n++
		}
		delete(live.names, name)
	}
	for i := len(live.dirs) - 1; i >= 0; i-- {
		os.Remove(live.dirs[i]) // only if still empty
	}
	live.dirs = nil
	return n
}

// WriteAll stages every file, then commits them: if any file cannot be
// staged, none is written. (A rename that fails after others succeeded
// can still leave a mix; renames within a directory almost never fail
// once staging did.)
//
// Missing folders are created first (0755); when nothing could be
// written, the folders it created are removed again, so a failed run
// leaves no trace.
func WriteAll(files map[string][]byte, perm func(path string) fs.FileMode) error {
	paths := make([]string, 0, len(files))
	for p := range files {
		paths = append(paths, p)
	}
	slices.Sort(paths)
	return WriteInOrder(paths, files, perm)
}

// PartialError is a WriteAll or WriteInOrder failure after some files
// were already renamed into place: Written names them, so a caller can
// say so instead of "nothing was written".
type PartialError struct {
	Written []string
	Err     error
}

func (e *PartialError) Error() string { return e.Err.Error() }
func (e *PartialError) Unwrap() error { return e.Err }

// WriteInOrder is WriteAll committing the files in the order of paths:
// a caller whose files depend on each other puts last the one that must
// change only once the others are in place (migrate --remove-source
// strips the source after its targets).
func WriteInOrder(paths []string, files map[string][]byte, perm func(path string) fs.FileMode) (err error) {
	return WriteInOrderIfUnchanged(paths, files, perm, nil)
}

// ChangedError is WriteInOrderIfUnchanged's refusal: a file changed after
// the caller read it, so what was computed from it would undo that change.
type ChangedError struct{ Path string }

func (e *ChangedError) Error() string {
	return e.Path + " changed after hookconv read it (another program wrote it meanwhile); run again"
}

// WriteInOrderIfUnchanged is WriteInOrder, first checking, once every file
// is staged and before any is renamed into place, that each path of
// before still holds what the caller read there (nil or empty: missing or
// empty). Otherwise nothing is written and the error is a *ChangedError:
// a run whose input another program rewrote meanwhile (a second hookconv,
// the tool saving its settings) would silently drop that program's
// change. The check and the renames are not one atomic step, but the
// window between them is a few system calls, not the whole run.
func WriteInOrderIfUnchanged(paths []string, files map[string][]byte, perm func(path string) fs.FileMode, before map[string][]byte) (err error) {
	var made []string
	defer live.forgetDirs()
	defer func() {
		if err != nil {
			for i := len(made) - 1; i >= 0; i-- {
				os.Remove(made[i]) // only if still empty
			}
		}
	}()
	for _, p := range paths {
		if made, err = mkdirs(filepath.Dir(p), made); err != nil {
			return err
		}
	}
	staged := make([]*Staged, 0, len(paths))
	for _, p := range paths {
		s, err := Stage(p, files[p], perm(p))
		if err != nil {
			for _, done := range staged {
				done.Discard()
			}
			return err
		}
		staged = append(staged, s)
	}
	for _, p := range paths {
		if was, checked := before[p]; checked && changed(p, was) {
			for _, s := range staged {
				s.Discard()
			}
			return &ChangedError{Path: p}
		}
	}
	for i, s := range staged {
		if err := s.Commit(); err != nil {
			for _, rest := range staged[i+1:] {
				rest.Discard()
			}
			if i > 0 {
				made = nil // some files are in place: keep their folders
				return &PartialError{Written: paths[:i], Err: err}
			}
			return err
		}
	}
	return nil
}

// changed reports whether the file at path no longer holds was (nil or
// empty: no file, or an empty one).
func changed(path string, was []byte) bool {
	now, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return len(was) > 0
	}
	return err != nil || !bytes.Equal(now, was)
}

// mkdirs creates dir and its missing parents, appending each it created
// to made, outermost first.
func mkdirs(dir string, made []string) ([]string, error) {
	var missing []string
	for d := dir; d != "." && d != string(filepath.Separator) && d != filepath.VolumeName(d)+string(filepath.Separator); d = filepath.Dir(d) {
		if _, err := os.Stat(d); err == nil {
			break
		} else if !errors.Is(err, fs.ErrNotExist) {
			return made, fmt.Errorf("cannot create %s: %w", dir, err)
		}
		missing = append(missing, d)
	}
	for i := len(missing) - 1; i >= 0; i-- {
		err := live.mkdir(missing[i])
		if errors.Is(err, ErrStopped) {
			return made, err
		}
		if err != nil && !errors.Is(err, fs.ErrExist) {
			return made, fmt.Errorf("cannot create %s: %w", missing[i], err)
		}
		made = append(made, missing[i])
	}
	return made, nil
}
