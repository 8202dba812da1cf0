package main

import (
	"strings"

	"github.com/hookconv/hookconv/canonical"
	"github.com/hookconv/hookconv/hookrun"
	"github.com/hookconv/hookconv/providers"
	"github.com/spf13/cobra"
)

// completeProviderFlags makes `hookconv completion` scripts complete
// provider slugs for every --from, --to and --provider flag, and the
// systems for --platforms.
func completeProviderFlags(c *cobra.Command) {
	provider, from := completeSlug, completeSlug
	if c.Name() == "run" || c.Name() == "envelope" {
		provider = completeRuntimeSlug // a manifest has no payload to read
	}
	if c.Name() == "run" {
		from = completeRuntimeSlug // run --from reads the tool's contract
	}
	for name, complete := range map[string]cobra.CompletionFunc{"from": from, "provider": provider, "to": completeList(providers.Slugs), "platforms": completeList(platformKeys)} {
		if c.Flags().Lookup(name) != nil {
			// Registering can only fail for a flag that does not exist.
			_ = c.RegisterFlagCompletionFunc(name, complete)
		}
	}
	for _, sub := range c.Commands() {
		completeProviderFlags(sub)
	}
}

// completeSlug offers the slugs that start with what was typed.
func completeSlug(_ *cobra.Command, _ []string, toComplete string) ([]string, cobra.ShellCompDirective) {
	var out []string
	for _, s := range providers.Slugs() {
		if strings.HasPrefix(s, toComplete) {
			out = append(out, s)
		}
	}
	return out, cobra.ShellCompDirectiveNoFileComp
}

// completeRuntimeSlug offers the slugs of the tools with a runtime
// contract (hookrun's table), the ones run and envelope take.
func completeRuntimeSlug(_ *cobra.Command, _ []string, toComplete string) ([]string, cobra.ShellCompDirective) {
	var out []string
	for _, s := range hookrun.Default().Slugs() {
		if strings.HasPrefix(s, toComplete) {
			out = append(out, s)
		}
	}
	return out, cobra.ShellCompDirectiveNoFileComp
}

// completeList completes a comma-separated list of values (--to's slugs,
// --platforms' systems): only the part after the last comma, and with no
// space after it, since another ",value" may follow.
func completeList(values func() []string) cobra.CompletionFunc {
	return func(_ *cobra.Command, _ []string, toComplete string) ([]string, cobra.ShellCompDirective) {
		done, last := "", toComplete
		if i := strings.LastIndex(toComplete, ","); i >= 0 {
			done, last = toComplete[:i+1], toComplete[i+1:]
		}
		var out []string
		for _, s := range values() {
			if strings.HasPrefix(s, last) {
				out = append(out, done+s)
			}
		}
		return out, cobra.ShellCompDirectiveNoFileComp | cobra.ShellCompDirectiveNoSpace
	}
}

// platformKeys are the systems --platforms completes to: the keys of a
// manifest's handler.platform (not their aliases).
func platformKeys() []string {
	keys := make([]string, len(canonical.Systems))
	for i, s := range canonical.Systems {
		keys[i] = s.Key
	}
	return keys
}
