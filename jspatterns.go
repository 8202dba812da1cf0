package hookconv

import (
	"fmt"
	"maps"
	"regexp"
	"slices"
	"strings"

	"github.com/hookconv/hookconv/canonical"
	"github.com/hookconv/hookconv/diag"
	"github.com/hookconv/hookconv/internal/node"
	"github.com/hookconv/hookconv/providers"
	"github.com/hookconv/hookconv/vocab"
)

// CodeJSPattern (warning): a pattern in RE2 syntax that the target,
// which tests matchers with JavaScript's RegExp, cannot read, and that
// has no JavaScript spelling (\pL): there it does not compile or means
// something else, so the hook never fires for the tools it named, and a
// blocking guard guards nothing.
const CodeJSPattern = "HC438"

// jsPatterns returns m with every pattern written for to, when to tests
// matchers with JavaScript's RegExp (the providers table's js_regex):
// RE2 syntax JavaScript lacks or reads otherwise ((?i)bash, Bash\z,
// (?P<n>…)) is rewritten as JavaScript reads the same (providers'
// JSPattern), and a pattern with no such spelling is kept and warned
// about (HC438), since unchanged it would not compile there (Gemini CLI
// then compares it as an exact name, Copilot CLI skips the entry) or
// would match other names. Within one tool nothing is rewritten. m is
// not modified; a copy holds the rewritten hooks.
//
// hookconv's own programs (OpenCode's plugin) get the rewritten patterns
// too, and their encoder warns itself (HC587) about one it cannot read.
func jsPatterns(m *canonical.Manifest, from, to string) (*canonical.Manifest, diag.List) {
	dst, _ := vocab.Default().Provider(to)
	if !dst.JSRegex || from == to {
		return m, nil
	}
	var ds diag.List
	out := m
	for i := range m.Hooks {
		h := &m.Hooks[i]
		if !hasPattern(h.Matcher) {
			continue
		}
		var unreadable []string // each pattern with no JavaScript spelling, and why
		changed := false
		rewritten := providers.MapPatterns(h.Matcher, func(re string) string {
			js, why := providers.JSPattern(re)
			if why != "" {
				unreadable = append(unreadable, re, why)
			}
			changed = changed || js != re
			return js
		})
		if !dst.Generated {
			for j := 0; j < len(unreadable); j += 2 {
				ds.Warnf(CodeJSPattern, h.PosOf("matcher"), fmt.Sprintf("hooks[%d].matcher", h.SourceIndex(i)),
					"write the pattern in the syntax RE2 and JavaScript share ([A-Za-z] for \\pL), or name the tools",
					"%s: its pattern %q %s; %s tests matchers with JavaScript's RegExp, which cannot read it as RE2 does, so the hook never fires there for the tools it names (a blocking guard no longer guards them)",
					h.DisplayName(i), unreadable[j], unreadable[j+1], dst.Name)
			}
		}
		if !changed {
			continue
		}
		if out == m {
			copied := *m
			copied.Hooks = slices.Clone(m.Hooks)
			out = &copied
		}
		out.Hooks[i].Matcher = rewritten
	}
	return out, ds
}

// jsUnreadable reports whether a pattern of m has no spelling for to,
// which tests matchers with JavaScript's RegExp and is no program
// hookconv writes: HC438 says so, and more than HC402 would.
func jsUnreadable(m canonical.Matcher, from, to string) bool {
	dst, _ := vocab.Default().Provider(to)
	if !dst.JSRegex || dst.Generated || from == to {
		return false
	}
	unreadable := false
	providers.MapPatterns(m, func(re string) string {
		_, why := providers.JSPattern(re)
		unreadable = unreadable || why != ""
		return re
	})
	return unreadable
}

// jsRewritten returns the JavaScript spelling of m's first pattern that
// to needs rewritten, or "".
func jsRewritten(m canonical.Matcher, from, to string) string {
	dst, _ := vocab.Default().Provider(to)
	if !dst.JSRegex || from == to {
		return ""
	}
	first := ""
	providers.MapPatterns(m, func(re string) string {
		if js, why := providers.JSPattern(re); why == "" && js != re && first == "" {
			first = js
		}
		return re
	})
	return first
}

// modifierGroup matches the opening of an ES2025 modifier group, (?i:…)
// or (?-i:…): JavaScript's RegExp reads only the flags i, m and s there.
var modifierGroup = regexp.MustCompile(`\(\?[ims]*(?:-[ims]+)?:`)

// exactFallback reports the native matcher of h that a tool whose RegExp
// rejected it compares with a tool's name as one exact string (the
// providers table's invalid_regex_exact: Gemini CLI's hookPlanner,
// reference part 1 §2.5), as its decoder read it into h.Matcher: the
// source's slug, the native text, and why JavaScript rejects it. modifiers
// is true when JavaScript rejects only an ES2025 modifier group ((?i:…)),
// which Node 23 and later read (V8's regexp modifiers): there the tool
// tests it as a pattern instead, so the reading holds on older Node only.
// "" when h's matcher was not read so.
func exactFallback(h *canonical.Hook) (slug, native, why string, modifiers bool) {
	p, ok := h.Matcher.(canonical.Pattern)
	if !ok {
		return "", "", "", false
	}
	for _, s := range slices.Sorted(maps.Keys(h.ProviderData)) {
		prov, _ := vocab.Default().Provider(s)
		if !prov.InvalidRegexExact {
			continue
		}
		m := providers.OwnData(h, s).Get("$matcher")
		if m == nil || m.Kind != node.String || p.Regex != "^"+regexp.QuoteMeta(m.Text)+"$" {
			continue
		}
		if why = providers.JSRejects(m.Text); why != "" {
			modern := modifierGroup.ReplaceAllString(m.Text, "(?:")
			return s, m.Text, why, modern != m.Text && providers.JSRejects(modern) == ""
		}
	}
	return "", "", "", false
}

// exactFallbackText is HC402's message and hint for a matcher exactFallback
// found, written for to as patternTexts(h.Matcher). A name that is none of
// the source's tools matched nothing there: the hook never ran in the
// source and does not run in the target either, as HC402 says of a
// matcher of only separators. Where only a modifier group made JavaScript
// reject it, the reading is said to hold on Node versions without RegExp
// modifiers (Gemini CLI 0.61 runs on Node 20: reference real-clients.md,
// "Versions, install cost"); Node 23 and later read the group, and there
// the guard fired for the tools it matches, which the converted hook no
// longer does. msg and hint are the ones to keep for a name that is a
// tool's.
func exactFallbackText(h *canonical.Hook, slug, native, why string, modifiers bool, to, msg, hint string) (string, string) {
	where, ran := "JavaScript's RegExp", "in "+slug
	if modifiers {
		where, ran = "the RegExp of Node versions without RegExp modifiers (before Node 23)", "there"
	}
	read := fmt.Sprintf("its matcher %q is no regular expression to %s (%s), so %s compares it with a tool's name as one exact string, and it is written so for %s (%s)",
		native, where, why, slug, to, patternTexts(h.Matcher))
	prefix, _, _ := strings.Cut(mcpPrefix(slug), "{")
	if _, known := vocab.Default().DecodeTool(slug, native); known || (prefix != "" && strings.HasPrefix(native, prefix)) {
		msg = read + "; check that it names " + to + "'s tools"
	} else {
		msg = fmt.Sprintf("%s: no %s tool is called that, so the hook never ran %s, and it does not run in %s either (at most for an MCP tool of that exact name)", read, slug, ran, to)
		hint = "name the tools the hook is meant for, or remove it"
	}
	if modifiers {
		msg += fmt.Sprintf("; on Node 23 and later, %s tests it as a pattern instead, and there the hook ran for the tools it matches, which it no longer does in %s", slug, to)
		hint = fmt.Sprintf("write the matcher without the modifier group (%s's name for the tool, or [rR][uU][nN]… to ignore case), so every Node version reads it alike, and convert again", slug)
	}
	return msg, hint
}
