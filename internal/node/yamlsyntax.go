package node

import (
	"strings"

	"github.com/hookconv/hookconv/diag"
)

// yaml.v3 reports a syntax error as "line N: problem" only. For the
// parser's errors (as opposed to the scanner's) N is the 0-based line of
// the construct being read, the mapping or list the problem is in; for
// the scanner's it is the 1-based line where the token being read began.
// No column is given, and the problem itself may be lines further down.
// yamlSyntax finds, from the document's text, where the problem most
// likely is and what to do about it. It only looks: if it finds nothing
// better, the error points at the reported line's first character.

// parserProblems are the problems libyaml's parser (parserc.go) reports;
// every other problem is the scanner's (scannerc.go). The two sets share
// no text.
var parserProblems = []string{
	"did not find expected ',' or ']'",
	"did not find expected ',' or '}'",
	"did not find expected '-' indicator",
	"did not find expected <document start>",
	"did not find expected <stream-start>",
	"did not find expected key",
	"did not find expected node content",
	"found duplicate %TAG directive",
	"found duplicate %YAML directive",
	"found incompatible YAML document",
	"found undefined tag handle",
}

// yamlSyntax turns yaml.v3's reported line and problem into a position,
// a message and a hint ("" for the generic one).
func yamlSyntax(src []byte, line int, problem string) (diag.Pos, string, string) {
	lines := strings.Split(strings.ReplaceAll(string(src), "\r\n", "\n"), "\n")
	if len(lines) > 0 {
		lines[0] = strings.TrimPrefix(lines[0], "\ufeff")
	}
	isParser := false
	for _, p := range parserProblems {
		if problem == p {
			isParser = true
		}
	}
	if isParser {
		line++ // a 0-based line
	}
	if line < 1 || line > len(lines) {
		return diag.Pos{Line: max(line, 1), Column: 1}, problem, ""
	}
	at := func(l, col int) diag.Pos { return diag.Pos{Line: l, Column: col + 1} }
	first := at(line, firstContent(lines[line-1]))
	switch problem {
	case "found a tab character that violates indentation", "found a tab character where an indentation space is expected":
		if l, col, ok := tabIndent(lines, line); ok {
			return at(l, col), "a tab in the indentation", "indent with spaces: YAML does not allow tabs there"
		}
	case "found character that cannot start any token":
		if l, col, ok := tabIndent(lines, line); ok && l == line {
			return at(l, col), "a tab in the indentation", "indent with spaces: YAML does not allow tabs there"
		}
		if col := strings.IndexAny(lines[line-1], "@`"); col >= 0 {
			return at(line, col), problem, "quote the value: @ and ` cannot start a plain YAML value"
		}
	case "found unexpected end of stream":
		if col, ok := unclosedQuote(lines[line-1]); ok {
			return at(line, col), "this quote is never closed", `close it (in '…' a quote is written '', in "…" \")`
		}
		// A quoted value may run over lines, to the end: yaml.v3 then
		// names a line past its start. The first line that leaves a
		// quote open is where it began; all after it is inside.
		for l := 1; l < line; l++ {
			if col, ok := unclosedQuote(lines[l-1]); ok {
				return at(l, col), "this quote is never closed", `close it (in '…' a quote is written '', in "…" \")`
			}
		}
	case "mapping values are not allowed in this context":
		if continues(lines, line) {
			return first, "this line is indented deeper than the key above it, so YAML reads it as the rest of that key's value", "indent it as the key above is"
		}
		if col, ok := strayColon(lines[line-1]); ok {
			return at(line, col), "a ': ' where YAML expects none", `quote the value if it holds ': ' (command: "echo a: b"), or indent the line as its siblings are`
		}
	case "could not find expected ':'":
		return first, "a line that is not 'key: value'", "add ':' after the key, or indent the line under the key it belongs to"
	case "did not find expected ',' or '}'", "did not find expected ',' or ']'":
		open := "{"
		if strings.HasSuffix(problem, "']'") {
			open = "["
		}
		// The line of the list or mapping that is not closed; yaml.v3
		// gives the line after it when that is the document's first.
		for l := line; l >= 1 && l >= line-1; l-- {
			if col := strings.Index(lines[l-1], open); col >= 0 {
				if q := plainQuestionMark(lines[l-1][col:]); q >= 0 {
					// yaml.v3 stops at a ? inside a plain value in a
					// flow collection ({pattern: a?b}), which YAML 1.2
					// allows: the collection is closed, the value is not
					// read.
					what := "a {…} mapping"
					if open == "[" {
						what = "a […] list"
					}
					return at(l, col+q), "a '?' inside an unquoted value in " + what, "quote the value: pattern: \"a?b\" (this YAML reader cannot read it unquoted there)"
				}
				return at(l, col), "the " + open + " here is never closed", "close it, or separate its entries with ','"
			}
		}
	case "did not find expected key", "did not find expected '-' indicator":
		what := "a key"
		if strings.Contains(problem, "'-'") {
			what = "a list item ('- ')"
		}
		if l, col, ok := misindented(lines, line, what != "a key"); ok {
			return at(l, col), "this line is not " + what + " at the indentation of the block above it", "indent it as its siblings are (YAML counts the spaces), or fix the line above"
		}
		return first, problem + " in the block that starts here", "check the indentation of the lines in this block"
	}
	return first, problem, ""
}

// plainQuestionMark returns the offset in s, a flow collection's text, of
// a '?' inside an unquoted value (after its first character), or -1.
func plainQuestionMark(s string) int {
	quote := byte(0)
	start := true // at the start of a value: a '?' there is an indicator
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case quote != 0:
			if c == quote {
				quote = 0
			}
		case c == '"' || c == '\'':
			quote = c
		case c == '#' && i > 0 && (s[i-1] == ' ' || s[i-1] == '\t'):
			return -1 // a comment
		case c == '{' || c == '[' || c == ',' || c == ':' || c == ' ' || c == '\t':
			start = true
			continue
		case c == '?' && !start:
			return i
		}
		start = false
	}
	return -1
}

// firstContent is the index of a line's first character that is not a
// space or a tab, or 0.
func firstContent(line string) int {
	if i := strings.IndexFunc(line, func(r rune) bool { return r != ' ' && r != '\t' }); i >= 0 {
		return i
	}
	return 0
}

// tabIndent finds the first tab in the indentation of a line, from line
// (1-based) on.
func tabIndent(lines []string, line int) (int, int, bool) {
	for l := line; l <= len(lines); l++ {
		s := lines[l-1]
		for i := 0; i < len(s) && (s[i] == ' ' || s[i] == '\t' || s[i] == '-'); i++ {
			if s[i] == '\t' {
				return l, i, true
			}
		}
	}
	return 0, 0, false
}

// unclosedQuote finds a quote that opens a value on the line (first on
// the line, or after ": ", "- ", "[", "{" or ",") and is not closed on it.
func unclosedQuote(line string) (int, bool) {
	for i := 0; i < len(line); i++ {
		c := line[i]
		if c == '#' && (i == 0 || line[i-1] == ' ') {
			return 0, false // a comment
		}
		if c != '"' && c != '\'' {
			continue
		}
		before := strings.TrimRight(line[:i], " ")
		if before != "" && !strings.HasSuffix(before, ":") && !strings.HasSuffix(before, "-") && !strings.HasSuffix(before, "[") && !strings.HasSuffix(before, "{") && !strings.HasSuffix(before, ",") {
			continue // inside a plain value: it's
		}
		j := i + 1
		for ; j < len(line); j++ {
			if c == '"' && line[j] == '\\' {
				j++
				continue
			}
			if line[j] == c {
				if c == '\'' && j+1 < len(line) && line[j+1] == '\'' {
					j++ // '' is a quote inside '…'
					continue
				}
				break
			}
		}
		if j >= len(line) {
			return i, true
		}
		i = j
	}
	return 0, false
}

// continues reports whether a line with one key reads as the next line of
// the value above: the line before is "key: value" and this one is
// indented deeper than that key. The key's value may be a flow mapping
// or list, or quoted, holding ': ' of its own (QA: "handler: {type:
// command}" so indented was marked at the mapping's colon, as a stray
// one, not as the misindented line it is).
func continues(lines []string, line int) bool {
	cur := lines[line-1]
	if keyColons(cur) != 1 {
		return false
	}
	for l := line - 1; l >= 1; l-- {
		prev := lines[l-1]
		if t := strings.TrimSpace(prev); t == "" || strings.HasPrefix(t, "#") {
			continue
		}
		key := firstContent(prev)
		for strings.HasPrefix(prev[key:], "- ") {
			key += 2 + firstContent(prev[key+2:])
		}
		k, v, ok := strings.Cut(prev[key:], ": ")
		return ok && k != "" && strings.TrimSpace(v) != "" && firstContent(cur) > key
	}
	return false
}

// keyColons counts the ': ' (and a final ':') of a line that make it
// "key: value": those outside quotes, comments and flow brackets, not
// those of a {…} or […] value.
func keyColons(line string) int {
	line = strings.TrimRight(line, " ")
	n, depth := 0, 0
	outsideQuotes(line, func(i int, c byte) {
		switch c {
		case '[', '{':
			depth++
		case ']', '}':
			depth--
		case ':':
			if depth == 0 && (i+1 == len(line) || line[i+1] == ' ') {
				n++
			}
		}
	})
	return n
}

// strayColon finds the ': ' (or a final ':') that YAML refused on a line:
// the second one when the line is key: value, else the first.
func strayColon(line string) (int, bool) {
	var found []int
	outsideQuotes(line, func(i int, c byte) {
		if c == ':' && (i+1 == len(line) || line[i+1] == ' ') {
			found = append(found, i)
		}
	})
	switch {
	case len(found) >= 2:
		return found[1], true
	case len(found) == 1:
		return found[0], true
	}
	return 0, false
}

// misindented finds, in the block that starts on line (1-based), the
// first line whose indentation matches no open level. In a mapping (seq
// false) the block's level is where its first key starts (after "- "
// when the mapping is a list item); a line deeper than a closed child
// but shallower than the line before, one between the item's "-" and its
// keys, or a list item where keys are, is wrong. In a list (seq true) a
// line at the dashes' level must be an item, and one between the dashes
// and the current item's content is wrong. Lines that belong to a value
// are not read for indentation: a block scalar's (after "|" or ">"), a
// plain or quoted value's next lines, a flow list or mapping's.
func misindented(lines []string, line int, seq bool) (int, int, bool) {
	s := lines[line-1]
	dash := firstContent(s)
	item := strings.HasPrefix(s[dash:], "- ")
	content := itemContent(s, dash)
	base := content
	if seq {
		base = dash
	}
	mapping := strings.Contains(s[content:], ":")
	levels := []int{base}
	// inline: the line before gave its key a whole flow value, so no
	// line below may be deeper (QA: "handler: {…}" then a line indented
	// past it was "did not find expected key" at the list item).
	within, flow, inline := valueExtent(s, content)
	for l := line + 1; l <= len(lines); l++ {
		t := lines[l-1]
		if strings.TrimSpace(t) == "" || strings.HasPrefix(strings.TrimSpace(t), "#") {
			continue
		}
		ind := firstContent(t)
		if flow > 0 {
			flow += brackets(t)
			inline = flow == 0
			continue // inside a flow list or mapping
		}
		if within >= 0 && ind > within {
			continue // the value's next line
		}
		within = -1
		if ind < base {
			if !seq && item && ind > dash {
				return l, ind, true // between the item's "-" and its keys
			}
			return 0, 0, false // the block ended before any problem
		}
		key := itemContent(t, ind)
		after := inline
		within, flow, inline = valueExtent(t, key)
		if seq {
			switch {
			case ind == base && !strings.HasPrefix(t[ind:], "- "):
				return l, ind, true // not an item where the items are
			case ind == base:
				content = key
			case ind < content:
				return l, ind, true // between the "-" and the item's content
			}
			continue
		}
		closed := false
		for len(levels) > 1 && ind < levels[len(levels)-1] {
			levels, closed = levels[:len(levels)-1], true
		}
		top := levels[len(levels)-1]
		switch {
		case ind > top && closed:
			return l, ind, true // between two levels
		case ind > top && after:
			return l, ind, true // under a key whose value was whole
		case ind > top:
			levels = append(levels, ind) // a child block
		case ind == base && mapping && strings.HasPrefix(t[ind:], "- "):
			return l, ind, true // a list item among the keys
		}
	}
	return 0, 0, false
}

// valueExtent reads the value a line gives its key (or item) at column
// key: when it goes on below (a block scalar, a plain or quoted value),
// within is the column its next lines are deeper than, else -1; flow is
// how many flow brackets it leaves open; whole, whether it is a flow list
// or mapping closed on the line, after which nothing may be deeper.
func valueExtent(line string, key int) (within, flow int, whole bool) {
	rest := line[key:]
	if i := strings.Index(rest, "#"); i >= 0 && (i == 0 || rest[i-1] == ' ') {
		rest = rest[:i]
	}
	value := strings.TrimSpace(rest)
	if k, v, ok := strings.Cut(rest, ": "); ok && !strings.ContainsAny(k, `"'[{`) {
		value = strings.TrimSpace(v)
	} else if strings.HasSuffix(value, ":") {
		value = ""
	}
	switch {
	case value == "":
		return -1, 0, false // a key whose value is the block below
	case strings.HasPrefix(value, "[") || strings.HasPrefix(value, "{"):
		if open := brackets(value); open > 0 {
			return -1, open, false
		}
		return -1, 0, true
	default:
		// A block scalar (| or >), or a plain or quoted value, whose
		// next lines are deeper than the key.
		return key, 0, false
	}
}

// brackets counts the flow brackets a line opens less those it closes,
// outside quotes.
func brackets(line string) int {
	n := 0
	outsideQuotes(line, func(_ int, c byte) {
		switch c {
		case '[', '{':
			n++
		case ']', '}':
			n--
		}
	})
	return n
}

// outsideQuotes calls f with each byte of a YAML line that is outside
// quoted text (a quote opens one first on the line or after a blank or
// [ { , :) and before a comment.
func outsideQuotes(line string, f func(i int, c byte)) {
	quote := byte(0)
	for i := 0; i < len(line); i++ {
		c := line[i]
		switch {
		case quote != 0:
			if c == quote {
				quote = 0
			}
		case c == '#' && (i == 0 || line[i-1] == ' '):
			return
		case (c == '"' || c == '\'') && opensQuote(line, i):
			quote = c
		default:
			f(i, c)
		}
	}
}

// opensQuote reports whether the quote at line[i] starts a quoted value:
// one that stands first in its value (after "key: ", "- ", a flow
// collection's [ { or ,, or first on the line). A quote inside a plain
// value is text (command: echo "a: b" is the plain value echo "a: b",
// whose ': ' YAML refuses; QA: the caret went to the key's colon).
func opensQuote(line string, i int) bool {
	if i > 0 && strings.IndexByte("[{,:", line[i-1]) >= 0 {
		return true
	}
	if i > 0 && line[i-1] != ' ' {
		return false
	}
	before := strings.TrimRight(line[:i], " ")
	if before == "" {
		return true
	}
	return strings.IndexByte("[{,:-", before[len(before)-1]) >= 0
}

// itemContent is where a line's content starts after the "- " of the
// list items it opens (from column at on).
func itemContent(s string, at int) int {
	for strings.HasPrefix(s[at:], "- ") {
		at += 2 + firstContent(s[at+2:])
	}
	return at
}
