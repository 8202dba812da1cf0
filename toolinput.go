package hookconv

// The tool's arguments a converted guard reads (HC419): where the source
// and the target keep the tool's input at the same place, a tool may
// still name its arguments otherwise (Codex's apply_patch hands its hooks
// {command}, the patch, where Claude Code's Write hands them file_path).

import (
	"bytes"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"sync"

	"github.com/hookconv/hookconv/canonical"
	"github.com/hookconv/hookconv/diag"
	"github.com/hookconv/hookconv/hookrun"
	"github.com/hookconv/hookconv/internal/node"
	"github.com/hookconv/hookconv/providers"
	"github.com/hookconv/hookconv/providers/cline"
	"github.com/hookconv/hookconv/vocab"
)

// inputFields warns (HC419), once per source tools, target tools and
// fields, when blocking command hooks select a tool whose documented
// arguments (vocab's tool input) differ between the source and the
// target, where both keep the tool's input at the same place (else
// payloadShape says so): a guard that reads an argument the target's tool
// does not send finds nothing, exits 0, and lets every call through.
// What the hook reads is looked for in its command and the project
// scripts it runs (readInput): a hook that names an argument its target's
// tool lacks, and none that only the target's sends, is warned about; one
// that names none is warned about only when hookconv could not read all
// it runs and the source's tool's first argument (the command, the path)
// is not among the target's. Beside each warning, the source hooks it is
// about.
//
// Under the shim, hookconv run hands a hook the target's tool input too,
// with the argument the call acts on also under the source's name for it
// (hookrun.SourceArg: Claude Code's file_path for Kiro CLI's path): the
// other arguments a guard reads are the target's, and one the target's
// tool does not send is missing there as it is without the shim (QA q4
// F1: convert --shim said nothing, and a guard reading Write's content
// under Kiro CLI let every call through).
func inputFields(m *canonical.Manifest, from, to string, files providers.Files, shim bool, scripts *Scripts) (ds diag.List, about [][]int) {
	contracts, dst, ok := argsContract(from, to, shim)
	if !ok || len(dst.Tool) == 0 || len(dst.ToolInput) == 0 || !documentsInput(to) {
		return nil, nil
	}
	names := vocab.Default()
	type key = inputKey
	var groups hookGroups[key]
	var pairsOf perMatcher[[]inputPair]
	type reading struct {
		read   []string    // every documented argument its text reads
		unseen inputUnseen // why its text may not be all that reads the input
	}
	// By command and cwd, as readInput keeps them: thousands of hooks may
	// run one script, and a hook with a cwd of its own runs another
	// folder's script under the same command; and by where the hook's
	// payload keeps the tool input.
	texts := map[[3]string]reading{}
	findingsOf := map[findingKey][]inputKey{}
	for i := range m.Hooks {
		h := &m.Hooks[i]
		source, input, ok := inputGuardSource(h, from, to, names, contracts, dst, shim)
		if !ok {
			continue
		}
		pk, pairs := pairsOf.of(source, h.Matcher, func() []inputPair { return toolPairs(names, h.Matcher, source, to, shim) })
		if len(pairs) == 0 {
			continue
		}
		tk := [3]string{h.Handler.Command, h.Handler.Cwd, input}
		r, seen := texts[tk]
		if !seen {
			var text string
			text, r.unseen = scripts.readInput(&h.Handler)
			r.read = fieldsRead(text, allFields(), input)
			if len(r.read) == 0 && namesInput(text, input) {
				// It reads the tool's input, and no argument hookconv
				// recognises: not a hook that reads nothing.
				r.unseen = unseenRead
			}
			texts[tk] = r
		}
		// What a hook is warned about depends on its tools and on what its
		// text reads, not on the hook: worked out once for each (a large
		// config holds thousands of hooks that differ only in their
		// script's name, and read nothing hookconv can see).
		fk := findingKey{pk, strings.Join(r.read, "\x00"), r.unseen}
		mine, seen := findingsOf[fk]
		if !seen {
			mine = findings(pairs, r.read, r.unseen, source, to, input)
			findingsOf[fk] = mine
		}
		for _, k := range mine {
			groups.add(k, h, i)
		}
	}
	for _, k := range groups.keys {
		g := groups.by[k]
		listed := g.listed()
		h := &m.Hooks[g.first]
		verb := "sends"
		if strings.Contains(k.targets, " and ") {
			verb = "send"
		}
		target := fmt.Sprintf("%s's %s, which the hook runs for there, %s %s instead: a guard that reads %s there finds nothing, and then lets every call through", to, k.targets, verb, k.sent, k.fields)
		var w diag.List
		if k.unseen != "" {
			w.Warnf(CodePayloadShape, h.PosOf("handler.command"), "", "check which arguments the scripts read, and make them "+k.alt,
				"%d blocking hook(s) on tool events (%s) were written for %s, whose input holds %s, and %s; %s",
				g.n, listed, k.sources, k.fields, k.unseen, target)
		} else {
			w.Warnf(CodePayloadShape, h.PosOf("handler.command"), "", "make the scripts "+k.alt,
				"%d blocking hook(s) on tool events (%s) read %s from the tool input of %s; %s",
				g.n, listed, k.fields, k.sources, target)
		}
		ds = append(ds, inHookFile(w, h, files)...)
		about = append(about, g.hooks)
	}
	return ds, about
}

// perMatcher holds what a check works out from a hook's source tool and
// matcher, once for each: the hooks of one group share their matcher, and
// a large config holds thousands of hooks in a few groups, so the key is
// spelled once per group, not once per hook.
type perMatcher[T any] struct {
	by   map[[2]string]T
	last struct {
		source  string
		matcher canonical.Matcher
		key     [2]string
		value   T
		set     bool
	}
}

// of returns the key of source and matcher and the value work gives for
// them, calling work only the first time.
func (c *perMatcher[T]) of(source string, matcher canonical.Matcher, work func() T) ([2]string, T) {
	if c.last.set && source == c.last.source && canonical.SameMatcher(matcher, c.last.matcher) {
		return c.last.key, c.last.value
	}
	if c.by == nil {
		c.by = map[[2]string]T{}
	}
	key := [2]string{source, canonical.MatcherText(matcher)}
	v, seen := c.by[key]
	if !seen {
		v = work()
		c.by[key] = v
	}
	c.last.source, c.last.matcher, c.last.key, c.last.value, c.last.set = source, matcher, key, v, true
	return key, v
}

// inputGuardSource returns the tool a hook of m was written for, when it
// is a blocking command hook on a tool event whose payload keeps the
// tool's input where the target's does (dst), or under the shim where
// hookconv run --from gives it (the source's own place: tool_input,
// Windsurf's tool_info), and the path of that place: what the tool
// argument checks (inputFields, notedInputUnsent) read. Elsewhere
// (another layout, a native event with the input at the payload's top,
// the Claude-named events of Copilot CLI) payloadShape speaks, or
// nothing is known.
func inputGuardSource(h *canonical.Hook, from, to string, names *vocab.Tables, contracts *hookrun.Tables, dst *hookrun.Contract, shim bool) (source, input string, ok bool) {
	if !h.Blocking || h.Handler.Type != canonical.HandlerCommand {
		return "", "", false
	}
	if ev, _ := names.Event(h.Event); ev.Subject != "tool" {
		return "", "", false
	}
	source = from
	if from == "canonical" {
		if source = markedSource(h); source == "" || source == to {
			return "", "", false
		}
	}
	if slug, _ := topLevelEvent(h, from, contracts); slug != "" || spelledAsClaude(h, source) {
		return "", "", false
	}
	src, ok := contracts.Contract(source)
	if !ok {
		return "", "", false
	}
	placed := sameInputPlace(src, dst)
	if shim {
		placed = shimGivesInput(src, dst)
	}
	if !placed {
		return "", "", false
	}
	return source, src.ToolInput[0], true
}

// argsContract is targetContract for the checks of the tool arguments a
// hook reads, which hold under the shim too (hookconv run hands the
// hook the target's tool input): ok under --shim where the target runs
// the shim, not a program hookconv generates, which hands its hooks the
// target's payload as it is.
func argsContract(from, to string, shim bool) (contracts *hookrun.Tables, dst *hookrun.Contract, ok bool) {
	if !shim {
		return targetContract(from, to, shim)
	}
	if from == to || to == "canonical" {
		return nil, nil, false
	}
	if p, _ := vocab.Default().Provider(to); p.Generated {
		return nil, nil, false
	}
	contracts = hookrun.Default()
	dst, ok = contracts.Contract(to)
	return contracts, dst, ok
}

// shimGivesInput reports whether hookconv run --from hands a hook of
// src's the tool's input where src's payload keeps it (its first path),
// with the arguments spelled as src spells them (else payloadShape
// warns): dst is the target's contract, whose arguments they are. Kept
// per source and target: it is asked for every hook of a large config
// (ShimPayload builds a contract each time), and the tables do not
// change.
func shimGivesInput(src, dst *hookrun.Contract) bool {
	key := [2]string{src.Slug, dst.Slug}
	if given, ok := shimInputPlaces.Load(key); ok {
		return given.(bool)
	}
	given := len(src.ToolInput) > 0 && src.CamelCaseArgs == dst.CamelCaseArgs &&
		slices.Contains(hookrun.Default().ShimPayload(src.Slug, dst.Slug).ToolInput, src.ToolInput[0])
	shimInputPlaces.Store(key, given)
	return given
}

// shimInputPlaces holds shimGivesInput's answers by source and target.
var shimInputPlaces sync.Map

// inputKey is one HC419 finding about tool arguments: the tools and the
// arguments it is about, and whether the hook's text was unread.
type inputKey struct {
	unseen                   inputUnseen // why the hook's text was not all read, "" if it was
	sources, targets, fields string
	sent                     string // what the target's tools send
	alt                      string // the hint: how to read the target's arguments too
}

// findingKey is what a hook's findings depend on: its source tool and
// matcher, what its text reads, and whether all of it was read.
type findingKey struct {
	tools  [2]string
	read   string
	unseen inputUnseen
}

// findings works out inputFields' findings for a hook written for source
// whose matcher selects pairs in the target to and whose text reads the
// arguments reads (unseen says why that text may not be all it reads);
// input is where the target's payload keeps the tool's input.
func findings(pairs []inputPair, reads []string, unseen inputUnseen, source, to, input string) []inputKey {
	type key = inputKey
	// The arguments of every source tool the matcher selects: a text
	// that names one of the target's may read it for another tool.
	var sourceFields []string
	for _, p := range pairs {
		sourceFields = appendNew(sourceFields, p.sourceFields...)
	}
	// One finding per kind, source tools and fields, with the target
	// tools it is about: fs_write's path is missing from Claude Code's
	// Write and Edit alike.
	var mine []key
	targetsOf := map[key][]string{}
	sentOf := map[key][]string{}
	for _, p := range pairs {
		var k key
		var lacking []string
		read := slices.DeleteFunc(slices.Clone(reads), func(f string) bool {
			return !slices.Contains(p.sourceFields, f) && !slices.Contains(p.anyFields, f)
		})
		if len(read) > 0 {
			if p.known && sameFields(p.sourceFields, p.fields) {
				continue // the same arguments: whatever it reads is there
			}
			if slices.ContainsFunc(read, func(f string) bool { return slices.Contains(p.fields, f) && !slices.Contains(sourceFields, f) }) {
				continue // it reads the target's own argument too
			}
			for _, f := range read {
				if !p.has(f) {
					lacking = append(lacking, f)
				}
			}
		} else if unseen != "" && p.known {
			// It may read anything: what a script written for the
			// source's tool reads first is the argument that says what
			// the call acts on.
			for _, f := range p.firstFields {
				if !p.has(f) {
					lacking = appendNew(lacking, f)
				}
			}
			k.unseen = unseen
		}
		if len(lacking) == 0 {
			continue
		}
		k.sources = source + "'s " + andList(p.sources)
		k.fields = andList(lacking)
		k.alt = inputHint(p, lacking[0], source, to, input)
		if !slices.Contains(mine, k) {
			mine = append(mine, k)
		}
		targetsOf[k] = appendNew(targetsOf[k], p.target)
		sentOf[k] = appendNew(sentOf[k], p.fields...)
	}
	for i, k := range mine {
		mine[i].targets, mine[i].sent = andList(targetsOf[k]), andList(sentOf[k])
	}
	return mine
}

// inputHint says (as words after "make the scripts") how a guard reading the source's argument field may read
// what p's target tool sends: a jq filter reading both, unless either
// tool's first argument holds what its name does not say (Codex's
// apply_patch sends the patch as command), where the filter would take
// one thing for another and the table's note says what it holds.
func inputHint(p inputPair, field, source, to, input string) string {
	if p.shim && p.targetNote == "" {
		// Under the shim the target's arguments sit beside the one
		// hookconv run names as the source does: a jq filter reading
		// either would offer another argument for this one.
		also := ""
		if p.given != "" {
			also = fmt.Sprintf(", with %s also as %s's %s", p.givenAs, source, p.given)
		}
		return fmt.Sprintf("read what %s's %s sends (%s) instead of %s: under the shim, hookconv run hands them %s's tool input%s", to, p.target, andList(p.fields), field, to, also)
	}
	if note := p.targetNote; note != "" {
		return fmt.Sprintf("read what %s's %s sends instead of %s: %s", to, p.target, field, note)
	}
	if note := p.sourceNote; note != "" {
		return fmt.Sprintf("read %s's %s where they read %s's %s (%s's %s)", to, p.fields[0], source, field, andList(p.sources), note)
	}
	return fmt.Sprintf("read %s's argument too: jq -r '.%s.%s // .%s.%s'", to, input, field, input, p.fields[0])
}

// inputPair is a native tool of the target that a hook's matcher selects
// there, whose arguments are documented, with the source's native tools
// for the same canonical jobs.
type inputPair struct {
	target string   // the target's native tool
	fields []string // its arguments
	// sources are the source's native tools; sourceFields their arguments
	// as far as documented, known whether all of them are, firstFields
	// the first argument of each (what it acts on).
	sources      []string
	sourceFields []string
	known        bool
	firstFields  []string
	// anyFields are every tool's arguments for those jobs: what a hook
	// whose source documents none may read.
	anyFields []string
	// targetNote and sourceNote say what the target's and the source's
	// tools' first argument holds where its name does not say so
	// (vocab's input_note).
	targetNote, sourceNote string
	// shim says the hooks run under the shim; given is then the
	// source's name for the argument the call acts on, which hookconv
	// run hands them besides the target's arguments (hookrun.SourceArg),
	// givenAs the target's name for it.
	shim           bool
	given, givenAs string
}

// has reports whether the hooks find argument f in the target tool's
// input: one it sends, or one hookconv run adds under the shim.
func (p *inputPair) has(f string) bool {
	return f == p.given || slices.Contains(p.fields, f)
}

// shimGiven returns the name under which hookconv run --from from hands
// a hook the argument of to's native tool that says what the call acts
// on, and the target's name for it, where the two differ.
func shimGiven(names *vocab.Tables, from, to, native string) (own, target string) {
	n, ok := names.DecodeTool(to, native)
	if !ok {
		return "", ""
	}
	own, target, _ = hookrun.SourceArg(from, to, n.Tool, native)
	return own, target
}

// toolPairs returns the target's documented native tools that a matcher
// selects, each with the source's native tools for the same jobs. A
// pattern selects the jobs of the names it matches on both sides; an MCP
// matcher none (no arguments are known for MCP tools).
func toolPairs(names *vocab.Tables, mt canonical.Matcher, from, to string, shim bool) []inputPair {
	jobs := jobsOf(names, mt, from)
	if hasPattern(mt) {
		// A pattern names native tools: keep the jobs it selects in the
		// target too.
		there := jobsOf(names, mt, to)
		jobs = slices.DeleteFunc(jobs, func(j string) bool { return !slices.Contains(there, j) })
	}
	// In the table's order, not the matcher's: Write|Edit and Edit|Write
	// are one finding.
	order := names.ToolNames()
	slices.SortStableFunc(jobs, func(a, b string) int { return slices.Index(order, a) - slices.Index(order, b) })
	var out []inputPair
	for _, job := range jobs {
		for _, t := range names.EncodeTools(to, job) {
			fields := names.ToolInput(to, t.Name)
			if len(fields) == 0 {
				continue
			}
			k := slices.IndexFunc(out, func(p inputPair) bool { return p.target == t.Name })
			if k < 0 {
				out = append(out, inputPair{target: t.Name, fields: fields, known: true, targetNote: names.ToolInputNote(to, t.Name)})
				k = len(out) - 1
				if shim {
					out[k].shim = true
					out[k].given, out[k].givenAs = shimGiven(names, from, to, t.Name)
				}
			}
			p := &out[k]
			sources := names.EncodeTools(from, job)
			if len(sources) == 0 {
				p.known = false
			}
			for _, s := range sources {
				p.sources = appendNew(p.sources, s.Name)
				if note := names.ToolInputNote(from, s.Name); note != "" {
					p.sourceNote = note
				}
				sf := names.ToolInput(from, s.Name)
				if len(sf) == 0 {
					p.known = false
					continue
				}
				p.sourceFields = appendNew(p.sourceFields, sf...)
				p.firstFields = appendNew(p.firstFields, sf[0])
			}
			p.anyFields = appendNew(p.anyFields, jobFields()[job]...)
		}
	}
	return slices.DeleteFunc(out, func(p inputPair) bool { return len(p.sources) == 0 })
}

// jobsOf returns the canonical tools a matcher selects in slug: every one
// for no matcher, the named ones, and for a pattern those of the native
// names (aliases too) it matches.
func jobsOf(names *vocab.Tables, mt canonical.Matcher, slug string) []string {
	switch x := mt.(type) {
	case nil:
		return names.ToolNames()
	case canonical.ToolName:
		if _, ok := names.Tool(string(x)); ok {
			return []string{string(x)}
		}
	case canonical.Pattern:
		re, err := regexp.Compile(x.Regex)
		if err != nil {
			return nil
		}
		var out []string
		for _, n := range names.ToolsOf(slug) {
			if re.MatchString(n.Name) {
				out = appendNew(out, names.DecodeTools(slug, n.Name)...)
			}
		}
		return out
	case canonical.AnyOf:
		var out []string
		for _, member := range x {
			out = appendNew(out, jobsOf(names, member, slug)...)
		}
		return out
	}
	return nil
}

// jobFields are, per canonical tool, every provider's documented
// arguments of its native tools for it.
var jobFields = sync.OnceValue(func() map[string][]string {
	// One pass over the rows, as ToolInput reads them (a name's first row
	// with arguments documents it), without indexing every provider:
	// a conversion touches two of them, and this runs in each one.
	rows := vocab.Default().NativeTools
	documented := map[[2]string]vocab.NativeTool{}
	for _, n := range rows {
		k := [2]string{n.Provider, n.Name}
		if _, seen := documented[k]; !seen && len(n.Input) > 0 {
			documented[k] = n
		}
	}
	out := map[string][]string{}
	for _, n := range rows {
		if d, ok := documented[[2]string{n.Provider, n.Name}]; ok && !n.Alias {
			out[n.Tool] = appendNew(out[n.Tool], d.SharedInput()...)
		}
	}
	return out
})

// allFields are every documented argument of every tool, in table order.
var allFields = sync.OnceValue(func() []string {
	var out []string
	for _, n := range vocab.Default().NativeTools {
		out = appendNew(out, n.Input...)
	}
	return out
})

// documentsInput reports whether any native tool of slug has documented
// arguments: for the others there is nothing to compare.
func documentsInput(slug string) bool {
	return slices.ContainsFunc(vocab.Default().ToolsOf(slug), func(n vocab.NativeTool) bool { return len(n.Input) > 0 })
}

// sameInputPlace reports whether two contracts keep the tool's name and
// input under the same keys and spell the arguments alike: where they do
// not, payloadShape warns already.
func sameInputPlace(src, dst *hookrun.Contract) bool {
	return len(src.Tool) > 0 && len(src.ToolInput) > 0 && src.Tool[0] == dst.Tool[0] &&
		src.ToolInput[0] == dst.ToolInput[0] && src.CamelCaseArgs == dst.CamelCaseArgs
}

// payloadSource is the tool a hook was written for (from, or for a
// manifest hook the tool its decoder's marks name: "" when none does,
// and nothing is known of what it read), and the payload layout it read:
// Claude Code's for Copilot CLI's hooks under Claude Code's event names,
// which get Claude's payload (reference part 2 §1.5). The checks of what
// a hook reads from its payload share it.
//
// A hook of a Cline script hookconv generated that keeps the marks of the
// tool it was first read from (a claude-code "$matcher" in the script's
// embedded manifest) was written for that tool's payload: it is that
// tool's, as a manifest's hook is (QA F18: converted back to Claude Code,
// its hooks were said to read Cline's fields). Not OpenCode's generated
// plugin, whose hooks are read as speaking the payload it builds for
// them (convert_payload_shape.txtar: OpenCode to VS Code, both camelCase,
// says nothing); whether the two should agree is left open.
func payloadSource(h *canonical.Hook, from string) (source, layout string) {
	source = from
	switch {
	case from == "canonical":
		if source = markedSource(h); source == "" {
			return "", ""
		}
	case from == cline.Slug:
		if marked := markedSource(h); marked != "" {
			source = marked
		}
	}
	layout = source
	// Claude Code's own hooks read its layout, marked or not: the mark is
	// not looked for (a look-up in the hook's data, by the six checks
	// that ask, for every hook of a large config).
	if source != "claude-code" && spelledAsClaude(h, source) {
		layout = "claude-code"
	}
	return source, layout
}

// spelledAsClaude reports whether a hook of source was written under
// Claude Code's event names in its tool's config (Copilot CLI's
// PreToolUse), whose payload is Claude's, not its tool's.
func spelledAsClaude(h *canonical.Hook, source string) bool {
	// Most hooks carry no such mark: parse only those that might.
	if !bytes.Contains(h.ProviderData[source], []byte(`"$spelling"`)) {
		return false
	}
	v := providers.OwnData(h, source).Get("$spelling")
	return v != nil && v.Kind == node.String && namesEvent("claude-code", v.Text, h.Event)
}

// sameFields reports whether two argument lists hold the same names.
func sameFields(a, b []string) bool {
	return len(a) == len(b) && !slices.ContainsFunc(a, func(f string) bool { return !slices.Contains(b, f) })
}

// appendNew appends the values list lacks, in order.
func appendNew(list []string, values ...string) []string {
	for _, v := range values {
		if !slices.Contains(list, v) {
			list = append(list, v)
		}
	}
	return list
}

// andList joins names for a message: "a", "a and b", "a, b and c".
func andList(items []string) string {
	if len(items) < 2 {
		return strings.Join(items, "")
	}
	return strings.Join(items[:len(items)-1], ", ") + " and " + items[len(items)-1]
}

// fieldsRead returns the fields of candidates that text reads from the
// tool's input (readsField), in candidates' order. input is the path
// where the payload keeps the tool's input (tool_input).
func fieldsRead(text string, candidates []string, input string) []string {
	var out []string
	for _, f := range candidates {
		if readsField(text, f, input) {
			out = append(out, f)
		}
	}
	return out
}

// namesInput reports whether text names the key where the payload keeps
// the tool's input (tool_input) as a word.
func namesInput(text, input string) bool {
	key := input[strings.LastIndexByte(input, '.')+1:]
	for at := 0; ; {
		j := strings.Index(text[at:], key)
		if j < 0 {
			return false
		}
		start, end := at+j, at+j+len(key)
		if (start == 0 || !wordByte(text[start-1])) && (end == len(text) || !wordByte(text[end])) {
			return true
		}
		at = end
	}
}

// readsField reports whether text reads the argument f of a tool's input:
// after the input's key (jq's .tool_input.path, JavaScript's
// tool_input?.path), as a subscript (Python's ["path"], ['path']) or a
// dictionary's get("path"); or, for a name no shell word or prose has
// (one with an underscore or a capital: file_path, filePath), as any
// whole word. A word such as "path" alone may be anything (os.path, a
// message's prose).
func readsField(text, f, input string) bool {
	if !strings.Contains(text, f) {
		return false // most texts name few of the fields asked about: nothing else to work out
	}
	key := input[strings.LastIndexByte(input, '.')+1:]
	distinct := strings.ContainsFunc(f, func(r rune) bool { return r == '_' || 'A' <= r && r <= 'Z' })
	for start, end := range wholeWords(text, f) {
		if distinct {
			return true
		}
		before, after := text[:start], text[end:]
		for _, q := range []string{`"`, `'`} {
			if strings.HasPrefix(after, q) && (strings.HasSuffix(before, "["+q) || strings.HasSuffix(before, "get("+q)) {
				return true
			}
		}
		if !strings.HasSuffix(before, ".") {
			continue
		}
		before = strings.TrimSuffix(strings.TrimSuffix(before, "."), "?")
		// In one jq filter, .tool_input | .path reads the same.
		if piped := strings.TrimRight(before, " "); strings.HasSuffix(piped, "|") && !strings.HasSuffix(piped, "||") {
			before = strings.TrimRight(strings.TrimSuffix(piped, "|"), " ")
		}
		if strings.HasSuffix(before, key) && (len(before) == len(key) || !wordByte(before[len(before)-len(key)-1])) {
			return true
		}
	}
	return false
}

// notedInputUnsent warns (HC419) about blocking guards written for a
// source tool whose first argument holds something its name does not say
// (vocab's input_note: Codex's apply_patch sends the patch text as
// command), whose text reads that argument, going where the same job's
// tools document no input at all (Factory Droid's, Qwen Code's, Gemini
// CLI's file tools). inputFields compares documented arguments and says
// nothing of these; but nothing says such a tool sends that argument, and
// a guard that finds nothing there lets every call through (QA: a Codex
// apply_patch guard went to Droid silently, and migrate --remove-source
// removed it). Beside each warning it returns the hooks it is about.
func notedInputUnsent(m *canonical.Manifest, from, to string, files providers.Files, shim bool, scripts *Scripts) (ds diag.List, about [][]int) {
	contracts, dst, ok := targetContract(from, to, shim)
	if !ok || len(dst.ToolInput) == 0 {
		return nil, nil
	}
	names := vocab.Default()
	type key struct{ source, sourceTool, field, targets string }
	var groups hookGroups[key]
	var notedOf perMatcher[[]notedTool]
	for i := range m.Hooks {
		h := &m.Hooks[i]
		source, _, ok := inputGuardSource(h, from, to, names, contracts, dst, false)
		if !ok {
			continue
		}
		_, noted := notedOf.of(source, h.Matcher, func() []notedTool { return notedTools(names, h.Matcher, source, to) })
		if len(noted) == 0 {
			continue
		}
		text, _ := scripts.readInput(&h.Handler)
		for _, n := range noted {
			if readsField(text, n.field, dst.ToolInput[0]) {
				groups.add(key{source, n.tool, n.field, n.targets}, h, i)
			}
		}
	}
	for _, k := range groups.keys {
		g := groups.by[k]
		h := &m.Hooks[g.first]
		var w diag.List
		w.Warnf(CodePayloadShape, h.PosOf("handler.command"), "", "check what "+to+"'s "+k.targets+" send, and make the scripts read that",
			"%d blocking hook(s) on tool events (%s) read %s from the tool input of %s's %s (%s); %s's %s, which the hook runs for there: no documented input, so nothing says it is sent, and a guard that finds nothing there lets every call through",
			g.n, g.listed(), k.field, k.source, k.sourceTool, names.ToolInputNote(k.source, k.sourceTool), to, k.targets)
		ds = append(ds, inHookFile(w, h, files)...)
		about = append(about, g.hooks)
	}
	return ds, about
}

// notedTool is a source tool whose first argument holds what its name
// does not say (field), with the target's tools for the same jobs that
// document no input (targets, listed).
type notedTool struct{ tool, field, targets string }

// notedTools returns the noted tools (vocab's input_note) a matcher
// selects in source, each with the target's undocumented tools for the
// same jobs (apply_patch is file_edit, and Codex's matcher also answers
// to Write, file_write), for notedInputUnsent.
func notedTools(names *vocab.Tables, mt canonical.Matcher, source, to string) []notedTool {
	var tools []string
	undocumented := map[string][]string{}
	// The first arguments of the plain tools the matcher selects too: a
	// guard on Bash|apply_patch (or every tool) that reads command reads
	// Bash's command, which is what it says (QA: warned as the patch).
	plain := map[string]bool{}
	jobs := jobsOf(names, mt, source)
	for _, job := range jobs {
		for _, s := range names.EncodeTools(source, job) {
			if f := names.ToolInput(source, s.Name); len(f) > 0 && names.ToolInputNote(source, s.Name) == "" {
				plain[f[0]] = true
			}
		}
	}
	for _, job := range jobs {
		var there []string
		for _, t := range names.EncodeTools(to, job) {
			if len(names.ToolInput(to, t.Name)) == 0 {
				there = append(there, t.Name)
			}
		}
		if len(there) == 0 {
			continue
		}
		for _, s := range names.EncodeTools(source, job) {
			if f := names.ToolInput(source, s.Name); names.ToolInputNote(source, s.Name) != "" && len(f) > 0 && !plain[f[0]] {
				tools = appendNew(tools, s.Name)
				undocumented[s.Name] = appendNew(undocumented[s.Name], there...)
			}
		}
	}
	out := make([]notedTool, len(tools))
	for i, t := range tools {
		out[i] = notedTool{t, names.ToolInput(source, t)[0], strings.Join(undocumented[t], ", ")}
	}
	return out
}
