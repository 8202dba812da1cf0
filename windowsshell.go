package hookconv

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/hookconv/hookconv/canonical"
	"github.com/hookconv/hookconv/capabilities"
	"github.com/hookconv/hookconv/diag"
	"github.com/hookconv/hookconv/internal/node"
	"github.com/hookconv/hookconv/internal/parallel"
	"github.com/hookconv/hookconv/providers"
	"github.com/hookconv/hookconv/vocab"
)

// The shells tools run hook commands with on Windows (the providers
// table's windows_shell and windows_field_shell) differ: a command moved
// between them fails there, and a failing guard lets every call through.
const (
	CodeWindowsShell     = "HC218" // a hook's Windows command goes to a Windows field the target runs with another shell (PowerShell's to Codex's cmd, cmd's to Copilot CLI's or Windsurf's PowerShell): it fails there (warning)
	CodePOSIXOnWindows   = "HC219" // once per conversion: commands of a tool that runs them with bash on Windows (Claude Code) go without a Windows command to a tool that runs cmd or PowerShell there (Codex, Copilot CLI): on Windows they fail (a warning when one is blocking, else an info)
	CodeNowhereOnWindows = "HC474" // once per conversion: the target on Windows runs a hook's Windows command alone (Cline's <Event>.ps1), which hookconv does not write: hooks without one run nowhere there (a warning when one is blocking, else an info)
)

// shellNames are the windows_shell values as a message names them.
var shellNames = map[string]string{"cmd": "cmd", "powershell": "PowerShell", "bash": "bash"}

// windowsShellMoved warns (HC218) about each planned hook of m whose
// Windows command, read from a field its source tool runs with one shell,
// goes to the target's Windows field, which it runs with another: Copilot
// CLI's powershell key to Codex's commandWindows (%COMSPEC% /C), Codex's
// cmd line to Windsurf's powershell. hookconv does not wrap a PowerShell
// command for cmd (powershell -Command "…"): how the target quotes the
// line it hands cmd is not in the reference, so no quoting of the code can
// be shown exact, and -EncodedCommand would hide the guard's code from
// its readers. decoded is the manifest m was planned from: a Windows
// command the plan wrote (the block strategy's stand-in) is in the
// target's shell already.
func windowsShellMoved(m, decoded *canonical.Manifest, from, to string) diag.List {
	names := vocab.Default()
	target, _ := names.Provider(to)
	dstShell := target.WindowsCommandShell()
	if dstShell == "" || !capabilities.Default().HoldsWindowsCommand(to) {
		return nil
	}
	var ds diag.List
	for i := range m.Hooks {
		h := &m.Hooks[i]
		win := h.Handler.Platform["windows"]
		if win == "" || plainWords(win, true) || !fromSource(decoded, h, i, win) {
			continue
		}
		src := from
		if from == "canonical" {
			src = markedSource(h) // a manifest hook read from a tool says which
		}
		source, _ := names.Provider(src)
		srcShell := source.WindowsCommandShell()
		if src == to || srcShell == "" || srcShell == dstShell {
			continue
		}
		ds.Warnf(CodeWindowsShell, h.PosOf("handler.platform"), fmt.Sprintf("hooks[%d].handler.platform.windows", h.SourceIndex(i)),
			windowsShellHint(dstShell),
			"%s: its Windows command was written for %s, which runs it with %s, but %s runs its Windows command with %s, where %s",
			h.DisplayName(i), source.Name, shellNames[srcShell], to, shellNames[dstShell], shellFailure(srcShell, dstShell, h.Blocking))
	}
	return ds
}

// fromSource reports whether the planned hook h (index i) holds the
// Windows command win as its source hook in decoded did.
func fromSource(decoded *canonical.Manifest, h *canonical.Hook, i int, win string) bool {
	src := h.SourceIndex(i)
	return decoded != nil && src < len(decoded.Hooks) && decoded.Hooks[src].Handler.Platform["windows"] == win
}

// shellFailure says what becomes of a command written for the shell from
// when the shell to runs it.
func shellFailure(from, to string, blocking bool) string {
	var what string
	switch {
	case from == "powershell" && to == "cmd":
		what = "PowerShell's syntax ($variables, cmdlets, [Console]::In) fails: cmd exits 1, or 9009 for a program it cannot find, which blocks nothing where only exit 2 blocks"
	case from == "cmd" && to == "powershell":
		what = "cmd's syntax (%VAR%, exit /b, || in Windows PowerShell 5.1) fails: a parse error exits 1, which blocks nothing where only exit 2 blocks (and every call where any failure blocks: Copilot CLI's preToolUse)"
	default:
		what = shellNames[from] + "'s syntax fails"
	}
	if blocking {
		what += "; it is a blocking hook, so its guard does not work on Windows"
	}
	return what
}

// windowsShellHint is how to give a target whose Windows field runs
// shell a command that works there.
func windowsShellHint(shell string) string {
	if shell == "cmd" {
		return "put the PowerShell code in a script and write the Windows command for cmd: powershell -NoProfile -ExecutionPolicy Bypass -File script.ps1"
	}
	return "rewrite the Windows command in PowerShell, or put the cmd code in a .cmd script and run it: & .\\script.cmd; exit $LASTEXITCODE"
}

// posixOnWindows says once per conversion (HC219) that commands of a tool
// that runs them with bash on Windows (windows_shell "bash": Claude
// Code's Git Bash) go without a Windows command of their own to a target
// that runs cmd or PowerShell there: Codex's %COMSPEC% /C, Kiro CLI 2.x's
// cmd /C, Copilot CLI's PowerShell. A warning, naming the blocking hooks,
// when one of them is blocking; else an info, since a project that no
// one opens on Windows loses nothing. Said once, not per hook: most
// Claude Code hooks going to Codex are such. The source hooks it is about
// (the blocking ones) go with it, for check to count.
func posixOnWindows(m, decoded *canonical.Manifest, from, to string) (diag.List, []int) {
	names := vocab.Default()
	source, _ := names.Provider(from)
	target, _ := names.Provider(to)
	if source.WindowsShell != "bash" || !vocab.ShellNotPOSIX(target.WindowsShell) {
		return nil, nil
	}
	var blocking []int // indexes into m
	all := 0
	var firstAll []int // the first three of all, to name when none blocks
	anchored := false
	// Which hooks it is about, found in chunks at once (each with its own
	// memo of provider_data read); counted and named in order after.
	posix := make([]bool, len(m.Hooks))
	shellKey := source.ShellKey // the closure's own: the row stays on the stack
	parallel.EachWith(len(m.Hooks), func(memo *providers.DataMemo, _ *diag.List, i int) {
		h := &m.Hooks[i]
		posix[i] = h.Handler.Type == canonical.HandlerCommand && h.Handler.Platform["windows"] == "" && !plainWords(h.Handler.Command, false) &&
			ranCommand(decoded, h, i) && !runsOwnShell(h, from, shellKey, memo)
	})
	for i := range m.Hooks {
		h := &m.Hooks[i]
		if !posix[i] {
			continue
		}
		if all++; len(firstAll) < 3 {
			firstAll = append(firstAll, i)
		}
		if h.Blocking {
			blocking = append(blocking, i)
		}
		anchored = anchored || target.WindowsShell == "cmd" && strings.Contains(h.Handler.Command, "$(")
	}
	if all == 0 {
		return nil, nil
	}
	named := firstAll
	if len(blocking) > 0 {
		named = blocking
	}
	first := &m.Hooks[named[0]]
	msg := fmt.Sprintf("%d command hook(s) written for %s, which runs them with bash on Windows, get no Windows command in %s, which runs hook commands with %s there: on Windows their commands, in sh's syntax or running a ./path, fail",
		all, source.Name, to, shellNames[target.WindowsShell])
	if anchored {
		msg += " (cmd reads $(…) as text, hookconv's $(git rev-parse --show-toplevel) for the project's place included, so even bash script.sh fails)"
	}
	msg += ", and a failing guard blocks nothing where only exit 2 blocks"
	if len(blocking) > 0 {
		msg += fmt.Sprintf(": %d blocking (%s)", len(blocking), firstNames(m, blocking, len(blocking)))
	} else {
		msg += fmt.Sprintf(" (%s); none is blocking", firstNames(m, firstAll, all))
	}
	hint := "if the project is used on Windows, keep these hooks in a tool that runs bash there; --shim does not help: its line quotes the command for sh ('…'), which " + shellNames[target.WindowsShell] + " does not read so"
	if capabilities.Default().HoldsWindowsCommand(to) {
		hint = "if the project is used on Windows, give each hook a Windows command for " + shellNames[target.WindowsShell] + " (handler.platform.windows in a manifest, which " + to + " holds in its own Windows field), such as one running its script with Git Bash's bash.exe; --shim does not help: its line quotes the command for sh ('…'), which " + shellNames[target.WindowsShell] + " does not read so"
	}
	var ds diag.List
	path := fmt.Sprintf("hooks[%d]", first.SourceIndex(named[0]))
	if len(blocking) > 0 {
		ds.Warnf(CodePOSIXOnWindows, first.PosOf(""), path, hint, "%s", msg)
	} else {
		ds.Infof(CodePOSIXOnWindows, first.PosOf(""), path, hint, "%s", msg)
	}
	about := make([]int, len(blocking))
	for k, i := range blocking {
		about[k] = m.Hooks[i].SourceIndex(i)
	}
	return ds, about
}

// runsOwnShell reports whether h's source tool runs its command with a
// shell its "shell" key names (Claude Code's "powershell": HC421 says
// that) or none (its exec form).
func runsOwnShell(h *canonical.Hook, from, shellKey string, memo *providers.DataMemo) bool {
	raw := h.ProviderData[from]
	if len(raw) == 0 || !bytes.Contains(raw, []byte(`"$exec"`)) && (shellKey == "" || !bytes.Contains(raw, []byte(`"`+shellKey+`"`))) {
		return false // most hooks: nothing parsed
	}
	data := memo.Own(h, from)
	if data.Get("$exec") != nil {
		return true
	}
	v := data.Get(shellKey)
	return v != nil && v.Kind == node.String && strings.EqualFold(v.Text, "powershell")
}

// plainWords reports whether command is words alone that cmd, PowerShell
// and sh read alike (npx prettier --write .): no quote, variable,
// operator, redirection, glob, or comma or @ (PowerShell's arrays and
// splatting), and a program named without a path. windowsPaths lets an
// argument hold backslashes, which cmd and PowerShell read as text
// (powershell -File hooks\guard.ps1) and sh as escapes.
func plainWords(command string, windowsPaths bool) bool {
	special := shellSpecial
	if windowsPaths {
		special = shellSpecial[:len(shellSpecial)-1] // all but the backslash
	}
	program, _, _ := strings.Cut(strings.TrimSpace(command), " ")
	return program != "" && !strings.ContainsAny(program, "/\\") && !strings.ContainsAny(command, special)
}

// shellSpecial are the characters sh, cmd or PowerShell read as more than
// text, the backslash last.
const shellSpecial = "\"'`$;&|<>()*?[]{}~%!#^,@\t\n\r\\"

// nowhereOnWindows says once per conversion (HC474) that the hooks of m
// run nowhere on Windows: the target runs a hook's Windows command field
// alone there (the providers table's windows_field_only: Cline's
// <Event>.ps1) and hookconv writes none. A hook with a Windows command of
// its own is said apart (Cline's HC576). A warning naming the blocking
// hooks when one is blocking, else an info; the source hooks it is about
// (the blocking ones) go with it, for check to count. migrate
// --remove-source does not keep a hook for it, as for HC219.
func nowhereOnWindows(m *canonical.Manifest, to string) (diag.List, []int) {
	target, _ := vocab.Default().Provider(to)
	if !target.WindowsFieldOnly || capabilities.Default().HoldsWindowsCommand(to) {
		return nil, nil
	}
	var blocking, firstAll []int // indexes into m
	all := 0
	for i := range m.Hooks {
		h := &m.Hooks[i]
		if h.Handler.Platform["windows"] != "" {
			continue
		}
		if all++; len(firstAll) < 3 {
			firstAll = append(firstAll, i)
		}
		if h.Blocking {
			blocking = append(blocking, i)
		}
	}
	if all == 0 {
		return nil, nil
	}
	msg := fmt.Sprintf("%d hook(s) run nowhere on Windows: %s runs only a hook's Windows command there (a %s script), which hookconv does not write", all, target.Name, shellNames[target.WindowsCommandShell()])
	hint := "on Windows machines keep these hooks in a tool that runs them there, or write the Windows scripts by hand"
	var ds diag.List
	if len(blocking) > 0 {
		first := &m.Hooks[blocking[0]]
		ds.Warnf(CodeNowhereOnWindows, first.PosOf(""), fmt.Sprintf("hooks[%d]", first.SourceIndex(blocking[0])), hint,
			"%s: %d blocking (%s), whose guards are lost there", msg, len(blocking), firstNames(m, blocking, len(blocking)))
	} else {
		first := &m.Hooks[firstAll[0]]
		ds.Infof(CodeNowhereOnWindows, first.PosOf(""), fmt.Sprintf("hooks[%d]", first.SourceIndex(firstAll[0])), hint,
			"%s (%s); none is blocking", msg, firstNames(m, firstAll, all))
	}
	about := make([]int, len(blocking))
	for k, i := range blocking {
		about[k] = m.Hooks[i].SourceIndex(i)
	}
	return ds, about
}

// firstNames names up to three of the hooks (indexes into m), and says
// how many more there are of total.
func firstNames(m *canonical.Manifest, hooks []int, total int) string {
	var b strings.Builder
	for k, i := range hooks[:min(3, len(hooks))] {
		if k > 0 {
			b.WriteString(", ")
		}
		b.WriteString(m.Hooks[i].DisplayName(i))
	}
	if total > 3 {
		fmt.Fprintf(&b, " and %d more", total-3)
	}
	return b.String()
}
