package cline

import (
	"bytes"
	"cmp"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"maps"
	"math"
	"path"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/hookconv/hookconv/canonical"
	"github.com/hookconv/hookconv/capabilities"
	"github.com/hookconv/hookconv/diag"
	"github.com/hookconv/hookconv/internal/lazy"
	"github.com/hookconv/hookconv/internal/node"
	"github.com/hookconv/hookconv/internal/parallel"
	"github.com/hookconv/hookconv/internal/suggest"
	"github.com/hookconv/hookconv/providers"
	"github.com/hookconv/hookconv/vocab"
)

// powerShell is how Cline's VS Code extension runs a <Event>.ps1 script
// on Windows (hook-factory.ts); a decoded .ps1 hook runs it the same way.
const powerShell = "powershell -NoProfile -NonInteractive -ExecutionPolicy Bypass -File "

// decoded is one hook read from a file, with the key that orders it in
// the manifest: its recorded place for a generated script's hooks, after
// every such hook for a hand-written script's.
type decoded struct {
	h   canonical.Hook
	key int
}

// Decode implements providers.Adapter: every file named after a Cline
// event is a hook script. A script hookconv generated gives back the hooks
// of its embedded manifest; any other script is one hook that runs it.
// Hooks are returned in their recorded order across files (generated
// scripts), then in path order.
func (a *Adapter) Decode(files providers.Files) (*canonical.Manifest, diag.List) {
	a.load()
	// A script holds the hooks of one event, so a large config's scripts
	// are read at once (providers.FileChunks).
	paths := files.Paths()
	perFile, ds := parallel.InChunks(providers.FileChunks(files, paths), nil, nil, func(ds *diag.List, i int, hooks *[]decoded) bool {
		var fds diag.List
		*hooks, fds = a.decodeFile(paths[i], files[paths[i]])
		*ds = append(*ds, fds.WithFile(paths[i])...)
		return true
	})
	all := slices.Concat(perFile...)
	slices.SortStableFunc(all, func(x, y decoded) int { return cmp.Compare(x.key, y.key) })
	all, ds = mergePlatforms(all, ds)
	all, ds = windowsOnly(all, ds)
	m := &canonical.Manifest{Spec: canonical.SpecVersion, Hooks: make([]canonical.Hook, len(all))}
	for i := range all {
		m.Hooks[i] = all[i].h
	}
	return m, scriptPaths(all, ds)
}

// scriptPaths gives what was said about a hand-written script with no
// path (it blocks with Cline's "cancel", it needs PowerShell) the path of
// the one hook the script is, hooks[i]: it is about that hook, and check
// counts a warning in a hook's verdict, as migrate --remove-source keeps
// a hook that will not block elsewhere, only by that path. A Windows twin
// merged into its Unix script's hook (mergePlatforms) is that hook too.
func scriptPaths(all []decoded, ds diag.List) diag.List {
	scripts := map[string]int{}
	for i, d := range all {
		if d.key != math.MaxInt {
			continue // a generated script's hooks: said about by their own paths
		}
		scripts[d.h.OriginFile] = i
		if _, twin := d.h.Handler.Platform["windows"]; twin {
			scripts[d.h.OriginFile+".ps1"] = i
		}
	}
	for k := range ds {
		if i, ok := scripts[ds[k].File]; ok && ds[k].Path == "" {
			ds[k].Path = fmt.Sprintf("hooks[%d]", i)
		}
	}
	return ds
}

func (a *Adapter) decodeFile(p string, src []byte) ([]decoded, diag.List) {
	var ds diag.List
	base := path.Base(p)
	name, ext := splitName(base)
	row, exact := a.event(name)
	if ev := headerEvent(src); row.Name == "" && ev != "" && a.Generated(src) {
		// A generated script read under a name that is no event
		// (standard input, a copy): its header names the event it was
		// written for (QA F6: such a script was not read).
		name, ext = ev, ""
		row, exact = a.event(ev)
	}
	if row.Name == "" {
		if e := path.Ext(base); e != "" && ext == "" {
			ds.Infof(CodeNotScript, diag.Pos{}, "", "", "%s is not a hook script: Cline runs only files named after an event, without an extension or with one of %s; ignored",
				base, strings.Join(extensions, " "))
			return nil, ds
		}
		hint := "Cline runs only files named exactly after an event: " + strings.Join(a.eventNames(), ", ")
		if s := cmp.Or(suggest.Closest(name, a.eventNames(), 3), suggest.Completion(name, a.eventNames())); s != "" {
			hint = "did you mean " + s + "? " + hint
		}
		ds.Warnf(CodeNotEvent, diag.Pos{}, "", hint, "%q is not a Cline hook event, so Cline never runs this file; not read", name)
		return nil, ds
	}
	switch {
	case !exact:
		ds.Infof(CodeReach, diag.Pos{}, "", "rename it "+row.Name+ext,
			"%s is read as %s, but only the Cline SDK/CLI matches the name in any case; the VS Code extension runs only %s", base, row.Name, row.Name)
	case ext != "" && ext != ".ps1":
		ds.Infof(CodeReach, diag.Pos{}, "", "name it "+row.Name+" (executable) for both runtimes",
			"only the Cline SDK/CLI runs %s; the VS Code extension runs only an extensionless %s on Unix", base, row.Name)
	}
	if row.Note != "" {
		ds.Infof(CodeReach, diag.Pos{}, "", "", "%s", row.Note)
	}
	s := parseScript(src)
	if s.generated {
		hooks, gds := a.decodeGenerated(p, row, s)
		return hooks, append(ds, gds...)
	}
	return a.decodeHandWritten(p, src, row, ext, ds)
}

// mergePlatforms makes one hook of an event's Unix script and its Windows
// twin (PreToolUse and PreToolUse.ps1 in one folder): Cline's VS Code
// extension runs the first only on Unix and the second only on Windows,
// so they are one hook with a Windows command (handler.platform), not two
// that would both run everywhere once converted.
func mergePlatforms(all []decoded, ds diag.List) ([]decoded, diag.List) {
	unix := map[string]int{} // hand-written extensionless script → index
	for i, d := range all {
		if d.key == math.MaxInt && path.Ext(d.h.OriginFile) == "" {
			unix[d.h.OriginFile] = i
		}
	}
	merged := map[string]bool{} // the .ps1 scripts folded into their twin
	for _, d := range all {
		twin, isPS := strings.CutSuffix(d.h.OriginFile, ".ps1")
		i, ok := unix[twin]
		if d.key != math.MaxInt || !isPS || !ok || all[i].h.Event != d.h.Event || len(all[i].h.Handler.Platform) > 0 {
			continue
		}
		all[i].h.Handler.Platform = map[string]string{"windows": d.h.Handler.Command}
		merged[d.h.OriginFile] = true
		var note diag.List
		note.Infof(CodeReach, diag.Pos{Line: 1, Column: 1}, "", "",
			"%s and %s are one hook: Cline runs the first on Unix and the second on Windows; read as one hook with a Windows command",
			path.Base(twin), path.Base(d.h.OriginFile))
		ds = append(ds, note.WithFile(d.h.OriginFile)...)
	}
	if len(merged) == 0 {
		return all, ds
	}
	all = slices.DeleteFunc(all, func(d decoded) bool { return merged[d.h.OriginFile] })
	return all, ds
}

// windowsOnly leaves out each hand-written <Event>.ps1 script that
// mergePlatforms found no Unix twin for: Cline's VS Code extension runs
// only the extensionless file on Unix and only the .ps1 on Windows
// (reference part 2 §6.2), so the script is a hook for Windows alone. A
// canonical hook runs on every system, and converted it would run
// PowerShell on Linux and macOS too, where it fails (QA: a fail-closed
// Copilot CLI preToolUse then denies every call). So it is treated as the
// other tools' Windows-only entries are (Copilot CLI's and Windsurf's
// powershell alone): not converted, with HC346 in place of HC563.
func windowsOnly(all []decoded, ds diag.List) ([]decoded, diag.List) {
	lone := map[string]bool{}
	for _, d := range all {
		if d.key == math.MaxInt && path.Ext(d.h.OriginFile) == ".ps1" {
			lone[d.h.OriginFile] = true
		}
	}
	if len(lone) == 0 {
		return all, ds
	}
	guards := map[string]string{} // a lone script's event, where it may block
	for _, d := range all {
		if lone[d.h.OriginFile] && d.h.Blocking {
			guards[d.h.OriginFile] = strings.TrimSuffix(path.Base(d.h.OriginFile), ".ps1")
		}
	}
	all = slices.DeleteFunc(all, func(d decoded) bool { return lone[d.h.OriginFile] })
	ds = slices.DeleteFunc(ds, func(d diag.Diagnostic) bool { return lone[d.File] && d.Code != CodeReach })
	for _, p := range slices.Sorted(maps.Keys(lone)) {
		unix := strings.TrimSuffix(path.Base(p), ".ps1")
		var w diag.List
		w.Warnf(providers.CodeWindowsOnly, diag.Pos{Line: 1, Column: 1}, "", "add "+unix+" (an executable shell script) beside it with the check for Linux and macOS to convert it",
			"%s has no %s beside it: Cline's VS Code extension runs it on Windows only; hookconv converts hooks that run on every system, so this one is not converted%s", path.Base(p), unix, providers.WindowsGuardLostClause(guards[p]))
		ds = append(ds, w.WithFile(p)...)
	}
	return all, ds
}

// decodeHandWritten reads a script a person wrote: one hook that runs it.
func (a *Adapter) decodeHandWritten(p string, src []byte, row vocab.NativeEvent, ext string, ds diag.List) ([]decoded, diag.List) {
	start := diag.Pos{Line: 1, Column: 1}
	h := canonical.Hook{
		Event:      row.Event,
		Handler:    canonical.Handler{Type: canonical.HandlerCommand, Command: scriptCommand(a.fromProjectRoot(p), ext)},
		Origin:     start,
		OriginFile: p,
	}
	if w, ok := a.primary(row.Event); !ok || w.Name != row.Name {
		// TaskResume reads as session_start, which is written as TaskStart:
		// remember the name so a round trip keeps the hook on TaskResume.
		pd := &node.Node{Kind: node.Object, Fields: []node.Field{{Key: "$event", Value: &node.Node{Kind: node.String, Text: row.Name}}}}
		h.ProviderData = map[string]json.RawMessage{Slug: node.AppendCompact(nil, pd)}
	} else {
		// The script speaks Cline's contract (its payload, its "cancel"
		// answer), not the canonical one a generated script's hooks
		// speak: marked so, as the pipeline marks the hooks of the tools
		// whose configs it reads (withSourceMarks), a manifest made of it
		// still says so, and converting that manifest on warns as
		// converting the script straight does (QA). "$event" is such a
		// mark already.
		h.ProviderData = map[string]json.RawMessage{Slug: fromMark}
	}
	// A script that cancels is a blocking safety hook in Cline, and no
	// other tool reads "cancel": converted, it would never block, so that
	// is a warning; context it adds is only lost, so that is a note.
	if i := cancelKey(src, jsExts[ext]); i >= 0 {
		// The script's author meant it to stop things: a blocking hook,
		// so the targets' blocking rules apply (and HC207 does not call
		// it a watcher).
		b, ok := a.Caps.BlockingOf(Slug, row.Event)
		h.Blocking = ok && b.Behaviour != capabilities.Observe
		ds.Warnf(CodeClineOutput, posAt(src, i), "", "make the script exit 2 with the reason on stderr, which most tools read as a block",
			"the script blocks by printing Cline's {\"cancel\": true}, which no other tool reads: converted to another tool it will never block")
	} else {
		for _, key := range []string{`"contextModification"`, `"errorMessage"`} {
			if i := bytes.Index(src, []byte(key)); i >= 0 {
				ds.Infof(CodeClineOutput, posAt(src, i), "", "other tools need their own output format; rewrite the answer for them",
					"the script answers in Cline's own JSON (%s); other tools do not read it, so it cannot add context there as it does in Cline", key)
				break
			}
		}
	}
	return []decoded{{h: h, key: math.MaxInt}}, ds
}

// fromMark is the provider_data of a hand-written script's hook: read
// from Cline, with no other mark. Shared: provider_data is never written
// to.
var fromMark = json.RawMessage(`{"$from":true}`)

// cancelSpellings find where a script sets "cancel" in its answer,
// however it writes the JSON: literally ("cancel": or \"cancel\": in an
// echo, 'cancel': in a Python dict), as a jq or JavaScript object key
// ({cancel: $block}, the shorthands {cancel} and {$cancel}), as a
// subscript assigned (out["cancel"] = True in Python, out['cancel'] =
// true in JavaScript: QA), as a property (out.cancel = true) or a keyword
// (dict(cancel=True)). The first is looked for first: it is the most
// likely place to point at. Each one's first group is the value given,
// where it is a word (true, False, block; empty otherwise): a false one
// never cancels.
var cancelSpellings = []func() *regexp.Regexp{
	lazy.Regexp(`\\?["']cancel\\?["']\s*:\s*(\w*)`),
	lazy.Regexp(`\[\s*["']cancel["']\s*\]\s*=(?:\s*(\w+)|[^=\w])`),
	lazy.Regexp(`[{,]\s*\$?cancel\s*(?:[,}]|:\s*(\w*))`),
	lazy.Regexp(`\.cancel\s*=(?:\s*(\w+)|[^=\w])`),
	lazy.Regexp(`\bdict\([^)]*\bcancel\s*=\s*(\w*)`),
}

// falseWords are the spellings of false, in JSON, JavaScript and jq
// (false) and in Python (False): a "cancel" given one never cancels.
var falseWords = []string{"false", "False"}

// cancelKey returns the offset of the first place src sets "cancel" in
// its answer, or -1: a script that builds {"cancel": …} from a variable
// blocks as surely as one that prints it literally. Comments are not read
// ("# Output: { cancel: boolean }" documents, it does not answer): lines
// starting with # or //, and in JavaScript or TypeScript (js) /* */
// blocks, which a shell script has none of (its */secrets/* case pattern
// is no comment). A "cancel" given false (false, False, in any of the
// spellings) never cancels: a script that only ever answers so is no
// guard, while one that answers false in one place and true in another
// is.
func cancelKey(src []byte, js bool) int {
	var comments [][2]int
	if js {
		comments = blockComments(src)
	}
	inComment := func(i int) bool {
		for _, c := range comments {
			if c[0] <= i && i < c[1] {
				return true
			}
		}
		return false
	}
	for i, re := range cancelSpellings {
		first := -1
		for _, loc := range re().FindAllSubmatchIndex(src, -1) {
			if commentLine(src, loc[0]) || inComment(loc[0]) {
				continue
			}
			if loc[2] >= 0 && slices.Contains(falseWords, string(src[loc[2]:loc[3]])) {
				continue // "cancel": False, {cancel: false}: QA
			}
			if i == 0 {
				return loc[0] // the key's opening quote
			}
			first = loc[0] + bytes.Index(src[loc[0]:loc[1]], []byte("cancel"))
			break
		}
		if first >= 0 {
			return first
		}
	}
	return -1
}

// CancelAt returns the offset of the first place the script src, of the
// file name, sets Cline's "cancel" in its answer, or -1, as the decoder
// reads a hook script: the pipeline reads so the project scripts a hook
// script runs, which may answer for it.
func CancelAt(name string, src []byte) int {
	return cancelKey(src, jsExts[strings.ToLower(path.Ext(name))])
}

// jsExts are the script extensions of languages with /* */ comments.
var jsExts = map[string]bool{".js": true, ".mjs": true, ".cjs": true, ".ts": true, ".mts": true, ".cts": true}

// commentLine reports whether the line holding offset i is a comment: it
// starts with # or //, after its indentation. (A line starting with * is
// not taken for a block comment's: a shell case's *) branch starts so.)
func commentLine(src []byte, i int) bool {
	start := bytes.LastIndexByte(src[:i], '\n') + 1
	line := bytes.TrimLeft(src[start:], " \t")
	return bytes.HasPrefix(line, []byte("#")) || bytes.HasPrefix(line, []byte("//"))
}

// blockComments returns the /* … */ comments of JavaScript or TypeScript
// source, read past its strings ('secrets/**' opens none) and line
// comments.
func blockComments(src []byte) [][2]int {
	var out [][2]int
	for i := 0; i < len(src); i++ {
		switch c := src[i]; {
		case c == '\'' || c == '"' || c == '`':
			for i++; i < len(src) && src[i] != c; i++ {
				if src[i] == '\\' {
					i++
				}
			}
		case c == '/' && i+1 < len(src) && src[i+1] == '/':
			for i < len(src) && src[i] != '\n' {
				i++
			}
		case c == '/' && i+1 < len(src) && src[i+1] == '*':
			end := bytes.Index(src[i+2:], []byte("*/"))
			if end < 0 {
				// Never closed: no comment, but a /* of something else
				// (a regular expression such as /secrets\/*/).
				i++
				continue
			}
			out = append(out, [2]int{i, i + 2 + end + 2})
			i += 2 + end + 1
		}
	}
	return out
}

// fromProjectRoot is the script at p as the project root names it
// (".clinerules/hooks/PreToolUse"): a converted hook runs there, not in
// the folder hookconv was run from. A script outside Cline's hook folders
// keeps the path the user gave.
func (a *Adapter) fromProjectRoot(p string) string {
	p = path.Clean(p)
	prov, _ := a.Names.Provider(Slug)
	for _, pattern := range prov.Paths {
		dir := strings.TrimSuffix(pattern, "*") // ".clinerules/hooks/"
		if strings.HasPrefix(p, dir) {
			return p
		}
		if i := strings.LastIndex(p, "/"+dir); i >= 0 && !strings.Contains(p[i+1+len(dir):], "/") {
			return p[i+1:]
		}
	}
	return p
}

// scriptCommand is the command that runs the script at p, relative to
// the project root (or as the user named it).
func scriptCommand(p, ext string) string {
	p = path.Clean(p)
	if !strings.Contains(p, "/") {
		p = "./" + p // a bare name would be looked up in PATH
	}
	word := p
	if strings.ContainsFunc(p, func(r rune) bool {
		return !(r == '/' || r == '.' || r == '_' || r == '-' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z')
	}) {
		word = shq(p)
	}
	if ext == ".ps1" {
		return powerShell + word
	}
	return word
}

// scriptOf returns the script file a command runs, as a clean path, when
// the command is only that ("./x", "sh x", a PowerShell -File x, with the
// path quoted or not), else "".
func scriptOf(command string) string {
	c := strings.TrimSpace(command)
	c = strings.TrimPrefix(c, powerShell)
	for _, interp := range []string{"sh ", "bash ", "zsh ", "exec "} {
		c = strings.TrimPrefix(c, interp)
	}
	c = strings.TrimSpace(c)
	if len(c) >= 2 && c[0] == '\'' && c[len(c)-1] == '\'' {
		c = strings.ReplaceAll(c[1:len(c)-1], `'\''`, "'")
		if strings.Contains(c, "'") && !strings.Contains(command, `'\''`) {
			return ""
		}
	} else if strings.ContainsAny(c, " \t\n;&|<>()$`\"'\\*?[") {
		return ""
	}
	if c == "" {
		return ""
	}
	return path.Clean(c)
}

// primary is the native event Cline's hooks for a canonical event are
// written under (TaskStart for session_start).
func (a *Adapter) primary(event string) (vocab.NativeEvent, bool) {
	rows := a.Names.EncodeEvent(Slug, event)
	if len(rows) == 0 {
		return vocab.NativeEvent{}, false
	}
	return rows[0], true
}

// target is the native event a hook is written under: provider_data's
// "$event" when it names a Cline event for the hook's canonical event,
// else the primary one.
func (a *Adapter) target(h *canonical.Hook) (vocab.NativeEvent, bool) {
	if raw, ok := h.ProviderData[Slug]; ok {
		var pd struct {
			Event string `json:"$event"`
		}
		if json.Unmarshal(raw, &pd) == nil && pd.Event != "" {
			for _, r := range a.Names.DecodeEvent(Slug, pd.Event) {
				if r.Event == h.Event {
					return r, true
				}
			}
		}
	}
	return a.primary(h.Event)
}

// decodeGenerated reads the hooks of a script hookconv wrote from its
// embedded manifest.
func (a *Adapter) decodeGenerated(p string, row vocab.NativeEvent, s script) ([]decoded, diag.List) {
	var ds diag.List
	damaged := func(pos diag.Pos, format string, args ...any) ([]decoded, diag.List) {
		ds.Errorf(CodeBadManifest, pos, "", "convert the hooks again to regenerate the script, or repair the lines between the markers",
			"the manifest embedded in this generated script is damaged: %s; the file is not read", fmt.Sprintf(format, args...))
		return nil, ds
	}
	if s.problem != "" {
		return damaged(s.problemPos, "%s", s.problem)
	}
	root, pds := canonical.ParseDocument(p, s.virtual, canonical.FormatJSON)
	ds = append(ds, pds...)
	if root == nil {
		return damaged(s.beginPos, "it is not valid JSON")
	}
	m, mds := canonical.FromNode(root)
	// A script whose event lost all its hooks embeds an empty list; the
	// manifest format itself requires hooks, the script does not.
	mds = slices.DeleteFunc(mds, func(d diag.Diagnostic) bool { return d.Code == canonical.CodeHooksEmpty })
	ds = append(ds, mds...)
	if mds.HasErrors() {
		return damaged(s.beginPos, "it is not a valid hooks/1.0 manifest")
	}
	a.checkSums(&ds, s)
	out := make([]decoded, 0, len(m.Hooks))
	useOrder := len(s.order) == len(m.Hooks)
	for i := range m.Hooks {
		h := m.Hooks[i]
		h.OriginFile = p
		path := fmt.Sprintf("hooks[%d].event", i)
		w, ok := a.target(&h)
		switch {
		case !ok:
			ds.Errorf(CodeEvent, h.PosOf("event"), path, "Cline's events are "+strings.Join(a.eventNames(), ", "),
				"%s has event %q, which Cline does not have; the hook is not read", h.DisplayName(i), h.Event)
			continue
		case w.Name != row.Name:
			ds.Warnf(CodeEvent, h.PosOf("event"), path, "rename the file "+w.Name+", or convert the hooks again",
				"%s is a %s hook (%s), but Cline runs this file on %s; read as %s", h.DisplayName(i), w.Name, h.Event, row.Name, h.Event)
		}
		key := math.MaxInt - 1 // hand-written hooks still come after
		if useOrder {
			key = s.order[i]
		}
		out = append(out, decoded{h: h, key: key})
	}
	return out, ds
}

// checkSums reports a generated script edited since it was written.
func (a *Adapter) checkSums(ds *diag.List, s script) {
	const hint = "convert the hooks again to regenerate the script; edit the hooks where they came from"
	if s.sums == "" {
		ds.Warnf(CodeEdited, s.beginPos, "", hint,
			"this generated script has no %q line, so it was edited; the hooks are read from its embedded manifest, and edits to the script itself are not in them", strings.TrimSpace(shaPrefix))
		return
	}
	var mOK, bOK bool
	for _, f := range strings.Fields(s.sums) {
		if v, ok := strings.CutPrefix(f, "manifest="); ok {
			mOK = v == s.manifestSum
		}
		if v, ok := strings.CutPrefix(f, "body="); ok {
			bOK = v == s.bodySum
		}
	}
	switch {
	case mOK && bOK:
	case !mOK && bOK:
		ds.Warnf(CodeEdited, s.beginPos, "", hint,
			"the manifest embedded in this generated script was edited; the edited manifest is read, but the script still runs the hooks it was generated from")
	case mOK && !bOK:
		ds.Warnf(CodeEdited, s.shaPos, "", hint,
			"this generated script was edited outside its manifest; the hooks are read from the manifest, so the edits to the script are not in them")
	default:
		ds.Warnf(CodeEdited, s.shaPos, "", hint,
			"this generated script and its manifest were edited; the hooks are read from the edited manifest, and edits to the script itself are not in them")
	}
}

// script is a hook script split into hookconv's parts.
type script struct {
	generated bool // it has a manifest block
	// virtual is the file with every byte outside the manifest's JSON
	// blanked (newlines kept), so the JSON parses with the positions it
	// has in the script.
	virtual []byte
	// sums is the hash line's value ("" when missing); manifestSum and
	// bodySum are the hashes of the file as it is.
	sums                 string
	manifestSum, bodySum string
	order                []int // from the order line; nil when missing or malformed
	beginPos, shaPos     diag.Pos
	problem              string // why the block is damaged, "" when it is not
	problemPos           diag.Pos
}

// parseScript splits src into hookconv's parts. The manifest hash covers
// the JSON text of the block; the body hash covers every other line of
// the file but the hash line itself.
func parseScript(src []byte) script {
	var s script
	begin, end := -1, -1
	// The parts are hashed as they are read, not gathered first: a large
	// config's scripts are megabytes.
	manifest, body := sha256.New(), sha256.New()
	s.virtual = bytes.Repeat([]byte{' '}, len(src))
	all := string(src) // each line's text is sliced from this one copy
	off, i := 0, -1
	for l := range bytes.Lines(src) {
		i++
		start := off
		off += len(l)
		text := all[start : start+len(bytes.TrimRight(l, "\r\n"))]
		pos := diag.Pos{Line: i + 1, Column: 1, Offset: start}
		if l[len(l)-1] == '\n' {
			s.virtual[off-1] = '\n'
		}
		inBlock := begin >= 0 && end < 0
		switch {
		case !inBlock && begin < 0 && text == beginMarker:
			begin = i
			s.beginPos = pos
			continue
		case inBlock && text == endMarker:
			end = i
			continue
		case inBlock:
			var jsonLine string
			switch {
			case strings.HasPrefix(text, "# "):
				jsonLine = text[2:]
				copy(s.virtual[start+2:], jsonLine)
			case text == "#":
			default:
				if s.problem == "" {
					s.problem = fmt.Sprintf("line %d does not start with \"# \"", i+1)
					s.problemPos = pos
				}
			}
			manifest.Write(src[start+len(text)-len(jsonLine) : start+len(text)]) // jsonLine's bytes
			manifest.Write(newline)
			continue
		case strings.HasPrefix(text, shaPrefix) && s.sums == "":
			s.sums = strings.TrimSpace(text[len(shaPrefix):])
			s.shaPos = pos
			continue
		case strings.HasPrefix(text, orderPrefix) && s.order == nil:
			s.order = parseOrder(text[len(orderPrefix):])
		}
		body.Write(l)
	}
	s.generated = begin >= 0
	if s.generated && end < 0 {
		// Reported instead of the first script line taken for the block.
		s.problem = fmt.Sprintf("there is no %q line after %q", endMarker, beginMarker)
		s.problemPos = s.beginPos
	}
	s.manifestSum, s.bodySum = hex.EncodeToString(manifest.Sum(nil)), hex.EncodeToString(body.Sum(nil))
	return s
}

var newline = []byte{'\n'}

// parseOrder reads the 1-based hook positions of an order line.
func parseOrder(s string) []int {
	out := []int{}
	for _, f := range strings.Fields(s) {
		n, err := strconv.Atoi(f)
		if err != nil || n < 1 {
			return nil
		}
		out = append(out, n)
	}
	return out
}

// posAt is the position of byte offset i in src.
func posAt(src []byte, i int) diag.Pos {
	line := 1 + bytes.Count(src[:i], []byte("\n"))
	col := i - bytes.LastIndexByte(src[:i], '\n')
	return diag.Pos{Line: line, Column: col, Offset: i}
}

// headerEvent is the event named in a generated script's header
// ("# Cline PreToolUse hook script, ..."), "" when the second line is no
// such header.
func headerEvent(src []byte) string {
	_, rest, _ := bytes.Cut(src, newline)
	second, _, _ := bytes.Cut(rest, newline)
	f := strings.Fields(string(second))
	if len(f) < 4 || f[0] != "#" || f[1] != "Cline" || f[3] != "hook" {
		return ""
	}
	return f[2]
}

// Generated reports whether src is a script hookconv generated: its
// header's second line says so and a line holds the manifest's begin
// marker. A hand-written script that merely mentions hookconv is not.
func (a *Adapter) Generated(src []byte) bool {
	_, rest, _ := bytes.Cut(src, newline)
	second, _, _ := bytes.Cut(rest, newline)
	return bytes.HasPrefix(second, []byte("# Cline ")) && bytes.Contains(second, []byte(generatedBy)) &&
		(bytes.Contains(src, []byte("\n"+beginMarker+"\n")) || bytes.Contains(src, []byte("\n"+beginMarker+"\r\n")))
}
