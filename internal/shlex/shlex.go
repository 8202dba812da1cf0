// Package shlex is the byte-level lexing of shell text that hookconv's
// readers of hook commands and the scripts they name share: where blanks,
// words and operators end, which quoted strings are only text, where a
// quote or a command substitution closes. hookconv never runs a hook to
// learn what it does; it reads the command and its scripts, and each
// reader (can it exit 2, which tool names does it test, which scripts
// does it name) needs the same answers about the text's shape. Keeping
// them here, with no knowledge of manifests, providers or diagnostics,
// gives every reader one definition of a word and an operator.
//
// Besides words and operators, it makes views of a text at its length:
// the same bytes with what runs nothing blanked (quoted strings, comments,
// here-document bodies, arithmetic), so that a reader's pattern for a
// command or a redirection matches only code, and the offsets it finds
// are the text's own (Views, CodeViews, WithoutHereDocuments,
// WithoutArithmetic, WithoutTrailingComments, WithoutLiteralQuotes).
//
// Offsets are byte offsets into the text given; nothing here allocates
// a parse tree, since the readers run for every hook of large configs.
package shlex

import (
	"bytes"
	"strings"
)

// SkipBlanks returns the offset of the first byte from at that is no
// space or tab: the blanks within one command line.
func SkipBlanks(s string, at int) int {
	for at < len(s) && (s[at] == ' ' || s[at] == '\t') {
		at++
	}
	return at
}

// SkipSpace is SkipBlanks that skips line breaks too, for where a
// newline separates nothing (after then, do, {, an && or ||).
func SkipSpace(s string, at int) int {
	for at < len(s) && (s[at] == ' ' || s[at] == '\t' || s[at] == '\n') {
		at++
	}
	return at
}

// WordAt reports whether plain holds the word w, whole, at offset at.
func WordAt(plain string, at int, w string) bool {
	if !strings.HasPrefix(plain[at:], w) {
		return false
	}
	end := at + len(w)
	return end == len(plain) || strings.IndexByte(" \t\n;", plain[end]) >= 0
}

// NextOperator returns the offset of the first ;, line break, & or | at
// or after at in plain that separates commands (not the & of 2>&1 or
// &>, nor the | of >|), or len(plain).
func NextOperator(plain string, at int) int {
	for i := at; i < len(plain); i++ {
		switch plain[i] {
		case ';', '\n':
			return i
		case '&':
			if i > 0 && (plain[i-1] == '>' || plain[i-1] == '<') || i+1 < len(plain) && plain[i+1] == '>' {
				continue
			}
			return i
		case '|':
			if i > 0 && plain[i-1] == '>' {
				continue
			}
			return i
		}
	}
	return len(plain)
}

// PipelineEnd returns where the pipeline whose first | stands at offset
// at of plain ends: at the first operator that is no single | (a ;, a
// line break, && or ||), or len(plain). A |& (stderr down the pipe too)
// ends it there, not followed.
func PipelineEnd(plain string, at int) int {
	for at < len(plain) && plain[at] == '|' && !strings.HasPrefix(plain[at:], "||") {
		if at+1 < len(plain) && plain[at+1] == '&' {
			return len(plain)
		}
		at = NextOperator(plain, at+1)
	}
	return at
}

// CompoundWords open compound commands that Keywords leaves out.
var CompoundWords = []string{"case", "for", "select", "function"}

// IsNameByte reports whether c may stand in a shell variable's name
// (letters, digits, _): where $name ends, and whether a word found in a
// text is whole.
func IsNameByte(c byte) bool {
	return c == '_' || '0' <= c && c <= '9' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z'
}

// Keywords open or close compound commands; the word after one is
// in command position again.
var Keywords = []string{"if", "then", "else", "elif", "fi", "do", "done", "while", "until", "!", "{", "}", "]]"}

// WithoutLiteralQuotes blanks the insides of quoted strings that expand
// nothing: '…', and "…" without $, ` or \. What they hold is text (a
// message naming "npm/yarn" is no program's path); a quoted program name
// in command position is still the program readers' to find. One with \
// alone stays whole, as it was. In a "…" that expands something, the
// literal runs between its expansions that hold
// a blank are blanked too (messageRuns): "$(date "+%T") rerun with set
// -x" is a message, whose set -x, >&2 or 2>/dev/null is no command's
// (QA), while "$DIR/check.sh" keeps its path. The text keeps its length
// and its lines.
func WithoutLiteralQuotes(text string) string {
	if !strings.ContainsAny(text, `'"`) {
		// Nothing to blank: most hook commands (./hooks/guard.sh) quote
		// nothing, and the copy was one allocation per reading.
		return text
	}
	b := []byte(text)
	for i := 0; i < len(b); i++ {
		q := b[i]
		if q != '\'' && q != '"' {
			if q == '\\' {
				i++ // an escaped quote opens nothing
			}
			continue
		}
		end := closingQuote(b[i+1:], q)
		if end < 0 {
			return text // unbalanced: the readers refuse it
		}
		inner := b[i+1 : i+1+end]
		if q == '\'' || !bytes.ContainsAny(inner, "$`\\") {
			for j := range inner {
				if inner[j] != '\n' {
					inner[j] = 'x'
				}
			}
		} else if bytes.ContainsAny(inner, "$`") {
			messageRuns(inner)
		}
		i += end + 1
	}
	return string(b)
}

// messageRuns blanks, in the inside of a "…" that expands something, each
// literal run between its expansions ($name, ${…}, $(…), `…`) that holds
// a blank or a line break: words of a message, not a path. Blanks and
// line breaks stay, and so does a run's first byte after an unbraced
// $name when it is no name byte, so that the name still ends where it
// ended ("$FILE: blocked" keeps $FILE).
func messageRuns(inner []byte) {
	start := 0 // of the current literal run
	flush := func(end int) {
		run := inner[start:end]
		if !bytes.ContainsAny(run, " \t\n") {
			return
		}
		for j := range run {
			switch {
			case run[j] == ' ' || run[j] == '\t' || run[j] == '\n':
			case j == 0 && start > 0 && !IsNameByte(run[0]) && IsNameByte(inner[start-1]):
			default:
				run[j] = 'x'
			}
		}
	}
	for j := 0; j < len(inner); j++ {
		switch c := inner[j]; {
		case c == '\\':
			j++ // an escaped byte is literal: part of the run
		case c == '`':
			flush(j)
			k := bytes.IndexByte(inner[j+1:], '`')
			if k < 0 {
				return
			}
			j += k + 1
			start = j + 1
		case c == '$' && j+1 < len(inner):
			flush(j)
			switch n := inner[j+1]; {
			case n == '(':
				k := substitutionEnd(inner[j+2:])
				if k < 0 {
					return
				}
				j += 2 + k
			case n == '{':
				k := bytes.IndexByte(inner[j+2:], '}')
				if k < 0 {
					return
				}
				j += 2 + k
			case IsNameByte(n):
				for j+1 < len(inner) && IsNameByte(inner[j+1]) {
					j++
				}
			default:
				j++ // $@, $?, $1, …
			}
			start = j + 1
		}
	}
	if start < len(inner) {
		flush(len(inner))
	}
}

// maxQuoteDepth bounds how deep closingQuote and substitutionEnd follow
// strings and substitutions nested in each other: deeper is read as
// unbalanced (nothing is blanked, and the readers refuse the text). No
// script nests so; without a bound a hostile inline command of millions
// of "$( overflowed the stack (QA).
const maxQuoteDepth = 64

// closingQuote is the index in s of the quote q that closes a string
// opened just before s, or -1: in double quotes a backslash escapes the
// next byte ("a \" b" is one string), and a command substitution is read
// past whole, the quotes in it its own ("$(dirname "$0")/check.sh" is one
// string: QA found the quote before $0 taken for its end, and the rest
// of the line read as another string, which hid an if's condition's
// end); in single quotes nothing does.
func closingQuote(s []byte, q byte) int {
	return closingQuoteAt(s, q, 0)
}

// closingQuoteAt is closingQuote at a depth of nesting.
func closingQuoteAt(s []byte, q byte, depth int) int {
	if depth > maxQuoteDepth {
		return -1
	}
	for j := 0; j < len(s); j++ {
		switch {
		case s[j] == '\\' && q == '"':
			j++
		case s[j] == '$' && q == '"' && j+1 < len(s) && s[j+1] == '(':
			end := substitutionEndAt(s[j+2:], depth+1)
			if end < 0 {
				return -1
			}
			j += 2 + end
		case s[j] == q:
			return j
		}
	}
	return -1
}

// substitutionEnd is the index in s of the ) that closes a command
// substitution opened just before s ($( or $(( ), or -1: parentheses in
// it are counted and its quoted strings read past, each byte once.
func substitutionEnd(s []byte) int {
	return substitutionEndAt(s, 0)
}

// substitutionEndAt is substitutionEnd at a depth of nesting.
func substitutionEndAt(s []byte, depth int) int {
	if depth > maxQuoteDepth {
		return -1
	}
	parens := 0
	for j := 0; j < len(s); j++ {
		switch s[j] {
		case '\\':
			j++
		case '\'', '"':
			end := closingQuoteAt(s[j+1:], s[j], depth+1)
			if end < 0 {
				return -1
			}
			j += end + 1
		case '(':
			parens++
		case ')':
			if parens == 0 {
				return j
			}
			parens--
		}
	}
	return -1
}
