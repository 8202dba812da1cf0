// Package diag holds the one diagnostic type every stage of hookconv reports
// with: parsing, validation, encoding and verification all speak it, so the
// CLI renders every problem the same way whatever stage found it.
package diag

import (
	"cmp"
	"encoding/json"
	"fmt"
	"slices"
)

// Severity ranks how serious a diagnostic is.
type Severity int

// Severities, from least to most serious. The zero value is Info so a
// forgotten severity never turns a note into a failure.
const (
	Info Severity = iota
	Warning
	Error
)

// String returns the lower-case name used in text output and JSON.
func (s Severity) String() string {
	switch s {
	case Warning:
		return "warning"
	case Error:
		return "error"
	default:
		return "info"
	}
}

// MarshalText makes a Severity encode as its name in JSON.
func (s Severity) MarshalText() ([]byte, error) { return []byte(s.String()), nil }

// UnmarshalText parses a severity name.
func (s *Severity) UnmarshalText(b []byte) error {
	switch string(b) {
	case "info":
		*s = Info
	case "warning":
		*s = Warning
	case "error":
		*s = Error
	default:
		return fmt.Errorf("unknown severity %q", b)
	}
	return nil
}

// Pos is a position in a source file. Line and Column are 1-based; Column
// counts bytes, as editors and actionlint do for ASCII, and Offset is the
// 0-based byte offset. A zero Pos means "no position known".
type Pos struct {
	Line   int `json:"line"`
	Column int `json:"column"`
	Offset int `json:"-"`
}

// IsValid reports whether the position points somewhere.
func (p Pos) IsValid() bool { return p.Line > 0 }

// Diagnostic is one problem (or note) found in an input.
type Diagnostic struct {
	Severity Severity `json:"severity"`
	// Code is stable across releases (HC101…); tools and docs key on it.
	Code    string `json:"code"`
	Message string `json:"message"`
	// Hint says how to fix the problem, in one sentence.
	Hint string `json:"hint"`
	// File is the file the diagnostic is about, as its caller named it
	// ("" when it is about no file in particular).
	File string `json:"file"`
	// Pos is where in File (zero when no position is known).
	Pos
	// Path names the value the diagnostic is about in the hooks/1.0
	// model, e.g. hooks[2].handler.timeout (hooks counted from 0 in the
	// order they were read), or is "" when it is about a whole file or
	// conversion. In a manifest it is the path of the value at Pos; in a
	// tool's native file, whose keys are named otherwise, it still names
	// the canonical field, and Pos points at the native text it was read
	// from.
	Path string `json:"path"`
}

// String renders the diagnostic on one line: file:line:col: severity: message [CODE].
func (d Diagnostic) String() string {
	loc := d.File
	if loc == "" {
		loc = "<input>"
	}
	if d.Line > 0 {
		loc = fmt.Sprintf("%s:%d:%d", loc, d.Line, d.Column)
	}
	return fmt.Sprintf("%s: %s: %s [%s]", loc, d.Severity, d.Message, d.Code)
}

// List is an ordered collection of diagnostics.
type List []Diagnostic

// MarshalJSON writes l as a JSON array, [] when it is empty or nil, as
// the CLI's JSON output has it: a program reading a Conversion's
// Diagnostics as JSON finds a list, never null.
func (l List) MarshalJSON() ([]byte, error) {
	if len(l) == 0 {
		return []byte("[]"), nil
	}
	return json.Marshal([]Diagnostic(l))
}

// Add appends a diagnostic.
func (l *List) Add(d Diagnostic) { *l = append(*l, d) }

// Errorf appends an error at pos.
func (l *List) Errorf(code string, pos Pos, path, hint, format string, args ...any) {
	l.Add(Diagnostic{Severity: Error, Code: code, Pos: pos, Path: path, Hint: hint, Message: fmt.Sprintf(format, args...)})
}

// Warnf appends a warning at pos.
func (l *List) Warnf(code string, pos Pos, path, hint, format string, args ...any) {
	l.Add(Diagnostic{Severity: Warning, Code: code, Pos: pos, Path: path, Hint: hint, Message: fmt.Sprintf(format, args...)})
}

// Infof appends an informational note at pos.
func (l *List) Infof(code string, pos Pos, path, hint, format string, args ...any) {
	l.Add(Diagnostic{Severity: Info, Code: code, Pos: pos, Path: path, Hint: hint, Message: fmt.Sprintf(format, args...)})
}

// HasErrors reports whether any diagnostic is an error.
func (l List) HasErrors() bool { return l.Count(Error) > 0 }

// Codes lists the diagnostics' codes in order, for tests and summaries.
func (l List) Codes() []string {
	var out []string
	for _, d := range l {
		out = append(out, d.Code)
	}
	return out
}

// Count returns how many diagnostics have exactly severity s.
func (l List) Count(s Severity) int {
	n := 0
	for _, d := range l {
		if d.Severity == s {
			n++
		}
	}
	return n
}

// WithFile sets File on every diagnostic that has none, and returns l.
func (l List) WithFile(file string) List {
	for i := range l {
		if l[i].File == "" {
			l[i].File = file
		}
	}
	return l
}

// Sort orders diagnostics by file, then position, keeping the order in which
// they were found for ties, so output is stable and reads top to bottom.
func (l List) Sort() {
	slices.SortStableFunc(l, func(a, b Diagnostic) int {
		if c := cmp.Compare(a.File, b.File); c != 0 {
			return c
		}
		if c := cmp.Compare(a.Line, b.Line); c != 0 {
			return c
		}
		return cmp.Compare(a.Column, b.Column)
	})
}
