package main

import (
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// onceString is a string flag meant to be given once. pflag keeps the
// last of repeated values without a word, so `migrate --to codex --to
// gemini-cli` migrated to gemini-cli alone while the user believed both
// got the hooks (QA). Set keeps every value and repeatedFlag refuses a
// repeat before the command runs; Set itself must not fail, since
// cobra's completion parses a command line's flags twice (QA).
type onceString struct {
	p      *string
	values []string
	// hint says how to give what a repeat seemed to mean.
	hint string
}

// onceStringVar defines a string flag like pflag's StringVarP, one that
// repeatedFlag refuses to see twice; hint tells the user what to do
// instead.
func onceStringVar(fs *pflag.FlagSet, p *string, name, short, value, usage, hint string) {
	*p = value
	fs.VarP(&onceString{p: p, hint: hint}, name, short, usage)
}

// Set implements pflag.Value.
func (o *onceString) Set(v string) error {
	o.values = append(o.values, v)
	*o.p = v
	return nil
}

// String implements pflag.Value.
func (o *onceString) String() string { return *o.p }

// Type implements pflag.Value.
func (o *onceString) Type() string { return "string" }

// repeatedFlag is the usage error for a flag of cmd's defined by
// onceStringVar that was given more than once, nil when none was.
func repeatedFlag(cmd *cobra.Command) error {
	var err error
	cmd.Flags().VisitAll(func(f *pflag.Flag) {
		if o, ok := f.Value.(*onceString); ok && err == nil && len(o.values) > 1 {
			err = usagef("--%s given %d times (%q, then %q): %s", f.Name, len(o.values), o.values[0], o.values[1], o.hint)
		}
	})
	return err
}
