// Package codex is the OpenAI Codex CLI adapter: Claude-shaped hooks in
// .codex/hooks.json or as [hooks] tables in .codex/config.toml, integer
// seconds, only command handlers run, and a trust gate that re-asks for
// approval whenever a hooks file changes.
package codex

import (
	"bytes"
	"runtime"

	"github.com/hookconv/hookconv/canonical"
	"github.com/hookconv/hookconv/diag"
	"github.com/hookconv/hookconv/internal/node"
	"github.com/hookconv/hookconv/providers"
	"github.com/hookconv/hookconv/providers/nested"
)

// CodeTrust notes which hooks of a written file Codex will ask to
// approve (again) before it runs them: those the write added, changed or
// moved.
const CodeTrust = "HC330"

// CodeCommentsDropped: rewriting config.toml's hook tables drops the
// comments inside them (warning).
const CodeCommentsDropped = "HC331"

// Dialect is Codex's flavour of the nested shape (hook_config.rs, docs
// 0.125–0.134). Only "command" handlers are written: an unknown type makes
// Codex reject the whole file, and prompt/agent ones are parsed but never
// run.
var Dialect = &nested.Dialect{
	Slug: "codex",
	Fields: []nested.FieldMap{
		{Native: "command", Canonical: "command"},
		{Native: "commandWindows", Canonical: "platform.windows"},
		{Native: "timeout", Canonical: "timeout"},
		{Native: "statusMessage", Canonical: "status_message"},
		// Parsed by every release; whether it runs in the background or
		// is skipped depends on the version (the capability table says so).
		{Native: "async", Canonical: "async"},
	},
	Types: []string{canonical.HandlerCommand},
	// prompt and agent are parsed and skipped with a warning; any other
	// type fails the parse of the whole file (reference §4.6).
	ParsedTypes: []string{canonical.HandlerPrompt, canonical.HandlerAgent},
	// $schema or description beside "hooks" fails one build's parse of
	// hooks.json whole (deny_unknown_fields, reference §4.6).
	OnlyHooksKey: true,
	Timeout: func(string) nested.Unit {
		return nested.IntSeconds
	},
	// Codex 0.169 runs SessionEnd hooks synchronously, warning
	// "running async SessionEnd hook synchronously" (e2e).
	SyncEvents:     []string{"SessionEnd"},
	ExactList:      nested.CodexExactList,
	ListSeparators: "|",
	Switches:       switches,
}

// switches reads config.toml's feature flag (reference §4.2): hooks are
// on by default; [features] hooks = false (or the older codex_hooks)
// turns every hook off, those of hooks.json too.
func switches(root *node.Node) (string, bool, []string) {
	features := root.Get("features")
	for _, key := range []string{"hooks", "codex_hooks"} {
		if v := features.Get(key); v != nil && v.Kind == node.Bool && !v.Bool {
			return "[features] " + key + " = false", true, nil
		}
	}
	return "", false, nil
}

// New returns the Codex adapter.
func New() *nested.Adapter {
	a := nested.NewAdapter(Dialect)
	a.Other = tomlFormat{}
	a.AfterEncode = func(files, existing providers.Files) diag.List {
		var ds diag.List
		for _, p := range files.Paths() {
			prev, ok := existing[p]
			if ok && bytes.Equal(prev, files[p]) {
				continue // not rewritten: trust stays as it was
			}
			// Codex hashes the command it runs on its own system, which is
			// taken to be this one (as readCodexApprovals does).
			note := reapprovalNote(p, prev, files[p], runtime.GOOS)
			if note == "" {
				continue
			}
			var d diag.List
			d.Infof(CodeTrust, diag.Pos{}, "", "review and trust them in Codex with /hooks", "%s", note)
			ds = append(ds, d.WithFile(p)...)
		}
		return ds
	}
	return a
}

func init() { providers.Register(New()) }
