package hookrun

import (
	"embed"
	"fmt"
	"slices"
	"strings"
	"sync"

	"github.com/hookconv/hookconv/vocab"
)

//go:embed data/contracts.toml
var data embed.FS

// What a rule answers (Rule.What).
const (
	WhatDeny           = "deny"
	WhatAsk            = "ask"
	WhatAllow          = "allow"
	WhatUpdatedInput   = "updated_input"
	WhatContext        = "context"
	WhatStop           = "stop"
	WhatSystemMessage  = "system_message"
	WhatSuppressOutput = "suppress_output"
	WhatError          = "error"
)

// whats lists every Rule.What in the order Answer applies them.
var whats = []string{WhatDeny, WhatAsk, WhatAllow, WhatUpdatedInput, WhatContext, WhatStop, WhatSystemMessage, WhatSuppressOutput, WhatError}

// Paths returns where c's payload keeps the common field named by its
// table key (session_id, cwd, prompt, transcript_path: the fields another
// table points at, as the providers table's hook_vars do; event,
// tool_response and last_message, which a hook's script may read as
// well), and false for any other key.
func (c *Contract) Paths(field string) ([]string, bool) {
	switch field {
	case "event":
		return c.Event, true
	case "tool_response":
		return c.ToolResponse, true
	case "session_id":
		return c.SessionID, true
	case "cwd":
		return c.Cwd, true
	case "prompt":
		return c.Prompt, true
	case "transcript_path":
		return c.TranscriptPath, true
	case "last_message":
		return c.LastMessage, true
	}
	return nil, false
}

// Contract is how one provider talks to a hook process: where its stdin
// payload keeps each canonical field. Each field is a list of paths into
// the payload, tried in order; the first one present wins (see
// data/contracts.toml for the path syntax).
type Contract struct {
	Slug           string   `toml:"slug"`
	Event          []string `toml:"event"`
	SessionID      []string `toml:"session_id"`
	Cwd            []string `toml:"cwd"`
	Tool           []string `toml:"tool"`
	ToolInput      []string `toml:"tool_input"`
	ToolResponse   []string `toml:"tool_response"`
	Prompt         []string `toml:"prompt"`
	TranscriptPath []string `toml:"transcript_path"`
	// LastMessage are the paths to the agent's last message on its stop
	// events (Claude Code's last_assistant_message, Gemini CLI's
	// prompt_response); empty where the stop payload carries none. Only
	// HC419 reads it: a stop guard that checks the message finds nothing
	// where the target keeps it elsewhere or not at all.
	LastMessage []string `toml:"last_message"`
	// MCPServer are the paths to an MCP call's server name where the
	// payload keeps it apart from the tool's name (Windsurf's
	// tool_info.mcp_server_name); present only on MCP calls.
	MCPServer []string `toml:"mcp_server"`
	// ToolCallID are the paths to the tool call's own id (tool_use_id),
	// which envelope writes as OpenHook's tool_call_id.
	ToolCallID []string `toml:"tool_call_id"`
	// ToolNamesFrom names other providers whose tool vocabulary is tried
	// when the provider's own does not know a tool name (Copilot CLI sends
	// Claude's tool names to hooks configured in Claude's format).
	ToolNamesFrom []string `toml:"tool_names_from"`
	// AlwaysJSON makes a proceeding answer print "{}" rather than nothing,
	// for tools that may read empty output as invalid (Cursor's failClosed).
	AlwaysJSON bool `toml:"always_json"`
	// MergesInput says the tool merges a hook's rewritten tool input
	// over the call's arguments, key by key, where another tool replaces
	// the whole input with it (Gemini CLI's BeforeTool tool_input): a hook
	// written for it may give only the arguments it changes.
	MergesInput bool `toml:"merges_input"`
	// CamelCaseArgs says the tools' arguments in tool_input are named in
	// camelCase (filePath), unlike the Claude-shaped tools' file_path.
	CamelCaseArgs bool `toml:"camel_case_args"`
	// PlainContext lists the canonical events on which the provider adds
	// a hook's plain-text stdout (exit 0, not JSON) to the agent's
	// context, beside its JSON way of saying it.
	PlainContext []string `toml:"plain_context"`
	// PlainInvalid lists the canonical events on which the provider reads
	// a hook's exit 0 stdout only as a JSON object: plain text there is
	// invalid output, and the hook is taken as failed (Codex's Stop).
	PlainInvalid []string `toml:"plain_invalid"`
	// CommandLists are keys of the tool input that hold a shell command
	// as a list of command lines, or that list JSON-encoded in a string
	// (Cline CLI's run_commands {commands: [...]}): Normalise adds
	// "command", the lines one per line, where the input has none.
	CommandLists []string `toml:"command_lists"`
	// TopLevelEvents are native events whose payload carries the tool's
	// fields at its top level (Cursor's beforeShellExecution: command)
	// rather than at the tool_input path of its generic tool hooks.
	TopLevelEvents []string `toml:"top_level_events"`
	// DenyJSON lists the JSON answers ("path = value") the provider reads
	// as a deny of a tool call, the one its docs teach first: what a
	// script written for it prints. Empty when only exit codes block.
	DenyJSON []string `toml:"deny_json"`
	// UnsureJSON lists JSON denies the tool may read in the config
	// hookconv writes, where no first-party source says it does there
	// (Cursor reads Claude Code's answer in the hooks it imports from
	// Claude's settings; for .cursor/hooks.json its docs do not say), and
	// UnsureWhy says so for messages. HC425 warns about them, as a script
	// that answers so may let every call through.
	UnsureJSON []string `toml:"unsure_json"`
	UnsureWhy  string   `toml:"unsure_why"`
	// ReadsJSON lists JSON answers ("event: path = value", canonical
	// event) the tool also reads as a block on other events than tool
	// calls, where hookconv run answers by exit code (Claude Code's Stop
	// reads decision "block"): HC425 compares them with another tool's.
	ReadsJSON []string `toml:"reads_json"`
	// FeedbackJSON lists JSON answers ("event: path = value", canonical
	// event) the tool gives the agent as feedback on what already
	// happened, not as a block (Claude Code's PostToolUse decision
	// "block" with a reason, reference part 1 §1.10): HC465 says where a
	// hook's feedback is not read.
	FeedbackJSON []string `toml:"feedback_json"`
	// FailsClosedJSON lists keys of a JSON answer ("event: path",
	// canonical event) the tool reads as a failed hook that denies there
	// (Codex's PermissionRequest: updatedPermissions): a script written
	// for a tool that honours them turns an approval into a denial (HC452).
	FailsClosedJSON []string `toml:"fails_closed_json"`
	// ContextJSON lists other keys ("event: path", canonical event) the
	// tool reads a hook's context from, besides its context rule's (VS
	// Code's UserPromptSubmit: a top-level additionalContext too): a hook
	// answering so gives context there (HC453), and run --from reads it.
	ContextJSON []string `toml:"context_json"`
	// Exit2NeedsStderr says the tool blocks on exit 2 only when the hook
	// wrote a reason to stderr: an exit 2 with empty stderr is a failed
	// hook there, and the action goes ahead (Codex).
	Exit2NeedsStderr bool `toml:"exit2_needs_stderr"`
	// Exit2NeedsStderrOn lists the canonical events on which alone the
	// tool does so (VS Code's Stop and SubagentStop take an exit 2's
	// stderr as the reason to go on, and an empty one as none).
	Exit2NeedsStderrOn []string `toml:"exit2_needs_stderr_on"`
	// OwnAnswersOnly says the tool reads only its own contract's answers,
	// also in the hook files of the tools it loads besides its own (the
	// providers table's also_reads): Copilot CLI reads flat fields and its
	// exit codes in .claude/settings.json and VS Code's .github/hooks
	// files, not Claude's nested hookSpecificOutput. A shim written into
	// such a file answers a deny in a form both tools read (denyRule).
	OwnAnswersOnly bool `toml:"own_answers_only"`
	// SourceAnswers says the program hookconv generates for the tool
	// (OpenCode's plugin) does for each hook what hookconv run --from
	// does for the tool the hook was written for (its manifest's
	// provenance marks): it hands the hook that tool's own top-level
	// fields and reads its answer in that tool's JSON forms too
	// (ProgramEvent). HC425 then compares the hook's forms with what run
	// --from reads, as under --shim.
	SourceAnswers bool `toml:"source_answers"`
	// CrashBlocks says any exit code but 0 and 1 blocks when the hook
	// prints plain text, where the tool's events can block: a crash or a
	// missing interpreter (127) too (Gemini CLI).
	CrashBlocks bool `toml:"crash_blocks"`
	// AnswersAnyExit says a JSON object the hook printed on stdout (on
	// stderr too, with AnswerOnStderr) is its answer whatever its exit
	// code but 2 (Gemini CLI: "echo '{\"decision\": \"deny\"}'; exit 1"
	// denies; Cline's {"cancel": true} with exit 1 cancels).
	AnswersAnyExit bool `toml:"answers_any_exit"`
	// AnswerOnStderr says the tool reads a JSON object on stderr as the
	// answer when stdout is empty (Gemini CLI: stdout.trim() ||
	// stderr.trim(), reference part 1 §2.9).
	AnswerOnStderr bool `toml:"answer_on_stderr"`
	// AnswerInText says the tool finds a hook's JSON answer among other
	// text on stdout: all of stdout where it is JSON, else the text from
	// its first "{" to its last "}" where that is (Cline's hook-factory.ts:
	// stdout.match(/\{[\s\S]*\}/)), so debug text printed before or
	// after the answer is tolerated.
	AnswerInText bool `toml:"answer_in_text"`
	// ClientPlaces says, for a tool whose clients send different payloads
	// (Cline's VS Code extension and its CLI/SDK runtime), where each keeps
	// the tool's name and input: "client: tool-path tool-input-path"
	// lines, read by Clients. Tool and ToolInput try them all; HC419 names
	// each, so a user adapting a script reads the fields of every client.
	ClientPlaces []string `toml:"client_places"`
	Note         string   `toml:"note"`
}

// ClientPlace is one client's place for the tool's name and input
// (Contract.ClientPlaces).
type ClientPlace struct {
	Client, Tool, ToolInput string
}

// ReadsContextAt reports whether the tool also reads a hook's context at
// path on the canonical event (ContextJSON). c may be nil.
func (c *Contract) ReadsContextAt(event, path string) bool {
	return c != nil && slices.Contains(c.ContextJSON, event+": "+path)
}

// NeedsStderr reports whether the tool blocks on exit 2 at the canonical
// event only when the hook wrote a reason to stderr (Exit2NeedsStderr,
// Exit2NeedsStderrOn).
func (c *Contract) NeedsStderr(event string) bool {
	return c.Exit2NeedsStderr || slices.Contains(c.Exit2NeedsStderrOn, event)
}

// NeedsStderrSomewhere reports whether the tool needs a reason on stderr
// with an exit 2 on any event: only then can NeedsStderr be true.
func (c *Contract) NeedsStderrSomewhere() bool {
	return c.Exit2NeedsStderr || len(c.Exit2NeedsStderrOn) > 0
}

// Clients parses the contract's client_places; a line of another form is
// skipped (the table's test rejects one).
func (c *Contract) Clients() []ClientPlace {
	var out []ClientPlace
	for _, line := range c.ClientPlaces {
		client, paths, ok := strings.Cut(line, ": ")
		tool, input, ok2 := strings.Cut(strings.TrimSpace(paths), " ")
		if ok && ok2 && client != "" && !strings.Contains(input, " ") {
			out = append(out, ClientPlace{Client: client, Tool: tool, ToolInput: input})
		}
	}
	return out
}

// CanonicalPayload is the contract `hookconv run` gives the hooks it wraps
// (spec §5): the canonical input on stdin, with the tool's name and input
// at "tool" and "tool_input" (Input's fields), and the canonical answer
// read back, whose deny is "decision": "deny", or "block" (parseOutput
// reads Claude Code's older word and Gemini CLI's synonym as a deny). A
// script written for a tool's own payload or answers meets this one under
// the shim.
var CanonicalPayload = Contract{
	Slug:      "canonical",
	Tool:      []string{"tool"},
	ToolInput: []string{"tool_input"},
	// The other fields a script may read, at Input's keys.
	Event:          []string{"event"},
	SessionID:      []string{"session_id"},
	Cwd:            []string{"cwd"},
	ToolResponse:   []string{"tool_response"},
	Prompt:         []string{"prompt"},
	TranscriptPath: []string{"transcript_path"},
	DenyJSON:       []string{`decision = "deny"`, `decision = "block"`},
}

// Alias is a payload event name the vocabulary does not list for the
// provider (Cline's SDK runtime names, Copilot's Claude-compatible names).
type Alias struct {
	Provider string `toml:"provider"`
	Name     string `toml:"name"`
	Event    string `toml:"event"`
}

// Rule is one way a provider is told one thing: a deny, an ask, some
// context… Events limits it to those canonical or native event names;
// without Events it applies to every event no other rule of the same
// provider and What names. A provider without a rule for a What on an
// event cannot be told it there.
type Rule struct {
	Provider string   `toml:"provider"`
	What     string   `toml:"what"`
	Events   []string `toml:"events"`
	// Exit is the exit code (deny, ask, allow and error rules only).
	Exit int `toml:"exit"`
	// Set lists `path = value` lines of the JSON object printed on
	// stdout; value is a JSON literal or a $variable.
	Set []string `toml:"set"`
	// Stdout and Stderr are plain-text templates ($variables replaced).
	Stdout string `toml:"stdout"`
	Stderr string `toml:"stderr"`
	Note   string `toml:"note"`
}

// Tables is the loaded contract registry. Use Default.
type Tables struct {
	Contracts []Contract
	Aliases   []Alias
	Rules     []Rule

	contract map[string]int
	alias    map[[2]string]string
	rules    map[[2]string][]Rule // (provider, what) → rules in table order
}

//go:generate go run ../internal/gentables -pkg hookrun -dir . -out tables_gen.go

// loadDefault indexes the tables compiled from data/contracts.toml
// (tables_gen.go): the shim runs once per hook call, and decoding the TOML
// there would cost about a millisecond each time.
// TestGeneratedTablesMatchTOML keeps the two equal.
var loadDefault = sync.OnceValue(func() *Tables {
	return index(&Tables{Contracts: generatedContracts, Aliases: generatedAliases, Rules: generatedRules})
})

// Default returns the contracts of data/contracts.toml.
func Default() *Tables { return loadDefault() }

// Load reads data/contracts.toml from fsys (the embedded data, or a
// directory in tests and the generator). Unknown keys are errors.
func Load(fsys vocab.FS) (*Tables, error) {
	var raw struct {
		Provider []Contract `toml:"provider"`
		Alias    []Alias    `toml:"alias"`
		Rule     []Rule     `toml:"rule"`
	}
	if err := vocab.DecodeTable(fsys, "data/contracts.toml", &raw); err != nil {
		return nil, err
	}
	return index(&Tables{Contracts: raw.Provider, Aliases: raw.Alias, Rules: raw.Rule}), nil
}

// Data is the embedded TOML source of the tables, for Load.
func Data() vocab.FS { return data }

func index(t *Tables) *Tables {
	t.contract = make(map[string]int, len(t.Contracts))
	for i, c := range t.Contracts {
		t.contract[c.Slug] = i
	}
	t.alias = make(map[[2]string]string, len(t.Aliases))
	for _, a := range t.Aliases {
		t.alias[[2]string{a.Provider, a.Name}] = a.Event
	}
	// The table lists each provider's rules for one answer together: a
	// run is kept as the table's own rows, not copied rule by rule (the
	// shim builds this index on every hook call). A key found in two runs
	// gets a list of its own.
	runs := 0
	for i := range t.Rules {
		if i == 0 || ruleKey(t.Rules[i]) != ruleKey(t.Rules[i-1]) {
			runs++
		}
	}
	t.rules = make(map[[2]string][]Rule, runs)
	for i := 0; i < len(t.Rules); {
		k, j := ruleKey(t.Rules[i]), i+1
		for j < len(t.Rules) && ruleKey(t.Rules[j]) == k {
			j++
		}
		run := t.Rules[i:j:j] // clipped: a caller's append copies
		if before, ok := t.rules[k]; ok {
			run = slices.Clip(append(slices.Clip(before), run...))
		}
		t.rules[k] = run
		i = j
	}
	return t
}

// ruleKey is what a rule is looked up by: its provider and what it says.
func ruleKey(r Rule) [2]string { return [2]string{r.Provider, r.What} }

// Contract returns the runtime contract of a provider.
func (t *Tables) Contract(slug string) (*Contract, bool) {
	i, ok := t.contract[slug]
	if !ok {
		return nil, false
	}
	return &t.Contracts[i], true
}

// Slugs lists the providers that have a runtime contract, in table order.
func (t *Tables) Slugs() []string {
	out := make([]string, len(t.Contracts))
	for i, c := range t.Contracts {
		out[i] = c.Slug
	}
	return out
}

// Rule returns the provider's rule for what on an event: the first rule
// naming the event (canonical or native name), else the first rule
// without events. ok is false when the provider cannot be told it there.
func (t *Tables) Rule(provider, what string, ev EventRef) (Rule, bool) {
	var fallback *Rule
	rules := t.rules[[2]string{provider, what}]
	for i := range rules {
		r := &rules[i]
		if len(r.Events) == 0 {
			if fallback == nil {
				fallback = r
			}
			continue
		}
		for _, e := range r.Events {
			if e != "" && (e == ev.Canonical || e == ev.Native) {
				return *r, true
			}
		}
	}
	if fallback != nil {
		return *fallback, true
	}
	return Rule{}, false
}

// PlainContext reports whether the provider adds a hook's plain-text
// stdout to the agent's context on the canonical event: the contract
// lists the event, or the provider's context rule there is plain stdout.
func (t *Tables) PlainContext(provider, event string) bool {
	c, ok := t.Contract(provider)
	if !ok {
		return false
	}
	if slices.Contains(c.PlainContext, event) {
		return true
	}
	ref, _ := t.ResolveEvent(provider, event)
	r, ok := t.Rule(provider, "context", ref)
	return ok && len(r.Set) == 0 && strings.Contains(r.Stdout, "$context")
}

// EventRef names an event both ways: canonically and as the provider
// sent it. Either may be empty when it is unknown.
type EventRef struct {
	Canonical string
	Native    string
}

// ResolveEvent reads an event name given for a provider: a canonical
// name, a native name from the vocabulary, or an alias from the contract
// table. ok is false when the name is none of those.
func (t *Tables) ResolveEvent(provider, name string) (EventRef, bool) {
	names := vocab.Default()
	if _, ok := names.Event(name); ok {
		ref := EventRef{Canonical: name}
		if rows := names.EncodeEvent(provider, name); len(rows) > 0 {
			ref.Native = rows[0].Name
		}
		return ref, true
	}
	if rows := names.DecodeEvent(provider, name); len(rows) > 0 {
		// A lossy name reads as several events; the row that is not an
		// alias is the one the provider means by it.
		ev := rows[0].Event
		for _, r := range rows {
			if !r.Alias {
				ev = r.Event
				break
			}
		}
		return EventRef{Canonical: ev, Native: name}, true
	}
	if ev, ok := t.alias[[2]string{provider, name}]; ok {
		return EventRef{Canonical: ev, Native: name}, true
	}
	return EventRef{Native: name}, false
}

// assignment is one parsed Rule.Set line.
type assignment struct {
	path  []string
	value string // a JSON literal, or $name
}

// parseSet splits a `path = value` line. It reports malformed lines so the
// table test can name them; Answer never sees one.
func parseSet(line string) (assignment, error) {
	path, value, ok := strings.Cut(line, "=")
	path, value = strings.TrimSpace(path), strings.TrimSpace(value)
	if !ok || path == "" || value == "" {
		return assignment{}, fmt.Errorf("set %q: want `path = value`", line)
	}
	return assignment{path: strings.Split(path, "."), value: value}, nil
}
