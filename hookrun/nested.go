package hookrun

// The fields a source tool nests (run --from): Windsurf keeps the
// tool's fields, the directory and the prompt under tool_info, Cline
// under an object named for the event (preToolUse.toolName) and the
// workspace in a list (workspaceRoots.0). A guard written for such a
// tool reads .tool_info.command_line; handed only the canonical input it
// finds null and lets the call through. These are rebuilt from the
// canonical input's values by the contracts table's paths, read in
// reverse, as the source's payload would hold them.

import (
	"encoding/json"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

// nestedTree is the values being built below the payload's top, with
// the top-level keys in the order first set; a leaf is a JSON value.
type nestedTree struct {
	keys []string
	root map[string]any
}

// set puts value at a path of keys, the last key optionally the index 0
// of a list (workspaceRoots.0: a list of that value). It keeps a value
// already there: the first field to name a path (the directory, before
// a tool input's cwd) holds it. It reports whether the path holds a
// value now.
func (n *nestedTree) set(path []string, value json.RawMessage) bool {
	if len(path) < 2 || len(value) == 0 {
		return false
	}
	var leaf any = value
	if last := path[len(path)-1]; strings.Trim(last, "0123456789") == "" {
		if last != "0" {
			return false // only a list's first member can be built alone
		}
		path, leaf = path[:len(path)-1], []json.RawMessage{value}
	}
	if n.root == nil {
		n.root = map[string]any{}
	}
	if _, ok := n.root[path[0]]; !ok {
		n.keys = append(n.keys, path[0])
	}
	m := n.root
	for _, k := range path[:len(path)-1] {
		child, ok := m[k].(map[string]any)
		if !ok {
			if _, taken := m[k]; taken {
				return false // a value, not an object, is there
			}
			child = map[string]any{}
			m[k] = child
		}
		m = child
	}
	if _, taken := m[path[len(path)-1]]; !taken {
		m[path[len(path)-1]] = leaf
	}
	return true
}

// nestedPath splits a contract path that names a field below the
// payload's top (tool_info.user_prompt), and false for a top-level key
// or a pick ({…}), which are not built here.
func nestedPath(p string) ([]string, bool) {
	if strings.ContainsAny(p, "{}") || !strings.Contains(p, ".") {
		return nil, false
	}
	return strings.Split(p, "."), true
}

// ofOtherEvent reports whether a nested path's first key names an event
// of from's other than the input's: Cline's payload holds postToolUse
// (its PostToolUse, one letter's case aside) or tool_result (an alias)
// on that event alone, so a hook on a tool call is not handed one.
func (t *Tables) ofOtherEvent(from, key, event string) bool {
	r, size := utf8.DecodeRuneInString(key)
	for _, name := range []string{key, string(unicode.ToUpper(r)) + key[size:]} {
		if ref, ok := t.ResolveEvent(from, name); ok && ref.Canonical != "" {
			return ref.Canonical != event
		}
	}
	return false
}

// nestedFields builds the fields from's payload keeps below its top
// level with the input's values: the event's name, the session, the
// directory, the prompt, the transcript and the last message where the
// source nests them; the tool's name and input (and response) beside
// one another under a parent (tool_info, preToolUse) where the source
// keeps them so, and, where its tool input is a pick of such fields
// ({command=tool_info.command_line,cwd=tool_info.cwd}), each argument
// the input has at its own path. Where the contract keeps an MCP
// server apart (mcp_server), the tool's name there is an MCP tool's own,
// on MCP calls alone, as the source sends it. A path under an event's
// own object is built on that event only. Keys the input already holds
// (a canonical key, or one ownFields added) are left alone.
func (t *Tables) nestedFields(from string, c *Contract, in *Input, ev EventRef, tool string, taken []string) []ownField {
	var tree nestedTree
	applies := func(path []string) bool { return !t.ofOtherEvent(from, path[0], in.Event) }
	str := func(paths []string, value string) {
		for _, p := range paths {
			if path, ok := nestedPath(p); ok && value != "" && applies(path) {
				tree.set(path, quote(value))
			}
		}
	}
	str(c.Event, ev.Native)
	str(c.SessionID, in.SessionID)
	str(c.Cwd, in.Cwd)
	str(c.Prompt, in.Prompt)
	str(c.TranscriptPath, in.TranscriptPath)
	str(c.LastMessage, in.LastMessage)

	// The tool: its name under each parent the source keeps it at; its
	// input and response beside it.
	if len(c.MCPServer) > 0 {
		tool = ""
		if in.MCP != nil {
			tool = in.MCP.Tool
			str(c.MCPServer, in.MCP.Server)
		}
	}
	var parents []string
	if tool != "" {
		for _, p := range c.Tool {
			if path, ok := nestedPath(p); ok && applies(path) && tree.set(path, quote(tool)) {
				parents = append(parents, strings.Join(path[:len(path)-1], "."))
			}
		}
	}
	beside := func(paths []string, value json.RawMessage) bool {
		built := false
		for _, p := range paths {
			path, ok := nestedPath(p)
			if ok && slices.Contains(parents, strings.Join(path[:len(path)-1], ".")) && tree.set(path, value) {
				built = true
			}
		}
		return built
	}
	inputBuilt := beside(c.ToolInput, sourceArgs(from, tool, in))
	beside(c.ToolResponse, in.ToolResponse)
	if !inputBuilt && in.MCP == nil {
		// The arguments the source's payload keeps apart (Windsurf's
		// command_line), each from the input's member of that name.
		var args map[string]json.RawMessage
		_ = json.Unmarshal(in.ToolInput, &args)
		for _, p := range c.ToolInput {
			for _, m := range pickMembers(p) {
				if path, ok := nestedPath(m.path); ok && applies(path) && !isNull(args[m.arg]) {
					tree.set(path, args[m.arg])
				}
			}
		}
	}

	var out []ownField
	for _, k := range tree.keys {
		if slices.Contains(taken, k) {
			continue
		}
		raw, err := json.Marshal(tree.root[k]) // keys sorted: the same input, the same bytes
		if err != nil {
			continue
		}
		out = append(out, ownField{k, raw})
	}
	return out
}

// sourceArgs is the input's tool input with the argument that says
// what the call acts on under the name from's tool (named tool there)
// gives it (actsOnNames), in place of the name of the tool that ran the
// hook (in.Source's in.NativeTool): a guard written for from reads from's
// names where from's payload nests them (Cline's write_to_file path,
// where Claude Code's Write sends file_path). Other arguments stay as
// they are. Unchanged where actsOnNames finds no such pair (either
// tool's arguments undocumented, either's first holding what its name
// does not say, as Codex's apply_patch sends the patch as command), and
// for an input that is no object.
func sourceArgs(from, tool string, in *Input) json.RawMessage {
	own, target, ok := actsOnNames(from, tool, in.Source, in.NativeTool)
	if !ok {
		return in.ToolInput
	}
	var args map[string]json.RawMessage
	if json.Unmarshal(in.ToolInput, &args) != nil || args == nil {
		return in.ToolInput
	}
	subject, ok := args[target]
	if _, taken := args[own]; !ok || taken {
		return in.ToolInput
	}
	delete(args, target)
	args[own] = subject
	out, err := json.Marshal(args) // keys sorted: the same input, the same bytes
	if err != nil {
		return in.ToolInput
	}
	return out
}
