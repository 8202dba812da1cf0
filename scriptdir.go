package hookconv

// Scripts that name another script by their own folder (QA): a hook's
// script most often finds its helper beside it, as source "$(dirname
// "$0")/lib.sh" or through SCRIPT_DIR=$(cd "$(dirname
// "${BASH_SOURCE[0]}")" && pwd), not through the project's variable.
// followScripts reads such a path as the folder of the script it reads,
// which it knows by its path in the project.

import (
	"io/fs"
	"path"
	"strings"

	"github.com/hookconv/hookconv/internal/lazy"
	"github.com/hookconv/hookconv/internal/shlex"
)

// shellSelf is how a shell script names its own file: $0 or
// $BASH_SOURCE (its first element), braced or not, quoted or not.
const shellSelf = `"?\$(?:0|\{0\}|BASH_SOURCE|\{BASH_SOURCE(?:\[0\])?\})"?`

// shellSelfResolved is shellSelf resolved through its links (readlink
// -f, realpath): the same file only when the script is no link, nor in
// a folder that is one (QA: a hook's guard.sh linked to tools/guard.sh
// names tools/, not .claude/hooks/).
const shellSelfResolved = `"?\$\([ \t]*(?:readlink[ \t]+-[fem]|realpath)[ \t]+(?:--[ \t]+)?` + shellSelf + `[ \t]*\)"?`

// selfDirExpr is a regular expression of how a shell script names its
// own folder, with the forms that resolve links (readlink -f, realpath, cd -P, pwd -P) only when
// resolved is true: $(dirname "$0"), its older spelling `dirname "$0"`
// (QA: "`dirname "$0"`/check.sh", where bash 5.2 reads the inner "$0"
// as quoted, a blank in the path kept), ${BASH_SOURCE%/*}, ${0%/*}, and
// $(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd) with its usual variants
// (cd --, >/dev/null 2>&1). A plain form names the folder a script is
// run by, a link's own.
func selfDirExpr(resolved bool) string {
	self, cdP, pwdP := shellSelf, ``, ``
	if resolved {
		self, cdP, pwdP = `(?:`+shellSelf+`|`+shellSelfResolved+`)`, `(?:-P[ \t]+)?`, `(?:[ \t]+-P)?`
	}
	dir := `(?:\$\([ \t]*dirname[ \t]+(?:--[ \t]+)?` + self + `[ \t]*\)|` + "`" + `[ \t]*dirname[ \t]+(?:--[ \t]+)?` + self + `[ \t]*` + "`" + `|\$\{(?:0|BASH_SOURCE(?:\[0\])?)%/\*\})`
	return `\$\([ \t]*cd[ \t]+` + cdP + `(?:--[ \t]+)?"?` + dir + `"?[ \t]*(?:&?>[ \t]*/dev/null[ \t]*(?:2>&1[ \t]*)?)?(?:&&|;)[ \t]*pwd` + pwdP + `[ \t]*\)|` + dir
}

// ownDirExpr and linkDirExpr match an expression that a shell script's
// own folder is (selfDirExpr): ownDirExpr for a script behind no link,
// with the forms that resolve links, linkDirExpr for one that may be.
var (
	ownDirExpr  = lazy.Regexp(selfDirExpr(true))
	linkDirExpr = lazy.Regexp(selfDirExpr(false))
)

// selfDirAssignment matches a line that sets a variable to a script's
// folder, once withScriptDir has put dirMark for it: SCRIPT_DIR="…",
// export HOOK_DIR=…, readonly DIR=…; its name the first group.
var selfDirAssignment = lazy.Regexp(`(?m)^[ \t]*(?:(?:export|readonly|local|declare(?:[ \t]+-r)?)[ \t]+)?([A-Za-z_][A-Za-z0-9_]*)="?` + regexpQuoteDirMark + `"?[ \t]*(?:;|$)`)

// dirMark stands for a script's folder while withScriptDir rewrites a
// script: it cannot occur in a script read (withScriptDir refuses one
// that holds it), and holds no name's character, so bareWords does not
// count it as a variable's name.
const dirMark = "\x00\x01\x00"

// regexpQuoteDirMark is dirMark as a regular expression.
const regexpQuoteDirMark = `\x00\x01\x00`

// withScriptDir rewrites a shell script's text (dir being its folder, a
// slash-separated path in the project) so that scriptPaths finds what
// it names by its own folder: each selfDirExpr, and each variable
// set once to one, becomes the folder after the config's root variable
// (the first of roots: ${CLAUDE_PROJECT_DIR}, or a plugin's). noLink
// says the script's path holds no link (Scripts.behindNoLink): only
// then is a form that resolves links its folder; otherwise that form is
// left as it is, a path not followed, and so a script unread. A script
// that names its own file nowhere is returned as it is: most do not,
// and this runs only on scripts read. A file sourced from another
// folder reads $0 as its sourcer's path, not its own: it is read as its
// own all the same, and a helper then not found is a script unread. So
// is one whose folder a command could not spell as a plain path (a
// blank in it): its paths stay unresolved, as before, and the readers
// treat them as they do any they cannot follow. It runs in time linear
// in the text's length (QA: a script of many assignments took seconds).
func withScriptDir(text, dir string, roots []string, noLink bool) string {
	if !strings.Contains(text, "$0") && !strings.Contains(text, "${0") && !strings.Contains(text, "BASH_SOURCE") {
		return text
	}
	if !plainPath(dir) || strings.Contains(text, "\x00") || len(roots) == 0 {
		return text
	}
	expr := linkDirExpr()
	if noLink {
		expr = ownDirExpr()
	}
	text = expr.ReplaceAllLiteralString(text, dirMark)
	if !strings.Contains(text, dirMark) {
		return text
	}
	// A variable set to the folder stands for it only where nothing else
	// may change it: its name as a bare word anywhere but its one
	// assignment (NAME+=, read NAME, export NAME, for NAME in, unset
	// NAME, ((NAME++)), printf -v NAME, …) may set it to anything.
	once := map[string]bool{}
	for _, m := range selfDirAssignment().FindAllStringSubmatch(text, -1) {
		once[m[1]] = true
	}
	for name, n := range bareWords(text, once) {
		if n != 1 {
			delete(once, name)
		}
	}
	if len(once) > 0 {
		text = replaceVarsWith(text, once, dirMark)
		text = withoutDirAssignments(text, once)
	}
	spelled := "${" + roots[0] + "}"
	if dir != "." {
		spelled += "/" + dir
	}
	return strings.ReplaceAll(text, dirMark, spelled)
}

// withoutDirAssignments drops from text (its folder expressions and
// their variables' plain references already dirMark) the one assignment
// of each of names to the folder: its value then stands wherever it was
// read, and the assignment itself writes nothing and runs nothing. Kept,
// it held a path built from the project's variable, which the readers
// take for a program they cannot see (QA: DIR="$(dirname "$0")"; exec
// "$DIR/check.sh" was left unread by HC431). An expansion replaceVarsWith
// leaves (${#D}, ${D%/*}) only reads the variable (QA round 3: it left
// the whole script unread): a folder is never empty, so not even
// ${D:=x} or ${D:?} sets it or fails; what it spells stays unresolved,
// a path not followed where a command runs it. One pass.
func withoutDirAssignments(text string, names map[string]bool) string {
	var b strings.Builder
	last := 0
	for _, m := range selfDirAssignment().FindAllStringSubmatchIndex(text, -1) {
		if !names[text[m[2]:m[3]]] {
			continue
		}
		b.WriteString(text[last:m[0]]) // its line break, if any, stays
		last = m[1]
	}
	if last == 0 {
		return text
	}
	b.WriteString(text[last:])
	return b.String()
}

// bareWords counts, for each of names, where a shell text holds it as a
// bare word: a run of a name's characters not after $, ${, ${# or ${!
// (a reference, which reads it). An assignment, a read into it, export,
// unset and arithmetic all hold it so.
func bareWords(text string, names map[string]bool) map[string]int {
	counts := map[string]int{}
	for i := 0; i < len(text); {
		if !shlex.IsNameByte(text[i]) {
			i++
			continue
		}
		j := i
		for j < len(text) && shlex.IsNameByte(text[j]) {
			j++
		}
		if word := text[i:j]; names[word] && !isReference(text[:i]) {
			counts[word]++
		}
		i = j
	}
	return counts
}

// isReference reports whether a name after before is a variable's
// reference: $NAME, ${NAME…}, ${#NAME}, ${!NAME…}.
func isReference(before string) bool {
	for _, p := range []string{"$", "${", "${#", "${!"} {
		if strings.HasSuffix(before, p) {
			return true
		}
	}
	return false
}

// replaceVarsWith replaces, in one pass, each $NAME not followed by a
// name's character and each ${NAME} of names with with.
func replaceVarsWith(s string, names map[string]bool, with string) string {
	var b strings.Builder
	last := 0
	for i := 0; i < len(s); i++ {
		if s[i] != '$' {
			continue
		}
		start, braced := i+1, i+1 < len(s) && s[i+1] == '{'
		if braced {
			start++
		}
		end := start
		for end < len(s) && shlex.IsNameByte(s[end]) {
			end++
		}
		if !names[s[start:end]] {
			continue
		}
		if braced {
			if end >= len(s) || s[end] != '}' {
				continue
			}
			end++
		}
		b.WriteString(s[last:i])
		b.WriteString(with)
		last, i = end, end-1
	}
	b.WriteString(s[last:])
	return b.String()
}

// behindNoLink reports whether a project script's path (name) holds no
// symbolic link, neither the file nor a folder above it, so that a form
// resolving links (readlink -f "$0", cd -P, pwd -P) names its folder as
// the path does. An FS that cannot tell a link (no fs.ReadLinkFS, whose
// fs.Lstat would follow one) may hold one: false.
func (s *Scripts) behindNoLink(name string) bool {
	fsys, ok := s.FS.(fs.ReadLinkFS)
	if !ok {
		return false
	}
	for p := name; p != "." && p != "/"; p = path.Dir(p) {
		info, err := fsys.Lstat(p)
		if err != nil || info.Mode()&fs.ModeSymlink != 0 {
			return false
		}
	}
	return true
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
