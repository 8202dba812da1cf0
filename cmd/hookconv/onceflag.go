package main

import (
	"fmt"

	"github.com/spf13/pflag"
)

// onceString is a string flag given at most once. pflag keeps the last of
// repeated values without a word, so `migrate --to codex --to gemini-cli`
// migrated to gemini-cli alone while the user believed both got the hooks
// (QA); a repeat is a usage error instead.
type onceString struct {
	p    *string
	name string
	set  bool
}

// onceStringVar defines a string flag like pflag's StringVarP, one that
// refuses a second value.
func onceStringVar(fs *pflag.FlagSet, p *string, name, short, value, usage string) {
	*p = value
	fs.VarP(&onceString{p: p, name: name}, name, short, usage)
}

// Set implements pflag.Value.
func (o *onceString) Set(v string) error {
	if o.set {
		return fmt.Errorf("given twice (%q, then %q): give --%s once (a list of targets goes in one --to, comma-separated)", *o.p, v, o.name)
	}
	*o.p, o.set = v, true
	return nil
}

// String implements pflag.Value.
func (o *onceString) String() string { return *o.p }

// Type implements pflag.Value.
func (o *onceString) Type() string { return "string" }
