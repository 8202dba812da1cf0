package hookconv

import (
	"fmt"
	"maps"
	"slices"
	"strings"
	"testing"

	"github.com/hookconv/hookconv/canonical"
	"github.com/hookconv/hookconv/diag"
	"github.com/hookconv/hookconv/providers"
	"github.com/hookconv/hookconv/vocab"
)

// TestNoSilentFieldLoss: every hook that reaches the output arrives with
// what it had — matcher, timeout (in the target's unit), async, cwd, env,
// status message, per-platform commands, headers, model, MCP input — or a
// diagnostic of any severity names the hook. Over every golden input and
// corpus file × every target.
func TestNoSilentFieldLoss(t *testing.T) {
	names := vocab.Default()
	checked, changed := 0, 0
	for _, in := range propertyInputs(t) {
		src := DecodeSource(in.from, providers.Files{in.key: in.src})
		if src.Manifest == nil || src.Diagnostics.HasErrors() {
			continue
		}
		for _, to := range targets {
			res := src.Convert(to, nil, Options{})
			if res.Files == nil {
				continue
			}
			dst, _ := providers.Get(to)
			got, _ := dst.Decode(res.Files)
			prov, _ := names.Provider(to)
			for i := range src.Manifest.Hooks {
				h := &src.Manifest.Hooks[i]
				if warnedWith(res.Diagnostics, h.SourceIndex(i), exclusionCodes) {
					continue // left out, and said so; another hook may run the same command
				}
				// The same command may run on several matchers: compare with
				// the copy that kept the most.
				var lost []string
				found := false
				backs := sameRun(h, got)
				for _, back := range backs {
					l := lostFields(h, back, prov, names)
					if !found || len(l) < len(lost) {
						lost, found = l, true
					}
				}
				// A tool that names tools only through its events
				// (Windsurf) writes one hook per category: together they
				// hold the matcher.
				if slices.Contains(lost, "matcher") && unionKey(backs, prov, names) == matcherKey(h.Matcher, &prov, names) {
					lost = slices.DeleteFunc(lost, func(f string) bool { return f == "matcher" })
				}
				if !found {
					continue // gone: TestNoSilentLossOfBlocking and verify cover that
				}
				// A generated program's output embeds the manifest, so
				// every field comes back decoded, whether the program acts
				// on it or not: those it ignores are lost too (QA q2 F10:
				// status_message for Cline and OpenCode, never checked).
				if fu, ok := dst.(providers.FieldUser); ok {
					for _, f := range setFields(&h.Handler) {
						if !fu.UsesField(f) && !slices.Contains(lost, f) {
							lost = append(lost, f)
						}
					}
				}
				checked++
				if len(lost) == 0 {
					continue
				}
				changed++
				for _, field := range lost {
					if !named(res.Diagnostics, h.SourceIndex(i), field) {
						t.Errorf("%s → %s: hook %d (%s %q) lost %s without a diagnostic naming it",
							in.name, to, i+1, h.Event, runText(&h.Handler), field)
					}
				}
			}
		}
	}
	if checked < 1000 {
		t.Fatalf("only %d hooks checked", checked)
	}
	t.Logf("%d hook conversions checked, %d changed with a diagnostic", checked, changed)
}

// setFields are the fields lostFields compares that hd sets.
func setFields(hd *canonical.Handler) []string {
	var out []string
	for _, f := range []struct {
		name string
		set  bool
	}{
		{"allowed_env_vars", len(hd.AllowedEnvVars) > 0}, {"async", hd.Async}, {"cwd", hd.Cwd != ""},
		{"env", len(hd.Env) > 0}, {"headers", len(hd.Headers) > 0}, {"input", len(hd.Input) > 0},
		{"model", hd.Model != ""}, {"platform", len(hd.Platform) > 0}, {"status_message", hd.StatusMessage != ""},
		{"timeout", hd.Timeout > 0},
	} {
		if f.set {
			out = append(out, f.name)
		}
	}
	return out
}

// sameRun finds the hooks of got on h's event that run what h runs.
func sameRun(h *canonical.Hook, got *canonical.Manifest) []*canonical.Hook {
	var out []*canonical.Hook
	want := normaliseRun(runText(&h.Handler))
	for i := range got.Hooks {
		g := &got.Hooks[i]
		if g.Event == h.Event && g.Handler.Type == h.Handler.Type && normaliseRun(runText(&g.Handler)) == want {
			out = append(out, g)
		}
	}
	return out
}

// unionKey is the matcher key of all the hooks together.
func unionKey(hooks []*canonical.Hook, prov vocab.Provider, names *vocab.Tables) string {
	var keys []string
	for _, h := range hooks {
		if h.Matcher == nil {
			return "*"
		}
		keys = appendMatcherKeys(keys, h.Matcher, &prov, names)
	}
	slices.Sort(keys)
	return strings.Join(slices.Compact(keys), "\x00")
}

// lostFields lists what of h did not arrive in back.
func lostFields(h, back *canonical.Hook, prov vocab.Provider, names *vocab.Tables) []string {
	var lost []string
	a, b := &h.Handler, &back.Handler
	if matcherKey(h.Matcher, &prov, names) != matcherKey(back.Matcher, &prov, names) {
		lost = append(lost, "matcher")
	}
	if roundTimeout(a.Timeout, a.Type, prov) != roundTimeout(b.Timeout, b.Type, prov) && !(a.Timeout == 0 || b.Timeout == 0 && prov.TimeoutUnit == "") {
		lost = append(lost, "timeout")
	}
	if a.Timeout != 0 && b.Timeout == 0 && !slices.Contains(lost, "timeout") {
		lost = append(lost, "timeout")
	}
	check := func(field string, same bool) {
		if !same {
			lost = append(lost, field)
		}
	}
	check("async", a.Async == b.Async)
	check("cwd", a.Cwd == b.Cwd)
	check("env", maps.Equal(a.Env, b.Env))
	check("status_message", a.StatusMessage == b.StatusMessage)
	check("platform", maps.Equal(a.Platform, b.Platform))
	check("headers", maps.Equal(a.Headers, b.Headers))
	check("allowed_env_vars", slices.Equal(a.AllowedEnvVars, b.AllowedEnvVars))
	check("model", a.Model == b.Model)
	check("input", string(a.Input) == string(b.Input))
	return lost
}

// named reports whether a diagnostic about hook index (its path,
// hooks[index] or below) names field, in its path or its message.
func named(ds diag.List, index int, field string) bool {
	prefix := fmt.Sprintf("hooks[%d]", index)
	for _, d := range ds {
		if d.Path != prefix && !strings.HasPrefix(d.Path, prefix+".") {
			continue
		}
		if strings.Contains(d.Path, field) || strings.Contains(d.Message, field) || strings.Contains(d.Message, strings.ReplaceAll(field, "_", " ")) {
			return true
		}
	}
	return false
}
