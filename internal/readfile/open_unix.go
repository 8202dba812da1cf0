//go:build unix

package readfile

import (
	"os"
	"syscall"
)

// openNoWait opens path for reading with O_NONBLOCK: opening a FIFO
// otherwise waits for a writer.
func openNoWait(path string) (*os.File, error) {
	return os.OpenFile(path, os.O_RDONLY|syscall.O_NONBLOCK, 0)
}
