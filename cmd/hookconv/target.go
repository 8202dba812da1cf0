package main

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"slices"

	"github.com/hookconv/hookconv"
	"github.com/hookconv/hookconv/canonical"
	"github.com/hookconv/hookconv/diag"
	"github.com/hookconv/hookconv/internal/readfile"
)

// readTarget reads the -o file a conversion merges into: nil when it is
// not there yet. A path that names no regular file (a FIFO, a device,
// /dev/stdout) is a usage error, found before anything is opened: reading
// a FIFO waits for a writer that never comes (QA: convert -o FIFO hung).
// A file that cannot be read, or is larger than hookconv reads, is an
// error diagnostic (HC100, HC102), as an input would be: nothing is
// written, exit 1.
func readTarget(out string) ([]byte, diag.List, error) {
	var ds diag.List
	st, err := os.Stat(out)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return nil, nil, nil
	case err != nil:
		ds.Errorf(canonical.CodeUnreadable, diag.Pos{}, "", "check the path and its permissions", "cannot read %s: %v", out, unwrapPathError(err))
		return nil, ds.WithFile(out), nil
	case !st.Mode().IsRegular(): // a directory is a project root, taken before
		return nil, nil, usagef("-o %s is not a regular file (%s); name a file, or use -o - for standard output", out, readfile.Kind(st.Mode()))
	case st.Size() > canonical.MaxFileSize:
		ds.Errorf(canonical.CodeTooLarge, diag.Pos{}, "", "check that this is the file you meant; hook configs are a few kilobytes",
			"file is %.1f MiB; hookconv reads at most %d MiB", float64(st.Size())/(1<<20), canonical.MaxFileSize>>20)
		return nil, ds.WithFile(out), nil
	}
	// Swapped for a FIFO since the Stat, it is not waited on.
	b, rds := readfile.Read(out)
	return b, rds, nil
}

// writeFailure is a write that failed once the conversion had succeeded.
// file is the path it is about; code the exit code; outcome what became
// of the files ("" for nothing was written).
type writeFailure struct {
	err     error
	code    int
	file    string
	outcome string
}

func (w writeFailure) Error() string { return w.err.Error() }

// fileName is the file the write failed on: the one given, else the one
// the error names (a link refused, a file the system would not write).
func (w writeFailure) fileName() string {
	if w.file != "" {
		return w.file
	}
	var fe fileError
	if errors.As(w.err, &fe) {
		return fe.file
	}
	var pe *fs.PathError
	if errors.As(w.err, &pe) {
		return pe.Path
	}
	return ""
}

// reportWrite ends a command that wrote its result: it renders ds, the
// diagnostics not yet shown (none in the text format, where they come
// before the output), with an HC105 error for a failed write in the json
// and github formats, so that standard error stays one document a
// program can read (QA: a JSON array followed by a line of text). In the
// text format a failed write is a line of its own after the diagnostics,
// as the CLI's other messages are.
func reportWrite(e *env, r diag.Renderer, ds diag.List, err error) error {
	var failed writeFailure
	if !errors.As(err, &failed) {
		if rerr := renderUnlessText(e, r, ds); rerr != nil {
			return rerr
		}
		return err
	}
	outcome := failed.outcome
	if outcome == "" {
		outcome = "nothing was written"
	}
	if r.Format == diag.FormatText {
		fmt.Fprintf(e.stderr, "hookconv: %v; %s\n", failed.err, outcome)
	} else {
		var w diag.List
		w.Errorf(canonical.CodeUnwritable, diag.Pos{}, "", "", "%v; %s", failed.err, outcome)
		if rerr := r.Render(e.stderr, append(ds, w.WithFile(failed.fileName())...)); rerr != nil {
			return rerr
		}
	}
	return exitError{failed.code}
}

// renderUnlessText renders ds in the json and github formats, which show
// every diagnostic of a run in one document at its end.
func renderUnlessText(e *env, r diag.Renderer, ds diag.List) error {
	if r.Format == diag.FormatText {
		return nil
	}
	return r.Render(e.stderr, ds)
}

// renderAndFail renders ds, errors found before anything was converted,
// and exits 1.
func renderAndFail(e *env, format string, ds diag.List) error {
	r := diag.Renderer{Format: format, Color: format == diag.FormatText && useColor(e.stderr)}
	if err := r.Render(e.stderr, ds); err != nil {
		return err
	}
	return exitError{exitProblems}
}

// targetReadProblems sorts the errors of reading a target's files in a
// project: the files that could not be read (*hookconv.UnreadableError)
// are diagnostics, said as an unreadable input is, with exit 1 (QA: check
// and migrate said "hookconv: cannot read …" with no code and exited 2,
// the status of a wrong command line); any other error is returned. A
// file two reads failed on is said once.
func targetReadProblems(errs ...error) (diag.List, error) {
	var ds diag.List
	for _, err := range errs {
		var ue *hookconv.UnreadableError
		switch {
		case err == nil:
		case errors.As(err, &ue):
			for _, d := range ue.Diagnostics {
				if !slices.ContainsFunc(ds, func(o diag.Diagnostic) bool { return o.File == d.File && o.Message == d.Message }) {
					ds = append(ds, d)
				}
			}
		default:
			return nil, err
		}
	}
	return ds, nil
}

// targetReadFailure ends a conversion whose target's files in a project
// could not be read: their diagnostics, exit 1 (targetReadProblems).
func targetReadFailure(e *env, format string, err error) error {
	unread, err := targetReadProblems(err)
	if err != nil {
		return usagef("%v", err)
	}
	return renderAndFail(e, format, unread)
}
