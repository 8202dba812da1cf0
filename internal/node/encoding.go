package node

import (
	"bytes"
	"fmt"

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

// CheckEncoding returns a SyntaxError at 1:1 when src starts with the
// byte order mark of UTF-16 or UTF-32, and nil otherwise. Windows
// PowerShell 5.1's > and Out-File write UTF-16 LE by default; read as
// UTF-8, such a file fails on its first byte with a message that names
// a byte, not the encoding (JSON), or is decoded with positions that are
// not the file's (yaml.v3 reads UTF-16 itself). hookconv, and the tools
// it converts for, read UTF-8, so the file is refused with what it is
// and how to save it. Every parser of a file's text calls it first.
func CheckEncoding(src []byte) error {
	if len(src) < 2 || (src[0] != 0xff && src[0] != 0xfe && src[0] != 0) {
		return nil // the usual case, decided by the first byte
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
	return nil
}
