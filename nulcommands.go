package hookconv

import (
	"strings"

	"github.com/hookconv/hookconv/canonical"
	"github.com/hookconv/hookconv/diag"
	"github.com/hookconv/hookconv/internal/node"
	"github.com/hookconv/hookconv/providers"
)

// CodeCommandNUL: a command handler's command, one of its per-OS
// commands, or an argument of its exec form holds a NUL character: no
// tool can run it (error).
const CodeCommandNUL = "HC473"

// nulCommands reports (HC473) each command of m's hooks that holds a NUL
// character ("./g\u0000.sh"): no system runs one (exec takes C strings,
// and Node refuses it before), so the hook runs nowhere, and a guard that
// fails to start lets the action through in most tools (QA F10: it passed
// validate and convert). An error, as a command that is empty (HC143,
// HC301) or a URL no tool can post to (HC192): the hook cannot be
// converted into anything that runs. An exec form's arguments are folded
// into the command by its decoder, so they are checked with it.
//
// in are the tool's files m was decoded from, for the position of a
// value its decoder did not keep (a per-OS command, an exec form's
// argument); nil for a manifest, whose hooks know where each value is.
// file names the hooks that name no file of their own.
func nulCommands(m *canonical.Manifest, file string, in providers.Files) diag.List {
	var ds diag.List
	if m == nil {
		return ds
	}
	var vals nulValues
	for i := range m.Hooks {
		h := &m.Hooks[i]
		hd := &h.Handler
		if hd.Type != canonical.HandlerCommand {
			continue
		}
		hfile := file
		if h.OriginFile != "" {
			hfile = h.OriginFile
		}
		at := func(field, value string) diag.Pos {
			if p, ok := vals.find(in, hfile, h.Origin, value); ok {
				return p
			}
			return h.PosOf(field)
		}
		if strings.IndexByte(hd.Command, 0) >= 0 {
			ds = append(ds, nulCommand(h, i, "handler.command", "the command", at("handler.command", hd.Command)).WithFile(hfile)...)
		}
		for _, o := range canonical.Systems {
			if v := hd.Platform[o.Key]; strings.IndexByte(v, 0) >= 0 {
				field := "handler.platform." + o.Key
				ds = append(ds, nulCommand(h, i, field, "the "+o.Name+" command", at(field, v)).WithFile(hfile)...)
			}
		}
	}
	return ds
}

// nulCommand is HC473 for the command at field (a path in the hook) of
// h, the i-th hook, named as what.
func nulCommand(h *canonical.Hook, i int, field, what string, pos diag.Pos) diag.List {
	var d diag.List
	d.Errorf(CodeCommandNUL, pos, hookPath(h, i)+"."+field, `remove the NUL (\u0000) from the command`,
		"%s of %s holds a NUL character (\\u0000): no tool can run a command holding one, so the hook would run nowhere (a guard would let every action through)",
		what, h.DisplayName(i))
	return d
}

// nulValues are the string values holding a NUL of each JSON file, in
// document order: parsed again only when a tool's decoder kept no
// position for such a value (a per-OS command, an exec form's argument),
// which no valid config has.
type nulValues map[string][]*node.Node

// find is where, in file, the value of a hook starting at hook holds
// value, or part of it (an exec form's argument, folded into the
// command): the first string after the hook's start that holds a NUL and
// is in value. False when there is none, or no files to look in.
func (vals *nulValues) find(in providers.Files, file string, hook diag.Pos, value string) (diag.Pos, bool) {
	if in == nil {
		return diag.Pos{}, false
	}
	if *vals == nil {
		*vals = nulValues{}
	}
	strs, ok := (*vals)[file]
	if !ok {
		if root, err := node.ParseJSON(in[file], node.JSONOptions{JSONC: true}); err == nil {
			strs = appendNulStrings(nil, root)
		}
		(*vals)[file] = strs
	}
	for _, n := range strs {
		if n.Pos.Offset >= hook.Offset && strings.Contains(value, n.Text) {
			return n.Pos, true
		}
	}
	return diag.Pos{}, false
}

// appendNulStrings appends the string values under n that hold a NUL.
func appendNulStrings(dst []*node.Node, n *node.Node) []*node.Node {
	switch n.Kind {
	case node.String:
		if strings.IndexByte(n.Text, 0) >= 0 {
			dst = append(dst, n)
		}
	case node.Object:
		for _, f := range n.Fields {
			dst = appendNulStrings(dst, f.Value)
		}
	case node.Array:
		for _, it := range n.Items {
			dst = appendNulStrings(dst, it)
		}
	}
	return dst
}
