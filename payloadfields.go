package hookconv

// The payload's common fields a converted guard reads (HC419): the
// prompt, the working directory, the session, the transcript, the tool's
// response, the event's name and the agent's last message sit under
// other keys in some tools' payloads (Windsurf's tool_info.user_prompt,
// Cline's userPromptSubmit.prompt, Gemini CLI's prompt_response), or
// nowhere, which the contracts table spells per tool.

import (
	"fmt"
	"slices"
	"strings"
	"sync"

	"github.com/hookconv/hookconv/canonical"
	"github.com/hookconv/hookconv/diag"
	"github.com/hookconv/hookconv/hookrun"
	"github.com/hookconv/hookconv/providers"
	"github.com/hookconv/hookconv/vocab"
)

// commonFields are the contract fields, by table key, that payloadFields
// compares: all but the tool's name and input, which payloadShape and
// inputFields do. Each with the words a message names it by, and the
// canonical events whose payloads carry it where not every one does: a
// hook on another event cannot read it, so its script need not be read
// for it (which would read every guard's script for one stop field).
var commonFields = []fieldOnEvents{
	{"prompt", "the prompt", nil},
	{"cwd", "the working directory", nil},
	{"session_id", "the session id", nil},
	{"transcript_path", "the transcript's path", nil},
	{"tool_response", "the tool's response", nil},
	{"event", "the event's name", nil},
	// A stop guard that keeps the agent working while its last message
	// looks unfinished (QA F1: Gemini CLI keeps it at prompt_response,
	// Factory Droid and Copilot CLI send none, and nothing was said).
	{"last_message", "the agent's last message", []string{"agent_stop", "subagent_stop"}},
}

// fieldOnEvents is a common field of the payloads (commonFields).
type fieldOnEvents struct {
	key, words string
	// events lists the canonical events whose payloads carry the field;
	// nil: every event's.
	events []string
}

// carriedOn reports whether a hook on event can read the field ("" for
// an event that carries none of the fields limited to some events).
func (f fieldOnEvents) carriedOn(event string) bool {
	return f.events == nil || slices.Contains(f.events, event)
}

// payloadFields warns (HC419), once per source, field and path, when
// blocking command hooks read a common field of the payload (the prompt,
// the working directory, …) at the path where their source tool's
// payload keeps it, and the target's payload (under the shim, hookconv
// run's canonical input) keeps it at none of the paths the hook reads: a
// Windsurf prompt guard reading tool_info.user_prompt finds nothing in
// Claude Code's {"prompt": …}, exits 0, and lets every prompt through (QA:
// nothing was said, and migrate --remove-source removed it). What the
// hook reads is looked for in its command and the project scripts it
// runs (readInput); a hook that also reads the target's path is not
// warned about. Beside each warning, the source hooks it is about.
func payloadFields(m *canonical.Manifest, from, to string, files providers.Files, shim bool, scripts *Scripts) (ds diag.List, about [][]int) {
	if from == to && !shim || to == "canonical" {
		return nil, nil
	}
	contracts := hookrun.Default()
	dst, ok := contracts.Contract(to)
	if !ok {
		return nil, nil
	}
	given, field := to+"'s payload", to+"'s field"
	// A generated target (Cline's script, OpenCode's plugin) runs the
	// hook on its own payload, shim or not (QA: compared with the
	// canonical payload, a Claude prompt guard going to Cline under
	// --shim was not warned about).
	underShim := false
	if target, _ := vocab.Default().Provider(to); shim && !target.Generated {
		dst, given, field = &hookrun.CanonicalPayload, "hookconv run's canonical payload", "the canonical payload's field"
		underShim = true
	}
	// dstFor is the payload a hook of source gets: under the shim, the
	// canonical one with the source's own top-level keys beside, which
	// hookconv run --from hands it (hook_event_name; the last message
	// where the target's payload carries one).
	shimPayloads := map[string]*hookrun.Contract{}
	// A generated program that does what run --from does (OpenCode's
	// plugin: source_answers) hands it its own payload with those keys.
	dstFor := func(source string) *hookrun.Contract {
		if !underShim && !dst.SourceAnswers {
			return dst
		}
		d, ok := shimPayloads[source]
		if !ok {
			if d = contracts.ShimPayload(source, to); !underShim {
				d = contracts.ProgramPayload(to, source)
			}
			shimPayloads[source] = d
		}
		return d
	}
	type key struct{ source, layout, field, path string }
	var groups hookGroups[key]
	type finding struct{ field, path string }
	// Keyed by their parts, not by strings joined per hook (two
	// allocations a hook of a large config).
	type layoutKey struct{ layout, source, event string }
	type commandKey struct {
		layoutKey
		command, cwd string
	}
	found := map[commandKey][]finding{} // by source layout (and source) and command: a large config runs one script from thousands of hooks
	movable := map[layoutKey]bool{}     // by source layout and source: whether any field's path differs in the target
	for i := range m.Hooks {
		h := &m.Hooks[i]
		if !h.Blocking || h.Handler.Type != canonical.HandlerCommand {
			continue
		}
		source, layout := payloadSource(h, from)
		if source == "" || layout == dst.Slug {
			continue
		}
		src, ok := contracts.Contract(layout)
		if !ok {
			continue
		}
		d := dstFor(source)
		// Which fields the hook's event carries decides what may move: the
		// key names the event's set of fields.
		event := h.Event
		if !slices.ContainsFunc(commonFields, func(f fieldOnEvents) bool { return f.events != nil && f.carriedOn(event) }) {
			event = ""
		}
		lk := layoutKey{layout, source, event}
		moves, seen := movable[lk]
		if !seen {
			moves = anyFieldMoves(src, d, event)
			movable[lk] = moves
		}
		if !moves {
			continue // the target keeps every field where the source does: nothing to read
		}
		// A text that is the command itself (no script read) is read as
		// it stands: its scan is shorter than a key and a map entry per
		// hook, which cost a 10,000-hook conversion ~0.9 MB. A script's
		// findings are kept, so a script run by thousands of hooks is
		// read once.
		text, _ := scripts.readInput(&h.Handler)
		moved := func() (mine []finding) {
			for _, f := range commonFields {
				if !f.carriedOn(event) {
					continue
				}
				if p := fieldMoved(text, src, d, f.key); p != "" {
					mine = append(mine, finding{f.key, p})
				}
			}
			return mine
		}
		var mine []finding
		if text == h.Handler.Command {
			mine = moved()
		} else {
			fk := commandKey{lk, h.Handler.Command, h.Handler.Cwd}
			var seen bool
			if mine, seen = found[fk]; !seen {
				mine = moved()
				found[fk] = mine
			}
		}
		for _, f := range mine {
			groups.add(key{source, layout, f.field, f.path}, h, i)
		}
	}
	for _, k := range groups.keys {
		g := groups.by[k]
		h := &m.Hooks[g.first]
		words := k.field
		for _, f := range commonFields {
			if f.key == k.field {
				words = f.words
			}
		}
		there, _ := dstFor(k.source).Paths(k.field)
		whose := k.source + "'s payload"
		if k.layout != k.source {
			whose = k.source + "'s payload under Claude Code's event names"
		}
		lets := "lets the action through"
		switch k.field {
		case "prompt":
			lets = "lets every prompt through"
		case "last_message":
			lets = "lets the agent stop" // a stop guard keeps it working
		}
		var w diag.List
		if len(there) == 0 {
			w.Warnf(CodePayloadShape, h.PosOf("handler.command"), "", "check what "+to+" hands its hooks there, or keep the hook in "+k.source,
				"%d blocking hook(s) (%s) read %s at %s, where %s keeps it; %s holds no such field by hookconv's contracts table: a script that reads it finds nothing, and a guard that then exits 0 %s",
				g.n, g.listed(), words, k.path, whose, given, lets)
		} else {
			hint := fmt.Sprintf("make the scripts read %s too: jq -r '%s // %s'", field, jqPath(k.path), jqPath(there[0]))
			if k.field == "event" && !shim && eventValuesDiffer(vocab.Default(), k.layout, to, h.Event) {
				// The values differ too (PreToolUse, BeforeTool): the
				// field read there holds a name the test does not match.
				hint += ", and test its value against " + to + "'s event names too (HC447)"
			}
			w.Warnf(CodePayloadShape, h.PosOf("handler.command"), "", hint,
				"%d blocking hook(s) (%s) read %s at %s, where %s keeps it; %s keeps it at %s: a script that reads it there finds nothing, and a guard that then exits 0 %s",
				g.n, g.listed(), words, k.path, whose, given, strings.Join(there, " or "), lets)
		}
		ds = append(ds, inHookFile(w, h, files)...)
		about = append(about, g.hooks)
	}
	return ds, about
}

// anyFieldMoves reports whether the source contract keeps any common
// field at a path the target's does not: where none does (Claude Code to
// Gemini CLI), no hook's scripts need reading (a 10,000-hook conversion
// read every hook's for nothing).
func anyFieldMoves(src, dst *hookrun.Contract, event string) bool {
	for _, f := range commonFields {
		if !f.carriedOn(event) {
			continue
		}
		from, _ := src.Paths(f.key)
		there, _ := dst.Paths(f.key)
		for _, p := range from {
			if !slices.Contains(there, p) {
				return true
			}
		}
	}
	return false
}

// fieldMoved returns the path of the source contract's field (by table
// key) that text reads where the target's payload keeps that field at
// none of the paths text reads, "" otherwise: a path both spell alike,
// or one read beside the target's own, is no loss.
func fieldMoved(text string, src, dst *hookrun.Contract, field string) string {
	from, _ := src.Paths(field)
	there, _ := dst.Paths(field)
	moved := ""
	for _, p := range from {
		if moved == "" && !slices.Contains(there, p) && readsPayloadPath(text, p) {
			moved = p
		}
	}
	if moved == "" {
		return ""
	}
	for _, p := range there {
		if readsPayloadPath(text, p) {
			return "" // it reads the target's spelling too
		}
	}
	return moved
}

// readsPayloadPath reports whether text reads the payload's field at a
// contract's path (prompt, tool_info.user_prompt, workspace_roots.0; an
// object of paths, {…}, is not one a script names). A nested field is
// read as readsField reads a tool's argument under its input's key; one
// at the payload's top as a member (jq's .prompt, JavaScript's
// input.prompt) or a subscript (["prompt"], get("prompt")), but not as
// the member of a key some tool nests the same name under (Windsurf's
// .tool_info.cwd is not Claude Code's cwd). An index reads the array its
// key names.
func readsPayloadPath(text, path string) bool {
	if strings.HasPrefix(path, "{") {
		return false
	}
	// The path cut at its last dots, not split: this runs for every
	// guard of a large config.
	for {
		dot := strings.LastIndexByte(path, '.')
		if dot < 0 || strings.Trim(path[dot+1:], "0123456789") != "" {
			break
		}
		path = path[:dot] // an index: the array its key names
	}
	leaf := path
	if dot := strings.LastIndexByte(path, '.'); dot >= 0 {
		return readsField(text, path[dot+1:], path[:dot])
	}
	nests := nestingKeys()[leaf]
	for start, end := range wholeWords(text, leaf) {
		before, after := text[:start], text[end:]
		// A subscript of the payload, not of one of its values:
		// data["prompt"], d.get("prompt"); not d["tool_info"]["cwd"] or
		// d.get("tool_info", {}).get("cwd").
		for _, q := range []string{`"`, `'`} {
			if !strings.HasPrefix(after, q) {
				continue
			}
			for _, open := range []string{"[" + q, ".get(" + q} {
				if rest, ok := strings.CutSuffix(before, open); ok && !strings.HasSuffix(rest, "]") && !strings.HasSuffix(rest, ")") {
					return true
				}
			}
		}
		// JavaScript's destructuring of the payload, const { prompt,
		// session_id } = JSON.parse(…), and Python's getattr(ev,
		// "prompt") on a namespace.
		if destructured(text, start, end) || getattrOf(before, after) {
			return true
		}
		if !strings.HasSuffix(before, ".") || strings.HasPrefix(after, "(") {
			continue // not a member, or a method called: Node's process.cwd(), Python's Path.cwd()
		}
		// A member of the payload itself: jq's .prompt, or a variable's,
		// input.prompt; not of a member (.tool_input.prompt is the Agent
		// tool's argument), nor of a key some tool nests the name under.
		before = strings.TrimSuffix(strings.TrimSuffix(before, "."), "?")
		k := len(before)
		for k > 0 && wordByte(before[k-1]) {
			k--
		}
		if word, prev := before[k:], before[:k]; word == "" && !strings.HasSuffix(prev, "]") && !strings.HasSuffix(prev, ")") ||
			word != "" && !strings.HasSuffix(prev, ".") && !slices.Contains(nests, word) {
			return true
		}
	}
	return false
}

// destructured reports whether the word at text[start:end] is one of
// the names of a JavaScript object pattern assigned from a value, the
// payload's top level ({ prompt, session_id: id } = …), not a nested
// pattern ({ tool_info: { cwd } }). Only 200 bytes either side are read:
// a pattern of names is short, and the scan stays linear.
func destructured(text string, start, end int) bool {
	inPattern := func(c byte) bool { return wordByte(c) || strings.IndexByte(" \t\r\n,:$", c) >= 0 }
	l := start
	for l > 0 && start-l < 200 && inPattern(text[l-1]) {
		l--
	}
	r := end
	for r < len(text) && r-end < 200 && inPattern(text[r]) {
		r++
	}
	if l == 0 || text[l-1] != '{' || r == len(text) || text[r] != '}' {
		return false
	}
	// The name, not a rename's new name: { prompt: p } reads prompt.
	if strings.HasSuffix(strings.TrimRight(text[l:start], " \t\r\n"), ":") {
		return false
	}
	if strings.HasSuffix(strings.TrimRight(text[:l-1], " \t\r\n"), ":") {
		return false // a nested pattern: another value's member
	}
	rest := strings.TrimLeft(text[r+1:], " \t\r\n")
	return strings.HasPrefix(rest, "=") && !strings.HasPrefix(rest, "==") && !strings.HasPrefix(rest, "=>")
}

// getattrOf reports whether the word between before and after is the
// quoted attribute name of Python's getattr(obj, "name"…) on a plain
// name (a payload read as a namespace), not on a member or a call.
func getattrOf(before, after string) bool {
	if after == "" || after[0] != '"' && after[0] != '\'' {
		return false
	}
	rest, ok := strings.CutSuffix(before, after[:1])
	if !ok {
		return false
	}
	rest = strings.TrimRight(rest, " \t")
	rest, ok = strings.CutSuffix(rest, ",")
	if !ok {
		return false
	}
	rest = strings.TrimRight(rest, " \t")
	k := len(rest)
	for k > 0 && wordByte(rest[k-1]) {
		k--
	}
	return k < len(rest) && strings.HasSuffix(rest[:k], "getattr(")
}

// nestingKeys are, per field name, the keys under which some tool's
// payload nests a common field of that name (cwd: tool_info), by the
// contracts table.
var nestingKeys = sync.OnceValue(func() map[string][]string {
	out := map[string][]string{}
	for _, c := range hookrun.Default().Contracts {
		for _, f := range commonFields {
			paths, _ := c.Paths(f.key)
			for _, p := range paths {
				keys := strings.Split(p, ".")
				if len(keys) > 1 && !strings.HasPrefix(p, "{") {
					leaf, parent := keys[len(keys)-1], keys[len(keys)-2]
					if !slices.Contains(out[leaf], parent) {
						out[leaf] = append(out[leaf], parent)
					}
				}
			}
		}
	}
	return out
})

// jqPath spells a contract's path as a jq filter: workspace_roots.0 is
// .workspace_roots[0].
func jqPath(path string) string {
	var b strings.Builder
	for _, k := range strings.Split(path, ".") {
		if k != "" && strings.Trim(k, "0123456789") == "" {
			b.WriteString("[" + k + "]")
		} else {
			b.WriteString("." + k)
		}
	}
	return b.String()
}
