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
	// Sized at once for the words blanks separate: grown by append, the
	// list cost two or three allocations for a two-word command, and
	// this runs several times for every hook of a large config.
	var out []Word
	if s != "" { // a script's blank lines need none
		out = make([]Word, 0, 1+strings.Count(s, " "))
	}
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
		switch {
		case c == '\'':
			word(i, true)
			j := strings.IndexByte(s[i+1:], '\'')
			if j < 0 {
				return nil // unbalanced: not a command to judge
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
				return nil
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
	if len(out) == 0 {
		return nil // callers tell a blank text by it
	}
	return out
}
