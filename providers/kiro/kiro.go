// Package kiro is the adapter of Kiro's v1 hook files, read by Kiro IDE
// 1.x and Kiro CLI 3.x: every .kiro/hooks/<name>.json holds
//
//	{"version": "v1", "hooks": [{"name": "lint", "trigger": "PostFileSave", "matcher": "\\.ts$",
//	  "action": {"type": "command", "command": "npm run lint"}, "timeout": 30, "enabled": true}]}
//
// Triggers are PascalCase. A matcher is a regular expression: over tool
// names on PreToolUse/PostToolUse, over the file path on the file
// triggers (PostFileSave, PostFileCreate, PostFileDelete). Timeouts are in
// seconds. An action runs a shell command, or sends a prompt to the agent
// (read as a canonical prompt handler). Kiro shows every hook by name, so
// a hook written without one is named "hook N" after its position.
//
// provider_data["kiro"] (a JSON object) keeps what has no canonical home:
//   - "description" and "enabled": the hook's keys, verbatim, so a
//     disabled hook stays disabled through a round trip;
//   - "timeout": 0 when the file says 0 (a canonical 0 means the tool's
//     default, which in Kiro is 60 s);
//   - "$matcher": the native matcher when it does not select tools (the
//     file-path regex of PostFileSave), or when writing the canonical
//     matcher back would spell it differently ("write" reads as fs_write).
//
// The legacy one-hook-per-file format of Kiro IDE 0.x (when/then, in
// .kiro.hook files) is the kiro-legacy adapter's; a file in that shape is
// reported and skipped here.
package kiro

import (
	"fmt"

	"github.com/hookconv/hookconv/canonical"
	"github.com/hookconv/hookconv/diag"
	"github.com/hookconv/hookconv/internal/node"
	"github.com/hookconv/hookconv/providers"
)

// Slug is the provider slug.
const Slug = "kiro"

// Version is the value of the top-level "version" key of a v1 hook file.
const Version = "v1"

// Diagnostic codes of the Kiro v1 adapter. Encoders also use the shared
// codes of package providers and nested for what every format reports the
// same way (a hook not written, a matcher part lost, a field dropped).
const (
	// CodeShape (error): a value of the wrong shape; the hook is not read.
	CodeShape = "HC500"
	// CodeVersion (warning): "version" missing or not "v1"; read as v1.
	CodeVersion = "HC501"
	// CodeUnknownKey (warning): a key Kiro's v1 format does not define;
	// it is not carried over.
	CodeUnknownKey = "HC502"
	// CodeUnknownTrigger (warning): a trigger hookconv does not know; kept
	// as a Kiro-only event and written back for Kiro alone.
	CodeUnknownTrigger = "HC503"
	// CodeLegacyFile (warning): a Kiro IDE 0.x hook (when/then) in a .json
	// file; it is skipped here and read by the kiro-legacy adapter.
	CodeLegacyFile = "HC504"
	// CodeUnknownAction (error): an action type other than command and
	// agent; the hook is not read.
	CodeUnknownAction = "HC505"
	// CodeNoHooks (info): the file has no "hooks" list.
	CodeNoHooks = "HC506"
	// CodeNamed (info): hooks without a name were given one, because Kiro
	// requires it.
	CodeNamed = "HC507"
	// CodeBadData (warning): a provider_data["kiro"] value of the wrong
	// type (a hand-written manifest's "enabled": "no"); not written.
	CodeBadData = "HC508"
	// CodeNoName (warning): a hook in a Kiro file has no name, which Kiro
	// requires (it lists and toggles hooks by name).
	CodeNoName = "HC509"
)

// Adapter is the Kiro v1 providers.Adapter.
type Adapter struct{ providers.Rows }

var _ providers.Adapter = (*Adapter)(nil)

func init() { providers.Register(&Adapter{}) }

// Slug implements providers.Adapter.
func (a *Adapter) Slug() string { return Slug }

// kin is Kiro's 0.x format, whose hooks have "enabled" and "description"
// as the v1 files do: a hook converted between them keeps both.
const kin = "kiro-legacy"

// CarriesKey reports that the v1 files write the 0.x format's "enabled"
// and "description" as their own.
func (a *Adapter) CarriesKey(slug, key string) bool {
	return slug == kin && (key == "enabled" || key == "description")
}

// Decode implements providers.Adapter: the hooks of every file, in path
// order (Kiro loads every *.json of .kiro/hooks).
func (a *Adapter) Decode(files providers.Files) (*canonical.Manifest, diag.List) {
	a.Load(Slug)
	return providers.DecodeJSONFiles(files, a.Prov, func(p string, root *node.Node) ([]canonical.Hook, diag.List) {
		d := &decoder{Adapter: a, file: p}
		hooks := d.decodeFile(root)
		return hooks, d.ds
	})
}

// Encode implements providers.Adapter: every hook goes into one file, the
// one existing file given (the -o target) or .kiro/hooks/hookconv.json; an
// existing file keeps every other key, its order and formatting.
func (a *Adapter) Encode(m *canonical.Manifest, existing providers.Files) (providers.Files, diag.List) {
	a.Load(Slug)
	e := newEncoder(a, m)
	list := &node.Node{Kind: node.Array, Items: make([]*node.Node, 0, len(m.Hooks))}
	for i := range m.Hooks {
		if n, ok := e.encodeHook(&m.Hooks[i], i); ok {
			list.Items = append(list.Items, n)
		}
	}
	e.reportNamed()
	target := existing.Target(a.Prov.Paths[0])
	members := []node.Field{
		{Key: "version", Value: &node.Node{Kind: node.String, Text: Version}},
		{Key: "hooks", Value: list},
	}
	return providers.EncodeJSONConfig(target, existing, members, func(n *node.Node) int { return len(n.Items) }, e.ds)
}

// hookPath is the diagnostic path of a canonical hook.
func hookPath(h *canonical.Hook, i int) string { return fmt.Sprintf("hooks[%d]", h.SourceIndex(i)) }
