package codex

import (
	"errors"
	"fmt"

	"github.com/BurntSushi/toml"
	"github.com/hookconv/hookconv/canonical"
	"github.com/hookconv/hookconv/internal/node"
	"github.com/hookconv/hookconv/providers/nested"
)

// decodeTOML decodes src into v, as toml.Decode does, once checkTOMLLimits
// has found src within the limits. Every TOML a user hands hookconv goes
// through it: the decoder copies the key path at each nesting level and
// each dotted part, so memory grows with the square of the depth (QA:
// 8000 nested inline tables took more than 4.7 GB, and 4×10^6 nested
// arrays overflowed the stack), a crash no diagnostic can report.
func decodeTOML(src []byte, v any) error {
	if err := checkTOMLLimits(src); err != nil {
		return err
	}
	_, err := toml.Decode(string(src), v)
	return err
}

// checkTOMLLimits reports, as a *node.SyntaxError, the first place in src
// where a key's path grows longer than node.MaxDepth, the nesting limit of
// the JSON and YAML readers: at an array or inline table opened that deep,
// or at a dot of a key that takes it there. The path of a value is its
// table header's parts, then, for each array or inline table around it,
// the parts of the key that holds it, then its own key's: a.b = { c = 1 }
// nests c three levels deep, as {"a": {"b": {"c": 1}}} does in JSON. Both
// cost the decoder alike.
//
// It is one linear scan that skips TOML's four forms of string and its
// comments, where a bracket or dot means nothing, and does not check the
// syntax, which the decoder does next. Outside strings and comments a
// bracket always opens or closes a table header, an array or an inline
// table. A dotted key's parts are bare keys or quoted strings joined by
// dots, blanks around them: a value holds at most one such dot (1.5,
// 07:32:00.25), so a chain of more is a key however it is placed.
func checkTOMLLimits(src []byte) error {
	type bracket struct {
		levels int  // the levels it adds to the path
		table  bool // an inline table, whose items are keys and values
	}
	var (
		open    []bracket
		nested  int  // the table header's parts plus the levels of open
		header  = -1 // in a table header's brackets, the parts named so far
		inValue bool // in a value, where dots are no key's
		dots    int  // the dots of the chain of key parts at the cursor
		keyDots = -1 // the dots of the key before =, until its value starts
	)
	levels := 0 // of every key and header so far
	tooMuch := func(i int) error {
		return &tomlTooLarge{&node.SyntaxError{Msg: fmt.Sprintf("its keys name more than %d levels in all, the most hookconv reads", maxTOMLLevels), Pos: offsetPos(src, i)}}
	}
	tooDeep := func(i int, what string) error {
		return &node.SyntaxError{Msg: fmt.Sprintf("nesting deeper than %d levels%s", node.MaxDepth, what), Pos: offsetPos(src, i), Hint: beyondLimits}
	}
	for i := 0; i < len(src); i++ {
		c := src[i]
		switch {
		case c == '[' && len(open) == 0 && !inValue && header < 0: // [table] or [[array of tables]]
			header, nested, dots = 0, 0, 0
		case c == '[' && header >= 0: // the second [ of [[
		case c == '[' || c == '{':
			b := bracket{levels: max(keyDots+1, 1), table: c == '{'}
			if nested += b.levels; nested > node.MaxDepth {
				return tooDeep(i, "")
			}
			open = append(open, b)
			inValue, dots = !b.table, 0
		case c == ']' && header >= 0:
			if header == 0 {
				header = dots + 1
				nested = header
				if levels += header; levels > maxTOMLLevels {
					return tooMuch(i)
				}
			}
			if i+1 < len(src) && src[i+1] == ']' {
				i++
			}
			header, inValue = -1, true // the rest of the line is no key
		case c == ']' || c == '}':
			if n := len(open); n > 0 {
				nested -= open[n-1].levels
				open = open[:n-1]
			}
			inValue = true
		case c == ',':
			inValue = len(open) == 0 || !open[len(open)-1].table
			dots = 0
		case c == '\n':
			inValue = len(open) > 0 && !open[len(open)-1].table
			dots = 0
		case c == '=':
			if levels += nested + dots + 1; levels > maxTOMLLevels {
				return tooMuch(i)
			}
			inValue, keyDots = true, dots
			dots = 0
			continue // keyDots holds for the value that follows
		case c == '.' && !inValue:
			if dots++; nested+dots+1 > node.MaxDepth {
				return tooDeep(i, " (each part of a dotted key is one)")
			}
		case c == '"' || c == '\'':
			i = skipTOMLString(src, i) - 1 // a quoted part of a key keeps the chain
		case c == '#':
			for i+1 < len(src) && src[i+1] != '\n' {
				i++
			}
		case c == ' ' || c == '\t' || isBareKeyByte(c) || c == '.':
			if c == ' ' || c == '\t' {
				continue // keyDots holds across blanks
			}
		default:
			dots = 0
		}
		keyDots = -1
	}
	return nil
}

// skipTOMLString returns the offset just past the string whose opening
// quote is at src[i]: basic ("…", escapes), literal ('…'), and their
// multi-line forms ("""…""", ”'…”'), whose closing quotes may be
// followed by up to two more of the string's own. A string left open ends
// at its line's end (one-line forms) or the file's: the decoder says so.
func skipTOMLString(src []byte, i int) int {
	q := src[i]
	escapes := q == '"'
	if i+2 < len(src) && src[i+1] == q && src[i+2] == q {
		for j := i + 3; j < len(src); j++ {
			switch {
			case escapes && src[j] == '\\':
				j++
			case src[j] == q && j+2 < len(src) && src[j+1] == q && src[j+2] == q:
				end := j + 3
				for k := 0; k < 2 && end < len(src) && src[end] == q; k++ {
					end++
				}
				return end
			}
		}
		return len(src)
	}
	for j := i + 1; j < len(src); j++ {
		switch src[j] {
		case '\\':
			if escapes {
				j++
			}
		case q:
			return j + 1
		case '\n':
			return j
		}
	}
	return len(src)
}

// maxTOMLLevels bounds the levels all keys and table headers of a file
// name together (a.b = 1 names two, and so does c = 1 under [t]): the
// decoder keeps each key's whole path, so a file within the nesting limit
// still took more than 3 GB for two million keys 254 levels deep (27 MB).
// A config as hookconv writes it names about 15 per handler: 1.5 million
// for 100,000 handlers, 4.4 million for the 32 MiB it reads at most.
const maxTOMLLevels = 8 << 20

// tomlTooLarge is a file past maxTOMLLevels: HC102, as a file past
// canonical.MaxFileSize is.
type tomlTooLarge struct{ se *node.SyntaxError }

// beyondLimits is the hint of a TOML file checkTOMLLimits refuses: the
// file may be valid TOML, which hookconv does not read that deep (QA q2
// F8: "fix the TOML syntax" was said of a legal 257-part key).
const beyondLimits = "the TOML may be valid, but hookconv reads at most 256 levels (each part of a dotted key counts as one), and a Codex config needs a few: check that this is the file you meant"

// tomlProblem is what a TOML decoding error is called and its hint: a
// file beyond hookconv's limits is no syntax error (limit: a hint of its
// own), any other is invalid TOML, with fix as the hint.
func tomlProblem(err error, fix string) (what, hint string) {
	var se *node.SyntaxError
	if errors.As(err, &se) && se.Hint == beyondLimits {
		return "TOML beyond what hookconv reads", beyondLimits
	}
	if syntaxCode(err) == canonical.CodeTooLarge {
		return "TOML beyond what hookconv reads", "check that this is the file you meant; hook configs are a few kilobytes"
	}
	return "invalid TOML", fix
}

func (e *tomlTooLarge) Error() string { return e.se.Error() }
func (e *tomlTooLarge) Unwrap() error { return e.se }

// syntaxCode is the code of a TOML decoding error: a file beyond the
// nesting limit is HC101, as a JSON or YAML one is, one whose keys name
// too many levels HC102; any other error is the decoder's, HC301.
func syntaxCode(err error) string {
	var big *tomlTooLarge
	var se *node.SyntaxError
	switch {
	case errors.As(err, &big):
		return canonical.CodeTooLarge
	case errors.As(err, &se):
		return canonical.CodeSyntax
	}
	return nested.CodeShape
}
