package providers

import "strings"

// JSRejects reports why JavaScript's RegExp (without the u flag, as a
// matcher is compiled) rejects the regular expression re, or "" when it
// finds nothing it rejects. Copilot CLI compiles a matcher p as
// ^(?:p)$ and skips an entry whose matcher does not compile (reference
// part 2 §1.5): "*" there is ^(?:*)$, a quantifier with nothing to
// repeat, so the entry never runs, though elsewhere "*" means every tool.
//
// It finds only what is sure to be rejected, reading re as JavaScript
// does (Annex B: a "{" that opens no quantifier is a literal): a
// quantifier with nothing before it (at the start, after "(", "|" or an
// assertion ^ $) or after another (a+*; not a lazy a+?), a quantifier's
// bounds out of order ({3,1}), a group opened with "(?" that is no
// non-capturing group, lookaround or named group ((?i), (?P<n>…)), a
// parenthesis or class left open, or a ")" with no "(". Anything else,
// an escape JavaScript reads otherwise included, is taken as compiling.
func JSRejects(re string) string {
	const (
		atomNone  = iota // nothing a quantifier can apply to
		atomOne          // an atom, or a group just closed
		atomQuant        // a quantifier; only a lazy "?" may follow
		atomLazy         // a quantifier made lazy: nothing may follow
	)
	last := atomNone
	depth := 0
	for i := 0; i < len(re); i++ {
		switch c := re[i]; c {
		case '\\':
			i++ // the escaped character is an atom, whatever it is
			last = atomOne
		case '[':
			end := jsClassEnd(re, i)
			if end < 0 {
				return "a character class [ is never closed"
			}
			i, last = end, atomOne
		case '(':
			if strings.HasPrefix(re[i:], "(?") {
				rest := re[i+2:]
				switch {
				case strings.HasPrefix(rest, ":"), strings.HasPrefix(rest, "="), strings.HasPrefix(rest, "!"):
					i += 2
				case strings.HasPrefix(rest, "<="), strings.HasPrefix(rest, "<!"):
					i += 3
				case strings.HasPrefix(rest, "<") && strings.Contains(rest, ">"):
					i += 2 + strings.IndexByte(rest, '>')
				default:
					return "invalid group: (? must open (?:…), a lookaround or (?<name>…)"
				}
			}
			depth++
			last = atomNone
		case ')':
			if depth == 0 {
				return "unmatched )"
			}
			depth--
			last = atomOne
		case '|':
			last = atomNone
		case '^', '$':
			last = atomNone
		case '*', '+', '?', '{':
			n := 1
			if c == '{' {
				var ok bool
				if n, ok = jsBraces(re[i:]); !ok {
					last = atomOne // a literal "{" (Annex B)
					continue
				}
				if n < 0 {
					return "numbers out of order in a {} quantifier"
				}
			}
			switch {
			case c == '?' && last == atomQuant:
				last = atomLazy
				continue
			case last != atomOne:
				return "nothing to repeat"
			}
			i += n - 1
			last = atomQuant
		default:
			last = atomOne
		}
	}
	if depth > 0 {
		return "a group ( is never closed"
	}
	return ""
}

// jsClassEnd is the index of the "]" closing the class that opens at
// re[i], or -1. In JavaScript a "]" right after "[" or "[^" closes it (an
// empty class), unlike RE2.
func jsClassEnd(re string, i int) int {
	for j := i + 1; j < len(re); j++ {
		switch re[j] {
		case '\\':
			j++
		case ']':
			return j
		}
	}
	return -1
}

// jsBraces reads a {n}, {n,} or {n,m} quantifier at the start of s: its
// length, or -1 when m < n; ok is false when s opens none (a literal "{"
// to JavaScript without the u flag).
func jsBraces(s string) (n int, ok bool) {
	end := strings.IndexByte(s, '}')
	if end < 0 {
		return 0, false
	}
	lo, hi, comma := s[1:end], "", false
	if k := strings.IndexByte(lo, ','); k >= 0 {
		lo, hi, comma = lo[:k], lo[k+1:], true
	}
	digits := func(d string) bool {
		return d != "" && strings.Trim(d, "0123456789") == ""
	}
	if !digits(lo) || comma && hi != "" && !digits(hi) {
		return 0, false
	}
	if comma && hi != "" && jsNumberLess(hi, lo) {
		return -1, true
	}
	return end + 1, true
}

// jsNumberLess compares two runs of decimal digits as numbers.
func jsNumberLess(a, b string) bool {
	a, b = strings.TrimLeft(a, "0"), strings.TrimLeft(b, "0")
	if len(a) != len(b) {
		return len(a) < len(b)
	}
	return a < b
}
