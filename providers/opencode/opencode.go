// Package opencode is the OpenCode adapter. OpenCode has no hook config:
// its hooks are plugins, JavaScript or TypeScript modules in
// .opencode/plugin/ (every version) or .opencode/plugins/ (newer ones) that
// subscribe to plugin hooks ("tool.execute.before") and bus events
// ("session.idle"). So hookconv writes a plugin, .opencode/plugin/hookconv.ts,
// that runs the hooks' commands itself.
//
// The generated module embeds the canonical manifest as a JSON constant
// between two marker comments; its code interprets that constant at run time
// (which OpenCode hook each event uses, which tools a matcher selects, the
// exit-code contract of spec §5), so the embedded manifest is the one source
// of truth of the file. Decode reads that constant back, exactly: every
// field, provider_data and the order of the hooks. A plugin written by hand
// is code, which cannot be converted statically: Decode reports it as an
// error that names the OpenCode hooks it uses and how to proceed.
//
// The module is plain ES-module JavaScript that is also valid TypeScript and
// uses only Node's APIs (node:child_process, not Bun's $), so it runs under
// Bun, OpenCode's runtime, and under Node, which the tests use.
//
// runtime contract of the generated plugin:
//   - On Linux and macOS the command runs with bash -c where bash is
//     installed (hook commands written for other tools often use bash
//     syntax; Cline's script does the same), else /bin/sh -c; on Windows
//     always with cmd.exe (Node's shell: true; the providers table's
//     windows_shell). handler.platform's command for the OS runs instead
//     when there is one. It runs in
//     handler.cwd relative to the project directory (ctx.directory), with
//     handler.env added to the environment.
//   - stdin is a JSON object: hook_event_name (OpenCode's name), hookconv_event
//     (the canonical event), session_id, cwd, and on tool hooks tool_name,
//     tool_input and tool_response, on chat.message prompt; plus OpenCode's
//     own objects unchanged: input and output, or event.
//   - The command is killed (its whole process group) after handler.timeout
//     seconds, DefaultTimeout when unset, at most 2³¹−1 ms (the providers
//     table's max_timeout: a JavaScript timer set longer fires at once).
//   - Exit 2 of a blocking hook, a "deny" or "ask" answer, or a timeout with
//     timeout_action "block" stops the action on the OpenCode hooks where a
//     plugin can (capabilities' blocking table: tool.execute.before
//     throws). Everything else that goes wrong is logged
//     and the action proceeds: a non-blocking hook never blocks.
//   - On exit 0, updated_input replaces the tool's arguments on
//     tool.execute.before and context is added to tool results and to
//     compaction; handler.async commands are not waited for.
package opencode

import (
	"bytes"
	"fmt"
	"path"
	"slices"
	"strings"
	"sync"

	"github.com/hookconv/hookconv/canonical"
	"github.com/hookconv/hookconv/diag"
	"github.com/hookconv/hookconv/providers"
)

// Slug is the provider slug.
const Slug = "opencode"

// DefaultTimeout is the number of seconds the generated plugin lets a
// command run when its hook sets no timeout. OpenCode has no timeout of its
// own, and a hook that never ends would hang the tool call it guards.
const DefaultTimeout = 60

// Diagnostic codes of the OpenCode adapter. They are stable: scripts and
// `hookconv explain` key on them, so a code is never reused.
const (
	// CodeHandWritten (error): a plugin hookconv did not generate (or an
	// empty file). Its hooks are code, which cannot be converted statically.
	CodeHandWritten = "HC580"
	// CodeDamaged (error): a generated plugin whose manifest markers or
	// MANIFEST constant are missing or out of order. (Also, never
	// expected, the internal error of a plugin hookconv cannot render.)
	CodeDamaged = "HC581"
	// CodeCodeEdited (warning): the code around the embedded manifest is
	// not what this hookconv version generates (edited by hand, or written
	// by another version); only the manifest is read, so the edits are
	// lost when the plugin is generated again.
	CodeCodeEdited = "HC582"
	// CodeLoadedTwice (warning): the plugin is in both .opencode/plugin/
	// and .opencode/plugins/; OpenCode loads both, so every hook runs twice.
	CodeLoadedTwice = "HC583"
	// CodeOverwrite (error): the output file is a plugin hookconv did not
	// generate; replacing it would destroy hand-written code.
	CodeOverwrite = "HC584"
	// CodeToolMissing (warning): a canonical tool name in a matcher that
	// OpenCode has no tool for; that part of the matcher never matches.
	CodeToolMissing = "HC585"
	// CodeMCPAnyServer (warning): a matcher for the tools of every MCP
	// server; OpenCode's tool ids do not tell MCP tools apart, so that
	// part of the matcher never matches.
	CodeMCPAnyServer = "HC586"
	// CodePatternDialect (warning): a matcher pattern uses RE2 syntax that
	// JavaScript's RegExp lacks or reads differently; the plugin tests
	// patterns with RegExp.
	CodePatternDialect = "HC587"
	// CodeDefaultTimeout (info): hooks without a timeout are killed after
	// 60 seconds (DefaultTimeout), which may be shorter than the source
	// tool's.
	CodeDefaultTimeout = "HC588"
)

// Adapter is the OpenCode providers.Adapter.
type Adapter struct {
	providers.Rows
	rtOnce sync.Once
	rt     *runtime // the plugin's runtime tables, built on first use
}

var _ providers.Adapter = (*Adapter)(nil)

func init() { providers.Register(&Adapter{}) }

// Slug implements providers.Adapter.
func (a *Adapter) Slug() string { return Slug }

// WritesOwnKey implements providers.OwnKeyWriter: the generated plugin
// holds no native key of a hook, so none of provider_data.opencode is
// written.
func (a *Adapter) WritesOwnKey(string) bool { return false }

// Decode implements providers.Adapter: the manifest embedded in each
// generated plugin, in path order. It returns nil only when no file could
// be read at all.
func (a *Adapter) Decode(files providers.Files) (*canonical.Manifest, diag.List) {
	a.Load(Slug)
	var ds diag.List
	m := &canonical.Manifest{Spec: canonical.SpecVersion}
	read := false
	for _, p := range files.Paths() {
		fm, fds := a.decodeFile(p, files[p])
		ds = append(ds, fds...)
		if fm == nil {
			continue
		}
		read = true
		m.Hooks = append(m.Hooks, fm.Hooks...)
	}
	ds = append(ds, loadedTwice(files)...)
	if !read && len(files) > 0 {
		return nil, ds
	}
	return m, ds
}

// Encode implements providers.Adapter: one plugin module holding every hook
// OpenCode can run. It goes to the one existing file given (the -o target),
// else to .opencode/plugin/hookconv.ts. An existing plugin hookconv wrote is
// replaced; one written by hand is never overwritten.
func (a *Adapter) Encode(m *canonical.Manifest, existing providers.Files) (providers.Files, diag.List) {
	a.Load(Slug)
	target := existing.Target(a.Prov.Paths[0])
	var ds diag.List
	kept := &canonical.Manifest{Spec: canonical.SpecVersion, Hooks: make([]canonical.Hook, 0, len(m.Hooks))}
	for i := range m.Hooks {
		h := &m.Hooks[i]
		if !a.check(&ds, h, i) {
			continue
		}
		if h.Handler.Timeout <= 0 && !h.Handler.Async {
			ds.Infof(CodeDefaultTimeout, h.PosOf("handler"), fmt.Sprintf("hooks[%d].handler", h.SourceIndex(i)), "set handler.timeout if it needs longer",
				"%s sets no timeout, and OpenCode has none: the plugin kills its command after %d s", h.DisplayName(i), DefaultTimeout)
		}
		providers.WarnUnwritten(&ds, h, i, "OpenCode", a.UsesField)
		written := *h
		if name, _ := a.tables().native(h.Event); !slices.Contains(a.tables().ToolHooks, name) {
			written.Matcher = nil // not tested there (check warned)
		}
		kept.Hooks = append(kept.Hooks, written)
	}
	out, err := render(a.tables(), kept)
	if err != nil {
		// The template is compiled into hookconv; failing here is a bug.
		ds.Errorf(CodeDamaged, diag.Pos{}, "", "please report this as a hookconv bug", "internal error: cannot write the plugin: %v", err)
		return nil, ds
	}
	if prev := existing[target]; len(bytes.TrimSpace(prev)) > 0 {
		wds, ok := a.replacing(target, prev, kept)
		ds = append(ds, wds...)
		if !ok {
			return nil, ds
		}
	}
	return providers.Files{path.Clean(target): out}, ds
}

// UsesField reports whether the generated plugin acts on a handler field
// (providers.FieldUser): OpenCode's plugin hooks have no status message
// (reference part 2 §5), and the plugin shows none.
func (a *Adapter) UsesField(field string) bool { return field != "status_message" }

// replacing checks the file the plugin replaces: one hookconv generated may
// go (with a warning when it held other hooks), any other may not.
func (a *Adapter) replacing(target string, prev []byte, next *canonical.Manifest) (diag.List, bool) {
	var ds diag.List
	loc, problem := locate(prev)
	if loc == nil {
		msg := "it is not a plugin hookconv generated"
		if problem != "" {
			msg = "it looks like a plugin hookconv generated, but " + problem
		}
		ds.Errorf(CodeOverwrite, diag.Pos{Line: 1, Column: 1}, "", "write the plugin to another file (-o), or move this one away first",
			"refusing to overwrite %s: %s, and replacing it would destroy its code", target, msg)
		return ds.WithFile(target), false
	}
	old, pds := canonical.Parse(target, mask(prev, loc))
	if old == nil || pds.HasErrors() || len(old.Hooks) == 0 {
		return nil, true
	}
	if bytes.Equal(canonical.Marshal(old), canonical.Marshal(next)) {
		return nil, true
	}
	ds.Warnf(providers.CodeReplaced, diag.Pos{Line: 1, Column: 1}, "", "convert into a new file, or merge by hand, to keep them",
		"the %d hook(s) already in %s are replaced by the converted ones", len(old.Hooks), target)
	return ds.WithFile(target), true
}

// loadedTwice warns when the plugin is in both folders OpenCode loads.
func loadedTwice(files providers.Files) diag.List {
	var ds diag.List
	const singular, plural = ".opencode/plugin/hookconv.ts", ".opencode/plugins/hookconv.ts"
	for _, p := range files.Paths() {
		slash := strings.ReplaceAll(p, "\\", "/")
		root, ok := strings.CutSuffix(slash, plural)
		if !ok || (root != "" && !strings.HasSuffix(root, "/")) {
			continue
		}
		for _, q := range files.Paths() {
			if strings.ReplaceAll(q, "\\", "/") == root+singular {
				ds.Warnf(CodeLoadedTwice, diag.Pos{Line: 1, Column: 1}, "", "delete one of the two files",
					"%s and %s are both loaded by OpenCode: every hook in them runs twice", q, p)
				ds = ds.WithFile(p)
			}
		}
	}
	return ds
}
