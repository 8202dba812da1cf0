package main

import (
	"bytes"
	"cmp"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/hookconv/hookconv/canonical"
	"github.com/hookconv/hookconv/diag"
	"github.com/hookconv/hookconv/internal/hugeheap"
	"github.com/hookconv/hookconv/internal/node"
)

// stdinName is how standard input is named in diagnostics.
const stdinName = "<stdin>"

// readInput reads a file argument ("-" is standard input), refusing files
// over canonical.MaxFileSize before reading them whole.
func readInput(e *env, arg string) (name string, src []byte, ds diag.List) {
	if arg == "-" {
		src, err := io.ReadAll(io.LimitReader(e.stdin, canonical.MaxFileSize+1))
		if err != nil {
			ds.Errorf(canonical.CodeUnreadable, diag.Pos{}, "", "", "cannot read standard input: %v", err)
			return stdinName, nil, ds.WithFile(stdinName)
		}
		if len(src) > canonical.MaxFileSize {
			ds.Errorf(canonical.CodeTooLarge, diag.Pos{}, "", "check that this is the input you meant; hook configs are a few kilobytes",
				"input is larger than %d MiB, the most hookconv reads", canonical.MaxFileSize>>20)
			return stdinName, nil, ds.WithFile(stdinName)
		}
		prepareHeap(e, len(src))
		return stdinName, src, nil
	}
	f, err := os.Open(arg)
	if err != nil {
		ds.Errorf(canonical.CodeUnreadable, diag.Pos{}, "", "check the path", "cannot read %s: %v", arg, unwrapPathError(err))
		return arg, nil, ds.WithFile(arg)
	}
	defer f.Close()
	st, err := f.Stat()
	if err == nil && st.IsDir() {
		ds.Errorf(canonical.CodeUnreadable, diag.Pos{}, "", "name a file", "%s is a directory", arg)
		return arg, nil, ds.WithFile(arg)
	}
	if err == nil && st.Size() > canonical.MaxFileSize {
		ds.Errorf(canonical.CodeTooLarge, diag.Pos{}, "", "check that this is the file you meant; hook configs are a few kilobytes",
			"file is %.1f MiB; hookconv reads at most %d MiB", float64(st.Size())/(1<<20), canonical.MaxFileSize>>20)
		return arg, nil, ds.WithFile(arg)
	}
	// Ready the heap before reading, and read into a buffer of the file's
	// size: the input is then the first thing to land in huge pages,
	// rather than hundreds of fresh 4 KiB pages touched while a buffer
	// grows by doubling.
	var size int64
	if err == nil {
		size = st.Size()
	}
	prepareHeap(e, int(size))
	buf := bytes.NewBuffer(make([]byte, 0, size+bytes.MinRead))
	if _, err := buf.ReadFrom(io.LimitReader(f, canonical.MaxFileSize+1)); err != nil {
		ds.Errorf(canonical.CodeUnreadable, diag.Pos{}, "", "", "cannot read %s: %v", arg, unwrapPathError(err))
		return arg, nil, ds.WithFile(arg)
	}
	src = buf.Bytes()
	if len(src) > canonical.MaxFileSize { // it grew after Stat, or Stat could not tell (a pipe)
		ds.Errorf(canonical.CodeTooLarge, diag.Pos{}, "", "check that this is the file you meant; hook configs are a few kilobytes",
			"file is larger than %d MiB, the most hookconv reads", canonical.MaxFileSize>>20)
		return arg, nil, ds.WithFile(arg)
	}
	return arg, src, nil
}

// allocPerInputByte is how many bytes converting to each tool allocates
// per byte of input, measured in process with BenchmarkConvert10k (B/op
// over the input's 909,990 bytes; fourteenth session, with the lint rules
// convert runs over the decoder's own tree): the tools that write one
// file per hook or generated code allocate the most. A tool not listed
// allocates what the Claude-shaped family does; validating, which
// converts nothing, gets the family's figure too, though it allocates
// about a third of it. TestAllocPerInputByte keeps the figures true.
var allocPerInputByte = map[string]int{
	"claude-code": 59, "cursor": 68, "copilot-cli": 71, "vs-code-copilot": 74,
	"windsurf": 88, "kiro": 80, "kiro-agent": 71, "kiro-legacy": 122,
	"cline": 170, "opencode": 115, "openhook": 81, "canonical": 70,
}

// defaultAllocPerInputByte is the Claude-shaped family's (gemini-cli,
// codex, factory-droid, qwen-code: 55).
const defaultAllocPerInputByte = 55

// prepareHeap readies the heap for converting n bytes of input to each of
// the command's targets: a large input is converted in memory backed by
// huge pages, with no collection until that memory is used up. On
// machines where page faults are dear, that more than halves the time of
// a 10,000-hook conversion (docs/benchmarks.md); a conversion that
// outgrows the estimate pays for its faults and a collection again, so
// the estimate follows the target. Small inputs are left alone.
func prepareHeap(e *env, n int) {
	perByte := 0
	for _, t := range e.targets {
		perByte += cmp.Or(allocPerInputByte[t], defaultAllocPerInputByte)
	}
	perByte = cmp.Or(perByte, defaultAllocPerInputByte)
	// A fifth more: the process also reads its input and prints its
	// diagnostics.
	hugeheap.Prepare(n * perByte * 6 / 5)
}

func unwrapPathError(err error) error {
	if pe, ok := err.(*fs.PathError); ok {
		return pe.Err
	}
	return err
}

// skipDirs are never searched for manifests.
var skipDirs = map[string]bool{".git": true, "node_modules": true, ".hg": true, ".svn": true}

// findManifests lists the manifest files under dir: *.json, *.yaml and
// *.yml files whose top level has a "spec" key or a "hooks" list. A file
// that does not parse is included when it mentions both "spec" and
// "hooks/", so a broken manifest is reported rather than skipped.
func findManifests(dir string) ([]string, error) {
	var out []string
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if path != dir && skipDirs[d.Name()] {
				return filepath.SkipDir
			}
			return nil
		}
		switch strings.ToLower(filepath.Ext(path)) {
		case ".json", ".yaml", ".yml":
		default:
			return nil
		}
		if !d.Type().IsRegular() {
			return nil
		}
		info, err := d.Info()
		if err != nil || info.Size() > canonical.MaxFileSize {
			return nil
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return fmt.Errorf("%s: %w", path, err)
		}
		if looksLikeManifest(path, src) {
			out = append(out, path)
		}
		return nil
	})
	return out, err
}

// looksLikeManifest: a top-level "spec", or a top-level "hooks" list (a
// manifest that lost its "spec", which validate must report, not skip:
// tools' own configs keep their hooks in an object).
func looksLikeManifest(name string, src []byte) bool {
	if !bytes.Contains(src, []byte("spec")) && !bytes.Contains(src, []byte("hooks")) {
		return false
	}
	root, ds := canonical.ParseDocument(name, src, canonical.FormatAuto)
	if ds.HasErrors() {
		return bytes.Contains(src, []byte("hooks/"))
	}
	if root.Get("spec") != nil {
		return true
	}
	hooks := root.Get("hooks")
	return hooks != nil && hooks.Kind == node.Array
}
