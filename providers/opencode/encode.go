package opencode

import (
	"bytes"
	_ "embed"
	"encoding/json"
	"fmt"
	"math"
	"slices"
	"strings"
	"sync"
	"text/template"

	"github.com/hookconv/hookconv/canonical"
	"github.com/hookconv/hookconv/capabilities"
	"github.com/hookconv/hookconv/diag"
	"github.com/hookconv/hookconv/hookrun"
	"github.com/hookconv/hookconv/internal/lazy"
	"github.com/hookconv/hookconv/internal/sortedkeys"
	"github.com/hookconv/hookconv/providers"
	"github.com/hookconv/hookconv/providers/nested"
	"github.com/hookconv/hookconv/vocab"
)

// pluginHooks are the keys of the Hooks interface of @opencode-ai/plugin
// called as (input, output) (reference §5.4). Any other OpenCode name a
// hook is put on is a bus event type, which reaches plugins only through
// the "event" hook.
var pluginHooks = []string{
	"tool.execute.before",
	"tool.execute.after",
	"permission.ask",
	"chat.message",
	"chat.params",
	"chat.headers",
	"command.execute.before",
	"shell.env",
	"tool.definition",
	"experimental.chat.messages.transform",
	"experimental.chat.system.transform",
	"experimental.provider.small_model",
	"experimental.session.compacting",
	"experimental.compaction.autocontinue",
	"experimental.text.complete",
}

// vendorPrefix starts the events only OpenCode has; the rest is the native
// name (vendor.opencode.session.deleted runs on the session.deleted event).
const vendorPrefix = "vendor." + Slug + "."

// runtime is what the generated plugin knows besides the hooks: the vocab
// and capability facts its code interprets the manifest with. It is the
// same for every plugin one hookconv version writes.
type runtime struct {
	// Events maps each canonical event OpenCode has to its OpenCode name,
	// in vocab table order.
	Events []pair
	// ToolHooks are the OpenCode names whose subject is a tool call (or a
	// permission named after a tool): matchers are tested there.
	ToolHooks []string
	// BlockingHooks are the plugin hooks where a blocking hook can stop
	// the action (the blocking table's "prevent").
	BlockingHooks []string
	// Tools maps each canonical tool to every OpenCode tool id that does
	// its job (none when OpenCode lacks it), in vocab table order.
	Tools []toolIDs
	// MCPTool is how OpenCode names an MCP tool ({server} and {tool}).
	MCPTool string
	// MaxTimerMS is the longest the plugin's timer can wait (the
	// providers table's max_timeout, in milliseconds).
	MaxTimerMS int64
}

// pair is one canonical event and its OpenCode name.
type pair struct{ Canonical, Native string }

// toolIDs is one canonical tool and its OpenCode tool ids.
type toolIDs struct {
	Canonical string
	IDs       []string
}

// tables derives the plugin's runtime tables from the registry rows.
func (a *Adapter) tables() *runtime {
	a.Load(Slug)
	a.rtOnce.Do(func() { a.rt = buildRuntime(a.Names, a.Caps, a.Prov) })
	return a.rt
}

func buildRuntime(names *vocab.Tables, caps *capabilities.Tables, prov vocab.Provider) *runtime {
	r := &runtime{MCPTool: prov.MCP, MaxTimerMS: int64(math.Round(prov.MaxTimeout * 1000))}
	for _, ev := range names.Events {
		rows := names.EncodeEvent(Slug, ev.Name)
		if len(rows) == 0 {
			continue
		}
		r.Events = append(r.Events, pair{ev.Name, rows[0].Name})
		if rows[0].Matcher == vocab.MatchTool && !slices.Contains(r.ToolHooks, rows[0].Name) {
			r.ToolHooks = append(r.ToolHooks, rows[0].Name)
		}
		if b, ok := caps.BlockingOf(Slug, ev.Name); ok && b.Behaviour == capabilities.Prevent && slices.Contains(pluginHooks, rows[0].Name) {
			r.BlockingHooks = append(r.BlockingHooks, rows[0].Name)
		}
	}
	rows := names.ToolsOf(Slug)
	for _, t := range names.Tools {
		ids := []string{}
		for _, row := range rows {
			if row.Tool == t.Name && !slices.Contains(ids, row.Name) {
				ids = append(ids, row.Name)
			}
		}
		r.Tools = append(r.Tools, toolIDs{t.Name, ids})
	}
	return r
}

// native returns the OpenCode name a hook runs on.
func (r *runtime) native(event string) (string, bool) {
	for _, p := range r.Events {
		if p.Canonical == event {
			return p.Native, true
		}
	}
	if name, ok := strings.CutPrefix(event, vendorPrefix); ok && name != "" {
		return name, true
	}
	return "", false
}

// ids returns the OpenCode tool ids of a canonical tool; known is false
// for a name that is not a canonical tool (a literal native id).
func (r *runtime) ids(tool string) (ids []string, known bool) {
	for _, t := range r.Tools {
		if t.Canonical == tool {
			return t.IDs, true
		}
	}
	return nil, false
}

// check reports what the plugin cannot do for hook h, and whether it can
// hold the hook at all. The pipeline's plan normally removed what OpenCode
// lacks already; Encode still renders only what it was given correctly.
func (a *Adapter) check(ds *diag.List, h *canonical.Hook, i int) bool {
	r := a.tables()
	at := fmt.Sprintf("hooks[%d]", h.SourceIndex(i))
	name, ok := r.native(h.Event)
	if !ok {
		ds.Warnf(providers.CodeNotWritten, h.PosOf("event"), at+".event", "run `hookconv events --provider opencode` for the events OpenCode has",
			"OpenCode has no %s event; %s was not written", h.Event, h.DisplayName(i))
		return false
	}
	if h.Handler.Type != canonical.HandlerCommand {
		ds.Warnf(providers.CodeNotWritten, h.PosOf("handler.type"), at+".handler.type", "the generated plugin runs shell commands only",
			"%s is a %s handler, which the OpenCode plugin cannot run; not written", h.DisplayName(i), h.Handler.Type)
		return false
	}
	if !slices.Contains(r.ToolHooks, name) {
		// The plugin tests matchers on tool calls only: anywhere else the
		// hook runs every time (Encode leaves the matcher out).
		providers.WarnMatcherIgnored(ds, a.Names, h, i, a.Prov, name)
		providers.WarnValueMatcherDropped(ds, a.Names, h, i, Slug, a.Prov.Name, name)
		return true
	}
	if h.Matcher == nil {
		return true
	}
	members := canonical.AnyOf{h.Matcher}
	if list, ok := h.Matcher.(canonical.AnyOf); ok {
		members = list
	}
	live := 0
	warn := func(code, hint, format string, args ...any) {
		ds.Warnf(code, h.PosOf("matcher"), at+".matcher", hint, format, args...)
	}
	for _, m := range members {
		switch m := m.(type) {
		case canonical.ToolName:
			if ids, known := r.ids(string(m)); known && len(ids) == 0 {
				warn(CodeToolMissing, "", "%s: OpenCode has no %s tool; that part of the matcher never matches", h.DisplayName(i), m)
				continue
			}
		case canonical.MCP:
			if m.Server == canonical.AnyServer {
				warn(CodeMCPAnyServer, "name the MCP servers the hook is for: {\"mcp\": {\"server\": \"github\"}}",
					"%s: OpenCode's tool ids do not say which tools are MCP tools, so the plugin cannot match every MCP server's tools; that part of the matcher never matches", h.DisplayName(i))
				continue
			}
		case canonical.Pattern:
			if why := jsDialect(m.Regex); why != "" {
				warn(CodePatternDialect, "rewrite the pattern in the syntax RE2 and JavaScript share",
					"%s: the pattern %q %s; the plugin tests patterns with JavaScript's RegExp, so it may match other tools, or none", h.DisplayName(i), m.Regex, why)
			}
		}
		live++
	}
	if live == 0 {
		ds.Warnf(nested.CodeNeverFires, h.PosOf("matcher"), at+".matcher", providers.NeverFiresHint(h, providers.ToolsInstead("OpenCode", Slug)),
			"%s: nothing of its matcher exists in OpenCode, so it could never fire; not written%s", h.DisplayName(i), providers.GuardLost(h, "OpenCode"))
		return false
	}
	return true
}

// jsDialect says why the plugin's JavaScript RegExp cannot read pattern
// re as RE2 does, or "". The pipeline writes a pattern in JavaScript's
// syntax where it has one (providers.JSPattern), so one that still needs
// it came another way; the plugin turns one leading (?i), (?m) or (?s)
// group into RegExp flags itself.
func jsDialect(re string) string {
	js, why := providers.JSPattern(re)
	if why != "" || js == re {
		return why
	}
	if lead := leadingFlags().FindString(re); lead != "" {
		if rest := re[len(lead):]; rest == jsOnly(rest) {
			return ""
		}
	}
	return fmt.Sprintf("is written in RE2's syntax, which JavaScript reads otherwise (there it is %q)", js)
}

// jsOnly is JSPattern's text for re.
func jsOnly(re string) string {
	js, _ := providers.JSPattern(re)
	return js
}

// leadingFlags matches the flag group the plugin turns into RegExp flags,
// as its compile() does.
var leadingFlags = lazy.Regexp(`^\(\?[ims]+\)`)

//go:embed plugin.tmpl
var pluginSource string

// pluginTemplate renders the plugin, parsed on first use (not at start-up,
// which every command pays). Its delimiters are <% %> because the
// JavaScript it holds is full of braces.
var pluginTemplate = sync.OnceValue(func() *template.Template {
	return template.Must(template.New("plugin").Delims("<%", "%>").Parse(pluginSource))
})

// render writes the plugin module for m: the template with the manifest
// and the runtime tables as JavaScript literals. The same manifest always
// gives the same bytes.
func render(r *runtime, m *canonical.Manifest) ([]byte, error) {
	return renderWith(r, m, sourceForms(r, m))
}

// renderWith writes the plugin module for m with sources as its SOURCES
// (sourceForms' text).
func renderWith(r *runtime, m *canonical.Manifest, sources string) ([]byte, error) {
	events := make([][2]string, len(r.Events))
	for i, p := range r.Events {
		events[i] = [2]string{p.Canonical, jsString(p.Native)}
	}
	tools := make([][2]string, len(r.Tools))
	for i, t := range r.Tools {
		tools[i] = [2]string{t.Canonical, jsList(t.IDs)}
	}
	manifest := strings.TrimSuffix(string(canonical.Marshal(m)), "\n")
	data := map[string]any{
		"Sources":        sources,
		"Manifest":       manifest,
		"Events":         jsObject(events),
		"PluginHooks":    jsList(pluginHooks),
		"ToolHooks":      jsList(r.ToolHooks),
		"BlockingHooks":  jsList(r.BlockingHooks),
		"Tools":          jsObject(tools),
		"MCPTool":        jsString(r.MCPTool),
		"DefaultTimeout": DefaultTimeout,
		"MaxTimerMS":     r.MaxTimerMS,
	}
	// Sized once: the manifest is most of the plugin, whose code is ~16 KB.
	var b bytes.Buffer
	b.Grow(len(manifest) + 32<<10)
	if err := pluginTemplate().Execute(&b, data); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// pluginWhats are the answers of a source's forms the plugin applies: the
// canonical ones it reads (decision, reason, updated_input, context).
// continue, system_message and suppress_output it ignores in any form.
var pluginWhats = []string{hookrun.WhatDeny, hookrun.WhatAsk, hookrun.WhatAllow, hookrun.WhatUpdatedInput, hookrun.WhatContext}

// sourceForms writes, as a JavaScript object literal, what hookconv run
// --from does for the tools m's hooks were written for (their provenance
// marks), on the events those hooks are on: by tool, then canonical
// event, hookrun's ProgramEvent, computed from the contracts table as run
// --from computes it. The plugin applies it to each hook whose marks name
// that tool. Only the tools and events m's hooks need are written: a
// manifest of canonical hooks gets {}.
func sourceForms(r *runtime, m *canonical.Manifest) string {
	t := hookrun.Default()
	if c, ok := t.Contract(Slug); !ok || !c.SourceAnswers {
		return "{}"
	}
	names := vocab.Default()
	var tools []string // the canonical tools OpenCode has
	for _, tl := range r.Tools {
		if len(tl.IDs) > 0 {
			tools = append(tools, tl.Canonical)
		}
	}
	out := map[string]map[string]hookrun.ProgramEvent{}
	for i := range m.Hooks {
		h := &m.Hooks[i]
		from := capabilities.MarkedSource(h)
		name, ok := r.native(h.Event)
		if from == "" || !ok || h.Handler.Type != canonical.HandlerCommand {
			continue
		}
		if p, _ := names.Provider(from); p.Generated {
			continue // a hookconv program's hooks speak the canonical contract
		}
		if _, done := out[from][h.Event]; done {
			continue
		}
		var on []string
		if slices.Contains(r.ToolHooks, name) {
			on = tools
		}
		pe, ok := t.ProgramEvent(from, h.Event, on)
		if !ok {
			continue
		}
		pe.Forms = slices.DeleteFunc(pe.Forms, func(f hookrun.ProgramForm) bool { return !slices.Contains(pluginWhats, f.What) })
		if out[from] == nil {
			out[from] = map[string]hookrun.ProgramEvent{}
		}
		out[from][h.Event] = pe
	}
	// Sorted, one event a block and one form a line: the same bytes every
	// time, and a reader sees each answer the plugin looks for.
	var sources [][2]string
	for _, from := range sortedkeys.Of(out) {
		var events [][2]string
		for _, ev := range sortedkeys.Of(out[from]) {
			pe := out[from][ev]
			var forms []string
			for _, f := range pe.Forms {
				// A form run --from lists twice (a deny rule's line that
				// deny_json lists too) is looked for once.
				if line := jsJSON(f); !slices.Contains(forms, line) {
					forms = append(forms, line)
				}
			}
			members := [][2]string{{"event", jsString(pe.Event)}, {"fields", jsJSON(pe.Fields)}}
			if len(pe.ToolFields) > 0 {
				members = append(members, [2]string{"tool_fields", jsJSON(pe.ToolFields)})
			}
			list := "[]" // "[ , ]" would be a list holding undefined (QA)
			if len(forms) > 0 {
				list = indent("[\n  " + strings.Join(forms, ",\n  ") + ",\n]")
			}
			members = append(members, [2]string{"forms", list}, [2]string{"decides", jsJSON(pe.Decides)})
			if pe.CrashBlocks {
				members = append(members, [2]string{"crash_blocks", "true"})
			}
			if pe.AnswersAnyExit {
				members = append(members, [2]string{"answers_any_exit", "true"})
			}
			if pe.AnswerOnStderr {
				members = append(members, [2]string{"answer_on_stderr", "true"})
			}
			if len(pe.Feedback) > 0 {
				members = append(members, [2]string{"feedback", jsJSON(pe.Feedback)})
			}
			events = append(events, [2]string{ev, indent(jsObject(members))})
		}
		sources = append(sources, [2]string{from, indent(jsObject(events))})
	}
	return jsObject(sources)
}

// jsJSON writes v as one line of JSON (a JavaScript literal); maps come
// with their keys sorted.
func jsJSON(v any) string {
	var b strings.Builder
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil { // the types above always encode
		return "null"
	}
	return strings.TrimSuffix(b.String(), "\n")
}

// indent indents every line of a nested literal but the first, which
// follows its key.
func indent(s string) string { return strings.ReplaceAll(s, "\n", "\n  ") }

// jsString writes s as a JavaScript string literal (JSON's is one).
func jsString(s string) string {
	var b strings.Builder
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false) // readable; "<" needs no escape outside HTML
	_ = enc.Encode(s)        // a string always encodes
	return strings.TrimSuffix(b.String(), "\n")
}

// jsList writes a one-line array of string literals.
func jsList(ss []string) string {
	q := make([]string, len(ss))
	for i, s := range ss {
		q[i] = jsString(s)
	}
	return "[" + strings.Join(q, ", ") + "]"
}

// jsObject writes an object literal, one member per line; values are
// JavaScript literals already.
func jsObject(members [][2]string) string {
	if len(members) == 0 {
		return "{}"
	}
	var b strings.Builder
	b.WriteString("{\n")
	for _, m := range members {
		fmt.Fprintf(&b, "  %s: %s,\n", jsString(m[0]), m[1])
	}
	b.WriteString("}")
	return b.String()
}
