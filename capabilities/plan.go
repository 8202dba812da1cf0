package capabilities

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"path"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/hookconv/hookconv/canonical"
	"github.com/hookconv/hookconv/diag"
	"github.com/hookconv/hookconv/internal/lazy"
	"github.com/hookconv/hookconv/internal/parallel"
	"github.com/hookconv/hookconv/internal/sortedkeys"
	"github.com/hookconv/hookconv/vocab"
)

// Diagnostic codes of the planning stage (spec §7 step 2). They are stable:
// scripts and `hookconv explain` key on them, so a code is never reused.
const (
	// CodeEventUnsupported (warning): the target has no native event for
	// the hook's event; the hook is excluded, and a blocking one is said
	// to be a lost guard.
	CodeEventUnsupported = "HC200"
	// CodeCapabilityExcluded (warning): the target lacks a capability the
	// hook uses and the strategy is exclude, or block where no stand-in
	// blocks the hook's event (the target only observes it, or blocks it
	// only by a JSON answer hookconv has no form of); the hook is
	// excluded.
	CodeCapabilityExcluded = "HC201"
	// CodeCapabilityReduced (warning): the target lacks a capability the
	// hook uses and the strategy is warn; the hook is kept without the
	// fields that carry the capability (each removed field is named). For
	// capabilities with no reduced form (llm_evaluated, mcp_tool_handler)
	// warn cannot be honoured and the hook is excluded under this code.
	CodeCapabilityReduced = "HC202"
	// CodeCapabilityBlocked (warning): the target lacks a capability the
	// hook uses and the strategy is block; the hook is replaced by one that
	// always blocks the action (not where a block makes the agent go on
	// working: HC210).
	CodeCapabilityBlocked = "HC203"
	// CodeBlockingObserved (warning): a blocking hook sits on an event the
	// target only observes, so it cannot block there.
	CodeBlockingObserved = "HC204"
	// CodeCapabilityPartial (info): the target supports a capability the
	// hook uses only partly; the support row's note says how.
	CodeCapabilityPartial = "HC205"
	// CodeVendorEvent (warning): the hook's event is another provider's
	// exclusive event (vendor.<slug>.<name>); the hook is excluded.
	CodeVendorEvent = "HC206"
	// CodeExitBlocks (warning): a hook that is not blocking sits where the
	// target blocks the action on its exit code (exit 2, or any non-zero
	// exit) or, for a prompt or agent hook, on its model's answer, so it
	// can stop what its author meant only to watch.
	CodeExitBlocks = "HC207"
	// CodeExitIgnored (warning): a blocking command hook sits where the
	// target blocks only on a JSON answer, not on exit 2: a hook that
	// blocks by exiting 2 no longer blocks there.
	CodeExitIgnored = "HC208"
	// CodeFailOpen (warning): a blocking command hook written for a tool
	// that stops the action on any non-zero exit (Copilot CLI's
	// preToolUse: exit 1, a crash) goes where only exit 2 blocks: a script
	// that denies with another code, or fails, lets the action through.
	CodeFailOpen = "HC209"
	// CodeBlockContinues (warning): the target lacks a capability the hook
	// uses and the strategy is block, but on the hook's event a block makes
	// the agent go on working instead of stopping an action (Codex's Stop,
	// Gemini CLI's AfterAgent: behaviour retry), or is not read at all
	// (Cursor's stop): a stand-in that always blocks would keep the agent
	// from ever stopping, and no unchecked input waits behind a stop. The
	// hook is excluded.
	CodeBlockContinues = "HC210"
	// CodeContinueCap (warning): a blocking hook on an event where a block
	// makes the agent go on working was written for a tool that stops
	// honouring that after a number of times in a row (the blocking
	// table's continue_cap: Copilot CLI's 8, Cursor's loop_limit, 5 unless
	// the entry says), and the target has no such cap (Claude Code, Codex,
	// Gemini CLI, Qwen Code) or another: a hook that relied on the cap to
	// end its loop may keep the agent from ever stopping there.
	CodeContinueCap = "HC211"
	// CodeStandInWindows (warning, once per conversion): the target runs
	// hook commands with cmd or PowerShell on Windows (the providers
	// table's windows_shell: Kiro CLI 2.x, Gemini CLI) and holds no
	// Windows command of a hook's own, so the stand-ins degradation
	// "block" wrote, sh lines, block nothing there: cmd reads ";" as text,
	// and the line exits 0; PowerShell rejects ">&2" and exits 1. Where
	// the target holds one (Codex's commandWindows, OpenCode's
	// platform.windows, Copilot CLI's powershell), the stand-in gets a
	// form in that field's shell instead.
	CodeStandInWindows = "HC215"
)

// Capability ids (data/capabilities.toml).
const (
	capStructuredOutput = "structured_output"
	capInputRewrite     = "input_rewrite"
	capLLMEvaluated     = "llm_evaluated"
	capHTTPHandler      = "http_handler"
	capMCPToolHandler   = "mcp_tool_handler"
	capAsyncExecution   = "async_execution"
	capPlatformCommands = "platform_commands"
	capCustomEnv        = "custom_env"
	capConfigurableCwd  = "configurable_cwd"
	capToolMatcher      = "tool_matcher"
	capSessionPrompt    = SessionPrompt
	capAgentPrompt      = AgentPrompt
)

// SessionPrompt is the capability of a prompt handler that submits its
// prompt when a session starts (Copilot CLI's sessionStart prompt
// entries): decoders that read such entries declare it.
const SessionPrompt = "session_prompt"

// AgentPrompt is the capability of a prompt handler whose prompt goes to
// the agent as an instruction and decides nothing (Kiro's agent action):
// decoders that read such actions declare it. Another tool's prompt
// handler is a model judging the event, which could block what Kiro let
// through.
const AgentPrompt = "agent_prompt"

// vendorPrefix starts a provider-exclusive event a decoder kept verbatim:
// vendor.<slug>.<name>.
const vendorPrefix = "vendor."

// Infer returns the capability ids a hook uses (spec §6), in table order.
func Infer(h *canonical.Hook) []string {
	return appendUses(nil, h, Default().IDs())
}

// appendUses appends to out the capabilities h uses, in the order of ids.
func appendUses(out []string, h *canonical.Hook, ids []string) []string {
	for _, id := range ids {
		if uses(h, id) {
			out = append(out, id)
		}
	}
	return out
}

// uses reports whether h uses capability id (spec §6 "inferred when").
func uses(h *canonical.Hook, id string) bool {
	switch id {
	case capStructuredOutput:
		return h.Blocking || slices.Contains(h.Capabilities, id)
	case capInputRewrite:
		_, inDegradation := h.Degradation[id]
		return slices.Contains(h.Capabilities, id) || inDegradation
	case capLLMEvaluated:
		// A prompt submitted at session start is the agent's work, not a
		// model judging the event.
		// Both say what a prompt handler is; an agent handler is a
		// model at work whatever it declares.
		return h.Handler.Type == canonical.HandlerAgent ||
			h.Handler.Type == canonical.HandlerPrompt &&
				!slices.Contains(h.Capabilities, capSessionPrompt) && !slices.Contains(h.Capabilities, capAgentPrompt)
	case capHTTPHandler:
		return h.Handler.Type == canonical.HandlerHTTP
	case capMCPToolHandler:
		return h.Handler.Type == canonical.HandlerMCPTool
	case capAsyncExecution:
		return h.Handler.Async
	case capPlatformCommands:
		return len(h.Handler.Platform) > 0
	case capCustomEnv:
		return len(h.Handler.Env) > 0
	case capConfigurableCwd:
		return h.Handler.Cwd != ""
	case capToolMatcher:
		return h.Matcher != nil
	case capSessionPrompt, capAgentPrompt:
		// Only a prompt handler submits a prompt: on another handler the
		// declaration says nothing.
		return h.Handler.Type == canonical.HandlerPrompt && slices.Contains(h.Capabilities, id)
	}
	return false
}

// Plan decides what target should hold for m (spec §6, §7 step 2) and says
// what was lost. It returns a new manifest holding, in the original order,
// the hooks the target should get (degraded where a capability is missing);
// m is never modified. The new hooks have their own matchers and platform
// commands, which later stages rewrite, but share their other maps and
// slices (provider_data, degradation, env, headers, …) with m's: replace
// those, never write into them (providers.SetData does so). Every
// diagnostic names its hook and points at the field that caused it.
func Plan(m *canonical.Manifest, target string, names *vocab.Tables, caps *Tables) (*canonical.Manifest, diag.List) {
	return PlanFrom(m, "", target, names, caps)
}

// PlanFrom is Plan for hooks decoded from the source tool's config: where
// the source blocks only on a JSON answer, a blocking hook already gives
// one, so a target that reads only JSON is no loss (no HC208).
func PlanFrom(m *canonical.Manifest, source, target string, names *vocab.Tables, caps *Tables) (*canonical.Manifest, diag.List) {
	return PlanReading(m, source, target, names, caps, nil)
}

// MayFail reports whether a hook's command may exit with a code other
// than 0 (and so may block). The readers of a command's exits live in
// the root package, which imports this one: PlanReading takes one from
// its caller.
type MayFail func(command string) bool

// PlanReading is PlanFrom with a reader of commands' exits: an override
// for a system a target cannot hold that may fail is a blocking hook's
// guard lost there (HC202); one that provably exits 0 alone never
// blocked, and is said as a command that no longer runs. A nil mayFail
// reads every command as one that may fail.
func PlanReading(m *canonical.Manifest, source, target string, names *vocab.Tables, caps *Tables, mayFail MayFail) (*canonical.Manifest, diag.List) {
	return PlanAnswering(m, source, target, names, caps, mayFail, nil)
}

// DenyAnswer is how target is told "deny" on a canonical event by a
// command that says nothing else: the text it prints on stdout (a JSON
// object, or "" where the exit code alone denies) and its exit code,
// reason being the deny's reason. ok is false where target cannot be
// told so. The contracts table that knows the answers is hookrun's, which
// imports this package: PlanAnswering takes it from its caller.
type DenyAnswer func(target, event, reason string) (stdout string, exit int, ok bool)

// PlanAnswering is PlanReading with the targets' deny answers: where the
// target blocks an event only through a JSON answer (Claude Code's and
// Codex's PermissionRequest, Cursor's beforeSubmitPrompt), the stand-in
// degradation "block" writes prints deny's answer there. A nil deny knows
// no such answer: a hook that would need one is excluded (HC204) rather
// than replaced by a stand-in that exits 2 where exit 2 blocks nothing.
func PlanAnswering(m *canonical.Manifest, source, target string, names *vocab.Tables, caps *Tables, mayFail MayFail, deny DenyAnswer) (*canonical.Manifest, diag.List) {
	out := *m // keeps Spec and the source positions
	// Each hook is planned on its own, so a large list is planned in
	// chunks at once (internal/parallel), each into its own slots of
	// out.Hooks (planned in place: a Hook is some 400 bytes, and a large
	// config has thousands) and its own diagnostics; excluded hooks leave
	// gaps, closed afterwards.
	out.Hooks = make([]canonical.Hook, len(m.Hooks))
	kept := make([]bool, len(m.Hooks))
	chunks := parallel.Chunks(len(m.Hooks))
	chunkDiags := make([]diag.List, len(chunks))
	unixOnly := make([][]int, len(chunks)) // stand-ins that block nothing on Windows
	ids := caps.IDs()
	// The target's and the source's providers-table rows, read once: a
	// row is ~800 bytes, and the planner asks them of most hooks.
	targetRow, targetKnown := names.Provider(target)
	sourceRow, _ := names.Provider(source)
	parallel.Do(chunks, func(c int, r parallel.Range) {
		var co coLoaders
		var rows chunkRows
		for i := r.From; i < r.To; i++ {
			p := planner{h: &m.Hooks[i], i: i, source: source, target: target, names: names, caps: caps, mayFail: mayFail, deny: deny, neverRan: neverRanIn(&m.Hooks[i]), co: &co, rows: &rows, diags: &chunkDiags[c], targetRow: &targetRow, targetKnown: targetKnown, sourceRow: &sourceRow}
			kept[i] = p.plan(ids, &out.Hooks[i])
			if p.unixOnly {
				unixOnly[c] = append(unixOnly[c], i)
			}
		}
	})
	if hooks := slices.Concat(unixOnly...); len(hooks) > 0 {
		chunkDiags = append(chunkDiags, standInsOnWindows(m, hooks, target, names))
	}
	n := 0
	for i := range out.Hooks {
		if kept[i] {
			if n != i {
				out.Hooks[n] = out.Hooks[i]
			}
			n++
		}
	}
	clear(out.Hooks[n:]) // the moved hooks' old slots: let what they hold go
	out.Hooks = out.Hooks[:n]
	return &out, slices.Concat(chunkDiags...)
}

// planner plans one hook.
type planner struct {
	h      *canonical.Hook
	i      int
	source string // the tool the hook was decoded from; "" for a manifest
	target string
	names  *vocab.Tables
	caps   *Tables
	// diags is the list of the planner's chunk of hooks, which it appends
	// to directly: a list of each hook's own, copied into the chunk's,
	// cost two allocations per diagnostic (thousands in a large config).
	diags *diag.List
	// unmet is the target's support for a capability the hook uses but
	// lacks there because it does not meet the support's condition.
	unmet Support
	// mayFail reads a command's exits (PlanReading); nil: any may fail.
	mayFail MayFail
	// deny is the targets' deny answers (PlanAnswering); nil: none known.
	deny DenyAnswer
	// unixOnly is set when kept is a stand-in that blocks nothing on
	// Windows (CodeStandInWindows).
	unixOnly bool
	// standIn is set when kept is the block strategy's stand-in: it
	// answers the target as the target reads a block, so no warning about
	// how a script blocks there (HC208) is about it.
	standIn bool
	// neverRan is the tool the hook was read from when that tool never
	// runs its handler (neverRanIn), else "".
	neverRan string
	// co remembers CoLoader's answers for the planners of one chunk;
	// nil: none remembered.
	co *coLoaders
	// rows remembers the capability tables' rows the planners of one
	// chunk read; nil: none remembered.
	rows *chunkRows
	// targetRow is the target's providers-table row, shared by the
	// planners of a conversion (read only); targetKnown says it has one.
	targetRow   *vocab.Provider
	targetKnown bool
	// sourceRow is the source's row, likewise (zero for a manifest).
	sourceRow *vocab.Provider
}

// coLoaders remembers CoLoader's last answer. A config's guards share
// their file and the tool they were written for, and asking the
// providers table again for each (a path.Match per path pattern of
// every provider) was ~2 % of a 10,000-handler conversion's CPU.
type coLoaders struct {
	from, file, other string
	known             bool
}

// of is CoLoader(from, file), remembered when c is not nil.
func (c *coLoaders) of(from, file string) string {
	if c == nil {
		return CoLoader(from, file)
	}
	if !c.known || c.from != from || c.file != file {
		c.from, c.file, c.other, c.known = from, file, CoLoader(from, file), true
	}
	return c.other
}

// chunkRows remembers the blocking and support rows the planners of one
// chunk asked for: each hook asks several (its target's, its source's,
// by event and by capability), a large config's hooks ask the same few,
// and hashing the tables' two-string keys for every asking was ~7 % of
// a 10,000-handler plan's CPU. A few dozen rows at most are kept, found
// by comparing names that are nearly always the tables' own strings.
type chunkRows struct {
	blocking keptRows[Blocking]
	support  keptRows[Support]
	// written is whether the target writes the event the chunk's last
	// hook was on (noEvent): asked of every hook, and runs of hooks share
	// one event.
	written struct {
		event       string
		known, some bool
	}
}

// keptRows are the rows of one table a chunk asked for, by provider and
// the second half of the table's key (an event, a capability).
type keptRows[R any] []keptRow[R]

type keptRow[R any] struct {
	provider, key string
	row           R
	ok            bool
}

// rowsKept is how many rows of each kind a chunkRows keeps: past it, a
// chunk's hooks ask something new of nearly every row, and a list scanned
// would cost more than the index.
const rowsKept = 32

// of returns the row for (provider, key), asking lookUp only for one
// not asked before, and keeping it while there are fewer than rowsKept.
func (rows *keptRows[R]) of(provider, key string, lookUp func(provider, key string) (R, bool)) (R, bool) {
	for k := range *rows {
		if r := &(*rows)[k]; r.key == key && r.provider == provider {
			return r.row, r.ok
		}
	}
	row, ok := lookUp(provider, key)
	if *rows == nil {
		*rows = make(keptRows[R], 0, 4) // most chunks: no growth
	}
	if len(*rows) < rowsKept {
		*rows = append(*rows, keptRow[R]{provider: provider, key: key, row: row, ok: ok})
	}
	return row, ok
}

// blockingOf is p.caps.BlockingOf, remembered for the chunk.
func (p *planner) blockingOf(provider, event string) (Blocking, bool) {
	if p.rows == nil {
		return p.caps.BlockingOf(provider, event)
	}
	return p.rows.blocking.of(provider, event, p.caps.BlockingOf)
}

// supportOf is p.caps.SupportOf, remembered for the chunk.
func (p *planner) supportOf(provider, capability string) (Support, bool) {
	if p.rows == nil {
		return p.caps.SupportOf(provider, capability)
	}
	return p.rows.support.of(provider, capability, p.caps.SupportOf)
}

// writes reports whether the target's events table has a row for the
// canonical event, remembered for the chunk's next hook.
func (p *planner) writes(event string) bool {
	if p.rows == nil {
		return len(p.names.EncodeEvent(p.target, event)) > 0
	}
	w := &p.rows.written
	if !w.known || w.event != event {
		w.event, w.known, w.some = event, true, len(p.names.EncodeEvent(p.target, event)) > 0
	}
	return w.some
}

// continues is p.caps.Continues, from the rows remembered.
// failClosedKey is the target's handler key that makes a hook of
// handlerType on event fail closed (Blocking.FailClosedKeyFor), "" for
// none.
func (p *planner) failClosedKey(event, handlerType string) string {
	b, _ := p.blockingOf(p.target, event)
	return b.FailClosedKeyFor(handlerType)
}

func (p *planner) continues(provider, event string) bool {
	b, ok := p.blockingOf(provider, event)
	return ok && b.Behaviour == Retry
}

// neverRanIn returns the tool whose config hook h was read from where
// that tool parses the hook's handler but never runs it (a handler type
// it does not run: Codex's and Factory Droid's prompt handlers), as its
// decoder marks it by keeping the handler whole ("$neverRuns"); "" for
// any other hook.
func neverRanIn(h *canonical.Hook) string {
	var marked []string
	for slug, raw := range h.ProviderData {
		if bytes.Contains(raw, []byte(`"$neverRuns"`)) {
			marked = append(marked, slug) // most hooks: none, and nothing sorted
		}
	}
	slices.Sort(marked) // deterministic where several tools' data hold one
	for _, slug := range marked {
		var fields map[string]json.RawMessage
		if json.Unmarshal(h.ProviderData[slug], &fields) == nil && bytes.HasPrefix(bytes.TrimSpace(fields["$neverRuns"]), []byte("{")) {
			return slug
		}
	}
	return ""
}

// readOnlyOwn reports whether the hook's provider_data for the target
// records ("$event") a native name of the target's for the hook's event.
func (p *planner) readOnlyOwn() bool {
	raw := p.h.ProviderData[p.target]
	if !bytes.Contains(raw, []byte(`"$event"`)) {
		return false
	}
	var fields map[string]json.RawMessage
	var name string
	if json.Unmarshal(raw, &fields) != nil || json.Unmarshal(fields["$event"], &name) != nil {
		return false
	}
	return slices.ContainsFunc(p.names.DecodeEvent(p.target, name), func(r vocab.NativeEvent) bool { return r.Event == p.h.Event })
}

// unixDefault rewrites a hook's commands for a target whose default
// command is the Unix one, beside overrides for platforms only (Copilot
// CLI's bash and powershell, Codex's commandWindows, Windsurf's
// powershell): where Linux and macOS run the same command (their equal
// overrides, or one override equal to the default that stands for the
// other), that command becomes the default, and the former default the
// Windows command when it has none. What each system runs stays the same.
// Overrides the target cannot hold that are left (Linux and macOS running
// different commands) are removed with a warning that says what those
// systems run instead.
func (p *planner) unixDefault(kept *canonical.Hook, platforms []string) {
	hd := &kept.Handler
	linux, osx := platformCommand(hd, "linux"), platformCommand(hd, "osx")
	_, hasLinux := hd.Platform["linux"]
	_, hasOSX := hd.Platform["osx"]
	if (hasLinux || hasOSX) && linux == osx && linux != "" && !slices.Contains(platforms, "linux") && !slices.Contains(platforms, "osx") {
		delete(hd.Platform, "linux")
		delete(hd.Platform, "osx")
		if linux != hd.Command {
			moved := ""
			if _, ok := hd.Platform["windows"]; !ok && hd.Command != "" && slices.Contains(platforms, "windows") {
				hd.Platform["windows"] = hd.Command
				moved = ", and its default command as the Windows one"
			}
			hd.Command = linux
			p.info(CodeCapabilityPartial, p.field(capPlatformCommands), "",
				"%s: its Linux and macOS command is written as %s's default command%s: each system runs what it ran", p.label(), p.target, moved)
		}
	}
	var dropped []string
	for _, os := range sortedkeys.Of(hd.Platform) {
		if !slices.Contains(platforms, os) {
			dropped = append(dropped, os)
			delete(hd.Platform, os)
		}
	}
	if len(hd.Platform) == 0 {
		hd.Platform = nil
	}
	if len(dropped) > 0 {
		p.warn(CodeCapabilityReduced, p.field(capPlatformCommands),
			"give Linux and macOS the same command, or set degradation.platform_commands to \"exclude\" or \"block\"",
			"%s uses platform_commands, and %s holds no command of its own for %s; handler.platform.%s removed: %s runs the default command there%s",
			p.label(), p.target, canonical.SystemList(dropped), strings.Join(dropped, ", handler.platform."), p.target, p.guardLost(kept, platforms))
	}
}

// platformCommand is the command hd runs on os: its override, else its
// default command.
func platformCommand(hd *canonical.Handler, os string) string {
	if cmd, ok := hd.Platform[os]; ok && cmd != "" {
		return cmd
	}
	return hd.Command
}

// guardLost says, for a blocking hook, on which systems the target runs
// another command than the source did (kept as planned, whose overrides
// for platforms the target holds): the guard that ran there is lost, and
// "every OS runs handler.command" alone does not say so (QA: a guard on
// Linux and macOS beside "exit 0" became "exit 0" there). A command that
// provably exits 0 alone (p.mayFail: exit 0) never blocked, so no guard
// of it is lost: it is said as a command that no longer runs there (QA:
// "the guard it ran on Windows" of a Windows "exit 0"). "" when none.
func (p *planner) guardLost(kept *canonical.Hook, platforms []string) string {
	if !p.h.Blocking {
		return ""
	}
	var lost, quiet []string
	ran := map[string]bool{} // the never-blocking commands no longer run
	for _, o := range canonical.Systems {
		runs := kept.Handler.Command
		if slices.Contains(platforms, o.Key) {
			runs = platformCommand(&kept.Handler, o.Key)
		}
		was := platformCommand(&p.h.Handler, o.Key)
		switch {
		case was == runs:
		case p.mayFail == nil || p.mayFail(was):
			lost = append(lost, o.Key)
		default:
			quiet = append(quiet, o.Key)
			ran[was] = true
		}
	}
	var b strings.Builder
	if len(lost) > 0 {
		fmt.Fprintf(&b, "; it is a blocking hook, so the guard it ran on %s no longer runs there (%s runs %q instead)", canonical.SystemList(lost), p.target, kept.Handler.Command)
	}
	if len(quiet) > 0 {
		cmds := sortedkeys.Of(ran)
		for i, c := range cmds {
			cmds[i] = strconv.Quote(c)
		}
		fmt.Fprintf(&b, "; on %s it ran %s, which never blocks, and no longer runs there", canonical.SystemList(quiet), strings.Join(cmds, " and "))
		if len(lost) == 0 { // else said of the guard already
			fmt.Fprintf(&b, " (%s runs %q instead)", p.target, kept.Handler.Command)
		}
	}
	return b.String()
}

// meets reports whether h meets a support row's condition.
func meets(h *canonical.Hook, requires string) bool {
	switch requires {
	case "https":
		return h.Handler.Type != canonical.HandlerHTTP || strings.HasPrefix(strings.ToLower(h.Handler.URL), "https://")
	}
	return true
}

// offEvent returns the target's native event the hook goes to when a
// support row does not hold there (its only_on or not_on), else "".
func (p *planner) offEvent(s Support) string {
	if len(s.OnlyOn) == 0 && len(s.NotOn) == 0 {
		return ""
	}
	for _, native := range p.nativeEvents() {
		if !s.HoldsOn(native) {
			return native
		}
	}
	return ""
}

// nativeEvents are the target's names for the hook's event.
func (p *planner) nativeEvents() []string {
	if slug, ok := vendorSlug(p.h.Event); ok && slug == p.target {
		return []string{strings.TrimPrefix(p.h.Event, "vendor."+slug+".")}
	}
	var names []string
	for _, e := range p.names.EncodeEvent(p.target, p.h.Event) {
		names = append(names, e.Name)
	}
	return names
}

// unsupported is how a message says the target lacks capability id: it
// does not support it, or supports it only under a condition the hook
// does not meet.
func (p *planner) unsupported(id string) string {
	if p.unmet.Capability == id {
		if native := p.offEvent(p.unmet); native != "" {
			return "which " + p.target + " does not support on " + native
		}
		switch p.unmet.Requires {
		case "https":
			return "which " + p.target + " runs only at https:// URLs"
		}
	}
	if id == capAgentPrompt {
		// "agent_prompt" alone does not say why an instruction cannot be
		// carried over: the target's note does (its prompt hooks decide).
		if s, ok := p.supportOf(p.target, id); ok && s.Note != "" {
			return "which " + p.target + " does not support: " + s.Note
		}
	}
	return "which " + p.target + " does not support"
}

// answersByExitCode reports whether the hook was written for a tool that
// reads no JSON answer: decoded from it (the source), or carrying that
// tool's provider_data while converted back to it. structured_output is
// inferred from blocking alone (spec §6), but such a hook can only ever
// have blocked by exit code, so a target without JSON decisions loses
// nothing (Windsurf → Kiro, Windsurf → canonical → Windsurf). A hook that
// declares the capability, or chooses a strategy for it, is taken at its
// word.
func (p *planner) answersByExitCode() bool {
	if _, chosen := p.h.Degradation[capStructuredOutput]; chosen || slices.Contains(p.h.Capabilities, capStructuredOutput) {
		return false
	}
	if s, ok := p.supportOf(p.source, capStructuredOutput); ok {
		return s.Level == LevelNone
	}
	// A manifest (no source row): its hook decoded from the target's own tool.
	s, ok := p.supportOf(p.target, capStructuredOutput)
	return ok && s.Level == LevelNone && p.decodedFromTarget()
}

// denyReadByScript reports whether what structured_output's loss means
// for a blocking command hook on tool calls — its JSON deny is not read
// — is said by the conversion's HC425, hook by hook, from what its script
// spells: the hook was written for a tool with JSON answers whose hooks
// hookconv does not generate (so its script speaks that tool's contract),
// and the target blocks tool calls on exit 2 but reads no JSON there
// (Windsurf, Kiro). HC202 said "only exit code 2 blocks" of every such
// hook alike, exit-2 guards included (QA). A hook that declares the
// capability, or chooses a strategy for it, is taken at its word.
func (p *planner) denyReadByScript() bool {
	h := p.h
	if h.Event != "before_tool_execute" || h.Handler.Type != canonical.HandlerCommand || !h.Blocking {
		return false
	}
	if _, chosen := h.Degradation[capStructuredOutput]; chosen || slices.Contains(h.Capabilities, capStructuredOutput) {
		return false
	}
	if b, ok := p.blockingOf(p.target, h.Event); !ok || !b.ExitTwoBlocks() {
		return false // where exit 2 does not block, HC202 says what does not
	}
	from := p.writtenFor()
	if from == "" || from == p.target {
		return false
	}
	generated := p.sourceRow.Generated
	if from != p.source {
		prov, _ := p.names.Provider(from)
		generated = prov.Generated
	}
	if generated {
		return false // its hooks answer in the canonical contract, which HC425 does not compare
	}
	s, ok := p.supportOf(from, capStructuredOutput)
	return ok && s.Level != LevelNone
}

// decodedFromTarget reports whether a manifest hook was decoded from the
// target's own config: its provider_data for the target holds the marks
// only a decoder writes (keys starting with "$": "$matcher", "$event").
// Native fields alone (a hand-written "statusMessage") say nothing about
// where the hook came from.
func (p *planner) decodedFromTarget() bool { return DecodedFrom(p.h, p.target) }

// DecodedFrom reports whether a manifest hook was decoded from slug's
// config: its provider_data for slug holds a mark only a decoder writes
// (canonical.IsMark).
func DecodedFrom(h *canonical.Hook, slug string) bool {
	raw := h.ProviderData[slug]
	if !bytes.Contains(raw, []byte(`"$`)) {
		return false
	}
	var fields map[string]json.RawMessage
	if json.Unmarshal(raw, &fields) != nil {
		return false
	}
	for k := range fields {
		if canonical.IsMark(k) {
			return true
		}
	}
	return false
}

// markSet reports whether the hook's provider_data for slug holds the
// decoder mark key, true.
// FailedClosed reports whether hook h already blocked on a crash in the
// tool it was read from: on an event where any non-zero exit blocks there
// (Copilot CLI's preToolUse), or marked fail-closed by its decoder
// (Cursor's failClosed).
func (t *Tables) FailedClosed(h *canonical.Hook, from string) bool {
	if b, ok := t.BlockingOf(from, h.Event); ok && b.Behaviour != Observe && b.Exit == "nonzero" {
		return true
	}
	return markSet(h, from, "$failClosed")
}

func markSet(h *canonical.Hook, slug, key string) bool {
	raw := h.ProviderData[slug]
	if !bytes.Contains(raw, []byte(`"`+key+`"`)) {
		return false // most hooks: nothing to decode
	}
	var fields map[string]json.RawMessage
	return json.Unmarshal(raw, &fields) == nil && string(fields[key]) == "true"
}

// lack is a capability the target does not support, and what to do.
type lack struct {
	id       string
	strategy canonical.Strategy
}

// plan decides what the target gets for the hook: it fills kept (a zero
// Hook) and returns true, or returns false when the hook is excluded.
func (p *planner) plan(ids []string, kept *canonical.Hook) bool {
	h := p.h

	// A handler its own tool parses but never runs (Codex's and Factory
	// Droid's prompt handlers), going back to that tool: written back as
	// it was, which its decoder kept for that ($neverRuns). Degraded, it
	// was dropped even on a same-tool conversion (QA).
	if p.neverRan != "" && p.neverRan == p.target {
		copyHook(kept, h)
		return true
	}
	// So is a hook read from its own tool's config under a name hookconv
	// reads and never writes there (Codex's StopFailure, "read only":
	// codex-cli loads none), which its decoder recorded ("$event"): it
	// was dropped even on a same-tool conversion (QA F7).
	noEvent := !p.writes(h.Event) // asked once: this runs for every hook
	if noEvent && p.readOnlyOwn() {
		copyHook(kept, h)
		return true
	}

	// Event support.
	if slug, ok := vendorSlug(h.Event); ok {
		if slug != p.target {
			p.warn(CodeVendorEvent, "event",
				"use a canonical event (`hookconv events`), or keep this hook for "+slug+" only",
				"%s uses %s, an event only %s has; excluded from %s",
				p.label(), h.Event, slug, p.target)
			return false
		}
	} else if noEvent {
		if h.Blocking && p.neverRan == "" {
			// Said as a lost guard: "excluded" alone reads like a hook
			// that only watched, and a guard on an event only its tool
			// has (Claude's PreSkillShellCommand) guards nothing there.
			p.warn(CodeEventUnsupported, "event",
				"keep the guard in a tool that has the event, or check the same thing on an event "+p.target+" has (`hookconv events`)",
				"%s uses event %s, which %s does not have; excluded: it is a blocking hook, so its guard is lost in %s",
				p.label(), h.Event, p.target, p.target)
			return false
		}
		p.warn(CodeEventUnsupported, "event",
			"run `hookconv events` to see which events "+p.target+" has, and move the hook to one of them or drop it",
			"%s uses event %s, which %s does not have; excluded",
			p.label(), h.Event, p.target)
		return false
	}

	// Capabilities: sort them into partial support and lacking ones.
	// On the planner's stack: every hook has a list, most of one or two
	// (~7,000 allocations in a 10,000-handler plan).
	var usedBuf [16]string
	used := appendUses(usedBuf[:0], h, ids)
	var partial []Support
	var lacking []lack
	for _, id := range used {
		s, ok := p.supportOf(p.target, id)
		if !ok {
			// No row: the tables claim nothing about this provider, so
			// nothing is degraded (e.g. the canonical manifest itself).
			continue
		}
		if id == capStructuredOutput && (p.answersByExitCode() || p.denyReadByScript()) {
			continue
		}
		if s.Level != LevelNone && (!meets(h, s.Requires) || p.offEvent(s) != "") {
			p.unmet = s
			s.Level = LevelNone
		}
		switch s.Level {
		case LevelPartial:
			partial = append(partial, s)
		case LevelNone:
			lacking = append(lacking, lack{id: id, strategy: p.strategy(id)})
		}
	}

	// block wins over everything: an excluded hook lets the action through
	// unchecked, which is what the author asked to prevent.
	for _, l := range lacking {
		if l.strategy == canonical.StrategyBlock {
			if !p.blockHelps() {
				// QA F3: the stand-in's exit 2 on every stop is "never
				// stop"; spec §6's block keeps unchecked input out, and a
				// stop lets none in.
				p.warn(CodeBlockContinues, p.field(l.id),
					fmt.Sprintf("rewrite the hook without %s, or keep it on a tool that supports it", l.id),
					"%s uses %s, %s; degradation \"block\" is not honoured on %s: there a block makes the agent go on working, and a hook that always blocked would never let it stop; %s",
					p.label(), l.id, p.unsupported(l.id), h.Event, p.excluded())
				return false
			}
			stdout, exit, ok := p.standInAnswer(l.id)
			if !ok {
				return false
			}
			*kept = p.blockHook(l.id, stdout, exit)
			p.standIn = true
			p.checkBlocking(kept)
			return true
		}
	}
	// Then exclusion, including warn on a capability with no reduced form.
	// An excluded hook gets exactly one warning: the first reason in table
	// order.
	for _, l := range lacking {
		switch {
		case l.strategy == canonical.StrategyExclude:
			p.warn(CodeCapabilityExcluded, p.field(l.id),
				p.excludedHint(l.id),
				"%s uses %s, %s; %s",
				p.label(), l.id, p.unsupported(l.id), p.excluded())
			return false
		case l.id == capLLMEvaluated || l.id == capMCPToolHandler || l.id == capSessionPrompt || l.id == capAgentPrompt:
			p.warn(CodeCapabilityReduced, p.field(l.id),
				fmt.Sprintf("\"warn\" cannot be honoured for %s: rewrite the hook as a command, or set degradation.%s to %s", l.id, l.id, p.orBlock(`"exclude"`)),
				"%s uses %s, %s; %s handler has no reduced form on %s and cannot run at all; %s",
				p.label(), l.id, p.unsupported(l.id), diag.A(h.Handler.Type), p.target, p.excluded())
			return false
		}
	}

	// The hook is kept: partial notes and warn reductions, in table order.
	copyHook(kept, h)
	for _, id := range used {
		for _, s := range partial {
			if s.Capability == id {
				p.info(CodeCapabilityPartial, p.field(id),
					"check that the hook works within that limit on "+p.target,
					"%s uses %s, which %s supports only partly: %s",
					p.label(), id, p.target, noteOr(s.Note, "no details recorded"))
				if id == capPlatformCommands && len(s.Platforms) > 0 {
					p.unixDefault(kept, s.Platforms)
				}
			}
		}
		for _, l := range lacking {
			if l.id == id {
				p.reduce(kept, id)
			}
		}
	}
	p.checkBlocking(kept)
	p.checkContinueCap(kept)
	return true
}

// checkContinueCap warns (HC211) when a blocking hook on an event where a
// block makes the agent go on leaves a tool that caps how often in a row
// it does so for a tool with no cap or another one (QA F4: a Copilot CLI
// agentStop hook that blocks until the tests pass ran at most 8 times
// there, and for ever in Claude Code).
func (p *planner) checkContinueCap(kept *canonical.Hook) {
	if !kept.Blocking || !p.continues(p.target, kept.Event) {
		return
	}
	from := p.source
	if from == "" || from == "canonical" {
		from = ""
		// A manifest hook: the tool its decoder's marks name.
		for slug := range p.h.ProviderData {
			if (from == "" || slug < from) && DecodedFrom(p.h, slug) {
				from = slug
			}
		}
	}
	if from == "" || from == p.target || !p.continues(from, kept.Event) {
		return
	}
	had := p.continueCap(from, p.h)
	has := p.continueCap(p.target, kept)
	if had == 0 || has == had {
		return
	}
	there := fmt.Sprintf("%s sets no such cap: a hook that always blocks there keeps the agent from ever stopping", p.target)
	if has > 0 {
		there = fmt.Sprintf("%s stops after %d instead", p.target, has)
	}
	p.warn(CodeContinueCap, "blocking",
		"have the script let the agent stop when the payload's stop_hook_active is true (the agent was already made to go on), or count the times it blocked",
		"%s can keep the agent working on %s by blocking, which %s stops honouring after %d time(s) in a row; %s",
		p.label(), kept.Event, from, had, there)
}

// continueCap is how many times in a row tool lets hooks make the agent go
// on at h's event (Blocking.ContinueCap), or h's own setting of it (the
// row's cap_key in h's provider_data for tool: a number, or null for no
// cap); 0 for no cap.
func (p *planner) continueCap(tool string, h *canonical.Hook) int {
	b, ok := p.blockingOf(tool, h.Event)
	if !ok {
		return 0
	}
	if b.CapKey != "" {
		var fields map[string]json.RawMessage
		if raw, set := h.ProviderData[tool]; set && json.Unmarshal(raw, &fields) == nil {
			if v, set := fields[b.CapKey]; set {
				var n float64
				if json.Unmarshal(v, &n) != nil || n < 0 {
					return 0 // null: no cap
				}
				return int(n)
			}
		}
	}
	return b.ContinueCap
}

// exitStillBlocks says, from the blocking matrix, what still blocks on
// event in the target once its JSON answers are gone, and how a hook
// blocks there: HC202 said "only exit code 2 blocks" of Kiro IDE 0.x and
// OpenHook too, where nothing blocks (HC204 on the same hook, QA).
func (p *planner) exitStillBlocks(event string) (what, fix string) {
	b, ok := p.blockingOf(p.target, event)
	switch {
	case ok && b.Behaviour == Observe:
		return "no exit code blocks either: " + p.target + " only observes " + event,
			"move the check to an event " + p.target + " lets a hook block (`hookconv capabilities`)"
	case ok && b.Exit == "nonzero":
		return "only a non-zero exit code blocks", "make the hook signal a block by exiting with code 2"
	case ok && b.ExitTwoBlocks():
		return "only exit code 2 blocks", "make the hook signal a block by exiting with code 2"
	}
	// No row, or a row whose exit codes do not block either: the table
	// claims nothing an exit code does there.
	return "only its exit code is left to it", "check what " + p.target + " does with the hook's exit code"
}

// blockHelps reports whether degradation "block" can stand in for the
// hook on the target: not where a block makes the agent go on working
// (Tables.Continues), where it would never let the agent stop (HC210).
func (p *planner) blockHelps() bool { return !p.continues(p.target, p.h.Event) }

// suggestsBlock reports whether a hint may offer degradation "block":
// where it helps (blockHelps), for a hook its author made blocking, on an
// event the target does not only observe. For a hook that never blocked
// (Kiro's agent action, a SessionStart prompt) the stand-in would block
// every prompt it never stopped (QA q2 F11a); on an observed event no
// stand-in blocks, and the hook is excluded anyway (standInAnswer).
func (p *planner) suggestsBlock() bool {
	if !p.blockHelps() || !p.h.Blocking {
		return false
	}
	b, ok := p.blockingOf(p.target, p.h.Event)
	return !ok || b.Behaviour != Observe
}

// orBlock is a hint's list of the strategies left to choose after others:
// `others or "block"`, or others alone where block is not to be offered.
func (p *planner) orBlock(others string) string {
	if !p.suggestsBlock() {
		return others
	}
	return others + ` or "block"`
}

// excludedHint is HC201's hint for a hook excluded for lacking id: block
// instead, where that is to be offered (suggestsBlock).
func (p *planner) excludedHint(id string) string {
	switch {
	case !p.blockHelps():
		return fmt.Sprintf("rewrite the hook without %s, or keep it on a tool that supports it (degradation \"block\" would keep the agent from stopping on %s)", id, p.h.Event)
	case !p.suggestsBlock():
		return fmt.Sprintf("rewrite the hook without %s, or keep it on a tool that supports it", id)
	}
	return fmt.Sprintf("set degradation.%s to \"block\" to stop the action on %s instead, or rewrite the hook without it", id, p.target)
}

// strategy is the author's degradation for id, else the table default.
func (p *planner) strategy(id string) canonical.Strategy {
	switch s := p.h.Degradation[id]; s {
	case canonical.StrategyBlock, canonical.StrategyWarn, canonical.StrategyExclude:
		return s
	}
	if c, ok := p.caps.Capability(id); ok {
		return canonical.Strategy(c.Default)
	}
	return canonical.StrategyWarn
}

// reduce applies the warn strategy for id to kept and reports what was lost.
func (p *planner) reduce(kept *canonical.Hook, id string) {
	hintFor := func(what string) string {
		return fmt.Sprintf("%s, or set degradation.%s to %s", what, id, p.orBlock(`"exclude"`))
	}
	if id == capToolMatcher {
		// Kept as it is: the target's encoder says, per native event, that
		// the matcher is ignored and the hook fires for every tool.
		return
	}
	switch id {
	case capStructuredOutput:
		what, fix := p.exitStillBlocks(kept.Event)
		p.warn(CodeCapabilityReduced, p.field(id), hintFor(fix),
			"%s uses structured_output, which %s does not support; JSON decisions (allow/deny/ask, updated context) are ignored there and %s",
			p.label(), p.target, what)
	case capInputRewrite:
		p.warn(CodeCapabilityReduced, p.field(id),
			hintFor("make sure the action is safe with its original input"),
			"%s uses input_rewrite, which %s does not support; updated_input is ignored and the tool runs with its original input",
			p.label(), p.target)
	case capHTTPHandler:
		hd := &kept.Handler
		cmd := curlCommand(hd.URL, hd.Headers, hd.AllowedEnvVars)
		extra := ""
		if len(hd.AllowedEnvVars) > 0 {
			extra = "; header variables listed in handler.allowed_env_vars are expanded by the shell, others are sent literally"
		}
		*hd = canonical.Handler{
			Type:          canonical.HandlerCommand,
			Command:       cmd,
			Timeout:       hd.Timeout,
			TimeoutAction: hd.TimeoutAction,
			Async:         hd.Async,
			StatusMessage: hd.StatusMessage,
		}
		p.warn(CodeCapabilityReduced, p.field(id),
			hintFor("make sure curl is installed where "+p.target+" runs"),
			"%s uses http_handler, %s; converted to a command handler that POSTs the event JSON from stdin with curl (handler.url and handler.headers moved into the command%s; %s)",
			p.label(), p.unsupported(id), extra, p.curlFailure(kept.Event))
	case capAsyncExecution:
		kept.Handler.Async = false
		p.warn(CodeCapabilityReduced, p.field(id),
			hintFor("keep the hook fast"),
			"%s uses async_execution, which %s does not support; handler.async removed: %s waits for the hook to finish",
			p.label(), p.target, p.target)
	case capPlatformCommands:
		keys := sortedkeys.Of(kept.Handler.Platform)
		kept.Handler.Platform = nil
		p.warn(CodeCapabilityReduced, p.field(id),
			hintFor("make handler.command work on every OS"),
			"%s uses platform_commands, which %s does not support; handler.platform removed (%s): every OS runs handler.command%s",
			p.label(), p.target, strings.Join(keys, ", "), p.guardLost(kept, nil))
	case capCustomEnv:
		keys := sortedkeys.Of(kept.Handler.Env)
		kept.Handler.Env = nil
		p.warn(CodeCapabilityReduced, p.field(id),
			hintFor("set the variables inside the command"),
			"%s uses custom_env, which %s does not support; handler.env removed (%s)",
			p.label(), p.target, strings.Join(keys, ", "))
	case capConfigurableCwd:
		cwd := kept.Handler.Cwd
		kept.Handler.Cwd = ""
		p.warn(CodeCapabilityReduced, p.field(id),
			hintFor("cd inside the command"),
			"%s uses configurable_cwd, which %s does not support; handler.cwd removed (%q): the hook runs in %s's default directory",
			p.label(), p.target, cwd, p.target)
	default:
		// A capability the planner has no reduction for: say so, keep the hook.
		p.warn(CodeCapabilityReduced, p.field(id),
			hintFor("check the hook by hand"),
			"%s uses %s, which %s does not support; nothing could be removed, so the hook may not work as written",
			p.label(), id, p.target)
	}
}

// standInAnswer is how the block strategy's stand-in for a hook lacking
// capability id blocks on the target's event: stdout "" and exit 2 where
// exit 2 blocks there (or the blocking table says nothing), else the
// target's own JSON deny (p.deny) and the exit code it goes with. Where
// nothing the stand-in could say blocks — the target only observes the
// event, or blocks it only by a JSON answer hookconv has no form of — it
// warns (HC201) and ok is false: the hook is excluded, since a stand-in
// that exits 2 there would only look like a guard (QA q2 F1: exit 2 on
// Claude Code's PermissionRequest let every request through).
func (p *planner) standInAnswer(id string) (stdout string, exit int, ok bool) {
	b, known := p.blockingOf(p.target, p.h.Event)
	if !known || b.ExitTwoBlocks() || b.Exit == "contract" {
		return "", 2, true
	}
	if b.Behaviour != Observe && b.Exit == "json" && p.deny != nil {
		if stdout, exit, ok := p.deny(p.target, p.h.Event, p.standInReason(id)); ok && stdout != "" {
			return stdout, exit, true
		}
	}
	why := p.target + " only observes " + p.h.Event + ", where nothing a hook answers blocks"
	if b.Behaviour != Observe {
		why = p.target + " blocks " + p.h.Event + " only by a JSON answer hookconv has no form of (" + noteOr(b.Note, "undocumented") + "), and a stand-in that exited 2 would block nothing"
	}
	hint := fmt.Sprintf("move the check to an event %s lets a hook block (`hookconv capabilities`), or keep the hook on a tool that supports %s", p.target, id)
	if !p.h.Blocking {
		// Said of what the hook is: not "blocking" because the strategy
		// would have made its stand-in block (QA q2 F11b).
		p.warn(CodeCapabilityExcluded, p.field(id), hint,
			"%s uses %s, %s; degradation \"block\" asks for a hook that always blocks in its place (the hook itself is not blocking), but %s; excluded",
			p.label(), id, p.unsupported(id), why)
		return "", 0, false
	}
	p.warn(CodeCapabilityExcluded, p.field(id), hint,
		"%s uses %s, %s; degradation \"block\" cannot stand in for it: %s; %s",
		p.label(), id, p.unsupported(id), why, p.excluded())
	return "", 0, false
}

// standInReason is the message the stand-in for a hook lacking id gives.
func (p *planner) standInReason(id string) string {
	return blockMessage(p.h.DisplayName(p.i), id, p.target)
}

// blockHook replaces the hook by one that always blocks, because the target
// lacks capability id and the strategy is block: it prints stdout (the
// target's JSON deny, or nothing) and exits with exit (standInAnswer).
func (p *planner) blockHook(id, stdout string, exit int) canonical.Hook {
	h := p.h
	kept := canonical.Hook{
		Name:         h.Name,
		Event:        h.Event,
		Matcher:      canonical.CloneMatcher(h.Matcher),
		Handler:      canonical.Handler{Type: canonical.HandlerCommand, Command: blockCommandAnswering(h.DisplayName(p.i), id, p.target, stdout, exit), Timeout: h.Handler.Timeout},
		Blocking:     true,
		ProviderData: maps.Clone(h.ProviderData),
		Origin:       h.Origin,
		OriginFile:   h.OriginFile,
		Ordinal:      h.Ordinal,
	}
	if prov := p.targetRow; vocab.ShellNotPOSIX(prov.WindowsShell) {
		// The stand-in is an sh line, which cmd runs as one echo that
		// exits 0 (QA q2 F5), and PowerShell rejects (">&2" is no
		// redirection there) with exit 1, which blocks nothing.
		if p.caps.HoldsWindowsCommand(p.target) {
			kept.Handler.Platform = map[string]string{"windows": p.windowsStandIn(prov.WindowsCommandShell(), id, stdout != "", exit)}
		} else {
			p.unixOnly = true
		}
	}
	how := "(exit 2)"
	if stdout != "" {
		how = fmt.Sprintf("(it prints the JSON deny %s reads on %s and exits %d)", p.target, h.Event, exit)
	}
	p.warn(CodeCapabilityBlocked, p.field(id),
		fmt.Sprintf("set degradation.%s to \"warn\" or \"exclude\" if the action may run unchecked on %s", id, p.target),
		"%s uses %s, %s; replaced by a hook that always blocks the action %s",
		p.label(), id, p.unsupported(id), how)
	return kept
}

// windowsStandIn is the stand-in's command for the target's Windows
// command field, whose shell is shell: cmd or PowerShell.
func (p *planner) windowsStandIn(shell, id string, answer bool, exit int) string {
	if shell == "powershell" {
		return p.psStandIn(id, answer, exit)
	}
	return p.cmdStandIn(id, answer, exit)
}

// psStandIn is the stand-in's command for PowerShell (Copilot CLI's
// powershell key): the target's JSON deny first where it blocks only on
// one (answer), then the reason on stderr, then exit. Each text is a
// single-quoted string (psQuote), which PowerShell expands nothing in.
func (p *planner) psStandIn(id string, answer bool, exit int) string {
	msg := blockMessage(p.h.DisplayName(p.i), id, p.target)
	cmd := "[Console]::Error.WriteLine(" + psQuote(msg) + "); exit " + strconv.Itoa(exit)
	if answer && p.deny != nil {
		if stdout, _, ok := p.deny(p.target, p.h.Event, msg); ok && stdout != "" {
			cmd = "[Console]::Out.WriteLine(" + psQuote(stdout) + "); " + cmd
		}
	}
	return cmd
}

// psQuote is s as a PowerShell single-quoted string: each quote
// character doubled, the typographic ones too (‘ ’ ‚ ‛), which PowerShell
// also reads as single quotes.
func psQuote(s string) string {
	var b strings.Builder
	b.WriteByte('\'')
	for _, r := range s {
		if strings.ContainsRune("'\u2018\u2019\u201a\u201b", r) {
			b.WriteRune(r)
		}
		b.WriteRune(r)
	}
	b.WriteByte('\'')
	return b.String()
}

// cmdStandIn is the stand-in's command for cmd /C (a Windows command the
// target holds beside the sh one): the target's JSON deny first where it
// blocks only on one (answer), then the reason on stderr, then exit. The
// hook's name is written with the characters cmd reads as text alone
// (cmdText), so no name of the author's can end the echo or start a
// command.
func (p *planner) cmdStandIn(id string, answer bool, exit int) string {
	msg := blockMessage(cmdText(p.h.DisplayName(p.i)), id, p.target)
	cmd := "echo " + msg + " 1>&2& exit " + strconv.Itoa(exit)
	if answer && p.deny != nil {
		if stdout, _, ok := p.deny(p.target, p.h.Event, msg); ok && stdout != "" {
			// The JSON's quotes pair up, and what it holds outside them
			// ({ } : ,) cmd reads as text.
			cmd = "echo " + stdout + "& " + cmd
		}
	}
	return cmd
}

// cmdText is s with every character cmd might read as more than text
// (& | < > ^ % ! ( ) and quotes among them) replaced by "_".
func cmdText(s string) string {
	return strings.Map(func(r rune) rune {
		switch {
		case 'a' <= r && r <= 'z', 'A' <= r && r <= 'Z', '0' <= r && r <= '9', strings.ContainsRune(" -_.,:/+=@#", r):
			return r
		}
		return '_'
	}, s)
}

// standInsOnWindows is the once-per-conversion warning (HC215) that the
// stand-ins of hooks (indexes into m) block nothing on Windows, where
// target runs commands with cmd or PowerShell (the providers table's
// windows_shell) and holds no Windows command of theirs.
func standInsOnWindows(m *canonical.Manifest, hooks []int, target string, names *vocab.Tables) diag.List {
	first := &m.Hooks[hooks[0]]
	prov, _ := names.Provider(target)
	how := "cmd /C there, which reads the stand-in's \";\" as text and exits 0"
	if prov.WindowsShell == "powershell" {
		how = "PowerShell there, which rejects the stand-in's \">&2\" as a parse error and exits 1, which blocks nothing"
	}
	var ds diag.List
	ds.Warnf(CodeStandInWindows, first.PosOf(""), fmt.Sprintf("hooks[%d]", hooks[0]),
		"on Windows machines keep these guards in a tool that holds them, or set their degradation to \"exclude\" and write a command for "+target,
		"%d hook(s) replaced under degradation \"block\" by a hook that always blocks (the first: %s) block nothing on Windows: %s runs hook commands with %s, and has no Windows command of a hook's own to hold a form in that shell",
		len(hooks), first.DisplayName(hooks[0]), target, how)
	if first.OriginFile != "" {
		ds = ds.WithFile(first.OriginFile)
	}
	return ds
}

// curlFailure says what the curl command's failure (exit 1) does on the
// target's event: nothing, or where any non-zero exit blocks, a block.
func (p *planner) curlFailure(event string) string {
	if b, ok := p.blockingOf(p.target, event); ok && b.Behaviour != Observe && b.Exit == "nonzero" {
		return "an unreachable URL or an HTTP error exits 1, which " + p.target + " treats as a block there"
	}
	return "an unreachable URL or an HTTP error exits 1, which never blocks"
}

// checkBlocking warns when a blocking hook sits on an event the target only
// observes.
func (p *planner) checkBlocking(kept *canonical.Hook) {
	if !kept.Blocking {
		p.checkExitBlocks(kept)
		return
	}
	b, ok := p.blockingOf(p.target, kept.Event)
	if ok && b.Behaviour != Observe && b.Exit == "json" && kept.Handler.Type == canonical.HandlerCommand {
		src, ok := p.blockingOf(p.source, kept.Event)
		switch {
		case p.standIn:
			// hookconv's stand-in prints the target's own JSON deny.
		case ok && src.Exit == "json":
			// The source blocks here only on a JSON answer: the hook gives one.
		case !ok && p.decodedFromTarget():
			// A manifest hook decoded from the target itself (its
			// provider_data): it answered the target as the target reads.
		default:
			p.exitIgnored(b)
		}
		return
	}
	if ok && b.ExitTwoBlocks() && kept.Handler.Type == canonical.HandlerCommand {
		p.checkExitNowBlocks(kept, b)
	}
	if ok && b.Behaviour != Observe && b.Exit != "nonzero" && kept.Handler.Type == canonical.HandlerCommand {
		p.checkFailOpen(kept)
	}
	if !ok || b.Behaviour != Observe {
		return
	}
	timing := ""
	if e, ok := p.names.Event(kept.Event); ok {
		timing = e.Timing
	}
	var msg string
	switch timing {
	case vocab.TimingBefore:
		msg = fmt.Sprintf("cannot block: %s is a blocking %s hook, but %s only observes %s, so it can no longer prevent anything; exit 2 and deny decisions are ignored",
			p.label(), kept.Event, p.target, kept.Event)
	case vocab.TimingAfter:
		msg = fmt.Sprintf("cannot block: %s is blocking, but %s only observes %s: the action has already happened when it runs",
			p.label(), p.target, kept.Event)
	default:
		msg = fmt.Sprintf("cannot block: %s is blocking, but %s only observes %s: exit 2 and deny decisions change nothing there",
			p.label(), p.target, kept.Event)
	}
	if b.Note != "" {
		msg += " (" + b.Note + ")"
	}
	p.diags.Add(diag.Diagnostic{
		Severity: diag.Warning,
		Code:     CodeBlockingObserved,
		Message:  msg,
		Hint:     "set blocking to false, or move the check to an event " + p.target + " lets a hook block (`hookconv capabilities`)",
		File:     p.h.OriginFile,
		Pos:      p.h.PosOf("blocking"),
		Path:     p.path("blocking"),
	})
}

// checkFailOpen warns (HC209) when the tool a blocking command hook was
// written for stops the action on any non-zero exit there, and the target
// (which can block the event) does so only on exit 2.
func (p *planner) checkFailOpen(kept *canonical.Hook) {
	from := p.writtenFor()
	if from == "" || from == p.target || p.h.Handler.Type != canonical.HandlerCommand {
		// An http hook turned into curl was no command in its tool: its
		// exit code never blocked there (Copilot's http preToolUse hooks
		// fail open).
		return
	}
	if p.continues(p.target, kept.Event) {
		// There a block keeps the agent working (Claude Code's Stop): a
		// failure that lets it stop instead is the safe outcome, no guard
		// lost (QA: the warning kept such hooks in the source).
		return
	}
	if kept.Handler.TimeoutAction == canonical.TimeoutBlock && !kept.Handler.Async && p.failClosedKey(kept.Event, kept.Handler.Type) != "" {
		// The target makes this one hook fail closed too (Claude Code's
		// onFailure, Cursor's failClosed), which its encoder writes for
		// a timeout that must block.
		return
	}
	var how string // built only when warning: this runs for every guard of a large config
	if src, ok := p.blockingOf(from, kept.Event); ok && src.Exit == "nonzero" {
		how = "when a hook on " + kept.Event + " exits with any non-zero code (exit 1, a crash, a missing interpreter)"
	} else if other := p.co.of(from, p.h.OriginFile); other != "" && p.failsClosed(other, kept.Event) {
		// Another tool loads the file as its own too (Copilot CLI, every
		// .github/hooks file VS Code reads: reference part 2 §1.2), and
		// stops the action on any failing exit: a guard written for it
		// too blocks there by exit 1 (QA: auto-detected as VS Code's,
		// such a file's guards were converted, and removed by
		// --remove-source, without this warning).
		how = "when a hook on " + kept.Event + " exits with any non-zero code (it loads " + from + "'s file " + p.h.OriginFile + " as its own)"
		from = other
	} else if markSet(p.h, from, "$failClosed") {
		// The hook alone was fail-closed there (Cursor's failClosed),
		// which its decoder marks.
		how = "when this hook fails (it is fail-closed there: a crash, invalid output or a timeout blocks)"
	} else {
		return
	}
	p.warn(CodeFailOpen, "blocking", "make the script deny with exit 2 (the reason on stderr), and make sure it exits 2 when it cannot decide",
		"%s is blocking; %s stops the action %s, %s does not on exit 1 or a crash (exit 2 blocks there): a script that denies with exit 1, or fails, lets the action through",
		p.label(), from, how, p.target)
}

// failsClosed reports whether slug stops the action on any non-zero exit
// of a hook on event.
func (p *planner) failsClosed(slug, event string) bool {
	b, ok := p.blockingOf(slug, event)
	return ok && b.Exit == "nonzero"
}

// CoLoader is another tool that loads file, a config of from's, as one of
// its own: it lists from among the tools whose configs it also loads (the
// providers table's also_reads) and file lies at one of its own paths
// (Copilot CLI and VS Code's .github/hooks files). "" for none, or for a
// file whose place is unknown.
func CoLoader(from, file string) string {
	if file == "" {
		return ""
	}
	file = filepath.ToSlash(file)
	names := vocab.Default()
	for i := range names.Providers {
		prov := &names.Providers[i]
		if prov.Slug == from || !slices.Contains(prov.AlsoReads, from) {
			continue
		}
		for _, pattern := range prov.Paths {
			// The file's last as many segments as the pattern has: read
			// in place, since the planner asks this of every guard of a
			// large config.
			tail, ok := lastSegments(file, strings.Count(pattern, "/")+1)
			if !ok {
				continue
			}
			if match, _ := path.Match(pattern, tail); match {
				return prov.Slug
			}
		}
	}
	return ""
}

// lastSegments is the end of a slash-separated path holding its last n
// segments; false when it has fewer.
func lastSegments(file string, n int) (string, bool) {
	at := len(file)
	for ; n > 0; n-- {
		i := strings.LastIndexByte(file[:at], '/')
		if i < 0 {
			return file, n == 1
		}
		at = i
	}
	return file[at+1:], true
}

// checkExitNowBlocks warns (HC207) when the tool a blocking command hook
// was written for blocks the event only on a JSON answer, its exit code
// meaning nothing there (Copilot CLI's agentStop, Cursor's stop: exit 2 is
// a warning at most), and the target blocks on the exit code: a script
// that exits 2 to report a problem now stops the action, or keeps the
// agent going.
func (p *planner) checkExitNowBlocks(kept *canonical.Hook, target Blocking) {
	from := p.writtenFor()
	if from == "" || from == p.target {
		return
	}
	src, ok := p.blockingOf(from, kept.Event)
	if !ok || src.Behaviour == Observe || src.Exit != "json" {
		return
	}
	does, exits := "stops the action", "exits 2"
	if target.Behaviour == Retry {
		does = "makes the agent go on"
	}
	if target.Exit == "nonzero" {
		exits = "exits with any non-zero code"
	}
	p.warn(CodeExitBlocks, "blocking", "make sure the script exits 0 unless it means to block, and blocks by the JSON answer or by exit 2 on purpose",
		"%s was written for %s, where its exit code does not block on %s (%s); %s %s when a hook %s: a script that exits so to report a problem now does",
		p.label(), from, kept.Event, src.Note, p.target, does, exits)
}

// writtenFor is the tool the hook was written for: the source, or for a
// manifest hook the tool its decoder's marks name (the least slug), or "".
func (p *planner) writtenFor() string {
	if p.source != "" && p.source != "canonical" {
		return p.source
	}
	return MarkedSource(p.h)
}

// MarkedSource is the tool a manifest hook was decoded from, by its
// decoder's marks in provider_data (the least such slug: a manifest merged
// from several tools keeps each one's), or "" for a hook written for the
// canonical contract.
func MarkedSource(h *canonical.Hook) string {
	from := ""
	for slug := range h.ProviderData {
		if (from == "" || slug < from) && DecodedFrom(h, slug) {
			from = slug
		}
	}
	return from
}

// exitIgnored warns that a blocking command hook lands where the target
// reads only a JSON answer: the spec lets a hook block by exit 2 or by a
// deny decision, and a script that exits 2 would now let the action go.
func (p *planner) exitIgnored(b Blocking) {
	p.diags.Add(diag.Diagnostic{
		Severity: diag.Warning,
		Code:     CodeExitIgnored,
		Message: fmt.Sprintf("%s is blocking, but %s does not block on exit 2 at %s (%s): if the script blocks by exiting 2, it no longer blocks",
			p.label(), p.target, p.h.Event, b.Note),
		Hint: "make the script print the JSON decision " + p.target + " reads (`hookconv events --provider " + p.target + "`) instead of exiting 2",
		File: p.h.OriginFile,
		Pos:  p.h.PosOf("blocking"),
		Path: p.path("blocking"),
	})
}

// checkExitBlocks warns when a hook that is not blocking lands where the
// target stops the action on the hook's exit code alone: the spec reads a
// non-blocking hook's exit 2 as an error, but the target will block. A
// prompt or agent hook is a question to a model whose "no" is a block
// wherever the event blocks at all, so it is warned about there too.
func (p *planner) checkExitBlocks(kept *canonical.Hook) {
	b, ok := p.blockingOf(p.target, kept.Event)
	if !ok || b.Behaviour == Observe || kept.Handler.Async || p.inBackground(kept) {
		return // an async hook runs beside the action: its exit stops nothing
	}
	var what, hint string
	switch kept.Handler.Type {
	case canonical.HandlerCommand:
		if p.mayFail != nil && len(kept.Handler.Platform) == 0 && !p.mayFail(kept.Handler.Command) {
			return // it always exits 0 (a notifier): no exit of it blocks
		}
		switch b.Exit {
		case "json", "contract":
			return // only an answer in the tool's own terms blocks
		case "nonzero":
			what, hint = "exits with any non-zero code (a crash or a missing script too)", "make sure the script exits 0 unless the action must stop, or set blocking to true if stopping it is meant"
		default:
			what, hint = "exits 2", "make sure the script never exits 2 (exit 1 reports an error without blocking), or set blocking to true if stopping the action is meant"
		}
	case canonical.HandlerPrompt, canonical.HandlerAgent:
		if uses(kept, capSessionPrompt) || uses(kept, capAgentPrompt) {
			return // a prompt handed to the agent asks no model for a decision
		}
		what, hint = "gets a no from its model", "set blocking to true if stopping is meant; otherwise word the prompt so that the model always approves, or leave the hook out of "+p.target
	default:
		return
	}
	does := "stops the action"
	if b.Behaviour == Retry {
		does = "makes the agent go on"
	}
	p.warn(CodeExitBlocks, "blocking", hint,
		"%s is not blocking, but %s %s when a hook on %s %s: there it can block what it was only meant to watch",
		p.label(), p.target, does, kept.Event, what)
}

// inBackground reports whether kept carries a key of the target's own
// that runs it in the background (the providers table's background_keys:
// Claude Code's asyncRewake, which implies async and is written as it
// is): its exit 2 wakes the model and stops no action, so it is no hook
// that now blocks (QA q2 F11c: a false HC207 on a Claude Code round trip
// through a manifest).
func (p *planner) inBackground(kept *canonical.Hook) bool {
	prov, ok := p.targetRow, p.targetKnown
	raw := kept.ProviderData[p.target]
	if !ok || len(prov.BackgroundKeys) == 0 || len(raw) == 0 {
		return false
	}
	var own map[string]any
	if json.Unmarshal(raw, &own) != nil {
		return false
	}
	for _, key := range prov.BackgroundKeys {
		if on, _ := own[key].(bool); on {
			return true
		}
	}
	return false
}

// field is the hook field that carries capability id, for positions.
func (p *planner) field(id string) string {
	h := p.h
	switch id {
	case capStructuredOutput:
		if h.Blocking {
			return "blocking"
		}
		return "capabilities"
	case capInputRewrite:
		if slices.Contains(h.Capabilities, id) {
			return "capabilities"
		}
		return "degradation." + id
	case capSessionPrompt, capAgentPrompt:
		return "capabilities"
	case capLLMEvaluated, capHTTPHandler, capMCPToolHandler:
		return "handler.type"
	case capAsyncExecution:
		return "handler.async"
	case capPlatformCommands:
		return "handler.platform"
	case capCustomEnv:
		return "handler.env"
	case capConfigurableCwd:
		return "handler.cwd"
	case capToolMatcher:
		return "matcher"
	}
	return ""
}

// path is the canonical path of the hook's field ("" for the hook),
// built in one allocation: the planner says it in every diagnostic.
func (p *planner) path(field string) string {
	var buf [64]byte
	b := append(buf[:0], "hooks["...)
	b = strconv.AppendInt(b, int64(p.i), 10)
	b = append(b, ']')
	if field != "" {
		b = append(append(b, '.'), field...)
	}
	return string(b)
}

// excluded says a hook is left out of the target, and for a blocking
// one that its guard is lost there: "excluded" alone reads like a hook
// that only watched (QA: a prompt or agent guard dropped for a tool
// without such handlers said no more).
func (p *planner) excluded() string {
	if p.neverRan != "" {
		// Nothing is lost that ran: its own tool never ran it (QA: "its
		// guard is lost" of a prompt hook Codex never runs).
		return "excluded: it never ran in " + p.neverRan + " either, which does not run " + p.h.Handler.Type + " handlers"
	}
	if p.h.Blocking {
		return "excluded: it is a blocking hook, so its guard is lost in " + p.target
	}
	return "excluded"
}

// label names the hook in a message: `hook "lint"`, or "hook 3".
func (p *planner) label() string {
	if p.h.Name != "" {
		return fmt.Sprintf("hook %q", p.h.Name)
	}
	return p.h.DisplayName(p.i)
}

func (p *planner) add(sev diag.Severity, code, field, hint, format string, args ...any) {
	p.diags.Add(diag.Diagnostic{
		Severity: sev,
		Code:     code,
		Message:  fmt.Sprintf(format, args...),
		Hint:     hint,
		File:     p.h.OriginFile,
		Pos:      p.h.PosOf(field),
		Path:     p.path(field),
	})
}

func (p *planner) warn(code, field, hint, format string, args ...any) {
	p.add(diag.Warning, code, field, hint, format, args...)
}

func (p *planner) info(code, field, hint, format string, args ...any) {
	p.add(diag.Info, code, field, hint, format, args...)
}

func noteOr(note, fallback string) string {
	if note == "" {
		return fallback
	}
	return note
}

// vendorSlug returns <slug> of an event vendor.<slug>.<name>.
func vendorSlug(event string) (string, bool) {
	rest, ok := strings.CutPrefix(event, vendorPrefix)
	if !ok {
		return "", false
	}
	slug, _, _ := strings.Cut(rest, ".")
	return slug, true
}

// shellQuote quotes s for a POSIX shell: it wraps s in single quotes and
// writes each single quote inside as: close quote, backslash-quote, reopen.
//
// A "$" that starts a variable reference ($NAME, ${NAME}) is closed off
// from the name by ending the quote after it and opening another:
//
//	'Bearer $''TOKEN'
//
// The shell reads the same word, but a tool that expands variables in its
// settings strings at load, before any shell runs (Gemini CLI), no longer
// sees a reference, so a header meant to be sent literally cannot carry a
// secret from the tool's environment.
func shellQuote(s string) string {
	var b strings.Builder
	b.Grow(len(s) + 2)
	writeShellQuoted(&b, s)
	return b.String()
}

// writeShellQuoted writes s to b as shellQuote spells it.
func writeShellQuoted(b *strings.Builder, s string) {
	b.WriteByte('\'')
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == '\'':
			b.WriteString(`'\''`)
		case c == '$' && i+1 < len(s) && startsReference(s[i+1]):
			b.WriteString(`$''`)
		default:
			b.WriteByte(c)
		}
	}
	b.WriteByte('\'')
}

// startsReference reports whether c, after a "$", makes a variable
// reference: a name's first character or "{".
func startsReference(c byte) bool {
	return c == '{' || c == '_' || 'A' <= c && c <= 'Z' || 'a' <= c && c <= 'z'
}

// blockCommand is the command of a hook that replaces hook name on target
// because target lacks capability: it says why on stderr and exits 2.
func blockCommand(name, capability, target string) string {
	return blockCommandAnswering(name, capability, target, "", 2)
}

// blockMessage is what the stand-in for hook name says of itself.
func blockMessage(name, capability, target string) string {
	// Not %q: the message shows the name as written, quotes and all.
	return "hookconv: hook \"" + name + "\" needs " + capability + ", which " + target + " does not support; blocked"
}

// blockCommandAnswering is blockCommand for a target that blocks only on
// an answer on stdout: it prints stdout first (printf, not echo: dash's
// echo reads the backslashes of JSON escapes), then says why on stderr
// and exits with exit.
func blockCommandAnswering(name, capability, target, stdout string, exit int) string {
	cmd := "echo " + shellQuote(blockMessage(name, capability, target)) + " >&2; exit " + strconv.Itoa(exit)
	if stdout != "" {
		cmd = "printf '%s\\n' " + shellQuote(stdout) + "; " + cmd
	}
	return cmd
}

// BlockStub reports whether command is one blockCommand wrote: hookconv's
// stand-in, on a tool that lacked a capability, for a hook that blocks
// every call there. It returns the hook's name and the tool it was
// written for. A migration that carries such a stand-in back to a tool
// holding the hook itself would add a hook blocking every call there.
func BlockStub(command string) (name, target string, ok bool) {
	const head, tail = `echo 'hookconv: hook "`, ` does not support; blocked' >&2; exit `
	if answer, ok := strings.CutPrefix(command, `printf '%s\n' '`); ok {
		// The stand-in that prints the target's JSON deny first
		// (blockCommandAnswering): its JSON holds the message again.
		_, command, ok = strings.Cut(answer, "'; "+head)
		if !ok {
			return "", "", false
		}
		command = head + command
	}
	rest, ok := strings.CutPrefix(command, head)
	if !ok {
		return "", "", false
	}
	end := strings.LastIndex(rest, tail)
	if end < 0 || !allDigits(rest[end+len(tail):]) {
		return "", "", false
	}
	rest = rest[:end]
	at := strings.LastIndex(rest, ", which ")
	needs := strings.LastIndex(rest, `" needs `)
	if at < 0 || needs < 0 || needs > at {
		return "", "", false
	}
	return rest[:needs], rest[at+len(", which "):], true
}

// allDigits reports whether s is a non-empty run of ASCII digits.
func allDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s != ""
}

// HTTPAsCurl is the command an http handler becomes on a tool without
// http hooks (curlCommand: its URL, headers and allowed variables). A
// migration compares a target's hooks with it, so that the command
// written for an http hook last time is that hook, and nothing else is:
// a hand-written curl to the same URL that drops the headers or the
// answer (-o /dev/null) does not guard the same way.
func HTTPAsCurl(hd *canonical.Handler) string {
	return curlCommand(hd.URL, hd.Headers, hd.AllowedEnvVars)
}

// curlCommand is a command that POSTs the event JSON on stdin to url with
// the given headers (sorted by name), as an http handler would.
func curlCommand(url string, headers map[string]string, allowed []string) string {
	var b strings.Builder
	// Written into one buffer made at about its size: a large config
	// converts thousands of http hooks to such commands.
	b.Grow(len(url) + 96)
	// --fail turns HTTP errors into a failing exit; "|| exit 1" then makes
	// every curl failure (a refused connection exits 7) a plain hook error.
	// As with a real http hook, an unreachable endpoint must not block:
	// some tools (Gemini CLI) deny on any exit code other than 0 and 1.
	b.WriteString("curl -sS --fail -X POST")
	hasType := false
	for name := range headers {
		if strings.EqualFold(name, "Content-Type") {
			hasType = true
		}
	}
	if !hasType {
		b.WriteString(" -H ")
		writeShellQuoted(&b, "Content-Type: application/json")
	}
	for _, name := range sortedkeys.Of(headers) {
		b.WriteString(" -H ")
		b.WriteString(headerWord(name+": "+headers[name], allowed))
	}
	b.WriteString(" --data-binary @- ")
	writeShellQuoted(&b, url)
	b.WriteString(" || exit 1")
	return b.String()
}

// envRef matches $VAR and ${VAR} in a header value.
var envRef = lazy.Regexp(`\$(\{([A-Za-z_][A-Za-z0-9_]*)\}|([A-Za-z_][A-Za-z0-9_]*))`)

// headerWord quotes a header for the shell so that, as in an http hook,
// only the variables named in allowed_env_vars are expanded: those become
// "$VAR", everything else is single-quoted.
func headerWord(h string, allowed []string) string {
	var b strings.Builder
	last := 0
	for _, m := range envRef().FindAllStringSubmatchIndex(h, -1) {
		var name string
		if m[4] >= 0 {
			name = h[m[4]:m[5]] // ${NAME}
		} else {
			name = h[m[6]:m[7]] // $NAME
		}
		if !slices.Contains(allowed, name) {
			continue
		}
		if m[0] > last {
			b.WriteString(shellQuote(h[last:m[0]]))
		}
		// "$NAME", its own quoted word, which sh, bash and zsh read as
		// ${NAME}, and fish too (kept from when Codex was thought to run
		// hooks with fish, which rejects ${NAME}).
		b.WriteString(`"$` + name + `"`)
		last = m[1]
	}
	if last < len(h) || last == 0 {
		b.WriteString(shellQuote(h[last:]))
	}
	return b.String()
}

// copyHook makes c a copy of h that the later stages may change without
// changing h, which the next target is planned from. Only what they write
// into is copied: the matcher, and the platform commands (the Unix
// default here, the project folder's variable in the root package). The
// other maps and slices are shared, a large config's thousands of them
// not copied: provider_data is replaced, never written into
// (providers.SetData, SetAllData), and nothing changes the rest.
// TestSourceUnchangedByConversions checks it.
func copyHook(c, h *canonical.Hook) {
	*c = *h
	c.Matcher = canonical.CloneMatcher(h.Matcher)
	c.Handler.Platform = maps.Clone(h.Handler.Platform)
}
