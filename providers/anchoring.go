package providers

import (
	"strings"

	"github.com/hookconv/hookconv/canonical"
)

// A manifest's pattern is found anywhere in the tool's name, as Claude
// Code, Gemini CLI and Codex test a matcher (Edit.* matches NotebookEdit).
// A tool that matches a regex against the whole name (Copilot CLI
// compiles ^(?:p)$; the providers table's anchored_patterns) reads the
// same text otherwise: its patterns are converted on the way in and out,
// so a guard keeps selecting the tools it selected.

// FromWholeName returns the manifest's form of a regex a tool matches
// against the whole tool name: an end the tool leaves open (.*) is cut,
// a closed one anchored. ToWholeName undoes it, up to open ends
// (OpenEndsTrimmed), so that verify finds what it planned.
func FromWholeName(re string) string {
	if strings.Contains(re, "|") {
		// Not to plain names (.*(?:a|b).* is no exact a|b).
		if inner, ok := wrapped(re, ".*(?:", ").*"); ok && !PlainNames(inner) {
			return inner
		}
		return "^(?:" + re + ")$"
	}
	switch {
	case opensAtStart(re):
		re = re[2:]
	case !strings.HasPrefix(re, "^"):
		re = "^" + re
	}
	switch {
	case endsOpen(re) && staysRegex(re[:len(re)-2]):
		// Cut only while it stays a regex: plain text, anchored or not
		// (@mcp, ^mcp_x_), is a list of exact names to every decoder, so
		// @mcp.* keeps its end.
		re = re[:len(re)-2]
	case !endsAnchored(re) && !endsOpen(re):
		re += "$"
	}
	return re
}

// ToWholeName returns the text a tool that matches against the whole
// tool name needs for the manifest's pattern re: an end re leaves open
// matches any rest there (.*); an anchored one stays as it is.
func ToWholeName(re string) string {
	if strings.Contains(re, "|") {
		// Not to what reads as plain names (a|b, ^a|b$), which a
		// decoder would take for exact ones.
		if inner, ok := wrapped(re, "^(?:", ")$"); ok && staysRegex(inner) {
			return inner
		}
		// ^a|b is (^a) or b anywhere: grouped, each side keeps its sense.
		return ".*(?:" + re + ").*"
	}
	if !strings.HasPrefix(re, "^") && !opensAtStart(re) {
		re = ".*" + re
	}
	if !endsAnchored(re) && !endsOpen(re) {
		re += ".*"
	}
	return re
}

// OpenEndsTrimmed returns a manifest's pattern without a leading or
// trailing .*, which change nothing where a pattern may match any part
// of a name (Edit.* selects what Edit does): FromWholeName reads the
// ends a whole-name tool needs as open, and verify compares patterns so.
func OpenEndsTrimmed(re string) string {
	if opensAtStart(re) {
		re = re[2:]
	}
	if endsOpen(re) {
		re = re[:len(re)-2]
	}
	return re
}

// wrapped returns re without prefix and suffix when they hold all of it
// as one group of alternatives.
func wrapped(re, prefix, suffix string) (string, bool) {
	inner, ok := strings.CutPrefix(re, prefix)
	if !ok || !strings.HasSuffix(inner, suffix) {
		return "", false
	}
	inner = inner[:len(inner)-len(suffix)]
	return inner, strings.Contains(inner, "|") && balanced(inner)
}

// PlainNames reports whether re only lists names (a|b), which every tool
// reads as exact ones: no regex syntax, and no empty alternative (Read|
// is found in every name).
func PlainNames(re string) bool {
	if strings.ContainsAny(re, canonical.RegexSyntaxBesidesBar) {
		return false
	}
	for name := range strings.SplitSeq(re, "|") {
		if name == "" {
			return false
		}
	}
	return true
}

// staysRegex reports whether re is more than names: plain text, anchored
// or grouped or not (a|b, ^mcp_x_), is a list of exact names to every
// decoder and to verify.
func staysRegex(re string) bool { return strings.ContainsAny(re, `\.+*?[]{}`) }

// MapPatterns returns m with each pattern's regex replaced by f's. A
// pattern of plain names (write_file|replace) is left: every tool reads
// one as a list of exact names.
func MapPatterns(m canonical.Matcher, f func(string) string) canonical.Matcher {
	switch x := m.(type) {
	case canonical.Pattern:
		if PlainNames(x.Regex) {
			return x
		}
		return canonical.Pattern{Regex: f(x.Regex)}
	case canonical.AnyOf:
		out := make(canonical.AnyOf, len(x))
		for i, y := range x {
			out[i] = MapPatterns(y, f)
		}
		return out
	}
	return m
}

// endsAnchored reports whether re ends with a $ that is no escaped one.
func endsAnchored(re string) bool {
	return strings.HasSuffix(re, "$") && !escaped(re, len(re)-1)
}

// opensAtStart reports whether re starts with a greedy .* (not .*? or
// .*+, whose rest would be no regex).
func opensAtStart(re string) bool {
	return strings.HasPrefix(re, ".*") && (len(re) == 2 || !strings.ContainsRune("?+*{", rune(re[2])))
}

// endsOpen reports whether re ends with .* whose dot is no escaped one.
func endsOpen(re string) bool {
	return strings.HasSuffix(re, ".*") && !escaped(re, len(re)-2)
}

// escaped reports whether the byte at i follows an odd run of
// backslashes.
func escaped(re string, i int) bool {
	slashes := 0
	for j := i - 1; j >= 0 && re[j] == '\\'; j-- {
		slashes++
	}
	return slashes%2 == 1
}

// balanced reports whether re's parentheses (outside escapes and
// classes) pair up without closing more than they opened.
func balanced(re string) bool {
	depth, class := 0, false
	for i := 0; i < len(re); i++ {
		switch c := re[i]; {
		case c == '\\':
			i++
		case class:
			class = c != ']'
		case c == '[':
			class = true
		case c == '(':
			depth++
		case c == ')':
			if depth--; depth < 0 {
				return false
			}
		}
	}
	return depth == 0
}

// EmptyNameOnly is the manifest's pattern for a native matcher that
// selects only the empty name, so no tool: a list of names that are all
// empty (Claude Code's "|", Copilot CLI's full-match "|"). A manifest
// cannot hold an empty list of tools (HC162), and every tool's regex
// reads this one as matching no name.
const EmptyNameOnly = "^$"
