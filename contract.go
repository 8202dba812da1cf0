package hookconv

// The runtime contract a converted hook meets in its target: where the
// tool's payload keeps the tool's fields (HC419), whether plain stdout is
// context (HC420), which JSON deny the target reads (HC425). hookconv
// cannot change what a script reads or prints, so it says where the
// target differs from the tool the script was written for.

import (
	"bytes"
	"cmp"
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/hookconv/hookconv/canonical"
	"github.com/hookconv/hookconv/capabilities"
	"github.com/hookconv/hookconv/diag"
	"github.com/hookconv/hookconv/hookrun"
	"github.com/hookconv/hookconv/internal/parallel"
	"github.com/hookconv/hookconv/providers"
	"github.com/hookconv/hookconv/providers/cline"
	"github.com/hookconv/hookconv/vocab"
)

// contractNotes adds what the pipeline says about the runtime contract
// the hooks meet in the target (or under the shim): the payload's shape,
// the tools' argument names and the common fields read elsewhere
// (the prompt: HC419), the source's tool names a script tests (HC446),
// plain-text context (HC420),
// JSON deny answers (HC425), stops and feedback (HC464, HC465), exits that block only with a reason on
// stderr (HC431) or, from such a tool, block now (HC433), crashes that
// block (HC432), shorter default timeouts (HC435), the variables the
// source's settings set for every hook (HC440), bash syntax in a command
// the target runs with sh (HC439) and syntax zsh reads otherwise in one
// the target runs with the user's shell (HC443; under the shim hookconv
// run picks the shell for both), plain text printed where the target
// reads only JSON (HC455). It
// returns the planned hooks HC425 counted, which may not block there.
//
// Most of these are said once for all the hooks they are about, with no
// path; each comes with those hooks (sayAbout), so check counts it
// against every one of them.
func (res *Conversion) contractNotes(s *Source, to string, shim bool) []int {
	scripts := s.Scripts
	if scripts == nil {
		// Without a project folder no script is read, but what the
		// checks read of each command is remembered all the same: read
		// through no Scripts, each check read every hook anew.
		scripts = &Scripts{}
		scripts.Expect(len(res.Planned.Hooks))
	}
	m := res.Planned
	// The checks that read no script share nothing with those that do
	// (whose Scripts is for one goroutine): on a large input they run
	// beside them, on a core encoding leaves idle once it is done (a
	// 10,000-handler conversion to Codex: the checks outlast encode and
	// verify by some 5 ms). Each check's diagnostics are said below in
	// the order they always were.
	type said struct {
		ds    diag.List
		about [][]int
	}
	var shape, context, crash, uncrashed, timeouts, zsh said
	var plainStdout, bashOnly diag.List
	aside := func() {
		shape.ds, shape.about = payloadShape(m, s.From, to, s.Files, shim)
		context.ds, context.about = plainContext(m, s.From, to, s.Files, shim)
		plainStdout = plainStdoutInvalid(m, s.From, to, shim)
		crash.ds, crash.about = crashBlocks(m, s.From, to, shim, s.Files)
		uncrashed.ds, uncrashed.about = crashUnblocked(m, s.From, to, shim, s.Files)
		timeouts.ds, timeouts.about = shorterDefaultTimeout(m, s.From, to)
		if !shim {
			bashOnly = bashOnlyCommands(m, s.From, to)
			zsh.ds, zsh.about = zshOtherwise(m, s.From, to)
		}
	}
	var input, unsent, fields, toolNames, eventNames, jsonContext, denied, failClosed, unread, env said
	var counted []int
	var silentTwo, otherExits diag.List
	reading := func() {
		input.ds, input.about = inputFields(m, s.From, to, s.Files, shim, scripts)
		unsent.ds, unsent.about = notedInputUnsent(m, s.From, to, s.Files, shim, scripts)
		fields.ds, fields.about = payloadFields(m, s.From, to, s.Files, shim, scripts)
		toolNames.ds, toolNames.about = toolNameTests(m, s.From, to, s.Files, shim, scripts)
		eventNames.ds, eventNames.about = eventNameTests(m, s.From, to, s.Files, shim, scripts)
		jsonContext.ds, jsonContext.about = jsonContextUnread(m, s.From, to, s.Files, shim, scripts)
		denied.ds, denied.about, counted = denyAnswer(m, s.From, to, s.Files, shim, scripts)
		failClosed.ds, failClosed.about = failClosedAnswers(m, s.From, to, s.Files, shim, scripts)
		unread.ds, unread.about = unreadAnswers(m, s.From, to, s.Files, shim, scripts)
		silentTwo = silentExitTwo(m, res.Decoded, s.From, to, shim, scripts)
		otherExits = otherExitBlocks(m, s.From, to, shim, scripts)
		env.ds, env.about = settingsEnvLost(m, to, s.Files, scripts, s.env)
	}
	parallel.Both(len(m.Hooks), reading, aside)
	for _, c := range []said{shape, input, unsent, fields, toolNames, eventNames, context, jsonContext, denied, failClosed, unread} {
		res.sayAbout(c.ds, c.about)
	}
	res.Diagnostics = append(res.Diagnostics, silentTwo...)
	res.Diagnostics = append(res.Diagnostics, otherExits...)
	res.Diagnostics = append(res.Diagnostics, plainStdout...)
	for _, c := range []said{crash, uncrashed, timeouts, env} {
		res.sayAbout(c.ds, c.about)
	}
	res.Diagnostics = append(res.Diagnostics, bashOnly...)
	res.sayAbout(zsh.ds, zsh.about)
	return counted
}

// payloadShape warns (HC419), once per conversion, when command hooks on
// tool events get a payload on stdin whose tool name or input sit under
// other keys than the source's (Claude's tool_input, Cline's
// preToolUse.parameters), or whose tool arguments are spelled in another
// case (VS Code's filePath, Claude's file_path): a guard script that reads
// the source's fields finds nothing there, exits 0, and the call goes
// ahead. hookconv cannot change what a script reads, so it says so. Under
// the shim the hooks get hookconv run's canonical payload instead, which
// is the source's no more than the target's is; the tool's arguments are
// passed on as the target spells them. Beside each warning, the source
// hooks it is about.
func payloadShape(m *canonical.Manifest, from, to string, files providers.Files, shim bool) (diag.List, [][]int) {
	if from == to && !shim || to == "canonical" {
		return nil, nil
	}
	contracts := hookrun.Default()
	native, ok := contracts.Contract(to)
	if !ok || len(native.Tool) == 0 || len(native.ToolInput) == 0 {
		return nil, nil
	}
	names := vocab.Default()
	target, _ := names.Provider(to)
	dst, given := native, to+"'s payload"
	hint := "check that the scripts read " + to + "'s fields, or convert with --shim and write them against the canonical payload hookconv run hands them"
	switch {
	case target.Generated:
		hint = "adapt the scripts to " + to + "'s payload: the generated " + target.Name + " passes it through"
		if clients := native.Clients(); len(clients) > 0 {
			var each []string
			for _, cl := range clients {
				each = append(each, fmt.Sprintf("%s and %s from %s", cl.Tool, cl.ToolInput, cl.Client))
			}
			hint += ", so read " + strings.Join(each, ", or ")
		}
	case shim:
		dst, given = &hookrun.CanonicalPayload, "hookconv run's canonical payload"
		hint = "write the scripts against the canonical payload hookconv run hands them (tool, tool_input), or convert without --shim"
	}
	// Each hook read the payload of the source event it was written for:
	// a tool's generic tool hooks keep the fields at its contract's first
	// paths; some native events keep them at the top (Cursor's
	// beforeShellExecution: command), and Copilot CLI's hooks under
	// Claude Code's event names get Claude's layout.
	var topLevel []string
	topFrom := ""
	var topHooks []int
	var topFirst *canonical.Hook
	generic := map[payloadKey][]int{} // source hooks per (source, contract whose generic layout they read, handler)
	firstOf := map[payloadKey]*canonical.Hook{}
	for i := range m.Hooks {
		h := &m.Hooks[i]
		// An http hook that stays one posts the same payload as its
		// body (QA q2 F3: a Claude Code policy server testing tool_name
		// got Copilot CLI's toolName and allowed every call), and no
		// shim stands between the tool and the server.
		http := h.Handler.Type == canonical.HandlerHTTP
		if ev, _ := names.Event(h.Event); ev.Subject != "tool" || h.Handler.Type != canonical.HandlerCommand && !http {
			continue
		}
		hookDst := dst
		if http {
			hookDst = native
		}
		if slug, native := topLevelEvent(h, from, contracts); !http && slug != "" && (slug != to || dst.Slug != to) {
			topHooks = append(topHooks, h.SourceIndex(i))
			if topFirst == nil {
				topFirst = h
			}
			topFrom = slug
			if !slices.Contains(topLevel, native) {
				topLevel = append(topLevel, native)
			}
			continue
		}
		source, layout := payloadSource(h, from)
		if source == "" || from == "canonical" && source == to && hookDst.Slug == to {
			continue
		}
		if layout == hookDst.Slug {
			continue
		}
		k := payloadKey{source, layout, http}
		generic[k] = append(generic[k], h.SourceIndex(i))
		if firstOf[k] == nil {
			firstOf[k] = h
		}
	}
	var ds diag.List
	var about [][]int
	var firsts []*canonical.Hook // the first hook of each warning, whose file it names
	if nTop := len(topHooks); nTop > 0 {
		about = append(about, topHooks)
		firsts = append(firsts, topFirst)
		ds.Warnf(CodePayloadShape, diag.Pos{}, "", hint,
			"%d command hook(s) from %s's %s get %s on stdin, which keeps the tool's input %s, not at the top of the payload (command, file_path) as %s's does there: a script that reads them there finds nothing, and a guard that then exits 0 lets every call through",
			nTop, topFrom, strings.Join(topLevel, ", "), given, inputPlace(dst), topFrom)
	}
	keys := slices.Collect(maps.Keys(generic))
	slices.SortFunc(keys, func(a, b payloadKey) int {
		return cmp.Or(strings.Compare(a.source, b.source), strings.Compare(a.layout, b.layout), cmp.Compare(fmt.Sprint(a.http), fmt.Sprint(b.http)))
	})
	for _, key := range keys {
		source, layout := key.source, key.layout
		src, ok := contracts.Contract(layout)
		if !ok || len(src.Tool) == 0 || len(src.ToolInput) == 0 {
			continue
		}
		n, whose := len(generic[key]), source+"'s"
		if layout != source {
			whose = source + "'s under Claude Code's event names"
		}
		dst, given, hint, kind, reader, via, allows := dst, given, hint, "command", "a script", "on stdin", "exits 0"
		if key.http {
			dst, given, kind, reader, via, allows = native, to+"'s payload", "http", "a server", "as the request body", "allows"
			hint = "make the servers read " + to + "'s fields (" + payloadPlace(native) + ")"
		}
		moved := src.Tool[0] != dst.Tool[0] || src.ToolInput[0] != dst.ToolInput[0]
		if dst.Slug == hookrun.CanonicalPayload.Slug {
			// hookconv run --from hands the hook its source's own keys
			// too (tool_name): a script reading them finds them.
			d := contracts.ShimPayload(source, to)
			moved = !slices.Contains(d.Tool, src.Tool[0]) || !slices.Contains(d.ToolInput, src.ToolInput[0])
		}
		if moved {
			about = append(about, generic[key])
			firsts = append(firsts, firstOf[key])
			ds.Warnf(CodePayloadShape, diag.Pos{}, "", hint,
				"%d %s hook(s) on tool events get %s %s, which keeps the tool's name and input %s, not %s as %s does: %s that reads them there finds nothing, and a guard that then %s lets every call through",
				n, kind, given, via, payloadPlace(dst), payloadPlace(src), whose, reader, allows)
		}
		if src.CamelCaseArgs != native.CamelCaseArgs {
			spelled := func(c *hookrun.Contract) string {
				if c.CamelCaseArgs {
					return "camelCase (filePath)"
				}
				return "snake_case (file_path)"
			}
			about = append(about, generic[key])
			firsts = append(firsts, firstOf[key])
			ds.Warnf(CodePayloadShape, diag.Pos{}, "", "make the "+reader[2:]+"s read either spelling (file_path or filePath)",
				"%d %s hook(s) on tool events get %s's tool arguments in %s, whose names are %s where %s are %s: %s that reads the other spelling finds nothing, and a guard that then %s lets every call through",
				n, kind, to, dst.ToolInput[0], spelled(native), whose, spelled(src), reader, allows)
		}
	}
	// Each in the file of the first hook it is about, as other warnings
	// said once for a group are (QA: for a Copilot CLI source spread over
	// .github/hooks/*.json, it named the file holding only a sessionEnd
	// hook, the first by name, not the one whose postToolUse hooks it
	// was about).
	for k := range ds {
		ds[k] = inHookFile(ds[k:k+1], firsts[k], files)[0]
	}
	return ds, about
}

// payloadKey groups the hooks of one HC419 warning: the tool they were
// written for, the contract whose layout they read, and whether they are
// http hooks, which get the target's own payload even under the shim.
type payloadKey struct {
	source, layout string
	http           bool
}

// jsonField shows a contract's "path = value" as the JSON a script
// prints: "decision = \"deny\"" is {"decision": "deny"}.
func jsonField(form string) string {
	path, value, _ := strings.Cut(form, " = ")
	keys := strings.Split(path, ".")
	var b strings.Builder
	for _, k := range keys {
		b.WriteString(`{"` + k + `": `)
	}
	b.WriteString(value)
	b.WriteString(strings.Repeat("}", len(keys)))
	return b.String()
}

// targetContract returns the contracts table and the target's contract,
// with which the checks of what a hook's command or scripts read from
// the payload (the event's and the tool's name, the tool's arguments)
// start; ok is false where there is nothing to check: under --shim
// (hookconv run hands every hook its canonical payload), within one
// tool, and for the canonical manifest, which no tool runs.
func targetContract(from, to string, shim bool) (contracts *hookrun.Tables, dst *hookrun.Contract, ok bool) {
	if shim || from == to || to == "canonical" {
		return nil, nil, false
	}
	contracts = hookrun.Default()
	dst, ok = contracts.Contract(to)
	return contracts, dst, ok
}

// programGives reports whether the program hookconv generates for the
// target (dst) hands hook h, read from from, the field a script of its
// source tool reads at path, by that field's paths (paths of a contract):
// the target's contract says its program does what run --from does
// (source_answers), and run --from adds the source's key there
// (ProgramPayload). The hook's source is the one the program goes by: its
// provenance marks, or the tool it was read from.
func programGives(contracts *hookrun.Tables, dst *hookrun.Contract, h *canonical.Hook, from, path string, paths func(*hookrun.Contract) []string) bool {
	if !dst.SourceAnswers {
		return false
	}
	source := shimSource(h, from)
	if source == "" {
		return false
	}
	given := contracts.ProgramPayload(dst.Slug, source)
	return given != nil && slices.Contains(paths(given), path)
}

// memo keeps what work gives for each key: the last few keys asked with
// their answers, the others in a map. A large config's hooks come in
// runs of one event (and one tool), and a check asks of a hook by its
// source and by the target, so most asks are one of the last few again,
// answered by comparing keys rather than hashing one into a map of every
// key; a small config's few keys need no map.
type memo[K comparable, V any] struct {
	by     map[K]V
	recent [4]struct {
		key   K
		value V
		set   bool
	}
	next int // the entry of recent the next new answer takes
}

// of returns what work gives for k, calling work only the first time.
func (c *memo[K, V]) of(k K, work func() V) V {
	for i := range c.recent {
		if r := &c.recent[i]; r.set && r.key == k {
			return r.value
		}
	}
	v, seen := c.by[k]
	if !seen {
		v = work()
	}
	r := &c.recent[c.next]
	if r.set {
		// The answer it held is kept in the map: a small config's few
		// keys never need one.
		if c.by == nil {
			c.by = map[K]V{}
		}
		c.by[r.key] = r.value
	}
	r.key, r.value, r.set = k, v, true
	c.next = (c.next + 1) % len(c.recent)
	return v
}

// shownHooks is how many hooks a once-per-conversion warning names.
const shownHooks = 3

// hookGroups gathers the hooks a once-per-conversion warning is about, by
// what the warning says (K), in the order the warnings first arise.
type hookGroups[K comparable] struct {
	keys []K
	by   map[K]*hookGroup
}

// inHookFile names the file of hook h on a warning said once for a group
// of hooks: the file h came from, else the source's first.
func inHookFile(w diag.List, h *canonical.Hook, files providers.Files) diag.List {
	if file := h.OriginFile; file != "" {
		return w.WithFile(file)
	}
	if paths := files.Paths(); len(paths) > 0 {
		return w.WithFile(paths[0])
	}
	return w
}

// hookGroup is the hooks of one warning: how many, the first (where the
// warning points), the first few's names (a large config must not pay for
// a name per hook), and every one's source index.
type hookGroup struct {
	n, first int
	names    []string
	hooks    []int
}

// add counts hook h, the i-th, under k.
func (gs *hookGroups[K]) add(k K, h *canonical.Hook, i int) {
	g := gs.by[k]
	if g == nil {
		if gs.by == nil {
			gs.by = map[K]*hookGroup{}
		}
		g = &hookGroup{first: i}
		gs.by[k] = g
		gs.keys = append(gs.keys, k)
	}
	g.add(h, i)
}

// add counts hook h, the i-th, in g.
func (g *hookGroup) add(h *canonical.Hook, i int) {
	if g.n++; len(g.names) < shownHooks {
		g.names = append(g.names, h.DisplayName(i))
	}
	g.hooks = append(g.hooks, h.SourceIndex(i))
}

// listed names a group's hooks for a message: the first few, and how
// many more.
func (g *hookGroup) listed() string {
	listed := strings.Join(g.names, ", ")
	if more := g.n - len(g.names); more > 0 {
		listed += fmt.Sprintf(" and %d more", more)
	}
	return listed
}

// denyKey is the last key of a deny form's path, the word a script that
// prints it must contain: "permissionDecision" of
// hookSpecificOutput.permissionDecision.
func denyKey(form string) string {
	path, _, _ := strings.Cut(form, " = ")
	return path[strings.LastIndexByte(path, '.')+1:]
}

// denyEvent is where guards deny tool calls with JSON: the event the
// contracts' deny_json is about.
const denyEvent = "before_tool_execute"

// denyForms are the JSON answers ("path = value") slug reads as a deny on
// event: on tool calls its contract's deny_json; elsewhere the literal
// lines of its deny rule for that event (Copilot CLI's permissionRequest:
// behavior = "deny") and the answers its contract's reads_json lists there
// (Claude Code's Stop: decision = "block"); where its only rule is a JSON
// answer for every event (Gemini CLI's), its deny_json. hookconv's
// generated programs read their contract's deny_json everywhere. A tool
// that answers there by exit code and lists nothing may still read some
// JSON: it has no forms, and nothing is said.
func denyForms(contracts *hookrun.Tables, c *hookrun.Contract, event string) []string {
	if event == denyEvent && len(c.DenyJSON) == 0 && c.Slug != hookrun.CanonicalPayload.Slug {
		// The table's deny_json is empty where only exit codes block on
		// tool calls (Windsurf, Kiro: "no stdout JSON contract",
		// reference part 2 §4.7, §3.2, §3.4): known to read none there
		// (QA: a guard that denies by JSON got no HC425 going there).
		return []string{noAnswer}
	}
	if event == denyEvent || c.Slug == hookrun.CanonicalPayload.Slug {
		return c.DenyJSON
	}
	if prov, _ := vocab.Default().Provider(c.Slug); prov.Generated {
		// hookconv's generated programs (OpenCode's plugin, Cline's
		// scripts) read the canonical answer on every event.
		return c.DenyJSON
	}
	var forms []string
	r, ok := contracts.Rule(c.Slug, "deny", hookrun.EventRef{Canonical: event})
	specific := ok && slices.Contains(r.Events, event)
	if specific {
		for _, line := range r.Set {
			if _, value, ok := strings.Cut(line, " = "); ok && !strings.HasPrefix(value, "$") {
				forms = append(forms, line)
			}
		}
		if len(forms) == 0 && len(r.Set) > 0 {
			// The answer is a key with any text (Cursor's stop:
			// followup_message): the key alone says it.
			path, _, _ := strings.Cut(r.Set[0], " = ")
			forms = append(forms, path+" = "+anyText)
		}
	}
	if !specific && ok && r.Exit == 0 && len(r.Set) > 0 {
		forms = append(forms, c.DenyJSON...) // one JSON answer everywhere
	}
	// Last: the first form is the one a script written for the tool
	// prints when hookconv cannot read it.
	for _, line := range c.ReadsJSON {
		if ev, form, ok := strings.Cut(line, ": "); ok && ev == event && !slices.Contains(forms, form) {
			forms = append(forms, form) // "none": known to read no answer there
		}
	}
	return append(forms, stopForms(contracts, c.Slug, event, forms)...)
}

// promptEvent is where stopping the agent is blocking: a prompt a hook
// stops is never processed (reference part 1 §1.10, §4.9).
const promptEvent = "before_prompt"

// stopForms are the literal answers of slug's stop rule on event
// (Codex's continue = false on UserPromptSubmit) that forms lacks, where
// a stop blocks (promptEvent) and the blocking matrix lets slug block
// there: hookconv run answers a stop with them, so HC425 reads them as a
// block there too, from the one row that says so (QA F10: HC425 said
// Codex did not read the continue = false hookconv run answers it).
// Elsewhere a stop is no deny (on Stop it lets the agent stop; VS Code
// only observes prompts, where continue = false ends the whole session,
// as HC204 says), and none is returned.
func stopForms(contracts *hookrun.Tables, slug, event string, forms []string) []string {
	if event != promptEvent || !canBlock(slug, event) {
		return nil
	}
	r, ok := contracts.Rule(slug, hookrun.WhatStop, hookrun.EventRef{Canonical: event})
	if !ok {
		return nil
	}
	var out []string
	for _, line := range r.Set {
		if _, value, ok := strings.Cut(line, " = "); ok && !strings.HasPrefix(value, "$") && !slices.Contains(forms, line) {
			out = append(out, line)
		}
	}
	return out
}

// noAnswer is the reads_json form of an event where the tool reads no
// JSON answer at all (Codex's UserPromptSubmit), and the form of tool
// calls for a tool whose deny_json is empty: any other tool's differs.
const noAnswer = "none"

// canBlock reports whether the blocking matrix lets a hook on event stop
// or redo something in slug (not observe only); a tool it has no row for
// is not said to be unable.
func canBlock(slug, event string) bool {
	b, ok := capabilities.Default().BlockingOf(slug, event)
	return !ok || b.Behaviour != capabilities.Observe
}

// anyText stands, in a deny form, for a value that is whatever text the
// script gives (the reason Cursor's followup_message carries).
const anyText = `"…"`

// exitBlocks reports whether slug's deny on event is an exit code (a
// script that exits 2 blocks there too).
func exitBlocks(contracts *hookrun.Tables, slug, event string) bool {
	r, ok := contracts.Rule(slug, "deny", hookrun.EventRef{Canonical: event})
	return ok && r.Exit != 0
}

// denyWords says, for messages, what a JSON deny does on event and what
// a script that answers so does once it is not read.
func denyWords(event string) (does, lost string) {
	switch event {
	case denyEvent:
		return "deny a tool call", "denies that way lets every call through"
	case "permission_request":
		return "deny a permission request", "denies that way lets every request through"
	case "agent_stop", "subagent_stop":
		return "keep the agent going", "answers that way lets the agent stop"
	case "before_prompt":
		return "block a prompt", "blocks that way lets every prompt through"
	}
	return "block " + event, "blocks that way blocks nothing"
}

// denyAnswer warns (HC425), once per source tool, event and answer, when
// blocking command hooks were written for a tool whose scripts deny with
// JSON (Claude Code's hookSpecificOutput.permissionDecision on tool
// calls, hookSpecificOutput.decision.behavior on permission requests)
// that the target — or, under the shim, hookconv run — does not read
// (Gemini CLI reads "decision", Copilot CLI's permissionRequest
// "behavior"). Which answer a script gives cannot be seen from the
// config. When hookconv can read all the script runs (Scripts.readScript),
// the forms it spells are checked, and one that spells none and exits 2
// is only an info where the target blocks on exit 2; otherwise the
// source's documented form is assumed, and a script that answers that way
// lets every call through, so this is a warning, as the payload's shape
// is. A target that reads no JSON on tool calls (an empty deny_json:
// Windsurf, Kiro) gets this too, with "deny by exiting 2", where it
// blocks tool calls at all (the plan leaves HC202 unsaid for such hooks:
// denyReadByScript); elsewhere a target that reads no JSON is HC202's
// (structured_output unsupported). An http hook that stays one (Claude Code's and Copilot
// CLI's) denies only with the JSON body its server answers, which
// hookconv cannot see: the source's documented form is assumed, as for a
// script it cannot read, and the target reads the body itself (the shim
// wraps commands only). Beside each warning it returns the source hooks
// it is about, and the (planned) hooks it counted.
func denyAnswer(m *canonical.Manifest, from, to string, files providers.Files, shim bool, scripts *Scripts) (ds diag.List, about [][]int, counted []int) {
	if from == to && !shim || to == "canonical" {
		return nil, nil, nil
	}
	contracts := hookrun.Default()
	reader, ok := contracts.Contract(to)
	if !ok {
		return nil, nil, nil
	}
	readerName := to
	native := reader // what reads an http hook's answer: the target, shim or not
	if target, _ := vocab.Default().Provider(to); shim && !target.Generated {
		reader, readerName = &hookrun.CanonicalPayload, "hookconv run (the shim)"
	}
	sourceTool, _ := vocab.Default().Provider(from)
	generated := sourceTool.Generated
	// By the tool they were written for and the answer: how many hooks,
	// the first one (where the warning points), and the first few's names
	// (a large config must not pay for a name per hook).
	type key struct {
		source, event, form string
		quiet               bool
		http                bool // the answer is an http hook's server's
		// via is the tool the hooks were written for when source is
		// another that loads their file as its own (CoLoader), file
		// that file.
		via, file string
	}
	var groups hookGroups[key]
	// Each tool's forms on an event, worked out once: a large config has
	// thousands of guards on a handful of events.
	var known memo[[2]string, []string]
	var coLoaders map[string]string     // per hook file, the tool that loads it as its own too ("" for none)
	var shimReads memo[[3]string, bool] // whether hookconv run --from reads a form, by source, event and form
	formsOf := func(c *hookrun.Contract, event string) []string {
		return known.of([2]string{c.Slug, event}, func() []string { return denyForms(contracts, c, event) })
	}
	for i := range m.Hooks {
		h := &m.Hooks[i]
		http := h.Handler.Type == canonical.HandlerHTTP
		if !h.Blocking || h.Handler.Type != canonical.HandlerCommand && !http || http && from == to {
			continue
		}
		hookReader := reader
		if http {
			hookReader = native
		}
		readerForms := formsOf(hookReader, h.Event)
		if len(readerForms) == 0 {
			continue
		}
		// Under the shim, hookconv run --from reads the answers of the
		// tool the command was written for too (Claude Code's
		// hookSpecificOutput deny): a script answering so is heard. So
		// does a generated program that does what run --from does
		// (OpenCode's plugin: source_answers).
		shimFrom := ""
		if !http && (hookReader.Slug == hookrun.CanonicalPayload.Slug || hookReader.SourceAnswers) {
			shimFrom = shimSource(h, from)
		}
		reads := func(f string) bool {
			if slices.Contains(readerForms, f) {
				return true
			}
			if shimFrom == "" {
				return false
			}
			return shimReads.of([3]string{shimFrom, h.Event, f}, func() bool { return contracts.ReadsAsDeny(shimFrom, h.Event, f) })
		}
		// The forms a script written for tool source may answer with
		// that the reader does not read, grouped under k; false when
		// none is.
		flag := func(source string, k key) bool {
			c, ok := contracts.Contract(source)
			if !ok {
				return false
			}
			sourceForms := formsOf(c, h.Event)
			if len(sourceForms) == 0 || sourceForms[0] == noAnswer || !slices.ContainsFunc(sourceForms, func(f string) bool { return !reads(f) }) {
				return false // none (or known none), or every one the reader reads too: nothing to read the script for
			}
			if readerForms[0] == noAnswer && !canBlock(hookReader.Slug, h.Event) {
				// Where the target only observes the event (Kiro IDE 0.x,
				// OpenHook), no answer blocks: HC204 says so, and "deny by
				// exiting 2" would be false advice.
				return false
			}
			// The forms the hook's text spells; when hookconv cannot read all
			// it runs, also the one the tool's docs teach. A server's answer
			// is never read.
			text, read := "", false
			if !http {
				if text, read = scripts.readScript(&h.Handler, forAnswer); !read {
					text = h.Handler.Command
				}
			}
			var spelled [4]string // on the stack: this runs for every guard of a large config
			forms := spelled[:0]
			for _, f := range sourceForms {
				if spellsForm(text, f) {
					forms = append(forms, f)
				}
			}
			// An inline command that runs nothing else (echo no >&2; exit 2)
			// shows all it prints as a script read whole does: the same
			// reading (QA: the commonest inline guard got the warning).
			if !read && !http && len(forms) == 0 && h.Handler.Cwd == "" && exitsTwo(text) {
				read = allVisible(text, forAnswer)
			}
			// A script read whole that exits 2 and spells no JSON deny blocks
			// by its exit code where the reader blocks on it: said as an info,
			// since reading a script is no proof (migrate's --remove-source
			// keeps it all the same).
			// A hook seen whole that answers with its source's stop and no
			// deny stops the agent: HC464 says where that is not read.
			// (The command, when not read: the other checks have read
			// whether it is all that runs, and scripts remembers it.)
			if len(forms) == 0 && !http && (read || h.Handler.Cwd == "" && scripts.inline(text)) && stopsAtOnce(contracts, source, h.Event, text, sourceForms) {
				return false
			}
			quiet := read && len(forms) == 0 && exitsTwo(text) &&
				(h.Event == denyEvent || exitBlocks(contracts, hookReader.Slug, h.Event))
			if !read || len(forms) == 0 {
				if !slices.Contains(forms, sourceForms[0]) {
					forms = append(forms, sourceForms[0])
				}
			}
			flagged := false
			for _, f := range forms {
				if reads(f) {
					continue
				}
				k.source, k.event, k.form, k.quiet, k.http = source, h.Event, f, quiet, http
				groups.add(k, h, i)
				flagged = true
			}
			return flagged
		}
		source := from
		if from == "canonical" || generated {
			// A manifest hook (and one of the programs hookconv generates,
			// which hold a manifest) answers in the canonical contract
			// unless its decoder's marks say which tool it was written for.
			if source = markedSource(h); source == "" {
				continue
			}
			if generatedTool(source) {
				// Written for a tool whose hooks hookconv generates a
				// program for (a hand-written Cline script): its deny_json
				// is what that program reads, not what such a script
				// prints (Cline's "cancel", which HC564 is about).
				continue
			}
		}
		flagged := flag(source, key{})
		if !flagged && source == from && source != to {
			// A tool that loads the hook's file as its own and stops the
			// action on any failing exit there (Copilot CLI's preToolUse,
			// a VS Code .github/hooks file: reference part 2 §1.2, §1.9;
			// as HC209 asks) runs the guard as a guard of its own, and
			// its scripts may answer in its form (Copilot CLI's flat
			// permissionDecision): one the target does not read weakens
			// the guard there too. Said only where the source's own form
			// is read, not twice of a hook.
			co, seen := coLoaders[h.OriginFile]
			if !seen {
				co = capabilities.CoLoader(from, h.OriginFile)
				if co == to {
					co = ""
				}
				if coLoaders == nil {
					coLoaders = map[string]string{}
				}
				coLoaders[h.OriginFile] = co
			}
			if b, ok := capabilities.Default().BlockingOf(co, h.Event); co != "" && ok && b.Exit == "nonzero" {
				flagged = flag(co, key{via: from, file: h.OriginFile})
			}
		}
		if flagged {
			counted = append(counted, i)
		}
	}
	for _, k := range groups.keys {
		g := groups.by[k]
		listed := g.listed()
		h := &m.Hooks[g.first]
		var w diag.List
		// Placed at the first hook, but with no path: it is about all of
		// them (check counts it for each from about, migrate marks each
		// from counted).
		hookReader, hookReaderName := reader, readerName
		if k.http {
			hookReader, hookReaderName = native, to
		}
		readerForms := denyForms(contracts, hookReader, k.event)
		hint := fmt.Sprintf("print what %s reads (%s)", hookReaderName, jsonField(readerForms[0]))
		switch {
		case k.http:
			// A status code alone never blocks (reference part 1 §1.9):
			// only the body can.
			hint = fmt.Sprintf("make the server answer what %s reads (%s) as well", hookReaderName, jsonField(readerForms[0]))
		case readerForms[0] == noAnswer:
			hint = "deny by exiting 2 with the reason on stderr: " + hookReaderName + " reads no JSON answer there"
		case k.event == denyEvent || exitBlocks(contracts, hookReader.Slug, k.event):
			hint = "deny by exiting 2 with the reason on stderr, or " + hint
		}
		does, lost := denyWords(k.event)
		reads := hookReaderName + " does not read that"
		if slices.Contains(hookReader.UnsureJSON, k.form) {
			reads = hookReaderName + " may not read that (" + hookReader.UnsureWhy + ")"
			lost = strings.Replace(strings.Replace(lost, " lets ", " may let ", 1), " blocks nothing", " may block nothing", 1)
		}
		msg := fmt.Sprintf("%d blocking hook(s) on %s (%s) were written for %s, whose scripts may %s with %s; %s: a script that %s",
			g.n, k.event, listed, k.source, does, jsonField(k.form), reads, lost)
		if k.via != "" {
			// Named as HC209 names it.
			msg = fmt.Sprintf("%d blocking hook(s) on %s (%s) were written for %s, and %s runs them too (it loads %s's file %s as its own), where a script may %s with %s; %s: a script that %s",
				g.n, k.event, listed, k.via, k.source, k.via, k.file, does, jsonField(k.form), reads, lost)
		}
		if k.http {
			msg = fmt.Sprintf("%d blocking http hook(s) on %s (%s) were written for %s, whose servers may %s by answering %s; %s: a server that %s",
				g.n, k.event, listed, k.source, does, jsonField(k.form), reads, lost)
		}
		if k.quiet {
			w.Infof(CodeDenyAnswer, h.PosOf("handler.command"), "", "check that they print no JSON deny",
				"%s (their scripts, read through, seem to deny by exiting 2 only, which %s reads too)", msg, readerName)
		} else {
			at := h.PosOf("handler.command")
			if k.http {
				at = h.PosOf("handler.url")
			}
			w.Warnf(CodeDenyAnswer, at, "", hint, "%s", msg)
		}
		ds = append(ds, inHookFile(w, h, files)...)
		about = append(about, g.hooks)
	}
	return ds, about, counted
}

// spellsForm reports whether text spells a deny form's last key and its
// value: "permissionDecision" and "deny".
func spellsForm(text, form string) bool {
	_, value, _ := strings.Cut(form, " = ")
	return strings.Contains(text, denyKey(form)) && (value == anyText || strings.Contains(text, strings.Trim(value, `"`)))
}

// generatedTool reports whether slug is a tool whose hooks hookconv
// writes as a program of its own (the providers table's generated).
func generatedTool(slug string) bool {
	p, _ := vocab.Default().Provider(slug)
	return p.Generated
}

// markedSource is the tool a manifest hook was decoded from, by its
// decoder's marks in provider_data (the least such slug), or "".
func markedSource(h *canonical.Hook) string { return capabilities.MarkedSource(h) }

// topLevelEvent returns the tool and native event a hook was decoded
// from when that event's payload keeps the tool's fields at its top level
// (the contract's top_level_events): from the source tool's data, or, for
// a manifest, from any tool's ("" when none).
func topLevelEvent(h *canonical.Hook, from string, contracts *hookrun.Tables) (slug, native string) {
	// Unsorted, without allocating (this runs for every tool hook of a
	// large config); the least slug wins, so the answer is stable.
	for s, raw := range h.ProviderData {
		if from != "canonical" && s != from || slug != "" && s > slug || !bytes.Contains(raw, []byte(`"$event"`)) {
			continue
		}
		c, ok := contracts.Contract(s)
		if !ok || len(c.TopLevelEvents) == 0 {
			continue
		}
		if ev := providers.OwnData(h, s).Get("$event"); ev != nil && slices.Contains(c.TopLevelEvents, ev.Text) && namesEvent(s, ev.Text, h.Event) {
			slug, native = s, ev.Text
		}
	}
	return slug, native
}

// namesEvent reports whether native, slug's name for an event, stands for
// the canonical event: a hand-edited "$event" or "$spelling" may name
// another event (validate warns, HC594), and then says nothing of where
// the hook came from.
func namesEvent(slug, native, event string) bool {
	return slices.ContainsFunc(vocab.Default().DecodeEvent(slug, native), func(r vocab.NativeEvent) bool { return r.Event == event })
}

// plainContext notes (HC420), once per conversion, the command hooks on
// events where the source adds a hook's plain-text stdout to the agent's
// context (Claude Code's SessionStart and UserPromptSubmit) and the
// target does not (Cline's generated script passes it on itself:
// cline.ForwardsPlainText). Whether a script prints plain text cannot be
// seen from the config, so this is information, not a warning: such a
// script's text no longer reaches the agent. Under the shim hookconv run
// --from reads the text as the source does and answers the target with
// it in the target's own form (JSON or plain): it is lost only where the
// target takes no context on the event. A generated target (Cline's
// script, OpenCode's plugin) runs the hook under the canonical contract
// itself, where plain stdout on exit 0 is a hook error (spec §5).
func plainContext(m *canonical.Manifest, from, to string, files providers.Files, shim bool) (diag.List, [][]int) {
	// To its own tool only the shim changes who reads the output.
	if from == to && !shim || from == "canonical" || to == "canonical" {
		return nil, nil
	}
	contracts := hookrun.Default()
	// carried: the shim's run --from hands the text on to the target.
	carried := shim && !generatedTool(to)
	canonicalOnly := shim && !carried
	// Whether the event loses plain context, per event: a large config
	// has thousands of hooks on a handful of events.
	loses := map[string]bool{}
	var events []string
	var hooks []int
	first := -1 // the first hook noted, where the note is placed
	for i := range m.Hooks {
		h := &m.Hooks[i]
		if h.Handler.Type != canonical.HandlerCommand {
			continue
		}
		lost, known := loses[h.Event]
		if !known {
			lost = contracts.PlainContext(from, h.Event) && (shim || !contracts.PlainContext(to, h.Event))
			if carried {
				// In the target's JSON where it takes no plain text.
				lost = lost && !contracts.PlainContext(to, h.Event) && contextField(contracts, to, h.Event) == ""
			}
			loses[h.Event] = lost
		}
		// Cline's generated script passes such a hook's text on as
		// contextModification itself: nothing is lost there.
		if !lost || !shim && to == cline.Slug && cline.ForwardsPlainText(h) {
			continue
		}
		if first < 0 {
			first = i
		}
		hooks = append(hooks, h.SourceIndex(i))
		if !slices.Contains(events, h.Event) {
			events = append(events, h.Event)
		}
	}
	jds, jhooks := clineJSONContext(m, from, to, files)
	n := len(hooks)
	if n == 0 {
		return jds, jhooks
	}
	hint := to + " takes no context from hooks on " + strings.Join(events, " or ") + ": nothing a script prints there reaches the agent"
	for _, ev := range events {
		if field := contextField(contracts, to, ev); field != "" {
			hint = "have the script print the context as JSON, the way " + to + " reads it (" + field + " on " + ev + ")"
			break
		}
	}
	if canonicalOnly {
		hint = `have the script print {"context": "…"}, which hookconv run passes on`
	}
	var ds diag.List
	ds.Infof(CodePlainContext, m.Hooks[first].PosOf("handler.command"), "", hint,
		"%d command hook(s) on %s: %s adds a hook's plain-text stdout to the agent's context there, %s does not, so text such a script prints no longer reaches the agent",
		n, strings.Join(events, ", "), from, plainContextTarget(to, canonicalOnly))
	return append(atFirstHook(ds, m, first, files), jds...), append([][]int{hooks}, jhooks...)
}

// clineJSONContext notes (HC420), once per conversion, the command hooks
// going to Cline on events where their source reads context from a
// hook's JSON answer (its context rule's field: Copilot CLI's
// additionalContext on notification) and Cline takes none (TakesContext:
// TaskComplete, Notification, …). Cline's generated script collects such
// context from every hook, but Cline drops it there. Other targets read
// the hook's answer themselves, by their own rules.
func clineJSONContext(m *canonical.Manifest, from, to string, files providers.Files) (diag.List, [][]int) {
	if to != cline.Slug || from == to || from == "canonical" {
		return nil, nil
	}
	contracts := hookrun.Default()
	field := map[string]string{} // per event: the source's JSON field, "" where Cline takes context
	var events, fields []string
	var hooks []int
	first := -1
	for i := range m.Hooks {
		h := &m.Hooks[i]
		if h.Handler.Type != canonical.HandlerCommand || h.Handler.Async {
			continue
		}
		f, known := field[h.Event]
		if !known {
			if !cline.TakesContext(h.Event) {
				f = contextField(contracts, from, h.Event)
			}
			field[h.Event] = f
		}
		if f == "" {
			continue
		}
		if first < 0 {
			first = i
		}
		hooks = append(hooks, h.SourceIndex(i))
		if !slices.Contains(events, h.Event) {
			events = append(events, h.Event)
			fields = append(fields, f+" on "+h.Event)
		}
	}
	if len(hooks) == 0 {
		return nil, nil
	}
	var ds diag.List
	ds.Infof(CodePlainContext, m.Hooks[first].PosOf("handler.command"), "",
		"cline takes no context from hooks on "+strings.Join(events, " or ")+": nothing such a script answers there reaches the agent",
		"%d command hook(s) on %s: %s adds the context a hook answers with (%s) to the agent's context there, cline does not, so context such a script gives no longer reaches the agent",
		len(hooks), strings.Join(events, ", "), from, strings.Join(fields, ", "))
	return atFirstHook(ds, m, first, files), [][]int{hooks}
}

// atFirstHook places a once-per-conversion note about several hooks in
// the file of the first of them (m.Hooks[first]), as the exit-code notes
// do (HC432, HC209): in a tool with a file per hook (Kiro's .kiro.hook
// files) the first file read may hold none of the hooks noted (QA F13).
// A hook without an origin file leaves the note in the first file read.
func atFirstHook(ds diag.List, m *canonical.Manifest, first int, files providers.Files) diag.List {
	if file := m.Hooks[first].OriginFile; file != "" {
		return ds.WithFile(file)
	}
	if paths := files.Paths(); len(paths) > 0 {
		return ds.WithFile(paths[0])
	}
	return ds
}

// plainContextTarget names who reads the hook's output in the target.
func plainContextTarget(to string, shim bool) string {
	if shim {
		return "hookconv run (the shim)"
	}
	return to
}

// contextField is the JSON field through which the provider takes a
// hook's context on the event, "" when it has none.
func contextField(t *hookrun.Tables, provider, event string) string {
	ref, _ := t.ResolveEvent(provider, event)
	r, ok := t.Rule(provider, "context", ref)
	if !ok {
		return ""
	}
	for _, line := range r.Set {
		if path, value, ok := strings.Cut(line, "="); ok && strings.TrimSpace(value) == "$context" {
			return strings.TrimSpace(path)
		}
	}
	return ""
}

// inputPlace says where a contract keeps the tool's input (each client's,
// where they differ).
func inputPlace(c *hookrun.Contract) string {
	if clients := c.Clients(); len(clients) > 0 {
		var each []string
		for _, cl := range clients {
			each = append(each, fmt.Sprintf("at %s (%s's payload)", cl.ToolInput, cl.Client))
		}
		return strings.Join(each, " or ")
	}
	place := payloadPlace(c)
	if strings.HasPrefix(place, "at ") {
		return "at " + c.ToolInput[0]
	}
	return place
}

// payloadPlace says where a contract keeps the tool's name and input: at
// each client's paths where its clients' payloads differ (client_places:
// Cline's), at the first paths, or under the one key every path starts
// with (Windsurf's tool_info.*, whose layout differs per action).
func payloadPlace(c *hookrun.Contract) string {
	if clients := c.Clients(); len(clients) > 0 {
		// Each client's (Cline's VS Code extension and CLI): a script
		// adapted to the first alone finds nothing in the other.
		var each []string
		for _, cl := range clients {
			each = append(each, fmt.Sprintf("at %s and %s (%s's payload)", cl.Tool, cl.ToolInput, cl.Client))
		}
		return strings.Join(each, " or ")
	}
	var roots []string
	for _, p := range slices.Concat(c.Tool, c.ToolInput) {
		for _, part := range strings.Split(strings.Trim(p, "{}"), ",") {
			if _, target, ok := strings.Cut(part, "="); ok {
				part = target
			}
			root, _, _ := strings.Cut(part, ".")
			roots = append(roots, root)
		}
	}
	if len(c.Tool)+len(c.ToolInput) > 2 && len(slices.Compact(roots)) == 1 {
		return "under " + roots[0]
	}
	return "at " + c.Tool[0] + " and " + c.ToolInput[0]
}
