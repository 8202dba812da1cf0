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
// whose first byte is one a mark starts with.
func TestCheckEncodingPasses(t *testing.T) {
	for _, src := range []string{"", "\xff", "\xfe", "\x00", "\x00\x00", "\x00\x00\xfe", "{}", "\xfe\xfe", "\xff\xff", "\x00{"} {
		if err := CheckEncoding([]byte(src)); err != nil {
			t.Errorf("CheckEncoding(%q) = %v, want nil", src, err)
		}
	}
}
