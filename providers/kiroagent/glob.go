package kiroagent

import (
	"regexp"
	"strings"
)

// Kiro CLI's matcher language (Amazon Q CLI hook_matches_tool): "*"
// matches every tool, "@builtin" every tool that is not an MCP tool,
// "@server" every tool of one MCP server; a matcher with '*' or '?' is a
// glob (globset, whose '*' also crosses '/'); anything else is compared
// with the tool name exactly.

// Kiro's name for "every built-in tool" is its providers row's
// builtin_matcher (Prov.BuiltinMatcher).

// builtinRegex is the same set as a regex over native tool names: MCP
// tools are spelled @server/tool, built-in ones never start with '@'. A
// manifest may hold it (hookconv wrote it for "@builtin" before reading
// that as Kiro's tools); it is written back as "@builtin".
const builtinRegex = "^[^@]"

// isGlob reports whether Kiro reads a matcher as a glob.
func isGlob(s string) bool { return strings.ContainsAny(s, "*?") }

// globRegex translates a glob to an anchored RE2 regex that matches the
// same tool names. A glob whose classes or braces do not translate to a
// valid regex reads as the literal text, so the result always compiles.
func globRegex(glob string) string {
	glob = strings.ToValidUTF8(glob, "\uFFFD") // RE2 reads UTF-8 only; so does Kiro's JSON
	var b strings.Builder
	b.WriteString("^")
	inBraces := false
	for i := 0; i < len(glob); i++ {
		switch c := glob[i]; c {
		case '*':
			b.WriteString(".*")
		case '?':
			b.WriteString(".")
		case '\\':
			if i+1 < len(glob) {
				i++
				b.WriteString(regexp.QuoteMeta(glob[i : i+1]))
			}
		case '[':
			end := strings.IndexByte(glob[i+1:], ']')
			if end < 0 {
				b.WriteString(`\[`)
				continue
			}
			class := glob[i+1 : i+1+end]
			if strings.HasPrefix(class, "!") {
				class = "^" + class[1:]
			}
			b.WriteString("[" + strings.ReplaceAll(class, `\`, `\\`) + "]")
			i += end + 1
		case '{':
			inBraces = true
			b.WriteString("(?:")
		case '}':
			if inBraces {
				inBraces = false
				b.WriteString(")")
			} else {
				b.WriteString(`\}`)
			}
		case ',':
			if inBraces {
				b.WriteString("|")
			} else {
				b.WriteString(",")
			}
		default:
			b.WriteString(regexp.QuoteMeta(glob[i : i+1]))
		}
	}
	b.WriteString("$")
	re := b.String()
	if _, err := regexp.Compile(re); err != nil || inBraces {
		return "^" + regexp.QuoteMeta(glob) + "$"
	}
	return re
}

// regexGlobs spells a regex over tool names as Kiro globs, one per
// top-level alternative (a Kiro entry has one matcher). It reads literal
// text, '.', ".*", ".+" (lazy too), escaped punctuation and the anchors ^ and $; ok is
// false for anything else (classes, groups inside alternatives,
// quantifiers), which no glob can say exactly.
func regexGlobs(re string) (globs []string, ok bool) {
	for _, wrap := range [][2]string{{"^(", ")$"}, {"(", ")"}} {
		if inner, found := strings.CutPrefix(re, wrap[0]); found && strings.HasSuffix(inner, wrap[1]) {
			if body := strings.TrimSuffix(inner, wrap[1]); !strings.ContainsAny(body, "()") {
				re = wrapAlternatives(body, wrap[0] == "^(")
				break
			}
		}
	}
	for _, alt := range strings.Split(re, "|") {
		g, ok := altGlob(alt)
		if !ok {
			return nil, false
		}
		globs = append(globs, g)
	}
	return globs, true
}

// wrapAlternatives anchors every alternative of "a|b" when the group
// around them was anchored ("^(a|b)$").
func wrapAlternatives(body string, anchored bool) string {
	if !anchored {
		return body
	}
	alts := strings.Split(body, "|")
	for i, a := range alts {
		alts[i] = "^" + a + "$"
	}
	return strings.Join(alts, "|")
}

// altGlob translates one alternative of a regex (no '|') to a glob.
func altGlob(alt string) (string, bool) {
	start := strings.HasPrefix(alt, "^")
	alt = strings.TrimPrefix(alt, "^")
	end := strings.HasSuffix(alt, "$") && !strings.HasSuffix(alt, `\$`)
	alt = strings.TrimSuffix(alt, "$")
	var b strings.Builder
	if !start {
		b.WriteString("*")
	}
	for i := 0; i < len(alt); i++ {
		c := alt[i]
		switch {
		case c == '.' && i+1 < len(alt) && (alt[i+1] == '*' || alt[i+1] == '+'):
			// .* and .+ (lazy or not: which text they take does not
			// change whether the name matches) are any text, and any
			// text of one character or more.
			if alt[i+1] == '+' {
				b.WriteString("?")
			}
			b.WriteString("*")
			i++
			if i+1 < len(alt) && alt[i+1] == '?' {
				i++
			}
		case c == '.':
			b.WriteString("?")
		case c == '\\' && i+1 < len(alt) && strings.IndexByte(`.+()|^$/-@#&~=:,"'<>!%`, alt[i+1]) >= 0:
			// Escaped punctuation is literal; the glob-special characters
			// (* ? [ ] { }) would need escapes Kiro's exact match misreads.
			i++
			b.WriteByte(alt[i])
		case strings.IndexByte(`\*+?()[]{}^$|`, c) >= 0:
			return "", false
		default:
			b.WriteByte(c)
		}
	}
	if !end {
		b.WriteString("*")
	}
	g := b.String()
	for strings.Contains(g, "**") {
		g = strings.ReplaceAll(g, "**", "*")
	}
	return g, true
}
