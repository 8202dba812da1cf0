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
		a.apply(WhatDeny)
		a.noteObserveOnly()
	case DecisionAsk:
		a.apply(WhatAsk)
	case DecisionAllow:
		a.apply(WhatAllow)
	}
	// A block the tool reads from the exit code and stderr: stderr holds
	// the reason and nothing else, and stdout is read only if the deny
	// rule itself printed fields (Copilot merges them with the exit 2).
	blocked := a.exit != 0 && d == DecisionDeny
	a.decision, a.stop = d, o.Stop && d != DecisionDeny
	if blocked && !a.exitSets {
		return a.reply(nil)
	}
	if d != DecisionDeny {
		if o.UpdatedInput != nil {
			a.apply(WhatUpdatedInput)
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
	if !ok {
		return false
	}
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
	return true
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
	if a.observeNote != "" {
		r.Notes = append(slices.Clip(r.Notes), a.observeNote)
		if !stderrIsReason {
			a.notes = append(a.notes, a.observeNote)
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
