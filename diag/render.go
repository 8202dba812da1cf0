package diag

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Output formats for diagnostics.
const (
	FormatText   = "text"
	FormatJSON   = "json"
	FormatGitHub = "github"
)

// Formats lists the formats a Renderer writes (Renderer.Format), a new
// list on each call (a package-level list would be the callers' to
// change); the hookconv command takes them as --format.
func Formats() []string { return []string{FormatText, FormatJSON, FormatGitHub} }

// Renderer writes diagnostics for people or machines.
type Renderer struct {
	// Format is one of Formats: FormatText (the default, also for any
	// other value), FormatJSON, or FormatGitHub (GitHub Actions workflow
	// commands).
	Format string
	// Color adds ANSI colour to text output (only on a terminal).
	Color bool
	// Sources maps a file name to its contents, so text output can quote
	// the offending line under the message.
	Sources map[string][]byte
}

// Render writes ds in the renderer's format. JSON output is always an
// array, empty when there is nothing to say, so scripts can parse it
// unconditionally.
func (r Renderer) Render(w io.Writer, ds List) error {
	switch r.Format {
	case FormatJSON:
		// As a plain slice, not through List's MarshalJSON, whose output
		// encoding/json would check and compact before indenting it: one
		// pass over a megabyte for thousands of diagnostics. A slice that
		// is not nil encodes as [] when empty, as MarshalJSON has it.
		list := []Diagnostic(ds)
		if list == nil {
			list = []Diagnostic{}
		}
		b, err := json.MarshalIndent(list, "", "  ")
		if err != nil {
			return err
		}
		_, err = w.Write(append(b, '\n'))
		return err
	case FormatGitHub:
		b := bufio.NewWriterSize(w, bufferSize(ds)) // as for text, below
		for _, d := range ds {
			writeGitHub(b, d)
		}
		return b.Flush()
	default:
		// Buffered rather than built whole: thousands of diagnostics make
		// megabytes of text, and growing one string to hold them copied
		// it over and over.
		b := bufio.NewWriterSize(w, bufferSize(ds))
		idx := lineIndex{}
		for _, d := range ds {
			r.writeText(b, d, idx)
		}
		return b.Flush()
	}
}

// bufferSize is the write buffer for rendering ds: about what a few
// hundred diagnostics take, and no more than a few need, since a process
// pays for each fresh page of memory it touches.
func bufferSize(ds List) int { return min(64<<10, max(4<<10, 256*len(ds))) }

const (
	ansiReset  = "\x1b[0m"
	ansiBold   = "\x1b[1m"
	ansiRed    = "\x1b[31m"
	ansiYellow = "\x1b[33m"
	ansiCyan   = "\x1b[36m"
	ansiGray   = "\x1b[90m"
	ansiGreen  = "\x1b[32m"
)

// writeText renders one diagnostic like actionlint: the located message,
// the source line with a caret under the column, then the hint. (Written
// piece by piece straight into the buffer, numbers and indent too, rather
// than with fmt or joined strings: a large config can have thousands of
// diagnostics, and formatting them was a visible share of its
// conversion; BenchmarkRender, 2,000 warnings: 11,980 allocations -> 3.)
func (r Renderer) writeText(b *bufio.Writer, d Diagnostic, idx lineIndex) {
	r.paint(b, ansiBold)
	if d.File == "" {
		b.WriteString("<input>")
	} else {
		b.WriteString(d.File)
	}
	if d.Line > 0 {
		b.WriteByte(':')
		writeInt(b, d.Line)
		b.WriteByte(':')
		writeInt(b, d.Column)
	}
	r.unpaint(b)
	b.WriteString(": ")
	sevColor := ansiCyan
	switch d.Severity {
	case Error:
		sevColor = ansiRed
	case Warning:
		sevColor = ansiYellow
	}
	r.writePainted(b, d.Severity.String(), sevColor)
	b.WriteString(": ")
	b.WriteString(d.Message)
	b.WriteByte(' ')
	r.paint(b, ansiGray)
	b.WriteByte('[')
	b.WriteString(d.Code)
	b.WriteByte(']')
	r.unpaint(b)
	b.WriteByte('\n')
	if line, ok := idx.line(d.File, r.Sources[d.File], d.Line); ok {
		b.WriteString("  ")
		r.paint(b, ansiGray)
		writeInt(b, d.Line)
		r.unpaint(b)
		b.WriteString(" | ")
		writePrintable(b, line)
		b.WriteString("\n  ")
		for range digits(d.Line) {
			b.WriteByte(' ')
		}
		b.WriteString(" | ")
		b.Write(appendCaretIndent(b.AvailableBuffer(), line, d.Column))
		r.writePainted(b, "^", ansiGreen)
		b.WriteByte('\n')
	}
	if d.Hint != "" {
		b.WriteString("  ")
		r.writePainted(b, "hint:", ansiCyan)
		b.WriteByte(' ')
		b.WriteString(d.Hint)
		b.WriteByte('\n')
	}
}

// writePainted writes s, in color when the renderer has colors on.
func (r Renderer) writePainted(b *bufio.Writer, s, color string) {
	r.paint(b, color)
	b.WriteString(s)
	r.unpaint(b)
}

// paint starts writing in color, when the renderer has colors on.
func (r Renderer) paint(b *bufio.Writer, color string) {
	if r.Color {
		b.WriteString(color)
	}
}

// unpaint ends what paint started.
func (r Renderer) unpaint(b *bufio.Writer) {
	if r.Color {
		b.WriteString(ansiReset)
	}
}

// writeInt writes n in decimal, formatted in the buffer's free space.
func writeInt(b *bufio.Writer, n int) {
	b.Write(strconv.AppendInt(b.AvailableBuffer(), int64(n), 10))
}

// digits is how many characters n takes in decimal.
func digits(n int) int {
	var buf [20]byte
	return len(strconv.AppendInt(buf[:0], int64(n), 10))
}

// maxQuotedLine keeps a minified one-line file from flooding the terminal.
const maxQuotedLine = 200

// lineIndex caches where each line of each quoted file starts, so quoting
// thousands of diagnostics from one large file stays linear.
type lineIndex map[string][]int

// line returns line n (1-based) of src without its line ending: a part of
// src, valid while src is.
func (idx lineIndex) line(file string, src []byte, n int) ([]byte, bool) {
	if src == nil || n <= 0 {
		return nil, false
	}
	starts, ok := idx[file]
	if !ok {
		starts = lineStarts(src)
		idx[file] = starts
	}
	if n > len(starts) {
		return nil, false
	}
	// The line ends where the next one starts, from the table: scanning
	// for the newline would read a one-line (minified) file to its end
	// for each of its diagnostics.
	end := len(src)
	if n < len(starts) {
		end = starts[n] - 1
	}
	line := src[starts[n-1]:end]
	line = bytes.TrimSuffix(line, []byte("\r"))
	if n == 1 {
		// A byte order mark is no part of the text: the parsers count
		// columns after it, and quoted it would shift the caret left.
		line = bytes.TrimPrefix(line, []byte("\ufeff"))
	}
	if len(line) > maxQuotedLine {
		return nil, false
	}
	if bytes.IndexByte(line, 0) >= 0 {
		// Text in UTF-16 or UTF-32, or no text at all: quoted, it would
		// be unreadable, and send the terminal NULs and the carriage
		// returns that end UTF-16 lines ("\r\x00").
		return nil, false
	}
	return line, true
}

// lineStarts lists the offset of each line of src: counted first, so the
// list is made once at its size.
func lineStarts(src []byte) []int {
	starts := make([]int, 1, bytes.Count(src, []byte{'\n'})+1)
	for i := 0; ; {
		j := bytes.IndexByte(src[i:], '\n')
		if j < 0 {
			return starts
		}
		i += j + 1
		starts = append(starts, i)
	}
}

// writePrintable writes line showing each byte that is not UTF-8 (what a
// Latin-1 file is refused for) as U+FFFD: one column each, as
// appendCaretIndent counts them, and nothing a terminal would misread.
func writePrintable(b *bufio.Writer, line []byte) {
	if utf8.Valid(line) {
		b.Write(line)
		return
	}
	for _, r := range string(line) { // an invalid byte ranges as one RuneError
		b.WriteRune(r)
	}
}

// appendCaretIndent appends to dst the white space that puts a caret
// under byte column col of line: tabs are kept as tabs so the caret lines
// up however the terminal expands them, and each character counts as the
// cells a terminal gives it (cellWidth: two for CJK and emoji, none for a
// combining mark).
func appendCaretIndent(dst, line []byte, col int) []byte {
	for i := 0; i < len(line) && i < col-1; {
		if c := line[i]; c < utf8.RuneSelf {
			// ASCII, nearly every byte before a config's caret: one cell,
			// or a tab, without decoding (cellWidth's tables were a
			// quarter of rendering a large config's warnings).
			i++
			if c == '\t' {
				dst = append(dst, '\t')
			} else {
				dst = append(dst, ' ')
			}
			continue
		}
		r, size := utf8.DecodeRune(line[i:]) // an invalid byte decodes as one RuneError
		i += size
		for range cellWidth(r) {
			dst = append(dst, ' ')
		}
	}
	return dst
}

// cellWidth is how many terminal cells r takes: 2 for the East Asian wide
// and full-width ranges and emoji, 0 for combining marks and joiners, 1
// otherwise. The ranges are the common ones (Unicode's EastAsianWidth W
// and F blocks), enough for a caret; an exotic character may be off by one.
func cellWidth(r rune) int {
	switch {
	case unicode.Is(unicode.Mn, r), unicode.Is(unicode.Me, r), r == 0x200D, r >= 0xFE00 && r <= 0xFE0F,
		r >= 0x1F3FB && r <= 0x1F3FF: // skin-tone modifiers join the emoji before them
		return 0
	case r >= 0x1100 && r <= 0x115F, r >= 0x2E80 && r <= 0x303E, r >= 0x3041 && r <= 0x33FF,
		r >= 0x3400 && r <= 0x4DBF, r >= 0x4E00 && r <= 0x9FFF, r >= 0xA000 && r <= 0xA4CF,
		r >= 0xAC00 && r <= 0xD7A3, r >= 0xF900 && r <= 0xFAFF, r >= 0xFE30 && r <= 0xFE4F,
		r >= 0xFF00 && r <= 0xFF60, r >= 0xFFE0 && r <= 0xFFE6,
		r >= 0x1F300 && r <= 0x1F64F, r >= 0x1F900 && r <= 0x1F9FF, r >= 0x1F680 && r <= 0x1F6FF,
		r >= 0x1FA70 && r <= 0x1FAFF, r >= 0x20000 && r <= 0x3FFFD:
		return 2
	}
	return 1
}

// writeGitHub renders one diagnostic as a GitHub Actions workflow command.
func writeGitHub(b *bufio.Writer, d Diagnostic) {
	cmd := "notice"
	switch d.Severity {
	case Error:
		cmd = "error"
	case Warning:
		cmd = "warning"
	}
	b.WriteString("::" + cmd + " ")
	props := []string{}
	if d.File != "" {
		props = append(props, "file="+ghProperty(d.File))
	}
	if d.Line > 0 {
		props = append(props, fmt.Sprintf("line=%d", d.Line), fmt.Sprintf("col=%d", d.Column))
	}
	props = append(props, "title="+ghProperty(d.Code))
	b.WriteString(strings.Join(props, ","))
	msg := d.Message
	if d.Hint != "" {
		msg += " (hint: " + d.Hint + ")"
	}
	b.WriteString("::" + ghData(msg) + "\n")
}

// The escapers of workflow commands, made once: a Replacer builds its
// tables when made, and the pair made per diagnostic cost 20 KB and 25
// allocations each (BenchmarkRender, 2,000 warnings: 42 MB in all).
var (
	ghDataEscaper     = strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A")
	ghPropertyEscaper = strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A", ":", "%3A", ",", "%2C")
)

// ghData escapes a workflow command's message.
func ghData(s string) string { return ghDataEscaper.Replace(s) }

// ghProperty escapes a workflow command's property value.
func ghProperty(s string) string { return ghPropertyEscaper.Replace(s) }
