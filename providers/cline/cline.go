// Package cline is the adapter of Cline's hook scripts: one executable per
// event in .clinerules/hooks/ (or .cline/hooks/ for the SDK/CLI), named
// exactly after the event (PreToolUse, TaskStart, …). Cline runs the file
// with the event JSON (camelCase) on stdin and reads only its stdout:
// {"cancel": true, "errorMessage": "…"} stops the action, and
// "contextModification" adds text to the conversation. Exit codes mean
// nothing to Cline (exit 2 does not block), there are no matchers and no
// per-hook timeout (Cline stops a script after a fixed 30 s).
//
// # Decoding
//
// A hand-written script becomes one hook: its event from the file name
// (the base name, with one of the extensions the SDK/CLI accepts), a
// command handler that runs the script by its path relative to the
// project root, no matcher, blocking only where the script answers
// {"cancel": true} on an event Cline cancels on (Cline never honours exit
// 2; the pipeline also reads the project scripts it runs, which may
// answer for it: CancelAt).
// A Windows <Event>.ps1 becomes the Windows command (handler.platform)
// of its Unix twin's hook, the command Cline itself runs it with,
// "powershell -NoProfile -NonInteractive -ExecutionPolicy Bypass -File
// <path>"; without a twin it runs on Windows only, and is not converted
// (providers.CodeWindowsOnly, as other tools' Windows-only entries). A file whose name is
// not an event is reported (with the closest event name) and not read:
// Cline never runs it.
//
// A script hookconv generated embeds the canonical manifest of its hooks
// between "# hookconv-manifest-begin" and "# hookconv-manifest-end", each
// line prefixed "# ", so decoding it gives back those hooks exactly (every
// field, provider_data, order; a "# hookconv-order" line keeps the order
// of hooks across events). A "# hookconv-sha256" line holds the hashes of
// the manifest and of the rest of the file. When either no longer matches,
// the file was edited: the hooks are still read from the manifest (it is
// what the script was generated from, and reading the edited shell code
// back into hooks is not possible), with a warning that says which part
// changed and that edits to the script body are not in the result.
//
// # Encoding
//
// Every event gets one POSIX sh script, .clinerules/hooks/<Event>, written
// with mode 0755 (Cline treats a script without the executable bit as
// disabled). It runs the event's command hooks in order, each with the
// stdin Cline sent, applies matchers itself by reading the tool name from
// the event JSON, enforces per-hook timeouts with a sleep watchdog, and
// turns the hooks/1.0 outcomes (spec §5) into Cline's answer: a blocking
// hook that exits 2, or prints a deny decision, makes the script print
// {"cancel": true, "errorMessage": <its stderr or reason>}; "context" is
// passed on as "contextModification". See script.go for the details and
// the limits of doing this in sh without jq.
//
// provider_data["cline"] (a JSON object) holds "$event": the native event
// a hand-written script was named after when the canonical event is also
// written under another name (TaskResume, read as session_start, which is
// written as TaskStart). Encoding honours it, so the hook stays on
// TaskResume. Any other hand-written script's hook holds "$from": true
// instead: either mark says the script speaks Cline's contract (its
// payload, its "cancel" answer), so that a manifest made of it is checked
// against Cline, as converting the script straight is.
//
// Only the VS Code extension's and the SDK/CLI's file hooks are in scope;
// Cline's SDK plugins (.cline/plugins/, TypeScript) are not.
package cline

import (
	"path"
	"slices"
	"strings"

	"github.com/hookconv/hookconv/providers"
	"github.com/hookconv/hookconv/vocab"
)

// Slug is the provider slug.
const Slug = "cline"

// Diagnostic codes of the Cline adapter. They are stable: scripts and
// `hookconv explain` key on them, so a code is never reused.
const (
	// CodeNotEvent (warning): a file in a hooks folder is not named after
	// a Cline event, so Cline never runs it, and it is not read.
	CodeNotEvent = "HC560"
	// CodeNotScript (info): a file in a hooks folder whose extension Cline
	// does not run (README.md); ignored.
	CodeNotScript = "HC561"
	// CodeReach (info): a file name or an event that only one of Cline's
	// runtimes runs (the VS Code extension or the SDK/CLI).
	CodeReach = "HC562"
	// CodePowerShell (warning): a Windows .ps1 hook script, decoded as a
	// command that runs it with PowerShell; it needs PowerShell wherever
	// the hook is converted to. No longer reported: a .ps1 is its Unix
	// twin's Windows command, or alone a Windows-only entry (HC346); the
	// code stays reserved, and migrate still reads it as weakening.
	CodePowerShell = "HC563"
	// CodeClineOutput (warning or info): a hand-written script answers in
	// Cline's own JSON: "cancel", which blocks in Cline and nowhere else
	// (warning), or "contextModification" (info).
	CodeClineOutput = "HC564"
	// CodeEdited (warning): a script hookconv generated was edited since:
	// its hash line no longer matches. Decoding reads the hooks from the
	// embedded manifest; encoding over it replaces the edits.
	CodeEdited = "HC565"
	// CodeBadManifest (error): the manifest embedded in a generated script
	// is damaged (an unterminated block, a line without "# ", invalid
	// JSON); the file is not read.
	CodeBadManifest = "HC566"
	// CodeEvent (warning or error): a hook's event does not fit the file:
	// an embedded hook of another Cline event than the file's name
	// (warning), or of an event Cline does not have (error when decoding;
	// a warning and not written when encoding).
	CodeEvent = "HC567"
	// CodeOverwrite (error): encoding would replace a hand-written script
	// with a generated one; nothing is written.
	CodeOverwrite = "HC568"
	// CodeSelfRun (error): a hook runs the very script the output would
	// replace, which would then run itself forever.
	CodeSelfRun = "HC569"
	// CodeAlsoRun (warning): a hook runs a script that sits in a Cline
	// hooks folder under an event's name, so Cline also runs it on its own.
	CodeAlsoRun = "HC570"
	// CodeNotRun (warning): a hook the generated script cannot run (an
	// http, prompt, agent or mcp_tool handler, or a command holding a NUL
	// byte). It stays in the embedded manifest, so it round-trips, but
	// never runs under Cline.
	CodeNotRun = "HC571"
	// CodeToolName (warning): a matcher names a tool Cline has no name for
	// in the vocabulary; it is matched literally.
	CodeToolName = "HC572"
	// CodePattern (warning): a regular-expression matcher the script can
	// only approximate in POSIX ERE (word boundaries are dropped, so it
	// matches more), or cannot use at all (the hook then runs for every
	// tool).
	CodePattern = "HC573"
	// CodeMCP (info): an MCP matcher is matched through the parameters of
	// Cline's use_mcp_tool (server_name, tool_name), which is how the VS
	// Code extension calls MCP tools.
	CodeMCP = "HC574"
	// CodeTimeout (warning or info): a timeout longer than Cline's fixed
	// 30 s for the whole script (warning), or with a fraction, rounded up
	// to whole seconds for the watchdog (info).
	CodeTimeout = "HC575"
	// CodeWindows (warning): a handler.platform.windows command is not
	// written: Cline on Windows runs only <Event>.ps1, which hookconv does
	// not generate.
	CodeWindows = "HC576"
	// CodeOneFile (error): -o names one file, but the hooks belong to
	// several events, and Cline needs one script per event.
	CodeOneFile = "HC577"
	// CodeStale (info): an existing generated script of an event that no
	// longer has hooks is rewritten to run nothing (hookconv writes files,
	// it does not delete them).
	CodeStale = "HC578"
	// CodeMisnamedOutput (error): the file -o names is not named after
	// the one event the hooks belong to, or has an extension that makes
	// Cline run it as no shell script (.ps1, .py, .js), so its guards
	// would guard nothing; nothing is written.
	CodeMisnamedOutput = "HC579"
)

// HooksDir is where Encode writes the scripts: the folder both the VS Code
// extension and the SDK/CLI read in a workspace.
const HooksDir = ".clinerules/hooks"

// hookDirs are the project folders Cline runs hook scripts from.
var hookDirs = []string{".clinerules/hooks", ".cline/hooks"}

// extensions are the file extensions the SDK/CLI accepts for a hook
// script (hook-file-config.ts); the VS Code extension runs only the
// extensionless name on Unix and only .ps1 on Windows.
var extensions = []string{".sh", ".bash", ".zsh", ".js", ".mjs", ".cjs", ".ts", ".mts", ".cts", ".py", ".ps1"}

// shellExtensions are those of extensions a shell script may carry: the
// others make the SDK/CLI run the file with Node, Python or PowerShell.
var shellExtensions = extensions[:3]

// Adapter is the Cline providers.Adapter.
type Adapter struct{ providers.Rows }

var (
	_ providers.Adapter         = (*Adapter)(nil)
	_ providers.ExecutableFiles = (*Adapter)(nil)
)

func init() { providers.Register(&Adapter{}) }

// Slug implements providers.Adapter.
func (a *Adapter) Slug() string { return Slug }

// WritesOwnKey implements providers.OwnKeyWriter: the generated script
// holds no native key of a hook, so none of provider_data.cline is
// written.
func (a *Adapter) WritesOwnKey(string) bool { return false }

func (a *Adapter) load() { a.Load(Slug) }

// Executable implements providers.ExecutableFiles: a file named after a
// Cline event (with or without an extension Cline accepts) is a program
// Cline runs, and is disabled without the executable bit.
func (a *Adapter) Executable(p string) bool {
	a.load()
	name, ext := splitName(path.Base(p))
	if ext == ".ps1" {
		return false // PowerShell runs it by path; modes mean nothing on Windows
	}
	_, exact := a.event(name)
	return exact
}

// splitName splits a script's base name into the event name and one of
// the extensions Cline accepts ("" when it has none of them).
func splitName(base string) (name, ext string) {
	e := path.Ext(base)
	if e != "" && slices.Contains(extensions, strings.ToLower(e)) {
		return base[:len(base)-len(e)], strings.ToLower(e)
	}
	return base, ""
}

// event returns the native event row called name. exact is false when
// only a case-insensitive match was found (the SDK/CLI accepts it, the
// VS Code extension does not).
func (a *Adapter) event(name string) (row vocab.NativeEvent, exact bool) {
	var folded *vocab.NativeEvent
	for _, r := range a.Names.EventsOf(Slug) {
		if r.Name == name {
			return r, true
		}
		if folded == nil && strings.EqualFold(r.Name, name) {
			folded = &r
		}
	}
	if folded != nil {
		return *folded, false
	}
	return vocab.NativeEvent{}, false
}

// eventNames lists Cline's event names in table order.
func (a *Adapter) eventNames() []string {
	var out []string
	for _, r := range a.Names.EventsOf(Slug) {
		out = append(out, r.Name)
	}
	return out
}

// inHooksDir reports whether p is a file directly in one of the project's
// Cline hooks folders.
func inHooksDir(p string) bool {
	dir := path.Dir(path.Clean(p))
	return slices.Contains(hookDirs, dir)
}
