package hookrun

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"
)

// Decision is what a hook decided about the action.
type Decision string

// Decisions of the canonical output schema (spec §5); DecisionNone is a
// hook that said nothing, which lets the action proceed.
const (
	DecisionNone  Decision = ""
	DecisionAllow Decision = "allow"
	DecisionDeny  Decision = "deny"
	DecisionAsk   Decision = "ask"
)

// Timeout actions (spec §3, handler.timeout_action).
const (
	TimeoutWarn  = "warn"
	TimeoutBlock = "block"
)

// Result is what the hook process did.
type Result struct {
	// ExitCode is the exit status; -1 when the process did not exit by
	// itself (killed by a signal).
	ExitCode       int
	Stdout, Stderr []byte
	// TimedOut is set when the shim killed the hook at its timeout, or
	// never started it: PayloadTimedOut.
	TimedOut bool
	// PayloadTimedOut is set, with TimedOut, when the tool's stdin had not
	// ended at the timeout: the hook was never run.
	PayloadTimedOut bool
	// Interrupted is set when the shim itself was told to stop.
	Interrupted bool
	// StartErr is set when the command could not be started at all.
	StartErr error
	// StdoutTruncated and StderrTruncated are set when the hook printed
	// more on that stream than the shim keeps (maxOutput).
	StdoutTruncated, StderrTruncated bool
}

// Policy is how the hook was declared (hook.blocking, handler.timeout,
// handler.timeout_action) and whether a user can answer a question.
type Policy struct {
	Blocking      bool
	Timeout       time.Duration
	TimeoutAction string
	// FailureAction: TimeoutBlock makes a blocking hook's failure (a hook
	// error but an interruption or a timeout, which TimeoutAction rules)
	// a block (Options.FailureAction).
	FailureAction string
	// Headless: nobody can answer "ask" (CI, a tool's print mode).
	Headless bool
	// Continues: on this event a block does not stop an action but makes
	// the agent go on working, the reason its next instruction (the
	// blocking table's retry behaviour: Claude Code's Stop, Gemini CLI's
	// AfterAgent). A failure or a timeout there never blocks, whatever
	// TimeoutAction and FailureAction say: a hook that crashes on every
	// turn would keep the agent working forever, and no input waits
	// behind a stop for a block to keep out.
	Continues bool
	// Name names the hook in messages (its command).
	Name string
	// Source, when set, is the JSON answers of the tool the hook was
	// written for (run --from): its exit-0 output is read in them too.
	Source *SourceAnswers
}

// Outcome is the canonical resolution of a hook run: the input of Answer.
type Outcome struct {
	Decision       Decision
	Reason         string
	Context        string
	UpdatedInput   json.RawMessage
	Stop           bool // "continue": false
	SystemMessage  string
	SuppressOutput bool
	// Error is set when the hook failed (exit 1, a bad output, a timeout
	// that only warns): the action proceeds and Error says why. The
	// fields above are then empty.
	Error string
	// Log is the hook's own stderr, passed on when it is not the reason.
	Log string
	// Notes are hookconv's own warnings about this run.
	Notes []string
	// Blocking is the hook's declaration: only a blocking hook's request
	// that the tool cannot grant (an input rewrite) becomes a block.
	Blocking bool
}

// Resolve applies the canonical runtime contract (spec §5) to a hook run.
// The order is the spec's: the non-blocking downgrade first (exit 2 → 1,
// and a deny, an ask or continue: false → a warning, since a hook that is
// not blocking may not prevent anything, §2), then exit 2 blocks whatever stdout says, any
// other non-zero code is a hook error, and exit 0 output is read as the
// output schema: deny blocks, ask asks (a deny where nobody can answer),
// no decision allows, output that is not a JSON object is a hook error.
// A timeout follows timeout_action for a blocking hook and only warns for
// any other; a hook error of a blocking hook blocks with failure_action
// block. On an event where a block makes the agent go on (Continues)
// neither a timeout nor a failure blocks, whatever the actions say.
func Resolve(r Result, p Policy) Outcome {
	ignored := p.Continues && (p.TimeoutAction == TimeoutBlock || p.FailureAction == TimeoutBlock)
	if ignored {
		// QA F2: a Cursor failClosed stop hook under the shim answered its
		// own crash with "keep working", on every turn.
		p.TimeoutAction, p.FailureAction = TimeoutWarn, TimeoutWarn
	}
	o := resolve(r, p)
	if ignored && p.Blocking && o.Error != "" && !r.Interrupted {
		o.Notes = append(o.Notes, "hookconv: on this event a block makes the agent go on working: a failure or a timeout of the hook lets it stop, whatever --timeout-action and --failure-action say")
	}
	if o.Error != "" && p.Blocking && p.FailureAction == TimeoutBlock && !r.Interrupted && !r.TimedOut {
		// The hook's own tool ran it fail-closed (Cursor's failClosed):
		// a crash there blocked, and does here (QA: run answered {} and
		// the call went ahead).
		o = Outcome{Decision: DecisionDeny, Reason: o.Error + " (hookconv: the hook failed; failure_action: block)", Log: o.Log, Notes: o.Notes}
	}
	o.Blocking = p.Blocking
	return o
}

func resolve(r Result, p Policy) Outcome {
	name := p.Name
	if name == "" {
		name = "hook"
	}
	stderr := strings.TrimSpace(string(r.Stderr))
	if r.StderrTruncated {
		stderr += truncatedMark
	}
	switch {
	case r.StartErr != nil:
		return Outcome{Error: fmt.Sprintf("hookconv: cannot run %s: %v", name, r.StartErr)}
	case r.Interrupted:
		return Outcome{Error: fmt.Sprintf("hookconv: %s was stopped: hookconv was interrupted", name)}
	case r.TimedOut:
		msg := fmt.Sprintf("hookconv: %s timed out after %s", name, seconds(p.Timeout))
		if r.PayloadTimedOut {
			msg = fmt.Sprintf("hookconv: the tool's payload on stdin had not ended after %s, so %s was not run", seconds(p.Timeout), name)
		}
		if p.Blocking && p.TimeoutAction == TimeoutBlock {
			return Outcome{Decision: DecisionDeny, Reason: msg + " (timeout_action: block)"}
		}
		return Outcome{Error: msg}
	}

	code := r.ExitCode
	var notes []string
	if code == 2 && !p.Blocking {
		code = 1
		notes = append(notes, fmt.Sprintf("hookconv: %s exited 2 but is not blocking: a warning, not a block", name))
	}
	// A source that finds its answer among debug text on stdout
	// (Cline) reads that answer alone; a cut output is read as cut.
	if !r.StdoutTruncated {
		r.Stdout = p.Source.answerText(r.Stdout)
	}
	// A source that reads a JSON answer whatever the code (Gemini CLI,
	// reference part 1 §2.9) denied with one on exit 1 or 3 (QA F2:
	// run --from took it for a hook error, and the call went ahead).
	if answer := p.Source.answerOnFailure(code, r.Stdout, stderr); answer != nil && !r.StdoutTruncated {
		r.Stdout, code = answer, 0
	}
	// A source that blocks on any other code with plain text (Gemini
	// CLI: "believe the code", reference part 1 §2.9) blocked a guard
	// exiting 3 so (QA q3 F1: under --shim it was a hook error, and the
	// call went ahead). Not where a block keeps the agent working.
	if text := p.Source.plainDeny(code, r.Stdout, stderr); text != "" && p.Blocking && !p.Continues {
		return Outcome{Decision: DecisionDeny, Reason: text}
	}
	switch {
	case code == 2:
		reason := stderr
		if reason == "" {
			reason = outputReason(r.Stdout)
		}
		if reason == "" && p.Source != nil {
			reason = p.Source.read(r.Stdout).Reason
		}
		if reason == "" {
			reason = fmt.Sprintf("blocked by %s (exit 2)", name)
		}
		return Outcome{Decision: DecisionDeny, Reason: reason}
	case code != 0:
		msg := stderr
		switch {
		case msg != "":
		case code < 0:
			msg = fmt.Sprintf("hookconv: %s was killed by a signal", name)
		default:
			msg = fmt.Sprintf("hookconv: %s failed with exit code %d", name, r.ExitCode)
		}
		return Outcome{Error: msg, Notes: notes}
	}

	// Only stdout holds the answer: a hook that logs a lot on stderr and
	// denies on stdout still denies (QA: any stream over the cap was a
	// hook error, and the action went ahead).
	stdout := r.Stdout
	if r.StdoutTruncated {
		msg := fmt.Sprintf("hookconv: %s printed more output than hookconv reads (%d MiB)", name, maxOutput>>20)
		if !p.Blocking {
			return Outcome{Error: msg, Log: stderr}
		}
		// A blocking hook's answer that cannot be read must not let the
		// action through (QA: a deny with a long reason, or padded with
		// blanks, was a hook error): a whole deny first is that deny, and
		// a whole answer followed by blanks alone is that answer;
		// anything else blocks, saying why. The cap stays (memory).
		answer, ok := leadingAnswer(stdout, p.Source)
		if !ok && p.Continues {
			// A block here would keep the agent working on an answer
			// nobody could read.
			return Outcome{Error: msg, Log: stderr}
		}
		if !ok {
			return Outcome{Decision: DecisionDeny, Reason: msg + ": an answer of a blocking hook that cannot be read blocks", Log: stderr}
		}
		stdout = answer
	}
	o, err := parseAnswer(stdout, p.Source, p.Blocking)
	if err != nil {
		return Outcome{Error: fmt.Sprintf("hookconv: %s: %v", name, err), Log: stderr}
	}
	o.Log = stderr
	switch {
	case o.Decision == DecisionDeny && o.Reason != "" && p.Source.feedsBack(stdout):
		// The hook's own tool gives this answer to the agent as
		// feedback on what already happened, not as a block (Claude
		// Code's PostToolUse decision "block"): its reason reaches the
		// agent as context, which the target takes in its own form
		// there (QA: dropped, HC465). So for a blocking hook too: its
		// tool never blocked with it (reference part 1 §1.10, the tool
		// already ran), and a deny here would be Cline's cancel, which
		// stops the whole task.
		o.Context = joinLines(o.Context, o.Reason)
		o.Decision, o.Reason = DecisionNone, ""
	case !p.Blocking && (o.Decision == DecisionDeny || o.Decision == DecisionAsk):
		o.Notes = append(o.Notes, fmt.Sprintf("hookconv: %s decided %q but is not blocking: the action proceeds%s", name, o.Decision, colon(o.Reason)))
		o.Decision, o.Reason = DecisionNone, ""
	}
	// A stop the hook's own tool reads on this event stands (QA q3 F2):
	// blocking says whether exit 2 and a deny may prevent the action, and
	// a tool decodes a hook on an event it only observes as not
	// blocking, though its continue: false stopped the agent there.
	if !p.Blocking && o.Stop && !p.Source.stops() {
		o.Notes = append(o.Notes, fmt.Sprintf("hookconv: %s said continue: false but is not blocking: the agent goes on%s", name, colon(o.Reason)))
		o.Stop, o.Reason = false, ""
	}
	switch {
	case o.Decision == DecisionAsk && p.Headless:
		o.Decision = DecisionDeny
		o.Reason = join(o.Reason, "(hookconv: the hook asks for confirmation and nobody can answer here: denied)")
	case o.Decision == DecisionDeny && o.Reason == "":
		o.Reason = fmt.Sprintf("denied by %s", name)
	}
	return o
}

// parseOutput reads stdout of a hook that exited 0: empty is {}, anything
// but a JSON object is an error. A field is read by its name as the spec
// spells it: one in another case ("Decision") is no field of the answer,
// as it is none to any tool (JSON.parse, Go's and serde's decoders, zod:
// Claude Code, Gemini CLI, Codex, Cursor, Cline, OpenCode's plugin) and
// to Cline's generated script, and a note says it is not read (QA: it was
// read as "decision", so run --from blocked where the hook's own tool, the
// script and the plugin let the action go; before that, it was allowed
// silently). What decides — decision, continue — is read in favour of
// stopping: a field given twice decides by its
// strongest value (deny over ask over allow; continue false), and beside
// a deny or an ask a deciding or rewriting field of the wrong type is
// left out with a note. Otherwise such a field is an error (the hook's
// intent cannot be told), while one that only informs (a number as the
// reason) is left out with a note: a plain deny is never turned into a
// hook error that lets the action go.
func parseOutput(stdout []byte) (Outcome, error) {
	stdout = bytes.TrimSpace(stdout)
	if len(stdout) == 0 {
		return Outcome{}, nil
	}
	if stdout[0] != '{' || !json.Valid(stdout) {
		return Outcome{}, fmt.Errorf("exited 0 with output that is not a JSON object: %s", excerpt(stdout))
	}
	fields, err := topFields(stdout)
	if err != nil {
		return Outcome{}, err
	}
	var o Outcome
	// all returns the values of key, noting a spelling in another case,
	// which is not read, and repeats.
	all := func(key string) []json.RawMessage {
		var out []json.RawMessage
		for _, f := range fields {
			if !strings.EqualFold(f.key, key) || isNull(f.raw) {
				continue
			}
			if f.key != key {
				o.Notes = append(o.Notes, fmt.Sprintf("hookconv: output field %q is not read: the field is %q, and no tool reads a field's name in another case", f.key, key))
				continue
			}
			out = append(out, f.raw)
		}
		if len(out) > 1 {
			o.Notes = append(o.Notes, fmt.Sprintf("hookconv: output field %q is given %d times; the one that stops most decides", key, len(out)))
		}
		return out
	}
	badDecision := ""
	for _, raw := range all("decision") {
		var text string
		if json.Unmarshal(raw, &text) != nil {
			badDecision = "output field \"decision\" must be string"
			continue
		}
		d := readDecision(text)
		if d != DecisionAllow && d != DecisionDeny && d != DecisionAsk {
			badDecision = fmt.Sprintf("output decision %q is none of allow, deny, ask", text)
			continue
		}
		if string(d) != text {
			o.Notes = append(o.Notes, decisionNote(text, d))
		}
		if strength(d) > strength(o.Decision) {
			o.Decision = d
		}
	}
	stops := o.Decision == DecisionDeny || o.Decision == DecisionAsk
	if badDecision != "" {
		if !stops {
			return Outcome{}, fmt.Errorf("%s", badDecision)
		}
		o.Notes = append(o.Notes, "hookconv: "+badDecision+"; left out")
	}
	// kept reports a field of the wrong type: an error, or beside a deny
	// or an ask, a note.
	wrong := func(key, kind string) error {
		if stops {
			o.Notes = append(o.Notes, fmt.Sprintf("hookconv: output field %q must be %s; left out", key, kind))
			return nil
		}
		return fmt.Errorf("output field %q must be %s", key, kind)
	}
	for _, raw := range all("continue") {
		var cont bool
		if json.Unmarshal(raw, &cont) != nil {
			if err := wrong("continue", "bool"); err != nil {
				return Outcome{}, err
			}
			continue
		}
		o.Stop = o.Stop || !cont
	}
	if raws := all("updated_input"); len(raws) > 0 {
		if raws[0][0] != '{' {
			if err := wrong("updated_input", "an object"); err != nil {
				return Outcome{}, err
			}
		} else {
			o.UpdatedInput = raws[0]
		}
	}
	// The fields that only inform: one of the wrong type is left out.
	informs := func(key, kind string, into any) {
		raws := all(key)
		if len(raws) > 0 && json.Unmarshal(raws[0], into) != nil {
			o.Notes = append(o.Notes, fmt.Sprintf("hookconv: output field %q must be %s; left out", key, kind))
		}
	}
	informs("reason", "string", &o.Reason)
	if strings.TrimSpace(o.Reason) == "" {
		// A reason of blanks says nothing, and a tool that takes its block
		// from stderr (Codex) reads an exit 2 whose stderr is blank as a
		// failed hook and lets the action go (QA): it is no reason, and a
		// deny gets the default one below.
		o.Reason = ""
	}
	informs("context", "string", &o.Context)
	informs("system_message", "string", &o.SystemMessage)
	informs("suppress_output", "bool", &o.SuppressOutput)
	return o, nil
}

// parseAnswer reads the output of a hook that exited 0: the canonical
// fields (parseOutput) and, for a hook written for another tool (src),
// that tool's own JSON answers too (SourceAnswers.read; the two merge as
// nativeAnswer.merge says). Output the canonical reading refuses
// (Claude Code's {"decision": "approve"}) is read in the source's forms
// still: where those deny, ask or stop, that stands, with the refusal
// as a note; otherwise the refusal is the hook error it was, but for
// output that is no JSON object on an event where the source reads plain
// text as context, which is that context. A value at
// one of the source's deciding fields that none of its answers has
// (permissionDecision "defer") is noted for a blocking hook, whose
// action then proceeds.
func parseAnswer(stdout []byte, src *SourceAnswers, blocking bool) (Outcome, error) {
	o, err := parseOutput(stdout)
	if src == nil {
		return o, err
	}
	if text := bytes.TrimSpace(stdout); err != nil && src.plainContext && !(text[0] == '{' && json.Valid(text)) {
		// Plain text the source reads as context on this event (Claude
		// Code's SessionStart): the hook's context, as its author meant.
		return Outcome{Context: string(text)}, nil
	}
	n := src.read(stdout)
	if !blocking {
		n.Notes = nil // its deny is a warning anyway (resolve)
	}
	if src.deniesWith([]string{"decision"}, "block") {
		// The source's own word for a deny (Claude Code's Stop), not
		// another's read for it: nothing to note.
		o.Notes = slices.DeleteFunc(o.Notes, func(s string) bool { return s == decisionNote("block", DecisionDeny) })
		if len(o.Notes) == 0 {
			o.Notes = nil
		}
	}
	if err != nil {
		if strength(n.Decision) < strength(DecisionAsk) && !n.Stop {
			return o, err
		}
		o = Outcome{Notes: []string{fmt.Sprintf("hookconv: %v; read as %s's answer", err, src.From)}}
	}
	n.merge(&o)
	return o, nil
}

// decisionNote says that a decision's word is read as another.
func decisionNote(text string, d Decision) string {
	return fmt.Sprintf("hookconv: decision %q is read as %q", text, d)
}

// leadingAnswer returns the JSON object stdout opens with when it is
// whole, reads as an answer (in the source tool's forms too, src), and
// is what the hook said, though its output
// was cut at maxOutput: a deny, whatever follows it (what the hook said
// first stops the action), or any answer followed by nothing but JSON
// blanks up to the cut, which add nothing to it (QA q3 F7: an allow
// padded past the cap blocked). ok is false for anything else, which
// cannot be read whole: an allow followed by more than blanks may have
// gone on to deny.
func leadingAnswer(stdout []byte, src *SourceAnswers) (json.RawMessage, bool) {
	var raw json.RawMessage
	dec := json.NewDecoder(bytes.NewReader(stdout))
	if dec.Decode(&raw) != nil || len(raw) == 0 || raw[0] != '{' {
		return nil, false
	}
	o, err := parseAnswer(raw, src, true)
	if err != nil {
		return nil, false
	}
	blanks := len(bytes.TrimLeft(stdout[dec.InputOffset():], " \t\r\n")) == 0
	return raw, o.Decision == DecisionDeny || blanks
}

// strength orders decisions by how much they stop.
func strength(d Decision) int {
	switch d {
	case DecisionDeny:
		return 3
	case DecisionAsk:
		return 2
	case DecisionAllow:
		return 1
	}
	return 0
}

// field is one member of the output object, in order, repeats kept.
type field struct {
	key string
	raw json.RawMessage
}

// topFields lists the members of a JSON object, in order, keeping
// repeated keys (which decoding into a map or struct would fold into the
// last one).
func topFields(doc []byte) ([]field, error) {
	dec := json.NewDecoder(bytes.NewReader(doc))
	if _, err := dec.Token(); err != nil { // {
		return nil, err
	}
	var out []field
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return nil, err
		}
		key, _ := tok.(string)
		var raw json.RawMessage
		if err := dec.Decode(&raw); err != nil {
			return nil, err
		}
		out = append(out, field{key, raw})
	}
	return out, nil
}

// readDecision reads a decision as the schema spells it, whatever its
// case, and "block" (Claude Code's older word, Gemini CLI's synonym) as
// deny: a hook that says it blocks means to. Anything else is returned
// as it is, and refused.
func readDecision(s string) Decision {
	switch d := Decision(strings.ToLower(strings.TrimSpace(s))); d {
	case "block":
		return DecisionDeny
	case DecisionAllow, DecisionDeny, DecisionAsk:
		return d
	}
	return Decision(s)
}

// outputReason is the reason of stdout JSON, for an exit 2 with nothing on
// stderr, trimmed: a reason of blanks is none (see parseOutput).
func outputReason(stdout []byte) string {
	var out struct {
		Reason string `json:"reason"`
	}
	var fields map[string]json.RawMessage
	if json.Unmarshal(bytes.TrimSpace(stdout), &fields) != nil || json.Unmarshal(fields["reason"], &out.Reason) != nil {
		return ""
	}
	return strings.TrimSpace(out.Reason)
}

// seconds spells a duration the way the spec gives timeouts.
func seconds(d time.Duration) string {
	return strconv.FormatFloat(d.Seconds(), 'f', -1, 64) + "s"
}

func excerpt(b []byte) string {
	const max = 60
	s := string(b)
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		s = s[:i] + "…"
	}
	if len(s) > max {
		s = s[:max] + "…"
	}
	return strconv.Quote(s)
}

func colon(s string) string {
	if s == "" {
		return ""
	}
	return ": " + s
}

// joinLines joins two texts given to the agent, a line apart.
func joinLines(a, b string) string {
	if a == "" {
		return b
	}
	return a + "\n" + b
}

func join(a, b string) string {
	if a == "" {
		return b
	}
	return a + " " + b
}
