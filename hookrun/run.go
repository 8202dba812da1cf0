// Package hookrun is the runtime side of hookconv: the shim a tool calls
// instead of a hook command (`hookconv run`). It turns the tool's native
// stdin payload into one canonical event input, runs the canonical hook
// with it, resolves what the hook decided by the canonical runtime
// contract (spec §5), and answers the tool in the tool's own contract.
//
// Everything it knows about a tool — where the payload keeps each field,
// how to say deny, ask, allow, context, a rewritten input or stop, which
// exit code blocks — is a row of data/contracts.toml; the code reads the
// table and knows no tool by name.
package hookrun

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"time"

	"github.com/hookconv/hookconv/capabilities"
	"github.com/hookconv/hookconv/internal/suggest"
	"github.com/hookconv/hookconv/vocab"
)

// maxPayload caps what is read of the tool's stdin; a larger payload is
// cut and so reads as not JSON (the hook still runs, with native null).
const maxPayload = 64 << 20

// Options is one `hookconv run` invocation.
type Options struct {
	Provider string
	// From is the tool the hook was written for (convert --shim writes
	// the hook's source): its input also carries that tool's own
	// spelling of the payload's top-level fields, and its exit-0 answer
	// is also read in that tool's JSON forms. "" (or "canonical") for a
	// hook written for the canonical contract.
	From          string
	Event         string // canonical or native event name; "" = the payload's
	Blocking      bool
	Timeout       time.Duration // 0 = none (the tool's own timeout applies)
	TimeoutAction string        // TimeoutWarn (default) or TimeoutBlock
	// FailureAction is what a failure of a blocking hook means (it exits
	// with a code but 0 and 2, is killed, cannot start, or prints what is
	// no answer): TimeoutWarn (default: a hook error, spec §5) or
	// TimeoutBlock, for a hook its own tool ran fail-closed (Cursor's
	// failClosed, Copilot CLI's preToolUse), which convert --shim passes.
	FailureAction string
	Headless      bool // nobody can answer an ask
	Command       []string
	// Log is a file each run appends one JSON line to (LogLine); "" for
	// none. A log that cannot be written only warns on stderr.
	Log string
	// IncludeContent copies the prompt and the tool's input and output
	// into the log line; by default they are given by length and SHA-256.
	IncludeContent bool
	// Tokens: the command's ${hookconv:NAME} markers stand for what the
	// tool would have put in its command text for $NAME (Gemini CLI's
	// $GEMINI_PROJECT_DIR: the variable's value, shell-quoted). convert
	// --shim writes them, so the tool's own replacement, made for one
	// shell, does not reach the command inside the shim's quotes.
	Tokens bool
}

// TokenMarker spells, in a command convert --shim wrapped, a variable the
// target replaces in the command text ($NAME → ${hookconv:NAME}): no
// shell reads ${hookconv:…} as anything, so no working command has it.
func TokenMarker(name string) string { return "${hookconv:" + name + "}" }

// ReplaceTokens puts in script, for each ${hookconv:NAME} marker, the
// value of NAME as literal text, quoted for where the marker stands: in
// POSIX single quotes where the shell reads words (outside quotes, in a
// $( … ) or `…`), escaped with backslashes inside double quotes, and with
// each ' spelled '\” inside single quotes. The tool's own replacement
// (Gemini CLI's) quotes the value as one word whatever surrounds it, so
// "$GEMINI_PROJECT_DIR"/guard.sh, the form the docs teach, holds quotes
// of its own inside the author's, so the guard's path is not found (exit
// 127) and it lets every call through; and a $( … ) in the value ran
// inside double quotes. Here the value is the text it is, in every place.
func ReplaceTokens(script string, getenv func(string) string) string {
	const open = "${hookconv:"
	if !strings.Contains(script, open) {
		return script
	}
	var b strings.Builder
	for _, part := range quotingContexts(script) {
		text := part.text
		for {
			i := strings.Index(text, open)
			if i < 0 {
				b.WriteString(text)
				break
			}
			end := strings.IndexByte(text[i:], '}')
			if end < 0 {
				b.WriteString(text)
				break
			}
			b.WriteString(text[:i])
			b.WriteString(quoteIn(part.quote, getenv(text[i+len(open):i+end])))
			text = text[i+end+1:]
		}
	}
	return b.String()
}

// quoteIn spells value as literal text in a shell text quoted by quote:
// 0 for none, '\” or '"'.
func quoteIn(quote byte, value string) string {
	switch quote {
	case '\'':
		return strings.ReplaceAll(value, "'", `'\''`)
	case '"':
		return strings.NewReplacer(`\`, `\\`, `"`, `\"`, "$", `\$`, "`", "\\`").Replace(value)
	}
	return "'" + strings.ReplaceAll(value, "'", `'\''`) + "'"
}

// quotedPart is a run of a shell text within one kind of quoting.
type quotedPart struct {
	text  string
	quote byte // 0 where the shell reads words, '\'' or '"'
}

// quotingContexts splits a shell text into runs by the quoting the shell
// reads them in: single quotes, double quotes (a $( … ) or `…` inside
// them reads words again), or none; a comment is a run of none, its
// quotes no quotes. A marker (${hookconv:NAME}, no quote in it) never
// spans two runs.
func quotingContexts(s string) []quotedPart {
	var parts []quotedPart
	stack := []byte{0} // 0: words; '\'': single; '"': double; '(' and '`': words inside a substitution
	start := 0
	top := func() byte { return stack[len(stack)-1] }
	quoteOf := func(c byte) byte {
		if c == '\'' || c == '"' {
			return c
		}
		return 0
	}
	cut := func(at int) {
		if at > start {
			parts = append(parts, quotedPart{s[start:at], quoteOf(top())})
		}
		start = at
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch top() {
		case '\'':
			if c == '\'' { // the closing quote is read with the words after it
				cut(i)
				stack = stack[:len(stack)-1]
			}
		case '"':
			switch {
			case c == '\\':
				i++
			case c == '"':
				cut(i)
				stack = stack[:len(stack)-1]
			case c == '$' && i+1 < len(s) && s[i+1] == '(':
				cut(i)
				stack = append(stack, '(')
				i++
			case c == '`':
				cut(i)
				stack = append(stack, '`')
			}
		default: // words
			switch {
			case c == '\\':
				i++
			case c == '#' && (i == 0 || strings.IndexByte(" \t\n;&|(", s[i-1]) >= 0):
				if nl := strings.IndexByte(s[i:], '\n'); nl >= 0 {
					i += nl
				} else {
					i = len(s)
				}
			case c == '\'' || c == '"': // the opening quote is read with the words before it
				cut(i + 1)
				stack = append(stack, c)
			case c == '(':
				stack = append(stack, '(')
			case c == ')' && top() == '(' || c == '`' && top() == '`':
				cut(i + 1)
				stack = stack[:len(stack)-1]
			case c == '`':
				stack = append(stack, '`')
			}
		}
	}
	cut(len(s))
	return parts
}

// unsetShell reports whether command is `"$SHELL" -c SCRIPT` where SHELL
// was unset: the shim runs a Codex hook with "$SHELL", as Codex does, and
// sh stands in for the empty word rather than the hook failing to start.
func unsetShell(command []string) bool {
	return len(command) == 3 && command[0] == "" && command[1] == "-c"
}

// accountShellStandIn returns the shell to run command with in place of
// its first word when command is `"$SHELL" -c SCRIPT`, filled in from
// shell ($SHELL), and that names a shell the tool the hook was written
// for never runs a hook with; "" when command runs as it is. convert
// --shim writes "$SHELL" for a tool that runs a hook with the shell of
// the user's account where it knows that shell (the providers table's
// account_shells, read from the first row that has them: Codex's zsh,
// bash and sh), and otherwise with the first of its other_shells
// installed (other_shells_macos on macOS, by goos): a fish user's Codex
// hook runs with bash (zsh on macOS), and fish reading sh's syntax would
// fail, a guard letting every action through.
// look finds a program on PATH (exec.LookPath); with none of them
// installed, fallbackShell.
func accountShellStandIn(command []string, shell, goos string, look func(string) (string, error)) string {
	if len(command) != 3 || command[1] != "-c" || shell == "" || command[0] != shell {
		return ""
	}
	for _, p := range vocab.Default().Providers {
		if len(p.AccountShells) == 0 {
			continue
		}
		if slices.Contains(p.AccountShells, filepath.Base(shell)) {
			return ""
		}
		others := p.OtherShells
		if goos == "darwin" && len(p.OtherShellsMacOS) > 0 {
			others = p.OtherShellsMacOS
		}
		for _, s := range others {
			if _, err := look(s); err == nil {
				return s
			}
		}
		return fallbackShell()
	}
	return ""
}

// bashMissing reports whether command is `bash -c SCRIPT` where bash is
// not installed: convert --shim runs a command with bash when the tool it
// was written for runs hooks with bash, or does not say (hook commands
// written for other tools often use bash syntax), and sh stands in for it
// on a system without bash (Alpine) rather than the hook failing to start.
func bashMissing(command []string) bool {
	if len(command) != 3 || command[0] != "bash" || command[1] != "-c" {
		return false
	}
	_, err := exec.LookPath("bash")
	return err != nil
}

// fallbackShell is the shell that stands in for a missing one: sh as PATH
// finds it, else /bin/sh, which every POSIX system has whatever PATH says
// (QA: with sh not on PATH the guard failed to start, and the action went
// ahead).
func fallbackShell() string {
	if _, err := exec.LookPath("sh"); err == nil {
		return "sh"
	}
	return "/bin/sh"
}

// Check reports what is wrong with the options, as a user would fix it.
func (o *Options) Check() error {
	if err := Default().CheckEvent(o.Provider, o.Event); err != nil {
		return err
	}
	if o.From == "canonical" {
		o.From = "" // the canonical contract is what run speaks anyway
	}
	if o.From != "" {
		if err := Default().CheckEvent(o.From, ""); err != nil {
			return fmt.Errorf("--from: %v", err)
		}
	}
	if o.Timeout < 0 {
		return fmt.Errorf("--timeout must not be negative")
	}
	for _, a := range []struct {
		flag  string
		value *string
	}{{"--timeout-action", &o.TimeoutAction}, {"--failure-action", &o.FailureAction}} {
		switch *a.value {
		case "":
			*a.value = TimeoutWarn
		case TimeoutWarn, TimeoutBlock:
		default:
			return fmt.Errorf("%s must be warn or block, not %q", a.flag, *a.value)
		}
	}
	if len(o.Command) == 0 || o.Command[0] == "" && !unsetShell(o.Command) {
		return fmt.Errorf("no hook command; give it after --")
	}
	return nil
}

// CheckEvent reports whether a provider has a runtime contract and event,
// unless empty, names one of its events or a canonical one.
func (t *Tables) CheckEvent(provider, event string) error {
	if _, ok := t.Contract(provider); !ok {
		hint := ""
		if near := suggest.Slug(provider, t.Slugs()); near != "" {
			hint = " (did you mean " + near + "?)"
		}
		return fmt.Errorf("unknown provider %q%s; providers with a runtime contract: %s", provider, hint, strings.Join(t.Slugs(), ", "))
	}
	if event != "" {
		if _, ok := t.ResolveEvent(provider, event); !ok {
			return fmt.Errorf("unknown event %q: neither a canonical event nor a %s event", event, provider)
		}
	}
	return nil
}

// Run is the whole shim: read the tool's payload from stdin, run the hook,
// answer on stdout and stderr, and append the run to opt.Log if set. It
// returns the exit code to end with; an error only for options Check
// rejects, before anything has run.
func Run(ctx context.Context, opt Options, stdin io.Reader, stdout, stderr io.Writer) (int, error) {
	if err := opt.Check(); err != nil {
		return 0, err
	}
	t := Default()
	started := time.Now()
	// The timeout covers the read of the tool's payload too: a tool that
	// keeps stdin open would otherwise hang the agent past any --timeout
	// (QA q1 F14).
	payload, read := ReadPayloadWithin(stdin, opt.Timeout)
	in, warns := t.Normalise(opt.Provider, opt.Event, payload)
	var answers *SourceAnswers
	var alias *argAlias
	if opt.From != "" {
		given := in.ToolInput
		in.Own = t.ownFields(opt.From, &in)
		in.ToolInput, alias = t.withSourceArg(opt.From, &in)
		answers = t.Answers(opt.From, SourceEvent(opt.From, &in))
		if answers != nil {
			answers.input = given
		}
	}
	env := Env(os.Environ(), opt.Provider, &in)
	command := opt.Command
	if opt.Tokens {
		getenv := func(name string) string {
			for i := len(env) - 1; i >= 0; i-- {
				if v, ok := strings.CutPrefix(env[i], name+"="); ok {
					return v
				}
			}
			return ""
		}
		command = slices.Clone(command)
		for i := range command {
			command[i] = ReplaceTokens(command[i], getenv)
		}
	}
	if unsetShell(command) || bashMissing(command) {
		command = append([]string{fallbackShell()}, command[1:]...)
	} else if s := accountShellStandIn(command, os.Getenv("SHELL"), runtime.GOOS, exec.LookPath); s != "" {
		command = append([]string{s}, command[1:]...)
	}
	res := Result{ExitCode: -1, TimedOut: true, PayloadTimedOut: true}
	if read {
		res = Exec(ctx, command, in.Encode(), env, remaining(opt.Timeout, started))
	}
	out := Resolve(res, Policy{
		Blocking:      opt.Blocking,
		Timeout:       opt.Timeout,
		TimeoutAction: opt.TimeoutAction,
		FailureAction: opt.FailureAction,
		Headless:      opt.Headless,
		Continues:     capabilities.Default().Continues(opt.Provider, in.Ref().Canonical),
		Name:          commandLine(opt.Command),
		Source:        answers,
	})
	// The tool reads a rewrite in its own arguments' names alone.
	out.UpdatedInput = alias.undo(out.UpdatedInput)
	for _, w := range warns {
		out.Notes = append(out.Notes, "hookconv: "+w)
	}
	reply := t.Answer(opt.Provider, in.Ref(), out)
	for _, w := range warns {
		// A block the tool reads from stderr prints the reason alone
		// there, and the run log has the warnings. But where the event
		// cannot be told, the answer may be one the tool does not read
		// as a block there: that warning ("pass --event") is said on
		// every path, after the reason (QA: on an exit 2 it was lost).
		if in.Ref().Canonical != "" {
			break
		}
		if line := "hookconv: " + w + "\n"; !bytes.Contains(reply.Stderr, []byte(line)) {
			reply.Stderr = append(reply.Stderr, line...)
		}
	}
	if opt.Log != "" {
		// Before answering, so a warning joins the reply's stderr; the
		// answer itself is the same whether or not the line is written.
		if err := logRun(&opt, &in, out, reply, started); err != nil {
			reply.Stderr = append(reply.Stderr, "hookconv: run log not written: "+err.Error()+"\n"...)
		}
	}
	if _, err := stdout.Write(reply.Stdout); err != nil {
		return reply.Exit, nil // the tool stopped reading; the exit code still says it
	}
	_, _ = stderr.Write(reply.Stderr)
	return reply.Exit, nil
}

// commandLine names the hook in messages: its command line, cut short.
func commandLine(argv []string) string {
	const max = 60
	s := strings.Join(argv, " ")
	if len(s) > max {
		s = s[:max] + "…"
	}
	return s
}

// ReadPayload reads the tool's stdin, unless it is a terminal (someone
// trying the shim by hand): there is no payload to wait for then.
func ReadPayload(r io.Reader) []byte {
	if f, ok := r.(*os.File); ok {
		if st, err := f.Stat(); err == nil && st.Mode()&os.ModeCharDevice != 0 {
			return nil
		}
	}
	var b bytes.Buffer
	_, _ = b.ReadFrom(io.LimitReader(r, maxPayload))
	return b.Bytes()
}

// ReadPayloadWithin is ReadPayload bounded by timeout (0 = none): read is
// false when the tool's stdin had not ended by then, and the payload is
// nil. The read goes on in the background until stdin ends, which for a
// pipe never closed is when the process exits.
func ReadPayloadWithin(r io.Reader, timeout time.Duration) (payload []byte, read bool) {
	if timeout <= 0 {
		return ReadPayload(r), true
	}
	done := make(chan []byte, 1)
	go func() { done <- ReadPayload(r) }()
	timer := time.NewTimer(timeout)
	defer timer.Stop()
	select {
	case b := <-done:
		return b, true
	case <-timer.C:
		return nil, false
	}
}

// remaining is what is left of timeout (0 = none) since started, for the
// hook once the payload is read: at least a nanosecond, since 0 would be
// no timeout at all.
func remaining(timeout time.Duration, started time.Time) time.Duration {
	if timeout <= 0 {
		return 0
	}
	return max(timeout-time.Since(started), time.Nanosecond)
}

// Env is the hook's environment: base plus HOOKCONV_EVENT (the canonical
// event), HOOKCONV_PROVIDER, and the tool's project-directory variables
// (the providers table's project_dir_var and also_sets: Gemini CLI sets
// CLAUDE_PROJECT_DIR too) each set when the tool did not set it: to the
// tool's own variable where that is set, else to the payload's cwd (a hook
// converted from Claude Code still finds $CLAUDE_PROJECT_DIR under Claude
// Code, and under Gemini CLI ${hookconv:CLAUDE_PROJECT_DIR} holds the
// same folder as ${hookconv:GEMINI_PROJECT_DIR}).
func Env(base []string, provider string, in *Input) []string {
	env := append(base[:len(base):len(base)], "HOOKCONV_EVENT="+in.Event, "HOOKCONV_PROVIDER="+provider)
	p, ok := vocab.Default().Provider(provider)
	if !ok || p.ProjectDirVar == "" {
		return env
	}
	dir := in.Cwd
	if v, set := varValue(base, p.ProjectDirVar); set {
		dir = v
	}
	if dir == "" {
		return env
	}
	for _, name := range append([]string{p.ProjectDirVar}, p.AlsoSets...) {
		if !hasVar(base, name) {
			env = append(env, name+"="+dir)
		}
	}
	return env
}

// varValue is the last non-empty value of name in env, as the process
// reads it.
func varValue(env []string, name string) (string, bool) {
	for i := len(env) - 1; i >= 0; i-- {
		if k, v, ok := strings.Cut(env[i], "="); ok && k == name {
			return v, v != ""
		}
	}
	return "", false
}

func hasVar(env []string, name string) bool {
	for _, kv := range env {
		if k, v, ok := strings.Cut(kv, "="); ok && k == name && v != "" {
			return true
		}
	}
	return false
}

// HeadlessEnv reports whether the environment says nobody is there to
// answer a question: CI is set to anything but "", "0" or "false".
func HeadlessEnv(getenv func(string) string) bool {
	switch strings.ToLower(getenv("CI")) {
	case "", "0", "false":
		return false
	}
	return true
}
