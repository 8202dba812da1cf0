package hookconv

// Scripts that name another script by their own folder (QA): a hook's
// script most often finds its helper beside it, as source "$(dirname
// "$0")/lib.sh" or through SCRIPT_DIR=$(cd "$(dirname
// "${BASH_SOURCE[0]}")" && pwd), not through the project's variable.
// followScripts reads such a path as the folder of the script it reads,
// which it knows by its path in the project.

import (
	"path"
	"strings"

	"github.com/hookconv/hookconv/internal/lazy"
)

// shellSelf is how a shell script names its own file: $0 or
// $BASH_SOURCE (its first element), braced or not, quoted or not, or
// resolved through its links (readlink -f, realpath), which names the
// same file unless the script is a link itself.
const shellSelf = `(?:"?\$(?:0|\{0\}|BASH_SOURCE|\{BASH_SOURCE(?:\[0\])?\})"?|"?\$\([ \t]*(?:readlink[ \t]+-[fem]|realpath)[ \t]+(?:--[ \t]+)?"?\$(?:0|\{0\}|BASH_SOURCE|\{BASH_SOURCE(?:\[0\])?\})"?[ \t]*\)"?)`

// shellSelfDir is the part of shellSelfDirExpr that names the folder
// itself: $(dirname "$0") or ${BASH_SOURCE%/*}.
const shellSelfDir = `(?:\$\([ \t]*dirname[ \t]+(?:--[ \t]+)?` + shellSelf + `[ \t]*\)|\$\{(?:0|BASH_SOURCE(?:\[0\])?)%/\*\})`

// shellSelfDirExpr matches an expression that a shell script's own
// folder is: $(dirname "$0"), $(dirname "$(readlink -f "$0")"),
// ${BASH_SOURCE%/*}, ${0%/*}, and $(cd "$(dirname "${BASH_SOURCE[0]}")"
// && pwd) with its usual variants (cd --, >/dev/null 2>&1, pwd -P).
var shellSelfDirExpr = lazy.Regexp(`\$\([ \t]*cd[ \t]+(?:-P[ \t]+)?(?:--[ \t]+)?"?` + shellSelfDir + `"?[ \t]*(?:&?>[ \t]*/dev/null[ \t]*(?:2>&1[ \t]*)?)?(?:&&|;)[ \t]*pwd(?:[ \t]+-P)?[ \t]*\)|` + shellSelfDir)

// selfDirAssignment matches a line that sets a variable to a script's
// folder, once withScriptDir has put dirMark for it: SCRIPT_DIR="…",
// export HOOK_DIR=…, readonly DIR=…; its name the first group.
var selfDirAssignment = lazy.Regexp(`(?m)^[ \t]*(?:(?:export|readonly|local|declare(?:[ \t]+-r)?)[ \t]+)?([A-Za-z_][A-Za-z0-9_]*)="?` + regexpQuoteDirMark + `"?[ \t]*(?:;|$)`)

// dirMark stands for a script's folder while withScriptDir rewrites a
// script: it cannot occur in a script read (withScriptDir refuses one
// that holds it).
const dirMark = "\x00dir\x00"

// regexpQuoteDirMark is dirMark as a regular expression.
const regexpQuoteDirMark = `\x00dir\x00`

// withScriptDir rewrites a shell script's text (dir being its folder, a
// slash-separated path in the project) so that scriptPaths finds what
// it names by its own folder: each shellSelfDirExpr, and each variable
// set once to one, becomes the folder after the config's root variable
// (the first of roots: ${CLAUDE_PROJECT_DIR}, or a plugin's). A script
// that names its own file nowhere is returned as it is: most do not,
// and this runs only on scripts read. A file sourced from another
// folder reads $0 as its sourcer's path, not its own: it is read as its
// own all the same, and a helper then not found is a script unread. So is one whose folder a command could not
// spell as a plain path (a blank in it): its paths stay unresolved, as
// before, and the readers treat them as they do any they cannot follow.
func withScriptDir(text, dir string, roots []string) string {
	if !strings.Contains(text, "$0") && !strings.Contains(text, "${0") && !strings.Contains(text, "BASH_SOURCE") {
		return text
	}
	if !plainPath(dir) || strings.Contains(text, "\x00") || len(roots) == 0 {
		return text
	}
	text = shellSelfDirExpr().ReplaceAllLiteralString(text, dirMark)
	if !strings.Contains(text, dirMark) {
		return text
	}
	// A variable set to the folder once stands for it: set again
	// elsewhere (DIR=$(pwd) later), it may be anything there.
	for _, m := range selfDirAssignment().FindAllStringSubmatch(text, -1) {
		if name := m[1]; assignedOnce(text, name) {
			text = replaceVarWith(strings.ReplaceAll(text, "${"+name+"}", dirMark), name, dirMark)
		}
	}
	spelled := "${" + roots[0] + "}"
	if dir != "." {
		spelled += "/" + dir
	}
	return strings.ReplaceAll(text, dirMark, spelled)
}

// assignedOnce reports whether a shell text sets the variable name in
// one place only (NAME= not after a name's character).
func assignedOnce(text, name string) bool {
	n := 0
	for i := 0; ; {
		k := strings.Index(text[i:], name+"=")
		if k < 0 {
			return n == 1
		}
		if at := i + k; at == 0 || !isNameByte(text[at-1]) {
			n++
		}
		i += k + len(name) + 1
	}
}

// programPathParts match, in a Python or Node script's code, a path
// built from the script's own folder and string literals (the second
// group, the literals with what joins them): os.path.join(
// os.path.dirname(__file__), "check.sh"), Path(__file__).parent /
// "check.sh", path.join(__dirname, "check.sh"), __dirname + "/check.sh".
var programPathParts = lazy.Regexp(`(os\.path\.join\(\s*os\.path\.dirname\(\s*(?:os\.path\.(?:abspath|realpath)\(\s*)?__file__\s*\)?\s*\)|Path\(\s*__file__\s*\)(?:\.(?:resolve|absolute)\(\s*\))?\.parent|path\.(?:join|resolve)\(\s*__dirname|__dirname)((?:\s*[,/+]\s*(?:"[^"\n\\]*"|'[^'\n\\]*'))+)`)

// programProjectPath matches, in a Python or Node script's code, a string
// literal that is a project-relative path of a script ("bash",
// ".claude/hooks/check.sh"), or a path after a project variable read
// from the environment (os.environ["CLAUDE_PROJECT_DIR"] +
// "/.claude/hooks/check.sh"): its path the first or second group.
var programProjectPath = lazy.Regexp(`(?:^|[\s(\[,=])["']((?:\./)?[\w.-]+(?:/[\w.-]+)+)["']|(?:environ\[|environ\.get\(|getenv\(|env\.|env\[)\s*["']?[A-Z_]*PROJECT_DIR["']?\s*[\])]?\s*\+\s*["'](/[\w./-]+)["']`)

// programRefs lists the project scripts a Python or Node script (lang,
// code its text without comments, dir its folder in the project) names
// where it hands something to another process (handsToShell): by its
// own folder (programPathParts) or, for a project's config (relative),
// by the project's (programProjectPath). Only names with a script's
// extension count: followScripts reads what they name, and a data file
// is none. The paths are not checked here: one named but missing is an
// unread script, as any is.
func programRefs(code, dir string, relative bool) []scriptRef {
	if !handsToShell().MatchString(code) {
		return nil
	}
	var out []scriptRef
	add := func(rel string) {
		rel = path.Clean(rel)
		if !hasScriptExtension(rel) || rel == "." || rel == ".." || strings.HasPrefix(rel, "../") || strings.HasPrefix(rel, "/") || !plainPath(rel) {
			return
		}
		out = append(out, scriptRef{path: rel})
	}
	if strings.Contains(code, "__file__") || strings.Contains(code, "__dirname") {
		for _, m := range programPathParts().FindAllStringSubmatch(code, -1) {
			var parts []string
			for _, lit := range programLiteral().FindAllStringSubmatch(m[2], -1) {
				parts = append(parts, strings.Trim(lit[0], `"'`))
			}
			add(dir + "/" + strings.Join(parts, "/"))
		}
	}
	if relative {
		for _, m := range programProjectPath().FindAllStringSubmatch(code, -1) {
			add(m[1] + strings.TrimPrefix(m[2], "/"))
		}
	}
	return out
}

// programLiteral matches a string literal of programPathParts' second
// group.
var programLiteral = lazy.Regexp(`"[^"\n\\]*"|'[^'\n\\]*'`)

// programCode is a Python or Node script's text without its comments
// (pythonParts, jsParts), or the whole text when its strings do not
// pair up.
func programCode(text, lang string) string {
	switch lang {
	case langPython:
		if c, _, _, ok := pythonParts(text); ok {
			return c
		}
	case langNode:
		if c, _, ok := jsParts(text); ok {
			return c
		}
	}
	return text
}
