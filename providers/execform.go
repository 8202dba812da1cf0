package providers

import (
	"strings"

	"github.com/hookconv/hookconv/internal/node"
)

// Exec form. Claude Code runs a command handler with "args" without a
// shell: "command" is the program and "args" its argv; Copilot CLI does the
// same with "exec" and "args". The canonical handler has only a shell
// command, so the decoders fold the two into the command a shell would run
// the same way, and keep the program and argv (as "$exec" and "$args") so
// the tool's own encoder can write the exec form back. A guard that became the bare
// program ("node", reading the hook's payload as a script) would exit 1
// on every call and block nothing.

// ExecCommand is the shell command that runs program with args: each
// word bare when it holds only characters no shell treats specially,
// else in double quotes with \, ", ` and $ escaped, so the shell passes
// it on unchanged. The one exception are the placeholders the tool
// substitutes in the exec form itself (${CLAUDE_PROJECT_DIR} for Claude
// Code), which it also exports: left unescaped, the shell substitutes
// them the same.
func ExecCommand(program string, args []string, placeholders []string) string {
	var b strings.Builder
	b.WriteString(shellWord(program, placeholders))
	for _, a := range args {
		b.WriteByte(' ')
		b.WriteString(shellWord(a, placeholders))
	}
	return b.String()
}

func shellWord(s string, placeholders []string) string {
	if s != "" && strings.Trim(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_@%+=:,./-") == "" {
		return s
	}
	var b strings.Builder
	b.WriteByte('"')
	for i := 0; i < len(s); i++ {
		switch c := s[i]; c {
		case '\\', '"', '`':
			b.WriteByte('\\')
			b.WriteByte(c)
		case '$':
			if p := placeholderAt(s[i:], placeholders); p != "" {
				b.WriteString(p)
				i += len(p) - 1
				continue
			}
			b.WriteString(`\$`)
		default:
			b.WriteByte(c)
		}
	}
	b.WriteByte('"')
	return b.String()
}

// placeholderAt returns the ${NAME} placeholder s starts with, or "".
func placeholderAt(s string, placeholders []string) string {
	for _, name := range placeholders {
		if p := "${" + name + "}"; strings.HasPrefix(s, p) {
			return p
		}
	}
	return ""
}

// ExecArgs returns the strings of an "args" value, and false unless it
// is an array of strings.
func ExecArgs(n *node.Node) ([]string, bool) { return n.Strings() }

// ExecForm returns the program and argv (nil when the source had no
// "args") to write a handler whose canonical command is command, from the
// "$exec" and "$args" its decoder kept: only while command is still what
// they fold into (a manifest edit that changed the command wins, written
// in shell form).
func ExecForm(pd *node.Node, command string, placeholders []string) (program, args *node.Node, ok bool) {
	program, args = pd.Get("$exec"), pd.Get("$args")
	if program == nil || program.Kind != node.String {
		return nil, nil, false
	}
	var argv []string
	if args != nil {
		if argv, ok = ExecArgs(args); !ok {
			return nil, nil, false
		}
	}
	if ExecCommand(program.Text, argv, placeholders) != command {
		return nil, nil, false
	}
	return program, args, true
}
