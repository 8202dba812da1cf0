// Package droid is the Factory Droid adapter: Claude Code's shape in
// .factory/settings.json, command handlers only, timeouts in seconds, and
// Droid's own tool names (Execute, Create, Edit, …).
package droid

import (
	"github.com/hookconv/hookconv/canonical"
	"github.com/hookconv/hookconv/providers"
	"github.com/hookconv/hookconv/providers/nested"
)

// Dialect is Factory Droid's flavour of the nested shape (hooks
// reference): groups may add "commandRegex", a regex over the shell
// command of Execute calls.
var Dialect = &nested.Dialect{
	Slug: "factory-droid",
	Fields: []nested.FieldMap{
		{Native: "command", Canonical: "command"},
		{Native: "timeout", Canonical: "timeout"},
	},
	GroupKeys: []string{"commandRegex"},
	Types:     []string{canonical.HandlerCommand},
	Timeout: func(string) nested.Unit {
		return nested.Seconds
	},
	ExactList:      nested.ClaudeExactList,
	ListSeparators: "|",
}

func init() { providers.Register(nested.NewAdapter(Dialect)) }
