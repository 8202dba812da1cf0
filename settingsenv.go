package hookconv

// The variables a tool's settings set for every hook it runs (Claude
// Code's "env"): a hook converted to another tool runs without them.

import (
	"bytes"
	"fmt"
	"slices"
	"strings"

	"github.com/hookconv/hookconv/canonical"
	"github.com/hookconv/hookconv/capabilities"
	"github.com/hookconv/hookconv/diag"
	"github.com/hookconv/hookconv/internal/lazy"
	"github.com/hookconv/hookconv/internal/node"
	"github.com/hookconv/hookconv/internal/shlex"
	"github.com/hookconv/hookconv/internal/sortedkeys"
	"github.com/hookconv/hookconv/providers"
	"github.com/hookconv/hookconv/vocab"
)

// CodeSettingsEnv (warning): the source tool's settings set variables for
// every hook it runs (Claude Code's "env"), which the target does not
// read: hooks that name them, or run programs hookconv cannot read, run
// without them (an info when every hook was read and none names them).
const CodeSettingsEnv = "HC440"

// settingsEnvAt is where a source's settings set variables for every
// hook: the file and the position of the key (Claude Code's "env"), as
// DecodeSource saw them.
type settingsEnvAt struct {
	file string
	pos  diag.Pos
}

// findSettingsEnv returns where root, file p of a source from slug, sets
// variables for every hook, and false where it sets none.
func findSettingsEnv(slug, p string, root *node.Node) (settingsEnvAt, bool) {
	prov, _ := vocab.Default().Provider(slug)
	if prov.SettingsEnv == "" || len(providers.SettingsEnvNames(nil, p, root, prov)) == 0 {
		return settingsEnvAt{}, false
	}
	for _, f := range root.Fields {
		if f.Key == prov.SettingsEnv {
			return settingsEnvAt{p, f.KeyPos}, true
		}
	}
	return settingsEnvAt{}, false
}

// settingsEnvLost warns (HC440), once per conversion, that the variables
// the source tool's settings set for every hook it runs (the "$env" mark
// its decoder left) are not set by the target, which reads no such
// setting of the source's. A guard that reads one ([ "$STRICT" = 1 ]) and
// finds it empty may let every call through. It names the hooks whose
// command or scripts name a variable, and counts those that run what
// hookconv cannot read, which may read them (a program's own settings:
// CLAUDE_FLOW_HOOKS_ENABLED). The first, and the guards among the second,
// are what the warning is about, so migrate keeps them in the source.
// With neither, it is an info.
// at is where the source's settings set them, when it is a native file.
func settingsEnvLost(m *canonical.Manifest, to string, files providers.Files, scripts *Scripts, at settingsEnvAt) (diag.List, [][]int) {
	if to == "canonical" {
		return nil, nil // the manifest keeps the mark, for the conversion on
	}
	var (
		names        []string
		slug         string
		first        = -1 // the first marked hook
		naming, dark hookGroup
		darkGuards   []int // dark's blocking hooks
	)
	for i := range m.Hooks {
		h := &m.Hooks[i]
		var hookNames []string
		for s, raw := range h.ProviderData {
			if s == to || !bytes.Contains(raw, []byte(`"$env"`)) {
				continue
			}
			if prov, _ := vocab.Default().Provider(s); prov.SettingsEnv == "" {
				continue // a tool without such settings: a hand-written mark means nothing
			}
			v := envMarkNames(providers.OwnData(h, s).Get("$env"))
			if len(v) == 0 {
				continue
			}
			if slug == "" || s < slug {
				slug = s
			}
			for _, n := range v {
				if !slices.Contains(hookNames, n) {
					hookNames = append(hookNames, n)
				}
			}
		}
		if len(hookNames) == 0 {
			continue
		}
		if first < 0 {
			first = i
		}
		for _, n := range hookNames {
			if !slices.Contains(names, n) {
				names = append(names, n)
			}
		}
		text, unseen := envText(&h.Handler, scripts)
		switch {
		case h.Handler.Type == canonical.HandlerCommand && slices.ContainsFunc(hookNames, readImplicitly),
			slices.ContainsFunc(hookNames, func(n string) bool { return namesWord(text, n) }):
			naming.add(h, i)
		case unseen:
			dark.add(h, i)
			if h.Blocking {
				darkGuards = append(darkGuards, h.SourceIndex(i))
			}
		}
	}
	if first < 0 {
		return nil, nil
	}
	h := &m.Hooks[first]
	pos, file := at.pos, at.file
	if !pos.IsValid() {
		// A manifest: its hooks carry the mark.
		pos, file = h.KeyPosOf(fmt.Sprintf("provider_data.%s.$env", slug)), ""
	}
	var what []string
	if naming.n > 0 {
		what = append(what, "they are named in the command or scripts of "+naming.listed())
	}
	if dark.n > 0 {
		what = append(what, fmt.Sprintf("%d hook(s) (%s) run what hookconv cannot read, which may read them", dark.n, dark.listed()))
	}
	hint := "set them inside the command (NAME=value command) or where " + ToolName(to) + " is started"
	if sup, ok := capabilities.Default().SupportOf(to, "custom_env"); ok && sup.Level != "none" {
		hint = "add them to each hook's env, which " + ToolName(to) + " has, or set them where it is started"
	}
	source := ToolName(slug)
	prov, _ := vocab.Default().Provider(slug)
	shown := strings.Join(names, ", ")
	if len(names) > 2*shownHooks {
		shown = fmt.Sprintf("%s and %d more", strings.Join(names[:2*shownHooks], ", "), len(names)-2*shownHooks)
	}
	var ds diag.List
	if len(what) == 0 {
		ds.Infof(CodeSettingsEnv, pos, "", hint,
			"%s's settings %q set %s for every hook %s runs; %s does not read them, and no converted hook names them in a command or script hookconv read",
			source, prov.SettingsEnv, shown, source, ToolName(to))
	} else {
		ds.Warnf(CodeSettingsEnv, pos, "", hint,
			"%s's settings %q set %s for every hook %s runs; %s does not read them, so the converted hooks run without them: %s (a guard that finds one empty may let every call through)",
			source, prov.SettingsEnv, shown, source, ToolName(to), strings.Join(what, "; "))
	}
	switch {
	case file != "":
		ds = ds.WithFile(file)
	default:
		ds = inHookFile(ds, h, files)
	}
	// Every hook that names one is about it; of those hookconv cannot
	// read, the guards, which migrate then keeps in the source.
	return ds, [][]int{append(naming.hooks, darkGuards...)}
}

// envMarkNames reads a "$env" mark: the array of names a decoder writes,
// or, in a hand-edited manifest, the string items of an array, an object's
// keys (the settings' own "env" copied in) or one name; a mark with none
// is nil. Read leniently: a mark misspelled is still a warning.
func envMarkNames(v *node.Node) []string {
	var names []string
	switch {
	case v == nil:
	case v.Kind == node.String && v.Text != "":
		names = append(names, v.Text)
	case v.Kind == node.Array:
		for _, item := range v.Items {
			if item.Kind == node.String && item.Text != "" {
				names = append(names, item.Text)
			}
		}
	case v.Kind == node.Object:
		for _, f := range v.Fields {
			if f.Key != "" {
				names = append(names, f.Key)
			}
		}
	}
	return names
}

// implicitEnv are variables the shell, the interpreters and the programs a
// hook runs read without the command naming them: where the settings set
// one, every command hook reads it.
var implicitEnv = []string{"PATH", "HOME", "SHELL", "ENV", "BASH_ENV", "IFS", "CDPATH", "TMPDIR", "TZ", "LANG", "LC_ALL",
	"PYTHONPATH", "PYTHONHOME", "PYTHONSTARTUP", "PYTHONSAFEPATH", "NODE_PATH", "NODE_OPTIONS", "PERL5LIB", "PERL5OPT", "RUBYLIB", "RUBYOPT",
	"LD_LIBRARY_PATH", "LD_PRELOAD", "DYLD_LIBRARY_PATH", "DYLD_INSERT_LIBRARIES", "GIT_DIR", "GIT_WORK_TREE", "GIT_CONFIG_GLOBAL"}

// readImplicitly reports whether name is one of implicitEnv, or a locale
// variable (LC_*).
func readImplicitly(name string) bool {
	return slices.Contains(implicitEnv, name) || strings.HasPrefix(name, "LC_")
}

// mayLoadCode reports whether a script's text may load code from a file
// hookconv did not read, which may read any variable: a Python import, or
// a Node require or import, of a module other than the few standard ones
// programexits.go knows (a local policy.py); Ruby's require_relative or
// load; Perl's use or require. A shell's source and . are followed by
// readInput already.
func mayLoadCode(text string) bool {
	// The text may be Python or JavaScript: an import is of a standard
	// module when either language's reading finds it so.
	if strings.Contains(text, "import") && !pythonImportsQuiet(text) && !nodeModulesQuiet(text, text) {
		return true
	}
	if strings.Contains(text, "require") && !nodeModulesQuiet(text, text) {
		return true
	}
	return strings.Contains(text, "require_relative") || perlLoad().MatchString(text)
}

// perlLoad matches Perl's use or require of a module, or Ruby's load.
var perlLoad = lazy.Regexp(`(?m)^[ \t]*(?:use|require|load)[ \t]+[A-Za-z_'"]`)

// envText is the text in which a hook may name a variable: its command
// and platform commands, the scripts it runs that hookconv can
// read, or an http hook's URL and headers; unseen says a command runs
// what hookconv cannot read. Nothing is run.
func envText(hd *canonical.Handler, scripts *Scripts) (text string, unseen bool) {
	switch hd.Type {
	case canonical.HandlerCommand:
		t, u := scripts.readInput(hd)
		if u == "" && mayLoadCode(t) {
			u = unseenScript // a module it loads was not read
		}
		parts := []string{t}
		for _, k := range sortedkeys.Of(hd.Platform) {
			parts = append(parts, hd.Platform[k])
		}
		return strings.Join(parts, "\n"), u != ""
	case canonical.HandlerHTTP:
		parts := []string{hd.URL}
		for _, k := range sortedkeys.Of(hd.Headers) {
			parts = append(parts, hd.Headers[k])
		}
		return strings.Join(parts, "\n"), false
	}
	return "", false
}

// namesWord reports whether text holds name as a whole word ($NAME,
// ${NAME:-x}, os.environ["NAME"], process.env.NAME), not inside a longer
// name.
func namesWord(text, name string) bool {
	for off := 0; ; {
		i := strings.Index(text[off:], name)
		if i < 0 {
			return false
		}
		start, end := off+i, off+i+len(name)
		if (start == 0 || !shlex.IsNameByte(text[start-1])) && (end == len(text) || !shlex.IsNameByte(text[end])) {
			return true
		}
		off = start + 1
	}
}
