package hookconv

import (
	"path"
	"strings"

	"github.com/hookconv/hookconv/internal/lazy"
)

// followModules reads the project modules the Python and Node scripts
// among files import (importedModules), and those they import in turn,
// each once, up to maxInputScripts: a helper that leaves its answer to a
// module it imports (from policy import decide; require('./policy'))
// answers as surely as one that prints it (QA). The scripts the modules
// run by path (programRefs) are followed as well (followScripts). It
// returns the files read, whether more were named than it follows (left),
// and whether one that must be in the project could not be read (unread:
// a relative import found nowhere).
func (s *Scripts) followModules(files []inputFile) (more []inputFile, left, unread bool) {
	seen := map[string]bool{}
	var queue []inputFile
	for _, f := range files {
		seen[f.path] = true
		queue = append(queue, f)
	}
	var runs []scriptRef
	read := 0
	for len(queue) > 0 {
		f := queue[0]
		queue = queue[1:]
		lang := scriptLang(f.path, f.text)
		if lang != langPython && lang != langNode || compiledProgram(f.text) {
			continue
		}
		for _, m := range importedModules(f.path, f.text, lang) {
			found := false
			for _, p := range m.paths {
				if seen[p] {
					found = true
					break
				}
				if read == maxInputScripts {
					left = true
					break
				}
				b, err := s.readFile(p)
				if err != nil {
					continue
				}
				seen[p], found = true, true
				read++
				g := inputFile{p, b}
				more = append(more, g)
				queue = append(queue, g)
				runs = append(runs, s.byOwnFolder(p, b, false).refs...)
				break
			}
			unread = unread || !found && m.local && !left
		}
	}
	if len(runs) > 0 {
		sh, l, u := s.followScripts(runs, nil)
		for _, f := range sh {
			if !seen[f.path] {
				more = append(more, f)
			}
		}
		left, unread = left || l, unread || u
	}
	return more, left, unread
}

// moduleRef is a module a script imports: the project files it may be,
// in the order its language looks for them, and whether it must be one
// of them (a relative import: ./policy, from . import policy) rather than
// maybe a library installed elsewhere (import policy, found beside the
// script or else not the project's).
type moduleRef struct {
	paths []string
	local bool
}

// Imports in Python (from X import a, b; import X, Y as Z) and Node
// (require('./x'), import … from './x', import('./x'), export … from
// './x'): the module's name is the first group (Python's dots leading a
// relative one included), Python's names imported from it the second.
var (
	pythonModuleFromImport = lazy.Regexp(`(?m)^[ \t]*from[ \t]+(\.*[\w.]*)[ \t]+import[ \t]+\(?([\w \t,]+)`)
	pythonModuleImport     = lazy.Regexp(`(?m)^[ \t]*import[ \t]+([\w.]+(?:[ \t]+as[ \t]+\w+)?(?:[ \t]*,[ \t]*[\w.]+(?:[ \t]+as[ \t]+\w+)?)*)`)
	nodeImport             = lazy.Regexp(`(?:\brequire|\bimport)\s*\(\s*["'](\.{1,2}/[^"'\n]+)["']\s*\)|(?:\bimport|\bexport)\s[^;"'()]*?\bfrom\s*["'](\.{1,2}/[^"'\n]+)["']|\bimport\s*["'](\.{1,2}/[^"'\n]+)["']`)
)

// nodeExtensions are the files Node (and the bundlers' TypeScript
// loaders) try for a relative module named without its extension.
var nodeExtensions = []string{"", ".js", ".mjs", ".cjs", ".ts", ".mts", ".cts", "/index.js", "/index.mjs", "/index.cjs", "/index.ts"}

// importedModules lists the project modules a Python or Node script
// (name its project path, text, lang) imports, without its comments
// (programCode). A Python module is looked for beside the script, where
// python3 scripts/main.py finds it (the script's folder is first on
// sys.path); a name found nowhere there is a library's. A path leaving
// the project is no project module.
func importedModules(name string, text []byte, lang string) []moduleRef {
	code := programCode(string(text), lang)
	dir := path.Dir(name)
	var out []moduleRef
	add := func(local bool, candidates ...string) {
		var ps []string
		for _, c := range candidates {
			c = path.Clean(c)
			if c == "." || c == ".." || strings.HasPrefix(c, "../") || strings.HasPrefix(c, "/") || !plainPath(c) {
				continue
			}
			ps = append(ps, c)
		}
		if len(ps) > 0 {
			out = append(out, moduleRef{ps, local})
		}
	}
	switch lang {
	case langPython:
		module := func(from, m string) []string {
			p := path.Join(from, strings.ReplaceAll(m, ".", "/"))
			return []string{p + ".py", p + "/__init__.py"}
		}
		for _, m := range pythonModuleFromImport().FindAllStringSubmatch(code, -1) {
			mod := strings.TrimLeft(m[1], ".")
			dots := len(m[1]) - len(mod)
			// Each dot past the first is a folder up (out of the project,
			// it names no project file: add drops it).
			from := path.Join(dir, strings.Repeat("../", max(dots-1, 0)))
			if mod != "" {
				add(dots > 0, module(from, mod)...)
			}
			// The names imported may be modules of a package (from . import
			// policy; from checks import policy).
			for _, n := range strings.Split(m[2], ",") {
				if f := strings.Fields(n); len(f) > 0 && f[0] != "*" {
					pkg := from
					if mod != "" {
						pkg = path.Join(from, strings.ReplaceAll(mod, ".", "/"))
					}
					add(dots > 0 && mod == "", module(pkg, f[0])...)
				}
			}
		}
		for _, m := range pythonModuleImport().FindAllStringSubmatch(code, -1) {
			for _, n := range strings.Split(m[1], ",") {
				if f := strings.Fields(n); len(f) > 0 {
					add(false, module(dir, f[0])...)
				}
			}
		}
	case langNode:
		for _, m := range nodeImport().FindAllStringSubmatch(code, -1) {
			rel := m[1] + m[2] + m[3]
			var cs []string
			for _, ext := range nodeExtensions {
				cs = append(cs, path.Join(dir, rel)+ext)
			}
			add(true, cs...)
		}
	}
	return out
}
