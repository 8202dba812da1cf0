package hookrun

import (
	"bytes"
	"cmp"
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/hookconv/hookconv/capabilities"
	"github.com/hookconv/hookconv/vocab"
)

// Reply is what the shim says to the tool: its exit code, stdout and
// stderr, in the tool's own contract.
type Reply struct {
	Exit           int
	Stdout, Stderr []byte

	// Decision is what the tool was told, after the fallbacks: an ask it
	// cannot ask is DecisionDeny here. Reason is the reason it was given.
	Decision Decision
	Reason   string
	// Stop is set when the tool was told to stop the agent.
	Stop bool
	// Notes are hookconv's warnings about the answer itself (context the
	// tool cannot take…), which Stderr has too.
	Notes []string
}

// Answer tells a provider the outcome of a hook in the provider's own
// terms, from the rules of the contract table. What the provider cannot be
// told falls back to what is safe: an ask it cannot ask is a deny, an
// input rewrite it cannot apply is a deny (spec §6: input_rewrite degrades
// to block), a stop it cannot make is a deny; context it cannot inject is
// dropped with a warning, a system message it has no field for goes to
// stderr.
func (t *Tables) Answer(provider string, ev EventRef, o Outcome) Reply {
	if _, ok := t.Contract(provider); !ok {
		// Options.Check refuses such a provider; should one get here, fail
		// closed rather than let anything through unanswered.
		return Reply{Exit: 2, Stderr: []byte(fmt.Sprintf("hookconv: no runtime contract for %q\n", provider))}
	}
	a := answer{t: t, provider: provider, ev: ev, obj: &object{}}
	a.vars = map[string]string{
		"native_event":   ev.Native,
		"event":          ev.Canonical,
		"reason":         o.Reason,
		"context":        o.Context,
		"updated_input":  string(o.UpdatedInput),
		"system_message": o.SystemMessage,
		"error":          o.Error,
	}
	if o.Error != "" {
		a.apply(WhatError)
		a.log(o.Log)
		return a.reply(o.Notes)
	}

	d := o.Decision
	switch {
	case d == DecisionAsk && !a.has(WhatAsk):
		d = DecisionDeny
		a.vars["reason"] = join(o.Reason, fmt.Sprintf("(hookconv: %s cannot ask the user here: denied)", a.name()))
	case o.UpdatedInput != nil && d != DecisionDeny && !a.has(WhatUpdatedInput) && !o.Blocking:
		// A hook that may not block cannot be blocked for: the rewrite
		// is dropped and the action proceeds as it was.
		o.UpdatedInput = nil
		a.notes = append(a.notes, fmt.Sprintf("hookconv: %s cannot rewrite the tool input here: the rewrite is dropped (the hook is not blocking, so it does not block instead)", a.name()))
	case o.UpdatedInput != nil && d != DecisionDeny && !a.has(WhatUpdatedInput):
		d = DecisionDeny
		a.vars["reason"] = fmt.Sprintf("hookconv: %s cannot rewrite the tool input here: blocked instead (input_rewrite degrades to block)", a.name())
	case o.Stop && d != DecisionDeny && !a.has(WhatStop) && !slices.Contains(stopEvents, ev.Canonical):
		d = DecisionDeny
		a.vars["reason"] = join(o.Reason, fmt.Sprintf("(hookconv: %s cannot stop the agent here: denied instead)", a.name()))
	}

	if d == DecisionDeny && strings.TrimSpace(a.vars["reason"]) == "" {
		// Resolve gives every deny a reason; an Outcome made elsewhere
		// may not, and a block some tools read from a non-empty stderr
		// alone (Codex: exit 2 with blank stderr fails open) needs one.
		a.vars["reason"] = "denied by a hook (hookconv: it gave no reason)"
	}
	switch d {
	case DecisionDeny:
		if a.ev.Canonical == "" && a.denyEveryWay() {
			break
		}
		if r, missed, ok := a.denyRule(); ok {
			a.applyRule(r)
			a.noteUnread(missed, "this deny as a block")
		}
		a.noteObserveOnly()
	case DecisionAsk:
		a.apply(WhatAsk)
		a.noteJSONOnly(WhatAsk, "this ask")
	case DecisionAllow:
		a.apply(WhatAllow)
	}
	// A block the tool reads from the exit code and stderr: stderr holds
	// the reason and nothing else, and stdout is read only if the deny
	// rule itself printed fields (Copilot merges them with the exit 2).
	blocked := a.exit != 0 && d == DecisionDeny
	a.decision, a.stop = d, o.Stop && d != DecisionDeny
	if blocked && !a.exitSets {
		if lost := extrasOf(o); len(lost) > 0 && a.denyByExitForOthers() {
			// The block both tools read is the exit code; the provider's
			// own JSON deny would have carried these (QA s28 q3 F4).
			a.notes = append(a.notes, fmt.Sprintf("hookconv: %s's deny is answered by its exit code, which another tool running these hooks reads as a block too: the hook's %s dropped", a.name(), strings.Join(lost, " and ")+map[bool]string{true: " is", false: " are"}[len(lost) == 1]))
		}
		return a.reply(nil)
	}
	if d != DecisionDeny {
		if o.UpdatedInput != nil {
			a.apply(WhatUpdatedInput)
			a.noteJSONOnly(WhatUpdatedInput, "this rewrite of the tool input")
		}
		if o.Stop {
			a.apply(WhatStop)
		}
	}
	if o.Context != "" && !a.apply(WhatContext) && !blocked {
		a.notes = append(a.notes, fmt.Sprintf("hookconv: %s cannot take context here: dropped", a.name()))
	}
	if o.SystemMessage != "" && !a.apply(WhatSystemMessage) && !blocked {
		a.stderr = append(a.stderr, o.SystemMessage)
	}
	if o.SuppressOutput {
		a.apply(WhatSuppressOutput)
	}
	if blocked {
		return a.reply(nil)
	}
	a.log(o.Log)
	return a.reply(o.Notes)
}

// noteObserveOnly says so when the deny just applied cannot prevent the
// action: on an event where the blocking matrix says the provider only
// observes (Copilot CLI's userPromptSubmitted shows exit 2 as a warning),
// the tool goes ahead whatever it is told, and a hook author reading the
// run must not take the deny for a block. (convert says it too, HC204.)
func (a *answer) noteObserveOnly() {
	if a.exit == 0 && a.obj.empty() {
		return // the deny rule answers in words, which say so themselves
	}
	b, ok := capabilities.Default().BlockingOf(a.provider, a.ev.Canonical)
	if !ok || b.Behaviour != "observe" {
		return
	}
	why := ""
	if b.Note != "" {
		why = " (" + b.Note + ")"
	}
	a.observeNote = fmt.Sprintf("hookconv: %s cannot prevent the action on %s%s", a.name(), cmp.Or(a.ev.Native, a.ev.Canonical), why)
}

// denyRule is the rule a deny is answered by: the provider's own, unless
// another tool also loads the provider's hook files (the providers
// table's also_reads: Copilot CLI runs the hooks of .claude/settings.json
// and of VS Code's .github/hooks files, with their commands, so with the
// shim's --provider) and does not read that answer as a block on the
// event. Then it is, of the provider's own exit-code deny and each such
// tool's own deny, the first that the provider reads as a block there
// too and that the most of those tools read: an answer both read blocks
// whoever runs the hook (QA: Claude Code's nested hookSpecificOutput
// deny, which Copilot CLI does not read, let the call run there). missed
// lists the tools that read none of them.
func (a *answer) denyRule() (rule Rule, missed []string, ok bool) {
	own, ok := a.t.Rule(a.provider, WhatDeny, a.ev)
	if !ok {
		return own, nil, false
	}
	readers := a.t.coReaders(a.provider, a.ev.Canonical)
	unread := func(r Rule) []string {
		var out []string
		for _, q := range readers {
			if !a.t.readsDeny(q, a.ev.Canonical, r) {
				out = append(out, q)
			}
		}
		return out
	}
	best, missed := own, unread(own)
	if len(missed) == 0 {
		return own, nil, true
	}
	candidates := []Rule{}
	for _, r := range a.t.rules[[2]string{a.provider, WhatDeny}] {
		if r.Exit != 0 && len(r.Set) == 0 && len(r.Events) == 0 {
			candidates = append(candidates, r) // the provider's exit-code deny
			break
		}
	}
	for _, q := range readers {
		if r, ok := a.t.Rule(q, WhatDeny, EventRef{Canonical: a.ev.Canonical}); ok {
			candidates = append(candidates, r)
		}
	}
	for _, r := range candidates {
		if !a.t.readsDeny(a.provider, a.ev.Canonical, r) {
			continue
		}
		if m := unread(r); len(m) < len(missed) {
			best, missed = r, m
		}
	}
	return best, missed, true
}

// denyEveryWay answers a deny on an event that cannot be told (the payload
// names none and --event was not given: Copilot CLI's camelCase payloads)
// with the JSON fields of every deny rule of the provider, on exit 0, and
// reports whether any rule has fields. The provider's rule without events
// (exit 2, mostly) would be the block on some events only: Copilot CLI
// reads exit 2 on agentStop as a warning, and the guard is lost there
// (QA), while it reads its own JSON deny of each event in one object.
func (a *answer) denyEveryWay() bool {
	said := false
	for _, r := range a.t.rules[[2]string{a.provider, WhatDeny}] {
		if len(r.Set) == 0 {
			continue
		}
		a.applyRule(Rule{Set: r.Set}) // the fields alone, on exit 0
		said = true
	}
	if said {
		a.notes = append(a.notes, fmt.Sprintf("hookconv: the event is unknown, so the deny is given in the JSON of every %s event that can block (pass --event)", a.name()))
	}
	return said
}

// noteJSONOnly notes, for an answer only JSON gives (an ask, a rewrite),
// the tools that also run the hooks of the provider's files and read it
// in another form or not at all (jsonOnlyMissed).
func (a *answer) noteJSONOnly(what, as string) {
	a.noteUnread(a.jsonOnlyMissed(what), as)
}

// jsonOnlyMissed lists the tools that also run the hooks of the
// provider's files and read its answer for what (an ask, a rewrite) in
// another form or not at all: there the call goes ahead unasked or
// unchanged.
func (a *answer) jsonOnlyMissed(what string) []string {
	r, ok := a.t.Rule(a.provider, what, a.ev)
	if !ok {
		return nil
	}
	var missed []string
	for _, q := range a.t.coReaders(a.provider, a.ev.Canonical) {
		if own, ok := a.t.Rule(q, what, EventRef{Canonical: a.ev.Canonical}); !ok || !covers(r, own) {
			missed = append(missed, q)
		}
	}
	return missed
}

// UnreadBy lists the tools that also run the hooks written into
// provider's files (Copilot CLI: Claude Code's settings, VS Code's
// .github/hooks files) and may not read what hookconv run --provider
// provider answers there on the canonical event: for WhatDeny, a deny no
// answer of both tools' blocks in; for WhatAsk and WhatUpdatedInput, an
// ask or a rewrite only the provider's JSON says. convert --shim warns
// about them (HC450, HC451).
func (t *Tables) UnreadBy(provider, event, what string) []string {
	ref, _ := t.ResolveEvent(provider, event)
	a := answer{t: t, provider: provider, ev: ref}
	if what != WhatDeny {
		return a.jsonOnlyMissed(what)
	}
	_, missed, _ := a.denyRule()
	return missed
}

// DenyDropsExtras reports whether hookconv run answers a deny on the
// provider's event by an exit code alone, chosen over the provider's own
// deny because another tool running the provider's files reads only
// that (denyRule): a deny's context and system message then reach
// neither tool. convert --shim says so (HC451).
func (t *Tables) DenyDropsExtras(provider, event string) bool {
	ref, _ := t.ResolveEvent(provider, event)
	a := answer{t: t, provider: provider, ev: ref}
	return a.denyByExitForOthers()
}

// denyByExitForOthers reports whether the deny rule is an exit code
// without JSON where the provider's own deny has JSON fields: chosen for
// the tools that also run its files.
func (a *answer) denyByExitForOthers() bool {
	own, ok := a.t.Rule(a.provider, WhatDeny, a.ev)
	if !ok || len(own.Set) == 0 {
		return false
	}
	r, _, ok := a.denyRule()
	return ok && r.Exit != 0 && len(r.Set) == 0
}

// extrasOf names the fields of an outcome besides its decision that a
// deny by exit code cannot carry.
func extrasOf(o Outcome) []string {
	var out []string
	if o.Context != "" {
		out = append(out, "context")
	}
	if o.SystemMessage != "" {
		out = append(out, "system message")
	}
	return out
}

// noteUnread sets coNote to name the tools that may not read the answer.
func (a *answer) noteUnread(missed []string, as string) {
	if len(missed) == 0 {
		return
	}
	var names []string
	for _, q := range missed {
		p, _ := vocab.Default().Provider(q)
		names = append(names, p.Name)
	}
	a.coNote = fmt.Sprintf("hookconv: %s also run%s the hooks written for %s and may not read %s on %s", strings.Join(names, " and "), map[bool]string{true: "s"}[len(names) == 1], a.provider, as, cmp.Or(a.ev.Native, a.ev.Canonical))
}

// covers reports whether rule r exits as rule own does and sets every
// line own sets, so a tool whose answer own is reads r's too (two rules
// that print nothing answer alike: a permission dialog asks by itself).
func covers(r, own Rule) bool {
	if own.Exit != r.Exit {
		return false
	}
	lines := map[string]bool{}
	for _, l := range r.Set {
		lines[setKey(l)] = true
	}
	for _, l := range own.Set {
		if !lines[setKey(l)] {
			return false
		}
	}
	return true
}

// coReaders lists the tools, other than provider, that load provider's
// hook files as their own (the providers table's also_reads), read only
// their own answers there (own_answers_only) and can block on the
// canonical event: those a shim written into provider's files answers
// too. (Cursor, which loads Claude Code's settings too, reads Claude's
// answers in them.)
func (t *Tables) coReaders(provider, event string) []string {
	var out []string
	for _, p := range vocab.Default().Providers {
		if p.Slug == provider || !slices.Contains(p.AlsoReads, provider) {
			continue
		}
		if c, ok := t.Contract(p.Slug); !ok || !c.OwnAnswersOnly {
			continue
		}
		if b, ok := capabilities.Default().BlockingOf(p.Slug, event); ok && b.Behaviour != capabilities.Observe {
			out = append(out, p.Slug)
		}
	}
	return out
}

// readsDeny reports whether tool reads the answer of deny rule r as a
// block on the canonical event: an exit code, where the blocking matrix
// says exit 2 blocks there; or JSON on exit 0 that holds one of the
// answers its contract says it reads as a deny there (deny_json on
// before_tool_execute, reads_json), or every line of its own deny rule
// for the event.
func (t *Tables) readsDeny(tool, event string, r Rule) bool {
	if r.Exit != 0 {
		b, ok := capabilities.Default().BlockingOf(tool, event)
		return ok && b.ExitTwoBlocks()
	}
	if len(r.Set) == 0 {
		return false
	}
	lines := map[string]bool{}
	for _, l := range r.Set {
		lines[setKey(l)] = true
	}
	c, ok := t.Contract(tool)
	if !ok {
		return false
	}
	forms := c.ReadsJSON
	if event == "before_tool_execute" {
		forms = slices.Concat(c.DenyJSON, forms)
	}
	for _, f := range forms {
		if ev, form, ok := strings.Cut(f, ": "); ok && strings.Contains(form, "=") {
			if ev != event {
				continue
			}
			f = form
		}
		if lines[setKey(f)] {
			return true
		}
	}
	own, ok := t.Rule(tool, WhatDeny, EventRef{Canonical: event})
	return ok && len(own.Set) > 0 && covers(r, own)
}

// setKey spells a `path = value` line one way, for comparing lines.
func setKey(line string) string {
	as, err := parseSet(line)
	if err != nil {
		return line
	}
	return strings.Join(as.path, ".") + "=" + as.value
}

// stopEvents are the events where the agent is stopping already: a stop
// there needs no answer, and a deny would do the opposite (make it go on).
var stopEvents = []string{"agent_stop", "subagent_stop"}

// answer is one reply being built.
type answer struct {
	t        *Tables
	provider string
	ev       EventRef
	vars     map[string]string

	exit int
	// exitSets: the rule that set exit also set fields; stdout is printed
	// with a non-zero exit only then.
	exitSets bool
	// decision and stop are what the tool is told (Reply.Decision, Stop).
	decision Decision
	stop     bool
	obj      *object
	text     []string
	stderr   []string
	notes    []string
	// coNote names the tools that also load the provider's hook files
	// and may not read the deny as a block (denyRule); like observeNote,
	// in the run log always, on stderr unless stderr is the reason.
	coNote string
	// observeNote says a deny cannot prevent the action there. It is in
	// the run log always, and on stderr unless stderr is the reason the
	// tool shows the model (Claude's PostToolUse exit 2), which must hold
	// the hook's words only.
	observeNote string
}

func (a *answer) name() string {
	if p, ok := vocab.Default().Provider(a.provider); ok {
		return p.Name
	}
	return a.provider
}

func (a *answer) has(what string) bool {
	_, ok := a.t.Rule(a.provider, what, a.ev)
	return ok
}

// apply renders the provider's rule for what, reporting whether it has one.
func (a *answer) apply(what string) bool {
	r, ok := a.t.Rule(a.provider, what, a.ev)
	if ok {
		a.applyRule(r)
	}
	return ok
}

// applyRule renders one rule.
func (a *answer) applyRule(r Rule) {
	for _, line := range r.Set {
		as, err := parseSet(line)
		if err != nil {
			continue // TestRulesValid keeps the table free of these
		}
		v, ok := a.value(as.value)
		if ok {
			a.obj.setIfAbsent(as.path, v)
		}
	}
	if s := a.render(r.Stdout); s != "" {
		a.text = append(a.text, s)
	}
	if s := a.render(r.Stderr); s != "" {
		a.stderr = append(a.stderr, s)
	}
	if r.Exit != 0 && a.exit == 0 {
		a.exit, a.exitSets = r.Exit, len(r.Set) > 0
	}
}

// value is a set line's JSON value: a literal, or a variable (strings are
// quoted, $updated_input is JSON already). ok is false for an empty
// variable, whose field is then left out.
func (a *answer) value(v string) (json.RawMessage, bool) {
	if !strings.HasPrefix(v, "$") {
		return json.RawMessage(v), true
	}
	s := a.vars[v[1:]]
	if s == "" {
		return nil, false
	}
	if v == "$updated_input" {
		var b bytes.Buffer
		if json.Compact(&b, []byte(s)) != nil {
			return nil, false
		}
		return b.Bytes(), true
	}
	return quote(s), true
}

// render fills a plain-text template.
func (a *answer) render(tmpl string) string {
	if tmpl == "" {
		return ""
	}
	s := tmpl
	for _, k := range []string{"native_event", "event", "reason", "context", "updated_input", "system_message", "error"} {
		s = strings.ReplaceAll(s, "$"+k, a.vars[k])
	}
	return strings.TrimSpace(s)
}

// log passes the hook's own stderr on.
func (a *answer) log(s string) {
	if s != "" && !contains(a.stderr, s) {
		a.stderr = append([]string{s}, a.stderr...)
	}
}

func (a *answer) reply(notes []string) Reply {
	r := Reply{Exit: a.exit, Decision: a.decision, Stop: a.stop, Notes: a.notes}
	stderrIsReason := a.exit != 0 && !a.exitSets && a.decision == DecisionDeny
	for _, n := range []string{a.coNote, a.observeNote} {
		if n == "" {
			continue
		}
		r.Notes = append(slices.Clip(r.Notes), n)
		if !stderrIsReason {
			a.notes = append(a.notes, n)
		}
	}
	if a.decision != DecisionNone {
		r.Reason = a.vars["reason"]
	}
	if a.exit == 0 || a.exitSets {
		switch {
		case !a.obj.empty():
			r.Stdout = append(a.obj.marshal(), '\n')
		case len(a.text) > 0:
			r.Stdout = []byte(strings.Join(a.text, "\n") + "\n")
		case a.exit == 0 && a.alwaysJSON():
			r.Stdout = []byte("{}\n")
		}
	}
	if len(r.Stdout) == 0 && a.exit != 0 && a.decision != DecisionDeny && a.alwaysJSON() {
		// A hook error answered by its exit code: a tool that reads
		// stderr as the answer when stdout is empty (Gemini CLI) must
		// not take the hook's own stderr for one.
		r.Stdout = []byte("{}\n")
	}
	lines := append(append(a.stderr, notes...), a.notes...)
	if len(lines) > 0 {
		r.Stderr = []byte(strings.Join(lines, "\n") + "\n")
	}
	return r
}

func (a *answer) alwaysJSON() bool {
	c, ok := a.t.Contract(a.provider)
	return ok && c.AlwaysJSON
}

func contains(list []string, s string) bool {
	for _, l := range list {
		if l == s {
			return true
		}
	}
	return false
}

// quote encodes a JSON string without HTML escaping, so a reason reads
// the same in the tool's log as the hook wrote it.
func quote(s string) json.RawMessage {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(s) // a string always encodes
	return bytes.TrimSuffix(b.Bytes(), []byte("\n"))
}

// object is a JSON object that keeps its keys in the order they were set,
// so answers are byte-for-byte stable.
type object struct {
	keys []string
	vals map[string]any // json.RawMessage or *object
}

func (o *object) empty() bool { return len(o.keys) == 0 }

// setIfAbsent sets a dotted path unless it is set already: the decision
// is applied first and wins over what later rules would set.
func (o *object) setIfAbsent(path []string, v json.RawMessage) {
	if o.vals == nil {
		o.vals = map[string]any{}
	}
	k := path[0]
	cur, exists := o.vals[k]
	if len(path) == 1 {
		if !exists {
			o.keys = append(o.keys, k)
			o.vals[k] = v
		}
		return
	}
	child, ok := cur.(*object)
	if !exists {
		child = &object{}
		o.keys = append(o.keys, k)
		o.vals[k] = child
	} else if !ok {
		return // a scalar is set there already
	}
	child.setIfAbsent(path[1:], v)
}

func (o *object) marshal() []byte {
	var b bytes.Buffer
	b.WriteByte('{')
	for i, k := range o.keys {
		if i > 0 {
			b.WriteByte(',')
		}
		b.Write(quote(k))
		b.WriteByte(':')
		switch v := o.vals[k].(type) {
		case *object:
			b.Write(v.marshal())
		case json.RawMessage:
			b.Write(v)
		}
	}
	b.WriteByte('}')
	return b.Bytes()
}
