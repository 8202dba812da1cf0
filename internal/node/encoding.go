package node

import (
	"bytes"
	"fmt"
	"slices"

	"github.com/hookconv/hookconv/diag"
)

// byteOrderMarks are the byte order marks of the Unicode encodings other
// than UTF-8, UTF-32 LE's before UTF-16 LE's, which it begins with.
var byteOrderMarks = []struct {
	bom      string
	encoding string
}{
	{"\xff\xfe\x00\x00", "UTF-32 LE"},
	{"\x00\x00\xfe\xff", "UTF-32 BE"},
	{"\xff\xfe", "UTF-16 LE"},
	{"\xfe\xff", "UTF-16 BE"},
}

// reencodeHint says how to save a file as UTF-8. Without a byte order
// mark: several tools read their settings with JSON.parse, which rejects
// one, and Windows PowerShell 5.1, where UTF-16 files come from, writes
// one with Set-Content -Encoding utf8. .NET's File.WriteAllText writes
// UTF-8 without it, and File.ReadAllText decodes by the file's mark.
const reencodeHint = `save it as UTF-8 without a byte order mark: in an editor, choose UTF-8 (not "UTF-8 with BOM") when saving; ` +
	`in PowerShell, [IO.File]::WriteAllText($p, [IO.File]::ReadAllText($p)) with $p the file's full path ` +
	`(Windows PowerShell's Set-Content -Encoding utf8 writes a byte order mark, which some tools reject)`

// reencodeUnmarkedHint is reencodeHint for a UTF-16 file without a byte
// order mark, named by its .NET encoding: File.ReadAllText without one
// would read such a file as UTF-8, and an editor open it as that.
const reencodeUnmarkedHint = `save it as UTF-8 without a byte order mark: in an editor, reopen it with the encoding %[1]s, then save it as UTF-8 (not "UTF-8 with BOM"); ` +
	`in PowerShell, [IO.File]::WriteAllText($p, [IO.File]::ReadAllText($p, [Text.Encoding]::%[2]s)) with $p the file's full path; ` +
	`elsewhere, iconv -f %[3]s -t UTF-8`

// unmarkedOrder is a byte order of UTF-16 without a byte order mark.
type unmarkedOrder struct {
	encoding, nul, dotnet, iconv string
	char                         int
}

// unmarkedOrders are the UTF-16 byte orders a file without a byte order
// mark is told by: a config starts with ASCII ({, [, #, a key, white
// space), which UTF-16 LE writes as the character's byte and a NUL
// ("{\x00\"\x00"), BE as a NUL and the byte (char is where the
// character's byte is in each pair; so for any character up to U+00FF). dotnet and iconv name the encoding
// for the hint.
var unmarkedOrders = []unmarkedOrder{
	{"UTF-16 LE", "after", "Unicode", "UTF-16LE", 0},
	{"UTF-16 BE", "before", "BigEndianUnicode", "UTF-16BE", 1},
}

// unmarkedUnits is how many UTF-16 code units at the start of a file
// without a byte order mark are looked at (all of a shorter file, two at
// least): enough that text which is not UTF-16 is never taken for it,
// few enough that a short file is still told. UTF-8 text is not UTF-16
// by this test unless a NUL is every other byte of its start, and none
// of JSON, YAML or TOML allows a NUL in a file.
const unmarkedUnits = 4

// CheckEncoding returns a SyntaxError at 1:1 when src is in UTF-16 or
// UTF-32 by its byte order mark, or in UTF-16 without one, and nil
// otherwise. Windows PowerShell 5.1's > and Out-File write UTF-16 LE by
// default; read as UTF-8, such a file fails on its first byte with a
// message that names a byte, not the encoding (JSON), or is decoded with
// positions that are not the file's (yaml.v3 reads UTF-16 itself).
// hookconv, and the tools it converts for, read UTF-8, so the file is
// refused with what it is and how to save it. Every parser of a file's
// text calls it first.
func CheckEncoding(src []byte) error {
	if len(src) < 2 || (src[0] != 0xff && src[0] != 0xfe && src[0] != 0 && src[1] != 0) {
		return nil // the usual case, decided by the first two bytes
	}
	for _, m := range byteOrderMarks {
		if bytes.HasPrefix(src, []byte(m.bom)) {
			return &SyntaxError{
				Msg:  fmt.Sprintf("the file is %s (it starts with the byte order mark % X); hookconv and the tools it converts for read UTF-8", m.encoding, m.bom),
				Pos:  diag.Pos{Line: 1, Column: 1},
				Hint: reencodeHint,
			}
		}
	}
	if o := unmarkedUTF16(src); o >= 0 {
		order := unmarkedOrders[o]
		return &SyntaxError{
			Msg: fmt.Sprintf("the file is %s without a byte order mark (a NUL byte %s each of its first characters); hookconv and the tools it converts for read UTF-8",
				order.encoding, order.nul),
			Pos:  diag.Pos{Line: 1, Column: 1},
			Hint: fmt.Sprintf(reencodeUnmarkedHint, order.encoding, order.dotnet, order.iconv),
		}
	}
	return nil
}

// unmarkedUTF16 is the index in unmarkedOrders of the byte order src is
// in, without a byte order mark, or -1 when it is in neither: each of its
// first unmarkedUnits code units must be a character of Latin-1 (U+0001
// to U+00FF: a NUL and another byte), as a config's first characters are.
func unmarkedUTF16(src []byte) int {
	n := min(len(src)/2, unmarkedUnits)
	if n < 2 {
		return -1
	}
	return slices.IndexFunc(unmarkedOrders, func(o unmarkedOrder) bool {
		for i := range n {
			c, other := src[2*i+o.char], src[2*i+1-o.char]
			if c == 0 || other != 0 {
				return false
			}
		}
		return true
	})
}
