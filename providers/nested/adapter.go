package nested

import (
	"path"
	"slices"

	"github.com/hookconv/hookconv/canonical"
	"github.com/hookconv/hookconv/diag"
	"github.com/hookconv/hookconv/internal/node"
	"github.com/hookconv/hookconv/providers"
)

// Format reads and writes one native file format other than JSON (Codex's
// config.toml). Adapters of tools with only JSON files leave it nil.
type Format interface {
	// Handles reports whether the format reads the file at path.
	Handles(path string) bool
	// Parse turns the file into the same tree a JSON file gives.
	Parse(path string, src []byte) (*node.Node, diag.List)
	// Render writes the "hooks" tree into the file, merging into existing
	// (nil when the file is new) and keeping what hookconv does not own.
	Render(hooks *node.Node, existing []byte) ([]byte, diag.List)
}

// Adapter is a providers.Adapter for one dialect of the family.
type Adapter struct {
	*Codec
	// Other is an additional file format, or nil.
	Other Format
	// AfterEncode adds the tool's notes about written files (Codex trust),
	// given what the files held before (existing; nil for new files).
	AfterEncode func(files, existing providers.Files) diag.List
}

var _ providers.Adapter = (*Adapter)(nil)

// NewAdapter returns the adapter of a dialect.
func NewAdapter(d *Dialect) *Adapter { return &Adapter{Codec: New(d)} }

// Slug implements providers.Adapter.
func (a *Adapter) Slug() string { return a.d.Slug }

// Decode implements providers.Adapter: every file given is read, in path
// order, and their hooks concatenated (the tools merge all their files).
func (a *Adapter) Decode(files providers.Files) (*canonical.Manifest, diag.List) {
	return a.DecodeSeeing(files, nil)
}

// DecodeSeeing implements providers.TreeDecoder: see gets each file's
// tree, that of Codex's config.toml too (parsed into the same shape, so
// the lint rules — HC703's timeout unit among them — read it alike).
func (a *Adapter) DecodeSeeing(files providers.Files, see func(string, *node.Node)) (*canonical.Manifest, diag.List) {
	return a.DecodeBeside(files, nil, see)
}

// DecodeBeside implements providers.BesideDecoder: beside's files are
// read for the settings that apply to every hook (the switches that turn
// them off, the variables set for them), in the same order of precedence,
// but their hooks are not converted, and what they hold that hookconv
// cannot read is not reported: the user did not name them.
func (a *Adapter) DecodeBeside(files, beside providers.Files, see func(string, *node.Node)) (*canonical.Manifest, diag.List) {
	var ds diag.List
	m := &canonical.Manifest{Spec: canonical.SpecVersion}
	var allOff *node.Node // a file's setting that turns every hook off
	var env []string      // the variables the settings set for every hook
	allOffRank := -1      // the precedence of the file that decided it
	paths := files.Paths()
	for _, p := range beside.Paths() {
		if _, named := files[p]; !named {
			paths = append(paths, p)
		}
	}
	slices.Sort(paths)
	for _, p := range paths {
		src, named := files[p]
		if !named {
			src = beside[p]
		}
		root, pds := a.parse(p, src)
		if named {
			ds = append(ds, pds...)
		}
		if root == nil {
			continue
		}
		if see != nil {
			see(p, root)
		}
		var hooks []canonical.Hook
		if named {
			var hds diag.List
			hooks, hds = a.DecodeTree(p, root)
			ds = append(ds, hds...)
		}
		env = providers.SettingsEnvNames(env, p, root, a.Prov)
		if a.d.Switches != nil {
			// Every hook off is decided over all the files, by their
			// precedence (a file of switch_paths overrides the others:
			// Claude's settings.local.json); a list of names turns off
			// those hooks wherever it stands (Gemini's, a union).
			rank := 0
			if slices.Contains(a.Prov.SwitchPaths, p) {
				rank = 1
			}
			setting, all, _ := a.d.Switches(root)
			switch {
			case all && rank >= allOffRank:
				allOff, allOffRank = &node.Node{Kind: node.String, Text: setting}, rank
			case a.d.SwitchedOn != nil && a.d.SwitchedOn(root) && rank >= allOffRank:
				allOff, allOffRank = nil, rank
			case !all:
				providers.MarkSwitchedOff(hooks, root, a.d.Slug, a.d.Switches)
			}
		}
		if m.Hooks == nil {
			m.Hooks = hooks
		} else {
			m.Hooks = append(m.Hooks, hooks...)
		}
	}
	if allOff != nil {
		// The tool merges its files: a setting in one that turns every
		// hook off (Codex's [features] hooks = false in config.toml, a
		// disableAllHooks in settings.local.json) turns off the others'.
		for i := range m.Hooks {
			providers.SetData(&m.Hooks[i], a.d.Slug, "$disabled", allOff)
		}
	}
	// The tool merges its files' settings too: every hook gets the
	// variables any of them sets.
	providers.MarkSettingsEnv(m.Hooks, a.d.Slug, env)
	return m, ds
}

func (a *Adapter) parse(p string, src []byte) (*node.Node, diag.List) {
	a.load()
	if a.Other != nil && a.Other.Handles(p) {
		return a.Other.Parse(p, src)
	}
	root, ds := providers.ParseJSONConfig(p, src, a.Prov)
	if root != nil {
		ds = append(ds, providers.RepeatedKeys(p, root)...)
	}
	return root, ds
}

// countHandlers counts the handlers of a nested "hooks" value.
func countHandlers(hooks *node.Node) int {
	n := 0
	for _, ev := range hooks.Fields {
		for _, g := range ev.Value.Items {
			if hs := g.Get("hooks"); hs != nil {
				n += len(hs.Items)
			}
		}
	}
	return n
}

// DefaultPath is where the tool's project config lives.
func (a *Adapter) DefaultPath() string {
	a.load()
	return a.Prov.Paths[0]
}

// Encode implements providers.Adapter. The hooks go to the one existing
// file given (the user's -o target), else to the tool's default path; an
// existing file keeps every other key, its order, formatting and comments.
func (a *Adapter) Encode(m *canonical.Manifest, existing providers.Files) (providers.Files, diag.List) {
	tree, ds := a.EncodeTree(m)
	target := existing.Target(a.DefaultPath())
	prev := existing[target]
	var out []byte
	if a.Other != nil && a.Other.Handles(target) {
		var rds diag.List
		out, rds = a.Other.Render(tree, prev)
		ds = append(ds, rds.WithFile(target)...)
		if out == nil {
			return nil, ds // nothing is written: no note about writing it
		}
		if len(prev) > 0 {
			if root, _ := a.Other.Parse(target, prev); root != nil {
				ds = append(ds, providers.WarnReplaced(target, root.Get("hooks"), tree, countHandlers)...)
			}
		}
	} else {
		var wds diag.List
		out, wds = providers.WriteJSONConfig(target, prev, []node.Field{{Key: "hooks", Value: tree}}, countHandlers)
		ds = append(ds, wds...)
		if out == nil {
			return nil, ds
		}
	}
	files := providers.Files{path.Clean(target): out}
	if a.AfterEncode != nil {
		ds = append(ds, a.AfterEncode(files, existing)...)
	}
	return files, ds
}
