package hookrun

// Where run --from puts a tool call's fields for a source that nests
// them (Windsurf's tool_info, Cline's preToolUse and tool_call), found by
// running the code that builds them (ownFields) on probe inputs rather
// than listed again: what convert --shim says a hook is not handed
// (HC419) is what run --from does not build.

import (
	"encoding/json"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/hookconv/hookconv/vocab"
)

// probeArg stands for a tool argument's value in a probe input; no
// payload holds a NUL byte in a value's name.
func probeArg(name string) string { return "\x00hookconv:arg:" + name }

// probeMCP names the MCP call of a probe input.
var probeMCP = MCPTool{Server: "\x00hookconv:server", Tool: "\x00hookconv:tool"}

// builtToolPaths are the contract paths of from's tool name and tool
// input (a pick too, where one of its arguments is built) that run
// --from builds, on any of from's tool events, for any canonical tool or
// an MCP call. Kept per tool: the tables do not change.
func (t *Tables) builtToolPaths(from string) (tool, input []string) {
	builtPaths.Lock()
	defer builtPaths.Unlock()
	if p, ok := builtPaths.by[from]; ok {
		return p[0], p[1]
	}
	tool, input = t.probeToolPaths(from)
	if builtPaths.by == nil {
		builtPaths.by = map[string][2][]string{}
	}
	builtPaths.by[from] = [2][]string{tool, input}
	return tool, input
}

// builtPaths holds builtToolPaths' answers by tool.
var builtPaths struct {
	sync.Mutex
	by map[string][2][]string
}

// probeToolPaths runs ownFields on one probe input a tool event, tool and
// MCP call, each argument a pick names holding its own marker, and reads
// back where the tool's name, the whole input and each argument landed.
func (t *Tables) probeToolPaths(from string) (tool, input []string) {
	c, ok := t.Contract(from)
	if !ok {
		return nil, nil
	}
	// One argument of its own, so that the whole input is told from an
	// empty object where no pick names any.
	args := map[string]string{"hookconv_probe": probeArg("hookconv_probe")}
	for _, p := range c.ToolInput {
		for _, m := range pickMembers(p) {
			args[m.arg] = probeArg(m.arg)
		}
	}
	probe, _ := json.Marshal(args)
	names := vocab.Default()
	found := map[string]bool{} // the paths holding a marker: "tool", "input" or an argument's
	for _, ev := range names.EventNames() {
		if e, _ := names.Event(ev); e.Subject != "tool" || len(names.EncodeEvent(from, ev)) == 0 {
			continue
		}
		calls := []Input{{Event: ev, MCP: &probeMCP, ToolInput: probe}}
		for _, tl := range names.ToolNames() {
			calls = append(calls, Input{Event: ev, Tool: tl, ToolInput: probe})
		}
		for i := range calls {
			in := &calls[i]
			name, _ := sourceTool(from, in)
			if in.MCP != nil {
				name = probeMCP.Tool
			}
			for _, f := range t.ownFields(from, in) {
				var v any
				if json.Unmarshal(f.value, &v) == nil {
					markPaths(f.key, v, name, args, found)
				}
			}
		}
	}
	for _, p := range c.Tool {
		if found[p+"=tool"] {
			tool = append(tool, p)
		}
	}
	for _, p := range c.ToolInput {
		members := pickMembers(p)
		if members == nil && found[p+"=input"] ||
			slices.ContainsFunc(members, func(m pickMember) bool { return found[m.path+"="+m.arg] }) {
			input = append(input, p)
		}
	}
	return tool, input
}

// markPaths records in found, as "path=what", where a probe's values
// sit in v (at path): the tool's name ("tool"), the whole probe input
// ("input"), an argument's marker (its name).
func markPaths(path string, v any, name string, args map[string]string, found map[string]bool) {
	switch x := v.(type) {
	case string:
		if name != "" && x == name {
			found[path+"=tool"] = true
		}
		for arg, marker := range args {
			if x == marker {
				found[path+"="+arg] = true
			}
		}
	case map[string]any:
		if isProbe(x, args) {
			found[path+"=input"] = true
		}
		for k, child := range x {
			markPaths(path+"."+k, child, name, args, found)
		}
	case []any:
		for i, child := range x {
			markPaths(path+"."+strconv.Itoa(i), child, name, args, found)
		}
	}
}

// isProbe reports whether an object is the probe input itself.
func isProbe(obj map[string]any, args map[string]string) bool {
	if len(args) == 0 || len(obj) != len(args) {
		return false
	}
	for k, marker := range args {
		if s, _ := obj[k].(string); s != marker {
			return false
		}
	}
	return true
}

// pickMember is one argument of a contract's pick path
// ({command=tool_info.command_line,cwd}): the tool input's argument and
// the payload's path that holds it.
type pickMember struct{ arg, path string }

// pickMembers splits a pick path into its members; nil for a path that
// is no pick. A member without "=" holds the argument its last key
// names.
func pickMembers(p string) []pickMember {
	list, ok := strings.CutPrefix(p, "{")
	if !ok {
		return nil
	}
	var out []pickMember
	for _, item := range strings.Split(strings.TrimSuffix(list, "}"), ",") {
		arg, path, named := strings.Cut(strings.TrimSpace(item), "=")
		if !named {
			path = arg
			arg = arg[strings.LastIndexByte(arg, '.')+1:]
		}
		out = append(out, pickMember{arg, path})
	}
	return out
}
