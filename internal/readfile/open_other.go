//go:build !unix

package readfile

import "os"

// openNoWait opens path for reading (no FIFO blocks an open here).
func openNoWait(path string) (*os.File, error) {
	return os.Open(path)
}
