package hookconv

import (
	"bytes"
	"fmt"
	"slices"
	"strings"

	"github.com/hookconv/hookconv/canonical"
	"github.com/hookconv/hookconv/capabilities"
	"github.com/hookconv/hookconv/diag"
	"github.com/hookconv/hookconv/internal/lazy"
	"github.com/hookconv/hookconv/providers"
	"github.com/hookconv/hookconv/providers/cline"
)

// CodeClineMayCancel (warning): a hand-written Cline script, on an event
// Cline cancels on, runs a script or program hookconv cannot read, which
// may answer Cline's {"cancel": true}: it is read as blocking, and no
// other tool reads that answer.
const CodeClineMayCancel = "HC589"

// clineCancels reads, once per source, the hooks written for Cline by
// hand (the Cline decoder's marks, from a Cline project or a manifest
// made of one) on the events where Cline's {"cancel": true} blocks. Cline
// blocks on that answer alone, never on an exit code (reference part 2
// §6.5), and no other tool reads it, so a guard that answers so never
// blocks once converted: the decoder says so (HC564) for a script that
// spells the answer itself; this looks into the project scripts it runs
// (Scripts.followScripts), as HC419 and HC441 do.
//
//   - A script that does not answer itself but runs one that does (node
//     scripts/guard.mjs printing {"cancel": true}), or one importing a
//     project module that does (from policy import decide), is
//     blocking, with HC564; one that runs a script or program hookconv
//     cannot read (a compiled one among them, whatever strings it
//     holds), that runs itself again ("$0") or more scripts than
//     followScripts reads may answer so: it is read as blocking too,
//     with HC589 saying which (unseenWords; a guard that may be lost
//     must be said loudly, and migrate --remove-source keeps it).
//   - A manifest's blocking hook written for Cline is warned about again
//     (HC564, HC589 where its scripts cannot all be read): converting the
//     manifest on loses the guard as converting the script straight does.
//
// Without Scripts (no project folder) nothing can be read: a hook that
// does not answer itself is left as the decoder read it, and a manifest's
// blocking one gets HC564 as the decoder said it. It returns m, or a copy
// of it with the hooks found blocking marked so.
func clineCancels(m *canonical.Manifest, from string, scripts *Scripts) (*canonical.Manifest, diag.List) {
	if from != cline.Slug && from != "canonical" || m == nil {
		return m, nil
	}
	caps := capabilities.Default()
	var ds diag.List
	var out *canonical.Manifest
	for i := range m.Hooks {
		h := &m.Hooks[i]
		if h.Handler.Type != canonical.HandlerCommand || !capabilities.DecodedFrom(h, cline.Slug) {
			continue
		}
		if b, ok := caps.BlockingOf(cline.Slug, h.Event); !ok || b.Behaviour == capabilities.Observe {
			continue
		}
		if h.Blocking && from == cline.Slug {
			continue // the decoder saw the answer in the script itself (HC564)
		}
		readable := scripts != nil && scripts.FS != nil
		if !h.Blocking && !readable {
			continue
		}
		var at cancelAnswer
		var unseen inputUnseen
		if readable {
			at, unseen = scripts.clineAnswer(&h.Handler)
		}
		var w diag.List
		switch {
		case at.file != "":
			w.Warnf(cline.CodeClineOutput, h.PosOf("handler.command"), hookPath(h, i), "make the scripts exit 2 with the reason on stderr, which most tools read as a block",
				"%s runs %s, whose line %d answers Cline's {\"cancel\": true}: it blocks in Cline, and no other tool reads that answer: converted to another tool it will never block",
				h.DisplayName(i), at.file, at.line)
		case unseen != "":
			w.Warnf(CodeClineMayCancel, h.PosOf("handler.command"), hookPath(h, i), "check what the scripts print; where they answer {\"cancel\": true}, make them exit 2 with the reason on stderr instead, which most tools read as a block",
				"%s was written for Cline, where only a {\"cancel\": true} answer blocks, and its scripts %s: read as blocking, but no other tool reads that answer: converted to another tool it would never block",
				h.DisplayName(i), unseenWords(unseen))
		case h.Blocking:
			w.Warnf(cline.CodeClineOutput, h.PosOf("handler.command"), hookPath(h, i), "make the script exit 2 with the reason on stderr, which most tools read as a block",
				"%s was written for Cline and blocks by printing Cline's {\"cancel\": true}, which no other tool reads: converted to another tool it will never block",
				h.DisplayName(i))
		default:
			continue // read whole: it never answers "cancel"
		}
		if h.OriginFile != "" {
			w = w.WithFile(h.OriginFile)
		}
		ds = append(ds, w...)
		if h.Blocking {
			continue
		}
		if out == nil {
			copied := *m
			copied.Hooks = slices.Clone(m.Hooks)
			out = &copied
		}
		out.Hooks[i].Blocking = true
	}
	if out == nil {
		return m, ds
	}
	return out, ds
}

// unseenWords says, for HC589, what a hook's scripts run that hookconv
// could not read, and that it may answer "cancel". Each reason in its
// own words (QA): a script re-running itself is no program unseen, nor
// is a script past the bound of followScripts one that could not be read.
func unseenWords(u inputUnseen) string {
	switch u {
	case unseenScript:
		return string(u) + ", which may answer so"
	case unseenSelf:
		return `run themselves again ("$0"), a run hookconv does not follow, which may answer so`
	case unseenTooMany:
		return fmt.Sprintf("run more scripts, one after another or one inside the next, than hookconv follows from one hook (%d): one not followed may answer so", maxInputScripts)
	}
	return "run a program hookconv cannot see into, which may answer so"
}

// Reasons for HC589 of Cline's alone (unseenWords says them).
const (
	// unseenSelf: a script runs itself again ("$0"): read already, but
	// the run is not followed (it may take another branch).
	unseenSelf inputUnseen = "run themselves again"
	// unseenTooMany: more scripts than followScripts reads.
	unseenTooMany inputUnseen = "run more scripts than hookconv follows"
)

// selfRun matches the script's own path as a shell word: "$0", ${0}.
var selfRun = lazy.Regexp(`"\$(?:0|\{0\})"|\$(?:0|\{0\})\b`)

// selfRef stands for the script's own path where a line runs it
// (runsItself): a path no project script has.
const selfRef = "hookconv-self/script"

// execWord matches exec where it runs the program after it, which
// programsUnseen, reading exec as a program, would not judge.
var execWord = lazy.Regexp(`(^|[\s;&|(])exec\s+`)

// runsItself reports whether a shell script's line, whose programs
// programsUnseen found unseen, runs only what hookconv reads but for the
// script itself ($0): INNER=1 exec sh "$0".
func runsItself(line string, more []scriptRef) bool {
	if !selfRun().MatchString(line) {
		return false
	}
	self := execWord().ReplaceAllString(selfRun().ReplaceAllLiteralString(line, selfRef), "$1")
	return programsUnseen(self, append(slices.Clip(more), scriptRef{path: selfRef})) == ""
}

// cancelAnswer is where a script a hook runs answers Cline's "cancel":
// the project file and the line.
type cancelAnswer struct {
	file string
	line int
}

// clineAnswer looks for Cline's "cancel" answer in the project scripts a
// hook's command runs, in those they run (followScripts) and in the
// project modules their Python and Node code imports (followModules,
// within the same bound): where it is
// found, or else why what was read may not be all that prints the
// answer (a script that could not be read, a program hookconv cannot see
// into: inputUnseen), "" when all was read. s may be nil: nothing is
// read then.
func (s *Scripts) clineAnswer(hd *canonical.Handler) (cancelAnswer, inputUnseen) {
	if s == nil || s.FS == nil || hd.Cwd != "" {
		return cancelAnswer{}, unseenScript
	}
	// A shell script that shows all it does runs no other script or
	// program, whose output may answer: only what it prints itself, and
	// what its text tools print of the payload (a here-document's lines
	// are no programs run).
	_, whole := s.readScript(hd, forExit)
	refs := s.scriptPathsOf(hd.Command)
	if len(refs) == 0 {
		if whole {
			return cancelAnswer{}, ""
		}
		return cancelAnswer{}, programsUnseen(hd.Command, nil)
	}
	var lines inputUnseen // the first of the shell scripts' lines' programs unseen
	files, left, unread := s.followScripts(refs, func(line string, more []scriptRef, unread bool) {
		if lines == "" && !unread && !whole {
			lines = programsUnseen(line, more)
			if lines != "" && runsItself(line, more) {
				lines = unseenSelf
			}
		}
	})
	// The modules the Python and Node scripts import may answer for
	// them (QA): read as the scripts are.
	mods, modsLeft, modsUnread := s.followModules(files)
	files = append(files, mods...)
	left, unread = left || modsLeft, unread || modsUnread
	compiled := false // a program among them, which may print anything
	for _, f := range files {
		if compiledProgram(f.text) {
			compiled = true
			continue
		}
		if i := cline.CancelAt(f.path, f.text); i >= 0 {
			return cancelAnswer{f.path, 1 + bytes.Count(f.text[:i], []byte("\n"))}, ""
		}
	}
	if compiled {
		return cancelAnswer{}, unseenProgram
	}
	if whole {
		return cancelAnswer{}, ""
	}
	if unread {
		return cancelAnswer{}, unseenScript
	}
	if left {
		return cancelAnswer{}, unseenTooMany
	}
	if !strings.HasPrefix(hd.Command, "powershell ") {
		// The command itself: a manifest's may run more than the script
		// (Cline's own runs only it; PowerShell, which runs a .ps1
		// script, is no program whose output is unknown).
		if u := programsUnseen(hd.Command, refs); u != "" {
			return cancelAnswer{}, u
		}
	}
	return cancelAnswer{}, lines
}

// shimReadsCancel returns a test of HC564's warnings (a Cline guard
// blocks by printing {"cancel": true}, which no other tool reads): true
// for each about hooks the shim wraps with hookconv run --from cline,
// which reads that answer as Cline's deny (the contracts table's rules
// for Cline) and answers the target's own deny, on events where the
// target blocks. A hook whose Windows command runs unwrapped (shimmed,
// the plan's hooks), or that lands where the target only observes, keeps
// the warning. A warning names its hook by path (clineCancels), or by
// the script it was read from (the decoder's). decoded is the manifest
// the paths refer to.
func shimReadsCancel(decoded, shimmed *canonical.Manifest, to string) func(diag.Diagnostic) bool {
	read := make([]bool, len(decoded.Hooks))
	for i := range read {
		read[i] = true
	}
	for k := range shimmed.Hooks {
		h := &shimmed.Hooks[k]
		src := h.SourceIndex(k)
		if src < 0 || src >= len(read) {
			continue
		}
		if !readsCancel(h, to) {
			read[src] = false
		}
	}
	return func(d diag.Diagnostic) bool {
		if d.Code != cline.CodeClineOutput || d.Severity != diag.Warning {
			return false
		}
		if i, ok := providers.HookOfPath(d.Path); ok {
			return i < len(read) && read[i]
		}
		about := false
		for i := range decoded.Hooks {
			if d.File != "" && decoded.Hooks[i].OriginFile == d.File {
				if !read[i] {
					return false
				}
				about = true
			}
		}
		return about
	}
}

// readsCancel reports whether a planned hook's {"cancel": true} blocks in
// to under the shim: hookconv run --from cline runs its every command
// (on every platform) and to blocks on the hook's event.
func readsCancel(h *canonical.Hook, to string) bool {
	if h.Handler.Type != canonical.HandlerCommand || !canBlock(to, h.Event) {
		return false
	}
	if !shimmedFromCline(h.Handler.Command) {
		return false
	}
	for _, command := range h.Handler.Platform {
		if !shimmedFromCline(command) {
			return false // this platform's command runs unwrapped
		}
	}
	return true
}

// shimmedFromCline reports whether a command runs under hookconv run
// --from cline.
func shimmedFromCline(command string) bool {
	prefix, _, _, ok := splitShim(command)
	return ok && strings.Contains(prefix+" ", " --from "+cline.Slug+" ")
}
