package diag

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"unicode/utf8"
)

// Output formats for diagnostics.
const (
	FormatText   = "text"
	FormatJSON   = "json"
	FormatGitHub = "github"
)

// Formats lists the accepted --format values.
var Formats = []string{FormatText, FormatJSON, FormatGitHub}

// Renderer writes diagnostics for people or machines.
type Renderer struct {
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
		if ds == nil {
			ds = List{}
		}
		b, err := json.MarshalIndent(ds, "", "  ")
		if err != nil {
			return err
		}
		_, err = w.Write(append(b, '\n'))
		return err
	case FormatGitHub:
		var b strings.Builder
		for _, d := range ds {
			writeGitHub(&b, d)
		}
		_, err := io.WriteString(w, b.String())
		return err
	default:
		var b strings.Builder
		idx := lineIndex{}
		for _, d := range ds {
			r.writeText(&b, d, idx)
		}
		_, err := io.WriteString(w, b.String())
		return err
	}
}

const (
	ansiReset  = "\x1b[0m"
	ansiBold   = "\x1b[1m"
	ansiRed    = "\x1b[31m"
	ansiYellow = "\x1b[33m"
	ansiCyan   = "\x1b[36m"
	ansiGray   = "\x1b[90m"
	ansiGreen  = "\x1b[32m"
)

func (r Renderer) paint(s, color string) string {
	if !r.Color {
		return s
	}
	return color + s + ansiReset
}

// writeText renders one diagnostic like actionlint: the located message,
// the source line with a caret under the column, then the hint.
func (r Renderer) writeText(b *strings.Builder, d Diagnostic, idx lineIndex) {
	loc := d.File
	if loc == "" {
		loc = "<input>"
	}
	if d.Line > 0 {
		loc = fmt.Sprintf("%s:%d:%d", loc, d.Line, d.Column)
	}
	sevColor := ansiCyan
	switch d.Severity {
	case Error:
		sevColor = ansiRed
	case Warning:
		sevColor = ansiYellow
	}
	fmt.Fprintf(b, "%s: %s: %s %s\n", r.paint(loc, ansiBold), r.paint(d.Severity.String(), sevColor), d.Message, r.paint("["+d.Code+"]", ansiGray))
	if line, ok := idx.line(d.File, r.Sources[d.File], d.Line); ok {
		num := fmt.Sprint(d.Line)
		pad := strings.Repeat(" ", len(num))
		fmt.Fprintf(b, "  %s | %s\n", r.paint(num, ansiGray), printable(line))
		fmt.Fprintf(b, "  %s | %s%s\n", pad, caretIndent(line, d.Column), r.paint("^", ansiGreen))
	}
	if d.Hint != "" {
		fmt.Fprintf(b, "  %s %s\n", r.paint("hint:", ansiCyan), d.Hint)
	}
}

// maxQuotedLine keeps a minified one-line file from flooding the terminal.
const maxQuotedLine = 200

// lineIndex caches where each line of each quoted file starts, so quoting
// thousands of diagnostics from one large file stays linear.
type lineIndex map[string][]int

// line returns line n (1-based) of src without its line ending.
func (idx lineIndex) line(file string, src []byte, n int) (string, bool) {
	if src == nil || n <= 0 {
		return "", false
	}
	starts, ok := idx[file]
	if !ok {
		starts = []int{0}
		for i, c := range src {
			if c == '\n' {
				starts = append(starts, i+1)
			}
		}
		idx[file] = starts
	}
	if n > len(starts) {
		return "", false
	}
	line := src[starts[n-1]:]
	if j := bytes.IndexByte(line, '\n'); j >= 0 {
		line = line[:j]
	}
	line = bytes.TrimSuffix(line, []byte("\r"))
	if len(line) > maxQuotedLine {
		return "", false
	}
	return string(line), true
}

// printable shows each byte of line that is not UTF-8 (what a Latin-1
// file is refused for) as U+FFFD: one column each, as caretIndent counts
// them, and nothing a terminal would misread.
func printable(line string) string {
	if utf8.ValidString(line) {
		return line
	}
	var b strings.Builder
	for _, r := range line { // an invalid byte ranges as one RuneError
		b.WriteRune(r)
	}
	return b.String()
}

// caretIndent returns the white space that puts a caret under byte column
// col of line: tabs are kept as tabs so the caret lines up however the
// terminal expands them, and multi-byte characters count as one column.
func caretIndent(line string, col int) string {
	var b strings.Builder
	for i, r := range line {
		if i >= col-1 {
			break
		}
		if r == '\t' {
			b.WriteByte('\t')
		} else {
			b.WriteByte(' ')
		}
	}
	return b.String()
}

// writeGitHub renders one diagnostic as a GitHub Actions workflow command.
func writeGitHub(b *strings.Builder, d Diagnostic) {
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

// ghData escapes a workflow command's message.
func ghData(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A").Replace(s)
}

// ghProperty escapes a workflow command's property value.
func ghProperty(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A", ":", "%3A", ",", "%2C").Replace(s)
}
