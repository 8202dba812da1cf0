package hookconv

import (
	"strconv"
	"strings"

	"github.com/hookconv/hookconv/canonical"
	"github.com/hookconv/hookconv/diag"
	"github.com/hookconv/hookconv/vocab"
)

// CodeShimWindows: a Windows command override is not wrapped by the shim
// (it needs a POSIX shell), so on Windows the hook runs with the target's
// own contract (warning).
const CodeShimWindows = "HC410"

// CodeShimNotNeeded: the target is a program hookconv generates, which
// runs the hooks under the canonical contract itself (info).
const CodeShimNotNeeded = "HC411"

// shimPrefix starts every wrapped command; Unshim recognises it.
const shimPrefix = "hookconv run --provider "

// Shim wraps every command hook of m in `hookconv run`, so the hook sees
// the canonical event on stdin and answers in the canonical contract
// whatever tool runs it: `hookconv run --provider TO --event E
// [--blocking] [--timeout S] [--timeout-action A] -- sh -c 'COMMAND'`.
// The command keeps its shell syntax (sh -c), and the shim, not the
// tool, decides what its exit code and output mean. hookconv must be on
// PATH where the hooks run.
func Shim(m *canonical.Manifest, to string) (*canonical.Manifest, diag.List) {
	var ds diag.List
	prov, _ := vocab.Default().Provider(to)
	if prov.Generated {
		ds.Infof(CodeShimNotNeeded, diag.Pos{}, "", "",
			"--shim is not needed for %s: the hookconv-generated %s already runs each hook under the canonical exit-code and answer contract (the hook still reads %s's own payload on stdin)", to, prov.Name, prov.Name)
		return m, ds
	}
	out := *m
	out.Hooks = make([]canonical.Hook, len(m.Hooks))
	for i, h := range m.Hooks {
		if h.Handler.Type == canonical.HandlerCommand && h.Handler.Command != "" {
			h.Handler.Command = shimCommand(&h, to, h.Handler.Command)
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
					platform[os] = shimCommand(&h, to, cmd)
				}
				h.Handler.Platform = platform
			}
			if prov.TimeoutUnit == "" {
				// The shim enforces the timeout (--timeout): a tool with no
				// timeout of its own loses nothing.
				h.Handler.Timeout, h.Handler.TimeoutAction = 0, ""
			}
		}
		out.Hooks[i] = h
	}
	return &out, ds
}

// shimCommand wraps one command line.
func shimCommand(h *canonical.Hook, to, command string) string {
	var b strings.Builder
	b.WriteString(shimPrefix)
	b.WriteString(to)
	b.WriteString(" --event ")
	b.WriteString(h.Event)
	if h.Blocking {
		b.WriteString(" --blocking")
	}
	if t := h.Handler.Timeout; t > 0 {
		b.WriteString(" --timeout ")
		b.WriteString(strconv.FormatFloat(t, 'f', -1, 64))
	}
	if a := h.Handler.TimeoutAction; a != "" {
		b.WriteString(" --timeout-action ")
		b.WriteString(a)
	}
	b.WriteString(" -- sh -c ")
	if prov, _ := vocab.Default().Provider(to); len(prov.CommandTokens) > 0 {
		b.WriteString(doubleQuoteKeeping(command, prov.CommandTokens))
		return b.String()
	}
	b.WriteString(shellQuote(command))
	return b.String()
}

// doubleQuoteKeeping quotes command for a POSIX shell in double quotes,
// escaping what the shell would read there (\ " ` $) except the tokens a
// tool replaces in the command text (Gemini's $GEMINI_PROJECT_DIR), which
// it leaves bare for the tool. The tool puts in a shell-escaped value
// ('/my project'); inside double quotes its quotes pass to the inner
// shell as they are, which then reads the command exactly as the tool
// would have run it unwrapped, whatever the command's own quotes and
// comments. (In single quotes, the shim's usual ones, the value's quotes
// would end them, and a path with a space would split.) A tool that left
// a token alone would have the outer shell expand it, unquoted for the
// inner one: again what the command unwrapped would do.
func doubleQuoteKeeping(command string, tokens []string) string {
	var b strings.Builder
	b.WriteByte('"')
	for i := 0; i < len(command); i++ {
		c := command[i]
		switch c {
		case '$':
			if name := tokenAt(command[i+1:], tokens); name != "" {
				b.WriteString("$" + name)
				i += len(name)
				continue
			}
			b.WriteString(`\$`)
		case '\\', '"', '`':
			b.WriteByte('\\')
			b.WriteByte(c)
		default:
			b.WriteByte(c)
		}
	}
	b.WriteByte('"')
	return b.String()
}

// unDoubleQuote undoes doubleQuoteKeeping's escapes, refusing text it
// would not have written (an unescaped " or `, a $ that is no token's).
// A token stays as it was written: that is the command the shim runs.
func unDoubleQuote(body string) (string, bool) {
	var b strings.Builder
	for i := 0; i < len(body); i++ {
		c := body[i]
		switch c {
		case '\\':
			if i+1 >= len(body) || !strings.ContainsRune("\\\"`$", rune(body[i+1])) {
				return "", false
			}
			i++
			b.WriteByte(body[i])
		case '"', '`':
			return "", false
		case '$':
			if i+1 >= len(body) || !isNameByte(body[i+1]) {
				return "", false
			}
			b.WriteByte(c)
		default:
			b.WriteByte(c)
		}
	}
	return b.String(), true
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

// shellQuote quotes s for a POSIX shell: single quotes, with each single
// quote written as '\”.
func shellQuote(s string) string {
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// Unshim returns the command a shim wraps, and whether command is one
// Shim wrote. The verify stage compares wrapped commands by it, so a
// shim that mangled the command (a quoting bug) is caught before output.
func Unshim(command string) (string, bool) {
	if !strings.HasPrefix(command, shimPrefix) {
		return "", false
	}
	_, quoted, ok := strings.Cut(command, " -- sh -c ")
	if ok && len(quoted) >= 2 && quoted[0] == '"' && quoted[len(quoted)-1] == '"' {
		return unDoubleQuote(quoted[1 : len(quoted)-1])
	}
	if !ok || len(quoted) < 2 || quoted[0] != '\'' || quoted[len(quoted)-1] != '\'' {
		return "", false
	}
	body := quoted[1 : len(quoted)-1]
	// The body is a sequence of '…' chunks joined by \' : undo exactly
	// what shellQuote did, and refuse anything else.
	var b strings.Builder
	for {
		i := strings.Index(body, `'\''`)
		if i < 0 {
			if strings.Contains(body, "'") {
				return "", false
			}
			b.WriteString(body)
			return b.String(), true
		}
		chunk := body[:i]
		if strings.Contains(chunk, "'") {
			return "", false
		}
		b.WriteString(chunk)
		b.WriteByte('\'')
		body = body[i+4:]
	}
}
