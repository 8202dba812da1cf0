// Package lazy defers package-level set-up to first use. Every command of
// the CLI links every adapter, so a regular expression compiled in a
// package's init is paid by each `hookconv run` a tool starts for a hook,
// and by `hookconv version`, which never use it.
package lazy

import (
	"regexp"
	"sync"
)

// Regexp returns a function that compiles expr on its first call and
// returns the same *regexp.Regexp on every call. expr must be valid: it is
// a constant of the program, so an error is a bug and panics, as
// regexp.MustCompile does.
func Regexp(expr string) func() *regexp.Regexp {
	return sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(expr) })
}
