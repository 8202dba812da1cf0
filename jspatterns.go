package hookconv

import (
	"fmt"
	"slices"

	"github.com/hookconv/hookconv/canonical"
	"github.com/hookconv/hookconv/diag"
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
