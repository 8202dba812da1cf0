package main

import (
	"bytes"
	"cmp"
	"errors"
	"io"
	"io/fs"
	"path/filepath"
	"strings"

	"github.com/hookconv/hookconv"
	"github.com/hookconv/hookconv/canonical"
	"github.com/hookconv/hookconv/diag"
	"github.com/hookconv/hookconv/internal/hugeheap"
	"github.com/hookconv/hookconv/internal/node"
	"github.com/hookconv/hookconv/internal/readfile"
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
	// Opened without waiting: a named pipe nothing writes to would
	// otherwise block the open for ever (QA q6 F2); it reads as empty.
	f, err := readfile.Open(arg)
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
	if len(src) == 0 && st != nil && st.Mode()&fs.ModeNamedPipe != 0 {
		ds.Errorf(canonical.CodeUnreadable, diag.Pos{}, "", "name a plain file, or give the config on standard input (-)",
			"cannot read %s: it is a named pipe, and nothing wrote to it", arg)
		return arg, nil, ds.WithFile(arg)
	}
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
// convert runs over the decoder's own tree; canonical in the nineteenth,
// whose hooks now say which tool they were read from; the twenty-sixth
// session's checks raised most: a second collection at the end of a
// 10,000-hook conversion to Gemini CLI showed the old 55 too low;
// opencode measured by TestAllocPerInputByte once its plugin carried each
// hook's provenance mark and what run --from does for its source; cline
// likewise, 175 -> 210, once its script carried per hook what run --from
// reads otherwise, measured at 204.9 before; codex 70 and copilot-cli 95
// between what they allocate from a project folder (codex 66:
// BenchmarkConvert10kProject) and from standard input, where every
// relative script path such as the benchmark's ./hooks/hN.sh is anchored
// at git's top level and said (codex 78, copilot-cli 95 by
// TestAllocPerInputByte; at 90, 100,000 handlers to Codex from a folder
// peaked at 752 MiB, the collection put off too long): the tools that write one
// file per hook or generated code allocate the most. A tool not listed
// allocates what the Claude-shaped family does; validating, which
// converts nothing, has a figure of its own. TestAllocPerInputByte keeps
// the figures true.
var allocPerInputByte = map[string]int{
	"claude-code": 59, "gemini-cli": 61, "codex": 70, "factory-droid": 58,
	"cursor": 72, "copilot-cli": 95, "vs-code-copilot": 70,
	"windsurf": 93, "kiro": 82, "kiro-agent": 79, "kiro-legacy": 124,
	"cline": 210, "opencode": 180, "openhook": 87, "canonical": 85,
}

// defaultAllocPerInputByte is the Claude-shaped family's (qwen-code: 55).
const defaultAllocPerInputByte = 55

// validateAllocPerInputByte is what validate allocates per byte of a
// manifest, which it reads and checks but converts to nothing
// (TestAllocPerInputByte: 15; a tool's own config, which it decodes and
// lints, 22, and a large one is collected once more). Validate once took
// the family's figure, and with collections put off until the heap held
// that much, 100,000 hooks peaked at 707 MiB where 321 MiB had done; at
// 22, 531 MiB, and slower, for faulting in pages it never used.
const validateAllocPerInputByte = 15

// prepareHeap readies the heap for converting n bytes of input to each of
// the command's targets: a large input is converted in memory backed by
// huge pages, with no collection until the largest of the conversions
// could have filled it (each conversion's heap stays live until it ends;
// one target's garbage is collected before the next fills the heap). On
// machines where page faults are dear, that more than halves the time of
// a 10,000-hook conversion (docs/benchmarks.md); a conversion that
// outgrows the estimate pays for its faults and a collection again, so
// the estimate follows the target. Small inputs are left alone.
func prepareHeap(e *env, n int) {
	hugeheap.Prepare(heapEstimate(e.targets, n))
}

// heapEstimate is what converting n bytes of input to each of targets
// allocates in all, and in the largest of the conversions, with a fifth
// more: the process also reads its input and prints its diagnostics.
// No targets is validate's reading.
func heapEstimate(targets []string, n int) (total, largest int) {
	if len(targets) == 0 {
		return n * validateAllocPerInputByte * 6 / 5, n * validateAllocPerInputByte * 6 / 5
	}
	for _, t := range targets {
		perByte := cmp.Or(allocPerInputByte[t], defaultAllocPerInputByte)
		total += perByte
		largest = max(largest, perByte)
	}
	return n * total * 6 / 5, n * largest * 6 / 5
}

func unwrapPathError(err error) error {
	if pe, ok := err.(*fs.PathError); ok {
		return pe.Err
	}
	return err
}

// manifestSearch is what findManifests found under a directory. Paths are
// the directory's joined with the slash-separated paths inside it.
type manifestSearch struct {
	// manifests are the files to check as hooks/1.0 manifests.
	manifests []string
	// skipped are files with a top-level "spec" that is not a hooks spec
	// (a Kubernetes object, a package's metadata): named on stderr, so a
	// run that checked nothing never reads as one that passed them.
	skipped []string
	// unreadable holds one HC100 error per file or folder that could not
	// be read, by path: the rest of the tree is still searched.
	unreadable map[string]diag.List
}

// findManifests lists the manifest files under dir (fsys is dir opened):
// *.json, *.yaml and *.yml files that look like a manifest
// (manifestCandidate). A file or folder that cannot be read is recorded,
// not a reason to stop.
func findManifests(fsys fs.FS, dir string) manifestSearch {
	s := manifestSearch{unreadable: map[string]diag.List{}}
	_ = fs.WalkDir(fsys, ".", func(p string, d fs.DirEntry, err error) error {
		path := filepath.Join(dir, filepath.FromSlash(p))
		if err != nil {
			s.unreadable[path] = unreadableDiag(path, err)
			return nil // for a folder, WalkDir then skips it
		}
		if d.IsDir() {
			if p != "." && hookconv.SkipsDir(d.Name()) {
				return fs.SkipDir
			}
			return nil
		}
		switch strings.ToLower(filepath.Ext(p)) {
		case ".json", ".yaml", ".yml":
		default:
			return nil
		}
		info, err := hookconv.FollowFile(fsys, p, d)
		if err != nil {
			s.unreadable[path] = unreadableDiag(path, err)
			return nil
		}
		if info == nil || info.Size() > canonical.MaxFileSize {
			return nil
		}
		src, err := fs.ReadFile(fsys, p)
		if err != nil {
			s.unreadable[path] = unreadableDiag(path, err)
			return nil
		}
		switch manifestCandidate(path, src) {
		case candidate:
			s.manifests = append(s.manifests, path)
		case otherSpec:
			s.skipped = append(s.skipped, path)
		}
		return nil
	})
	return s
}

// unreadableDiag is the HC100 error for a path a directory search could
// not read.
func unreadableDiag(path string, err error) diag.List {
	hint := "check its permissions, or move it out of the folder validate searches"
	if errors.Is(err, fs.ErrNotExist) {
		// Found by the walk, so it is there: a link to nothing.
		hint = "it is a link to a file that does not exist: fix the link, or remove it"
	}
	var ds diag.List
	ds.Errorf(canonical.CodeUnreadable, diag.Pos{}, "", hint, "cannot read %s: %v", path, unwrapPathError(err))
	return ds.WithFile(path)
}

// candidacy is what a directory search makes of a JSON or YAML file.
type candidacy int

const (
	notCandidate candidacy = iota // no sign of a manifest (package.json)
	candidate                     // checked as a manifest
	otherSpec                     // a "spec" of something else: skipped, and said so
)

// manifestCandidate decides whether a file found by a directory search is
// checked as a manifest. Other formats use a top-level "spec" too (every
// Kubernetes object), so "spec" alone is not enough; but a manifest
// with a typo must still be reported, not skipped, so the rule is loose
// around the two keys a manifest has:
//   - "spec" is a string starting with "hooks" (any case: "Hooks/1.0"
//     and "hooks-1.0" are typos of a manifest, no other format's);
//   - "spec" of any kind beside a top-level "hooks" (a manifest whose
//     spec is wrong);
//   - no "spec" but a "hooks" list (a manifest that lost its spec: tools'
//     own configs keep their hooks in an object);
//   - a file that does not parse but mentions "hooks/".
func manifestCandidate(name string, src []byte) candidacy {
	if !bytes.Contains(src, []byte("spec")) && !bytes.Contains(src, []byte("hooks")) {
		return notCandidate
	}
	root, ds := canonical.ParseDocument(name, src, canonical.FormatAuto)
	if ds.HasErrors() {
		if bytes.Contains(src, []byte("hooks/")) {
			return candidate
		}
		return notCandidate
	}
	spec, hooks := root.Get("spec"), root.Get("hooks")
	switch {
	case spec != nil && spec.Kind == node.String && strings.HasPrefix(strings.ToLower(strings.TrimSpace(spec.Text)), "hooks"):
		return candidate
	case spec != nil && hooks != nil:
		return candidate
	case spec != nil:
		return otherSpec
	case hooks != nil && hooks.Kind == node.Array:
		return candidate
	}
	return notCandidate
}
