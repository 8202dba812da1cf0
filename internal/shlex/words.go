package shlex

import "strings"

// Word is a word of a command line, an operator between commands,
// or a redirection (whose target is a file the command writes or reads,
// not one it runs).
type Word struct {
	// Text is the word as sh would pass it, its quotes and backslashes
	// removed, or the operator or redirection's own byte(s).
	Text string
	// Operator marks ; & | ( ): a new command starts after it.
	Operator bool
	// Redirect marks < > and <<<: the next word is a file or an input,
	// not an argument.
	Redirect bool
}

// Words splits a command line roughly as sh does: quotes and
// backslashes group, blanks separate, and ; & | ( ) start a new command.
// Expansions are left as written, and compound syntax (if, case, $(…))
// is not read: it is only good for simple commands (the file paths they
// name, the programs they run, the words an echo prints). An unbalanced
// quote gives nil: not a command to judge.
func Words(s string) []Word {
	if s == "" {
		return nil // a script's blank lines need no list
	}
	// Sized at once for the words blanks separate: grown by append, the
	// list cost two or three allocations for a two-word command, and
	// this runs several times for every hook of a large config.
	out, ok := AppendWords(make([]Word, 0, 1+strings.Count(s, " ")), s)
	if !ok || len(out) == 0 {
		return nil // callers tell a blank text by it
	}
	return out
}

// AppendWords appends the words of s, as Words splits it, to dst and
// returns the list; ok is false, and dst returned as given, when a quote
// is left open. A reader that splits a script line by line into one
// list (runsOtherPrograms) makes no list per line: one each for every
// hook of a large config.
func AppendWords(dst []Word, s string) (out []Word, ok bool) {
	out = dst
	// A word is s[start:i] until a quote or a backslash makes its text
	// differ from what s spells: then it is built in quoted. Most words of
	// a config (./hooks/guard.sh, --flag) are plain, and this runs for
	// every hook of a large one.
	var quoted []byte
	start, inWord, copied := 0, false, false
	word := func(i int, copy bool) {
		if !inWord {
			start, inWord, copied = i, true, false
		}
		if copy && !copied {
			quoted, copied = append(quoted[:0], s[start:i]...), true
		}
	}
	flush := func(end int) {
		if inWord {
			text := s[start:end]
			if copied {
				text = string(quoted)
			}
			out = append(out, Word{Text: text})
			inWord = false
		}
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if wordByte[c] {
			// Most bytes of a command: one look-up, not the cases below
			// in turn (Words ran a prefix and a set test per byte).
			word(i, false)
			if copied {
				quoted = append(quoted, c)
			}
			continue
		}
		switch {
		case c == '\'':
			word(i, true)
			j := strings.IndexByte(s[i+1:], '\'')
			if j < 0 {
				return dst, false // unbalanced: not a command to judge
			}
			quoted = append(quoted, s[i+1:i+1+j]...)
			i += j + 1
		case c == '"':
			word(i, true)
			j := i + 1
			for ; j < len(s) && s[j] != '"'; j++ {
				if s[j] == '\\' && j+1 < len(s) {
					j++
				}
				quoted = append(quoted, s[j])
			}
			if j >= len(s) {
				return dst, false
			}
			i = j
		case c == '\\' && i+1 < len(s):
			word(i, true)
			i++
			quoted = append(quoted, s[i])
		case c == ' ' || c == '\t' || c == '\n':
			flush(i)
		case strings.HasPrefix(s[i:], "<<<"):
			// A here-string: the next word is the command's input, as
			// echo … | would give it.
			flush(i)
			out = append(out, Word{Redirect: true, Text: "<<<"})
			i += 2
		case strings.IndexByte(";&|()<>", c) >= 0:
			flush(i)
			if c == '<' || c == '>' {
				out = append(out, Word{Redirect: true, Text: s[i : i+1]})
				continue
			}
			out = append(out, Word{Operator: true, Text: s[i : i+1]})
		default:
			word(i, false)
			if copied {
				quoted = append(quoted, c)
			}
		}
	}
	flush(len(s))
	return out, true
}

// wordByte holds the bytes that only continue (or start) a plain word:
// none of the quotes, the backslash, the blanks or the operator and
// redirection bytes that Words reads apart. A backslash that ends the
// text is a word's byte too, which the cases after the table see.
var wordByte = func() (t [256]bool) {
	for c := range t {
		t[c] = !strings.ContainsRune("'\"\\ \t\n;&|()<>", rune(c))
	}
	return t
}()

// PlainFirstWord returns the first of the words Words gives for s when s
// spells it as it is: after blanks at s's start, a word of plain bytes
// (no quote or backslash) that ends at a blank, an operator, a
// redirection or s's end. ok is false for any other start (an operator,
// a quoted or escaped word), for which the caller splits s with Words.
// It reads no further: Words may still give nil for s, a quote left
// open after the word. A check of which program a command runs reads
// this much of every hook of a large config without making a list.
func PlainFirstWord(s string) (word string, ok bool) {
	start := 0
	for start < len(s) && (s[start] == ' ' || s[start] == '\t' || s[start] == '\n') {
		start++
	}
	end := start
	for end < len(s) && wordByte[s[end]] {
		end++
	}
	if end == start || end < len(s) && (s[end] == '\'' || s[end] == '"' || s[end] == '\\') {
		return "", false
	}
	return s[start:end], true
}
