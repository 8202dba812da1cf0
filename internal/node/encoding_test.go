package node

import (
	"errors"
	"strings"
	"testing"
	"unicode/utf16"
)

// utf16LE is s in UTF-16 LE with its byte order mark, as Windows
// PowerShell 5.1's > writes it.
func utf16LE(s string) string {
	b := []byte{0xff, 0xfe}
	for _, u := range utf16.Encode([]rune(s)) {
		b = append(b, byte(u), byte(u>>8))
	}
	return string(b)
}

// A file in another Unicode encoding is refused at 1:1 by name, by both
// readers, with how to save it as UTF-8; text that merely holds those
// bytes later, or starts with UTF-8's own mark, reads as before.
func TestCheckEncoding(t *testing.T) {
	tests := []struct {
		name string
		src  string
		want string // in the message; "" when the text is read
	}{
		{"UTF-16 LE", utf16LE("{\r\n  \"theme\": \"Dark\"\r\n}\r\n"), "the file is UTF-16 LE (it starts with the byte order mark FF FE)"},
		{"UTF-16 BE", "\xfe\xff\x00{\x00}", "the file is UTF-16 BE (it starts with the byte order mark FE FF)"},
		{"UTF-32 LE", "\xff\xfe\x00\x00{\x00\x00\x00}\x00\x00\x00", "the file is UTF-32 LE (it starts with the byte order mark FF FE 00 00)"},
		{"UTF-32 BE", "\x00\x00\xfe\xff\x00\x00\x00{\x00\x00\x00}", "the file is UTF-32 BE (it starts with the byte order mark 00 00 FE FF)"},
		{"UTF-16 LE mark alone", "\xff\xfe", "UTF-16 LE"},
		// Without a mark, told by the NUL beside each ASCII character.
		{"UTF-16 LE without a mark", utf16LE("{\r\n  \"theme\": \"Dark\"\r\n}\r\n")[2:], "the file is UTF-16 LE without a byte order mark (a NUL byte after each of its first characters)"},
		{"UTF-16 BE without a mark", "\x00{\x00\n\x00 \x00\"\x00k\x00\"", "the file is UTF-16 BE without a byte order mark (a NUL byte before each of its first characters)"},
		{"UTF-16 LE without a mark, two characters", "{\x00}\x00", "UTF-16 LE without a byte order mark"},
		{"UTF-16 LE without a mark, Latin-1", "\xe9\x00:\x00 \x00x\x00", "UTF-16 LE without a byte order mark"},
		{"UTF-16 LE without a mark, a YAML comment", utf16LE("# hooks\nspec: hooks/1.0\n")[2:], "UTF-16 LE without a byte order mark"},
		{"UTF-8 with its mark", "\xef\xbb\xbf{}", ""},
		{"UTF-8", `{"k": "\u00ff\u00fe"}`, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			for _, parse := range []struct {
				name string
				fn   func([]byte) (*Node, error)
			}{
				{"ParseJSON", func(b []byte) (*Node, error) { return ParseJSON(b, JSONOptions{JSONC: true}) }},
				{"ParseYAML", ParseYAML},
			} {
				_, err := parse.fn([]byte(tt.src))
				if tt.want == "" {
					if err != nil {
						t.Errorf("%s: %v, want no error", parse.name, err)
					}
					continue
				}
				var se *SyntaxError
				if !errors.As(err, &se) {
					t.Errorf("%s: got %v, want a SyntaxError", parse.name, err)
					continue
				}
				if se.Pos.Line != 1 || se.Pos.Column != 1 || !strings.Contains(se.Msg, tt.want) ||
					!strings.Contains(se.Msg, "read UTF-8") || !strings.Contains(se.Hint, "save it as UTF-8 without a byte order mark") {
					t.Errorf("%s: %d:%d %q (hint %q), want 1:1 containing %q and a hint", parse.name, se.Pos.Line, se.Pos.Column, se.Msg, se.Hint, tt.want)
				}
			}
		})
	}
}

// Files that are not UTF-16 or UTF-32 pass CheckEncoding, including ones
// whose first byte is one a mark starts with, or with NULs that are not
// UTF-16's (a NUL in UTF-8 text is the parser's to report).
func TestCheckEncodingPasses(t *testing.T) {
	for _, src := range []string{"", "\xff", "\xfe", "\x00", "\x00\x00", "\x00\x00\xfe", "{}", "\xfe\xfe", "\xff\xff", "\x00{",
		// One character with a NUL is too little to tell; NULs that are
		// not every other byte of the start (a character past U+00FF,
		// UTF-8 of U+00E9, UTF-32) are no UTF-16 this can tell.
		"{\x00", "{\x00}", "\x00{}", "{\x00\x00\x00}\x00\x00\x00", "\x00\x00\x00{\x00\x00\x00}", "{\x00\"\x00\xc3\xa9", "{\"k\": \"\x00\"}",
		"{\n  \"theme\": \"Dark\"\n}\n", "spec: hooks/1.0\n", "[[hooks.Stop]]\n"} {
		if err := CheckEncoding([]byte(src)); err != nil {
			t.Errorf("CheckEncoding(%q) = %v, want nil", src, err)
		}
	}
}

// The hint for UTF-16 without a mark names the encoding to read the file
// with: reading it by its mark, as the hint for a marked file does, would
// read it as UTF-8.
func TestCheckEncodingUnmarkedHint(t *testing.T) {
	for _, tt := range []struct{ src, want string }{
		{"{\x00}\x00", "[IO.File]::ReadAllText($p, [Text.Encoding]::Unicode)"},
		{"{\x00}\x00", "iconv -f UTF-16LE -t UTF-8"},
		{"\x00{\x00}", "[IO.File]::ReadAllText($p, [Text.Encoding]::BigEndianUnicode)"},
		{"\x00{\x00}", "reopen it with the encoding UTF-16 BE"},
	} {
		var se *SyntaxError
		if !errors.As(CheckEncoding([]byte(tt.src)), &se) || !strings.Contains(se.Hint, tt.want) {
			t.Errorf("CheckEncoding(%q): hint %v, want it to contain %q", tt.src, se, tt.want)
		}
	}
}
