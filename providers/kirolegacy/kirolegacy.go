// Package kirolegacy is the adapter of Kiro IDE 0.x hook files: one hook
// per .kiro/hooks/<name>.kiro.hook, a JSON object
//
//	{
//	  "enabled": true,
//	  "name": "Format on Save",
//	  "description": "…",
//	  "version": "1",
//	  "when": {"type": "fileEdited", "patterns": ["**/*.go"]},
//	  "then": {"type": "runCommand", "command": "gofmt -w .", "timeout": 30}
//	}
//
// when.type is the trigger (vocab rows of kiro-legacy); file triggers take
// when.patterns, a list of globs over the project-relative path, and tool
// triggers take when.toolTypes, a list of tool categories (read, write,
// shell…). then.type askAgent sends then.prompt to the agent (a canonical
// prompt handler); runCommand runs then.command (a command handler) with
// an optional then.timeout in seconds.
//
// File patterns are globs; the canonical model's file matcher is a
// regular expression over the same path (a canonical Pattern on the file
// event). glob.go translates between them exactly, or refuses.
//
// Every file is one hook; its file name is its identity when it has no
// "name". Decode reads files in path order, which is the order Kiro runs
// them in (alphabetical by file name), and Encode chooses file names that
// keep the canonical order of hooks on the same event (see names.go).
//
// Output formatting: two-space indented JSON and a final newline; keys in
// the order Kiro's editor writes them — enabled, name, description,
// version, when (type, patterns or toolTypes, others), then (type, prompt
// or command, timeout, others) — then other top-level keys in the order
// read. A file in that form comes back byte for byte; any other layout
// comes back with the same content.
//
// provider_data["kiro-legacy"] (a JSON object):
//   - "enabled", "description", "version" and any other top-level key
//     ("workspaceFolderName"…), verbatim;
//   - "patterns": when.patterns, verbatim, when a glob has no exact
//     regular expression: a file filter only Kiro applies (the provider
//     row lists it in filter_keys, so converting elsewhere warns);
//   - "$patterns", "$toolTypes": when.patterns or when.toolTypes, verbatim,
//     when the canonical matcher would be written back spelled differently;
//   - "$when", "$then": other keys of when and then, verbatim;
//   - "$file": the file name without .kiro.hook, when it is not the
//     name's slug (so a round trip keeps the file, and its place in Kiro's
//     run order);
//   - "$absent": the keys of Kiro's written form (enabled, name,
//     description, version) the file did not have, so they are not added.
package kirolegacy

import (
	"github.com/hookconv/hookconv/providers"
)

// Slug is the provider slug.
const Slug = "kiro-legacy"

// DefaultVersion is the "version" written for hooks that did not come from
// a .kiro.hook file: the value the official Kiro demo repository and Kiro's
// own editor write ("1.0.0" is seen in community files and kept when read).
const DefaultVersion = "1"

// Diagnostic codes of the Kiro legacy adapter (HC520–HC539).
const (
	// CodeShape (error): a value of the wrong type or shape: a document
	// that is not an object, or "patterns" that is not a list of strings.
	CodeShape = "HC520"
	// CodeMissing (error): a part Kiro needs is missing (when, then, their
	// type, the prompt or command); the hook is not read.
	CodeMissing = "HC521"
	// CodeUnknownTrigger (warning): a when.type hookconv does not know;
	// the hook is kept for Kiro legacy only (a vendor event).
	CodeUnknownTrigger = "HC522"
	// CodeUnknownAction (error): a then.type other than askAgent and
	// runCommand; the hook is not read.
	CodeUnknownAction = "HC523"
	// CodeUnknownKey: a key Kiro's hook files are not known to have —
	// carried verbatim for Kiro and not used elsewhere (info), or, when it
	// cannot be carried ("patterns" outside "when", a "$" key), dropped
	// (warning).
	CodeUnknownKey = "HC524"
	// CodeVersion (warning): a "version" other than "1" or "1.0.0"; kept.
	CodeVersion = "HC525"
	// CodeGlob (info): a file pattern that has no exact regular
	// expression; kept for Kiro, other tools get no file filter.
	CodeGlob = "HC526"
	// CodeNoPatterns (warning): a file trigger without patterns, read as
	// "every file" (Kiro's editor always writes at least one).
	CodeNoPatterns = "HC527"
	// CodeNoToolTypes (warning): a tool trigger without toolTypes, read
	// as "every tool".
	CodeNoToolTypes = "HC528"
	// CodeDisabled (info): "enabled": false; kept for Kiro, but other
	// tools have no such flag and will run the hook.
	CodeDisabled = "HC529"
	// CodeFileName (warning): a file not named *.kiro.hook, which Kiro IDE
	// does not load from .kiro/hooks; read anyway.
	CodeFileName = "HC530"
	// CodeOneFile (warning): the output file named on the command line
	// can hold one hook, and there are several: each is written to its own
	// file under .kiro/hooks/ instead.
	CodeOneFile = "HC531"
	// CodeRenamed (info): a hook's recorded file name is not a safe file
	// name; the hook is written under a name made from its "name".
	CodeRenamed = "HC532"
	// CodeOrdered (info): file names got a numeric prefix so that Kiro,
	// which runs hook files in name order, runs hooks on the same trigger
	// in their canonical order.
	CodeOrdered = "HC533"
	// CodeDuplicateKey (warning): a key appears twice in one object; the
	// last one wins, as in Kiro's JSON reader.
	CodeDuplicateKey = "HC534"
	// CodeLeftOver (warning): a hook file already in .kiro/hooks/ that the
	// conversion does not write; it is left as it is, and Kiro still runs
	// its hook.
	CodeLeftOver = "HC535"
)

// Native keys and values of the format.
const (
	keyEnabled     = "enabled"
	keyName        = "name"
	keyDescription = "description"
	keyVersion     = "version"
	keyWhen        = "when"
	keyThen        = "then"
	keyType        = "type"
	keyPatterns    = "patterns"
	keyToolTypes   = "toolTypes"
	keyPrompt      = "prompt"
	keyCommand     = "command"
	keyTimeout     = "timeout"

	actionAskAgent   = "askAgent"
	actionRunCommand = "runCommand"

	// fileSuffix ends every hook file Kiro IDE 0.x loads.
	fileSuffix = ".kiro.hook"
	// hooksDir is where Kiro looks for them.
	hooksDir = ".kiro/hooks/"
)

// Bookkeeping keys of provider_data (see the package comment).
const (
	pdPatterns  = "$patterns"
	pdToolTypes = "$toolTypes"
	pdWhen      = "$when"
	pdThen      = "$then"
	pdFile      = "$file"
	pdAbsent    = "$absent"
)

// writtenKeys are the top-level keys Kiro's editor writes before when and
// then, in its order.
var writtenKeys = []string{keyEnabled, keyName, keyDescription, keyVersion}

// knownVersions are the "version" values seen in real files.
var knownVersions = []string{"1", "1.0.0"}

// Adapter is the Kiro legacy providers.Adapter.
type Adapter struct{ providers.Rows }

var _ providers.Adapter = (*Adapter)(nil)

func init() { providers.Register(&Adapter{}) }

// Slug implements providers.Adapter.
func (a *Adapter) Slug() string { return Slug }

func (a *Adapter) load() { a.Load(Slug) }
