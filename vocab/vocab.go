// Package vocab holds hookconv's vocabularies as data: the canonical events
// and tools, the providers, and each provider's native names for them. The
// tables are embedded TOML files (data/*.toml), one row per fact, read once
// on first use; every adapter and every listing command reads them here, so
// a fact about a provider is written in exactly one place.
package vocab

import (
	"bytes"
	"embed"
	"fmt"
	"maps"
	"slices"
	"sort"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/BurntSushi/toml"

	"github.com/hookconv/hookconv/internal/table"
)

//go:embed data/*.toml
var data embed.FS

// Event tiers.
const (
	TierCore      = "core"
	TierExtended  = "extended"
	TierExclusive = "exclusive"
)

// Event timings.
const (
	TimingBefore = "before"
	TimingAfter  = "after"
	TimingNone   = "none"
)

// Native matcher kinds (see data/events.toml).
const (
	MatchTool  = "tool"
	MatchValue = "value"
	MatchExact = "exact"
	MatchText  = "text"
	MatchNone  = "none"
)

// Event is a canonical event.
type Event struct {
	Name    string `toml:"name" json:"name"`
	Tier    string `toml:"tier" json:"tier"`
	Timing  string `toml:"timing" json:"timing"`
	Subject string `toml:"subject" json:"subject,omitempty"`
	Summary string `toml:"summary" json:"summary"`
}

// NativeEvent is one provider's name for a canonical event.
type NativeEvent struct {
	Provider string   `toml:"provider" json:"provider"`
	Event    string   `toml:"event" json:"event"`
	Name     string   `toml:"name" json:"native"`
	Matcher  string   `toml:"matcher" json:"matcher"`
	Tools    []string `toml:"tools" json:"tools,omitempty"`
	Alias    bool     `toml:"alias" json:"alias,omitempty"`
	// Versioned marks an alias row the provider reads only in a file whose
	// root has a numeric "version" (VS Code reads Copilot CLI's event names
	// in a file of Copilot CLI's shape, reference part 2 §2.3): it is not
	// among DecodeEvent's rows, which name the provider's own spellings
	// (detection tells the two tools apart by them), but DecodeVersionedEvent's.
	Versioned bool `toml:"versioned" json:"versioned,omitempty"`
	Lossy     bool `toml:"lossy" json:"lossy,omitempty"`
	// LossyNote says, on a lossy row, what the native event fires for
	// beyond the canonical event ("on every error, recoverable ones and
	// failed tool calls too"): a hook read from it runs for fewer cases
	// on another tool's event, and one written to it for more (HC354).
	LossyNote string `toml:"lossy_note" json:"lossy_note,omitempty"`
	// Values are the values a value or exact matcher is compared with,
	// where the tool documents a closed set (Gemini's SessionStart
	// source): another tool's other values never match there.
	Values []string `toml:"values" json:"values,omitempty"`
	// EditorValues are the matcher values that select the editor's own
	// actions rather than the agent's tools (Cursor's TabRead): a hook
	// limited to them has no counterpart in another tool.
	EditorValues []string `toml:"editor_values" json:"editor_values,omitempty"`
	// FiresFor are the only values an event that takes no matcher fires
	// for (Gemini's Notification: tool-permission prompts only), spelled
	// as the tools whose value matchers name them spell them: a hook from
	// there means those values, and a hook for other values never fires.
	FiresFor []string `toml:"fires_for" json:"fires_for,omitempty"`
	// Note is what a user must know when a hook is written under this
	// event (a version limit, a clamped timeout); encoders repeat it.
	// DefaultTimeout is the seconds a command hook here may run when it
	// sets no timeout, where it differs from the provider's default
	// (Claude Code's UserPromptSubmit: 30, SessionEnd: 1.5); 0 otherwise.
	DefaultTimeout float64 `toml:"default_timeout" json:"default_timeout,omitempty"`
	// MaxTimeout is the longest timeout, in seconds, the tool lets a hook
	// here run, where it cuts longer ones to it (Codex's SessionEnd: 3);
	// 0 otherwise.
	MaxTimeout float64 `toml:"max_timeout" json:"max_timeout,omitempty"`
	Note       string  `toml:"note" json:"note,omitempty"`
	// Since is the first release of the tool that fires the event, where
	// older ones still in use skip a hook on it (Qwen Code's
	// UserPromptExpansion: 0.21.2; Codex's SessionEnd: 0.145): the note
	// says so, and is a warning for a blocking hook, whose guard is lost
	// there (HC322), so check rates it lossy and --remove-source keeps
	// its source hook.
	Since string `toml:"since" json:"since,omitempty"`
	// MatcherUndocumented says the row's matcher kind is hookconv's
	// assumption: the tool documents no matcher on the event (Codex's
	// StopFailure), so messages about it say so.
	MatcherUndocumented bool `toml:"matcher_undocumented" json:"matcher_undocumented,omitempty"`
	// ValuesUndocumented says the tool documents a value matcher on the
	// event but not the values it compares it with (Copilot CLI's and
	// Qwen Code's notification_type): another tool's value is not carried
	// there, since the tool matches the whole value and one it spells
	// otherwise never fires; the hook runs for every kind instead, said
	// as a source that fires for fewer kinds says it (HC427).
	ValuesUndocumented bool `toml:"values_undocumented" json:"values_undocumented,omitempty"`
	// NoteCommands says the note is about command hooks only (their exit
	// codes): an http hook there has none, and is not told it.
	NoteCommands bool `toml:"note_commands" json:"note_commands,omitempty"`
	// NeedsMatcher says a hook here without a matcher fires for nothing
	// (Claude Code's FileChanged watches only the files its matcher
	// names), where on other value-matcher events it fires every time.
	NeedsMatcher bool `toml:"needs_matcher" json:"needs_matcher,omitempty"`
}

// NoteOn is the note for a hook written under the event: Note, or ""
// for a hook that is not a command when the note is about commands only.
func (n *NativeEvent) NoteOn(command bool) string {
	if n.NoteCommands && !command {
		return ""
	}
	return n.Note
}

// Tool is a canonical tool.
type Tool struct {
	Name    string `toml:"name" json:"name"`
	Summary string `toml:"summary" json:"summary"`
}

// NativeTool is one provider's name for a canonical tool.
type NativeTool struct {
	Provider string `toml:"provider" json:"provider"`
	Tool     string `toml:"tool" json:"tool"`
	Name     string `toml:"name" json:"native"`
	Alias    bool   `toml:"alias" json:"alias,omitempty"`
	// WriteOnly rows are only written, never read back: the native tool
	// also does this canonical job (Codex's apply_patch writes files too)
	// but reads back as the tool its own row names.
	WriteOnly bool   `toml:"write_only" json:"write_only,omitempty"`
	Event     string `toml:"event" json:"event,omitempty"`
	// ClaudeNames are Claude Code's names for the native tool in the
	// provider's own table, which matchers under Claude's event names
	// also match (Copilot CLI's bash and powershell are both Bash).
	ClaudeNames []string `toml:"claude_names" json:"claude_names,omitempty"`
	// Input are the names of the arguments the native tool hands its
	// hooks in the payload's tool input, where a source documents them
	// (Codex's apply_patch: command), first the one that says what the
	// call acts on; empty when unknown. Set on the native tool's first
	// row only: ToolInput finds it by name.
	Input []string `toml:"input" json:"input,omitempty"`
	// InputOwn are the names in Input that other tools use for another
	// thing (Kiro's fs_write sends command, which is create or
	// str_replace, not a shell command or a patch): they are not
	// compared with the same names elsewhere.
	InputOwn []string `toml:"input_own" json:"input_own,omitempty"`
	// InputNote says what the first of Input holds where that is not
	// what its name says (Codex's apply_patch sends the patch as
	// command): a guard moved there must read it otherwise.
	InputNote string `toml:"input_note" json:"input_note,omitempty"`
}

// Provider is a tool hookconv reads and writes.
type Provider struct {
	// Slug names the provider in the API and on the command line
	// ("claude-code", "gemini-cli", …).
	Slug string `toml:"slug" json:"slug"`
	// Name is the tool's own name, for messages.
	Name string `toml:"name" json:"name"`
	// Paths are the project-relative config paths hookconv reads and
	// writes, the default (written) one first. Later ones may be globs
	// (path.Match syntax) for tools that read every matching file; a glob
	// first means one file per hook or event in that folder.
	Paths []string `toml:"paths" json:"paths"`
	// TimeoutUnit is "s" (seconds), "ms" (milliseconds), or "" when the
	// format has no timeout.
	TimeoutUnit string `toml:"timeout_unit" json:"timeout_unit"`
	// TimeoutInteger tools reject fractional timeouts.
	TimeoutInteger bool `toml:"timeout_integer" json:"timeout_integer,omitempty"`
	// MCP is how the tool spells an MCP tool in a matcher, {server} and
	// {tool} replaced ("mcp__{server}__{tool}"); "" when MCP tools cannot
	// be matched.
	MCP string `toml:"mcp" json:"mcp,omitempty"`
	// MCPServer is how it spells every tool of one server (a regex), or "".
	MCPServer string `toml:"mcp_server" json:"mcp_server,omitempty"`
	// AlsoReads are the slugs of other providers whose configs this tool
	// also loads, so that writing both would run a hook twice there.
	AlsoReads []string `toml:"also_reads" json:"also_reads,omitempty"`
	// VersionedAs names the provider whose format the tool reads a hooks
	// file in when the file's root has a numeric "version" (VS Code:
	// Copilot CLI's, reference part 2 §2.3), or "": detection gives such a
	// file, at a path both read, to that provider.
	VersionedAs   string `toml:"versioned_as" json:"versioned_as,omitempty"`
	LoadsAllPaths bool   `toml:"loads_all_paths" json:"loads_all_paths,omitempty"`
	// WritesDefault, for a tool that LoadsAllPaths, has migrate write its
	// default file (made when absent) whatever file holds hooks: the tool
	// runs any number of files of a folder (Copilot CLI's and VS Code's
	// .github/hooks/*.json), so the others are the user's, left alone,
	// their hooks counted as there.
	WritesDefault bool `toml:"writes_default" json:"writes_default,omitempty"`
	// NeedsApproval tools run a hook of a project file only once a person
	// has approved it, and ask again when the hook is added, changed or
	// moved (Codex's /hooks): a hook written there guards nothing until
	// then.
	NeedsApproval bool `toml:"needs_approval" json:"needs_approval,omitempty"`
	// CaseSensitiveTools tools compare tool names in matchers
	// case-sensitively.
	CaseSensitiveTools bool `toml:"case_sensitive_tools" json:"case_sensitive_tools,omitempty"`
	// AnchoredPatterns tools match a regex matcher against the whole tool
	// name (Copilot CLI's ^(?:p)$), where a manifest's pattern may match
	// any part of it.
	AnchoredPatterns bool `toml:"anchored_patterns" json:"anchored_patterns,omitempty"`
	// NamesAnywhere tools test every tool matcher, a plain name too, as a
	// regex found anywhere in the tool's name (Gemini CLI): a name no tool
	// has selects every tool whose name holds it.
	NamesAnywhere bool `toml:"names_anywhere" json:"names_anywhere,omitempty"`
	// RegexNames tools read a plain name in a tool matcher as any regex,
	// found anywhere in a tool's name (Cursor): "Shel" selects Shell. Its
	// decoder keeps a name no tool has as a pattern, which is read so.
	RegexNames bool `toml:"regex_names" json:"regex_names,omitempty"`
	// JSRegex tools test regex matchers with JavaScript's RegExp (or may:
	// Copilot CLI), which reads some RE2 syntax otherwise or not at all:
	// patterns are written in the syntax both read alike.
	JSRegex bool `toml:"js_regex" json:"js_regex,omitempty"`
	// InvalidRegexExact tools compare a tool matcher their regex engine
	// rejects with the tool's name as an exact string (Gemini CLI's
	// hookPlanner), where others skip it or reject the file: such a
	// matcher is valid there, and read as that one name.
	InvalidRegexExact bool `toml:"invalid_regex_exact" json:"invalid_regex_exact,omitempty"`
	// GlobMatchers tools match tool names with globs, not regexes (Kiro
	// CLI 2.x): a pattern is written as the nearest glob.
	GlobMatchers bool `toml:"glob_matchers" json:"glob_matchers,omitempty"`
	// ToolsListed: the tools table lists every built-in tool whose calls
	// reach the tool's hooks (Codex hooks see Bash and apply_patch only),
	// so a matcher that names all of them misses none of its built-ins.
	ToolsListed bool `toml:"tools_listed" json:"tools_listed,omitempty"`
	// ToolsPartial: the tools table holds only some of the tool's names
	// (VS Code's, known from docs examples): a canonical tool without a row
	// may still be one it runs, under a name hookconv does not know.
	ToolsPartial bool `toml:"tools_partial" json:"tools_partial,omitempty"`
	// BuiltinMatcher is the tool matcher that selects every tool that is
	// not an MCP tool (Kiro CLI 2.x's "@builtin"), "" where there is none.
	// It reads as every native tool the tables know the provider by.
	BuiltinMatcher string `toml:"builtin_matcher" json:"builtin_matcher,omitempty"`
	// RunsDuplicatesOnce tools run identical handlers once.
	RunsDuplicatesOnce bool     `toml:"runs_duplicates_once" json:"runs_duplicates_once,omitempty"`
	ProjectDirVar      string   `toml:"project_dir_var" json:"project_dir_var,omitempty"`
	AlsoSets           []string `toml:"also_sets" json:"also_sets,omitempty"`
	// HookCwd is the folder the tool runs a project's hook commands in,
	// where its docs or source say: "project" (the project's root, where
	// its config lies: Cursor, Windsurf), "session" (the working folder
	// the session was started in, which may be below the project's root:
	// Codex, Copilot CLI), "" when unknown. A relative script path works
	// in the first from any folder, in the second only from the root.
	HookCwd     string `toml:"hook_cwd" json:"hook_cwd,omitempty"`
	Generated   bool   `toml:"generated" json:"generated,omitempty"`
	DisabledKey string `toml:"disabled_key" json:"disabled_key,omitempty"`
	// Shell is the program the tool runs a hook's command with on Unix
	// when it says which: "bash" (Gemini CLI), "sh" (VS Code, Claude
	// Code), or "$SHELL" (Codex), spelled as a shell word, for the shell
	// of the user's account where that is one of AccountShells, else the
	// first of OtherShells installed; "" when undocumented. The run shim
	// runs a command with the shell of the tool it was written for, so
	// syntax that works there keeps working; with bash (sh where bash is
	// not installed) when that is "".
	Shell string `toml:"shell" json:"shell,omitempty"`
	// WindowsShell is the program the tool runs a hook's command with on
	// Windows where the reference says: "cmd" (Codex's %COMSPEC% /C, Kiro
	// CLI 2.x's cmd /C, Node's shell: true in VS Code and OpenCode's
	// plugin), whose ";" separates no commands; "powershell" (Gemini CLI,
	// Copilot CLI); "bash" (Claude Code's Git Bash); "" when undocumented.
	// The block strategy's sh stand-in blocks nothing under cmd or
	// PowerShell.
	WindowsShell string `toml:"windows_shell" json:"windows_shell,omitempty"`
	// WindowsFieldShell is the program the tool runs its Windows command
	// field with where that is not WindowsShell (Windsurf's "powershell"
	// key, Cline's <Event>.ps1); "" means WindowsShell.
	WindowsFieldShell string `toml:"windows_field_shell" json:"windows_field_shell,omitempty"`
	// WindowsFieldOnly is set where the tool on Windows runs a hook's
	// Windows command field alone, never its command (Cline's
	// <Event>.ps1): a hook written without one runs nowhere there.
	WindowsFieldOnly bool `toml:"windows_field_only" json:"windows_field_only,omitempty"`
	// AccountShells are, for a tool whose Shell is "$SHELL", the shells
	// by file name it runs a hook's command with where the user's account
	// names one (Codex: zsh, bash, sh). Where it names another (fish),
	// the tool runs the first of OtherShells installed, OtherShellsMacOS
	// on macOS; hookconv run does the same for the shim's "$SHELL".
	AccountShells    []string `toml:"account_shells" json:"account_shells,omitempty"`
	OtherShells      []string `toml:"other_shells" json:"other_shells,omitempty"`
	OtherShellsMacOS []string `toml:"other_shells_macos" json:"other_shells_macos,omitempty"`
	// CommandTokens are the variables the tool replaces in a command's text
	// before a shell reads it ($NAME only, with a shell-escaped value:
	// Gemini CLI's $GEMINI_PROJECT_DIR), whatever quotes surround them.
	CommandTokens []string `toml:"command_tokens" json:"command_tokens,omitempty"`
	// ExecBitSwitch: on Unix the tool runs a hook script only while its
	// executable bit is set (Cline's VS Code extension toggles a hook by
	// its mode), so a script without it is a disabled hook.
	ExecBitSwitch bool   `toml:"exec_bit_switch" json:"exec_bit_switch,omitempty"`
	ShellKey      string `toml:"shell_key" json:"shell_key,omitempty"`
	// ForkOf is the tool this one is a fork of: the native keys both
	// document carry between them.
	ForkOf string `toml:"fork_of" json:"fork_of,omitempty"`
	// DefaultTimeout is how long, in seconds, the tool lets a command hook
	// run when it sets no timeout, where the reference says; 0 when not.
	DefaultTimeout int `toml:"default_timeout" json:"default_timeout,omitempty"`
	// HTTPTimeout, MCPToolTimeout, PromptTimeout and AgentTimeout are the
	// same for the tool's other handler types, where the reference says;
	// 0 when not (HandlerTimeout reads them).
	HTTPTimeout    int `toml:"http_timeout" json:"http_timeout,omitempty"`
	MCPToolTimeout int `toml:"mcp_tool_timeout" json:"mcp_tool_timeout,omitempty"`
	PromptTimeout  int `toml:"prompt_timeout" json:"prompt_timeout,omitempty"`
	AgentTimeout   int `toml:"agent_timeout" json:"agent_timeout,omitempty"`
	// MaxTimeout is the longest timeout, in seconds, the tool's hook timer
	// can wait, where its source shows one (a JavaScript setTimeout holds
	// at most 2³¹−1 ms: Gemini CLI, Qwen Code, VS Code, OpenCode's
	// generated plugin); 0 when none is known. A longer timeout is written
	// as this one: set longer, the timer fires at once and kills the hook.
	MaxTimeout float64 `toml:"max_timeout" json:"max_timeout,omitempty"`
	// SecondsBelow, for a tool whose timeout_unit is "ms", is the number
	// below which the tool reads a command hook's timeout in seconds
	// instead (Qwen Code's hook-timeout.ts: 10 is 10 s, 1000 or more is
	// still read as legacy milliseconds); 0 when every value is in
	// timeout_unit. hookconv writes no command timeout below it, so the
	// releases that read every value in milliseconds read the same time.
	SecondsBelow float64 `toml:"seconds_below" json:"seconds_below,omitempty"`
	// SecondsSince is the first release that reads timeouts below
	// SecondsBelow in seconds: the ones before it read them in
	// milliseconds, a time no hook can run in.
	SecondsSince string `toml:"seconds_since" json:"seconds_since,omitempty"`
	// SwitchPaths are other config files of the tool whose settings turn
	// off the hooks of the one hookconv writes (Claude Code's
	// settings.local.json); read only for that.
	SwitchPaths []string `toml:"switch_paths" json:"switch_paths,omitempty"`
	// ShadowedBy are other config files of the tool whose presence may
	// make it skip the hooks of the one hookconv writes (Factory Droid's
	// newest docs: the hooks key of settings.json is read only when
	// hooks.json is absent).
	ShadowedBy []string `toml:"shadowed_by" json:"shadowed_by,omitempty"`
	// AgentPaths are the files of the tool's agents (Kiro CLI's
	// .kiro/agents/*.json): the tool runs the hooks of one of them, the
	// agent a session was started with, so hooks written into a new
	// default agent beside the project's own agents do not run in those
	// agents' sessions.
	AgentPaths []string `toml:"agent_paths" json:"agent_paths,omitempty"`
	// SettingsEnv is the key of the tool's settings whose variables it
	// sets for every hook it runs (Claude Code's "env"), "" where there is
	// none: a hook moved to another tool no longer gets them.
	SettingsEnv string `toml:"settings_env" json:"settings_env,omitempty"`
	// HookEnvDropped are prefixes of the settings variables the tool
	// takes out of a hook's environment again (Claude Code's OTEL_*).
	HookEnvDropped []string `toml:"hook_env_dropped" json:"hook_env_dropped,omitempty"`
	// HooksSettings are keys inside the "hooks" object that are settings,
	// not events (Gemini CLI's legacy "enabled", which its registry skips).
	HooksSettings []string `toml:"hooks_settings" json:"hooks_settings,omitempty"`
	// JSONComments: the tool's JSON reader drops comments (not trailing
	// commas), so a config with them loads.
	JSONComments bool `toml:"json_comments" json:"json_comments,omitempty"`
	// RejectsBOM: the tool's JSON reader fails on a file that starts with
	// a UTF-8 byte order mark.
	RejectsBOM bool     `toml:"rejects_bom" json:"rejects_bom,omitempty"`
	FilterKeys []string `toml:"filter_keys" json:"filter_keys,omitempty"`
	// DeferralKeys are native entry keys that, set to true, put a hook
	// off to a later moment, each written KEY=when (data/providers.toml):
	// converted to a tool without the key, the hook runs at once instead.
	DeferralKeys []string `toml:"deferral_keys" json:"deferral_keys,omitempty"`
	// BackgroundKeys are native handler keys, besides async (which has a
	// canonical home, handler.async), that set to true make the tool run
	// the hook without waiting for it (Claude Code's asyncRewake): a
	// blocking hook with one blocks nothing there.
	BackgroundKeys []string `toml:"background_keys" json:"background_keys,omitempty"`
	// PluginRootVars name a plugin's or extension's own folder, and
	// PluginDataVars its data folder: the tool sets them only for that
	// plugin's hooks.
	PluginRootVars []string `toml:"plugin_root_vars" json:"plugin_root_vars,omitempty"`
	PluginDataVars []string `toml:"plugin_data_vars" json:"plugin_data_vars,omitempty"`
	// HookVars are the other variables the tool sets for its hooks,
	// beyond ProjectDirVar, AlsoSets and its plugins' own, each written
	// NAME[=holds][@Event|Event…] (data/providers.toml; HookVars reads
	// them): a hook converted to a tool that does not set one reads it
	// empty.
	HookVars []string `toml:"hook_vars" json:"hook_vars,omitempty"`
	// EnvAnswer is the tool's own event whose hooks may answer with an
	// "env" object, which the tool sets for the hooks that run after
	// them (Cursor's sessionStart); "" where there is none.
	EnvAnswer string `toml:"env_answer" json:"env_answer,omitempty"`
	Docs      string `toml:"docs" json:"docs,omitempty"`
}

// Tables is the loaded vocabulary. Use Default; the zero value is empty.
//
// Default's tables are shared by every conversion in the process, and
// are read-only: sorting or editing its lists (Providers, Events, …) or
// the slices inside a row (a Provider's Paths) changes what every later
// conversion reads, and breaks the lookups by name. Copy a list before
// changing it (slices.Clone); Slugs returns a new one.
type Tables struct {
	Events       []Event
	NativeEvents []NativeEvent
	Tools        []Tool
	NativeTools  []NativeTool
	Providers    []Provider

	eventIndex    map[string]int
	toolIndex     map[string]int
	providerIndex map[string]int
	// Per-provider lookups, so decoding thousands of hooks does not scan
	// the tables once per hook. Each provider's are built on first use:
	// `hookconv run` and a typical conversion touch one or two providers,
	// and building all of them cost ~0.8 ms of a 10 ms process.
	byProvider *lazyIndex
}

// lazyIndex holds the per-provider lookups built so far. Lookups read it
// without a lock: a large conversion looks names up from every core,
// tens of thousands of times. The map is never changed once stored, but
// replaced by a copy with one more provider: a conversion builds two or
// three, and a plain map that small is read without hashing the name,
// where a sync.Map hashed it on every look-up (~6 % of a 10,000-handler
// plan's CPU).
type lazyIndex struct {
	mu  sync.Mutex                                // held while a provider's lookups are built
	idx atomic.Pointer[map[string]*providerIndex] // provider → its lookups
}

// built returns the lookups of provider built so far, or nil.
func (l *lazyIndex) built(provider string) *providerIndex {
	if m := l.idx.Load(); m != nil {
		return (*m)[provider]
	}
	return nil
}

// add stores x as provider's lookups; l.mu must be held.
func (l *lazyIndex) add(provider string, x *providerIndex) {
	next := map[string]*providerIndex{provider: x}
	if m := l.idx.Load(); m != nil {
		maps.Copy(next, *m)
	}
	l.idx.Store(&next)
}

// providerIndex is one provider's lookups, keyed by name.
type providerIndex struct {
	events      []NativeEvent            // the provider's rows, in table order
	tools       []NativeTool             // the same for tools
	encodeEvent map[string][]NativeEvent // canonical → rows written
	decodeEvent map[string][]NativeEvent // native → rows
	// decodeVersioned: native → the rows read only in a versioned file.
	decodeVersioned map[string][]NativeEvent
	encodeTool      map[string][]NativeTool // canonical → rows written, primary first
	decodeTool      map[string]NativeTool
	// alsoTools: native → the canonical tools of its write-only rows,
	// which the native tool does too.
	alsoTools map[string][]string
}

//go:generate go run ../internal/gentables -pkg vocab -dir . -out tables_gen.go

// loadDefault indexes the tables compiled from data/*.toml
// (tables_gen.go): decoding the TOML at start-up would cost more than a
// whole typical conversion. TestGeneratedTablesMatchTOML keeps the two equal.
var loadDefault = sync.OnceValue(func() *Tables {
	return index(&Tables{
		Events:       generatedEvents,
		NativeEvents: generatedNativeEvents,
		Tools:        generatedTools,
		NativeTools:  generatedNativeTools,
		Providers:    generatedProviders,
	})
})

// Default returns the tables of data/*.toml, indexing them on first use.
func Default() *Tables { return loadDefault() }

// Data is the embedded TOML source of the tables, for Load.
func Data() FS { return data }

// FS is anything the tables can be read from (the embedded data, or a
// directory in tests).
type FS interface {
	ReadFile(name string) ([]byte, error)
}

// Load reads data/events.toml, data/tools.toml and data/providers.toml
// from fsys. Unknown keys are errors so a typo in a table cannot silently
// drop a fact.
func Load(fsys FS) (*Tables, error) {
	t := &Tables{}
	var ev struct {
		Event  []Event       `toml:"event"`
		Native []NativeEvent `toml:"native"`
	}
	var tl struct {
		Tool   []Tool       `toml:"tool"`
		Native []NativeTool `toml:"native"`
	}
	var pr struct {
		Provider []Provider `toml:"provider"`
	}
	for _, f := range []struct {
		name string
		v    any
	}{{"data/events.toml", &ev}, {"data/tools.toml", &tl}, {"data/providers.toml", &pr}} {
		if err := DecodeTable(fsys, f.name, f.v); err != nil {
			return nil, err
		}
	}
	t.Events, t.NativeEvents = ev.Event, ev.Native
	t.Tools, t.NativeTools = tl.Tool, tl.Native
	t.Providers = pr.Provider
	return index(t), nil
}

// index builds the name lookups of loaded rows; per-provider lookups are
// built by of on first use.
func index(t *Tables) *Tables {
	t.eventIndex = table.Index(t.Events, Event.name)
	t.toolIndex = table.Index(t.Tools, Tool.name)
	t.providerIndex = table.Index(t.Providers, Provider.slug)
	t.byProvider = &lazyIndex{}
	return t
}

// of returns the lookups of one provider, building them on first use. Safe
// for concurrent use.
func (t *Tables) of(provider string) *providerIndex {
	l := t.byProvider
	if l == nil { // a Tables not made by index: nothing is known
		return &providerIndex{}
	}
	if x := l.built(provider); x != nil {
		return x
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if x := l.built(provider); x != nil {
		return x
	}
	// The lists are the table's own rows where they stand together (the
	// tables list each provider's rows in one run), and each map's lists
	// share one array: a conversion builds two of these in every process,
	// and row by row appends cost it more page faults than any other step
	// of a small conversion's.
	x := &providerIndex{
		events: rowsOf(t.NativeEvents, provider, func(n NativeEvent) string { return n.Provider }),
		tools:  rowsOf(t.NativeTools, provider, func(n NativeTool) string { return n.Provider }),
	}
	x.encodeEvent = groupedBy(x.events, func(n NativeEvent) (string, bool) { return n.Event, !n.Alias })
	x.decodeEvent = groupedBy(x.events, func(n NativeEvent) (string, bool) { return n.Name, !n.Versioned })
	x.decodeVersioned = groupedBy(x.events, func(n NativeEvent) (string, bool) { return n.Name, n.Versioned })
	x.encodeTool = groupedBy(x.tools, func(n NativeTool) (string, bool) { return n.Tool, !n.Alias })
	x.decodeTool = make(map[string]NativeTool, len(x.tools))
	for _, n := range x.tools {
		if n.WriteOnly {
			if x.alsoTools == nil {
				x.alsoTools = map[string][]string{}
			}
			x.alsoTools[n.Name] = append(x.alsoTools[n.Name], n.Tool)
		}
		if _, dup := x.decodeTool[n.Name]; !dup && !n.WriteOnly {
			x.decodeTool[n.Name] = n
		}
	}
	l.add(provider, x)
	return x
}

// rowsOf returns the rows of provider, in table order: the table's own
// run of them when they stand together, else a copy. Callers share the
// list: it is clipped, so one that appends copies.
func rowsOf[T any](rows []T, provider string, of func(T) string) []T {
	first, last, n := span(rows, func(r T) bool { return of(r) == provider })
	switch {
	case n == 0:
		return nil
	case last-first+1 == n:
		return rows[first : last+1 : last+1]
	}
	out := make([]T, 0, n)
	for _, r := range rows[first : last+1] {
		if of(r) == provider {
			out = append(out, r)
		}
	}
	return out
}

// groupedBy maps each key of the rows key keeps to its rows, in their
// order. A key whose rows stand together (most: one row) gets that run of
// rows itself, not a copy; the others share one array. Every list is
// clipped: a caller that appends copies, never writing into the table
// or the next list.
func groupedBy[T any](rows []T, key func(T) (string, bool)) map[string][]T {
	var keys []string // each kept key once, in first appearance
	for _, r := range rows {
		if k, ok := key(r); ok && !slices.Contains(keys, k) {
			keys = append(keys, k)
		}
	}
	out := make(map[string][]T, len(keys))
	var apart []T // the rows of keys whose rows do not stand together
	for _, k := range keys {
		first, last, n := span(rows, func(r T) bool { rk, ok := key(r); return ok && rk == k })
		if last-first+1 == n {
			out[k] = rows[first : last+1 : last+1]
			continue
		}
		from := len(apart)
		for _, r := range rows[first : last+1] {
			if rk, ok := key(r); ok && rk == k {
				apart = append(apart, r)
			}
		}
		out[k] = apart[from:len(apart):len(apart)]
	}
	return out
}

// span finds the rows in selects: the positions of the first and the
// last, and how many there are (first and last are -1 when none is).
// They stand together, as rows[first:last+1], when last-first+1 == n:
// rowsOf and groupedBy hand out that run itself rather than a copy.
func span[T any](rows []T, in func(T) bool) (first, last, n int) {
	first, last = -1, -1
	for i, r := range rows {
		if in(r) {
			if first < 0 {
				first = i
			}
			last, n = i, n+1
		}
	}
	return first, last, n
}

// DecodeTable decodes one TOML table file, rejecting keys no field takes,
// so a typo in a table cannot silently drop a fact. The capabilities
// package reads its tables with it too.
func DecodeTable(fsys FS, name string, v any) error {
	b, err := fsys.ReadFile(name)
	if err != nil {
		return err
	}
	md, err := toml.NewDecoder(bytes.NewReader(b)).Decode(v)
	if err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	if und := md.Undecoded(); len(und) > 0 {
		keys := make([]string, len(und))
		for i, k := range und {
			keys[i] = k.String()
		}
		return fmt.Errorf("%s: unknown keys %s", name, strings.Join(keys, ", "))
	}
	return nil
}

// The keys the tables are looked up by, and listed by.
func (e Event) name() string    { return e.Name }
func (e Tool) name() string     { return e.Name }
func (p Provider) slug() string { return p.Slug }

// WindowsCommandShell is the program the tool runs its Windows command
// field with (Codex's commandWindows, Copilot CLI's powershell):
// WindowsFieldShell, else WindowsShell; "" when undocumented.
func (p Provider) WindowsCommandShell() string {
	if p.WindowsFieldShell != "" {
		return p.WindowsFieldShell
	}
	return p.WindowsShell
}

// ShellNotPOSIX reports whether shell, a WindowsShell value, reads no sh
// syntax: cmd and PowerShell, where an sh line such as hookconv's
// stand-in ("echo … >&2; exit 2") exits without blocking.
func ShellNotPOSIX(shell string) bool {
	return shell == "cmd" || shell == "powershell"
}

// HandlerTimeout is how long, in seconds, the tool lets a hook of the
// canonical handler type typ run when it sets no timeout; 0 when the
// reference does not say. An agent hook on a tool that documents a
// prompt's default but not an agent's is written as a prompt there
// (providers.AgentAsPrompt), and gets the prompt's.
func (p Provider) HandlerTimeout(typ string) int {
	switch typ {
	case "command":
		return p.DefaultTimeout
	case "http":
		return p.HTTPTimeout
	case "mcp_tool":
		return p.MCPToolTimeout
	case "prompt":
		return p.PromptTimeout
	case "agent":
		if p.AgentTimeout == 0 {
			return p.PromptTimeout
		}
		return p.AgentTimeout
	}
	return 0
}

// Event returns the canonical event called name.
func (t *Tables) Event(name string) (Event, bool) { return table.Row(t.Events, t.eventIndex, name) }

// Tool returns the canonical tool called name.
func (t *Tables) Tool(name string) (Tool, bool) { return table.Row(t.Tools, t.toolIndex, name) }

// Provider returns the provider with the given slug. The row is a copy,
// but its slices (Paths, SwitchPaths, …) are the table's, shared and
// read-only (Tables): the conversions ask for rows per hook, so they are
// not copied.
func (t *Tables) Provider(slug string) (Provider, bool) {
	return table.Row(t.Providers, t.providerIndex, slug)
}

// HookVar is one of the variables a tool sets for its hooks (an entry
// of its row's hook_vars).
type HookVar struct {
	// Name is the variable's name.
	Name string
	// Holds says where a hook of another tool finds what the variable
	// holds: a payload field of hookrun's contracts (session_id, cwd,
	// prompt, transcript_path), HoldsEnv, or "" for neither.
	Holds string
	// Events are the canonical events on whose hooks the tool sets the
	// variable, read from the tool's own names; nil when it sets it on
	// every event.
	Events []string
}

// HoldsEnv is the Holds of a file a hook writes export lines to, which
// set variables for what runs after it (Claude Code's CLAUDE_ENV_FILE).
const HoldsEnv = "env"

// On reports whether the tool sets the variable for hooks on the
// canonical event.
func (v HookVar) On(event string) bool {
	return v.Events == nil || slices.Contains(v.Events, event)
}

// HookVars returns the variables provider sets for its hooks beyond its
// project directory's and its plugins' (its row's hook_vars, written
// NAME[=holds][@Event|Event…]), its own event names read as canonical
// ones. Read on each call: a conversion asks once per tool.
func (t *Tables) HookVars(provider string) []HookVar {
	p, ok := t.Provider(provider)
	if !ok || len(p.HookVars) == 0 {
		return nil
	}
	out := make([]HookVar, 0, len(p.HookVars))
	for _, entry := range p.HookVars {
		var v HookVar
		entry, natives, some := strings.Cut(entry, "@")
		v.Name, v.Holds, _ = strings.Cut(entry, "=")
		if some {
			// Non-nil: a name no native event has sets it on none
			// (TestTablesConsistent rejects one).
			v.Events = []string{}
			for _, native := range strings.Split(natives, "|") {
				for _, row := range t.DecodeEvent(provider, native) {
					if !slices.Contains(v.Events, row.Event) {
						v.Events = append(v.Events, row.Event)
					}
				}
			}
		}
		out = append(out, v)
	}
	return out
}

// SetsHookVar reports whether provider sets the variable name for its
// hooks on the canonical event: as its project directory, as another
// tool's it sets too (also_sets), or as one of its hook_vars there.
func (t *Tables) SetsHookVar(provider, name, event string) bool {
	p, ok := t.Provider(provider)
	if !ok {
		return false
	}
	if name == p.ProjectDirVar || slices.Contains(p.AlsoSets, name) {
		return true
	}
	return slices.ContainsFunc(t.HookVars(provider), func(v HookVar) bool { return v.Name == name && v.On(event) })
}

// Slugs lists every provider slug in table order.
func (t *Tables) Slugs() []string { return table.Column(t.Providers, Provider.slug) }

// EventsOf returns the native event rows of one provider, in table order.
// The list is shared: read it, do not change it. (Encoders ask once per
// hook, so it is indexed, not gathered each time.)
func (t *Tables) EventsOf(provider string) []NativeEvent { return t.of(provider).events }

// ToolsOf returns the native tool rows of one provider, in table order,
// shared as EventsOf's is.
func (t *Tables) ToolsOf(provider string) []NativeTool { return t.of(provider).tools }

// EncodeEvent returns the native event a provider writes for a canonical
// event (the row that is not an alias). Split-event providers have several;
// they are all returned, in table order.
func (t *Tables) EncodeEvent(provider, event string) []NativeEvent {
	return t.of(provider).encodeEvent[event]
}

// DecodeEvent returns the canonical rows a provider's native event name
// reads as (more than one only when the table marks the name lossy).
func (t *Tables) DecodeEvent(provider, native string) []NativeEvent {
	return t.of(provider).decodeEvent[native]
}

// DecodeVersionedEvent returns the rows of a native event name the
// provider reads only in a file whose root has a numeric "version"
// (NativeEvent.Versioned: VS Code's reading of Copilot CLI's names), or
// nil.
func (t *Tables) DecodeVersionedEvent(provider, native string) []NativeEvent {
	return t.of(provider).decodeVersioned[native]
}

// EncodeTool returns the primary native name a provider writes for a
// canonical tool: the one used where a single name must stand for it.
// A matcher that can list names lists them all (EncodeTools).
func (t *Tables) EncodeTool(provider, tool string) (NativeTool, bool) {
	rows := t.of(provider).encodeTool[tool]
	if len(rows) == 0 {
		return NativeTool{}, false
	}
	return rows[0], true
}

// EncodeTools returns every native tool a provider runs for a canonical
// tool, primary first: the rows without alias. Claude Code runs Bash or
// PowerShell, Copilot CLI edits with edit or apply_patch by model, so a
// guard on shell or file_edit that named only the first would never see
// the other. The returned slice is shared: do not modify it.
func (t *Tables) EncodeTools(provider, tool string) []NativeTool {
	return t.of(provider).encodeTool[tool]
}

// DecodeTool returns the canonical tool a provider's native tool name reads as.
func (t *Tables) DecodeTool(provider, native string) (NativeTool, bool) {
	n, ok := t.of(provider).decodeTool[native]
	return n, ok
}

// NamesHolding reads one alternative of a tool matcher as a provider
// that tests every matcher, a plain name too, as a regex found anywhere
// in a tool's name does (its row's names_anywhere: Gemini CLI's "shell"
// matches run_shell_command): a plain name, anchored at its start, its
// end, both or neither, selects the native tools whose names hold it
// there. It returns their names, in table order; none where the
// provider does not read matchers so; for a name that is a tool's own
// (read as that tool, as a listed name is); for one that starts as the
// provider's MCP tool names do (mcp…, named after servers the tables do
// not know: such a name is about them, and stays the pattern it is);
// and for one no tool's name holds.
func (t *Tables) NamesHolding(provider, alt string) []string {
	prov, ok := t.Provider(provider)
	if !ok || !prov.NamesAnywhere {
		return nil
	}
	name, start := strings.CutPrefix(alt, "^")
	name, end := strings.CutSuffix(name, "$")
	if name == "" || strings.IndexFunc(name, notNameRune) >= 0 {
		return nil
	}
	if _, own := t.DecodeTool(provider, name); own {
		return nil
	}
	if mcp, _, _ := strings.Cut(prov.MCP, "{"); strings.TrimRight(mcp, "_:") != "" && strings.HasPrefix(name, strings.TrimRight(mcp, "_:")) {
		return nil
	}
	var out []string
	for _, row := range t.ToolsOf(provider) {
		switch {
		case row.Event != "" || start && end || slices.Contains(out, row.Name):
			// A split event names no tool; a name anchored at both ends
			// selects only a tool of that name, which there is none of.
		case start && strings.HasPrefix(row.Name, name), end && strings.HasSuffix(row.Name, name), !start && !end && strings.Contains(row.Name, name):
			out = append(out, row.Name)
		}
	}
	return out
}

// notNameRune reports whether r is no character of a plain tool name
// (letters, digits, '_' and '-', which no regex reads as syntax).
func notNameRune(r rune) bool {
	return !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '_' || r == '-')
}

// DecodeTools returns every canonical tool a native tool name does: the
// one it reads back as (DecodeTool) first, then those its write-only rows
// say it does too (Cursor's Write also edits files, Codex's apply_patch
// also creates them). A hook on that native tool fires for all of them,
// so a matcher read from it must name them all: naming only the first
// would let a converted guard miss half of what it guarded.
//
// An alias is another spelling of the tool's primary name, so it does
// what that name does: Codex's Edit and Write answer for apply_patch,
// which creates files as well as editing them.
func (t *Tables) DecodeTools(provider, native string) []string {
	first, ok := t.DecodeTool(provider, native)
	if !ok {
		return nil
	}
	out := []string{first.Tool}
	x := t.of(provider)
	also := x.alsoTools[native]
	if first.Alias {
		if primary, ok := t.EncodeTool(provider, first.Tool); ok {
			also = append(slices.Clip(also), x.alsoTools[primary.Name]...)
		}
	}
	for _, a := range also {
		if !slices.Contains(out, a) {
			out = append(out, a)
		}
	}
	return out
}

// ToolInput returns the names of the arguments a provider's native tool
// hands its hooks in the tool input (NativeTool.Input) that mean what the
// same names mean in other tools (less InputOwn), nil when no source
// documents them. The slice may be the table's own: do not change it.
func (t *Tables) ToolInput(provider, native string) []string {
	for _, n := range t.of(provider).tools {
		if n.Name == native && len(n.Input) > 0 {
			return n.SharedInput()
		}
	}
	return nil
}

// ActsOn returns the argument of a provider's native tool that says what
// the call acts on (the command a shell runs, the file a file tool
// changes): the first of its documented arguments, as the table orders
// them, where that means what its name says (no InputNote) and what the
// same name means elsewhere (not InputOwn). ok is false otherwise, and
// for a tool whose arguments no source documents. Two tools' ActsOn
// hold the same thing under their own names (Claude Code's file_path,
// Kiro CLI's path): hookconv run --from hands a script written for one
// the other's under the name it reads.
func (t *Tables) ActsOn(provider, native string) (string, bool) {
	for _, n := range t.of(provider).tools {
		if n.Name == native && len(n.Input) > 0 {
			first := n.Input[0]
			return first, n.InputNote == "" && !slices.Contains(n.InputOwn, first)
		}
	}
	return "", false
}

// SharedInput returns the row's documented arguments that mean what the
// same names mean in other tools: Input less InputOwn. The slice may be
// the row's own: do not change it.
func (n NativeTool) SharedInput() []string {
	if len(n.InputOwn) == 0 {
		return n.Input
	}
	var out []string
	for _, f := range n.Input {
		if !slices.Contains(n.InputOwn, f) {
			out = append(out, f)
		}
	}
	return out
}

// ToolInputNote returns what a provider's native tool's first argument
// holds where its name does not say (NativeTool.InputNote), "" otherwise.
func (t *Tables) ToolInputNote(provider, native string) string {
	for _, n := range t.of(provider).tools {
		if n.Name == native && len(n.Input) > 0 {
			return n.InputNote
		}
	}
	return ""
}

// AlsoTools returns the canonical tools a native tool does besides the
// one it reads back as (its write-only rows: Codex's apply_patch also
// creates files). The slice is the table's own: do not change it.
func (t *Tables) AlsoTools(provider, native string) []string {
	return t.of(provider).alsoTools[native]
}

// DecodeClaudeName returns the canonical tools of the provider's native
// tools that its own table gives Claude Code's name, in table order (nil
// when none has it: a name the provider does not map, such as Claude's
// MultiEdit under Copilot CLI, matches nothing there).
func (t *Tables) DecodeClaudeName(provider, claude string) []string {
	var out []string
	for _, n := range t.of(provider).tools {
		if slices.Contains(n.ClaudeNames, claude) {
			for _, tool := range t.DecodeTools(provider, n.Name) {
				if !slices.Contains(out, tool) {
					out = append(out, tool)
				}
			}
		}
	}
	return out
}

// EventNames lists the canonical events in table order.
func (t *Tables) EventNames() []string { return table.Column(t.Events, Event.name) }

// ToolNames lists the canonical tools in table order.
func (t *Tables) ToolNames() []string { return table.Column(t.Tools, Tool.name) }

// SortedSlugs lists provider slugs alphabetically.
func (t *Tables) SortedSlugs() []string {
	s := t.Slugs()
	sort.Strings(s)
	return s
}
