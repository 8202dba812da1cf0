package hookconv

// The verify stage: the encoded output, decoded again by the target's
// adapter, must hold what the plan meant (events, order, handler types,
// commands, matchers as canonical, timeouts in the target's unit).

import (
	"bytes"
	"cmp"
	"fmt"
	"github.com/hookconv/hookconv/internal/node"
	"maps"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/hookconv/hookconv/canonical"
	"github.com/hookconv/hookconv/diag"
	"github.com/hookconv/hookconv/internal/lazy"
	"github.com/hookconv/hookconv/internal/parallel"
	"github.com/hookconv/hookconv/providers"
	"github.com/hookconv/hookconv/providers/flat"
	"github.com/hookconv/hookconv/providers/nested"
	"github.com/hookconv/hookconv/vocab"
)

// projection is what verify compares of a hook: what it runs, when, and
// for which tools — the behaviour, not the spelling.
type projection struct {
	Event   string
	Matcher string
	Type    string
	Run     string
	Timeout float64
	Async   bool
}

func (p projection) group() matcherGroup { return matcherGroup{p.Event, p.Matcher} }

// planProjections is what verify expects the files to hold: the planned
// hooks as the target reads them back, less those the encoder announced
// it skipped, and the (event, matcher) groups they fall in.
func planProjections(dst providers.Adapter, planned *canonical.Manifest, encodeDiags diag.List, prov vocab.Provider) ([]projection, map[matcherGroup]bool) {
	marks := markHooks(encodeDiags)
	// A tool that names tools only through split events writes one hook
	// per category: compare with that expansion of the plan.
	expands := false
	if x, ok := dst.(interface {
		Expand(*canonical.Manifest) *canonical.Manifest
	}); ok {
		expanded := x.Expand(planned)
		expands = expanded != planned
		planned = expanded
	}
	want := make([]projection, 0, len(planned.Hooks))
	var keys matcherKeys
	for i := range planned.Hooks {
		mark := marks.of(planned.Hooks[i].SourceIndex(i))
		if mark&markSkipped != 0 {
			continue
		}
		p := keys.project(&planned.Hooks[i], &prov)
		if mark&markAsPrompt != 0 {
			p.Type = canonical.HandlerPrompt
		}
		if mark&markWidened != 0 {
			p.Matcher = "*"
		}
		if mark&markSync != 0 {
			p.Async = false
		}
		if mark&markPartial != 0 && !expands { // an expansion already has the exact matchers
			p.Matcher = partialMatcher
		}
		want = append(want, p)
	}
	wantKeys := make(map[matcherGroup]bool)
	for _, p := range want {
		wantKeys[p.group()] = true
	}
	return want, wantKeys
}

// verify decodes the encoded files with the target adapter and checks that
// they hold what was planned: per event and matcher, the same handlers in
// the same order with the same timeouts (after the target's unit rounding).
// The tools run the hooks of different groups independently, so order is
// compared within each (event, matcher).
func verify(dst providers.Adapter, planned *canonical.Manifest, files providers.Files, encodeDiags diag.List, to string) diag.List {
	var ds diag.List
	prov, _ := vocab.Default().Provider(to)
	// What the files should hold is worked out while they are decoded: the
	// two do not depend on each other, and for a large config each takes
	// milliseconds. The decode, some four times longer, goes first (the
	// caller's goroutine takes it): the helper may start late, or find
	// no core free while the contract checks run beside verify
	// (Convert), and the decode then waited behind the other.
	var (
		want     []projection
		wantKeys map[matcherGroup]bool
		got      *canonical.Manifest
		dds      diag.List
	)
	parallel.Both(len(planned.Hooks),
		func() { got, dds = dst.Decode(files) },
		func() { want, wantKeys = planProjections(dst, planned, encodeDiags, prov) })
	if dds.HasErrors() || got == nil {
		ds.Errorf(CodeVerify, diag.Pos{}, "", "please report this as a hookconv bug",
			"internal error: the %s output does not decode: %v", to, dds)
		if paths := files.Paths(); len(paths) == 1 {
			ds = ds.WithFile(paths[0])
		}
		return ds
	}
	ds = append(ds, droppedNames(planned, got, prov)...)
	ds = append(ds, keptUnreadable(dds, prov)...)
	// A trimmed matcher can read back as another hook's ("Read|Bash" to
	// Codex is "Bash"): a written hook that matches a trimmed one but no
	// exact one is taken for the trimmed one.
	var partial, exact map[projection]bool
	if hasPartial(want) {
		partial, exact = make(map[projection]bool), make(map[projection]bool)
		for _, p := range want {
			if p.Matcher == partialMatcher {
				partial[p] = true
			} else {
				exact[p] = true
			}
		}
	}
	// Each written hook is projected on its own: in chunks at once.
	have := make([]projection, len(got.Hooks))
	parallel.Do(parallel.Chunks(len(got.Hooks)), func(_ int, r parallel.Range) {
		var keys matcherKeys
		// Whether the last group seen is only planned trimmed: hooks
		// of one group are neighbours.
		var last matcherGroup
		lastTrimmed, seen := false, false
		for i := r.From; i < r.To; i++ {
			p := keys.project(&got.Hooks[i], &prov)
			trimmed := p
			trimmed.Matcher = partialMatcher
			if g := p.group(); !seen || g != last {
				last, seen = g, true
				lastTrimmed = !wantKeys[g] && wantKeys[trimmed.group()]
			}
			if lastTrimmed || partial[trimmed] && !exact[p] {
				// A matcher the encoder had to trim reads back differently.
				p = trimmed
			}
			have[i] = p
		}
	})
	// A hook written into several groups (one per exact value) reads back
	// several times, so the lists are compared without repeats. Most
	// conversions repeat nothing: compare as they are first, and pay for
	// removing repeats only when that comparison fails (equal lists stay
	// equal once repeats are removed).
	if slices.Equal(want, have) || sameInEachGroup(want, have) {
		return ds
	}
	d, differ := diffProjections(byGroup(withoutRepeats(want)), byGroup(withoutRepeats(have)))
	if d != "" {
		// On an event whose matcher selects no tool, the projections'
		// matcher ("*") is not what the tool's groups are keyed by: hooks
		// of groups with different values (Codex Stop groups, one with a
		// matcher Codex ignores) are written group by group, so their
		// order across groups is not the plan's. Compare those as sets.
		d, differ = diffProjections(unorderedOffTool(byGroup(withoutRepeats(want)), to), unorderedOffTool(byGroup(withoutRepeats(have)), to))
	}
	if d != "" {
		var failed diag.List
		failed.Errorf(CodeVerify, diag.Pos{}, "", "please report this as a hookconv bug; nothing was written",
			"internal error: the %s output does not hold what was planned (-planned +written):\n%s", to, d)
		ds = append(ds, failed.WithFile(verifiedFile(files, got, have, differ))...)
	}
	return ds
}

// verifiedFile names the written file verify's failure is about (QA: it
// was "<input>", no file): the first, in path order, holding a hook of a
// group that differs (have projects got's hooks), else the only file
// written, else none.
func verifiedFile(files providers.Files, got *canonical.Manifest, have []projection, differ map[matcherGroup]bool) string {
	var holding []string
	for i := range got.Hooks {
		if f := got.Hooks[i].OriginFile; f != "" && i < len(have) && differ[have[i].group()] && !slices.Contains(holding, f) {
			holding = append(holding, f)
		}
	}
	if len(holding) > 0 {
		return slices.Min(holding)
	}
	if paths := files.Paths(); len(paths) == 1 {
		return paths[0]
	}
	return ""
}

// asRead moves the positions verify found in a written file that was
// merged into (one of read) to where the same bytes are in that file as
// read (QA): every other diagnostic about the file (a syntax error, a
// comment lost, a hook kept as written) points into it as read, which is
// what lies on disk while the diagnostics are read (nothing is written
// yet, or ever on a dry run or a failure) and what the CLI quotes. Kept
// as they were in the written file, HC320's trailing comma was quoted
// from another line, or from none. A position in what the merge wrote
// (a trailing comma after a hook added, in the file's own style) takes
// that of the same diagnostic when dst reads the file as it was.
func asRead(ds diag.List, written, read providers.Files, dst providers.Adapter) diag.List {
	for i := range ds {
		d := &ds[i]
		was, ok := read[d.File]
		if !ok || !d.IsValid() {
			continue
		}
		if d.Pos = movedPos(d.Pos, written[d.File], was); d.IsValid() {
			continue
		}
		_, rds := dst.Decode(providers.Files{d.File: was})
		if j := slices.IndexFunc(rds, func(r diag.Diagnostic) bool { return r.Code == d.Code && r.File == d.File }); j >= 0 {
			d.Pos = rds[j].Pos
		}
	}
	return ds
}

// movedPos is where position p of written is in read, written being read
// with one stretch changed: the bytes before the first change and after
// the last are the same in both. A position between them is in bytes
// the merge wrote, which read does not hold: it has no position there.
// A position whose offset does not match its line is left as it is.
func movedPos(p diag.Pos, written, read []byte) diag.Pos {
	if p.Offset > len(written) || bytes.Count(written[:p.Offset], []byte("\n"))+1 != p.Line {
		return p
	}
	pre := 0
	for pre < len(written) && pre < len(read) && written[pre] == read[pre] {
		pre++
	}
	if p.Offset < pre || pre == len(written) && pre == len(read) {
		return p
	}
	suf := 0
	for suf < len(written)-pre && suf < len(read)-pre && written[len(written)-1-suf] == read[len(read)-1-suf] {
		suf++
	}
	start := len(written) - suf
	if p.Offset < start {
		return diag.Pos{}
	}
	off := p.Offset - start + len(read) - suf
	moved := diag.Pos{Line: bytes.Count(read[:off], []byte("\n")) + 1, Column: p.Column, Offset: off}
	if bytes.LastIndexByte(written[:p.Offset], '\n') < start {
		// The line begins in the changed stretch: its column is counted
		// in read, after a byte order mark, as the parsers count it.
		lineStart := bytes.LastIndexByte(read[:off], '\n') + 1
		if lineStart == 0 && bytes.HasPrefix(read, node.UTF8BOM) {
			lineStart = len(node.UTF8BOM)
		}
		moved.Column = off - lineStart + 1
	}
	return moved
}

// keptUnreadable warns about each written file that the tool's strict
// JSON reader may reject (HC320, as decoding the output says): the
// comments, trailing commas or byte order mark of the existing file it
// was merged into, which hookconv keeps as it keeps everything it does
// not own. A tool that rejects the file loads none of it, the converted
// hooks included; nothing said so (QA: migrate into a Gemini settings
// file with a trailing comma, a Qwen Code one with a byte order mark).
func keptUnreadable(decoded diag.List, target vocab.Provider) diag.List {
	var ds diag.List
	for _, d := range decoded {
		if d.Code == nested.CodeBesideHooks {
			// A key beside "hooks" kept from the file merged into, which
			// some releases reject with the whole file.
			var w diag.List
			w.Warnf(nested.CodeBesideHooks, d.Pos, d.Path, d.Hint,
				"the file written keeps %s: the converted hooks included", strings.TrimSuffix(strings.TrimPrefix(d.Message, "the file has "), "; read anyway"))
			ds = append(ds, w.WithFile(d.File)...)
			continue
		}
		if d.Code != providers.CodeJSONC {
			continue
		}
		kept, fix, then := "the comments or trailing commas it had", "remove them from the file, by hand", "may reject: then it loads none of the file"
		if providers.IsBOMWarning(d) {
			// Said of this warning, not of the file: one that starts
			// with a byte order mark and has a trailing comma gets one
			// HC320 for each (QA: both said "byte order mark").
			kept, fix, then = "the byte order mark it started with", "save the file as UTF-8 without a byte order mark", "rejects: it may take the file for corrupted and reset it, or load none of it"
		}
		var w diag.List
		w.Warnf(providers.CodeJSONC, d.Pos, "", fix+": hookconv keeps what it does not own as it was",
			"the file written keeps %s, which %s's JSON reader %s, the converted hooks included", kept, target.Name, then)
		ds = append(ds, w.WithFile(d.File)...)
	}
	return ds
}

// droppedNames notes (HC423), once per conversion, that the planned hooks'
// names did not reach the output. Names are labels — nothing runs
// differently without them — so this is an info, and one for all hooks
// rather than one each. Whether a tool keeps names is read from the
// output itself, which the target's decoder has just read back: no table
// has to say it.
func droppedNames(planned, written *canonical.Manifest, target vocab.Provider) diag.List {
	var ds diag.List
	first, named := -1, 0
	for i := range planned.Hooks {
		if planned.Hooks[i].Name != "" {
			named++
			if first < 0 {
				first = i
			}
		}
	}
	if named == 0 || slices.ContainsFunc(written.Hooks, func(h canonical.Hook) bool { return h.Name != "" }) {
		return ds
	}
	h := &planned.Hooks[first]
	ds.Infof(CodeNamesDropped, h.PosOf("name"), fmt.Sprintf("hooks[%d].name", h.SourceIndex(first)),
		"nothing runs differently; if you rely on the names, keep a manifest (--to canonical) as the source, or name the scripts after them",
		"%s has no field for a hook's name: %d named hook(s) are written without their names (the first: %q)", target.Name, named, h.Name)
	return ds
}

// diffProjections lists, per event and matcher, the hooks that were
// planned and those written, where the two differ; differ holds those
// groups.
func diffProjections(want, have map[matcherGroup][]projection) (string, map[matcherGroup]bool) {
	var b strings.Builder
	differ := map[matcherGroup]bool{}
	keys := slices.SortedFunc(maps.Keys(want), matcherGroup.compare)
	for _, k := range slices.SortedFunc(maps.Keys(have), matcherGroup.compare) {
		if _, ok := want[k]; !ok {
			keys = append(keys, k)
		}
	}
	for _, k := range keys {
		w, h := want[k], have[k]
		if slices.Equal(w, h) {
			continue
		}
		differ[k] = true
		for _, p := range w {
			fmt.Fprintf(&b, "- %s\n", shownProjection(p))
		}
		for _, p := range h {
			fmt.Fprintf(&b, "+ %s\n", shownProjection(p))
		}
	}
	return b.String(), differ
}

// shownProjection is a hook's projection as verify's diff shows it, on
// one printable line (QA: the NUL bytes matcherKey joins a matcher's
// tools with made grep read the output as binary, and went into
// --format github's annotations): a matcher's tools in brackets, and a
// matcher or command holding a control byte or what is not UTF-8 (a
// newline in a script) quoted.
func shownProjection(p projection) string {
	matcher := shownText(p.Matcher)
	if strings.Contains(p.Matcher, "\x00") {
		parts := strings.Split(p.Matcher, "\x00")
		for i := range parts {
			parts[i] = shownText(parts[i])
		}
		matcher = "[" + strings.Join(parts, " ") + "]"
	}
	return fmt.Sprintf("{Event:%s Matcher:%s Type:%s Run:%s Timeout:%g Async:%t}", p.Event, matcher, p.Type, shownText(p.Run), p.Timeout, p.Async)
}

// shownText is s as it is where every character of it prints, else
// quoted, its control bytes escaped.
func shownText(s string) string {
	if utf8.ValidString(s) && !strings.ContainsFunc(s, func(r rune) bool { return !unicode.IsPrint(r) }) {
		return s
	}
	return strconv.Quote(s)
}

// matcherGroup is an event and a matcher (as matcherKey spells it): the
// tools run the hooks of different groups independently, so verify
// compares order only within one.
type matcherGroup struct{ Event, Matcher string }

func (g matcherGroup) compare(o matcherGroup) int {
	return cmp.Or(strings.Compare(g.Event, o.Event), strings.Compare(g.Matcher, o.Matcher))
}

// unorderedOffTool sorts the groups of events whose native matcher does
// not select tools, so they compare as sets.
func unorderedOffTool(groups map[matcherGroup][]projection, to string) map[matcherGroup][]projection {
	names := vocab.Default()
	for g, list := range groups {
		if rows := names.EncodeEvent(to, g.Event); len(rows) > 0 && rows[0].Matcher == vocab.MatchTool {
			continue
		}
		slices.SortFunc(list, func(a, b projection) int {
			return cmp.Or(strings.Compare(a.Type, b.Type), strings.Compare(a.Run, b.Run),
				cmp.Compare(a.Timeout, b.Timeout), strings.Compare(a.Matcher, b.Matcher))
		})
	}
	return groups
}

// hasPartial reports whether a projection's matcher was trimmed.
func hasPartial(list []projection) bool {
	return slices.ContainsFunc(list, func(p projection) bool { return p.Matcher == partialMatcher })
}

// partialMatcher stands for a matcher the encoder said it trimmed or
// widened (HC310, HC341): what it reads back as is not compared.
const partialMatcher = "*partial*"

// byGroup splits projections by event and matcher, keeping their order:
// orderByGroup's groups, copied out. The groups share one backing array,
// so a large conversion's few large groups do not grow slice by slice.
func byGroup(list []projection) map[matcherGroup][]projection {
	o := orderByGroup(list)
	backing := make([]projection, len(list))
	for k, i := range o.order {
		backing[k] = list[i]
	}
	groups := make(map[matcherGroup][]projection, len(o.ids))
	for g, id := range o.ids {
		groups[g] = backing[o.start[id]:o.start[id+1]:o.start[id+1]]
	}
	return groups
}

// sameInEachGroup reports whether want and have hold, in each event and
// matcher, the same projections in the same order: what diffProjections
// finds no difference in, told without copying the projections into
// groups (byGroup), which for a large conversion whose groups are written
// in another order than planned (every tool's hooks grouped by event)
// was 1.6 MB of 80-byte copies. byGroup then makes the diff, when there
// is one.
func sameInEachGroup(want, have []projection) bool {
	if len(want) != len(have) {
		return false
	}
	var w, h groupOrder
	parallel.Both(len(want),
		func() { w = orderByGroup(want) },
		func() { h = orderByGroup(have) })
	if len(w.ids) != len(h.ids) {
		return false
	}
	for g, wid := range w.ids {
		hid, ok := h.ids[g]
		if !ok {
			return false
		}
		ws, hs := w.of(wid), h.of(hid)
		if len(ws) != len(hs) {
			return false
		}
		for k := range ws {
			if want[ws[k]] != have[hs[k]] {
				return false
			}
		}
	}
	return true
}

// groupOrder is a list of projections in groups: the indexes of each
// group's projections, in list order, one group after another. Indexes
// are int32, half the bytes: a list is one per hook.
type groupOrder struct {
	ids   map[matcherGroup]int // a group's number: groups are numbered as they first appear
	start []int32              // where group i's indexes begin in order; start[i+1] is where they end
	order []int32
}

// of returns the indexes of group id's projections.
func (o groupOrder) of(id int) []int32 { return o.order[o.start[id]:o.start[id+1]] }

// orderByGroup puts list's indexes in groups, keeping their order within
// each (a counting sort by group number).
func orderByGroup(list []projection) groupOrder {
	ids := make(map[matcherGroup]int)
	idOf := make([]int32, len(list))
	var sizes []int32
	for i, p := range list {
		if i > 0 && p.group() == list[i-1].group() {
			// In the group of the one before, as most are: no look-up.
			idOf[i] = idOf[i-1]
			sizes[idOf[i]]++
			continue
		}
		id, ok := ids[p.group()]
		if !ok {
			id = len(sizes)
			ids[p.group()] = id
			sizes = append(sizes, 0)
		}
		idOf[i] = int32(id)
		sizes[id]++
	}
	start := make([]int32, len(sizes)+1)
	for id, n := range sizes {
		start[id+1] = start[id] + n
	}
	next := slices.Clone(start[:len(sizes)])
	order := make([]int32, len(list))
	for i, id := range idOf {
		order[next[id]] = int32(i)
		next[id]++
	}
	return groupOrder{ids: ids, start: start, order: order}
}

// withoutRepeats keeps the first of equal projections.
func withoutRepeats(list []projection) []projection {
	seen := make(map[projection]bool, len(list))
	out := make([]projection, 0, len(list))
	for _, p := range list {
		if !seen[p] {
			seen[p] = true
			out = append(out, p)
		}
	}
	return out
}

// hookMarks are what encoder diagnostics said about a hook, by its source
// index.
type hookMarks []uint8

const (
	markSkipped  uint8 = 1 << iota // not written
	markPartial                    // part of its matcher lost or widened
	markAsPrompt                   // an agent handler written as a prompt
	markWidened                    // its matcher ignored: fires for every tool
	markSync                       // async not written: the event's hooks run synchronously
)

// markHooks reads the encoder's diagnostics, which name hooks by their
// source index.
func markHooks(encodeDiags diag.List) hookMarks {
	var marks hookMarks
	for _, d := range encodeDiags {
		i, ok := providers.HookOfPath(d.Path)
		if !ok {
			continue
		}
		var mark uint8
		if providers.IsNotWritten(d.Code) {
			mark |= markSkipped
		}
		switch d.Code {
		case nested.CodeLostMatcher, flat.CodeMCPServerLost:
			mark |= markPartial
		case providers.CodeAgentAsPrompt:
			mark |= markAsPrompt
		case providers.CodeMatcherIgnored:
			mark |= markWidened
		case nested.CodeSyncEvent:
			mark |= markSync
		}
		if mark == 0 {
			continue
		}
		if i >= len(marks) {
			marks = append(marks, make(hookMarks, i+1-len(marks))...)
		}
		marks[i] |= mark
	}
	return marks
}

func (m hookMarks) of(i int) uint8 {
	if i < 0 || i >= len(m) {
		return 0
	}
	return m[i]
}

func project(h *canonical.Hook, prov vocab.Provider) projection {
	var keys matcherKeys
	return keys.project(h, &prov)
}

// matcherKeys keys matchers for one target (matcherKey), remembering the
// last it keyed: the hooks of a group are neighbours with equal matchers,
// and keying one asks the vocabulary several times. Use one per
// goroutine.
type matcherKeys struct {
	last  canonical.Matcher
	key   string
	keyed bool
}

// of is matcherKey(m, prov, names).
func (k *matcherKeys) of(m canonical.Matcher, prov *vocab.Provider, names *vocab.Tables) string {
	if !k.keyed || !canonical.SameMatcher(m, k.last) {
		k.last, k.key, k.keyed = m, matcherKey(m, prov, names), true
	}
	return k.key
}

// project is project(h, *prov), its matcher keyed by k.
func (k *matcherKeys) project(h *canonical.Hook, prov *vocab.Provider) projection {
	names := vocab.Default()
	hd := &h.Handler
	run := hd.Command
	if original, shimmed := Unshim(run); shimmed {
		run = original // compare what the shim runs, so a quoting slip shows
	}
	switch hd.Type {
	case canonical.HandlerHTTP:
		run = hd.URL
	case canonical.HandlerPrompt, canonical.HandlerAgent:
		run = hd.Prompt
	case canonical.HandlerMCPTool:
		run = hd.Server + "/" + hd.Tool
	}
	matcher := k.of(h.Matcher, prov, names)
	if raw := h.ProviderData[prov.Slug]; len(prov.FilterKeys) > 0 && bytes.Contains(raw, []byte(`"$group"`)) {
		// Group keys that narrow the matcher (Droid's commandRegex) make
		// a group of their own: hooks are grouped, and compared, with
		// them. (Most hooks carry none: parse only those that might.)
		if g := providers.OwnData(h, prov.Slug).Get("$group"); g != nil {
			dst, _ := providers.Get(prov.Slug)
			w, groups := dst.(providers.GroupKeyWriter)
			for _, k := range prov.FilterKeys {
				if v := g.Get(k); v != nil && groups && w.WritesGroupKey(k) {
					matcher += "\x00" + k + "=" + string(node.AppendCompact(nil, v))
				}
			}
		}
	}
	return projection{
		Event:   h.Event,
		Matcher: matcher,
		Type:    hd.Type,
		Run:     run,
		Timeout: roundTimeout(hd.Timeout, hd.Type, *prov),
		Async:   hd.Async,
	}
}

// roundTimeout applies the target's unit as its encoder does
// (canonical.TimeoutUnits): up to the next whole millisecond or second,
// and a command hook's to at least the target's SecondsBelow ms.
func roundTimeout(t float64, typ string, prov vocab.Provider) float64 {
	switch {
	case t <= 0, prov.TimeoutUnit == "": // no timeout in the format: dropped, with a warning
		return 0
	case prov.TimeoutInteger:
		n, _ := canonical.TimeoutUnits(t, 1)
		return n
	case prov.TimeoutUnit == "ms":
		ms, _ := canonical.TimeoutUnits(t, 1000)
		if typ == canonical.HandlerCommand {
			ms = max(ms, prov.SecondsBelow)
		}
		return ms / 1000
	}
	return t
}

// matcherKey spells a matcher as the set of native alternatives the
// target matches, so two canonical forms that mean the same to the target
// ("Bash" and "shell"; {"pattern": "^Bash$"} and "shell") compare equal.
func matcherKey(m canonical.Matcher, prov *vocab.Provider, names *vocab.Tables) string {
	if m == nil {
		return "*"
	}
	// A slice, sorted and compacted, rather than a set: verify keys every
	// hook, and most matchers are one or two names.
	keys := appendMatcherKeys(nil, m, prov, names)
	if len(keys) == 1 {
		return keys[0]
	}
	if slices.Contains(keys, "*") {
		return "*" // one member matches every tool: so does the whole
	}
	slices.Sort(keys)
	return strings.Join(slices.Compact(keys), "\x00")
}

// anchoredList matches a regex that is only a list of names, anchored or
// not ("^(Bash|Write)$", "(Bash)", "write_file|replace"): decoders read
// such a regex as those names, so verify does too.
var anchoredList = lazy.Regexp(`^\^?\(?(` + nameChars + `+(\|` + nameChars + `+)*)\)?\$?$`)

// nameChars is a character class of what is not regular-expression
// syntax.
var nameChars = "[^" + regexp.QuoteMeta(canonical.RegexSyntax) + "]"

// listedNames returns the names a regex that only lists names matches:
// a list, anchored or not ("^(Bash|Write)$", "(Bash)", "write_file|replace"),
// or names anchored one by one and quoted as regexp.QuoteMeta quotes them
// ("^0$|^1$", "^fs\.read$"), as encoders write names a regex must match
// exactly. Decoders read such a regex as those names, so verify does too.
func listedNames(re string) ([]string, bool) {
	if sm := anchoredList().FindStringSubmatch(re); sm != nil {
		return strings.Split(sm[1], "|"), true
	}
	var names []string
	for alt := range strings.SplitSeq(re, "|") {
		body, ok := strings.CutPrefix(alt, "^")
		if !ok || !strings.HasSuffix(body, "$") || strings.HasSuffix(body, `\$`) {
			return nil, false
		}
		name, ok := providers.UnquoteMeta(body[:len(body)-1])
		if !ok || name == "" {
			return nil, false
		}
		names = append(names, name)
	}
	return names, true
}

// unwrapGroup drops one pair of parentheses around a whole regex without
// inner groups: "(a|b)" and "a|b" match the same names.
func unwrapGroup(re string) string {
	if strings.HasPrefix(re, "(") && strings.HasSuffix(re, ")") && !strings.ContainsAny(re[1:len(re)-1], "()") {
		return re[1 : len(re)-1]
	}
	return re
}

// anchoredGroup returns what a regex that is one group anchored at both
// ends ("^(?:…)$", "^(…)$") holds.
func anchoredGroup(re string) (string, bool) {
	for _, open := range []string{"^(?:", "^("} {
		if body, ok := strings.CutPrefix(re, open); ok && strings.HasSuffix(body, ")$") && !strings.HasPrefix(body, "?") {
			return body[:len(body)-2], true
		}
	}
	return "", false
}

// appendNativeName appends the keys of one native name a regex lists,
// as the target's decoder reads it: a name it knows is every canonical
// tool of it (providers.AppendTools), each keyed as that tool is, so
// Droid's "Edit", read back as file_edit, is keyed with ApplyPatch's
// writes as file_edit is (QA: keying the name alone was HC900); an
// alias such as Droid's "Bash" so reads as shell. Any other name is
// itself.
func appendNativeName(keys []string, name string, prov *vocab.Provider, names *vocab.Tables) []string {
	tools := names.DecodeTools(prov.Slug, name)
	if len(tools) == 0 {
		return append(keys, "tool:"+name)
	}
	for _, tool := range tools {
		keys = appendMatcherKeys(keys, canonical.ToolName(tool), prov, names)
	}
	return keys
}

// appendPrimary appends the key of a canonical tool's primary native name.
func appendPrimary(keys []string, tool string, prov *vocab.Provider, names *vocab.Tables) []string {
	if w, ok := names.EncodeTool(prov.Slug, tool); ok {
		keys = append(keys, "tool:"+w.Name)
	}
	return keys
}

// skipOpenEnds trims the open ends (.*) of a pattern as appendMatcherKeys
// would, one pair at a time, without asking at each step what it asks of
// a pattern: one with an open end and no "|" is no group, name, list,
// alternation or MCP tool to it (a .* at its start or end is none of
// them), so all it can do is key what is left, or the pattern itself
// when nothing is (every tool, the target's every MCP tool, a server's
// tools, which are still asked). ".*" written 100,000 times was that
// many calls deep, each looking through the rest of it (QA: 14 s).
func skipOpenEnds(re string, prov *vocab.Provider) string {
	if providers.OpenEndsTrimmed(re) == re || strings.Contains(re, "|") {
		return re
	}
	all := providers.ServerlessMCPAll(prov.MCP)
	for {
		trimmed := providers.OpenEndsTrimmed(re)
		if trimmed == re || trimmed == "" || trimmed == "^" || trimmed == "$" || providers.AnyName(re) || re == all {
			return re
		}
		if _, ok := providers.MCPServerMatcher(prov.MCPServer, re); ok {
			return re
		}
		re = trimmed
	}
}

func appendMatcherKeys(keys []string, m canonical.Matcher, prov *vocab.Provider, names *vocab.Tables) []string {
	switch m := m.(type) {
	case canonical.ToolName:
		if rows := names.EncodeTools(prov.Slug, string(m)); len(rows) > 0 {
			keys = append(keys, "tool:"+rows[0].Name)
			for _, r := range rows {
				// A native tool doing two jobs reads back as both
				// (OpenCode's apply_patch, written for file_write, comes
				// back file_edit too): expect what the decoder will say.
				// (DecodeTools, without its allocation: verify keys
				// every hook.)
				if first, ok := names.DecodeTool(prov.Slug, r.Name); ok && first.Tool != string(m) {
					keys = appendPrimary(keys, first.Tool, prov, names)
				}
				for _, tool := range names.AlsoTools(prov.Slug, r.Name) {
					if tool != string(m) {
						keys = appendPrimary(keys, tool, prov, names)
					}
				}
			}
		} else if tools := names.DecodeTools(prov.Slug, string(m)); len(tools) > 0 {
			// A literal native name the target knows (Droid's alias Write):
			// what its decoder reads it as, every tool of it.
			for _, tool := range tools {
				if tool == string(m) {
					keys = appendPrimary(keys, tool, prov, names) // no row to encode it by: not again
					continue
				}
				keys = appendMatcherKeys(keys, canonical.ToolName(tool), prov, names)
			}
		} else {
			keys = append(keys, "tool:"+string(m))
		}
	case canonical.MCP:
		switch {
		case m.Tool != "":
			keys = append(keys, "tool:"+providers.MCPName(prov.MCP, m.Server, m.Tool))
		case m.Server == canonical.AnyServer:
			keys = append(keys, "mcp:*")
		default:
			keys = append(keys, "re:"+providers.MCPServerPattern(prov.MCPServer, m.Server))
		}
	case canonical.Pattern:
		m.Regex = skipOpenEnds(m.Regex, prov)
		inner := unwrapGroup(m.Regex)
		// An open end (Edit.*) selects what none does: a tool that
		// matches whole names is written one, and reads it back cut.
		trimmed := providers.OpenEndsTrimmed(inner)
		// The empty regex ("", "()"), and one that only anchors or opens
		// an end ($, ^, ^.*), is found in every name, as a tool's "every
		// tool" is.
		// So is one that matches every name whole (^.*$, ^(.*)$), which
		// decoders read back as every tool (providers.AnyName; QA: HC900
		// for {"pattern": "^.*$"} to every tool that keeps a regex).
		if trimmed == "" || trimmed == "^" || trimmed == "$" || providers.AnyName(m.Regex) {
			return append(keys, "*")
		}
		// The target's own spelling of every MCP tool (Cursor's MCP:.*,
		// passed on from a source where it named none), which its
		// decoder reads as that: keyed so before its open end is cut.
		if all := providers.ServerlessMCPAll(prov.MCP); all != "" && m.Regex == all {
			return appendMatcherKeys(keys, canonical.MCP{Server: canonical.AnyServer}, prov, names)
		}
		// A name the target finds anywhere in a tool's name (Gemini
		// CLI's "shell"), as its decoder reads it: the tools whose names
		// hold it.
		if tools, ok := providers.ToolsHolding(names, *prov, inner); ok {
			return appendMatcherKeys(keys, providers.Single(tools), prov, names)
		}
		// Inside its one group too: an encoder groups a pattern with
		// white space at an end ("(^a )"), and decoders read "(^Bash)"
		// as the name. Where names are found anywhere, a list is read
		// name by name below, as the decoder reads it.
		if listed, ok := listedNames(inner); ok && !prov.NamesAnywhere {
			for _, name := range listed {
				keys = appendNativeName(keys, name, prov, names)
			}
			return keys
		}
		// Alternatives one by one, as decoders read them: "a|b.*" may come
		// back as the tool a or the pattern b.*.
		// One alternative in a group ("^(^Bash)$") is read as it too.
		if parts, ok := providers.SplitAlternation(m.Regex); ok && (len(parts) > 1 || parts[0] != m.Regex) {
			// A "^(a|b)$" group anchors each of them, which matters
			// where a name is found anywhere in a tool's name.
			whole := prov.NamesAnywhere && providers.GroupAnchored(m.Regex)
			for _, p := range parts {
				if whole {
					p = "^" + p + "$"
				}
				keys = appendMatcherKeys(keys, canonical.Pattern{Regex: p}, prov, names)
			}
			return keys
		}
		// What SplitAlternation does not read (an alternative with a
		// group, escape or class: "^Bash$|^PowerShell$|(Read|Edit)", as
		// an encoder joins a tool name and a pattern beside it, which
		// decodes as one pattern) is split at its top level all the same:
		// each alternative selects alone what it selects in the whole
		// (QA: HC900 for ["shell", {"pattern": "a|b"}] to most tools).
		if parts, ok := providers.TopAlternatives(m.Regex); ok && len(parts) > 1 {
			for _, p := range parts {
				keys = appendMatcherKeys(keys, canonical.Pattern{Regex: p}, prov, names)
			}
			return keys
		}
		// One group around all of it, which an encoder adds to a
		// pattern it joins to others ("(^(a|b)$)"), matches what its
		// body does.
		if body, ok := providers.WholeGroup(m.Regex); ok {
			return appendMatcherKeys(keys, canonical.Pattern{Regex: body}, prov, names)
		}
		// So is one group matched against the whole name, as an
		// anchored_patterns decoder reads the full-match list its
		// encoder wrote ("bash|powershell|.*(a|b).*" comes back
		// "^(?:bash|powershell|.*(a|b).*)$"): each alternative is
		// matched whole, which the manifest spells FromWholeName's way.
		if body, ok := anchoredGroup(m.Regex); ok {
			if parts, ok := providers.TopAlternatives(body); ok && len(parts) > 1 {
				for _, p := range parts {
					keys = appendMatcherKeys(keys, canonical.Pattern{Regex: providers.FromWholeName(p)}, prov, names)
				}
				return keys
			}
		}
		// One name, where the target finds names anywhere: no tool's
		// name holds it, so it is read as the name.
		if listed, ok := listedNames(inner); ok && prov.NamesAnywhere {
			for _, name := range listed {
				keys = appendNativeName(keys, name, prov, names)
			}
			return keys
		}
		// A server's tools, spelled as this tool's decoder reads them.
		if mcp, ok := providers.MCPServerMatcher(prov.MCPServer, inner); ok {
			return appendMatcherKeys(keys, mcp, prov, names)
		}
		// One tool on every server, as this tool's decoder reads it.
		if tool, ok := providers.AnyServerTool(prov.MCP, inner); ok {
			return appendMatcherKeys(keys, canonical.MCP{Server: canonical.AnyServer, Tool: tool}, prov, names)
		}
		// Either spelling of an open end is keyed as the other.
		if trimmed != inner {
			return appendMatcherKeys(keys, canonical.Pattern{Regex: trimmed}, prov, names)
		}
		keys = append(keys, "re:"+trimmed)
	case canonical.AnyOf:
		for _, x := range m {
			keys = appendMatcherKeys(keys, x, prov, names)
		}
	}
	return keys
}
