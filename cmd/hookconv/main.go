// Command hookconv converts AI-coding-tool hook configurations between tools
// and lints hooks/1.0 manifests. See `hookconv --help`.
package main

import (
	"os"
)

// A standard output closed when hookconv starts (hookconv schema >&-) is
// not seen as one: the Go runtime opens /dev/null, read-write, on each
// standard descriptor found closed, before main (runtime.checkfds), so the
// output goes there and no write fails. Nothing tells that apart from
// output sent to /dev/null on purpose, opened read-write as Python's
// subprocess.DEVNULL and Node's "ignore" open it: refusing it would fail
// every such caller. A write that does fail (EBADF, a full disk) is
// caught by run, exit 1.
func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}
