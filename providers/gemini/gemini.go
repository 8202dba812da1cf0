// Package gemini is the Gemini CLI adapter: hooks in .gemini/settings.json
// (or an extension's hooks/hooks.json), timeouts in milliseconds, command
// handlers only, exact-value matchers on lifecycle events.
package gemini

import (
	"github.com/hookconv/hookconv/canonical"
	"github.com/hookconv/hookconv/internal/node"
	"github.com/hookconv/hookconv/providers"
	"github.com/hookconv/hookconv/providers/nested"
)

// Dialect is Gemini CLI's flavour of the nested shape (types.ts,
// hookRegistry.ts): "name" is the hook's identity (hooksConfig.disabled
// lists names), "env" is read though undocumented, groups may be
// "sequential".
var Dialect = &nested.Dialect{
	Slug: "gemini-cli",
	Fields: []nested.FieldMap{
		{Native: "name", Canonical: "name"},
		{Native: "command", Canonical: "command"},
		{Native: "timeout", Canonical: "timeout"},
		{Native: "env", Canonical: "env"},
	},
	Extra:     []string{"description"},
	GroupKeys: []string{"sequential"},
	// Reference part 1 §2.6.
	KeyShapes: map[string]string{"description": "string", "sequential": "bool"},
	Types:     []string{canonical.HandlerCommand},
	Timeout: func(string) nested.Unit {
		return nested.Millis
	},
	ExactList:      nested.RegexOnly,
	ListSeparators: "|",
	Switches:       switches,
}

// switches reads hooksConfig (reference §2.3): "enabled": false turns
// every hook off, "disabled" lists the names of those that are off.
func switches(root *node.Node) (string, bool, []string) {
	cfg := root.Get("hooksConfig")
	if v := cfg.Get("enabled"); v != nil && v.Kind == node.Bool && !v.Bool {
		return `"hooksConfig": {"enabled": false}`, true, nil
	}
	var names []string
	if list := cfg.Get("disabled"); list != nil && list.Kind == node.Array {
		for _, it := range list.Items {
			if it.Kind == node.String {
				names = append(names, it.Text)
			}
		}
	}
	if len(names) == 0 {
		return "", false, nil
	}
	return "hooksConfig.disabled", false, names
}

func init() { providers.Register(nested.NewAdapter(Dialect)) }
