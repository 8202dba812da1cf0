package cline

import (
	"fmt"
	"regexp/syntax"
	"strings"
)

// toERE translates an RE2 pattern (a canonical pattern matcher) into a
// POSIX extended regular expression for `grep -E`, which the generated
// script matches the tool name with. The translation goes through RE2's
// own parse tree rather than the text, so \d, (?i), (?:…), non-greedy
// operators and the like come out as the plain ERE that matches the same
// names. Tool names are printable ASCII, so classes are cut to that range.
//
// approx lists what could only be approximated: word boundaries are
// dropped, so the ERE matches a superset of what the RE2 pattern matches
// (a blocking hook then runs too often, never too rarely). err is set when
// the pattern is not valid RE2 or has no ERE form at all.
func toERE(re string) (ere string, approx []string, err error) {
	r, err := syntax.Parse(re, syntax.Perl)
	if err != nil {
		return "", nil, err
	}
	w := &ereWriter{}
	w.write(r.Simplify())
	if w.err != nil {
		return "", nil, w.err
	}
	return w.b.String(), w.approx, nil
}

type ereWriter struct {
	b      strings.Builder
	approx []string
	err    error
}

// ereSpecial are the characters with a meaning in an ERE outside a
// bracket expression; a backslash before each is defined by POSIX.
const ereSpecial = `.[\()*+?{|^$`

func (w *ereWriter) note(s string) {
	for _, a := range w.approx {
		if a == s {
			return
		}
	}
	w.approx = append(w.approx, s)
}

func (w *ereWriter) write(r *syntax.Regexp) {
	if w.err != nil {
		return
	}
	switch r.Op {
	case syntax.OpEmptyMatch:
		// Nothing to write: an empty alternative is handled by the
		// alternation, an empty pattern matches every name.
	case syntax.OpNoMatch:
		w.err = fmt.Errorf("the pattern can never match")
	case syntax.OpLiteral:
		for _, c := range r.Rune {
			w.literal(c, r.Flags&syntax.FoldCase != 0)
		}
	case syntax.OpCharClass:
		w.class(r.Rune)
	case syntax.OpAnyCharNotNL, syntax.OpAnyChar:
		w.b.WriteByte('.')
	case syntax.OpBeginLine, syntax.OpBeginText:
		w.b.WriteByte('^')
	case syntax.OpEndLine, syntax.OpEndText:
		w.b.WriteByte('$')
	case syntax.OpWordBoundary, syntax.OpNoWordBoundary:
		// ERE has no word boundary. Dropping it only widens the match.
		w.note("word boundaries (\\b, \\B) are dropped")
	case syntax.OpCapture:
		if empty(r.Sub[0]) {
			return
		}
		w.b.WriteByte('(')
		w.write(r.Sub[0])
		w.b.WriteByte(')')
	case syntax.OpStar, syntax.OpPlus, syntax.OpQuest:
		if empty(r.Sub[0]) {
			return
		}
		w.atom(r.Sub[0])
		w.b.WriteByte(map[syntax.Op]byte{syntax.OpStar: '*', syntax.OpPlus: '+', syntax.OpQuest: '?'}[r.Op])
	case syntax.OpRepeat:
		// Simplify expands counted repetition; kept for completeness.
		if empty(r.Sub[0]) {
			return
		}
		w.atom(r.Sub[0])
		if r.Max < 0 {
			fmt.Fprintf(&w.b, "{%d,}", r.Min)
		} else {
			fmt.Fprintf(&w.b, "{%d,%d}", r.Min, r.Max)
		}
	case syntax.OpConcat:
		for _, s := range r.Sub {
			if s.Op == syntax.OpAlternate {
				w.b.WriteByte('(')
				w.write(s)
				w.b.WriteByte(')')
				continue
			}
			w.write(s)
		}
	case syntax.OpAlternate:
		// POSIX leaves an empty alternative ("a|") undefined: an
		// alternation with one is written as an optional group instead.
		var subs []*syntax.Regexp
		optional := false
		for _, s := range r.Sub {
			if empty(s) {
				optional = true
				continue
			}
			subs = append(subs, s)
		}
		if optional {
			w.b.WriteByte('(')
		}
		for i, s := range subs {
			if i > 0 {
				w.b.WriteByte('|')
			}
			w.write(s)
		}
		if optional {
			w.b.WriteString(")?")
		}
	default:
		w.err = fmt.Errorf("unsupported regular expression operator %v", r.Op)
	}
}

// empty reports whether r matches only the empty string without being an
// anchor, so writing it would leave an empty group.
func empty(r *syntax.Regexp) bool {
	switch r.Op {
	case syntax.OpEmptyMatch:
		return true
	case syntax.OpCapture:
		return empty(r.Sub[0])
	case syntax.OpConcat:
		for _, s := range r.Sub {
			if !empty(s) {
				return false
			}
		}
		return true
	}
	return false
}

// atom writes r so that a following repetition operator applies to all of
// it: one character or class as is, anything longer in parentheses.
func (w *ereWriter) atom(r *syntax.Regexp) {
	single := r.Op == syntax.OpCharClass || r.Op == syntax.OpAnyChar || r.Op == syntax.OpAnyCharNotNL ||
		r.Op == syntax.OpLiteral && len(r.Rune) == 1 ||
		r.Op == syntax.OpCapture
	if single {
		w.write(r)
		return
	}
	w.b.WriteByte('(')
	w.write(r)
	w.b.WriteByte(')')
}

func (w *ereWriter) literal(c rune, fold bool) {
	if c < 0x20 || c > 0x7e {
		// A tool name never holds it; the pattern cannot be kept exact.
		w.err = fmt.Errorf("the character %q cannot be written for grep", c)
		return
	}
	if fold {
		lo, up := strings.ToLower(string(c)), strings.ToUpper(string(c))
		if lo != up {
			w.b.WriteString("[" + up + lo + "]")
			return
		}
	}
	if strings.ContainsRune(ereSpecial, c) {
		w.b.WriteByte('\\')
	}
	w.b.WriteRune(c)
}

// class writes a character class (RE2 ranges, lo-hi pairs) as a bracket
// expression over printable ASCII. In a POSIX bracket expression a
// backslash is literal and ']', '^' and '-' are special only by position,
// so those three are placed where they are literal.
func (w *ereWriter) class(ranges []rune) {
	var set [0x7f]bool
	n := 0
	for i := 0; i+1 < len(ranges); i += 2 {
		for c := max(ranges[i], 0x20); c <= min(ranges[i+1], 0x7e); c++ {
			if !set[c] {
				set[c] = true
				n++
			}
		}
	}
	switch n {
	case 0:
		w.err = fmt.Errorf("a character class holds no printable ASCII character, so it matches no tool name")
		return
	case 0x7e - 0x20 + 1:
		w.b.WriteByte('.')
		return
	case 1:
		for c := rune(0x20); c <= 0x7e; c++ {
			if set[c] {
				w.literal(c, false)
			}
		}
		return
	}
	var b strings.Builder
	if set[']'] {
		b.WriteByte(']')
	}
	for c := rune(0x20); c <= 0x7e; {
		if !set[c] || c == ']' || c == '^' || c == '-' {
			c++
			continue
		}
		end := c
		for end+1 <= 0x7e && set[end+1] && end+1 != ']' && end+1 != '^' && end+1 != '-' {
			end++
		}
		switch {
		case end-c >= 2:
			b.WriteRune(c)
			b.WriteByte('-')
			b.WriteRune(end)
		default:
			for x := c; x <= end; x++ {
				b.WriteRune(x)
			}
		}
		c = end + 1
	}
	if set['^'] {
		b.WriteByte('^')
	}
	if set['-'] {
		b.WriteByte('-')
	}
	body := b.String()
	if body == "^" || strings.HasPrefix(body, "^") {
		// '^' first would negate the bracket: move it after the rest.
		body = body[1:] + "^"
	}
	w.b.WriteString("[" + body + "]")
}
