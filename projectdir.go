package hookconv

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
	"sync"

	"github.com/hookconv/hookconv/canonical"
	"github.com/hookconv/hookconv/diag"
	"github.com/hookconv/hookconv/internal/lazy"
	"github.com/hookconv/hookconv/internal/sortedkeys"
	"github.com/hookconv/hookconv/vocab"
)

// CodeProjectDir notes a project-directory variable rewritten for the target.
const CodeProjectDir = "HC405"

// gitTopLevel finds the project root where the target sets no variable
// for it (Codex's docs recommend it).
const gitTopLevel = "$(git rev-parse --show-toplevel)"

// rewriteProjectDir translates the project-directory variables of other
// tools in hook commands ($CLAUDE_PROJECT_DIR/.claude/hooks/x.sh) into the
// target's own, because the target does not set them: left alone, the
// command would run a script at /.claude/hooks/x.sh, fail, and — for a
// blocking hook — let the action through. It rewrites m in place (m is
// the pipeline's own planned copy) and says what it changed.
//
// A target with no variable gets git's top level, which is the project
// only where the project is a repository's top level: place, where the
// project lies in its repository, adds the path from there (a project in
// a monorepo), and a project in no repository is warned about, since
// there the command finds no project at all.
func rewriteProjectDir(m *canonical.Manifest, to string, place RepoPlace) diag.List {
	top, found := place.topLevel()
	replace := projectDirRewriter(to, top)
	if replace == nil {
		return nil
	}
	target, _ := vocab.Default().Provider(to)
	var ds diag.List
	for i := range m.Hooks {
		h := &m.Hooks[i]
		var changed []string
		if h.Handler.Command != "" {
			var seen []string
			h.Handler.Command, seen = replace(h.Handler.Command)
			changed = append(changed, seen...)
		}
		for k, v := range h.Handler.Platform {
			nv, seen := replace(v)
			h.Handler.Platform[k] = nv
			changed = append(changed, seen...)
		}
		if len(changed) == 0 {
			continue
		}
		slices.Sort(changed)
		changed = slices.Compact(changed)
		with := "$" + target.ProjectDirVar
		if target.ProjectDirVar == "" {
			with = top
			if !found {
				why := "the project is in no git repository, so git finds no project there"
				if place.InRepo {
					why = "the project's path in its git repository (" + place.Sub + ") cannot be written unquoted"
				}
				ds.Warnf(CodeProjectDir, h.PosOf("handler.command"), fmt.Sprintf("hooks[%d].handler.command", h.SourceIndex(i)),
					"put the project under git (git init), or write the scripts' paths relative to the folder "+target.Name+" runs hooks from",
					"%s: %s sets no %s; the command uses %s instead, but %s: the command fails (a blocking hook then lets every action through)",
					h.DisplayName(i), to, "$"+strings.Join(changed, ", $"), with, why)
				continue
			}
		}
		ds.Infof(CodeProjectDir, h.PosOf("handler.command"), fmt.Sprintf("hooks[%d].handler.command", h.SourceIndex(i)), "",
			"%s: %s sets no %s; the command uses %s instead", h.DisplayName(i), to, "$"+strings.Join(changed, ", $"), with)
	}
	return ds
}

// projectDirRewriter returns a function that rewrites, in one command, the
// project-directory variables other tools set into the target's own (or
// top, the project as git finds it, where it sets none), and names those
// it rewrote; nil when there is nothing to rewrite for the target.
func projectDirRewriter(to, top string) func(string) (string, []string) {
	names := vocab.Default()
	target, ok := names.Provider(to)
	if !ok || to == "canonical" {
		return nil
	}
	sets := append([]string{target.ProjectDirVar}, target.AlsoSets...)
	var foreign []string
	for _, p := range names.Providers {
		if p.ProjectDirVar != "" && !slices.Contains(sets, p.ProjectDirVar) && !slices.Contains(foreign, p.ProjectDirVar) {
			foreign = append(foreign, p.ProjectDirVar)
		}
	}
	if len(foreign) == 0 {
		return nil
	}
	// An escaped \$NAME is literal text to the shell (an exec form's
	// argument folded into a command): it is matched, to be left alone.
	// Compiled for the first command that names a variable: most name
	// none, and a typical conversion should not pay for it.
	re := sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`\\?\$(\{(` + strings.Join(foreign, "|") + `)\}|(` + strings.Join(foreign, "|") + `)\b)`)
	})
	replace := func(s string) (string, []string) {
		if !strings.Contains(s, "$") || !mentionsAny(s, foreign) || !re().MatchString(s) {
			return s, nil
		}
		var seen []string
		out := re().ReplaceAllStringFunc(s, func(v string) string {
			if strings.HasPrefix(v, `\`) {
				return v
			}
			name := strings.Trim(v, "${}")
			if !slices.Contains(seen, name) {
				seen = append(seen, name)
			}
			switch {
			case target.ProjectDirVar == "":
				return top
			case strings.HasPrefix(v, "${"):
				return "${" + target.ProjectDirVar + "}"
			default:
				return "$" + target.ProjectDirVar
			}
		})
		return out, seen
	}
	return replace
}

// CodePluginVar (warning): a hook's command needs a variable a tool sets
// only for a plugin's hooks (${CLAUDE_PLUGIN_ROOT}), which the target's
// project config never gets.
const CodePluginVar = "HC424"

// pluginOnlyVars warns (HC424) about hook commands that find their scripts
// through a variable a tool sets only for a plugin's or extension's hooks
// (${CLAUDE_PLUGIN_ROOT}/hooks/guard.sh). What hookconv writes is a
// project config, where no tool sets them: the path starts at / and the
// command fails — and a guard that fails lets the action through. Unlike
// the project directory there is nothing to rewrite them to, since the
// plugin's installed path is not known here.
func pluginOnlyVars(m *canonical.Manifest, to string) diag.List {
	names := vocab.Default()
	vars := append(pluginVars(names, func(p vocab.Provider) []string { return p.PluginRootVars }),
		pluginVars(names, func(p vocab.Provider) []string { return p.PluginDataVars })...)
	if len(vars) == 0 {
		return nil
	}
	// Variables are spelled $NAME, ${NAME}, ${NAME:-default} and the like,
	// PowerShell's $env:NAME or cmd's %NAME%; an escaped \$NAME is literal
	// text to the shell, matched to be skipped unless a second shell
	// expands it. A {{name}} in the table is a template the tool fills in
	// itself (Copilot CLI's {{plugin_data_dir}}).
	var envs, templates []string
	for _, v := range vars {
		if strings.HasPrefix(v, "{{") {
			templates = append(templates, regexp.QuoteMeta(v))
		} else {
			envs = append(envs, v)
		}
	}
	alt := strings.Join(envs, "|")
	pattern := `\\?\$(?:\{(` + alt + `)(?:[:#%/^,][^}]*)?\}|(` + alt + `)\b|env:(` + alt + `)\b)|%(` + alt + `)%`
	if len(templates) > 0 {
		pattern += `|(` + strings.Join(templates, "|") + `)`
	}
	// Compiled for the first command that names one of the variables:
	// most name none.
	re := sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(pattern) })
	target, _ := names.Provider(to)
	var ds diag.List
	for i := range m.Hooks {
		h := &m.Hooks[i]
		var used []string
		find := func(cmd string) {
			// Every spelling has a $, a % or a {{: most commands have
			// none, and no regular expression is run for them.
			if !strings.ContainsAny(cmd, "$%{") || !mentionsAny(cmd, vars) {
				return
			}
			inner := nestedShell().MatchString(cmd)
			for _, m := range re().FindAllStringSubmatch(cmd, -1) {
				name := "$" + m[1] + m[2] + m[3] + m[4] // cmd's %NAME% shown as $NAME
				if len(m) > 5 && m[5] != "" {
					name = m[5]
				}
				if (inner || !strings.HasPrefix(m[0], `\`)) && !slices.Contains(used, name) {
					used = append(used, name)
				}
			}
		}
		find(h.Handler.Command)
		for _, k := range sortedkeys.Of(h.Handler.Platform) {
			find(h.Handler.Platform[k])
		}
		if len(used) == 0 {
			continue
		}
		hint := "write the scripts' path instead: copy them into the project and start the path with the project directory"
		if target.ProjectDirVar != "" {
			hint += " ($" + target.ProjectDirVar + ")"
		}
		ds.Warnf(CodePluginVar, h.PosOf("handler.command"), fmt.Sprintf("hooks[%d].handler.command", h.SourceIndex(i)), hint,
			"%s: the command uses %s, which tools set (or fill in) only for a plugin's or extension's hooks; %s's project config gets no such value, so the command fails there (a blocking hook then lets every action through)",
			h.DisplayName(i), strings.Join(used, ", "), target.Name)
	}
	return ds
}

// nestedShell finds a command that hands text to a second shell (sh -c
// "…", bash -lc, eval): an escaped \$NAME the first shell leaves alone is
// expanded by the second.
var nestedShell = lazy.Regexp(`(?:^|[\s;&|(/])(?:(?:ba|da|k|z)?sh(?:\s+(?:--?[a-zA-Z][\w-]*|[a-z]+))*?\s+-[a-zA-Z]*c[a-zA-Z]*|eval)\s`)

// pluginVars gathers one of the providers' plugin variable lists, each
// name once.
func pluginVars(names *vocab.Tables, list func(vocab.Provider) []string) []string {
	var vars []string
	for _, p := range names.Providers {
		for _, v := range list(p) {
			if !slices.Contains(vars, v) {
				vars = append(vars, v)
			}
		}
	}
	return vars
}

// mentionsAny reports whether s contains one of the names.
func mentionsAny(s string, names []string) bool {
	for _, n := range names {
		if strings.Contains(s, n) {
			return true
		}
	}
	return false
}
