package hookconv

import (
	"fmt"
	"regexp"
	"regexp/syntax"
	"slices"
	"strconv"
	"strings"

	"github.com/hookconv/hookconv/canonical"
	"github.com/hookconv/hookconv/diag"
	"github.com/hookconv/hookconv/internal/sortedkeys"
	"github.com/hookconv/hookconv/providers"
	"github.com/hookconv/hookconv/providers/nested"
	"github.com/hookconv/hookconv/vocab"
)

// sourcePatterns returns m with the pattern matchers it read from a
// source tool S rewritten as the canonical tools they selected there,
// where the target cannot use them as written: it cannot write the
// pattern at all (Windsurf's split events, a Kiro CLI glob for (?i)bash),
// or the pattern, written, matches none of its own tools (Claude Code's
// ".*Edit.*" in Copilot CLI, whose tools are edit and create). Passed on
// so, a blocking guard guarded nothing there, or was dropped (QA F1, F2);
// in S the pattern selected tools the tools table knows (Edit and
// MultiEdit), and the target has its own names for them.
//
// S is from, or, for a manifest, the tool a hook's provenance marks name
// (a hand-written pattern has none, and stays as it is). Within one tool
// nothing changes, so S → manifest → S writes the pattern back as it was.
// A pattern that selects none of S's known tools stays too: HC402 says
// what it matches. Each rewritten hook gets a warning naming S's tools
// and the target's names; HC310 where the pattern may also have matched
// tools hookconv cannot list (MCP tools, S's built-ins the table lacks),
// so migrate --remove-source keeps the source hook (narrowsCoverage),
// else HC402. m is not modified; a copy holds the rewritten hooks.
//
// Each distinct pattern is read, tested against the target's names and
// trial-written once per event, so a config with thousands of hooks
// under a few matchers costs a few compilations.
func sourcePatterns(m *canonical.Manifest, from, to string, dst providers.Adapter) (*canonical.Manifest, diag.List) {
	if to == "canonical" || from == to {
		return m, nil
	}
	names := vocab.Default()
	if len(names.ToolsOf(to)) == 0 {
		return m, nil // no names to write the tools by
	}
	var out *canonical.Manifest
	var ds diag.List
	usable := map[[3]string]struct{ cannot, none bool }{}
	read := map[[3]string]patternRead{}
	misses := map[[4]string][]string{}
	for i := range m.Hooks {
		h := &m.Hooks[i]
		patterns, ok := onlyPatterns(h.Matcher)
		if !ok {
			continue
		}
		src := patternSource(h, from)
		if src == "" || src == to {
			continue
		}
		if ev, _ := names.Event(h.Event); ev.Subject != "tool" || !selectsTools(to, h.Event) {
			continue
		}
		// Whether the target can use the pattern, decided once per
		// event, pattern and spelling of the target's event.
		claudeTo := spelledAsClaude(h, to)
		key := [3]string{h.Event, canonical.MatcherText(h.Matcher), strconv.FormatBool(claudeTo)}
		use, seen := usable[key]
		if !seen {
			use.cannot = patternUnwritable(dst, h)
			use.none = !use.cannot && patternsNameNone(h.Matcher, to, claudeTo)
			usable[key] = use
		}
		cannot := use.cannot
		claude := spelledAsClaude(h, src)
		var tools canonical.AnyOf
		var natives []string
		mcp, every := false, false
		for _, p := range patterns {
			k := [3]string{src, p.Regex, strconv.FormatBool(claude)}
			r, seen := read[k]
			if !seen {
				r = readPattern(p.Regex, src, claude)
				read[k] = r
			}
			if r.every {
				every = true
			}
			if len(r.tools) == 0 {
				tools = nil // a pattern that selects none of S's known tools: as today
				break
			}
			for _, t := range r.tools {
				if !slices.Contains(tools, t) {
					tools = append(tools, t)
				}
			}
			natives = appendNew(natives, r.natives...)
			mcp = mcp || r.mcp
		}
		if every && (cannot || use.none) {
			// A pattern that matches any name selects every tool, MCP
			// tools included: written as no matcher does, for all of
			// them (QA: Copilot CLI's ".*" reached Windsurf without its
			// MCP event, and the warning quoted the "$" it is read as).
			if out == nil {
				copied := *m
				copied.Hooks = slices.Clone(m.Hooks)
				out = &copied
			}
			out.Hooks[i].Matcher = nil
			continue
		}
		if len(tools) == 0 {
			continue
		}
		written := writtenNames(to, h.Event, tools)
		if len(written) == 0 {
			continue // the target has none of those tools: HC310/HC311 say so as before (QA)
		}
		var missed []string
		if !cannot && !use.none {
			mk := [4]string{src, h.Event, key[1], strconv.FormatBool(claude)}
			var seen bool
			missed, seen = misses[mk]
			if !seen {
				missed = missesSome(patterns, to, h.Event, tools, wholeTools(src, tools, natives))
				misses[mk] = missed
			}
			if len(missed) == 0 {
				continue // as written it matches the target's names for every tool it selected
			}
		}
		if out == nil {
			copied := *m
			copied.Hooks = slices.Clone(m.Hooks)
			out = &copied
		}
		selected := tools
		var keptMCP []string
		if mcp {
			keptMCP, mcp = mcpAlternatives(patterns, src, to, claude)
			for _, a := range keptMCP {
				selected = append(slices.Clone(selected), canonical.Pattern{Regex: a})
			}
		}
		out.Hooks[i].Matcher = providers.Single(selected)
		ds.Add(patternReadNote(h, i, patternTexts(h.Matcher), src, to, natives, tools, cannot, missed, mcp, keptMCP))
	}
	if out == nil {
		return m, nil
	}
	return out, ds
}

// mcpAlternatives returns the top-level alternatives of patterns that may
// match only MCP tools in src (none of its known tools), to be kept as
// written beside the tools the rest selected, where the target spells an
// MCP tool's name as src does (the providers table's mcp column: Codex
// and Claude Code both write mcp__{server}__{tool}); QA s28 q3 F3:
// "^Bash$|^mcp__.*__write.*$" lost its MCP part from Codex to Claude
// Code. lost says some MCP tools the patterns may match are not kept:
// the spellings differ, a pattern cannot be split, or an alternative
// matches known tools and MCP tools alike, or a known tool of the target.
func mcpAlternatives(patterns []canonical.Pattern, src, to string, claude bool) (kept []string, lost bool) {
	names := vocab.Default()
	from, _ := names.Provider(src)
	target, _ := names.Provider(to)
	if from.MCP == "" || from.MCP != target.MCP || from.CaseSensitiveTools != target.CaseSensitiveTools {
		return nil, true
	}
	for _, p := range patterns {
		alts, ok := providers.TopAlternatives(p.Regex)
		if !ok {
			return nil, true
		}
		for _, a := range alts {
			r := readPattern(a, src, claude)
			switch {
			case !r.mcp:
			case len(r.natives) > 0, len(readPattern(a, to, claude).natives) > 0:
				// Known tools too, in either tool: kept, it would select
				// built-in tools the source did not, so it is not.
				return nil, true
			default:
				kept = appendNew(kept, a)
			}
		}
	}
	return kept, false
}

// selectsTools reports whether the target chooses the tools a hook on
// the event runs for: by a tool matcher, or by the event it writes the
// hook under (Windsurf's pre_run_command, pre_write_code: the events
// table's tools). Where it does not (VS Code ignores matchers), the hook
// fires for every tool whatever its pattern (HC344).
func selectsTools(to, event string) bool {
	return takesToolMatcher(to, event) || selectsToolsByEvent(vocab.Default().EncodeEvent(to, event))
}

// selectsToolsByEvent reports whether a canonical event's native rows
// stand each for some tools (the events table's tools column).
func selectsToolsByEvent(rows []vocab.NativeEvent) bool {
	return slices.ContainsFunc(rows, func(r vocab.NativeEvent) bool { return len(r.Tools) > 0 })
}

// patternRead is what a pattern selects in its source tool: the
// canonical tools of the native tools it matches, those tools' names,
// and whether it may also match MCP tools.
type patternRead struct {
	tools   canonical.AnyOf
	natives []string
	mcp     bool
	// every says the pattern matches every name it was tried on (each
	// of S's known tools, an MCP tool's name by S's template, and names
	// no table holds): ".*", ".+", "^.*$", Copilot CLI's ".*" read as
	// "$". It selects all tools, as no matcher does.
	every bool
}

// wholeTools returns the canonical tools of tools whose every native
// tool in src (not an alias, nor another job's write_only tool) is among
// natives, the names a pattern matched there: the tools it selected
// whole, which it must select whole in the target too (missesSome).
func wholeTools(src string, tools canonical.AnyOf, natives []string) map[string]bool {
	names := vocab.Default()
	whole := map[string]bool{}
	for _, t := range tools {
		tool := string(t.(canonical.ToolName))
		own := false
		whole[tool] = true
		for _, row := range names.ToolsOf(src) {
			if row.Tool != tool || row.Alias || row.WriteOnly || row.Event != "" {
				continue
			}
			own = true
			whole[tool] = whole[tool] && slices.Contains(natives, row.Name)
		}
		whole[tool] = whole[tool] && own
	}
	return whole
}

// patternSource is the tool a hook's pattern was read from: from for a
// native config, or, for a manifest, the one tool whose provenance marks
// the hook's provider_data holds ($from, $matcher, …); "" when none or
// several do.
func patternSource(h *canonical.Hook, from string) string {
	if from != "canonical" {
		return from
	}
	src := ""
	for _, slug := range sortedkeys.Of(h.ProviderData) {
		if _, known := vocab.Default().Provider(slug); !known || !hasMark(h.ProviderData[slug]) {
			continue
		}
		if src != "" {
			return ""
		}
		src = slug
	}
	return src
}

// patternUnwritable reports whether the target's encoder cannot write
// h's pattern matcher: it drops it (HC310) or the hook with it (HC311),
// as Windsurf's split events and Kiro CLI's globs do for (?i)bash. The
// encoder is asked, on a hook with h's event and matcher alone, so that
// what a target can say is decided where it is written, once.
func patternUnwritable(dst providers.Adapter, h *canonical.Hook) bool {
	probe := canonical.Hook{Event: h.Event, Matcher: h.Matcher, Handler: canonical.Handler{Type: canonical.HandlerCommand, Command: "true"}}
	_, ds := dst.Encode(&canonical.Manifest{Spec: canonical.SpecVersion, Hooks: []canonical.Hook{probe}}, nil)
	return slices.ContainsFunc(ds, func(d diag.Diagnostic) bool {
		return d.Code == nested.CodeLostMatcher || d.Code == nested.CodeNeverFires
	})
}

// readPattern reads a manifest pattern (RE2, found anywhere in a name) as
// the tool slug tests it, over the native tool names the tools table
// knows it by: without case where its row says it compares so
// (case_sensitive_tools), against Claude Code's names for its tools
// instead where the hook was spelled under Claude's event names (Copilot
// CLI). A
// tool that tests matchers with JavaScript (js_regex) and has no spelling
// of the pattern read it otherwise, or not at all: nothing is read then.
// A pattern Copilot CLI anchors was anchored when it was decoded.
func readPattern(re, slug string, claudeNames bool) patternRead {
	names := vocab.Default()
	prov, _ := names.Provider(slug)
	if prov.JSRegex {
		if _, why := providers.JSPattern(re); why != "" {
			return patternRead{}
		}
	}
	expr := re
	if !prov.CaseSensitiveTools {
		expr = "(?i)" + expr
	}
	compiled, err := regexp.Compile(expr)
	if err != nil {
		return patternRead{}
	}
	var r patternRead
	for _, row := range names.ToolsOf(slug) {
		matches := compiled.MatchString(row.Name)
		if claudeNames {
			// Under Claude's event names Copilot CLI tests a regex
			// against Claude's name for the tool alone (reference part
			// 2 §1.5; QA: "ed.*" under PreToolUse matched nothing there,
			// and was read as its edit).
			matches = slices.ContainsFunc(row.ClaudeNames, compiled.MatchString)
		}
		if row.Event != "" || !matches {
			continue
		}
		r.tools, _ = providers.AppendTools(r.tools, names, slug, row.Name)
		r.natives = appendNew(r.natives, row.Name)
	}
	r.mcp = mayMatchMCP(compiled, expr, slug)
	r.every = len(r.natives) > 0 && matchesAnyName(compiled, prov.MCP)
	return r
}

// matchesAnyName reports whether re matches names of every kind a tool
// may have: an MCP tool's by the template (when the tool has one), and
// names no table holds, in either case, with digits and separators.
func matchesAnyName(re *regexp.Regexp, mcpTemplate string) bool {
	samples := []string{"x", "Zq9", "some_tool", "Some-Tool.v2"}
	if mcpTemplate != "" {
		samples = append(samples, providers.MCPName(mcpTemplate, "srv", "do_it"))
	}
	return !slices.ContainsFunc(samples, func(n string) bool { return !re.MatchString(n) })
}

// mayMatchMCP reports whether a pattern of slug's may match an MCP tool
// there: unless slug cannot match MCP tools (no mcp template), it may,
// but where it is anchored at the start of the name and must begin with
// text that is not the start of the template's (^Edit against mcp__).
// Unsure is read as may: it only keeps a source hook that could go.
func mayMatchMCP(re *regexp.Regexp, expr, slug string) bool {
	prov, _ := vocab.Default().Provider(slug)
	if prov.MCP == "" {
		return false
	}
	prefix, _, _ := strings.Cut(prov.MCP, "{")
	if prefix == "" {
		return true // {server}_{tool}: an MCP tool's name may start with anything
	}
	parsed, err := syntax.Parse(expr, syntax.Perl)
	if err != nil {
		return true
	}
	prog, err := syntax.Compile(parsed.Simplify())
	if err != nil || prog.StartCond()&syntax.EmptyBeginText == 0 {
		return true
	}
	lit, _ := re.LiteralPrefix()
	if lit == "" {
		return true
	}
	if strings.HasPrefix(expr, "(?i)") {
		lit, prefix = strings.ToLower(lit), strings.ToLower(prefix)
	}
	return strings.HasPrefix(lit, prefix) || strings.HasPrefix(prefix, lit)
}

// patternReadNote is the warning for a pattern sourcePatterns rewrote:
// one the target cannot write, or, written, matches none of its tools, or
// misses the target's names for some of the tools selected (missed:
// those names).
func patternReadNote(h *canonical.Hook, i int, text, src, to string, natives []string, tools canonical.AnyOf, cannot bool, missed []string, mcp bool, keptMCP []string) diag.Diagnostic {
	names := vocab.Default()
	var canon []string
	for _, t := range tools {
		canon = append(canon, string(t.(canonical.ToolName)))
	}
	written := writtenNames(to, h.Event, tools)
	why := fmt.Sprintf("as a pattern it matches none of %s's own tools", to)
	if len(missed) > 0 {
		why = fmt.Sprintf("as a pattern it misses %s's %s", to, andList(missed))
	}
	if cannot {
		why = fmt.Sprintf("%s cannot write it as a pattern", to)
	}
	var lost []string
	if mcp {
		lost = append(lost, "MCP tools")
	}
	if prov, _ := names.Provider(src); !prov.ToolsListed {
		lost = append(lost, src+"'s tools hookconv does not know")
	}
	code, tail := CodeNotPortable, ""
	if len(keptMCP) > 0 {
		tail = fmt.Sprintf("; its MCP alternatives (%s) are kept as written, since %s spells an MCP tool's name as %s does", strings.Join(keptMCP, ", "), to, src)
	}
	if len(lost) > 0 {
		// Fewer tools than in the source: HC310 says part of the
		// matcher is gone, and migrate --remove-source keeps the hook.
		code = nested.CodeLostMatcher
		tail += fmt.Sprintf("; any %s that it may also have matched there are left out", andList(lost))
	}
	return diag.Diagnostic{Severity: diag.Warning, Code: code, Pos: h.PosOf("matcher"), Path: fmt.Sprintf("hooks[%d].matcher", h.SourceIndex(i)),
		Hint: "name the tools the hook is meant for, or keep it in " + src,
		Message: fmt.Sprintf("%s: its matcher %s selected %s's %s, and %s; it is written for the tools they stand for (%s), as %s's %s%s",
			h.DisplayName(i), text, src, andList(natives), why, andList(canon), to, andList(written), tail)}
}

// writtenNames are the target's names a hook for the canonical tools is
// written by: its tool names, or, where its events stand for tools
// (Windsurf's pre_write_code), those events.
func writtenNames(to, event string, tools canonical.AnyOf) []string {
	names := vocab.Default()
	rows := names.EncodeEvent(to, event)
	// Cursor has events for some tools (beforeShellExecution) beside
	// preToolUse, whose matcher names the rest: a tool matcher decides.
	split := !takesToolMatcher(to, event) && selectsToolsByEvent(rows)
	var written []string
	for _, t := range tools {
		tool := string(t.(canonical.ToolName))
		if split {
			for _, r := range rows {
				if slices.Contains(r.Tools, tool) {
					written = appendNew(written, r.Name)
				}
			}
			continue
		}
		for _, n := range names.EncodeTools(to, tool) {
			written = appendNew(written, n.Name)
		}
	}
	return written
}

// missesSome returns the target's native tools that patterns, written
// for a target that tests tool names (not one whose events stand for
// tools), leave out of a canonical tool they selected in the source: of
// a tool none of whose names they match, every one (QA: Claude Code's
// "Bash|Write|Ed.*" matched Cursor's Write and Edit, not its Shell); of
// a tool they selected whole there (whole: each of its native tools in
// the source), the ones they miss (QA: Cursor's ".*hell.*", its Shell,
// matched Claude Code's PowerShell, not its Bash). A name is matched as
// the target reads the pattern written (targetPattern); one that cannot
// be compiled misses none (HC402 speaks for it). nil when none is missed.
func missesSome(patterns []canonical.Pattern, to, event string, tools canonical.AnyOf, whole map[string]bool) []string {
	names := vocab.Default()
	if !takesToolMatcher(to, event) {
		return nil
	}
	prov, _ := names.Provider(to)
	var compiled []*regexp.Regexp
	for _, p := range patterns {
		re, err := targetPattern(p.Regex, prov)
		if err != nil {
			return nil
		}
		compiled = append(compiled, re)
	}
	matched := map[string]bool{}       // canonical tools some name the patterns match stands for
	has := map[string]bool{}           // canonical tools the target has a name for
	byAlias := map[string]bool{}       // canonical tools an alias the patterns match stands for
	unmatched := map[string][]string{} // each canonical tool's own native tools the patterns miss
	every := map[string][]string{}     // each canonical tool's names, aliases too
	for _, row := range names.ToolsOf(to) {
		if row.Event != "" {
			continue
		}
		// Aliases count: Codex's apply_patch also answers to Edit.
		hit := slices.ContainsFunc(compiled, func(re *regexp.Regexp) bool { return re.MatchString(row.Name) })
		for _, tool := range names.DecodeTools(to, row.Name) {
			has[tool] = true
			matched[tool] = matched[tool] || hit
			byAlias[tool] = byAlias[tool] || hit && row.Alias
			every[tool] = appendNew(every[tool], row.Name)
		}
		if !hit && !row.Alias && !row.WriteOnly {
			unmatched[row.Tool] = appendNew(unmatched[row.Tool], row.Name)
		}
	}
	var missed []string
	for _, t := range tools {
		tool := string(t.(canonical.ToolName))
		switch {
		case !has[tool]:
		case !matched[tool] && len(unmatched[tool]) == 0:
			// Only aliases and other jobs' tools stand for it (Kiro CLI's
			// file_edit is fs_write): they are what is missed.
			missed = appendNew(missed, every[tool]...)
		case !matched[tool]:
			missed = appendNew(missed, unmatched[tool]...)
		case whole[tool] && !byAlias[tool]:
			// An alias answers for the tool as a whole (Codex's Edit);
			// else each of its native tools must be matched.
			missed = appendNew(missed, unmatched[tool]...)
		}
	}
	return missed
}

// targetPattern compiles a manifest pattern as the target reads it once
// its encoder has written it: without case where the target compares
// names so (case_sensitive_tools), and, where it matches a pattern
// against whole names (anchored_patterns), a pattern of plain names
// against whole names, since the encoders write those unchanged and open
// the ends of any other (QA: Cursor's "shell" went to Copilot CLI as
// "shell", which is none of its tools, and was said to match powershell).
func targetPattern(re string, target vocab.Provider) (*regexp.Regexp, error) {
	if target.AnchoredPatterns && providers.PlainNames(re) {
		re = "^(?:" + re + ")$"
	}
	if !target.CaseSensitiveTools {
		re = "(?i)" + re
	}
	return regexp.Compile(re)
}
