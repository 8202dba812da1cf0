package hookrun

// The tool a hook was written for (run --from). convert --shim wraps
// hooks that were written against their source tool's payload and
// answers, not the canonical contract: a Claude Code guard tests
// .tool_name == "Bash" and denies with hookSpecificOutput's
// permissionDecision. With --from, the hook's input also carries the
// source's own spelling of the fields its payload keeps at the top level,
// and its JSON answer is also read in the source's own forms, both from
// the tables (the contracts table's paths and rules, read in reverse;
// the vocabulary's names): no tool is known here by name.

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"reflect"
	"slices"
	"strings"
	"sync"

	"github.com/hookconv/hookconv/internal/sortedkeys"
	"github.com/hookconv/hookconv/providers"
	"github.com/hookconv/hookconv/vocab"
)

// ownField is one field of the hook's input in the source tool's own
// spelling (Input.Own).
type ownField struct {
	key   string
	value json.RawMessage
}

// canonicalKeys are the keys of the canonical input (Input's JSON names
// and "native"): a source's own spelling is added only under another key,
// so a canonical field always holds what run --help says it holds.
var canonicalKeys = sync.OnceValue(func() []string {
	keys := []string{"native"}
	typ := reflect.TypeOf(Input{})
	for i := range typ.NumField() {
		name, _, _ := strings.Cut(typ.Field(i).Tag.Get("json"), ",")
		if name != "" && name != "-" {
			keys = append(keys, name)
		}
	}
	return keys
})

// topLevelKey returns the key of a contract path that names a member of
// the payload itself ("tool_name"), and false for a nested path
// (tool_info.mcp_tool_name), an index or a pick ({…}): a nested field is
// built with its siblings, from the values the input has, by
// nestedFields.
func topLevelKey(paths []string) (string, bool) {
	if len(paths) == 0 || strings.ContainsAny(paths[0], ".{}") {
		return "", false
	}
	return paths[0], true
}

// SourceEvent names the input's event as the source tool names it: the
// payload's own name where the source reads it as the same event (Codex
// and Claude Code both send PreToolUse), else the source's name for the
// canonical event, for a tool with split events (Cursor's
// beforeShellExecution) the one for the input's tool.
func SourceEvent(from string, in *Input) EventRef {
	ref := EventRef{Canonical: in.Event}
	if in.Event == "" {
		return ref
	}
	names := vocab.Default()
	if in.NativeEvent != "" && slices.ContainsFunc(names.DecodeEvent(from, in.NativeEvent), func(r vocab.NativeEvent) bool { return r.Event == in.Event }) {
		ref.Native = in.NativeEvent
		return ref
	}
	rows := names.EncodeEvent(from, in.Event)
	for _, r := range rows {
		if in.Tool != "" && slices.Contains(r.Tools, in.Tool) {
			ref.Native = r.Name
			return ref
		}
	}
	if in.MCP != nil && slices.ContainsFunc(rows, func(r vocab.NativeEvent) bool { return len(r.Tools) > 0 }) {
		// A source that splits the event by tool has one split of MCP
		// calls: its read-only row without tools (Windsurf's
		// pre_mcp_tool_use, Cursor's beforeMCPExecution), as the flat
		// codec reads it (QA: an MCP call was named pre_read_code).
		for _, r := range names.EventsOf(from) {
			if r.Event == in.Event && r.Alias && !r.Versioned && len(r.Tools) == 0 {
				ref.Native = r.Name
				return ref
			}
		}
	}
	for _, r := range rows {
		if len(r.Tools) == 0 {
			ref.Native = r.Name
			return ref
		}
	}
	if len(rows) > 0 {
		ref.Native = rows[0].Name
	}
	return ref
}

// sourceTool names the input's tool as the source tool names it: the
// payload's own name where the source reads it as the same tool, else
// the source's primary name for the canonical tool (Bash for shell under
// Claude Code), or an MCP tool spelled by the source's template. ok is
// false where the source has no name for it (a tool hookconv does not
// know, or an MCP call whose server the payload does not name where the
// source's names hold one): a guard comparing names then finds none,
// rather than another tool's.
func sourceTool(from string, in *Input) (string, bool) {
	names := vocab.Default()
	switch {
	case in.Tool != "":
		if n, ok := names.DecodeTool(from, in.NativeTool); ok && n.Tool == in.Tool {
			return in.NativeTool, true
		}
		if n, ok := names.EncodeTool(from, in.Tool); ok {
			return n.Name, true
		}
	case in.MCP != nil:
		p, _ := names.Provider(from)
		if p.MCP != "" && (in.MCP.Server != "" || !strings.Contains(p.MCP, "{server}")) {
			return providers.MCPName(p.MCP, in.MCP.Server, in.MCP.Tool), true
		}
	}
	return "", false
}

// ownFields lists the fields a payload of the source tool keeps at its
// top level under other keys than the canonical input's, with the
// input's values: its event's name (hook_event_name: PreToolUse for a
// Claude Code hook, whatever the target), its tool's name (tool_name:
// Bash), and the session, directory, prompt, transcript and the agent's
// last message (where the target's stop payload carries one) under the
// source's own keys (Copilot CLI's sessionId, Gemini CLI's
// prompt_response). The tool's input and
// response stay at tool_input and tool_response only: their shapes and
// argument names are the target's (HC419 says where they differ), and a
// copy under another top-level key would hide that; within the input,
// withSourceArg names the argument the call acts on as the source does. Fields the source
// nests (Windsurf's tool_info, Cline's preToolUse) are built as its
// payload holds them (nestedFields).
func (t *Tables) ownFields(from string, in *Input) []ownField {
	c, ok := t.Contract(from)
	if !ok {
		return nil
	}
	ev := SourceEvent(from, in)
	tool, _ := sourceTool(from, in)
	var out []ownField
	for _, f := range []struct {
		paths []string
		value string
	}{
		{c.Event, ev.Native},
		{c.Tool, tool},
		{c.SessionID, in.SessionID},
		{c.Cwd, in.Cwd},
		{c.Prompt, in.Prompt},
		{c.TranscriptPath, in.TranscriptPath},
		{c.LastMessage, in.LastMessage},
	} {
		key, ok := topLevelKey(f.paths)
		if !ok || f.value == "" || slices.Contains(canonicalKeys(), key) || slices.ContainsFunc(out, func(o ownField) bool { return o.key == key }) {
			continue
		}
		out = append(out, ownField{key, quote(f.value)})
	}
	taken := canonicalKeys()
	for _, o := range out {
		taken = append(slices.Clip(taken), o.key)
	}
	return append(out, t.nestedFields(from, c, in, ev, tool, taken)...)
}

// SourceAnswers are the JSON answers a hook written for one tool gives on
// one event, read in reverse from that tool's rules: what hookconv run
// prints to tell the tool a deny is what a script written for it prints
// to deny. Resolve reads a hook's exit-0 output in them besides the
// canonical fields (Policy.Source).
type SourceAnswers struct {
	From  string
	Event EventRef // the event as the source names it
	forms []answerForm
	// decides are the paths the source's forms decide by with a string
	// (permissionDecision) and the values they read there, on any event:
	// another value there is an answer hookconv cannot read, which a
	// blocking hook must not pass off as an allow unsaid.
	decides map[string][]string
	// merges says the source merges a rewritten tool input over the
	// call's arguments (Contract.MergesInput), and input is the call's
	// tool input the hook was given (Run sets it): a rewrite in the
	// source's forms is that input with the rewrite's keys over it, so
	// the target, which replaces the whole input, does not lose the
	// arguments the hook left alone.
	merges bool
	input  json.RawMessage
	// plainContext says the source adds a hook's plain-text stdout (exit
	// 0, not a JSON object) to the agent's context on the event
	// (Tables.PlainContext: Claude Code's SessionStart and
	// UserPromptSubmit): such output is the hook's context, not the hook
	// error the canonical contract makes of it.
	plainContext bool
	// crashBlocks: the source blocks on any exit but 0 and 1 with plain
	// text (the contracts table's crash_blocks: Gemini CLI).
	crashBlocks bool
	// answersAnyExit: a JSON object the hook printed is its answer
	// whatever the exit code (the contracts table's answers_any_exit:
	// Gemini CLI, Cline); answerOnStderr: on stderr too where stdout is
	// empty (answer_on_stderr: Gemini CLI).
	answersAnyExit, answerOnStderr bool
	// answerInText: the source finds the answer among other text on
	// stdout (answer_in_text: Cline), as answerText does.
	answerInText bool
	// feedback are the answers the source gives the agent on the event
	// as feedback on what already happened, not as a block (its
	// feedback_json: Claude Code's PostToolUse decision "block").
	feedback []assignment
}

// answerForm is one JSON answer of the source: what it says, the
// literal lines that must all hold, and the lines whose values it
// carries ($reason, $context, …).
type answerForm struct {
	what string
	must []assignment
	take []assignment
}

// sourceWhats are the answers read in a source's forms, in the order
// Answer applies them; an error is an exit code, not an answer.
var sourceWhats = []string{WhatDeny, WhatAsk, WhatAllow, WhatUpdatedInput, WhatContext, WhatStop, WhatSystemMessage, WhatSuppressOutput}

// Answers returns the forms a hook written for from answers in on the
// event ev (named as from names it: SourceEvent), or nil for a tool
// without a contract. Each is a rule of from's for the event with JSON
// lines, and, as denies, the JSON its contract says it reads as a block
// (deny_json on tool calls, reads_json on other events), each carrying
// the reason of the rule that sets the same line.
func (t *Tables) Answers(from string, ev EventRef) *SourceAnswers {
	c, ok := t.Contract(from)
	if !ok {
		return nil
	}
	s := &SourceAnswers{From: from, Event: ev, decides: map[string][]string{}, merges: c.MergesInput, plainContext: t.PlainContext(from, ev.Canonical), crashBlocks: c.CrashBlocks, answersAnyExit: c.AnswersAnyExit, answerOnStderr: c.AnswerOnStderr, answerInText: c.AnswerInText}
	for _, what := range sourceWhats {
		if r, ok := t.Rule(from, what, ev); ok && len(r.Set) > 0 {
			s.forms = append(s.forms, formOf(what, r.Set))
		}
	}
	for _, l := range c.ContextJSON {
		if e, path, ok := strings.Cut(l, ": "); ok && e == ev.Canonical {
			s.forms = append(s.forms, formOf(WhatContext, []string{path + " = $context"}))
		}
	}
	s.feedback = feedbackOn(c, ev.Canonical)
	var lines []string
	if ev.Canonical == denyEventName {
		lines = append(lines, c.DenyJSON...)
	}
	for _, l := range c.ReadsJSON {
		if e, form, ok := strings.Cut(l, ": "); ok && e == ev.Canonical && strings.Contains(form, "=") {
			lines = append(lines, form)
		}
	}
	for _, l := range lines {
		f := formOf(WhatDeny, []string{l})
		if r, ok := t.ruleSetting(from, l); ok {
			f.take = formOf(WhatDeny, r.Set).take
		}
		s.forms = append(s.forms, f)
	}
	// The values each deciding path is read with, on any event: a value
	// none of them is is no answer of the tool's.
	note := func(line string) {
		if as, err := parseSet(line); err == nil && strings.HasPrefix(as.value, `"`) {
			k := strings.Join(as.path, ".")
			if v := unquote(as.value); !slices.Contains(s.decides[k], v) {
				s.decides[k] = append(s.decides[k], v)
			}
		}
	}
	for _, what := range []string{WhatDeny, WhatAsk, WhatAllow} {
		for _, r := range t.rules[[2]string{from, what}] {
			for _, l := range r.Set {
				note(l)
			}
		}
	}
	for _, l := range slices.Concat(c.DenyJSON, c.ReadsJSON) {
		if _, form, ok := strings.Cut(l, ": "); ok {
			l = form
		}
		note(l)
	}
	return s
}

// feedbackOn parses a contract's feedback_json lines on the canonical
// event.
func feedbackOn(c *Contract, event string) []assignment {
	var out []assignment
	for _, l := range c.FeedbackJSON {
		if e, form, ok := strings.Cut(l, ": "); ok && e == event {
			if as, err := parseSet(form); err == nil {
				out = append(out, as)
			}
		}
	}
	return out
}

// feedsBack reports whether a hook's exit-0 output is one of the
// source's feedback answers on the event: a decision the source gives
// the agent as feedback, which blocks nothing, whatever the hook's
// blocking flag. s may be nil.
func (s *SourceAnswers) feedsBack(stdout []byte) bool {
	if s == nil || len(s.feedback) == 0 {
		return false
	}
	var obj map[string]any
	if json.Unmarshal(bytes.TrimSpace(stdout), &obj) != nil {
		return false
	}
	return slices.ContainsFunc(s.feedback, func(as assignment) bool { return holds(obj, as) })
}

// CarriesFeedback reports whether hookconv run --from from hands to's
// agent the feedback a hook gives on the canonical event in from's own
// form (Claude Code's PostToolUse decision "block"
// with a reason): from gives such feedback there (its feedback_json),
// and to takes context there (its context rule), in which run passes
// the reason on. convert --shim warns only where it does not (HC465).
func (t *Tables) CarriesFeedback(from, to, event string) bool {
	c, ok := t.Contract(from)
	if !ok || len(feedbackOn(c, event)) == 0 {
		return false
	}
	ref, _ := t.ResolveEvent(to, event)
	_, ok = t.Rule(to, WhatContext, ref)
	return ok
}

// denyEventName is the event deny_json is about (tool calls).
const denyEventName = "before_tool_execute"

// ruleSetting returns a rule of from's (a deny, ask, allow or stop, any
// event) that sets line, else one that sets its field to another value
// (Codex answers its deny by exit code, and its allow sets
// permissionDecision with permissionDecisionReason): where the tool
// finds the reason of that answer.
func (t *Tables) ruleSetting(from, line string) (Rule, bool) {
	key := setKey(line)
	path, _, _ := strings.Cut(key, "=")
	for _, same := range []func(string) bool{
		func(l string) bool { return setKey(l) == key },
		func(l string) bool { p, _, _ := strings.Cut(setKey(l), "="); return p == path },
	} {
		for _, what := range []string{WhatDeny, WhatAsk, WhatAllow, WhatStop} {
			for _, r := range t.rules[[2]string{from, what}] {
				if slices.ContainsFunc(r.Set, same) {
					return r, true
				}
			}
		}
	}
	return Rule{}, false
}

// formOf splits a rule's lines into those that must hold and those that
// carry a value; the event's name ($native_event, $event) carries nothing
// a hook decides. A rewrite's fixed decision (Claude Code's ask, which
// run writes when the hook gave none) is run's own default, not a
// condition of the form: a hook that rewrites with allow rewrites too,
// and its decision is read by the decision forms.
func formOf(what string, set []string) answerForm {
	f := answerForm{what: what}
	for _, l := range set {
		as, err := parseSet(l)
		switch {
		case err != nil, as.value == "$native_event", as.value == "$event":
		case what == WhatUpdatedInput && !strings.HasPrefix(as.value, "$"):
		case strings.HasPrefix(as.value, "$"):
			f.take = append(f.take, as)
		default:
			f.must = append(f.must, as)
		}
	}
	return f
}

// nativeAnswer is what a hook said in its source's forms.
type nativeAnswer struct {
	Outcome
}

// read reads a hook's exit-0 output (a JSON object) in the source's
// forms. A form with lines that must hold is said when they all hold
// (and, for a rewrite, context or a system message, when it carries
// one); a form of carried values alone (Cursor's followup_message on a
// stop) when it carries its own value. Strings are compared without
// case, as parseOutput reads a decision: a hook that says "Deny" means
// to. Notes name a deciding value no form reads. Output that is more
// than one JSON value ({"decision":"deny"}{"decision":"allow"}, or an
// object a line) is no answer, as it is no JSON to the tools that parse
// it whole (JSON.parse) and to spec §5, which makes it a hook error (QA:
// the first object was read as the answer, where Cline's script and
// OpenCode's plugin took the output for a hook error).
func (s *SourceAnswers) read(stdout []byte) nativeAnswer {
	var n nativeAnswer
	var root any
	text := bytes.TrimSpace(stdout)
	dec := json.NewDecoder(bytes.NewReader(text))
	dec.UseNumber()
	if s == nil || dec.Decode(&root) != nil || dec.InputOffset() != int64(len(text)) {
		return n
	}
	obj, ok := root.(map[string]any)
	if !ok {
		return n
	}
	for _, f := range s.forms {
		if !slices.ContainsFunc(f.must, func(as assignment) bool { return !holds(obj, as) }) {
			vals := map[string]any{}
			for _, as := range f.take {
				if v, ok := valueAt(obj, as.path); ok {
					vals[as.value[1:]] = v
				}
			}
			n.apply(f, vals)
		}
	}
	if s.merges && n.UpdatedInput != nil {
		n.UpdatedInput = mergedInput(s.input, n.UpdatedInput)
	}
	if n.Decision == DecisionNone {
		for _, k := range sortedkeys.Of(s.decides) {
			v, ok := valueAt(obj, strings.Split(k, "."))
			text, isText := v.(string)
			if !ok || !isText || slices.ContainsFunc(s.decides[k], func(known string) bool { return strings.EqualFold(strings.TrimSpace(text), known) }) {
				continue
			}
			n.Notes = append(n.Notes, fmt.Sprintf("hookconv: the hook answers %s = %q, which is no %s answer hookconv reads on %s: taken as no decision", k, text, s.From, s.eventName()))
		}
	}
	return n
}

// mergedInput is the rewrite's members over the input's, key by key, as
// a tool that merges a rewrite reads it (JavaScript's Object.assign: a
// member the rewrite gives replaces the input's whole, null included);
// the rewrite alone where the input is no object.
func mergedInput(input, rewrite json.RawMessage) json.RawMessage {
	var base, over map[string]json.RawMessage
	if json.Unmarshal(input, &base) != nil || base == nil || json.Unmarshal(rewrite, &over) != nil {
		return rewrite
	}
	maps.Copy(base, over)
	out, err := json.Marshal(base) // keys sorted: the same input answers alike
	if err != nil {
		return rewrite
	}
	return out
}

// deniesWith reports whether one of the source's denies on the event is
// the literal value at path.
func (s *SourceAnswers) deniesWith(path []string, value string) bool {
	for _, f := range s.forms {
		if f.what != WhatDeny {
			continue
		}
		for _, as := range f.must {
			if slices.Equal(as.path, path) && unquote(as.value) == value {
				return true
			}
		}
	}
	return false
}

// stops reports whether the source stops its agent on continue: false
// (its stop rule covers the event: Claude Code's PostToolUse, reference
// part 1 §1.10). Such a stop is the hook's own, whatever its blocking
// flag says: blocking is about exit 2 and a deny (spec §2), and the
// source decodes a hook on an event it only observes as not blocking,
// though the hook stopped the agent there (QA q3 F2: run dropped the
// stop, and the agent went on). s may be nil.
func (s *SourceAnswers) stops() bool {
	if s == nil {
		return false
	}
	return slices.ContainsFunc(s.forms, func(f answerForm) bool { return f.what == WhatStop })
}

// plainDeny returns the plain text a hook exiting code printed, its
// stdout, else its stderr, as the source reads it (Gemini CLI:
// stdout.trim() || stderr.trim(), reference part 1 §2.9), when the source
// blocks on that code with plain text (crash_blocks: any code but 0 and
// 1); "" otherwise, and for JSON, which the source reads as an answer.
// s may be nil.
func (s *SourceAnswers) plainDeny(code int, stdout []byte, stderr string) string {
	if s == nil || !s.crashBlocks || code <= 2 {
		return ""
	}
	text := strings.TrimSpace(string(stdout))
	if text == "" {
		text = stderr
	}
	if text == "" || json.Valid([]byte(text)) {
		return ""
	}
	return text
}

// answerOnFailure returns the JSON object a hook exiting code (not 0,
// not 2) printed, its stdout, else, where the source reads it there
// (answer_on_stderr), its stderr, as the source reads it (Gemini CLI
// parses stdout.trim() || stderr.trim() before it looks at the code,
// reference part 1 §2.9; Cline parses stdout alone, reference part 2
// §6.5), where the source reads such an answer whatever the code
// (answers_any_exit); nil otherwise, and for plain text, which plainDeny
// reads. stdout is read as answerText leaves it. s may be nil.
func (s *SourceAnswers) answerOnFailure(code int, stdout []byte, stderr string) []byte {
	if s == nil || !s.answersAnyExit || code == 0 || code == 2 {
		return nil
	}
	text := bytes.TrimSpace(s.answerText(stdout))
	if len(text) == 0 && s.answerOnStderr {
		text = []byte(stderr)
	}
	if len(text) == 0 || text[0] != '{' || !json.Valid(text) {
		return nil
	}
	return text
}

// answerText returns the JSON answer the source finds in a hook's
// stdout where it tolerates other text around it (answer_in_text:
// Cline's hook-factory.ts parses all of stdout, else
// stdout.match(/\{[\s\S]*\}/), the text from the first "{" to the last
// "}"): stdout itself where it is JSON or holds no such text, else that
// text where it is JSON. Anything else, and the stdout of a source that
// reads it whole, is returned as it is, for the canonical reading to
// take for the hook error it is: plain text without braces, two JSON
// objects, a stray brace in the debug text (a Cline guard was lost
// under --shim: Cline reads "checking...\n{\"cancel\": true}" as a
// cancel, run --from cline read it as a hook error, and the call went
// ahead). s may be nil.
func (s *SourceAnswers) answerText(stdout []byte) []byte {
	if s == nil || !s.answerInText {
		return stdout
	}
	text := bytes.TrimSpace(stdout)
	if len(text) == 0 || json.Valid(text) {
		return stdout
	}
	first, last := bytes.IndexByte(text, '{'), bytes.LastIndexByte(text, '}')
	if first < 0 || last < first || !json.Valid(text[first:last+1]) {
		return stdout
	}
	return text[first : last+1]
}

// eventName names the event for messages.
func (s *SourceAnswers) eventName() string {
	if s.Event.Native != "" {
		return s.Event.Native
	}
	if s.Event.Canonical != "" {
		return s.Event.Canonical
	}
	return "this event"
}

// apply takes one form's values into the answer, reporting whether the
// form said anything (a form of values alone says nothing without its
// value).
func (n *nativeAnswer) apply(f answerForm, vals map[string]any) bool {
	text := func(name string) string {
		s, _ := vals[name].(string)
		return strings.TrimSpace(s)
	}
	switch f.what {
	case WhatDeny, WhatAsk, WhatAllow:
		if len(f.must) == 0 && text("reason") == "" {
			return false // a form of values alone says nothing without its value
		}
		d := Decision(f.what)
		if strength(d) > strength(n.Decision) {
			n.Decision = d
			if r := text("reason"); r != "" {
				n.Reason = r // else a stop's reason, read before it, stays
			}
		}
	case WhatUpdatedInput:
		v, ok := vals["updated_input"].(map[string]any)
		if !ok {
			return false
		}
		raw, err := json.Marshal(v)
		if err != nil {
			return false
		}
		n.UpdatedInput = raw
	case WhatContext:
		if n.Context = text("context"); n.Context == "" {
			return false
		}
	case WhatStop:
		if len(f.must) == 0 {
			return false
		}
		n.Stop = true
		if n.Reason == "" {
			n.Reason = text("reason")
		}
	case WhatSystemMessage:
		if n.SystemMessage = text("system_message"); n.SystemMessage == "" {
			return false
		}
	case WhatSuppressOutput:
		if len(f.must) == 0 {
			return false
		}
		n.SuppressOutput = true
	}
	return true
}

// merge adds what the hook said in its source's forms to what it said in
// the canonical fields. A decision given both ways is decided by the one
// that stops most, as a field given twice is (parseOutput): a hook that
// denies in either form means to deny. Its reason goes with it. The other
// fields are taken from the canonical answer where it gives them, the
// contract the shim is documented to speak, else from the source's.
func (n *nativeAnswer) merge(o *Outcome) {
	if strength(n.Decision) > strength(o.Decision) {
		o.Decision = n.Decision
		if n.Reason != "" {
			o.Reason = n.Reason
		}
	}
	if o.Reason == "" {
		o.Reason = n.Reason
	}
	o.Stop = o.Stop || n.Stop
	if o.Context == "" {
		o.Context = n.Context
	}
	if o.UpdatedInput == nil {
		o.UpdatedInput = n.UpdatedInput
	}
	if o.SystemMessage == "" {
		o.SystemMessage = n.SystemMessage
	}
	o.SuppressOutput = o.SuppressOutput || n.SuppressOutput
	o.Notes = append(o.Notes, n.Notes...)
}

// holds reports whether the object holds a literal line's value at its
// path; strings compare without case or surrounding blanks.
func holds(obj map[string]any, as assignment) bool {
	v, ok := valueAt(obj, as.path)
	if !ok {
		return false
	}
	dec := json.NewDecoder(strings.NewReader(as.value))
	dec.UseNumber()
	var want any
	if dec.Decode(&want) != nil {
		return false
	}
	if w, ok := want.(string); ok {
		got, ok := v.(string)
		return ok && strings.EqualFold(strings.TrimSpace(got), w)
	}
	return reflect.DeepEqual(v, want)
}

// valueAt looks a dotted path up in a decoded object; a null is absent.
func valueAt(obj map[string]any, path []string) (any, bool) {
	var v any = obj
	for _, k := range path {
		m, ok := v.(map[string]any)
		if !ok {
			return nil, false
		}
		if v, ok = m[k]; !ok {
			return nil, false
		}
	}
	return v, v != nil
}

// unquote reads a JSON string literal of the table.
func unquote(lit string) string {
	var s string
	if json.Unmarshal([]byte(lit), &s) != nil {
		return lit
	}
	return s
}

// ShimPayload is the payload hookconv run --from from hands the hooks it
// wraps when to runs them: the canonical one (CanonicalPayload), each
// field also at from's own top-level key where ownFields adds it (Claude
// Code's tool_name and hook_event_name) and at the paths below the top
// it builds (Windsurf's tool_info.user_prompt; not the tool's name and
// input, whose arguments are the target's), and the agent's last message
// there where to's payload carries one (its contract's last_message:
// no canonical field holds it). convert compares what a script reads
// with it (HC419).
func (t *Tables) ShimPayload(from, to string) *Contract {
	out := CanonicalPayload
	c, ok := t.Contract(from)
	if !ok {
		return &out
	}
	top := func(paths, own []string) []string {
		if key, ok := topLevelKey(own); ok && !slices.Contains(canonicalKeys(), key) {
			paths = append(slices.Clip(paths), key)
		}
		return paths
	}
	also := func(paths, own []string) []string {
		paths = top(paths, own)
		for _, p := range own {
			if _, ok := nestedPath(p); ok && !slices.Contains(canonicalKeys(), p[:strings.IndexByte(p, '.')]) {
				paths = append(slices.Clip(paths), p) // built by nestedFields
			}
		}
		return paths
	}
	out.Event = also(out.Event, c.Event)
	out.Tool = top(out.Tool, c.Tool)
	// The tool's name and input where the source nests them (Windsurf's
	// tool_info, Cline's preToolUse), as ownFields builds them.
	tool, input := t.builtToolPaths(from)
	out.Tool = appendMissing(out.Tool, tool)
	out.ToolInput = appendMissing(out.ToolInput, input)
	out.SessionID = also(out.SessionID, c.SessionID)
	out.Cwd = also(out.Cwd, c.Cwd)
	out.Prompt = also(out.Prompt, c.Prompt)
	out.TranscriptPath = also(out.TranscriptPath, c.TranscriptPath)
	if target, ok := t.Contract(to); ok && len(target.LastMessage) > 0 {
		out.LastMessage = also(nil, c.LastMessage)
	}
	return &out
}

// appendMissing appends to list the paths it lacks, in a new array.
func appendMissing(list, paths []string) []string {
	for _, p := range paths {
		if !slices.Contains(list, p) {
			list = append(slices.Clip(list), p)
		}
	}
	return list
}

// ReadsAsDeny reports whether hookconv run --from from reads form, a
// "path = value" line of the contracts table, printed alone on exit 0 by
// a blocking hook on the canonical event, as a deny (on a stop, the
// canonical "go on"): convert --shim says nothing of a guard of from's
// that denies so (HC425).
func (t *Tables) ReadsAsDeny(from, event, form string) bool {
	as, err := parseSet(form)
	if err != nil || !json.Valid([]byte(as.value)) {
		return false
	}
	var obj any = json.RawMessage(as.value)
	for i := len(as.path) - 1; i >= 0; i-- {
		obj = map[string]any{as.path[i]: obj}
	}
	out, err := json.Marshal(obj)
	if err != nil {
		return false
	}
	in := Input{Event: event}
	o, err := parseAnswer(out, t.Answers(from, SourceEvent(from, &in)), true)
	return err == nil && o.Decision == DecisionDeny
}
