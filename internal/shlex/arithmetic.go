package shlex

import (
	"slices"
	"strconv"
	"strings"
)

// WithoutArithmetic returns text with each arithmetic command (( n > 3 ))
// spelled true, and each expansion $(( n + 1 )) spelled 0 (one of integer
// literals alone, $(( 2 )), $((1+1)), $((0x2)), its value, as the shell
// keeps an exit's code: exit $((1+1)) exits 2, QA; literalArithmetic),
// padded with blanks: neither runs a program nor writes anything, and
// the reader would take their ( ) for subshells and their > for a
// redirection. Nothing naming a variable is evaluated.
// Only an arithmetic on one line, with no command substitution, quote
// or ; inside, is blanked; anything else stays for opaque to refuse.
func WithoutArithmetic(text string) string {
	var b []byte // a copy, made at the first change
	for i := 0; i+1 < len(text); i++ {
		if text[i] != '(' || text[i+1] != '(' {
			continue
		}
		expansion := i > 0 && text[i-1] == '$'
		if !expansion && !AtCommandWord(text, i) {
			continue
		}
		end := ArithmeticEnd(text, i)
		if end < 0 {
			continue
		}
		if b == nil {
			b = []byte(text)
		}
		from, word := i, "true"
		if expansion {
			from, word = i-1, "0"
			if v, ok := literalArithmetic(text[i+2 : end-2]); ok {
				word = v
			}
		} else {
			// The variables it sets stay named, as true's arguments:
			// C=2; ((C--)); exit $C exits 1, and a code so touched is
			// left unresolved (withExitCodesResolved).
			for _, name := range arithmeticSets(text[i+2 : end-2]) {
				word += " " + name
			}
		}
		n := copy(b[from:end], word)
		for j := from + n; j < end; j++ {
			b[j] = ' '
		}
		i = end - 1
	}
	if b == nil {
		return text
	}
	return string(b)
}

// WithOldArithmetic returns text with each of bash's old arithmetic
// expansions of integer literals alone, $[2], $[1+1], spelled with its
// value and padded with blanks (QA: exit $[2] exits 2); any other is left
// as written, an exit the reader does not take for one.
func WithOldArithmetic(text string) string {
	var b []byte // a copy, made at the first change
	for i := strings.Index(text, "$["); i >= 0; {
		end := strings.IndexAny(text[i+2:], "]\n;$\"'`[")
		if end >= 0 && text[i+2+end] == ']' {
			if v, ok := literalArithmetic(text[i+2 : i+2+end]); ok {
				if b == nil {
					b = []byte(text)
				}
				n := copy(b[i:], v)
				Blank(b[i+n : i+3+end])
			}
		}
		next := strings.Index(text[i+2:], "$[")
		if next < 0 {
			break
		}
		i += 2 + next
	}
	if b == nil {
		return text
	}
	return string(b)
}

// maxArithmeticTokens bounds the expression literalArithmetic
// evaluates: an exit's code is short.
const maxArithmeticTokens = 32

// literalArithmetic evaluates an arithmetic expression of integer
// literals alone (decimal, 0x hex, 0 octal) with + - * / and parentheses,
// as the shell does, returning its value as an exit code keeps it (its
// low byte): "1+1" is 2, "0x2" 2, "02" 2, "010" 8. Not ok for anything
// else: a name, another operator, a digit out of its base (08, which the
// shell refuses on stderr), a division by zero, or past
// maxArithmeticTokens.
func literalArithmetic(expr string) (string, bool) {
	var toks []string
	for i := 0; i < len(expr); {
		c := expr[i]
		switch {
		case c == ' ' || c == '\t':
			i++
		case strings.IndexByte("+-*/()", c) >= 0:
			toks = append(toks, expr[i:i+1])
			i++
		case '0' <= c && c <= '9':
			j := i
			for j < len(expr) && IsNameByte(expr[j]) {
				j++
			}
			toks = append(toks, expr[i:j])
			i = j
		default:
			return "", false
		}
		if len(toks) > maxArithmeticTokens {
			return "", false
		}
	}
	p := arithmeticParser{toks: toks}
	v, ok := p.sum()
	if !ok || p.at != len(toks) {
		return "", false
	}
	return strconv.FormatInt(v&255, 10), true
}

// arithmeticParser reads literalArithmetic's tokens by precedence.
type arithmeticParser struct {
	toks []string
	at   int
}

func (p *arithmeticParser) sum() (int64, bool) {
	v, ok := p.product()
	for ok && p.at < len(p.toks) && (p.toks[p.at] == "+" || p.toks[p.at] == "-") {
		op := p.toks[p.at]
		p.at++
		w, wok := p.product()
		if op == "+" {
			v += w
		} else {
			v -= w
		}
		ok = wok
	}
	return v, ok
}

func (p *arithmeticParser) product() (int64, bool) {
	v, ok := p.unary()
	for ok && p.at < len(p.toks) && (p.toks[p.at] == "*" || p.toks[p.at] == "/") {
		op := p.toks[p.at]
		p.at++
		w, wok := p.unary()
		switch {
		case !wok || op == "/" && w == 0:
			return 0, false
		case op == "*":
			v *= w
		default:
			v /= w
		}
	}
	return v, ok
}

func (p *arithmeticParser) unary() (int64, bool) {
	if p.at == len(p.toks) {
		return 0, false
	}
	switch t := p.toks[p.at]; t {
	case "-", "+":
		p.at++
		v, ok := p.unary()
		if t == "-" {
			v = -v
		}
		return v, ok
	case "(":
		p.at++
		v, ok := p.sum()
		if !ok || p.at == len(p.toks) || p.toks[p.at] != ")" {
			return 0, false
		}
		p.at++
		return v, true
	case ")", "*", "/":
		return 0, false
	default:
		p.at++
		base, digits := 10, t
		switch {
		case strings.HasPrefix(t, "0x") || strings.HasPrefix(t, "0X"):
			base, digits = 16, t[2:]
		case len(t) > 1 && t[0] == '0':
			base, digits = 8, t[1:]
		}
		v, err := strconv.ParseInt(digits, base, 32)
		return v, err == nil
	}
}

// arithmeticSets returns the variables an arithmetic expression assigns
// to (n = 2, n += 2, n++, --n), in order, each once.
func arithmeticSets(expr string) []string {
	var names []string
	for i := 0; i < len(expr); {
		if !IsNameByte(expr[i]) || '0' <= expr[i] && expr[i] <= '9' {
			i++
			continue
		}
		start := i
		for i < len(expr) && IsNameByte(expr[i]) {
			i++
		}
		if start > 0 && expr[start-1] == '$' {
			continue // an expansion reads it
		}
		before := strings.TrimRight(expr[:start], " \t")
		after := strings.TrimLeft(expr[i:], " \t")
		op := strings.TrimLeft(after, "+-*/%&|^<>")
		sets := strings.HasPrefix(after, "++") || strings.HasPrefix(after, "--") ||
			strings.HasSuffix(before, "++") || strings.HasSuffix(before, "--") ||
			len(after)-len(op) <= 2 && strings.HasPrefix(op, "=") && !strings.HasPrefix(op, "==") &&
				!strings.HasPrefix(after, "<=") && !strings.HasPrefix(after, ">=") && !strings.HasPrefix(after, "!=")
		if name := expr[start:i]; sets && !slices.Contains(names, name) {
			names = append(names, name)
		}
	}
	return names
}

// ArithmeticEnd returns the offset just past the )) that closes the ((
// at i, or -1 when it is not closed on its line or holds what this
// reading does not follow.
func ArithmeticEnd(text string, i int) int {
	depth := 0
	for j := i; j < len(text); j++ {
		switch text[j] {
		case '(':
			if j > i+1 && text[j-1] == '$' {
				return -1 // a command substitution inside
			}
			depth++
		case ')':
			depth--
			switch {
			case depth == 0:
				return j + 1
			case depth == 1 && (j+1 == len(text) || text[j+1] != ')'):
				// ((a) (b)): the inner ( closed alone, so these are
				// subshells nested, as bash reads them then.
				return -1
			}
		case '\n', ';', '`', '"', '\'':
			return -1
		}
	}
	return -1
}

// AtCommandWord reports whether offset i of text starts a command: at a
// line's start, or after an operator or a keyword that a command follows.
func AtCommandWord(text string, i int) bool {
	before := strings.TrimRight(text[:i], " \t")
	if before == "" || strings.HasSuffix(before, "\n") {
		return true
	}
	switch before[len(before)-1] {
	case ';', '&', '|', '!', '{', '(':
		return true
	}
	for _, kw := range []string{"if", "elif", "while", "until", "then", "do", "else"} {
		if strings.HasSuffix(before, kw) && (len(before) == len(kw) || !IsNameByte(before[len(before)-len(kw)-1])) {
			return true
		}
	}
	return false
}
