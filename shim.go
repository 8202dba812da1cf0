package hookconv

import (
	"cmp"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/hookconv/hookconv/canonical"
	"github.com/hookconv/hookconv/capabilities"
	"github.com/hookconv/hookconv/diag"
	"github.com/hookconv/hookconv/hookrun"
	"github.com/hookconv/hookconv/vocab"
)

// CodeShimWindows: a Windows command override is not wrapped by the shim
// (it needs a POSIX shell), so on Windows the hook runs with the target's
// own contract (warning).
const CodeShimWindows = "HC410"

// CodeShimNotNeeded: the target is a program hookconv generates, which
// runs the hooks under the canonical contract itself (info).
const CodeShimNotNeeded = "HC411"

// CodeShimDenyUnread: another tool also runs the hooks of the target's
// files (Copilot CLI: Claude Code's settings, VS Code's .github/hooks
// files) and reads no answer of hookconv run's deny on a blocking hook's
// event that the target reads too, so the guard does not block there
// (warning).
const CodeShimDenyUnread = "HC450"

// CodeShimJSONUnread: another tool also runs the hooks of the target's
// files and does not read the target's JSON for an ask or a rewrite of
// the tool input, which hookconv run answers in it: there the call runs
// unasked or unchanged; or a deny is answered by exit 2 for its sake,
// which drops the deny's context and system message (warning, once per
// conversion).
const CodeShimJSONUnread = "HC451"

// shimPrefix starts every wrapped command; Unshim recognises it.
const shimPrefix = "hookconv run --provider "

// Shim wraps every command hook of m, read from the from tool's config,
// in `hookconv run`, so the hook sees the canonical event on stdin and
// answers in the canonical contract whatever tool runs it: `hookconv run
// --provider TO [--from SOURCE] --event E [--blocking] [--timeout S] [--timeout-action A]
// [--failure-action block] -- bash -c 'COMMAND'`. The command keeps its shell syntax: it runs with
// the shell of the tool it was written for (the providers table's shell
// of from, or for a manifest hook of the tool its provider data names;
// bash where that is sh or undocumented), not the target's, and the
// shim, not the tool, decides what its exit code and output mean.
// hookconv must be on PATH where the hooks run. The stand-ins degradation
// "block" writes (capabilities.BlockStub) are left as they are: they
// answer the target in its own terms.
//
// A nil m has nothing to wrap and is returned as it is.
func Shim(m *canonical.Manifest, from, to string) (*canonical.Manifest, diag.List) {
	if m == nil {
		return nil, nil
	}
	var ds diag.List
	prov, _ := vocab.Default().Provider(to)
	if prov.Generated {
		also := ""
		if c, ok := hookrun.Default().Contract(to); ok && c.SourceAnswers {
			// It does what run --from does (source_answers): say so, or
			// the user may think a Claude guard's own JSON is lost.
			also = ", and a hook read from another tool also gets that tool's top-level fields and has its JSON answers read, as hookconv run --from does"
		}
		ds.Infof(CodeShimNotNeeded, diag.Pos{}, "", "",
			"--shim is not needed for %s: the hookconv-generated %s already runs each hook under the canonical exit-code and answer contract (the hook still reads %s's own payload on stdin)%s", to, prov.Name, prov.Name, also)
		return m, ds
	}
	out := *m
	out.Hooks = make([]canonical.Hook, len(m.Hooks))
	var coRead coReadNotes
	for i, h := range m.Hooks {
		if _, _, standIn := capabilities.BlockStub(h.Handler.Command); standIn {
			// The block strategy's stand-in answers in the target's own
			// terms already (its JSON deny where exit 2 does not block):
			// read as a canonical answer, Cursor's {"permission":"deny"}
			// would be an allow (QA q2 F1).
			out.Hooks[i] = h
			continue
		}
		if h.Handler.Type == canonical.HandlerCommand && h.Handler.Command != "" {
			shell := shimShell(&h, from)
			h.Handler.Command = shimCommand(&h, from, to, shell, h.Handler.Command)
			if len(h.Handler.Platform) > 0 {
				platform := make(map[string]string, len(h.Handler.Platform))
				for os, cmd := range h.Handler.Platform {
					if os == "windows" {
						platform[os] = cmd
						ds.Warnf(CodeShimWindows, h.PosOf("handler.platform.windows"), "hooks["+strconv.Itoa(h.SourceIndex(i))+"].handler.platform.windows",
							"on Windows the hook answers in "+to+"'s own contract; write it for that, or run it under WSL",
							"%s: the Windows command is not wrapped by the shim (it needs a POSIX shell)", h.DisplayName(i))
						continue
					}
					platform[os] = shimCommand(&h, from, to, shell, cmd)
				}
				h.Handler.Platform = platform
			}
			if prov.TimeoutUnit == "" {
				// The shim enforces the timeout (--timeout): a tool with no
				// timeout of its own loses nothing.
				h.Handler.Timeout, h.Handler.TimeoutAction = 0, ""
			}
			if h.Blocking {
				coRead.hook(&ds, &h, i, to)
			}
		}
		out.Hooks[i] = h
	}
	coRead.say(&ds, to)
	return &out, ds
}

// coReadNotes collects, for Shim, what another tool that also runs the
// hooks of the target's files does not read of hookconv run's answers
// there (hookrun's UnreadBy, from the providers table's also_reads and
// the contracts table): a deny, hook by hook (HC450), and an ask or a
// rewrite only JSON says, once per conversion (HC451; a hook may never
// answer so, and its script is not read for it).
type coReadNotes struct {
	jsonOnly map[string][]string // tool names → native events
	order    []string
	// denyByExit lists the native events on which a deny is answered by
	// its exit code for the other tools' sake (hookrun's
	// DenyDropsExtras): a deny's context and system message are dropped.
	denyByExit []string
}

// hook notes what a blocking hook's answers lose in the other tools.
func (c *coReadNotes) hook(ds *diag.List, h *canonical.Hook, i int, to string) {
	t := hookrun.Default()
	ev, _ := t.ResolveEvent(to, h.Event)
	native := cmp.Or(ev.Native, h.Event)
	if missed := t.UnreadBy(to, h.Event, hookrun.WhatDeny); len(missed) > 0 {
		ds.Warnf(CodeShimDenyUnread, h.PosOf("blocking"), "hooks["+strconv.Itoa(h.SourceIndex(i))+"].blocking",
			"write this guard into a file only "+to+" loads, or convert for "+strings.Join(missed, ", ")+" too and keep this hook out of "+to+"'s shared files",
			"%s: the hooks written for %s run in %s too, which reads no answer of hookconv run's deny on %s that %s reads as a block: there the guard does not block",
			h.DisplayName(i), to, coReaderNames(missed), native, to)
	}
	if h.Blocking && t.DenyDropsExtras(to, h.Event) && !slices.Contains(c.denyByExit, native) {
		c.denyByExit = append(c.denyByExit, native)
	}
	for _, what := range []string{hookrun.WhatAsk, hookrun.WhatUpdatedInput} {
		missed := t.UnreadBy(to, h.Event, what)
		if len(missed) == 0 {
			continue
		}
		if c.jsonOnly == nil {
			c.jsonOnly = map[string][]string{}
		}
		key := coReaderNames(missed)
		if _, ok := c.jsonOnly[key]; !ok {
			c.order = append(c.order, key)
		}
		if !slices.Contains(c.jsonOnly[key], native) {
			c.jsonOnly[key] = append(c.jsonOnly[key], native)
		}
	}
}

// say adds the once-per-conversion warning.
func (c *coReadNotes) say(ds *diag.List, to string) {
	for _, names := range c.order {
		ds.Warnf(CodeShimJSONUnread, diag.Pos{}, "",
			"a guard that must hold there too should deny (or exit 2) rather than ask or rewrite",
			"the hooks written for %s run in %s too, which does not read hookconv run's JSON answer to an ask or to a rewrite of the tool input (updated_input) on %s: there the call runs unasked or unchanged",
			to, names, strings.Join(c.jsonOnly[names], ", "))
	}
	if len(c.denyByExit) > 0 {
		// QA s28 q3 F4: the deny still blocks; what else it said is gone.
		ds.Warnf(CodeShimJSONUnread, diag.Pos{}, "",
			"put what the model must know into the deny's reason, which the exit code's stderr carries",
			"hookconv run answers a deny on %s by exit 2 with the reason on stderr, the block every tool running %s's files reads: a denying hook's context and system message are dropped there",
			strings.Join(c.denyByExit, ", "), to)
	}
}

// coReaderNames names providers by their tools' names.
func coReaderNames(slugs []string) string {
	names := make([]string, len(slugs))
	for i, s := range slugs {
		p, _ := vocab.Default().Provider(s)
		names[i] = cmp.Or(p.Name, s)
	}
	return strings.Join(names, " and ")
}

// shimShell is the shell word a shim runs h's command with: the
// providers table's shell of the tool the command was written for (the
// source, or for a manifest hook the tool its decoder's marks name), so
// a command runs as it did there. Where that tool's shell is not
// documented, or no tool is named, it is bash: hook commands written for
// other tools often use bash syntax ([[ ]], $(< f)), which sh (dash on
// Debian and Ubuntu) fails on, and a guard that fails lets the action
// through; hookconv run uses sh where bash is not installed. Where it is
// sh (VS Code, Claude Code, Factory Droid) it is bash too: bash reads
// sh's syntax, on macOS those tools' sh is bash, and VS Code's "bash"
// key, which its earlier builds ran with bash, decodes to the same
// command as its "command".
func shimShell(h *canonical.Hook, from string) string {
	if from == "canonical" {
		from = markedSource(h)
	}
	prov, _ := vocab.Default().Provider(from)
	if prov.Shell == "sh" {
		return "bash"
	}
	return cmp.Or(prov.Shell, "bash")
}

// shimCommand wraps one command line, to run with shell. A command a shim
// already wraps is unwrapped first: wrapped again it would run a shim
// inside a shim, and the inner one would speak the tool it was first
// written for.
func shimCommand(h *canonical.Hook, from, to, shell, command string) string {
	if from := shimmedFor(command); from != "" {
		return rewrapShim(command, from, to)
	}
	var b strings.Builder
	b.WriteString(shimPrefix)
	b.WriteString(to)
	if src := shimSource(h, from); src != "" {
		// The command was written for src's payload and answers, not the
		// canonical contract: run hands it src's field names too and
		// reads src's own JSON answers (a Claude Code guard's
		// hookSpecificOutput deny, its tool_name test).
		b.WriteString(" --from ")
		b.WriteString(src)
	}
	b.WriteString(" --event ")
	b.WriteString(h.Event)
	if h.Blocking {
		b.WriteString(" --blocking")
	}
	if t := h.Handler.Timeout; t > 0 {
		b.WriteString(" --timeout ")
		b.WriteString(strconv.FormatFloat(t, 'f', -1, 64))
	}
	// Where a block makes the agent go on working (a Stop event), a
	// crash or a timeout that blocked would keep it from ever stopping
	// (QA F2: a Cursor failClosed stop hook); hookconv run ignores these
	// flags there too.
	continues := capabilities.Default().Continues(to, h.Event)
	if a := h.Handler.TimeoutAction; a != "" && !(continues && a == canonical.TimeoutBlock) {
		b.WriteString(" --timeout-action ")
		b.WriteString(a)
	}
	if h.Blocking && !continues && failedClosed(h, from) {
		// A crash blocked where the hook was written (Cursor's
		// failClosed, Copilot CLI's preToolUse), and the shim's answer
		// to a crash is a hook error that lets the action go: it blocks
		// instead, as timeout_action block does for a timeout (QA: kept
		// failClosed: true in Cursor, the shim answered {} on exit 1).
		b.WriteString(" --failure-action block")
	}
	prov, _ := vocab.Default().Provider(to)
	if len(prov.CommandTokens) > 0 {
		// The tool replaces these in the command text, for one shell;
		// inside the shim's quotes the value would break them. Marked,
		// they reach hookconv run, which puts in the same value, quoted.
		b.WriteString(" --tokens")
		command = markTokens(command, prov.CommandTokens)
	}
	b.WriteString(" -- " + shell + " -c ")
	b.WriteString(shellQuote(command))
	return b.String()
}

// shimSource is the tool hook h's command was written for, which the
// shim passes as --from: the source, or for a manifest (and a program
// hookconv generates, which holds one) the tool its decoder's marks name;
// "" for a hook written for the canonical contract, or for a tool
// without a runtime contract.
func shimSource(h *canonical.Hook, from string) string {
	src := from
	if from == "canonical" || generatedTool(from) {
		src = markedSource(h)
	}
	if _, ok := hookrun.Default().Contract(src); !ok {
		return ""
	}
	return src
}

// failedClosed reports whether hook h, read from the from tool's config
// (for a manifest, the tool its decoder's marks name), blocked there when
// it failed: capabilities' FailedClosed.
func failedClosed(h *canonical.Hook, from string) bool {
	if from == "canonical" {
		from = markedSource(h)
	}
	return from != "" && capabilities.Default().FailedClosed(h, from)
}

// markTokens writes each token the tool replaces in the command text
// ($GEMINI_PROJECT_DIR) as hookrun.TokenMarker's ${hookconv:NAME}, which
// hookconv run --tokens replaces as the tool would have: the command runs
// as it would unwrapped, whatever its quotes and the value's characters.
// Tokens match as the tool's literal replacement does (no name boundary:
// $GEMINI_PROJECT_DIRX too).
func markTokens(command string, tokens []string) string {
	var b strings.Builder
	for i := 0; i < len(command); i++ {
		if command[i] == '$' {
			if name := tokenAt(command[i+1:], tokens); name != "" {
				b.WriteString(hookrun.TokenMarker(name))
				i += len(name)
				continue
			}
		}
		b.WriteByte(command[i])
	}
	return b.String()
}

// tokenAt returns the token s starts with. The tool replaces the literal
// text, name boundary or not ($GEMINI_PROJECT_DIRX too), so this matches
// as it does.
func tokenAt(s string, tokens []string) string {
	for _, t := range tokens {
		if strings.HasPrefix(s, t) {
			return t
		}
	}
	return ""
}

// shellQuote quotes s as one word that sh, bash and zsh read alike (the
// shells tools run a shim's line with; Codex runs the account's shell
// where that is one of them): runs of other characters in single quotes,
// and each single quote and backslash escaped outside them (\' and \\).
// A backslash needs no escape in POSIX shells; escaped, the word reads
// alike in fish too, which reads \' and \\ inside single quotes as
// escapes (kept from when Codex was thought to run hooks with fish).
func shellQuote(s string) string {
	if s == "" {
		return "''"
	}
	var b strings.Builder
	b.Grow(len(s) + 2)
	open := false
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c == '\'' || c == '\\' {
			if open {
				b.WriteByte('\'')
				open = false
			}
			b.WriteByte('\\')
			b.WriteByte(c)
			continue
		}
		if !open {
			b.WriteByte('\'')
			open = true
		}
		b.WriteByte(c)
	}
	if open {
		b.WriteByte('\'')
	}
	return b.String()
}

// shellUnquote undoes shellQuote, and reads the form earlier versions
// wrote (each quote written as close, escaped quote, reopen, and
// backslashes inside the quotes); ok is false for any other text.
func shellUnquote(q string) (string, bool) {
	if q == "" {
		return "", false
	}
	var b strings.Builder
	for q != "" {
		switch {
		case q[0] == '\'':
			end := strings.IndexByte(q[1:], '\'')
			if end < 0 {
				return "", false
			}
			b.WriteString(q[1 : 1+end])
			q = q[2+end:]
		case q[0] == '\\' && len(q) > 1 && (q[1] == '\'' || q[1] == '\\'):
			b.WriteByte(q[1])
			q = q[2:]
		default:
			return "", false
		}
	}
	return b.String(), true
}

// splitShim cuts a shimmed command into its flags (before the " -- "
// that starts the wrapped command), the shell word and the quoted
// command: at the first " -- " followed by a shell the shims use, so a
// --log path holding " -- " does not end the flags.
func splitShim(command string) (prefix, shell, quoted string, ok bool) {
	if !strings.HasPrefix(command, shimPrefix) {
		return "", "", "", false
	}
	for at := 0; ; {
		i := strings.Index(command[at:], " -- ")
		if i < 0 {
			return "", "", "", false
		}
		i += at
		rest := command[i+len(" -- "):]
		if sh, q, found := strings.Cut(rest, " -c "); found && shellsWritten()[sh] {
			return command[:i], sh, q, true
		}
		at = i + 1
	}
}

// unmarkTokens undoes markTokens.
func unmarkTokens(command string) string {
	const open = "${hookconv:"
	for {
		i := strings.Index(command, open)
		end := strings.IndexByte(command[max(i, 0):], '}')
		if i < 0 || end < 0 {
			return command
		}
		command = command[:i] + "$" + command[i+len(open):i+end] + command[i+end+1:]
	}
}

// shellsWritten are the shell words a shim may run its command with: bash
// (shimShell's default), sh (earlier versions' default) and the providers
// table's shells.
var shellsWritten = sync.OnceValue(func() map[string]bool {
	shells := map[string]bool{"bash": true, "sh": true}
	for _, p := range vocab.Default().Providers {
		if p.Shell != "" {
			shells[p.Shell] = true
		}
	}
	return shells
})

// CodeReshimmed: a command a shim wraps for another tool is wrapped for
// the target instead, so its shim speaks the target's contract (info); in
// a program hookconv generates it cannot be, and is warned about.
const CodeReshimmed = "HC430"

// Reshim rewraps, for the target, each command of m that a shim wraps for
// another tool: converted without --shim, `hookconv run --provider codex`
// in a Gemini CLI config would read Gemini's payload as Codex's and answer
// in Codex's terms, which Gemini does not read, and the guard would let
// every call through. A manifest (to canonical) keeps the commands as
// they are: the next conversion rewraps them.
//
// A nil m has nothing to rewrap and is returned as it is.
func Reshim(m *canonical.Manifest, to string) (*canonical.Manifest, diag.List) {
	if m == nil {
		return nil, nil
	}
	prov, _ := vocab.Default().Provider(to)
	if to == "canonical" {
		return m, nil
	}
	var ds diag.List
	if prov.Generated {
		// The generated program hands a hook the tool's own payload and
		// reads the canonical answer: no shim can stand between them.
		for i := range m.Hooks {
			h := &m.Hooks[i]
			if from := shimmedFor(h.Handler.Command); from != "" && h.Handler.Type == canonical.HandlerCommand {
				original, _ := Unshim(h.Handler.Command)
				ds.Warnf(CodeReshimmed, h.PosOf("handler.command"), hookPath(h, i)+".handler.command", "convert the config from before --shim, or write the command without hookconv run: "+original,
					"%s: its command runs under hookconv run for %s, which reads %s's payload and answers in its terms; the program hookconv generates for %s hands it that tool's own payload and reads the canonical answer, so a guard may never block there", h.DisplayName(i), from, from, prov.Name)
			}
		}
		return m, ds
	}
	var out *canonical.Manifest
	for i := range m.Hooks {
		h := &m.Hooks[i]
		if h.Handler.Type != canonical.HandlerCommand {
			continue
		}
		from := shimmedFor(h.Handler.Command)
		if from == "" || from == to {
			continue
		}
		if out == nil {
			out = &canonical.Manifest{Spec: m.Spec, Hooks: slices.Clone(m.Hooks)}
		}
		hh := &out.Hooks[i]
		hh.Handler.Command = rewrapShim(hh.Handler.Command, from, to)
		ds.Infof(CodeReshimmed, h.PosOf("handler.command"), hookPath(h, i)+".handler.command", "",
			"%s: its command runs under hookconv run for %s; rewrapped for %s, whose payload and answers the shim must speak", h.DisplayName(i), from, to)
	}
	if out == nil {
		return m, nil
	}
	return out, ds
}

// rewrapShim wraps for to the command a shim for from wraps. The shim's
// own flags the user may have set (--timeout-action block, --headless,
// --log) and the shell the command ran with under it are kept as
// written; the provider and the target's token marking change, and the
// wrapped command's project-directory variables become the target's
// ($GEMINI_PROJECT_DIR is unset under Claude Code: the script would not
// be found, and the guard fail open).
func rewrapShim(command, from, to string) string {
	if from == to {
		return command
	}
	original, _ := Unshim(command)
	if replace := projectDirRewriter(to, ""); replace != nil {
		original, _, _ = replace(original, false)
	}
	prefix, shell, _, _ := splitShim(command)
	flags := strings.TrimPrefix(prefix, shimPrefix+from)
	flags = strings.ReplaceAll(flags+" ", " --tokens ", " ")
	flags = strings.TrimRight(flags, " ")
	prov, _ := vocab.Default().Provider(to)
	if len(prov.CommandTokens) > 0 {
		flags += " --tokens"
		original = markTokens(original, prov.CommandTokens)
	}
	return shimPrefix + to + flags + " -- " + shell + " -c " + shellQuote(original)
}

// shimmedFor returns the provider a shimmed command is wrapped for, or "".
func shimmedFor(command string) string {
	rest, ok := strings.CutPrefix(command, shimPrefix)
	if !ok {
		return ""
	}
	if _, wraps := Unshim(command); !wraps {
		return ""
	}
	provider, _, _ := strings.Cut(rest, " ")
	return provider
}

// Unshim returns the command a shim wraps, and whether command is one
// Shim wrote. The verify stage compares wrapped commands by it, so a
// shim that mangled the command (a quoting bug) is caught before output.
func Unshim(command string) (string, bool) {
	prefix, _, quoted, ok := splitShim(command)
	if !ok {
		return "", false
	}
	body, ok := shellUnquote(quoted)
	if !ok {
		return "", false
	}
	if strings.HasSuffix(prefix, " --tokens") || strings.Contains(prefix, " --tokens ") {
		return unmarkTokens(body), true
	}
	return body, true
}
