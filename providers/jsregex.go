package providers

import (
	"fmt"
	"regexp/syntax"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// JSPattern returns a manifest's pattern re (RE2 syntax) written for a
// tool that tests matchers with JavaScript's RegExp (the providers
// table's js_regex), so that it selects the same tool names there; or,
// when no JavaScript regex does, re and why ("uses a Unicode class such
// as \pL"). A pattern that needs nothing rewritten comes back as it is.
//
// What only RE2 (and Rust's regex, Codex's) reads is rewritten:
//
//   - the flags of a group ((?i), (?i:…), (?-i)) go; under i every ASCII
//     letter becomes a class of both its cases ((?i)bash → [bB][aA][sS][hH]),
//     inside classes too. RE2 also folds k with the Kelvin sign and s
//     with ſ, which no tool's name holds; other letters get every case
//     RE2 gives them. m, s and U go without a trace: a tool's name holds
//     no line break, for ^, $ and . to tell apart, and whether a regex
//     matches does not depend on which match it prefers;
//   - \A and \z become ^ and $ (RE2's $ without m matches only at the end
//     of the text, as JavaScript's does without its m flag; \z there is a
//     literal z, and (?i) a syntax error);
//   - a named group (?P<name>…) becomes (?<name>…), or (?:…) for a name
//     JavaScript does not take (one starting with a digit);
//   - \Q…\E becomes the characters it quotes; \a, \x{…} and octal
//     escapes become \x or \u escapes;
//   - a class with a POSIX class ([[:alpha:]]), a leading ] ([]a], which
//     JavaScript reads as a class of nothing) or an escape JavaScript
//     lacks is written as the characters it holds.
//
// What has no JavaScript spelling: a Unicode class (\pL, \p{Greek}),
// which JavaScript reads only under the u flag a matcher cannot set; a
// character past U+FFFF, which JavaScript's RegExp without that flag
// reads as two (a negated class, which holds all of them, is cut there).
//
// A rewritten pattern that would read as plain names is grouped
// ((?s)Edit → (?:Edit)), so that it stays a pattern.
//
// A pattern RE2 rejects is no RE2 pattern (a tool's own JavaScript,
// passed on; its decoder said so): it is returned as it is.
func JSPattern(re string) (js, why string) {
	if !strings.ContainsAny(re, `(\[`) {
		return re, "" // nothing RE2 alone reads starts otherwise
	}
	if _, err := syntax.Parse(re, syntax.Perl); err != nil {
		return re, ""
	}
	w := jsWriter{src: re}
	w.out.Grow(len(re) + 16)
	for w.i < len(w.src) && w.why == "" {
		switch c := w.src[w.i]; c {
		case '\\':
			w.escape()
		case '[':
			w.class()
		case '(':
			w.open()
		case ')':
			w.fold = w.groups[len(w.groups)-1]
			w.groups = w.groups[:len(w.groups)-1]
			w.out.WriteByte(c)
			w.i++
		case '.', '^', '$', '|', '*', '+', '?', '{', '}':
			w.out.WriteByte(c) // the same in both
			w.i++
		default:
			r, size := utf8.DecodeRuneInString(w.src[w.i:])
			if w.fold && len(caseOrbit(r)) > 1 {
				w.out.WriteString(foldedLiteral(r))
			} else {
				w.out.WriteString(w.src[w.i : w.i+size])
			}
			w.i += size
		}
	}
	if w.why != "" {
		return re, w.why
	}
	js = w.out.String()
	if PlainNames(js) {
		// What is left reads as plain names ((?s)Edit → Edit, \Qash\E
		// → ash), which tools and decoders take for exact names; re was
		// a pattern, found anywhere in a tool's name, and a group keeps
		// it one (Copilot CLI then gives it open ends: QA, "ash" there
		// matched no tool where (?m)ash had matched Bash).
		js = "(?:" + js + ")"
	}
	return js, ""
}

// jsWriter writes an RE2 pattern (one RE2 accepts) as JavaScript reads
// it, in one pass over its text.
type jsWriter struct {
	src    string
	i      int // the next byte of src to read
	out    strings.Builder
	fold   bool   // under the i flag
	groups []bool // fold as each open group found it, restored at its end
	why    string // set when there is no JavaScript spelling
}

// escape writes the escape at w.i.
func (w *jsWriter) escape() {
	c := w.src[w.i+1] // RE2 accepted the pattern: a \ is never last
	switch {
	case c == 'A':
		w.out.WriteByte('^')
		w.i += 2
	case c == 'z':
		w.out.WriteByte('$')
		w.i += 2
	case c == 'Q':
		text, rest, _ := strings.Cut(w.src[w.i+2:], `\E`)
		for _, r := range text {
			w.out.WriteString(w.literal(r))
		}
		w.i = len(w.src) - len(rest)
	case c == 'p' || c == 'P':
		w.why = unicodeClass
	case c == 'a' || c == 'x' && w.src[w.i+2] == '{' || c >= '0' && c <= '7':
		r, n := escapedRune(w.src[w.i:])
		if r > 0xFFFF {
			w.why = pastBMP
			return
		}
		w.out.WriteString(w.literal(r))
		w.i += n
	case c == 'x': // \xHH: the same in both, unless it is a letter to fold
		r, n := escapedRune(w.src[w.i:])
		if w.fold && len(caseOrbit(r)) > 1 {
			w.out.WriteString(foldedLiteral(r))
		} else {
			w.out.WriteString(w.src[w.i : w.i+n])
		}
		w.i += n
	default:
		// \d \s \w \b and their negations, \f \n \r \t \v, and escaped
		// punctuation read the same in both; no case folds them (RE2
		// folds \w with ſ and the Kelvin sign too, which no tool's name
		// holds).
		w.out.WriteString(w.src[w.i : w.i+2])
		w.i += 2
	}
}

// unicodeClass says why a Unicode class cannot be written.
const unicodeClass = `uses a Unicode class such as \pL or \p{Greek}, which JavaScript reads only under the u flag, which a matcher cannot set`

// pastBMP says why a character past U+FFFF cannot be written.
const pastBMP = "names a character past U+FFFF, which JavaScript's RegExp without the u flag reads as two"

// literal spells rune r outside a class, as a class of its cases under
// the i flag.
func (w *jsWriter) literal(r rune) string {
	if w.fold && len(caseOrbit(r)) > 1 {
		return foldedLiteral(r)
	}
	if strings.ContainsRune(`\^$.|?*+()[]{}`, r) {
		return `\` + string(r)
	}
	return classRune(r)
}

// open writes the group opening at w.i, or applies the flag group there.
func (w *jsWriter) open() {
	rest := w.src[w.i:]
	switch {
	case strings.HasPrefix(rest, "(?P<"), strings.HasPrefix(rest, "(?<"):
		start := strings.IndexByte(rest, '<') + 1
		end := start + strings.IndexByte(rest[start:], '>')
		if name := rest[start:end]; name[0] >= '0' && name[0] <= '9' {
			w.out.WriteString("(?:")
		} else {
			w.out.WriteString("(?<" + name + ">")
		}
		w.groups = append(w.groups, w.fold)
		w.i += end + 1
	case strings.HasPrefix(rest, "(?"):
		// (?flags) or (?flags:…): RE2 accepted it, so it is one of these.
		end := strings.IndexAny(rest, ":)")
		fold, on := w.fold, true
		for _, f := range rest[2:end] {
			switch f {
			case '-':
				on = false
			case 'i':
				fold = on
			}
		}
		if rest[end] == ':' {
			w.groups = append(w.groups, w.fold)
			w.out.WriteString("(?:")
		}
		// (?i) sets the flag to the end of the group around it.
		w.fold = fold
		w.i += end + 1
	default:
		w.groups = append(w.groups, w.fold)
		w.out.WriteByte('(')
		w.i++
	}
}

// class writes the character class at w.i: as written where JavaScript
// reads it the same, else as the characters it holds.
func (w *jsWriter) class() {
	end := classEnd(w.src, w.i)
	text := w.src[w.i:end]
	body, negated := strings.CutPrefix(text[1:len(text)-1], "^")
	if strings.Contains(body, `\p`) || strings.Contains(body, `\P`) {
		w.why = unicodeClass
		return
	}
	if !w.fold && !strings.HasPrefix(body, "]") && !strings.Contains(body, "[:") && !jsEscapesDiffer(body) {
		w.out.WriteString(text)
		w.i = end
		return
	}
	set, ok := classRunes("[" + body + "]")
	if !ok {
		w.why = pastBMP
		return
	}
	if w.fold {
		set = foldedSet(set)
	}
	w.out.WriteString(renderClass(set, negated))
	w.i = end
}

// jsEscapesDiffer reports whether a class's text holds an escape
// JavaScript reads otherwise: \a (a there), \x{…}, an octal escape.
func jsEscapesDiffer(body string) bool {
	for i := 0; i < len(body)-1; i++ {
		if body[i] != '\\' {
			continue
		}
		switch c := body[i+1]; {
		case c == 'a', c == 'x' && body[i+2] == '{', c >= '0' && c <= '7':
			return true
		}
		i++
	}
	return false
}

// classEnd returns the index just past the class opening at i of re, a
// pattern RE2 accepted: a ] right after [ or [^ is a member, as are
// POSIX classes ([:alpha:]) and escapes.
func classEnd(re string, i int) int {
	j := i + 1
	if j < len(re) && re[j] == '^' {
		j++
	}
	if j < len(re) && re[j] == ']' {
		j++
	}
	for j < len(re) {
		switch {
		case re[j] == '\\':
			j += 2
		case strings.HasPrefix(re[j:], "[:"):
			if k := strings.Index(re[j+2:], ":]"); k >= 0 {
				j += k + 4
			} else {
				j++
			}
		case re[j] == ']':
			return j + 1
		default:
			j++
		}
	}
	return len(re)
}

// classRunes returns the ranges of characters (lo, hi pairs) a class RE2
// reads holds; ok is false when one is past U+FFFF.
func classRunes(class string) ([]rune, bool) {
	re, err := syntax.Parse(class, syntax.Perl)
	if err != nil {
		return nil, true // RE2 read it within the whole pattern; never here
	}
	var set []rune
	switch re.Op {
	case syntax.OpLiteral:
		for _, r := range re.Rune {
			set = append(set, r, r)
		}
	case syntax.OpCharClass:
		set = re.Rune
	case syntax.OpAnyCharNotNL:
		set = []rune{0, '\n' - 1, '\n' + 1, unicode.MaxRune}
	case syntax.OpAnyChar:
		set = []rune{0, unicode.MaxRune}
	}
	// A class that holds every character from some point of the BMP on
	// (a negated one: [^a], [[:^alpha:]]) is cut at U+FFFF: JavaScript
	// finds a character past it as two, each of which such a class holds.
	if n := len(set); n > 0 && set[n-1] == unicode.MaxRune && set[n-2] <= 0xFFFF {
		set = append(set[:n-1:n-1], 0xFFFF)
	}
	for i := 1; i < len(set); i += 2 {
		if set[i] > 0xFFFF {
			return nil, false
		}
	}
	return set, true
}

// caseOrbit returns the characters the i flag makes r match: r and, for
// an ASCII letter, its other case; for another character, every
// character RE2 folds it with.
func caseOrbit(r rune) []rune {
	switch {
	case r >= 'a' && r <= 'z':
		return []rune{r, r - 'a' + 'A'}
	case r >= 'A' && r <= 'Z':
		return []rune{r, r - 'A' + 'a'}
	case r < utf8.RuneSelf:
		return []rune{r}
	}
	orbit := []rune{r}
	for f := unicode.SimpleFold(r); f != r; f = unicode.SimpleFold(f) {
		orbit = append(orbit, f)
	}
	return orbit
}

// foldedLiteral writes r's cases as a class, r first: [bB].
func foldedLiteral(r rune) string {
	var b strings.Builder
	b.WriteByte('[')
	for _, c := range caseOrbit(r) {
		b.WriteString(classRune(c))
	}
	b.WriteByte(']')
	return b.String()
}

// foldedSet adds every member's other cases (caseOrbit) to a set of
// ranges. Only characters with a case have others: those of Unicode's
// case ranges are visited, not every character of a wide range.
func foldedSet(set []rune) []rune {
	var out []rune
	for i := 0; i+1 < len(set); i += 2 {
		lo, hi := set[i], set[i+1]
		out = append(out, lo, hi)
		for _, cr := range unicode.CaseRanges {
			from, to := max(lo, rune(cr.Lo)), min(hi, rune(cr.Hi))
			for r := from; r <= to; r++ {
				for _, c := range caseOrbit(r)[1:] {
					out = append(out, c, c)
				}
			}
		}
	}
	return out
}

// renderClass writes a set of ranges as a JavaScript class, merged and
// in order; negated writes [^…].
func renderClass(set []rune, negated bool) string {
	type span struct{ lo, hi rune }
	spans := make([]span, 0, len(set)/2)
	for i := 0; i+1 < len(set); i += 2 {
		spans = append(spans, span{set[i], set[i+1]})
	}
	slices.SortFunc(spans, func(a, b span) int { return int(a.lo - b.lo) })
	var b strings.Builder
	b.WriteByte('[')
	if negated {
		b.WriteByte('^')
	}
	for i := 0; i < len(spans); {
		lo, hi := spans[i].lo, spans[i].hi
		for i++; i < len(spans) && spans[i].lo <= hi+1; i++ {
			hi = max(hi, spans[i].hi)
		}
		b.WriteString(classRune(lo))
		switch {
		case hi == lo+1:
			b.WriteString(classRune(hi))
		case hi > lo:
			b.WriteString("-" + classRune(hi))
		}
	}
	b.WriteByte(']')
	return b.String()
}

// classRune spells one character inside a JavaScript class (or as a
// literal outside one, where the caller escaped regex syntax): printable
// ASCII as itself, ] \ ^ - [ escaped, the rest as \x or \u escapes.
func classRune(r rune) string {
	switch {
	case strings.ContainsRune(`]\^-[`, r):
		return `\` + string(r)
	case r >= 0x20 && r < 0x7F:
		return string(r)
	case r < 0x100:
		return fmt.Sprintf(`\x%02x`, r)
	}
	return fmt.Sprintf(`\u%04x`, r)
}

// escapedRune reads the character escape at the start of s (\a, \xHH,
// \x{H…}, an octal escape of up to three digits), as RE2 does, and the
// bytes it takes.
func escapedRune(s string) (rune, int) {
	switch c := s[1]; {
	case c == 'a':
		return 7, 2
	case c == 'x' && s[2] == '{':
		end := strings.IndexByte(s, '}')
		v, _ := strconv.ParseUint(s[3:end], 16, 32)
		return rune(v), end + 1
	case c == 'x':
		v, _ := strconv.ParseUint(s[2:4], 16, 8)
		return rune(v), 4
	}
	n := 2
	for n < len(s) && n < 4 && s[n] >= '0' && s[n] <= '7' {
		n++
	}
	v, _ := strconv.ParseUint(s[1:n], 8, 32)
	return rune(v), n
}
