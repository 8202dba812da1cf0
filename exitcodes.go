package hookconv

import (
	"cmp"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/hookconv/hookconv/canonical"
	"github.com/hookconv/hookconv/capabilities"
	"github.com/hookconv/hookconv/diag"
	"github.com/hookconv/hookconv/hookrun"
	"github.com/hookconv/hookconv/internal/lazy"
	"github.com/hookconv/hookconv/internal/shlex"
	"github.com/hookconv/hookconv/providers"
	"github.com/hookconv/hookconv/providers/cline"
	"github.com/hookconv/hookconv/providers/opencode"
	"github.com/hookconv/hookconv/vocab"
)

// CodeSilentExitTwo (warning): a blocking hook that exits 2 with nothing
// written to standard error goes to a tool that blocks on exit 2 only
// with a reason there (Codex; VS Code's Stop and SubagentStop): the exit
// is a failure and the action goes ahead. --remove-source keeps such a
// hook in the source.
const CodeSilentExitTwo = "HC431"

// CodeExitTwoNowBlocks (info): a hook exits 2 with nothing written to
// standard error in a tool that blocks on exit 2 only with a reason there
// (Codex, VS Code's Stop: the hook failed and the action went ahead), and
// goes to one where exit 2 blocks alone: the action is now stopped.
const CodeExitTwoNowBlocks = "HC433"

// CodeShorterDefaultTimeout (info): hooks that set no timeout get the
// target's default for their handler type, shorter than the source's
// (Claude Code's 600 s, Gemini CLI's 60 s; an http hook's 600 s, Copilot
// CLI's 30 s): a hook that runs longer is now stopped.
const CodeShorterDefaultTimeout = "HC435"

// CodeCrashBlocks (info): command hooks go to a tool where any exit code
// but 0 and 1 blocks (Gemini CLI, with plain-text output), from one where
// a crash lets the action through: a missing interpreter now blocks.
const CodeCrashBlocks = "HC432"

// hookTally gathers the hooks a once-per-conversion note is about: how
// many, the first (whose position the note takes), their indexes in the
// source and the events they are on, in order of first appearance.
type hookTally struct {
	n, first int
	hooks    []int
	events   []string
}

func newHookTally() hookTally { return hookTally{first: -1} }

// add counts hook h, the i-th of the manifest.
func (t *hookTally) add(h *canonical.Hook, i int) {
	if t.n++; t.first < 0 {
		t.first = i
	}
	t.hooks = append(t.hooks, h.SourceIndex(i))
	if !slices.Contains(t.events, h.Event) {
		t.events = append(t.events, h.Event)
	}
}

// crashBlocks notes (HC432), once per conversion, the command hooks on
// events the target can block where it blocks on any exit code but 0 and
// 1 (the contracts table's crash_blocks) and the source does not: a
// script that crashes, or whose interpreter is missing (127), stops the
// action there, where the source let it through. Said as information: a
// guard failing closed loses no protection, but an agent whose every
// tool call is denied for a missing "uv" should not come as a surprise.
// Under the shim, a crash is a hook error, which lets the action through.
// A hook of a program hookconv generated (Cline's scripts, OpenCode's
// plugin) that the program ran by the crash rule of the tool it was
// written for (a Gemini CLI guard's: generatedBlocksOnCrash) blocked on
// a crash there already, and is not counted (QA F2 item 5: a plugin
// converted from Gemini CLI and back was said to have let it go on).
func crashBlocks(m *canonical.Manifest, from, to string, shim bool, files providers.Files) (diag.List, [][]int) {
	if !onlyTargetExits(from, to, shim, func(c *hookrun.Contract) bool { return c.CrashBlocks }) {
		return nil, nil
	}
	caps := capabilities.Default()
	canBlock := map[string]bool{} // per event: a large config has a few
	t := newHookTally()
	for i := range m.Hooks {
		h := &m.Hooks[i]
		if h.Handler.Type != canonical.HandlerCommand || h.Handler.Async || caps.FailedClosed(h, from) || generatedBlocksOnCrash(h, from) {
			continue
		}
		blocks, seen := canBlock[h.Event]
		if !seen {
			b, ok := caps.BlockingOf(to, h.Event)
			blocks = ok && b.Behaviour != capabilities.Observe
			canBlock[h.Event] = blocks
		}
		if !blocks {
			continue
		}
		t.add(h, i)
	}
	if t.n == 0 {
		return nil, nil
	}
	was := "a hooks/1.0 manifest's contract"
	if from != "canonical" {
		was = ToolName(from)
	}
	var ds diag.List
	ds.Infof(CodeCrashBlocks, m.Hooks[t.first].PosOf("handler.command"), "",
		"make the scripts exit 0 or 1 when they cannot decide, and check that what they run is installed; or convert with --shim, under which a crash lets the action through",
		"%d command hook(s) on %s: %s blocks when a hook exits with any code but 0 and 1 and prints plain text, as on exit 2, so a crash or a missing interpreter (exit 127) blocks there, where %s let the action go on",
		t.n, strings.Join(t.events, ", "), ToolName(to), was)
	ds = atFirstHook(ds, m, t.first, files)
	return ds, [][]int{t.hooks}
}

// generatedBlocksOnCrash reports whether the program hookconv generated
// for from blocks on h's crash: Cline's script and OpenCode's plugin run
// a blocking hook written for a tool that blocks on any exit but 0 and 1
// with plain text (its marks: Gemini CLI) by that rule, as hookconv run
// --from does (BlocksOnSourceExit). False for any other source.
func generatedBlocksOnCrash(h *canonical.Hook, from string) bool {
	switch from {
	case cline.Slug:
		return cline.BlocksOnSourceExit(h)
	case opencode.Slug:
		return opencode.BlocksOnSourceExit(h)
	}
	return false
}

// crashUnblocked notes (HC209, an info), once per conversion, the
// blocking command hooks on events both tools can block, going from a
// tool where any exit code but 0 and 1 blocks with plain-text output (the
// contracts table's crash_blocks: Gemini CLI, reference part 1 §2.9) to
// one where a crash does not block (its blocking row's exit is not
// "nonzero"): a guard that crashes, or whose interpreter is missing (exit
// 127), stopped the action in the source and lets it through in the
// target. The reverse is HC432. An info, where HC209 warns about a
// source that fails closed on any failure (Copilot CLI's preToolUse,
// Cursor's failClosed): Gemini CLI's docs say only exit 2 blocks, its
// code blocks on another code only when the output is plain text, and a
// guard that meant to deny says so by exit 2 or its JSON answer, which
// the target reads (otherExitBlocks warns about an explicit exit 3).
// Under the shim nothing is said, as for HC432. From a program hookconv
// generated (Cline's scripts, OpenCode's plugin), the hooks it ran by
// such a tool's crash rule (generatedBlocksOnCrash: a Gemini CLI guard's)
// are said, which the tables' row for the program alone would leave out
// (QA F2 item 5, HC432's mirror).
func crashUnblocked(m *canonical.Manifest, from, to string, shim bool, files providers.Files) (diag.List, [][]int) {
	crash := func(c *hookrun.Contract) bool { return c.CrashBlocks }
	generated := from == cline.Slug || from == opencode.Slug
	switch {
	case to == "canonical" || from == "canonical":
		return nil, nil
	case generated:
		// The program's own row blocks on no crash: the target's decides.
		if target, ok := hookrun.Default().Contract(to); shim || from == to || ok && target.CrashBlocks {
			return nil, nil
		}
	case !onlyTargetExits(to, from, shim, crash):
		return nil, nil // the source's crash blocks, the target's does not
	}
	caps := capabilities.Default()
	t := newHookTally()
	var ruleOf string // the tool whose crash rule the generated program applied
	for i := range m.Hooks {
		h := &m.Hooks[i]
		if !h.Blocking || h.Handler.Type != canonical.HandlerCommand || h.Handler.Async {
			continue
		}
		if generated {
			if !generatedBlocksOnCrash(h, from) {
				continue
			}
			ruleOf = cmp.Or(ruleOf, markedSource(h))
		}
		src, ok := caps.BlockingOf(from, h.Event)
		if !ok || src.Behaviour == capabilities.Observe {
			continue
		}
		dst, ok := caps.BlockingOf(to, h.Event)
		if !ok || dst.Behaviour == capabilities.Observe || dst.Exit == "nonzero" || dst.Exit == "contract" {
			continue // the target blocks on a crash too, or never: said elsewhere
		}
		t.add(h, i)
	}
	if t.n == 0 {
		return nil, nil
	}
	who := ToolName(from)
	if generated {
		who = fmt.Sprintf("%s, running hooks written for %s as %s does,", who, ToolName(ruleOf), ToolName(ruleOf))
	}
	var ds diag.List
	ds.Infof(capabilities.CodeFailOpen, m.Hooks[t.first].PosOf("handler.command"), "",
		"make the scripts deny with exit 2 (the reason on stderr), and exit 2 when they cannot decide",
		"%d blocking command hook(s) on %s: %s blocks when a hook exits with any code but 0 and 1 and prints plain text, so a crash or a missing interpreter (exit 127) blocked the action there; %s does not block on a crash, so there it lets the action go on",
		t.n, strings.Join(t.events, ", "), who, ToolName(to))
	ds = atFirstHook(ds, m, t.first, files)
	return ds, [][]int{t.hooks}
}

// CodeOtherExitBlocks (warning): a blocking hook, from a tool where any
// exit code but 0 and 1 blocks (Gemini CLI), exits with such a code other
// than 2 (exit 3) and goes to a tool where only exit 2 blocks: there the
// exit is a failure, and the action goes ahead.
const CodeOtherExitBlocks = "HC436"

// exitOther matches an exit with a code other than 0, 1 and 2 (as the
// shell keeps the low byte: not 256, 257, 258 either), its code the
// first group.
var exitOther = lazy.Regexp(`(?m)(?:^|[;&|{()]|\b(?:then|else|do))\s*exit\s+["']?0*([3-9]|[1-9][0-9]|1[0-9][0-9]|2[0-4][0-9]|25[0-5])\b`)

// otherExitBlocks warns (HC436) about each blocking command hook whose
// command, or the whole shell script it runs, exits with a code other
// than 0, 1 and 2 (exit 3, exit 10), from a tool where such a code blocks
// with plain-text output as exit 2 does (the contracts table's
// crash_blocks: Gemini CLI), going to one where only exit 2 blocks: the
// guard's deny there is a failed hook. A target event whose blocking row
// blocks on any non-zero exit (exit = "nonzero") reads it as a deny too. A script hookconv cannot read
// whole says nothing; a crash is no deny, and HC209's
// table row does not list Gemini's any-code blocking, which holds only
// for plain-text output. Under the shim, hookconv run --from reads the
// exit as the source does (its crash_blocks), so only a shim without
// that --from (one written before it, rewrapped) is said; so do the
// script hookconv generates for Cline (cline.BlocksOnSourceExit) and
// OpenCode's plugin (opencode.BlocksOnSourceExit).
func otherExitBlocks(m *canonical.Manifest, from, to string, shim bool, scripts *Scripts) diag.List {
	if to == "canonical" || from == to && !shim {
		return nil
	}
	contracts := hookrun.Default()
	crashBlocks := func(slug string) bool {
		c, ok := contracts.Contract(slug)
		return ok && c.CrashBlocks
	}
	// Who reads the exit: the target, or under the shim hookconv run,
	// which answers by the canonical contract (only exit 2 blocks).
	reader := ToolName(to)
	if shim {
		reader = "hookconv run (the shim)"
	} else if crashBlocks(to) {
		return nil
	}
	caps := capabilities.Default()
	// The target blocks on the event by exit 2, or its generated program
	// does (Cline's script, OpenCode's plugin: the canonical contract).
	// Where its blocking table says any non-zero exit blocks (Copilot
	// CLI's preToolUse, reference part 2 §1.9), exit 3 blocks there too:
	// nothing to say (QA: HC436 claimed Copilot blocks only on exit 2,
	// and migrate --remove-source kept the hook for it). Under the shim,
	// hookconv run reads the exit, whatever the target would.
	targetBlocks := func(event string) bool {
		b, ok := caps.BlockingOf(to, event)
		if !ok || b.Behaviour == capabilities.Observe || !shim && b.Exit == "nonzero" {
			return false
		}
		return b.ExitTwoBlocks() || b.Exit == "contract"
	}
	sourceTool, _ := vocab.Default().Provider(from)
	var ds diag.List
	codes := map[string]string{} // by text: thousands of hooks may run one script
	for i := range m.Hooks {
		h := &m.Hooks[i]
		if !h.Blocking || h.Handler.Type != canonical.HandlerCommand || !targetBlocks(h.Event) {
			continue
		}
		source := from
		if from == "canonical" || sourceTool.Generated {
			// A manifest hook speaks the canonical contract unless its
			// marks say which tool it was written for.
			if source = markedSource(h); source == "" {
				continue
			}
		}
		if !crashBlocks(source) {
			continue
		}
		if b, ok := caps.BlockingOf(source, h.Event); !ok || !b.ExitTwoBlocks() {
			continue
		}
		if prefix, _, _, ok := splitShim(h.Handler.Command); shim && ok && strings.Contains(prefix+" ", " --from "+source+" ") {
			// hookconv run --from source reads the exit as the source
			// does (QA q3 F1).
			continue
		}
		if !shim && to == cline.Slug && cline.BlocksOnSourceExit(h) {
			continue // Cline's script reads it as run --from does
		}
		if !shim && to == opencode.Slug && opencode.BlocksOnSourceExit(h) {
			continue // so does OpenCode's plugin
		}
		command := h.Handler.Command
		if shimmedFor(command) != "" {
			if inner, ok := Unshim(command); ok {
				command = inner
			}
		}
		if code, ok := shellCode(command); ok {
			command = code // sh -c 'echo no; exit 3' exits as its code does
		}
		call := h.Handler
		call.Command = command
		// What else the command runs does not matter here, only the
		// code it exits with: a command is read whether or not it runs
		// programs unseen (p.sh || exit 3), a script only whole.
		text, read := scripts.readScript(&call, forExit)
		if !read {
			if !strings.Contains(command, "exit") {
				continue
			}
			text = command
		}
		code, seen := codes[text]
		if !seen {
			code = otherExitCode(text)
			codes[text] = code
		}
		if code == "" {
			continue
		}
		what := "its command"
		if text != command {
			what = "its script"
		}
		ds.Warnf(CodeOtherExitBlocks, h.PosOf("handler.command"), fmt.Sprintf("hooks[%d]", h.SourceIndex(i)),
			`block with exit 2 (the reason on stderr): every tool reads that as a block`,
			"%s blocks, and %s exits %s: %s blocks on any exit code but 0 and 1 with plain-text output, %s only on exit 2, so there the exit is a failed hook and the action goes ahead",
			h.DisplayName(i), what, code, ToolName(source), reader)
	}
	return ds
}

// otherExitCode returns the first code other than 0, 1 and 2 the text
// exits with, outside quoted text and comments, or "".
func otherExitCode(text string) string {
	if !strings.Contains(text, "exit") {
		return ""
	}
	text = withExitCodesResolved(forExitReading(text))
	plain := shlex.WithoutTrailingComments(shlex.WithoutLiteralQuotes(text))
	for _, m := range exitOther().FindAllStringSubmatchIndex(text, -1) {
		if strings.Contains(plain[m[0]:m[1]], "exit") {
			return text[m[2]:m[3]]
		}
	}
	return ""
}

// shorterDefaultTimeout notes (HC435), once per conversion, the hooks
// (of every handler type, by each tool's default for it) that set no timeout and get a shorter default in the target than
// in the source: a test run or a formatter that took two minutes is cut
// off at the target's limit, and a guard stopped there lets the action go
// on in most tools. Unknown defaults (a manifest's, OpenCode's) say
// nothing. Its path is the first hook's; it comes with all of them.
func shorterDefaultTimeout(m *canonical.Manifest, from, to string) (diag.List, [][]int) {
	reg := vocab.Default()
	src, ok1 := reg.Provider(from)
	dst, ok2 := reg.Provider(to)
	if !ok1 || !ok2 || from == to {
		return nil, nil
	}
	type limits struct{ was, now float64 }
	// Every handler type (QA q2 F4: Claude Code's http default of 600 s
	// is Copilot CLI's 30 s, on which it fails open), by event and type.
	byEvent := map[[2]string]limits{} // a large config has a few events
	n, first := 0, -1
	var hooks []int
	var was, now float64
	kinds := map[string]bool{}
	for i := range m.Hooks {
		h := &m.Hooks[i]
		if h.Handler.Timeout > 0 {
			continue
		}
		key := [2]string{h.Event, h.Handler.Type}
		l, seen := byEvent[key]
		if !seen {
			l = limits{effectiveTimeout(h, src), effectiveTimeout(h, dst)}
			byEvent[key] = l
		}
		if l.was == 0 || l.now == 0 || l.now >= l.was {
			continue
		}
		if n++; first < 0 {
			first, was, now = i, l.was, l.now
		}
		hooks = append(hooks, h.SourceIndex(i))
		kinds[h.Handler.Type] = true
	}
	if n == 0 {
		return nil, nil
	}
	kind := "" // "2 hook(s)" where the types differ
	if len(kinds) == 1 {
		kind = m.Hooks[first].Handler.Type + " "
	}
	var ds diag.List
	ds.Infof(CodeShorterDefaultTimeout, m.Hooks[first].PosOf("handler"), fmt.Sprintf("hooks[%d]", m.Hooks[first].SourceIndex(first)),
		"set a timeout on the hooks that need longer",
		"%d %shook(s) set no timeout, so the default of %s applies: %gs, where %s allowed %gs (%s first); a hook still running then is stopped, and a guard stopped so lets the action go on in most tools",
		n, kind, dst.Name, now, src.Name, was, m.Hooks[first].DisplayName(first))
	if file := m.Hooks[first].OriginFile; file != "" {
		ds = ds.WithFile(file)
	}
	return ds, [][]int{hooks}
}

// ToolName is a provider's own name (OpenAI Codex CLI), or its slug.
func ToolName(slug string) string {
	if prov, ok := vocab.Default().Provider(slug); ok {
		return prov.Name
	}
	return slug
}

// onlyTargetExits reports whether the target's contract reads a hook's
// exit code as rule says (CrashBlocks) and the source's does not: only
// then do the hooks meet a rule they were not written for. Under the
// shim, hookconv run answers the target itself.
func onlyTargetExits(from, to string, shim bool, rule func(*hookrun.Contract) bool) bool {
	if from == to || shim || to == "canonical" {
		return false
	}
	contracts := hookrun.Default()
	target, ok := contracts.Contract(to)
	if !ok || !rule(target) {
		return false
	}
	source, ok := contracts.Contract(from)
	return !ok || !rule(source)
}

// silentExitTwo warns (HC431) about each blocking command hook that exits
// 2 without writing to standard error first, on an event where the
// target blocks on exit 2 only with a reason on stderr (the contracts
// table's exit2_needs_stderr: Codex reads an exit 2 with empty stderr as
// a failed hook, and fails open; exit2_needs_stderr_on: VS Code's Stop
// lets the agent stop) and the source blocks on the exit alone. Under the
// shim, hookconv run writes the reason itself. The other way round (from
// Codex), such a hook never blocked in its source and blocks in the
// target: said as information (HC433).
func silentExitTwo(m, source *canonical.Manifest, from, to string, shim bool, scripts *Scripts) diag.List {
	if from == to || to == "canonical" {
		return nil
	}
	contracts := hookrun.Default()
	src, _ := contracts.Contract(from)
	dst, _ := contracts.Contract(to)
	var ds diag.List
	if !shim && dst != nil && dst.NeedsStderrSomewhere() {
		ds = append(ds, silentExitWarnings(m, from, to, scripts, dst, src)...)
	}
	if from != "canonical" && src != nil && src.NeedsStderrSomewhere() {
		// hookconv run answers by the canonical contract, where exit 2
		// blocks alone: the shim changes nothing here, and what it wraps
		// is read.
		ds = append(ds, exitTwoNowBlocks(m, source, from, to, scripts, src, dst)...)
	}
	return ds
}

// onlyNeeds reports whether tool a needs a reason on stderr with an exit
// 2 at the canonical event and tool b does not (a nil contract: the
// canonical one, where exit 2 blocks alone).
func onlyNeeds(a, b *hookrun.Contract, event string) bool {
	return a != nil && a.NeedsStderr(event) && (b == nil || !b.NeedsStderr(event))
}

// silentExitWarnings is silentExitTwo's HC431, for a target (dst) that
// needs a reason on stderr where the source (src) does not.
func silentExitWarnings(m *canonical.Manifest, from, to string, scripts *Scripts, dst, src *hookrun.Contract) diag.List {
	name := ToolName(to)
	var ds diag.List
	on := func(event string) bool { return onlyNeeds(dst, src, event) }
	for _, e := range silentExitsOn(m, nil, from, to, scripts, on) {
		h := &m.Hooks[e.index]
		where := "" // Codex's rule holds everywhere; VS Code's on its Stop events
		if !dst.Exit2NeedsStderr {
			where = " at " + h.Event
		}
		if e.dropped != "" {
			ds.Warnf(CodeSilentExitTwo, h.PosOf("handler.command"), fmt.Sprintf("hooks[%d]", h.SourceIndex(e.index)),
				"drop the redirection, so that the script's reason reaches "+name+", or convert with --shim",
				"%s blocks by exiting 2, and its command sends the script's stderr away (%s): %s blocks on exit 2%s only with a reason on stderr, and takes a silent exit 2 for a failed hook, so the action goes ahead",
				h.DisplayName(e.index), e.dropped, name, where)
			continue
		}
		ds.Warnf(CodeSilentExitTwo, h.PosOf("handler.command"), fmt.Sprintf("hooks[%d]", h.SourceIndex(e.index)),
			`write the reason to stderr before exiting 2 (echo "blocked: …" >&2; exit 2), or convert with --shim`,
			"%s blocks by exiting 2, and %s writes nothing to stderr before it does: %s blocks on exit 2%s only with a reason on stderr, and takes a silent exit 2 for a failed hook, so the action goes ahead",
			h.DisplayName(e.index), e.what, name, where)
	}
	return ds
}

// exitTwoNowBlocks is silentExitTwo's HC433, for a source (src) that
// needed a reason on stderr where the target (dst) does not.
func exitTwoNowBlocks(m, source *canonical.Manifest, from, to string, scripts *Scripts, src, dst *hookrun.Contract) diag.List {
	was, name := ToolName(from), ToolName(to)
	var ds diag.List
	on := func(event string) bool { return onlyNeeds(src, dst, event) }
	for _, e := range silentExitsOn(m, source, from, to, scripts, on) {
		h := &m.Hooks[e.index]
		how := e.what + " writes nothing to stderr before it does"
		if e.dropped != "" {
			how = "its command sends the script's stderr away (" + e.dropped + ")"
		}
		ds.Infof(CodeExitTwoNowBlocks, h.PosOf("handler.command"), fmt.Sprintf("hooks[%d]", h.SourceIndex(e.index)),
			`if it is meant to block, write the reason to stderr (echo "blocked: …" >&2; exit 2); if not, exit 1`,
			"%s exits 2, and %s: %s took that for a failed hook and let the action go ahead; %s blocks on exit 2 alone, so the action is now stopped",
			h.DisplayName(e.index), how, was, name)
	}
	return ds
}

// failureBody splits a command that runs one call and then, only when
// that call fails, a body that may exit 2: check.sh || exit 2,
// ! check.sh && exit 2, check.sh && exit 0 || { echo no; exit 2; },
// if ! check.sh; then exit 2; fi, if check.sh; then :; else exit 2; fi,
// check.sh; [ $? -eq 0 ] || exit 2 (or [ $? -ne 0 ] && …, test $? …,
// (( $? )) && …, if [ $? -ne 0 ]; then …; fi, the status saved first:
// rc=$?; [ $rc …), the call first in a pipeline whose status bash keeps
// (check.sh | tee log; [ ${PIPESTATUS[0]} -eq 0 ] || exit 2), or an exit
// 0 on the call's success followed by the rest (check.sh && exit 0;
// exit 2, [ $? -eq 0 ] && exit 0; …), which is then the body, whole.
// A cd into the project before the call (cd "$CLAUDE_PROJECT_DIR" &&
// check.sh || exit 2) is returned with it, as plainCall reads it: a
// failing cd exits 2 too, but writes why on stderr. The body is one
// simple command, one group ({ …; }, or ( … ) ending the command) with
// its redirections ({ echo no >&2; exit 2; } 2>/dev/null), or the
// branch of an if that runs on the call's failure, the if having no
// elif and no redirection of its own; what follows it (; exit 0) runs
// only when the body did not exit, and is not returned. The call is what
// comes before the first operator: readScript refuses it when it is no
// plain call. on is what the body runs on: the call's failure
// (exitCodeFailing), or, where the status is tested against 2 rather
// than 0 (check.sh; rc=$?; [ $rc -eq 2 ] && exit 2, if [ $? = 2 ]; then
// …; fi, [ $? -ne 2 ] || …), the call's exit 2 alone (exitCodeTwo): the
// command then exits 2 when the call does. Any other shape is not ok:
// the shell's reading of a command's status is followed only this far.
func failureBody(command string) (call, body string, on exitCode, ok bool) {
	// Every shape has an operator, a negation, a status or an else; most
	// commands (./x.sh) have none, and are not copied.
	if !strings.Contains(command, "||") && !strings.Contains(command, "&&") && !strings.Contains(command, "!") && !strings.Contains(command, "$?") && !strings.Contains(command, "else") && !strings.Contains(command, "PIPESTATUS") {
		return "", "", 0, false
	}
	plain := shlex.WithoutLiteralQuotes(command) // same length: the offsets hold
	// Every shape runs its body on a failure, but a test of the status
	// against 2.
	on = exitCodeFailing
	at := shlex.SkipBlanks(plain, 0)
	if shlex.WordAt(plain, at, "if") {
		// if ! check.sh; then …; fi, if check.sh; then …; else …; fi
		cond, then, orElse, ok := ifThen(plain, at)
		if !ok {
			return "", "", 0, false
		}
		from := shlex.SkipBlanks(plain, cond.start)
		if negated(plain, from) {
			return strings.TrimSpace(command[shlex.SkipBlanks(plain, from+1):cond.end]), command[then.start:then.end], exitCodeFailing, true
		}
		if orElse == (span{}) {
			return "", "", 0, false // the then part runs on success
		}
		return strings.TrimSpace(command[from:cond.end]), command[orElse.start:orElse.end], exitCodeFailing, true
	}
	start, not := at, negated(plain, at)
	if not {
		// ! check.sh && exit 2: the negation's status is the call's
		// opposite, so only && runs its body on the call's failure.
		start = shlex.SkipBlanks(plain, at+1)
		at = start
	} else if strings.HasPrefix(plain[at:], "cd") {
		if loc := intoProject().FindStringIndex(command[at:]); loc != nil {
			at += loc[1]
		}
	}
	end := shlex.NextOperator(plain, at)
	if end == len(plain) {
		return "", "", 0, false
	}
	call = strings.TrimSpace(command[start:end])
	rest := end
	piped := false
	if !not && plain[end] == '|' && !strings.HasPrefix(plain[end:], "||") {
		// check.sh | tee log; [ ${PIPESTATUS[0]} -eq 0 ] || exit 2: the
		// call's stdout goes down the pipeline, its stderr to the tool,
		// and only PIPESTATUS keeps its status. What the pipeline runs
		// after it must show all it does and write nothing to stderr
		// (no cat >&2), which would make the call's output a reason.
		if rest = shlex.PipelineEnd(plain, end); rest == len(plain) || plain[rest] != ';' && plain[rest] != '\n' {
			return "", "", 0, false
		}
		tail := command[end+1 : rest]
		if !allVisible(tail, forExit) || stderrWrite().MatchString(shlex.WithoutLiteralQuotes(tail)) {
			return "", "", 0, false
		}
		piped = true
	}
	switch {
	case not:
		if !strings.HasPrefix(plain[rest:], "&&") {
			return "", "", 0, false
		}
		rest += 2
	case strings.HasPrefix(plain[rest:], "||"): // check.sh || …
		rest += 2
	case strings.HasPrefix(plain[rest:], "&&"): // check.sh && exit 0 || …
		m := succeedsThenOr().FindStringIndex(plain[rest+2:])
		if m == nil {
			// check.sh && exit 0; exit 2: what follows runs on failure.
			return afterSuccessExit(command, plain, call, rest+2, exitCodeFailing)
		}
		rest += 2 + m[1]
	case plain[rest] == ';' || plain[rest] == '\n': // check.sh; [ $? -eq 0 ] || …
		if !strings.Contains(command[rest:], "$?") && !strings.Contains(command[rest:], "PIPESTATUS") {
			return "", "", 0, false // no test of the call's status follows
		}
		rest = shlex.SkipSpace(plain, rest+1)
		status := "?" // $?, or ${PIPESTATUS[0]}, the same after one command
		if piped {
			status = pipeStatus // $? is the pipeline's last command's
		}
		if m := savedStatus().FindStringSubmatchIndex(command[rest:]); m != nil {
			// rc=$?; [ $rc -eq 0 ]: the call's status, kept.
			if piped && !strings.Contains(command[rest+m[4]:rest+m[5]], "PIPESTATUS") {
				return "", "", 0, false
			}
			status = command[rest+m[2] : rest+m[3]]
			rest = shlex.SkipSpace(plain, rest+m[1])
		}
		if tested, arm, code, ok := statusCaseArm(command[rest:], plain[rest:]); ok {
			// check.sh; case $? in 2) exit 2;; esac: the arm runs on the
			// call's exit 2 (and on the other codes its pattern lists,
			// not read), and the case ends the command (QA); case $? in
			// 0) exit 0;; *) exit 2;; esac runs it on any failure.
			if !sameStatus(statusName(tested), status) {
				return "", "", 0, false
			}
			return call, command[rest+arm.start : rest+arm.end], code, true
		}
		if shlex.WordAt(plain, rest, "if") {
			cond, then, orElse, ok := ifThen(plain, rest)
			if !ok {
				return "", "", 0, false
			}
			onCode, onOther, code, ok := statusCondition(command[cond.start:cond.end], status)
			switch {
			case ok && onCode:
				return call, command[then.start:then.end], code, true
			case ok && onOther && orElse != (span{}):
				return call, command[orElse.start:orElse.end], code, true
			case ok && onOther && onlyExitZero(command[then.start:then.end]):
				// if [ $? -ne 2 ]; then exit 0; fi; exit 2 (QA): what
				// follows the fi runs where the then part did not, as
				// after [ $? -ne 2 ] && exit 0; (afterSuccessExit).
				if body := strings.TrimSpace(strings.TrimLeft(command[then.end+len("fi"):], " \t\n;")); body != "" {
					return call, body, code, true
				}
			}
			return "", "", 0, false
		}
		m := statusTest().FindStringSubmatch(command[rest:])
		if m == nil {
			return "", "", 0, false
		}
		tested, comparison, number, operator := statusParts(m)
		if !sameStatus(tested, status) {
			return "", "", 0, false
		}
		onCode, onOther, code := statusRuns(comparison, operator, number)
		on = code
		if onOther {
			// [ $? -eq 0 ] && exit 0; exit 2, (( $? )) || exit 0; …,
			// [ $? -ne 2 ] && exit 0; exit 2
			return afterSuccessExit(command, plain, call, rest+len(m[0]), on)
		}
		if !onCode {
			return "", "", 0, false // [ $? -gt 2 ], [ $? -eq 1 ]: neither
		}
		rest += len(m[0])
	default:
		return "", "", 0, false
	}
	body, ok = bodyUnit(command, plain, shlex.SkipBlanks(plain, rest))
	return call, body, on, ok
}

// statusCaseHead matches the opening of a case on a status, up to its
// first arm: case $? in, case "$rc" in. Its group is the status, as
// statusTest's.
var statusCaseHead = lazy.Regexp(`^case[ \t]+"?\$(` + statusRef + `)"?[ \t]+in[ \t\n]+`)

// endsWithExitZero reports whether what follows a compound's end is
// nothing, or an exit 0 alone: ; exit 0, a line break and exit 0.
func endsWithExitZero(tail string) bool {
	tail = strings.Trim(tail, " \t\n;")
	f := strings.Fields(tail)
	return tail == "" || len(f) == 2 && f[0] == "exit" && f[1] == "0"
}

// statusCaseArm reads a case on a status that ends the command (command
// from the case on, plain the same with its quotes blanked): case $? in
// 2) exit 2;; esac, case "$rc" in 0) exit 0;; 2|3) exit 2;; *) exit 1;;
// esac, case $? in "2") …;; esac. It returns the status tested, the span
// of the commands of the arm that runs on 2, the first whose patterns
// name 2 (quoted or not), up to its ;;, and what that arm runs on: the
// call's exit 2 (exitCodeTwo). Every arm before it must list numbers
// alone, which a status of 2 does not match as text (02, 1): a glob (*,
// 2*, [0-9]) might, and is not read, but for a catch-all * after an arm
// naming 0 (QA: case $? in 0) exit 0;; *) exit 2;; esac), or in a
// pattern list (1|*), which runs on every failure the arms before it do
// not list (failingBut: QA, a helper's exit 1 reaches * after 0) and
// 3)); a * that would run on success (no 0 listed) is not read, as
// check.sh && exit 2 is not. An arm before it that falls through (;&)
// with nothing in it (1) ;& 2) exit 2;;) hands its codes to the next
// arm's commands, the found one's too, which then runs on those codes
// and 2 (only, failingBut); one whose testing goes on (bash's ;;&) with
// nothing in it (1) : ;;&) lists nothing. Not ok for such an arm that
// runs a command, a found arm that does not end with ;;, an arm holding
// another case, an arm without its ;;, or anything after the esac but an
// exit 0 (endsWithExitZero): the shell's reading is followed only this
// far. One pass over the text.
func statusCaseArm(command, plain string) (status string, arm span, on exitCode, ok bool) {
	m := statusCaseHead().FindStringSubmatchIndex(command)
	if m == nil {
		return "", span{}, 0, false
	}
	status = command[m[2]:m[3]]
	found := false
	listsZero := false   // an arm before the one found names 0
	var listed []string  // the other numbers they name
	var carried []string // the numbers an empty arm falling through hands on
	carriedZero := false
	for at := m[1]; ; {
		at = shlex.SkipSpace(plain, at)
		if at == len(plain) {
			return "", span{}, 0, false
		}
		if shlex.WordAt(plain, at, "esac") {
			// An exit 0 after it runs where no arm exited, and changes
			// nothing read here.
			if !found || !endsWithExitZero(command[at+len("esac"):]) {
				return "", span{}, 0, false
			}
			return status, arm, on, true
		}
		closing := strings.IndexByte(plain[at:], ')')
		if closing < 0 {
			return "", span{}, 0, false
		}
		names2, catchAll, zero := false, false, carriedZero
		numbers := carried
		carried, carriedZero = nil, false
		for _, p := range strings.Split(strings.TrimPrefix(strings.TrimSpace(command[at:at+closing]), "("), "|") {
			p = strings.TrimSpace(p)
			glob := p == "*" // unquoted: it matches every status
			if n := len(p); n >= 2 && (p[0] == '"' || p[0] == '\'') && p[n-1] == p[0] {
				p = p[1 : n-1]
			}
			switch {
			case found:
			case p == "2":
				names2 = true
			case glob:
				catchAll = true
			case p == "" || strings.Trim(p, "0123456789") != "":
				return "", span{}, 0, false // a glob or a word: it may match 2
			case p == "0":
				zero = true
			case p[0] != '0':
				numbers = append(numbers, p)
			} // 01 matches no status: left out
		}
		start := at + closing + 1
		end, term := armEnd(plain, start)
		if end < 0 {
			return "", span{}, 0, false
		}
		if body := plain[start:end]; strings.Contains(body, "case") {
			return "", span{}, 0, false
		}
		empty := strings.Trim(plain[start:end], " \t\n:") == ""
		switch {
		case found:
		case term != ";;" && (names2 || catchAll || !empty):
			return "", span{}, 0, false // its commands, then another arm's
		case term == ";&":
			// 1) ;& 2) exit 2;;: its codes run the next arm's commands.
			carried, carriedZero = numbers, zero
		case term == ";;&":
			// 1) : ;;& *) exit 2;;: the codes are tested again below.
		case names2:
			found, arm, on = true, span{start, end}, exitCodeTwo
			if len(numbers) > 0 && !zero {
				on = onlyCodes(append(numbers, "2"))
			}
			// 0|2) runs on success too: read for the helper's exit 2
			// alone, which it passes on all the same (QA regression: not
			// read at all, the guard's silent exit 2 went unwarned).
		case catchAll:
			if !listsZero || zero {
				return "", span{}, 0, false // it runs on success too
			}
			found, arm, on = true, span{start, end}, failingBut(listed)
		default:
			listsZero = listsZero || zero
			listed = append(listed, numbers...)
		}
		at = end + len(term)
	}
}

// armEnd returns where the commands of a case arm starting at offset
// start of plain end, at its ;;, ;& or ;;&, and that terminator; -1 for
// none.
func armEnd(plain string, start int) (int, string) {
	for i := start; i+1 < len(plain); i++ {
		if plain[i] != ';' {
			continue
		}
		switch {
		case strings.HasPrefix(plain[i:], ";;&"):
			return i, ";;&"
		case plain[i+1] == ';':
			return i, ";;"
		case plain[i+1] == '&':
			return i, ";&"
		}
	}
	return -1, ""
}

// pipeStatus is the status bash keeps of a pipeline's first command,
// ${PIPESTATUS[0]}, as statusName spells it.
const pipeStatus = "PIPESTATUS[0]"

// sameStatus reports whether a status test's status (statusName) is the
// one wanted: the variable that saved it, or, for the last command's
// own, $? or ${PIPESTATUS[0]}, which are the same after one command.
func sameStatus(tested, status string) bool {
	return tested == status || status == "?" && tested == pipeStatus
}

// exitZeroThen matches an exit with status 0 (exit, exit 0) and the ; or
// line break after it.
var exitZeroThen = lazy.Regexp(`^[ \t]*exit(?:[ \t]+0+)?[ \t]*[;\n]`)

// afterSuccessExit returns call and, as its body, what follows the exit
// 0 at offset at of command (its quotes blanked in plain) that runs on
// the call's success, when a command list goes on after it (check.sh &&
// exit 0; exit 2): that list, whole, runs only when the call failed (or,
// on exitCodeTwo, exited 2: [ $? -ne 2 ] && exit 0; exit 2). Not ok
// otherwise.
func afterSuccessExit(command, plain, call string, at int, on exitCode) (string, string, exitCode, bool) {
	m := exitZeroThen().FindStringIndex(plain[at:])
	if m == nil {
		return "", "", 0, false
	}
	body := strings.TrimSpace(command[at+m[1]:])
	if body == "" {
		return "", "", 0, false
	}
	return call, body, on, true
}

// successBody splits a command that runs one call and then, only when
// that call succeeds, a body that may exit 2: isdanger.sh && exit 2, the
// helper's success turned into a block (QA). The body is bodyUnit's: one
// simple command or group; what follows it (; exit 0) runs when the call
// failed or the body did not exit, and is not returned. Not ok for a
// negated call or a compound (failureBody's shapes), nor for one opening
// with a cd. The caller reads whether the body exits 2 (isdanger.sh &&
// echo ok is no such command). An if without an else, if isdanger.sh;
// then exit 2; fi, runs its then part on the call's success alone and
// is read the same (QA); with an else, or negated, it is failureBody's.
func successBody(command string) (call, body string, ok bool) {
	if !strings.Contains(command, "&&") && !strings.Contains(command, "if") {
		return "", "", false
	}
	plain := shlex.WithoutLiteralQuotes(command) // same length: the offsets hold
	at := shlex.SkipBlanks(plain, 0)
	if shlex.WordAt(plain, at, "if") {
		cond, then, orElse, ok := ifThen(plain, at)
		if !ok || orElse != (span{}) {
			return "", "", false
		}
		from := shlex.SkipBlanks(plain, cond.start)
		if first, _, _ := strings.Cut(strings.TrimSpace(plain[from:cond.end]), " "); negated(plain, from) || !callWord(first) {
			return "", "", false
		}
		return strings.TrimSpace(command[from:cond.end]), command[then.start:then.end], true
	}
	end := shlex.NextOperator(plain, at)
	if negated(plain, at) || !strings.HasPrefix(plain[end:], "&&") {
		return "", "", false
	}
	first, _, _ := strings.Cut(strings.TrimSpace(plain[at:end]), " ")
	if !callWord(first) {
		return "", "", false
	}
	body, ok = bodyUnit(command, plain, shlex.SkipBlanks(plain, end+2))
	if !ok {
		return "", "", false
	}
	return strings.TrimSpace(command[at:end]), body, true
}

// callWord reports whether first, a command's first word, may open the
// call successBody reads: not a cd, a keyword or a compound's opener.
func callWord(first string) bool {
	return first != "" && first != "cd" && !slices.Contains(shlex.Keywords, first) && !slices.Contains(shlex.CompoundWords, first)
}

// successAsExitTwo returns a shell script's text with each exit 0 (or
// 256, …: the low byte is the status) spelled exit 2, its other exits
// exit 1, and, where its last line is no exit, an exit 2 after it: the
// text then exits 2 where the script succeeds, which exitsTwoSilently
// reads, for a command that turns the script's success into exit 2
// (isdanger.sh && exit 2: QA). Reaching the end is read as a success
// whatever the last command's status (grep -q bad "$f" succeeds on a
// match): at worst a needless warning. Not ok for an exit whose code is
// no number (exit $rc, a bare exit), which this does not follow. One
// pass over the text.
func successAsExitTwo(text string) (string, bool) {
	plain := shlex.WithoutLiteralQuotes(text) // same length: the offsets hold
	var b strings.Builder
	done := 0
	for from := 0; ; {
		i := strings.Index(plain[from:], "exit")
		if i < 0 {
			break
		}
		at := from + i
		from = at + len("exit")
		if !shlex.WordAt(plain, at, "exit") || at > 0 && shlex.IsNameByte(plain[at-1]) || !shlex.AtCommandStart(plain, at) {
			continue
		}
		j := shlex.SkipBlanks(plain, from)
		k := j
		for k < len(plain) && plain[k] >= '0' && plain[k] <= '9' {
			k++
		}
		n, err := strconv.Atoi(plain[j:k])
		if err != nil || k < len(plain) && strings.IndexByte(" \t\n;&|)}", plain[k]) < 0 {
			return "", false
		}
		code := "1"
		if n%256 == 0 {
			code = "2"
		}
		b.WriteString(text[done:j])
		b.WriteString(code)
		done, from = k, k
	}
	b.WriteString(text[done:])
	out := b.String()
	if _, last := lastLine(out); !shlex.WordAt(last, 0, "exit") {
		out += "\nexit 2\n"
	}
	return out, true
}

// onlyExitZero reports whether text, an if's then part, is an exit with
// status 0 alone (exit 0, a bare exit after a test that held).
func onlyExitZero(text string) bool {
	f := strings.Fields(strings.Trim(text, " \t\n;"))
	return onlyExit(text) && (len(f) == 1 || strings.Trim(f[1], "0") == "")
}

// onlyExit reports whether text, an if's then part, is an exit alone,
// bare or with a literal code (exit 1): the branch ends the script, and
// nothing after the if runs on it.
func onlyExit(text string) bool {
	f := strings.Fields(strings.Trim(text, " \t\n;"))
	return len(f) >= 1 && len(f) <= 2 && f[0] == "exit" && (len(f) == 1 || strings.Trim(f[1], "0123456789") == "")
}

// negated reports whether plain holds, at offset at, the ! that negates
// a pipeline's status: a word of its own.
func negated(plain string, at int) bool {
	return at+1 < len(plain) && plain[at] == '!' && (plain[at+1] == ' ' || plain[at+1] == '\t')
}

// succeedsThenOr matches, after a call's &&, a command that always
// succeeds and the || after it (exit 0 ||, true ||, : ||): what follows
// runs when the call failed.
var succeedsThenOr = lazy.Regexp(`^[ \t]*(?:exit(?:[ \t]+0+)?|true|:)[ \t]*\|\|`)

// savedStatus matches a command that saves the last status in a
// variable, its name the first group, its value the second, and the ; or
// line break after it: rc=$?; rc="$?"; or bash's rc=${PIPESTATUS[0]};.
var savedStatus = lazy.Regexp(`^([A-Za-z_]\w*)=("?\$(?:\?|\{PIPESTATUS\[0\]\})"?)[ \t]*[;\n]`)

// statusTest matches a test of a status against 0, 1 or 2 and the
// operator after it: [ $? -eq 0 ] ||, test "$?" -ne 0 &&, [[ $rc != 0 ]]
// &&, [ $rc -eq 2 ] &&, [ $? -ge 2 ] && (QA), and bash's (( $? == 0 ))
// ||, (( rc > 0 )) && (an
// arithmetic command is true when its comparison holds), bare, (( $? ))
// && (true when the status is not 0), or negated, (( ! $? )) ||. The
// status is $?, a variable, or bash's ${PIPESTATUS[0]}, the first
// command's of the last pipeline. Its groups: the status (?, rc, {rc},
// {PIPESTATUS[0]}), the comparison and the number of the [ form and of
// the test form, the status of a negated (( form, the status, the
// comparison and the number (none when bare) of the other (( form, then
// the operator.
var statusTest = lazy.Regexp(`^(?:\[\[?[ \t]+"?\$(` + statusRef + `)"?[ \t]+(` + statusComparison + `)[ \t]+["']?([012])["']?[ \t]+\]\]?|test[ \t]+"?\$(` + statusRef + `)"?[ \t]+(` + statusComparison + `)[ \t]+["']?([012])["']?|\(\([ \t]*(?:![ \t]*\$?(` + statusRef + `|PIPESTATUS\[0\])|\$?(` + statusRef + `|PIPESTATUS\[0\])[ \t]*(?:(==|!=|>=?|<=?)[ \t]*([012]))?)[ \t]*\)\))[ \t]*(\|\||&&)`)

// statusComparison is a comparison of test and [ that statusRuns reads.
const statusComparison = `-eq|-ne|-gt|-ge|-lt|-le|==?|!=`

// statusRef is what follows the $ of a status in statusTest: ?, a
// variable's name, braced or not, or the first of PIPESTATUS.
const statusRef = `\?|[A-Za-z_]\w*|\{[A-Za-z_]\w*\}|\{PIPESTATUS\[0\]\}`

// statusParts returns a statusTest match's status, comparison, number
// (0, 1 or 2) and operator, whichever form it was. A bare arithmetic test
// compares with 0 as != does, a negated one as == does.
func statusParts(m []string) (status, comparison, number, operator string) {
	comparison, number = m[2]+m[5]+m[9], m[3]+m[6]+m[10]
	switch {
	case m[7] != "":
		comparison, number = "==", "0"
	case m[8] != "" && comparison == "":
		comparison, number = "!=", "0"
	}
	return statusName(m[1] + m[4] + m[7] + m[8]), comparison, number, m[11]
}

// statusName is the status a statusTest tests, without braces: ?, the
// variable's name, or PIPESTATUS[0].
func statusName(ref string) string {
	return strings.TrimSuffix(strings.TrimPrefix(ref, "{"), "}")
}

// statusRuns reports when what an operator (|| or &&) runs after a
// status test's comparison (-eq, -ne, -ge, …) with number (0, 1 or 2)
// runs, and on what (code): onCode, on every failure and not on success
// (exitCodeFailing, as in [ $? -eq 0 ] || and [ $? -ne 0 ] &&), or on
// exit 2 and not on success (exitCodeTwo, as in [ $? -eq 2 ] &&,
// [ $? -ne 2 ] || and [ $? -ge 2 ] &&); or onOther, where what it does
// not run on is so (the rest after [ $? -eq 0 ] && exit 0, or [ $? -ne
// 2 ] && exit 0). A status is never below 0 nor, with these numbers,
// told apart above 3, so 0 to 3 are all it is tried with: -gt 0 is
// -ne 0; -gt 2 and -eq 1 are neither.
func statusRuns(comparison, operator, number string) (onCode, onOther bool, code exitCode) {
	n := int(number[0] - '0')
	holds := func(status int) bool {
		switch comparison {
		case "-eq", "=", "==":
			return status == n
		case "-ne", "!=":
			return status != n
		case "-gt", ">":
			return status > n
		case "-ge", ">=":
			return status >= n
		case "-lt", "<":
			return status < n
		case "-le", "<=":
			return status <= n
		}
		return false
	}
	// && runs what follows when the test holds, || when it does not.
	runs := func(status int) bool { return holds(status) == (operator == "&&") }
	on := func(runs func(int) bool) (exitCode, bool) {
		switch {
		case runs(0):
			return 0, false // on success too
		case runs(1) && runs(2) && runs(3):
			return exitCodeFailing, true
		case runs(2):
			return exitCodeTwo, true
		}
		return 0, false
	}
	if code, ok := on(runs); ok {
		return true, false, code
	}
	code, onOther = on(func(status int) bool { return !runs(status) })
	return false, onOther, code
}

// statusCondition reads text, an if's condition, as one test of status
// (? or the variable holding the call's status): whether it holds
// exactly when the call's status is what the test's number marks
// (statusRuns: a failure, [ $? -ne 0 ]; exit 2, [ $rc -eq 2 ]) or
// exactly when it is not ([ $? -eq 0 ]), that code, and whether it is
// such a test at all.
func statusCondition(text, status string) (onCode, onOther bool, code exitCode, ok bool) {
	text = strings.TrimSpace(text) + " &&" // as if a list went on: an if runs its then part on success
	m := statusTest().FindStringSubmatch(text)
	if m == nil || len(m[0]) != len(text) {
		return false, false, 0, false
	}
	tested, comparison, number, operator := statusParts(m)
	if !sameStatus(tested, status) {
		return false, false, 0, false
	}
	onCode, onOther, code = statusRuns(comparison, operator, number)
	return onCode, onOther, code, onCode || onOther
}

// ifThen reads the if at offset at of plain (a command with its quotes
// blanked): the span of its condition, one command up to its ; or line
// break, of its then part, and of its else part (zero when it has none),
// when the if has no elif, no redirection, and is all the command holds
// but a list after it (fi; exit 0).
func ifThen(plain string, at int) (cond, then, orElse span, ok bool) {
	cond.start = at + len("if")
	cond.end = shlex.NextOperator(plain, cond.start)
	if cond.end == len(plain) || plain[cond.end] != ';' && plain[cond.end] != '\n' {
		return span{}, span{}, span{}, false
	}
	word := shlex.SkipSpace(plain, cond.end+1)
	if !shlex.WordAt(plain, word, "then") {
		return span{}, span{}, span{}, false
	}
	var fi *compound
	compounds := shellCompounds(plain[at:])
	for k := range compounds {
		if compounds[k].start == 0 {
			fi = &compounds[k]
		}
	}
	if fi == nil || fi.closer != "fi" || len(fi.branches) > 1 || !followedByList(plain[at+fi.end:]) {
		return span{}, span{}, span{}, false
	}
	then = span{word + len("then"), at + fi.end - len("fi")}
	if len(fi.branches) == 1 {
		branch := at + fi.branches[0]
		if branch < then.start || !shlex.WordAt(plain, branch, "else") {
			return span{}, span{}, span{}, false // elif: another test; else in the condition: no if
		}
		then.end, orElse = branch, span{branch + len("else"), then.end}
	}
	return cond, then, orElse, true
}

// bodyUnit returns the command or group at offset at of command (plain,
// its quotes blanked): a simple command up to a ; or line break, or a
// group ({ …; }, or ( … ), whose exit ends only itself, with nothing
// after it), with the redirections that follow it ({ echo no >&2; exit
// 2; } 2>/dev/null, whose reason goes nowhere), which exitsTwoSilently
// follows. Not ok when an and-or list goes on after a command that is
// no exit (an exit never returns: exit 2 || exit 0 is exit 2).
func bodyUnit(command, plain string, at int) (string, bool) {
	if at < len(plain) && (plain[at] == '{' || plain[at] == '(') {
		var group *compound
		compounds := shellCompounds(plain[at:])
		for k := range compounds {
			if compounds[k].start == 0 {
				group = &compounds[k]
			}
		}
		if group == nil {
			return "", false
		}
		end := at + group.end
		if loc := leadingRedirects().FindStringIndex(plain[end:]); loc != nil {
			end += loc[1]
		}
		tail := plain[end:]
		if group.closer == ")" && strings.TrimSpace(tail) != "" || !followedByList(tail) {
			return "", false
		}
		return command[at:end], true
	}
	end := shlex.NextOperator(plain, at)
	first, _, _ := strings.Cut(strings.TrimSpace(plain[at:end]), " ")
	if end < len(plain) && (plain[end] == '&' || plain[end] == '|') {
		// [ $? -ne 0 ] && exit 2 || exit 0: an exit never returns, so
		// what the and-or list runs after it is not the body's.
		if first != "exit" || !strings.HasPrefix(plain[end:], "||") && !strings.HasPrefix(plain[end:], "&&") {
			return "", false
		}
	}
	if first == "" || slices.Contains(shlex.Keywords, first) || slices.Contains(shlex.CompoundWords, first) {
		return "", false // if, case, while …: a compound cut at its first ;
	}
	return command[at:end], true
}

// followedByList reports whether what follows a compound's end is
// nothing or another command of the list (; exit 0): no redirection of
// the compound and no and-or list it starts.
func followedByList(tail string) bool {
	tail = strings.TrimLeft(tail, " \t")
	return tail == "" || tail[0] == '\n' || tail[0] == ';' && !strings.HasPrefix(tail, ";;")
}

// silentExit is a blocking command hook that exits 2 with nothing on
// standard error: its index, what was read ("its command", "its script")
// and the redirection that sends the script's stderr away ("" when the
// text itself writes none).
type silentExit struct {
	index   int
	what    string
	dropped string
}

// silentExits finds the blocking command hooks that exit 2 silently, on
// events where both tools block by exit 2 (the blocking matrix): where
// the target only observes, HC204 says so; where the source blocked only
// on a JSON answer, the exit never blocked. It reads only what it can
// read whole: the command when it runs nothing but the shell's own
// commands and text tools, the shell script it runs (Scripts.readScript,
// and through readExitScript the one project script whose status that
// script's last command passes on) or the Python or Node script (Scripts.readProgram, whose rule is
// coarser: no write to stderr anywhere in it), also where the command
// turns the script's failure into exit 2 (failureBody). Anything else may write a reason hookconv cannot see, and the encoder's
// note on the event (HC322) says the rule. A command the shim wraps is
// skipped (hookconv run writes the reason), unless unshim, the source the
// hooks were planned from, is given and its command was not wrapped: then
// the wrapped command is read.
func silentExits(m, unshim *canonical.Manifest, from, to string, scripts *Scripts) []silentExit {
	return silentExitsOn(m, unshim, from, to, scripts, nil)
}

// silentExitsOn is silentExits for the hooks on the events on says yes
// to (every event where on is nil): a hook elsewhere is not read at all
// (VS Code needs a reason on stderr on its Stop events alone).
func silentExitsOn(m, unshim *canonical.Manifest, from, to string, scripts *Scripts, on func(event string) bool) []silentExit {
	caps := capabilities.Default()
	// A manifest's hooks speak the canonical contract, where exit 2 blocks.
	exitBlocks := func(slug, event string) bool {
		b, ok := caps.BlockingOf(slug, event)
		return slug == "canonical" || ok && b.ExitTwoBlocks()
	}
	r := &exitReader{scripts: scripts, silent: map[string]bool{}, failing: map[string]bool{}}
	var found []silentExit
	for i := range m.Hooks {
		h := &m.Hooks[i]
		if !h.Blocking || h.Handler.Type != canonical.HandlerCommand || on != nil && !on(h.Event) || !exitBlocks(to, h.Event) || !exitBlocks(from, h.Event) {
			continue
		}
		if shimmedFor(h.Handler.Command) != "" {
			k := h.SourceIndex(i)
			if unshim == nil || k >= len(unshim.Hooks) || shimmedFor(unshim.Hooks[k].Handler.Command) != "" {
				continue
			}
			inner, ok := Unshim(h.Handler.Command)
			if !ok {
				continue
			}
			copied := *h
			copied.Handler.Command = inner
			h = &copied
		}
		// fi # guard, guard.sh >/dev/null;, { check.sh; } || exit 2,
		// rc=0; check.sh || rc=2; exit $rc: read as the command it runs
		// alike, opening and ending on what it runs; under set -e, each
		// call whose failure ends the shell is read alone too.
		hd := h.Handler
		if code, ok := shellCode(hd.Command); ok {
			hd.Command = code // sh -c 'exit 2' exits as its code does
		}
		var alone []string
		hd.Command, alone = commandReadings(hd.Command)
		what, dropped, quiet := r.read(hd)
		for k := 0; !quiet && k < len(alone); k++ {
			hd.Command = alone[k]
			what, dropped, quiet = r.read(hd)
		}
		if quiet {
			found = append(found, silentExit{index: i, what: what, dropped: dropped})
		}
	}
	return found
}

// commandReadings returns what silentExits reads a hook's command as:
// the command without what ends it and opens it and changes nothing
// read (withoutTrailingEnd, withoutNoOpPrefix), its code kept in a
// variable inlined (withExitCodeInlined); and, under set -e, the calls
// standing alone before what it ends with, each of which ends the shell
// with its own status when it fails (set -e; ./guard.sh; exit 0 exits 2
// when guard.sh does). Most commands have none of these, and are
// returned as they are.
func commandReadings(command string) (string, []string) {
	main, alone := prefixReadings(withoutTrailingEnd(command))
	return withSavedStatusPassedOn(withExitCodeInlined(main)), alone
}

// exitReader reads, for silentExits, whether a command exits 2 with
// nothing on standard error, keeping what it read by text: thousands of
// hooks may run one script.
type exitReader struct {
	scripts         *Scripts
	silent, failing map[string]bool
}

// read reports whether hd's command (as commandReadings reads it) exits
// 2 silently: what was read ("its command", "its script", …) and the
// redirection that sends the script's stderr away ("" when the text
// itself writes none).
func (r *exitReader) read(hd canonical.Handler) (what, dropped string, quiet bool) {
	scripts, silent, failing := r.scripts, r.silent, r.failing
	if exec, rest, away := execStderrAway(hd.Command); away {
		// exec 2>/dev/null; guard.sh: from the exec on, whatever the
		// shell and the programs it runs write to stderr is gone, and
		// any exit 2 after it is silent: the rest's own (guard.sh ||
		// exit 2), or its script's, however loud.
		call := hd
		call.Command, _ = commandReadings(rest)
		if exitsTwo(call.Command) {
			return "its command", exec, true
		}
		if text, read := scripts.readExitScript(&call); read {
			return "its script", exec, exitsTwo(text)
		}
		if p, program := scripts.readProgram(&call); program {
			return "its script", exec, p.exits(exitCodeTwo)
		}
		return "", "", false
	}
	if at, away := stderrAway(hd.Command); away {
		// guard.sh 2>/dev/null: whatever the script writes to stderr
		// is gone before the tool reads it.
		call := hd
		call.Command = hd.Command[:at]
		text, read := scripts.readExitScript(&call)
		var p *program
		program := false
		if !read {
			p, program = scripts.readProgram(&call)
		}
		if read || program {
			return "its script", strings.TrimSpace(hd.Command[at:]), read && exitsTwo(text) || program && p.exits(exitCodeTwo)
		}
		// No plain call: the redirections end its last command
		// alone (check.sh || exit 2 2>/dev/null), which the readings
		// below follow.
	}
	if callText, body, on, ok := failureBody(hd.Command); ok && exitsTwoSilently(body) && allVisible(body, forExit) {
		// check.sh 2>/dev/null || exit 2: whatever runs first, its
		// stderr is gone, and the exit writes none.
		if at, away := stderrAway(callText); away {
			return "its command", strings.TrimSpace(callText[at:]), true
		}
		// check.sh >/dev/null || exit 2: its stderr is the tool's
		// still, so the script is read as if run without them; with
		// check.sh >&2, what it prints is a reason too.
		callText, prints := withoutOutputRedirects(callText)
		// check.sh || exit 2, if ! check.sh; then exit 2; fi: the
		// exit is as loud as the script's failure, read as a script
		// run alone is.
		call := hd
		call.Command = callText
		what := "its script, whose failure the command turns into exit 2,"
		if on == exitCodeTwo {
			// check.sh; rc=$?; [ $rc -eq 2 ] && exit 2: the exit is as
			// loud as the script's own exit 2.
			what = "its script, whose exit 2 the command passes on,"
		}
		if text, read := scripts.readExitScript(&call); read {
			key := strings.TrimSuffix(text, "\n"+call.Command)
			if prints {
				key = withPrintsToStderr(key)
			}
			cache, quietOf, cached := failing, failsSilently, key
			switch {
			case on == exitCodeTwo:
				cache, quietOf = silent, exitsTwoSilently
			case on != exitCodeFailing:
				// A catch-all arm after arms naming codes: those left
				// out, kept apart by them.
				quietOf = func(text string) bool { return exitsSilently(text, on) }
				cached = strconv.FormatUint(uint64(on), 16) + "\x00" + key
			}
			quiet, seen := cache[cached]
			if !seen {
				quiet = quietOf(key)
				cache[cached] = quiet
			}
			return what, "", quiet
		}
		if p, ok := scripts.readProgram(&call); ok {
			return what, "", p.exitsSilently(on) && (!prints || !p.mayPrint())
		}
	}
	if callText, body, ok := successBody(hd.Command); ok && exitsTwoSilently(body) && allVisible(body, forExit) {
		// isdanger.sh && exit 2 (QA): the exit is as silent as the
		// script's success, or silent whenever it succeeds where its
		// stderr goes away (isdanger.sh 2>/dev/null && exit 2).
		at, away := stderrAway(callText)
		dropped := ""
		if away {
			callText, dropped = callText[:at], strings.TrimSpace(callText[at:])
		}
		callText, prints := withoutOutputRedirects(callText)
		call := hd
		call.Command = strings.TrimSpace(callText)
		if text, read := scripts.readExitScript(&call); read {
			key := strings.TrimSuffix(text, "\n"+call.Command)
			if prints {
				key = withPrintsToStderr(key)
			}
			succeeds, ok := successAsExitTwo(key)
			what := "its script, whose success the command turns into exit 2,"
			if away {
				return what, dropped, ok && exitsTwo(succeeds)
			}
			quiet, seen := silent["\x00success\x00"+key]
			if !seen {
				quiet = ok && exitsTwoSilently(succeeds)
				silent["\x00success\x00"+key] = quiet
			}
			return what, "", quiet
		}
	}
	quietText := func(key string) bool {
		quiet, seen := silent[key]
		if !seen {
			quiet = exitsTwoSilently(key)
			silent[key] = quiet
		}
		return quiet
	}
	// guard.sh >/dev/null: its stderr is the tool's still, so the
	// script is read as if run without the redirections (guard.sh >&2:
	// with what it prints as a reason).
	run := hd
	var prints bool
	run.Command, prints = withoutOutputRedirects(run.Command)
	text, read := scripts.readExitScript(&run)
	if !read {
		// python3 guard.py, node guard.js: read whole, or not at all.
		if p, ok := scripts.readProgram(&run); ok {
			return "its script", "", p.exitsSilently(exitCodeTwo) && (!prints || !p.mayPrint())
		}
		// A command without "exit" (or "return", which ends it in a
		// function called last) cannot exit 2 itself (a script it
		// runs is readScript's): skipped before the costlier
		// reading, which a large config would pay for every hook.
		// So is one that exits 2 loudly or not at all (curl … ||
		// exit 1, as an http hook becomes), before the question
		// whether all it runs can be seen, which costs more.
		if !strings.Contains(hd.Command, "exit") && !strings.Contains(hd.Command, "return") || !quietText(hd.Command) {
			return "", "", false
		}
		if text, read = inlineText(hd.Command); !read {
			return "", "", false
		}
	}
	// A script's text ends with the command that runs it, which adds
	// no exit (readScript reads only a plain call): keyed without it.
	key := strings.TrimSuffix(text, "\n"+run.Command)
	if prints && read && key != text {
		key = withPrintsToStderr(key)
	}
	if !quietText(key) {
		return "", "", false
	}
	if text != hd.Command {
		return "its script", "", true
	}
	return "its command", "", true
}

// inlineText returns a command's text when it is all that runs: no
// project file, no other program (allVisible), so what it writes to
// stderr can be seen.
func inlineText(command string) (string, bool) {
	if !allVisible(command, forExit) {
		return "", false
	}
	return command, true
}
