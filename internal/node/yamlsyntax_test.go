package node

import (
	"errors"
	"strings"
	"testing"
)

// TestYAMLSyntaxPositions: yaml.v3 gives a syntax error's line only (for
// its parser's errors, the 0-based line of the enclosing block); the
// error is placed on the offending character, read by eye in each input.
func TestYAMLSyntaxPositions(t *testing.T) {
	for _, tc := range []struct {
		name, src string
		line, col int
		msg       string // a part of the message
	}{
		{"tab in indentation", "spec: hooks/1.0\nhooks:\n  - event: x\n\thandler:\n      type: command\n", 4, 1, "a tab in the indentation"},
		{"tab before a list item", "spec: hooks/1.0\nhooks:\n\t- event: x\n", 3, 1, "a tab in the indentation"},
		{"unclosed flow mapping", "spec: hooks/1.0\nhooks:\n  - event: x\n    handler: {type: command, command: echo hi\n", 4, 14, "the { here is never closed"},
		{"unclosed flow sequence", "spec: hooks/1.0\nhooks:\n  - event: x\n    matcher: [a, b\n", 4, 14, "the [ here is never closed"},
		{"? in a plain value in a flow mapping", "spec: hooks/1.0\nhooks:\n  - event: x\n    matcher: { pattern: a?b }\n", 4, 26, "a '?' inside an unquoted value in a {…} mapping"},
		{"? in a plain value in a flow list", "spec: hooks/1.0\nhooks:\n  - event: x\n    matcher: [ shell, a?b ]\n", 4, 24, "a '?' inside an unquoted value in a […] list"},
		{"quoted ? in an unclosed flow mapping", "spec: hooks/1.0\nhooks:\n  - event: x\n    matcher: { pattern: \"a?b\"\n", 4, 14, "the { here is never closed"},
		{"colon in a plain value", "spec: hooks/1.0\nhooks:\n  - event: x\n    handler:\n      type: command\n      command: echo a: b\n", 6, 22, "a ': ' where YAML expects none"},
		// Quotes inside a plain value quote nothing (QA: the caret was on
		// the key's colon).
		{"colon in quotes inside a plain value", "spec: hooks/1.0\nhooks:\n  - event: x\n    handler:\n      type: command\n      command: echo \"a: b\"\n", 6, 23, "a ': ' where YAML expects none"},
		{"line indented into the value above", "spec: hooks/1.0\nhooks:\n  - event: x\n     handler:\n      type: command\n", 4, 6, "indented deeper than the key above"},
		// A value of its own with ': ' in it (a flow mapping or list, a
		// quoted value, a comment) does not make the misindented line a
		// stray colon (QA: the caret was on the mapping's first colon).
		{"line indented into the value above, a flow mapping", "spec: hooks/1.0\nhooks:\n  - event: before_tool_execute\n     handler: {type: command, command: ./x.sh}\n", 4, 6, "indented deeper than the key above"},
		{"line indented into the value above, a flow mapping over lines", "spec: hooks/1.0\nhooks:\n  - event: x\n     handler: {type: command,\n       command: \"a: b\"}\n", 4, 6, "indented deeper than the key above"},
		{"line indented into the value above, a flow list", "spec: hooks/1.0\nhooks:\n  - event: x\n     matcher: [a, \"b: c\"]\n", 4, 6, "indented deeper than the key above"},
		{"line indented into the value above, a quoted value", "spec: hooks/1.0\nhooks:\n  - event: x\n     description: \"a: b\"\n", 4, 6, "indented deeper than the key above"},
		{"line indented into the value above, a comment", "spec: hooks/1.0\nhooks:\n  - event: x\n     handler: {} # see: docs\n", 4, 6, "indented deeper than the key above"},
		{"colon in a flow mapping's plain value", "spec: hooks/1.0\nhooks:\n  - event: x\n    handler:\n      type: command\n      command: echo a: {b}\n", 6, 22, "a ': ' where YAML expects none"},
		// After a key whose flow value closed, a deeper line is no child.
		{"key indented under a flow mapping", "spec: hooks/1.0\nhooks:\n  - event: x\n    handler: {type: command}\n     timeout: 5\n", 5, 6, "not a key at the indentation"},
		{"key indented under a flow mapping over lines", "spec: hooks/1.0\nhooks:\n  - event: x\n    handler: {type: command,\n      command: x}\n     timeout: 5\n", 6, 6, "not a key at the indentation"},
		{"unclosed double quote", "spec: hooks/1.0\nhooks:\n  - event: \"before_tool_execute\n    handler:\n", 3, 12, "this quote is never closed"},
		{"unclosed double quote on the first line", "spec: \"hooks/1.0\nhooks: []\n", 1, 7, "this quote is never closed"},
		{"unclosed single quote, lines before the end", "spec: hooks/1.0\nname: 'x\nhooks: []\nother: 1\n", 2, 7, "this quote is never closed"},
		{"unclosed single quote after an escaped one", "spec: hooks/1.0\nhooks:\n- event: x\n  handler:\n    command: 'it''s\n", 5, 14, "this quote is never closed"},
		{"key between two levels", "spec: hooks/1.0\nhooks:\n  - event: x\n    handler:\n      type: command\n     command: x\n", 6, 6, "not a key at the indentation"},
		{"list item among keys", "spec: hooks/1.0\nhooks:\n  - event: x\n    - y\n", 4, 5, "not a key at the indentation"},
		{"unclosed list on the first line", "spec: [unclosed\n", 1, 7, "the [ here is never closed"},
		{"key between an item's dash and its keys", "spec: hooks/1.0\nhooks:\n  - event: session_start\n   handler: {}\n", 4, 4, "not a list item"},
		{"key among list items", "spec: hooks/1.0\nhooks:\n  - event: x\n  foo: 1\n", 4, 3, "not a list item"},
		{"misindented after a block scalar", "spec: hooks/1.0\nhooks:\n  - event: x\n    handler:\n      type: command\n      command: |\n        if true; then\n            echo a\n          echo b\n        fi\n     timeout: 5\n", 11, 6, "not a key at the indentation"},
		{"misindented after a flow list", "spec: hooks/1.0\nhooks:\n  - event: x\n    matcher:\n      tools: [Bash,\n                Write,\n          Edit]\n    handler:\n      type: command\n      command: echo\n     timeout: 5\n", 11, 6, "not a key at the indentation"},
		{"misindented after a plain value's next lines", "spec: hooks/1.0\nhooks:\n  - event: x\n    handler:\n      type: command\n      command: echo this is a\n          long plain\n        scalar\n     timeout: 5\n", 9, 6, "not a key at the indentation"},
		{"no colon", "spec: hooks/1.0\nhooks:\n  - event: x\n  bad\n", 4, 3, "not 'key: value'"},
		{"@ starts a value", "spec: hooks/1.0\n@x: 1\n", 2, 1, "cannot start any token"},
		{"unknown anchor", "spec: hooks/1.0\nhooks:\n  - name: &a x\n    event: *b\n", 4, 12, "unknown anchor 'b' referenced"},
		{"unknown anchor past *x in text", "spec: hooks/1.0\nhooks:\n  - event: x\n    description: a *x b\n    name: |\n      *x\n    handler: {type: command, command: *x}\n", 7, 39, "unknown anchor 'x' referenced"},
		{"CRLF and a BOM", "\ufeffspec: hooks/1.0\r\nhooks:\r\n  - event: x\r\n\thandler: {}\r\n", 4, 1, "a tab in the indentation"},
		// A byte that is not UTF-8 is placed where it stands, and said
		// as the JSON parser says it (QA: yaml.v3's "invalid trailing
		// UTF-8 octet" was placed at 1:1).
		{"Latin-1 in a value on line 4", "spec: hooks/1.0\nhooks:\n  - event: before_tool_execute\n    handler: {type: command, command: \"echo \xff\"}\n", 4, 45, "byte 0xFF is not UTF-8: save the file as UTF-8"},
		{"in a comment, after a multi-byte character", "# é \xe9\nspec: hooks/1.0\n", 1, 6, "byte 0xE9 is not UTF-8"},
		{"an encoded surrogate", "spec: \"\xed\xa0\x80\"\n", 1, 8, "byte 0xED is not UTF-8"},
		{"on the first byte", "\xfcspec: x\n", 1, 1, "byte 0xFC is not UTF-8"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ParseYAML([]byte(tc.src))
			var se *SyntaxError
			if !errors.As(err, &se) {
				t.Fatalf("got %v, want a syntax error", err)
			}
			if se.Pos.Line != tc.line || se.Pos.Column != tc.col || !strings.Contains(se.Msg, tc.msg) {
				t.Errorf("got %d:%d %q, want %d:%d %q", se.Pos.Line, se.Pos.Column, se.Msg, tc.line, tc.col, tc.msg)
			}
			if se.Hint == "" {
				t.Errorf("no hint for %q", se.Msg)
			}
		})
	}
}

func TestYAMLEmptyDocument(t *testing.T) {
	for _, src := range []string{"", "# only a comment\n", "\n\n"} {
		_, err := ParseYAML([]byte(src))
		var se *SyntaxError
		if !errors.As(err, &se) || !strings.HasPrefix(se.Msg, "empty document") {
			t.Errorf("%q: got %v, want an empty document", src, err)
		}
	}
}

// TestYAMLBrokenSecondDocument: a second document that does not parse is
// an error, not silently left out (the first would be read alone).
func TestYAMLBrokenSecondDocument(t *testing.T) {
	_, err := ParseYAML([]byte("spec: hooks/1.0\nhooks: []\n---\nspec: hooks/1.0\nhooks: [\n"))
	var se *SyntaxError
	if !errors.As(err, &se) {
		t.Fatalf("got %v, want a syntax error", err)
	}
}
