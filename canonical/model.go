// Package canonical is the hooks/1.0 manifest: the neutral model every
// conversion passes through, its parser (JSON and YAML, with the position of
// every value), its validator and its writer. It knows no provider.
package canonical

import (
	"encoding/json"
	"slices"
	"strconv"
	"strings"

	"github.com/hookconv/hookconv/diag"
	"github.com/hookconv/hookconv/internal/node"
)

// SpecVersion is the spec value hookconv writes.
const SpecVersion = "hooks/1.0"

// Manifest is a hooks/1.0 document.
type Manifest struct {
	// Spec is the version string as read ("hooks/1.0", "hooks/0.1", …).
	Spec string
	// Hooks are the hooks in the order they were read (a native config's
	// decoder gives them in its file order).
	Hooks []Hook

	src *node.Node
}

// Hook binds one handler to one lifecycle event.
type Hook struct {
	// Name is the hook's human name, used in diagnostics; "" for none
	// (DisplayName then says "hook N").
	Name string
	// Event is a canonical event name (before_tool_execute, session_start,
	// …: the vocab package's events), never a tool's native name.
	Event string
	// Matcher selects the tools the hook fires for; nil means all tools.
	// Events without a tool ignore it.
	Matcher Matcher
	// Handler is what the hook runs.
	Handler Handler
	// Blocking says the hook may prevent the action (exit 2, or a JSON
	// deny); when false, exit 2 is read as a failure that blocks nothing.
	Blocking bool
	// Degradation overrides the default strategy per capability id.
	Degradation map[string]Strategy
	// ProviderData holds, per provider slug, a JSON object of native fields
	// that have no canonical home. It is carried verbatim (compact JSON,
	// member order kept) and rendered only for that provider.
	ProviderData map[string]json.RawMessage
	// Capabilities is informational only (spec §2): behaviour is inferred.
	Capabilities []string

	// Origin and OriginFile say where the hook was defined, in whatever file
	// it came from (a manifest, or a native config an adapter decoded), so
	// later stages can point at the source of a problem.
	Origin     diag.Pos
	OriginFile string
	// CommandOrigin is where a native config spelled the handler's
	// command (zero when unknown): a diagnostic about the command points
	// at it rather than at the handler's opening brace.
	CommandOrigin diag.Pos
	// Ordinal is the hook's 1-based position in the manifest it was first
	// read into (0 when unknown). Later stages drop and replace hooks; the
	// ordinal keeps "hook 3" and hooks[2] meaning the source's third hook.
	Ordinal int

	src *node.Node
	// broken marks a hook that Parse reported an error in: some of its
	// fields were dropped, so it is not compared for duplicates.
	broken bool
}

// Handler is what a hook runs.
type Handler struct {
	// Type is one of HandlerTypes (HandlerCommand, …); it says which of
	// the fields below apply.
	Type string

	// Command is what a command handler runs: a shell command, or a
	// script's path (./x.sh, any path with a separator).
	Command string
	// Platform overrides Command per system: keys windows, linux, osx
	// (darwin is read as osx).
	Platform map[string]string
	// Cwd is the working directory, relative to the project root ("" for
	// the tool's default).
	Cwd string
	// Env is extra environment for the hook's process.
	Env map[string]string
	// Timeout is in seconds (fractions allowed); 0 means the tool's
	// default.
	Timeout float64
	// TimeoutAction is what a timeout means for a blocking hook: "" (the
	// default, as TimeoutWarn), TimeoutWarn or TimeoutBlock.
	TimeoutAction string
	// Async runs the hook without waiting for it (fire and forget).
	Async bool
	// StatusMessage is text the tool shows while the hook runs.
	StatusMessage string

	// URL is where an http handler POSTs the event (required for it);
	// Headers are sent with it, and AllowedEnvVars names the environment
	// variables the headers may expand.
	URL            string
	Headers        map[string]string
	AllowedEnvVars []string

	// Prompt is what a prompt or agent handler asks the model (required
	// for them); Model names the model ("" for the tool's default).
	Prompt string
	Model  string

	// Server and Tool name the MCP tool an mcp_tool handler calls
	// (both required for it); Input is its arguments, a compact JSON
	// object (nil for none).
	Server string
	Tool   string
	Input  json.RawMessage

	src *node.Node
}

// Handler types.
const (
	HandlerCommand = "command"
	HandlerHTTP    = "http"
	HandlerPrompt  = "prompt"
	HandlerAgent   = "agent"
	HandlerMCPTool = "mcp_tool"
)

// handlerTypes lists the handler types in spec order. Unexported: a
// caller changing an exported list would change what Parse accepts (QA).
var handlerTypes = []string{HandlerCommand, HandlerHTTP, HandlerPrompt, HandlerAgent, HandlerMCPTool}

// HandlerTypes returns the handler types in spec order, a new list on
// each call (call it once, not per hook).
func HandlerTypes() []string { return slices.Clone(handlerTypes) }

// Strategy is what to do when a target lacks a capability a hook uses.
type Strategy string

// Degradation strategies (spec §6).
const (
	StrategyBlock   Strategy = "block"
	StrategyWarn    Strategy = "warn"
	StrategyExclude Strategy = "exclude"
)

// Timeout actions.
const (
	TimeoutWarn  = "warn"
	TimeoutBlock = "block"
)

// Matcher selects tools. It is a closed sum: ToolName, Pattern, MCP or
// AnyOf; a nil Matcher matches every tool.
type Matcher interface {
	isMatcher()
}

// ToolName is a bare canonical tool name such as "shell" (or, when the
// vocabulary does not know it, a literal native name).
type ToolName string

// Pattern is an RE2 regular expression over the native tool name.
type Pattern struct{ Regex string }

// MCP matches the tools of one MCP server; an empty Tool means every tool.
// Server AnyServer ("*", a hookconv extension of the spec) means every
// server: what Cursor's beforeMCPExecution and Windsurf's pre_mcp_tool_use
// select.
type MCP struct{ Server, Tool string }

// AnyServer in MCP.Server matches the tools of every MCP server.
const AnyServer = "*"

// AnyOf matches when any of its members does. Members are never AnyOf.
type AnyOf []Matcher

// CloneMatcher returns a matcher that shares no memory with m: only an
// AnyOf holds any (its list); the other kinds are values.
func CloneMatcher(m Matcher) Matcher {
	if a, ok := m.(AnyOf); ok {
		return slices.Clone(a)
	}
	return m
}

func (ToolName) isMatcher() {}
func (Pattern) isMatcher()  {}
func (MCP) isMatcher()      {}
func (AnyOf) isMatcher()    {}

// DisplayName names a hook in messages: its name, or "hook N" (1-based).
func (h *Hook) DisplayName(index int) string {
	if h.Name != "" {
		return h.Name
	}
	return "hook " + strconv.Itoa(h.SourceIndex(index)+1)
}

// SourceIndex is the hook's 0-based index in its source manifest: its
// Ordinal when known, else index (its position in the current manifest).
func (h *Hook) SourceIndex(index int) int {
	if h.Ordinal > 0 {
		return h.Ordinal - 1
	}
	return index
}

// PosOf returns the position of a field of the hook, given as a dotted path
// relative to it ("handler.timeout", "matcher"), falling back to the hook's
// own position when the field was not in the source.
func (h *Hook) PosOf(path string) diag.Pos {
	if h.src != nil {
		if p, ok := lookup(h.src, path); ok {
			return p
		}
		return h.src.Pos
	}
	if path == "handler.command" && h.CommandOrigin.Line > 0 {
		return h.CommandOrigin
	}
	return h.Origin
}

// PosOf returns the position of a top-level field of the manifest.
func (m *Manifest) PosOf(path string) diag.Pos {
	if m.src != nil {
		if p, ok := lookup(m.src, path); ok {
			return p
		}
		return m.src.Pos
	}
	return diag.Pos{}
}

// KeyPosOf is PosOf for the key of the field at path ("degradation.x"):
// where a diagnostic is about the key itself (an unknown capability id,
// a provider slug), not about its value.
func (h *Hook) KeyPosOf(path string) diag.Pos {
	parent, key := "", path
	if i := strings.LastIndexByte(path, '.'); i >= 0 {
		parent, key = path[:i], path[i+1:]
	}
	if h.src != nil {
		if n := lookupNode(h.src, parent); n != nil {
			if f, ok := n.Field(key); ok {
				return f.KeyPos
			}
		}
	}
	return h.PosOf(path)
}

// ItemPosOf is the position of the i-th element of the array at path,
// falling back to PosOf(path).
func (h *Hook) ItemPosOf(path string, i int) diag.Pos {
	if h.src != nil {
		if n := lookupNode(h.src, path); n != nil && n.Kind == node.Array && i < len(n.Items) {
			return n.Items[i].Pos
		}
	}
	return h.PosOf(path)
}

// lookupNode is the node at a dotted path under n (n itself for ""), or
// nil.
func lookupNode(n *node.Node, path string) *node.Node {
	for path != "" && n != nil {
		key, rest, _ := strings.Cut(path, ".")
		n, path = n.Get(key), rest
	}
	return n
}

func lookup(n *node.Node, path string) (diag.Pos, bool) {
	for path != "" {
		key := path
		rest := ""
		for i := 0; i < len(path); i++ {
			if path[i] == '.' {
				key, rest = path[:i], path[i+1:]
				break
			}
		}
		n = n.Get(key)
		if n == nil {
			return diag.Pos{}, false
		}
		path = rest
	}
	return n.Pos, true
}
