// Command hookconv converts AI-coding-tool hook configurations between tools
// and lints hooks/1.0 manifests. See `hookconv --help`.
package main

import (
	"os"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}
