//go:build !unix

package atomicfile

import (
	"io/fs"
	"os"
)

// keepOwner does nothing where files have no Unix owner.
func keepOwner(*os.File, fs.FileInfo) {}

// hardLinks is 1 where the file system reports no link count.
func hardLinks(fs.FileInfo) uint64 { return 1 }

// umask is nothing where files have no Unix permission bits.
func umask() fs.FileMode { return 0 }

// canCreateIn cannot tell without creating a file where there is no
// access(2): it lets dir pass, and a real write reports it.
func canCreateIn(string) error { return nil }
