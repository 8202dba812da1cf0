// Package codebook lists every diagnostic code hookconv can report, with
// the one-line description written beside the code's constant (collected
// by go generate, so the two cannot drift apart). `hookconv explain`
// prints it.
package codebook

import "strings"

//go:generate go run ../gencodes -root ../.. -out codes_gen.go

// Code is one diagnostic code as defined in the source.
type Code struct {
	// ID is the code ("HC303").
	ID string
	// Package is the module-relative folder that defines it; Name the
	// Go constant.
	Package, Name string
	// Summary is the comment written beside the constant.
	Summary string
}

// All returns every definition, ordered by code. A code shared by two
// packages (one meaning, two families of adapters) appears once per
// definition.
func All() []Code { return codes }

// Lookup returns the definitions of a code, case-insensitively ("hc303").
func Lookup(id string) []Code {
	id = strings.ToUpper(strings.TrimSpace(id))
	var out []Code
	for _, c := range codes {
		if c.ID == id {
			out = append(out, c)
		}
	}
	return out
}
