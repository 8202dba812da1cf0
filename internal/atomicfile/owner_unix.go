//go:build unix

package atomicfile

import (
	"bufio"
	"io/fs"
	"os"
	"strconv"
	"strings"
	"syscall"
)

// umask is the process's file mode creation mask: the permission bits a
// new file must not get, which every program that creates files honours
// (QA: under umask 077, a new .cursor/hooks.json came out 0644 while the
// folders made for it were 0700). Linux says it in /proc/self/status,
// read without changing it; elsewhere it is set and put back at once.
func umask() fs.FileMode {
	if f, err := os.Open("/proc/self/status"); err == nil {
		defer f.Close()
		sc := bufio.NewScanner(f)
		for sc.Scan() {
			if v, ok := strings.CutPrefix(sc.Text(), "Umask:"); ok {
				if m, err := strconv.ParseUint(strings.TrimSpace(v), 8, 32); err == nil {
					return fs.FileMode(m) & fs.ModePerm
				}
			}
		}
	}
	m := syscall.Umask(0)
	syscall.Umask(m)
	return fs.FileMode(m) & fs.ModePerm
}

// keepOwner gives the staged file the owner and group of the file it
// replaces. A rename puts the writer's new file in place, so without it a
// migration run as root would hand every rewritten file to root (and a
// 0640 file would lock its owner out). Only root, or an owner keeping
// its own uid, may chown: a failure leaves the writer as the owner, as
// any editor's atomic save does.
func keepOwner(tmp *os.File, old fs.FileInfo) {
	st, ok := old.Sys().(*syscall.Stat_t)
	if !ok {
		return
	}
	if fi, err := tmp.Stat(); err == nil {
		if now, ok := fi.Sys().(*syscall.Stat_t); ok && now.Uid == st.Uid && now.Gid == st.Gid {
			return
		}
	}
	if tmp.Chown(int(st.Uid), int(st.Gid)) != nil {
		// Not root: the uid cannot be given away, but a member of the
		// file's group may still keep the group (and so its members'
		// access).
		_ = tmp.Chown(-1, int(st.Gid))
	}
}

// hardLinks is how many names the file has (1 when unknown).
func hardLinks(fi fs.FileInfo) uint64 {
	if st, ok := fi.Sys().(*syscall.Stat_t); ok {
		return uint64(st.Nlink)
	}
	return 1
}

// canCreateIn reports whether this user may create a file in folder dir
// (write and search permission, access(2)'s W_OK|X_OK, the same on every
// Unix): what staging a copy there needs, asked without creating one.
func canCreateIn(dir string) error {
	return syscall.Access(dir, 0x2|0x1)
}
