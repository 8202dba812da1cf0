package hookconv

import (
	"bytes"
	"slices"
	"strings"

	"github.com/hookconv/hookconv/canonical"
	"github.com/hookconv/hookconv/capabilities"
	"github.com/hookconv/hookconv/diag"
	"github.com/hookconv/hookconv/internal/node"
	"github.com/hookconv/hookconv/lint"
	"github.com/hookconv/hookconv/providers"
	"github.com/hookconv/hookconv/vocab"
)

// ValidateManifest parses a hooks/1.0 manifest (JSON or YAML, chosen by the
// file name and content) and checks it completely: structure, JSON types,
// names against the vocabularies, blocking intent and duplicates. It
// reports every problem it finds, sorted by position. The manifest is nil
// only when the document could not be parsed at all.
func ValidateManifest(name string, src []byte) (*canonical.Manifest, diag.List) {
	m, ds := canonical.Parse(name, src)
	if m != nil {
		ds = append(ds, canonical.Check(m, capabilities.DefaultVocabulary()).WithFile(name)...)
		ds = append(ds, groupMarkNotes(m).WithFile(name)...)
		ds = append(ds, nulCommands(m, name, nil)...)
	}
	ds.Sort()
	return m, ds
}

// groupMarkNotes reports, for every tool whose hooks sit in groups with
// keys of their own (the nested tools), the "$group" keys of the
// manifest's hooks that tool does not write (HC593), as converting to it
// does: validate knows no target, so it says so for each tool whose data
// a hook carries.
func groupMarkNotes(m *canonical.Manifest) diag.List {
	var ds diag.List
	for i := range m.Hooks {
		h := &m.Hooks[i]
		var marked []string
		for slug, raw := range h.ProviderData {
			if bytes.Contains(raw, []byte(`"$group"`)) {
				marked = append(marked, slug) // most hooks: none, nothing parsed or sorted
			}
		}
		slices.Sort(marked)
		for _, slug := range marked {
			a, _ := providers.Get(slug)
			groups, ok := a.(providers.GroupKeyWriter)
			prov, known := vocab.Default().Provider(slug)
			if !ok || !known {
				continue
			}
			ds = append(ds, groupKeyNotes(h, i, prov, providers.OwnData(h, slug), groups)...)
		}
	}
	return ds
}

// LintNative checks one native config of a tool: what its decoder reports
// (unknown events and keys, missing fields, handler types that never run,
// invalid patterns) and the lint rules for configs that load but do
// something else than they seem to (package lint). It returns the hooks
// as decoded too (nil when the file could not be read).
func LintNative(slug, name string, src []byte) (*canonical.Manifest, diag.List) {
	var ds diag.List
	a, ok := providers.Get(slug)
	if !ok {
		ds.Errorf(CodeUnknownProvider, diag.Pos{}, "", "known: "+strings.Join(providers.Slugs(), ", "), "no adapter for %q", slug)
		return nil, ds.WithFile(name)
	}
	files := providers.Files{name: src}
	if td, ok := a.(providers.TreeDecoder); ok && slug != "canonical" {
		// The rules read the tree the decoder parsed, whatever the file's
		// format (Codex's config.toml as well as JSON).
		var rules diag.List
		m, ds := td.DecodeSeeing(files, func(p string, root *node.Node) {
			rules = append(rules, lint.Rules(vocab.Default(), slug, root).WithFile(p)...)
		})
		ds = append(ds, rules...)
		ds = append(ds, nulCommands(m, name, files)...)
		ds.Sort()
		return m, ds
	}
	m, ds := a.Decode(files)
	if root, err := node.ParseJSON(src, node.JSONOptions{JSONC: true}); err == nil {
		ds = append(ds, lint.Rules(vocab.Default(), slug, root).WithFile(name)...)
	}
	ds = append(ds, nulCommands(m, name, files)...)
	ds.Sort()
	return m, ds
}
