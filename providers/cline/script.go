package cline

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/hookconv/hookconv/canonical"
	"github.com/hookconv/hookconv/capabilities"
	"github.com/hookconv/hookconv/diag"
	"github.com/hookconv/hookconv/hookrun"
	"github.com/hookconv/hookconv/internal/node"
	"github.com/hookconv/hookconv/internal/sortedkeys"
	"github.com/hookconv/hookconv/providers"
)

// The generated script, and its limits.
//
// It is POSIX sh and needs only what every Unix has: awk, grep -E, tr,
// dd, cat, rm, sleep, kill, uname (and mktemp, with a fallback). It does
// not need jq: the few values it reads from JSON (the tool name, and a
// hook's "decision", "reason", "context", "continue") are found with an
// awk scan over the JSON with its newlines folded. That scan takes the
// first occurrence of the key, so a hook whose output nests another
// "decision" key before the top-level one is misread; the tool name is
// looked for inside "preToolUse"/"postToolUse" first, which is where both
// of Cline's runtimes put it.
//
// Per hook, in manifest order:
//   - matcher: tested against the tool name (bare names through the
//     vocabulary, both runtimes' spellings; patterns as POSIX ERE; MCP
//     through use_mcp_tool's server_name/tool_name). A tool name that
//     cannot be read runs the hook: a check too many is safer than a
//     check skipped.
//   - stdin: the event JSON, saved once in a temporary directory that an
//     EXIT trap removes, so every hook reads it unchanged.
//   - command: run with bash where installed (most tools run hook
//     commands with bash, and they are written for it), else sh; env and
//     cwd are applied in the hook's own subshell; platform.linux and
//     platform.osx are chosen by uname.
//   - timeout: a watchdog subshell sleeps the timeout (whole seconds,
//     rounded up: POSIX sleep takes no fractions), then stops the hook
//     with TERM, and KILL a second later. Only the hook's own process is
//     stopped; programs it started in the background may outlive it.
//     Cline stops the whole script after 30 s whatever the hooks say.
//   - result (spec §5), for a blocking hook on an event Cline can cancel
//     (PreToolUse, UserPromptSubmit): exit 2 blocks with its stderr as
//     the message; exit 0 with "decision": "deny" (or "ask": Cline cannot
//     ask from a hook, so, as with no user to answer, it denies),
//     "continue": false, or Cline's own "cancel": true blocks with the
//     reason (Claude Code's "permissionDecision" and "additionalContext"
//     are understood too, as converted hooks print them). A timeout
//     blocks when timeout_action is "block". The first block ends the
//     script with {"cancel": true, "errorMessage": …}; later hooks do
//     not run. Everything else, and every result of a non-blocking hook,
//     is a warning on stderr: non-blocking failures never cancel. A
//     hook's "context" is collected, and passed on as
//     "contextModification" when no hook blocked. Exit 0 with text that
//     is not a JSON object is a hook error (spec §5), except for a hook
//     written for a tool that adds such text to the agent's context on
//     its event (the contracts' plain_context: Claude Code's SessionStart
//     and UserPromptSubmit), where Cline takes context too: that text is
//     collected as context, as its author meant (ForwardsPlainText).
//     Where hookconv run --from reads a hook otherwise than the canonical
//     contract, the script does too (sourcerun.go): a guard written for
//     a tool that blocks on any exit but 0, 1 and 2 with plain text
//     (Gemini CLI) blocks so, its text the message; "continue": false
//     cancels on any event from a blocking hook, and from one that is
//     not blocking where its tool stopped the agent on it (Claude
//     Code's PostToolUse), as run answers Cline's stop with a cancel.
//   - async: started in the background with its own copy of stdin; its
//     result is ignored and its timeout is not enforced.
//
// The hooks read Cline's payload as it is: a command written for another
// tool's stdin (Claude Code's tool_name, tool_input) finds other keys.
// Only the POSIX script is written: Cline on Windows runs <Event>.ps1.
//
// Messages are JSON-escaped in sh (awk): backslash, quote and every
// control character, lines joined with \n; a hook's stderr, and plain
// text passed on as context, are cut at 8 KiB each (Cline cuts the whole
// contextModification at 50 000 characters, reference part 2 §6.5). Values taken from a hook's JSON output ("reason", "context") are
// passed on still JSON-escaped, as they were written.

// Lines that structure a generated script.
const (
	shaPrefix   = "# hookconv-sha256 "
	orderPrefix = "# hookconv-order"
	beginMarker = "# hookconv-manifest-begin"
	endMarker   = "# hookconv-manifest-end"
)

// clineTimeout is Cline's fixed limit for a whole hook script, in seconds.
const clineTimeout = 30

// maxSeconds caps the watchdog's sleep (a day).
const maxSeconds = 86400

// sdkKeys are the keys under which the SDK/CLI runtime also describes the
// tool call, for payloads that lack the extension's camelCase object.
var sdkKeys = map[string]string{"PreToolUse": "tool_call", "PostToolUse": "tool_result"}

// scriptHook is one hook of a script and its 1-based place in the manifest
// Encode was given.
type scriptHook struct {
	h   *canonical.Hook
	pos int
}

// scriptWriter renders the script of one event.
type scriptWriter struct {
	a     *Adapter
	ds    *diag.List
	ev    string // native event name
	event string // canonical event
	hooks []scriptHook
	plans []plan // one a hook
	b     bytes.Buffer
}

// render returns the script of one event's hooks (none: a script that
// runs nothing, for an event whose hooks were all removed).
func (a *Adapter) render(ds *diag.List, ev, event string, hooks []scriptHook) []byte {
	w := &scriptWriter{a: a, ds: ds, ev: ev, event: event, hooks: hooks}
	m := &canonical.Manifest{Spec: canonical.SpecVersion, Hooks: make([]canonical.Hook, len(hooks))}
	for i, sh := range hooks {
		m.Hooks[i] = *sh.h
	}
	manifest := canonical.Marshal(m)
	// Sized once: the manifest, commented (two bytes a line), is most of a
	// script, and each hook's shell code takes ~250 bytes more.
	w.b.Grow(len(manifest) + len(manifest)/8 + 4096 + 384*len(hooks))
	// Planned first: the header says what some plans do.
	w.plans = make([]plan, len(hooks))
	for i, sh := range hooks {
		w.plans[i] = w.plan(sh)
	}
	w.header(manifest)
	w.body()
	return seal(w.b.Bytes())
}

// seal fills in the hash line of a rendered script (written with a
// placeholder), hashing the same parts decode hashes.
func seal(src []byte) []byte {
	s := parseScript(src)
	line := shaPrefix + "manifest=" + s.manifestSum + " body=" + s.bodySum
	placeholder := []byte(shaPrefix + "placeholder")
	i := bytes.Index(src, placeholder)
	if i < 0 {
		return src
	}
	// One copy of the script (a large config's are megabytes), not three.
	out := make([]byte, 0, len(src)-len(placeholder)+len(line))
	out = append(append(append(out, src[:i]...), line...), src[i+len(placeholder):]...)
	return out
}

func (w *scriptWriter) line(format string, args ...any) {
	fmt.Fprintf(&w.b, format, args...)
	w.b.WriteByte('\n')
}

func (w *scriptWriter) text(s string) { w.b.WriteString(s) }

func (w *scriptWriter) header(manifest []byte) {
	w.line("#!/bin/sh")
	w.line("# Cline %s hook script, generated by hookconv from %s.", w.ev, plural(len(w.hooks), "hooks/1.0 hook"))
	w.text(`#
# Do not edit: hookconv reads the hooks back from the manifest below, and
# reports an edit (the sha256 line stops matching). Change the hooks where
# they came from and convert again.
#
# Cline runs this file (it must be executable) in the workspace root with
# the event JSON on stdin, and reads only stdout: {"cancel": true,
# "errorMessage": "..."} stops the action, "contextModification" adds
# context; exit codes mean nothing to it, and it stops the script after
# 30 seconds. This script runs each hook below in order with that same
# stdin and turns its hooks/1.0 result into that answer.
`)
	if !w.canCancel() {
		w.line("#")
		w.line("# Cline cannot cancel on %s: here a block is only reported on stderr.", w.ev)
		if slices.ContainsFunc(w.plans, func(p plan) bool { return p.stops }) {
			w.line("# A stop (\"continue\": false) still cancels: Cline then stops the task.")
		}
	}
	w.line("#")
	w.line("%splaceholder", shaPrefix)
	// Written piece by piece: an event's script may hold thousands of
	// hooks, and building the line by concatenation costs their square.
	w.text(orderPrefix)
	for _, sh := range w.hooks {
		w.b.WriteByte(' ')
		w.text(strconv.Itoa(sh.pos))
	}
	w.b.WriteByte('\n')
	w.line("%s", beginMarker)
	for l := range strings.SplitSeq(strings.TrimSuffix(string(manifest), "\n"), "\n") {
		w.text("# ")
		w.text(l)
		w.b.WriteByte('\n')
	}
	w.line("%s", endMarker)
}

// canCancel reports whether a cancel on this event stops something
// (capabilities: a blocking row that is not observe).
func (w *scriptWriter) canCancel() bool {
	b, ok := w.a.Caps.BlockingOf(Slug, w.event)
	return ok && b.Behaviour != capabilities.Observe
}

// toolEvent reports whether the event is about a tool, so matchers apply.
func (w *scriptWriter) toolEvent() bool {
	e, ok := w.a.Names.Event(w.event)
	return ok && e.Subject == "tool"
}

// plan is what the script does with one hook.
type plan struct {
	sh      scriptHook
	label   string // "hook 2 (lint)", JSON-escaped
	run     bool
	cond    string   // sh condition; "" runs always
	seconds int      // watchdog; 0 for none
	text    bool     // plain stdout is context (ForwardsPlainText)
	source  string   // the tool the hook was written for, where the plan needs it
	crash   bool     // a plain-text exit but 0, 1 and 2 blocks (BlocksOnSourceExit)
	stops   bool     // continue: false cancels where a deny would not (StopsWherever)
	feeds   []string // the decisions whose reason is feedback, passed on as context (CarriesFeedback)
}

func (w *scriptWriter) body() {
	if len(w.hooks) == 0 {
		w.text(`
# No hooks: this event's hooks were removed from the source. hookconv
# writes files and does not delete them; this file may be deleted.
exit 0
`)
		return
	}
	plans := w.plans
	needTool, needRun, needAsync, needKind := false, false, false, false
	for _, p := range plans {
		sh := p.sh
		if !p.run {
			continue
		}
		needTool = needTool || p.cond != ""
		needKind = needKind || p.crash
		if sh.h.Handler.Async {
			needAsync = true
		} else {
			needRun = true
		}
	}
	w.text(prologue)
	if needTool {
		w.line("")
		w.line("# The tool the event is about, from the payload: %s.toolName (both", lowerFirst(w.ev))
		w.line("# runtimes), else %s.name (the SDK/CLI). Empty when it cannot be", sdkKeys[w.ev])
		w.line("# read: then every hook runs, as a check too many is safer than a")
		w.line("# check skipped.")
		w.line("hc_ev=%s", lowerFirst(w.ev))
		w.line("hc_tool=$(hc_json toolName \"$hc_dir/in\" \"$hc_ev\")")
		if k := sdkKeys[w.ev]; k != "" {
			w.line("[ -n \"$hc_tool\" ] || hc_tool=$(hc_json name \"$hc_dir/in\" %s)", k)
		}
		w.text(toolHelpers)
	}
	if needRun {
		w.text(runHelpers)
	}
	if needKind {
		// Only hc_done's CRASH branch reads it: most scripts go without
		// the parser.
		w.text(kindHelper)
	}
	if needAsync {
		w.text(asyncHelper)
	}
	for _, p := range plans {
		w.hook(p)
	}
	w.text(epilogue)
}

// plan decides how one hook is run and reports what cannot be kept.
func (w *scriptWriter) plan(sh scriptHook) plan {
	h := sh.h
	i := sh.pos - 1
	// The script names a hook by its place in the manifest it was written
	// from (its order line), never by where that manifest came from, so
	// the same manifest always gives the same script.
	label := "hook " + strconv.Itoa(sh.pos)
	if h.Name != "" {
		label += " (" + h.Name + ")"
	}
	var decoded []string
	if !h.Blocking || w.canCancel() || TakesContext(h.Event) {
		decoded = decodedFrom(h) // what else the plan reads needs no source
	}
	from := ""
	if len(decoded) > 0 {
		from = decoded[0] // capabilities.MarkedSource
	}
	p := plan{sh: sh, label: jsonInner(label), run: true, text: forwardsPlainText(h, decoded), source: from, crash: blocksOnSourceExit(h, from)}
	p.stops = Stops(h, from) && !(h.Blocking && w.canCancel())
	p.feeds = feedbackDecisions(h, from)
	hd := &h.Handler
	if hd.Type != canonical.HandlerCommand {
		w.ds.Warnf(CodeNotRun, h.PosOf("handler.type"), w.path(sh, "handler.type"),
			"convert it to a command hook (the pipeline does so for http handlers)",
			"%s is %s handler; Cline runs only commands, so the script keeps it in its manifest but never runs it", h.DisplayName(i), diag.A(hd.Type))
		p.run = false
		return p
	}
	if field, bad := unwritable(hd); bad {
		w.ds.Warnf(CodeNotRun, h.PosOf(field), w.path(sh, field), "remove the NUL byte or the '=' from the value",
			"%s: %s cannot be written in a shell script (a NUL byte, or an environment name with '=' or none); the script keeps the hook in its manifest but never runs it", h.DisplayName(i), field)
		p.run = false
		return p
	}
	if hd.Timeout > 0 && !hd.Async {
		// Capped so that the int and sleep's argument stay sane; Cline
		// stops the script after 30 s anyway.
		p.seconds = int(math.Ceil(min(hd.Timeout, maxSeconds)))
		switch {
		case hd.Timeout > clineTimeout:
			w.ds.Warnf(CodeTimeout, h.PosOf("handler.timeout"), w.path(sh, "handler.timeout"),
				fmt.Sprintf("keep the hooks of %s under %d s together", w.ev, clineTimeout),
				"%s: timeout %g s is longer than the %d s Cline allows the whole %s script; Cline stops it first, and a stopped script lets the action proceed",
				h.DisplayName(i), hd.Timeout, clineTimeout, w.ev)
		case float64(p.seconds) != hd.Timeout:
			w.ds.Infof(CodeTimeout, h.PosOf("handler.timeout"), w.path(sh, "handler.timeout"), "",
				"%s: timeout %g s is enforced as %d s (POSIX sleep takes whole seconds)", h.DisplayName(i), hd.Timeout, p.seconds)
		}
	}
	if _, ok := hd.Platform["windows"]; ok {
		w.ds.Warnf(CodeWindows, h.PosOf("handler.platform.windows"), w.path(sh, "handler.platform.windows"),
			"write a "+w.ev+".ps1 by hand for Windows",
			"%s: the Windows command is not written: Cline on Windows runs only %s.ps1, and hookconv writes only the POSIX sh script", h.DisplayName(i), w.ev)
	}
	if h.Matcher != nil && w.toolEvent() {
		p.cond = w.condition(sh, h.Matcher)
	}
	if !w.toolEvent() {
		// Another tool's value matcher (Claude's SessionStart "compact"):
		// the script runs the hook on every occurrence of the event.
		providers.WarnValueMatcherDropped(w.ds, w.a.Names, h, i, Slug, "Cline", w.ev)
	}
	return p
}

// TakesContext reports whether Cline adds a hook's contextModification
// to the conversation on the canonical event: its contract's context
// rule names the event (TaskStart, TaskResume, UserPromptSubmit,
// PreToolUse, PostToolUse; not TaskCancel, TaskComplete, Notification or
// PreCompact). Elsewhere the context a hook gives there is lost, and
// HC420 says so.
func TakesContext(event string) bool {
	t := hookrun.Default()
	ref, _ := t.ResolveEvent(Slug, event)
	_, ok := t.Rule(Slug, "context", ref)
	return ok
}

// ForwardsPlainText reports whether the generated script passes a hook's
// plain-text stdout (exit 0, not a JSON object) on to Cline as context:
// a command hook Cline waits for, decoded from a tool that adds such text
// to the agent's context on the hook's event (the contracts table's
// plain_context: Claude Code's SessionStart and UserPromptSubmit), on an
// event where Cline takes context (TakesContext). Elsewhere such text is
// a hook error (spec §5), and HC420 says that it no longer reaches the
// agent.
func ForwardsPlainText(h *canonical.Hook) bool {
	return forwardsPlainText(h, decodedFrom(h))
}

// forwardsPlainText is ForwardsPlainText for a hook decoded from the
// tools named (decodedFrom).
func forwardsPlainText(h *canonical.Hook, from []string) bool {
	if h.Handler.Type != canonical.HandlerCommand || h.Handler.Async || !TakesContext(h.Event) {
		return false
	}
	t := hookrun.Default()
	// Any tool the hook was decoded from counts: a manifest merged from
	// several keeps each one's marks, and each meant its text as context.
	return slices.ContainsFunc(from, func(slug string) bool { return slug != Slug && t.PlainContext(slug, h.Event) })
}

// decodedFrom lists, least first, the tools a manifest hook was decoded
// from by its marks (capabilities.DecodedFrom): the first is
// capabilities.MarkedSource's. Read once a hook: each reading decodes
// its provider_data.
func decodedFrom(h *canonical.Hook) []string {
	var out []string
	for slug := range h.ProviderData {
		if capabilities.DecodedFrom(h, slug) {
			out = append(out, slug)
		}
	}
	slices.Sort(out)
	return out
}

// unwritable names a handler field the script cannot hold: sh scripts
// cannot contain NUL bytes, and env needs NAME=value.
func unwritable(hd *canonical.Handler) (string, bool) {
	if strings.ContainsRune(hd.Command, 0) {
		return "handler.command", true
	}
	if strings.ContainsRune(hd.Cwd, 0) {
		return "handler.cwd", true
	}
	for _, k := range sortedkeys.Of(hd.Platform) {
		if strings.ContainsRune(hd.Platform[k], 0) {
			return "handler.platform." + k, true
		}
	}
	for _, k := range sortedkeys.Of(hd.Env) {
		if k == "" || strings.ContainsAny(k, "=\x00") || strings.ContainsRune(hd.Env[k], 0) {
			return "handler.env", true
		}
	}
	return "", false
}

// condition is the sh test of a matcher, one alternative per member.
func (w *scriptWriter) condition(sh scriptHook, m canonical.Matcher) string {
	members := []canonical.Matcher{m}
	if any, ok := m.(canonical.AnyOf); ok {
		members = any
	}
	var alts, names []string
	flush := func() {
		if len(names) > 0 {
			alts = append(alts, "hc_tool_is "+strings.Join(names, " "))
			names = nil
		}
	}
	h, i := sh.h, sh.pos-1
	for _, x := range members {
		switch x := x.(type) {
		case canonical.ToolName:
			native := w.a.nativeTools(string(x))
			if len(native) == 0 {
				w.ds.Warnf(CodeToolName, h.PosOf("matcher"), w.path(sh, "matcher"), "use a canonical tool name (`hookconv tools`) or Cline's own tool name",
					"%s: Cline has no tool %q that hookconv knows; matched literally, so the hook may never run", h.DisplayName(i), string(x))
				native = []string{string(x)}
			}
			for _, n := range native {
				// Tools doing two jobs (editor edits and writes) are
				// named by both; the test needs them once.
				if q := shq(jsonInner(n)); !slices.Contains(names, q) {
					names = append(names, q)
				}
			}
		case canonical.Pattern:
			flush()
			ere, approx, err := toERE(x.Regex)
			switch {
			case err != nil:
				w.ds.Warnf(CodePattern, h.PosOf("matcher"), w.path(sh, "matcher"), "use tool names, or a simpler pattern",
					"%s: pattern %q cannot be matched in the script (%v); the hook runs for every tool", h.DisplayName(i), x.Regex, err)
				return ""
			case len(approx) > 0:
				w.ds.Warnf(CodePattern, h.PosOf("matcher"), w.path(sh, "matcher"), "use tool names, or a pattern without them",
					"%s: pattern %q is matched as the POSIX ERE %q: %s, so it may match more tools", h.DisplayName(i), x.Regex, ere, strings.Join(approx, "; "))
			}
			alts = append(alts, "hc_tool_re "+shq(ere))
		case canonical.MCP:
			flush()
			w.ds.Infof(CodeMCP, h.PosOf("matcher"), w.path(sh, "matcher"), "",
				"%s: MCP tools are matched as Cline's use_mcp_tool with its server_name/tool_name parameters (the VS Code extension's form)", h.DisplayName(i))
			server := x.Server
			if server == canonical.AnyServer {
				server = ""
			}
			alts = append(alts, "hc_mcp "+shq(jsonInner(server))+" "+shq(jsonInner(x.Tool)))
		}
	}
	flush()
	return strings.Join(alts, " || ")
}

// nativeTools lists Cline's names for a canonical tool (the extension's
// execute_command and the SDK/CLI's run_commands for shell), since the
// script must match whichever runtime runs it.
func (a *Adapter) nativeTools(tool string) []string {
	var out []string
	for _, n := range a.Names.EncodeTools(Slug, tool) {
		out = append(out, n.Name)
	}
	return out
}

// hook writes one hook's section.
func (w *scriptWriter) hook(p plan) {
	h := p.sh.h
	hd := &h.Handler
	w.line("")
	n := p.sh.pos
	title := fmt.Sprintf("# Hook %d", n)
	if h.Name != "" {
		title += ": " + node.Quote(h.Name)
	}
	w.line("%s", title)
	if !p.run {
		w.line("# A %s handler: not run (see the manifest above).", hd.Type)
		return
	}
	var traits []string
	switch {
	case hd.Async:
		traits = append(traits, "async: runs in the background, its result is ignored")
	case h.Blocking && w.canCancel():
		traits = append(traits, "blocking")
	case h.Blocking:
		traits = append(traits, "blocking, but Cline cannot cancel here")
	default:
		traits = append(traits, "not blocking")
	}
	if p.seconds > 0 && !hd.Async {
		t := fmt.Sprintf("timeout %d s", p.seconds)
		if hd.TimeoutAction == canonical.TimeoutBlock && h.Blocking && w.canCancel() {
			t += ", then blocks"
		}
		traits = append(traits, t)
	}
	if p.text {
		traits = append(traits, "plain stdout is context")
	}
	if p.crash {
		traits = append(traits, "plain text with an exit but 0, 1 and 2 blocks, as in "+p.source)
	}
	if p.stops {
		traits = append(traits, "a stop cancels")
	}
	if len(p.feeds) > 0 {
		traits = append(traits, "feedback is context")
	}
	w.line("# %s", strings.Join(traits, "; "))
	if h.Matcher != nil {
		if w.toolEvent() {
			w.line("# tools: %s", node.AppendCompact(nil, canonical.MatcherNode(h.Matcher)))
		} else {
			w.line("# matcher %s ignored: %s is not a tool event", node.AppendCompact(nil, canonical.MatcherNode(h.Matcher)), w.ev)
		}
	}
	fn := "hc_hook_" + strconv.Itoa(n)
	w.line("%s() {", fn)
	if hd.Cwd != "" {
		dir := hd.Cwd
		if strings.HasPrefix(dir, "-") {
			dir = "./" + dir // not an option to cd
		}
		w.line("\tcd %s || exit 1", shq(dir))
	}
	run := "\"$hc_sh\" -c"
	if len(hd.Env) > 0 {
		var vars []string
		for _, k := range sortedkeys.Of(hd.Env) {
			vars = append(vars, shq(k+"="+hd.Env[k]))
		}
		run = "env " + strings.Join(vars, " ") + " " + run
	}
	linux, osx := hd.Platform["linux"], hd.Platform["osx"]
	if linux != "" || osx != "" {
		w.line("\tcase $(uname -s 2>/dev/null) in")
		if linux != "" {
			w.line("\tLinux) set -- %s ;;", shq(linux))
		}
		if osx != "" {
			w.line("\tDarwin) set -- %s ;;", shq(osx))
		}
		w.line("\t*) set -- %s ;;", shq(hd.Command))
		w.line("\tesac")
		w.line("\texec %s \"$1\"", run)
	} else {
		w.line("\texec %s %s", run, shq(hd.Command))
	}
	w.line("}")
	indent := ""
	if p.cond != "" {
		w.line("if %s; then", p.cond)
		indent = "\t"
	}
	if hd.Async {
		w.line("%shc_async %s", indent, fn)
	} else {
		mayBlock := 0
		if h.Blocking && w.canCancel() {
			mayBlock = 1
		}
		onLate := "warn"
		if hd.TimeoutAction == canonical.TimeoutBlock {
			onLate = "block"
		}
		w.line("%shc_run %s %d", indent, fn, p.seconds)
		w.line("%shc_done %s %d %s %d%s", indent, shq(p.label), mayBlock, onLate, p.seconds, p.flags())
	}
	if p.cond != "" {
		w.line("fi")
	}
}

// flags are hc_done's optional arguments TEXT, CRASH and STOPS (" 0" or
// " 1" each) and FEEDS (" 0", or the decisions, quoted as one word), up
// to the last that is set: a hook that needs none gets none, so that its
// line stays as it was.
func (p plan) flags() string {
	set := []string{" 0", " 0", " 0", " 0"}
	for i, on := range []bool{p.text, p.crash, p.stops} {
		if on {
			set[i] = " 1"
		}
	}
	if len(p.feeds) > 0 {
		set[3] = " " + shq(strings.Join(p.feeds, " "))
	}
	for len(set) > 0 && set[len(set)-1] == " 0" {
		set = set[:len(set)-1]
	}
	return strings.Join(set, "")
}

func (w *scriptWriter) path(sh scriptHook, field string) string {
	return fmt.Sprintf("hooks[%d].%s", sh.h.SourceIndex(sh.pos-1), field)
}

// shq quotes s as one sh word: single quotes, with each quote inside
// written as close, escaped quote, reopen.
func shq(s string) string {
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// jsonInner is s JSON-escaped, without the surrounding quotes: the form
// the script compares payload values with and writes into its answer.
func jsonInner(s string) string {
	q := node.Quote(s)
	return q[1 : len(q)-1]
}

func lowerFirst(s string) string {
	if s == "" {
		return s
	}
	return strings.ToLower(s[:1]) + s[1:]
}

func plural(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return strconv.Itoa(n) + " " + what + "s"
}

// sum is the hex SHA-256 of b.
func sum(b []byte) string {
	s := sha256.Sum256(b)
	return hex.EncodeToString(s[:])
}

// prologue sets up every script that runs hooks: the shell for the
// commands, the saved stdin, cleanup, and the JSON helpers.
const prologue = `
set -u

# Hook commands run with bash where it is installed (hook commands written
# for other tools often use bash syntax), else with sh.
if command -v bash >/dev/null 2>&1; then hc_sh=bash; else hc_sh=sh; fi

# The event JSON is saved once, so every hook reads it unchanged.
hc_dir=$(mktemp -d 2>/dev/null) || hc_dir=
if [ -z "$hc_dir" ]; then
	hc_dir=${TMPDIR:-/tmp}/hookconv.$$
	mkdir -m 700 "$hc_dir" || {
		echo "hookconv: cannot create a temporary directory; no hook ran" >&2
		exit 1
	}
fi
hc_pid=
hc_dog=
trap 'if [ -n "$hc_pid" ]; then kill "$hc_pid" 2>/dev/null; fi; if [ -n "$hc_dog" ]; then kill "$hc_dog" 2>/dev/null; fi; rm -rf "$hc_dir"' EXIT
trap 'exit 129' HUP
trap 'exit 130' INT
trap 'exit 143' TERM
cat >"$hc_dir/in"
hc_ctx=
hc_sep=

# hc_json KEY FILE [AFTER]: the value of the first "KEY" in the JSON in
# FILE (after the first "AFTER", when it is there): "s:" and a string's
# text, still JSON-escaped, or "l:" and a literal (true, false, null, a
# number); nothing when there is none. Newlines are folded first, so
# pretty-printed JSON reads as one line (JSON strings hold no raw newline).
hc_json() {
	tr '\n\r' '  ' <"$2" | LC_ALL=C awk -v k="$1" -v a="${3-}" '
		BEGIN { k = "\"" k "\""; if (a != "") a = "\"" a "\"" }
		{
			s = $0
			if (a != "" && (i = index(s, a)) > 0) s = substr(s, i + length(a))
			while ((i = index(s, k)) > 0) {
				s = substr(s, i + length(k))
				if (!match(s, /^[ \t]*:[ \t]*/)) continue
				s = substr(s, RLENGTH + 1)
				if (match(s, /^"([^"\\]|\\.)*"/)) { print "s:" substr(s, 2, RLENGTH - 2); exit }
				if (match(s, /^(true|false|null|-?[0-9][0-9.eE+-]*)/)) { print "l:" substr(s, 1, RLENGTH); exit }
			}
		}'
}

# hc_esc FILE: the first 8 KiB of FILE as the inside of a JSON string:
# backslash, quote and control characters escaped, lines joined by \n.
hc_esc() {
	dd if="$1" bs=8192 count=1 2>/dev/null | tr -d '\000' | LC_ALL=C awk '
		BEGIN {
			for (i = 1; i < 32; i++) esc[sprintf("%c", i)] = sprintf("\\u%04x", i)
			esc["\t"] = "\\t"; esc["\r"] = "\\r"; esc["\\"] = "\\\\"; esc["\""] = "\\\""
		}
		{
			if (NR > 1) printf "\\n"
			n = length($0)
			for (i = 1; i <= n; i++) {
				c = substr($0, i, 1)
				if (c in esc) printf "%s", esc[c]; else printf "%s", c
			}
		}'
}

# hc_warn MESSAGE: a note on stderr; it never changes Cline's answer.
hc_warn() {
	echo "hookconv: $1" >&2
}

# hc_cancel MESSAGE: answers Cline with a cancel (MESSAGE is JSON-escaped)
# and ends the script: later hooks do not run.
hc_cancel() {
	printf '{"cancel": true, "errorMessage": "%s"}\n' "$1"
	exit 0
}
`

// toolHelpers test the tool name against a matcher.
const toolHelpers = `case $hc_tool in s:?*) hc_tool=${hc_tool#s:} ;; *) hc_tool= ;; esac

# hc_tool_is NAME...: the tool is one of the NAMEs.
hc_tool_is() {
	[ -z "$hc_tool" ] && return 0
	for hc_n in "$@"; do
		[ "$hc_tool" = "$hc_n" ] && return 0
	done
	return 1
}

# hc_tool_re ERE: the tool name matches the POSIX extended regular expression.
hc_tool_re() {
	[ -z "$hc_tool" ] && return 0
	printf '%s\n' "$hc_tool" | LC_ALL=C grep -Eq -- "$1"
}

# hc_mcp SERVER TOOL: an MCP tool call (Cline's use_mcp_tool) to SERVER
# and TOOL ("" for any).
hc_mcp() {
	[ -z "$hc_tool" ] && return 0
	[ "$hc_tool" = use_mcp_tool ] || return 1
	if [ -n "$1" ] && [ "$(hc_json server_name "$hc_dir/in" "$hc_ev")" != "s:$1" ]; then return 1; fi
	if [ -n "$2" ] && [ "$(hc_json tool_name "$hc_dir/in" "$hc_ev")" != "s:$2" ]; then return 1; fi
	return 0
}
`

// runHelpers run a hook and read its result (spec §5).
const runHelpers = `
# hc_run FUNCTION SECONDS: runs one hook with the event JSON on stdin and
# its stdout and stderr in files. Sets hc_st to its exit status, and
# hc_late to 1 when a watchdog stopped it after SECONDS (0: no limit).
hc_run() {
	hc_late=0
	rm -f "$hc_dir/late"
	( "$1" ) <"$hc_dir/in" >"$hc_dir/out" 2>"$hc_dir/err" &
	hc_pid=$!
	if [ "$2" -gt 0 ]; then
		(
			trap 'kill "$hc_nap" 2>/dev/null; exit 0' TERM
			sleep "$2" &
			hc_nap=$!
			wait "$hc_nap" || exit 0
			: >"$hc_dir/late"
			kill -TERM "$hc_pid" 2>/dev/null
			sleep 1 &
			hc_nap=$!
			wait "$hc_nap" || exit 0
			kill -KILL "$hc_pid" 2>/dev/null
		) </dev/null >/dev/null 2>&1 &
		hc_dog=$!
	fi
	# (No "Terminated" notice from the shell on stderr for a stopped hook.)
	wait "$hc_pid" 2>/dev/null
	hc_st=$?
	hc_pid=
	if [ -n "$hc_dog" ]; then
		kill "$hc_dog" 2>/dev/null
		wait "$hc_dog" 2>/dev/null
		hc_dog=
	fi
	if [ -f "$hc_dir/late" ]; then hc_late=1; fi
}

# hc_done LABEL MAYBLOCK ONLATE SECONDS [TEXT [CRASH [STOPS [FEEDS]]]]:
# acts on the result of the hook hc_run ran. MAYBLOCK is 1 for a blocking
# hook on an event Cline can cancel; ONLATE is "block" when a timeout
# must block; TEXT is 1 for a hook whose plain-text stdout is context, as
# the tool it was written for reads it there; CRASH is 1 where that tool
# blocks on any exit but 0, 1 and 2 with plain text (its stdout, else its
# stderr, the reason); STOPS is 1 where "continue": false cancels though
# MAYBLOCK is 0 (a stop is no deny: run --from answers Cline with a
# cancel too); FEEDS lists the decisions that tool gives the agent with
# their reason as feedback on what already happened: here that reason is
# context.
hc_done() {
	cat "$hc_dir/err" >&2
	if [ "$hc_late" = 1 ]; then
		if [ "$2" = 1 ] && [ "$3" = block ]; then
			hc_cancel "hookconv: $1 timed out after $4 s"
		fi
		hc_warn "$1 timed out after $4 s; ignored"
		return
	fi
	case $hc_st in
	0) ;;
	2)
		if [ "$2" = 1 ]; then
			hc_why=$(hc_esc "$hc_dir/err")
			hc_cancel "${hc_why:-hookconv: $1 blocked the action (exit 2)}"
		fi
		hc_warn "$1 exited 2, but only a blocking hook can block here; ignored"
		return
		;;
	*)
		if [ "$2" = 1 ] && [ "${6-0}" = 1 ]; then
			hc_f=$hc_dir/out
			[ "$(hc_kind "$hc_f")" != none ] || hc_f=$hc_dir/err
			if [ "$(hc_kind "$hc_f")" = text ]; then
				hc_cancel "$(hc_esc "$hc_f")"
			fi
		fi
		hc_warn "$1 failed (exit $hc_st); ignored"
		return
		;;
	esac
	# Exit 0: stdout is nothing, or a JSON object.
	hc_shape=$(tr -d ' \t\r\n' <"$hc_dir/out" | LC_ALL=C awk '
		{ s = s $0 }
		END {
			if (s == "") print "none"
			else if (substr(s, 1, 1) == "{" && substr(s, length(s)) == "}") print "json"
			else print "text"
		}')
	case $hc_shape in
	none) return ;;
	text)
		if [ "${5-0}" = 1 ]; then
			hc_v=$(hc_esc "$hc_dir/out")
			hc_ctx=$hc_ctx$hc_sep$hc_v
			hc_sep='\n'
			return
		fi
		hc_warn "$1 printed text that is not a JSON object; ignored"
		return
		;;
	esac
	# hooks/1.0 "context"; also Claude Code's "additionalContext" and
	# Cline's own "contextModification", which hooks written for those
	# tools print.
	for hc_k in context additionalContext contextModification; do
		hc_v=$(hc_json "$hc_k" "$hc_dir/out")
		case $hc_v in
		s:?*)
			hc_ctx=$hc_ctx$hc_sep${hc_v#s:}
			hc_sep='\n'
			break
			;;
		esac
	done
	# A block: hooks/1.0 "decision" deny or ask ("block" is Claude Code's
	# older spelling) or "continue": false; Claude Code's
	# "permissionDecision"; Cline's own "cancel": true.
	hc_why=
	hc_stop=0
	case $(hc_json decision "$hc_dir/out") in
	s:deny | s:ask | s:block) hc_stop=1 hc_why=$(hc_json reason "$hc_dir/out") ;;
	esac
	if [ "$hc_stop" = 0 ]; then
		case $(hc_json permissionDecision "$hc_dir/out") in
		s:deny | s:ask) hc_stop=1 hc_why=$(hc_json permissionDecisionReason "$hc_dir/out") ;;
		esac
	fi
	if [ "$hc_stop" = 0 ] && [ "$(hc_json continue "$hc_dir/out")" = l:false ]; then
		hc_stop=1 hc_why=$(hc_json stopReason "$hc_dir/out")
	fi
	if [ "$hc_stop" = 0 ] && [ "$(hc_json cancel "$hc_dir/out")" = l:true ]; then
		hc_stop=1 hc_why=$(hc_json errorMessage "$hc_dir/out")
	fi
	[ "$hc_stop" = 1 ] || return
	case $hc_why in
	s:*) hc_why=${hc_why#s:} ;;
	*) hc_why= ;;
	esac
	if [ "$2" = 1 ]; then
		hc_cancel "${hc_why:-hookconv: $1 blocked the action}"
	fi
	if [ "${7-0}" = 1 ] && [ "$(hc_json continue "$hc_dir/out")" = l:false ]; then
		hc_why=$(hc_json stopReason "$hc_dir/out")
		case $hc_why in
		s:*) hc_why=${hc_why#s:} ;;
		*) hc_why= ;;
		esac
		hc_cancel "${hc_why:-hookconv: $1 stopped the agent}"
	fi
	if [ "${8-0}" != 0 ] && [ -n "$hc_why" ]; then
		hc_v=$(hc_json decision "$hc_dir/out")
		for hc_k in $8; do
			if [ "$hc_v" = "s:$hc_k" ]; then
				hc_ctx=$hc_ctx$hc_sep$hc_why
				hc_sep='\n'
				return
			fi
		done
	fi
	hc_warn "$1 asked to block, but only a blocking hook can block here; ignored"
}
`

// kindHelper tells JSON output from plain text, for hc_done's CRASH
// argument (spec §5; reference part 1 §2.9).
const kindHelper = `
# hc_kind FILE: "none" when FILE holds only blanks, "json" when it holds
# one valid JSON value (an object, a list, a string, a number, a literal)
# and "text" otherwise: the rule run --from applies (Go's json.Valid on
# the trimmed text, as Gemini CLI's JSON.parse), so plain text that
# starts with "[", "{" or a quote is still text (QA: "[policy] denied"
# with exit 3 was taken for JSON, and the guard let the call through).
# Parsed with awk, as the other helpers, one character at a time; a NUL
# byte becomes another control character, which JSON does not allow
# either.
hc_kind() {
	tr '\000' '\001' <"$1" | LC_ALL=C awk '
		BEGIN {
			for (i = 1; i < 32; i++) if (i != 9 && i != 10 && i != 13) ctl = ctl sprintf("%c", i)
			inner = ctl "\t\n\r"
		}
		{ s = s (NR > 1 ? "\n" : "") $0 }
		END {
			sub(/^[ \t\n\r\v\f]+/, "", s)
			sub(/[ \t\n\r\v\f]+$/, "", s)
			if (s == "") print "none"
			else if (valid(s)) print "json"
			else print "text"
		}
		# valid: s is one JSON value. want is what may come next: v a
		# value, a a value or "]", k a key or "}", K a key, ":" a colon,
		# "," a comma or the close of the innermost list or object, e the
		# end. open holds the open lists and objects, innermost last.
		function valid(s,    n, i, j, c, d, open, want, top) {
			n = length(s)
			want = "v"
			for (i = 1; i <= n; i++) {
				c = substr(s, i, 1)
				if (c == " " || c == "\t" || c == "\n" || c == "\r") continue
				if (want == "e" || index(ctl, c)) return 0
				top = substr(open, d, 1)
				if (want == ":") {
					if (c != ":") return 0
					want = "v"
					continue
				}
				if (want == ",") {
					if (c == ",") {
						want = top == "{" ? "K" : "v"
						continue
					}
					if (!(c == "}" && top == "{") && !(c == "]" && top == "[")) return 0
					d--
					want = d ? "," : "e"
					continue
				}
				if ((want == "a" && c == "]") || (want == "k" && c == "}")) {
					d--
					want = d ? "," : "e"
					continue
				}
				if (want == "k" || want == "K") {
					if (c != "\"" || !(i = str(s, i, n))) return 0
					want = ":"
					continue
				}
				if (c == "{" || c == "[") {
					# Go stops at this depth too.
					if (++d > 10000) return 0
					open = substr(open, 1, d - 1) c
					want = c == "{" ? "k" : "a"
					continue
				}
				if (c == "\"") {
					if (!(i = str(s, i, n))) return 0
				} else {
					for (j = i; j <= n && index("-+.0123456789eEtrufalsn", substr(s, j, 1)); j++) ;
					c = substr(s, i, j - i)
					if (c !~ /^-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][-+]?[0-9]+)?$/ && c !~ /^(true|false|null)$/) return 0
					i = j - 1
				}
				want = d ? "," : "e"
			}
			return want == "e"
		}
		# str: the position of the quote that ends the string opened at
		# i, 0 when it is no valid JSON string.
		function str(s, i, n,    c) {
			for (i++; i <= n; i++) {
				c = substr(s, i, 1)
				if (c == "\"") return i
				if (index(inner, c)) return 0
				if (c != "\\") continue
				c = substr(s, ++i, 1)
				if (c == "u") {
					if (substr(s, i + 1, 4) !~ /^[0-9a-fA-F][0-9a-fA-F][0-9a-fA-F][0-9a-fA-F]$/) return 0
					i += 4
				} else if (c == "" || !index("\"\\/bfnrt", c)) return 0
			}
			return 0
		}'
}
`

// asyncHelper starts a hook in the background.
const asyncHelper = `
# hc_async FUNCTION: starts a hook in the background with its own open
# copy of the event JSON (the file may be gone when it reads it); its
# output and result are ignored.
hc_async() {
	exec 3<"$hc_dir/in"
	( exec <&3 3<&-; "$1" ) >/dev/null 2>&1 &
	exec 3<&-
}
`

// epilogue answers Cline when no hook blocked.
const epilogue = `
# No hook blocked: pass on the context the hooks gave, if any.
if [ -n "$hc_ctx" ]; then
	printf '{"contextModification": "%s"}\n' "$hc_ctx"
fi
exit 0
`
