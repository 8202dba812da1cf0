package nested

import (
	"errors"
	"path"
	"strings"

	"github.com/hookconv/hookconv/canonical"
	"github.com/hookconv/hookconv/diag"
	"github.com/hookconv/hookconv/internal/jsonedit"
	"github.com/hookconv/hookconv/internal/node"
	"github.com/hookconv/hookconv/providers"
)

// CodeJSONC notes comments or trailing commas in a file the tool reads as
// strict JSON.
const CodeJSONC = "HC320"

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
	// AfterEncode adds the tool's notes about written files (Codex trust).
	AfterEncode func(files providers.Files) diag.List
}

var _ providers.Adapter = (*Adapter)(nil)

// NewAdapter returns the adapter of a dialect.
func NewAdapter(d *Dialect) *Adapter { return &Adapter{Codec: New(d)} }

// Slug implements providers.Adapter.
func (a *Adapter) Slug() string { return a.d.Slug }

// Decode implements providers.Adapter: every file given is read, in path
// order, and their hooks concatenated (the tools merge all their files).
func (a *Adapter) Decode(files providers.Files) (*canonical.Manifest, diag.List) {
	var ds diag.List
	m := &canonical.Manifest{Spec: canonical.SpecVersion}
	for _, p := range files.Paths() {
		root, pds := a.parse(p, files[p])
		ds = append(ds, pds...)
		if root == nil {
			continue
		}
		hooks, hds := a.DecodeTree(p, root)
		ds = append(ds, hds...)
		if m.Hooks == nil {
			m.Hooks = hooks
		} else {
			m.Hooks = append(m.Hooks, hooks...)
		}
	}
	return m, ds
}

func (a *Adapter) parse(p string, src []byte) (*node.Node, diag.List) {
	a.load()
	if a.Other != nil && a.Other.Handles(p) {
		return a.Other.Parse(p, src)
	}
	root, ds := canonical.ParseDocument(p, src, canonical.FormatJSON)
	if root != nil {
		return root, nil
	}
	// Real configs carry comments; read them, but say the tool may not.
	if n, err := node.ParseJSON(src, node.JSONOptions{JSONC: true}); err == nil {
		var w diag.List
		w.Warnf(CodeJSONC, diag.Pos{Line: 1, Column: 1}, "", "remove the comments and trailing commas",
			"the file has comments or trailing commas, which %s's JSON reader may reject; read anyway", a.prov.Name)
		return n, w.WithFile(p)
	}
	return nil, ds
}

// CodeReplaced warns that hooks already in the -o file are replaced.
const CodeReplaced = "HC323"

// replacedHooks warns when merging replaces hooks the file already had
// with different ones (re-running the same conversion says nothing).
func replacedHooks(file string, prev []byte, tree *node.Node) diag.List {
	root, err := node.ParseJSON(prev, node.JSONOptions{JSONC: true})
	if err != nil {
		return nil // the merge itself reports the syntax error
	}
	old := root.Get("hooks")
	if old == nil || old.Kind != node.Object || len(old.Fields) == 0 {
		return nil
	}
	if string(node.AppendCompact(nil, old)) == string(node.AppendCompact(nil, tree)) {
		return nil
	}
	n := 0
	for _, ev := range old.Fields {
		for _, g := range ev.Value.Items {
			if hs := g.Get("hooks"); hs != nil {
				n += len(hs.Items)
			}
		}
	}
	if n == 0 {
		return nil
	}
	var ds diag.List
	ds.Warnf(CodeReplaced, old.Pos, "hooks", "convert into a new file, or merge by hand, to keep them",
		"the %d hook handler(s) already in %s are replaced by the converted ones", n, file)
	return ds.WithFile(file)
}

// DefaultPath is where the tool's project config lives.
func (a *Adapter) DefaultPath() string {
	a.load()
	return a.prov.Paths[0]
}

// Encode implements providers.Adapter. The hooks go to the one existing
// file given (the user's -o target), else to the tool's default path; an
// existing file keeps every other key, its order, formatting and comments.
func (a *Adapter) Encode(m *canonical.Manifest, existing providers.Files) (providers.Files, diag.List) {
	tree, ds := a.EncodeTree(m)
	target := a.DefaultPath()
	if len(existing) == 1 {
		for p := range existing {
			target = p
		}
	}
	prev, had := existing[target]
	var out []byte
	switch {
	case a.Other != nil && a.Other.Handles(target):
		var rds diag.List
		if !had {
			prev = nil
		}
		out, rds = a.Other.Render(tree, prev)
		ds = append(ds, rds...)
	case had && len(strings.TrimSpace(string(prev))) > 0:
		ds = append(ds, replacedHooks(target, prev, tree)...)
		merged, err := jsonedit.SetMember(prev, "hooks", tree, node.JSONOptions{JSONC: true})
		if err != nil {
			var pos diag.Pos
			var se *node.SyntaxError
			if errors.As(err, &se) {
				pos = se.Pos
			}
			var md diag.List
			md.Errorf(CodeShape, pos, "", "fix or move the file, then convert again", "cannot merge into %s: %v", target, err)
			return nil, append(ds, md.WithFile(target)...)
		}
		out = merged
	default:
		doc := &node.Node{Kind: node.Object, Fields: []node.Field{field("hooks", tree)}}
		out = append(node.AppendIndent(nil, doc, 0), '\n')
	}
	files := providers.Files{path.Clean(target): out}
	if a.AfterEncode != nil {
		ds = append(ds, a.AfterEncode(files)...)
	}
	return files, ds
}
