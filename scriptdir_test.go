package hookconv

import (
	"fmt"
	"io/fs"
	"slices"
	"strings"
	"testing"
	"testing/fstest"
)

// TestWithScriptDir: the paths a shell script names by its own folder
// are found as scriptPaths finds the project's, for a script in
// .claude/hooks (QA: none was followed).
func TestWithScriptDir(t *testing.T) {
	for _, tc := range []struct {
		name, text string
		want       []string
	}{
		{"dirname $0", `source "$(dirname "$0")/lib.sh"`, []string{".claude/hooks/lib.sh"}},
		{"dirname unquoted", `. $(dirname $0)/lib.sh`, []string{".claude/hooks/lib.sh"}},
		{"dirname BASH_SOURCE", `. "$(dirname "${BASH_SOURCE[0]}")/lib.sh"`, []string{".claude/hooks/lib.sh"}},
		{"dirname --", `. "$(dirname -- "$BASH_SOURCE")/lib.sh"`, []string{".claude/hooks/lib.sh"}},
		{"param BASH_SOURCE", `source "${BASH_SOURCE%/*}/lib.sh"`, []string{".claude/hooks/lib.sh"}},
		{"param 0", `source "${0%/*}/lib.sh"`, []string{".claude/hooks/lib.sh"}},
		{"quoted folder", `"$(dirname "$0")"/check.sh`, []string{".claude/hooks/check.sh"}},
		// QA: backquotes, in double quotes or not.
		{"backquoted dirname", "\"`dirname \"$0\"`/check.sh\" || exit 2", []string{".claude/hooks/check.sh"}},
		{"backquoted dirname unquoted", "`dirname $0`/check.sh", []string{".claude/hooks/check.sh"}},
		{"backquoted DIR", "DIR=\"`dirname \"$0\"`\"\nexec \"$DIR/check.sh\"", []string{".claude/hooks/check.sh"}},
		{"backquoted dirname of another", "\"`dirname \"$1\"`/check.sh\"", nil},
		{"run beside", `"$(dirname "$0")/check.sh" "$@"`, []string{".claude/hooks/check.sh"}},
		{"exec beside, no extension", `exec "$(dirname "$0")/check"`, []string{".claude/hooks/check"}},
		{"up a folder", `source "$(dirname "$0")/../lib/common.sh"`, []string{".claude/lib/common.sh"}},
		{"SCRIPT_DIR cd pwd", "SCRIPT_DIR=\"$(cd \"$(dirname \"${BASH_SOURCE[0]}\")\" && pwd)\"\nsource \"$SCRIPT_DIR/lib.sh\"", []string{".claude/hooks/lib.sh"}},
		{"DIR cd -- null", "DIR=$( cd -- \"$( dirname -- \"${BASH_SOURCE[0]}\" )\" &> /dev/null && pwd )\n\"${DIR}/check.sh\"", []string{".claude/hooks/check.sh"}},
		{"HERE readlink", "HERE=\"$(dirname \"$(readlink -f \"$0\")\")\"\npython3 \"$HERE/check.py\"", []string{".claude/hooks/check.py"}},
		{"export HOOK_DIR", "export HOOK_DIR=\"$(dirname \"$0\")\"\n. \"$HOOK_DIR\"/lib.sh", []string{".claude/hooks/lib.sh"}},
		{"cd pwd -P ;", "BASEDIR=$(cd \"$(dirname \"$0\")\"; pwd -P)\nexec \"$BASEDIR/check.sh\"", []string{".claude/hooks/check.sh"}},
		// Set again, the variable may be anything: not resolved.
		{"reassigned", "DIR=\"$(dirname \"$0\")\"\nDIR=/tmp\nsource \"$DIR/lib.sh\"", nil},
		// Another name's value: not the folder.
		{"longer name", "DIR=\"$(dirname \"$0\")\"\nsource \"$DIRX/lib.sh\"", nil},
		// Anything else that names the variable may set it (QA: +=, read).
		{"appended", "SCRIPT_DIR=\"$(cd \"$(dirname \"${BASH_SOURCE[0]}\")\" && pwd)\"\nSCRIPT_DIR+=/sub\n\"$SCRIPT_DIR/check.sh\"", nil},
		{"read into", "SCRIPT_DIR=\"$(dirname \"$0\")\"\nread -r SCRIPT_DIR <<< \"$SCRIPT_DIR/sub\"\n\"$SCRIPT_DIR/check.sh\"", nil},
		{"export again", "D=\"$(dirname \"$0\")\"\nexport D\n\"$D/check.sh\"", nil},
		{"declare", "D=\"$(dirname \"$0\")\"\ndeclare -g D=/x\n\"$D/check.sh\"", nil},
		{"local", "D=\"$(dirname \"$0\")\"\nf() { local D; \"$D/check.sh\"; }", nil},
		{"printf -v", "D=\"$(dirname \"$0\")\"\nprintf -v D '%s/sub' \"$D\"\n\"$D/check.sh\"", nil},
		{"for", "D=\"$(dirname \"$0\")\"\nfor D in /a /b; do \"$D/check.sh\"; done", nil},
		{"unset", "D=\"$(dirname \"$0\")\"\nunset D\n\"${D:-/opt}/check.sh\"", nil},
		{"mapfile", "D=\"$(dirname \"$0\")\"\nmapfile -t D < list\n\"$D/check.sh\"", nil},
		{"getopts", "D=\"$(dirname \"$0\")\"\ngetopts d: D\n\"$D/check.sh\"", nil},
		{"arithmetic", "D=\"$(dirname \"$0\")\"\n((D++))\n\"$D/check.sh\"", nil},
		{"let", "D=\"$(dirname \"$0\")\"\nlet D=1\n\"$D/check.sh\"", nil},
		{"assigned twice the same", "D=\"$(dirname \"$0\")\"\nD=\"$(dirname \"$0\")\"\n\"$D/check.sh\"", nil},
		// Its references only, braced or not, and other names' words.
		{"references only", "D=\"$(dirname \"$0\")\"\necho \"${#D}\"\n\"$D/check.sh\"", []string{".claude/hooks/check.sh"}},
		{"lower-case dir", "dir=\"$(dirname \"$0\")\"\n\"$dir/check.sh\"", []string{".claude/hooks/check.sh"}},
		{"dirname of another", `source "$(dirname "$1")/lib.sh"`, nil},
		{"outside the project", `source "$(dirname "$0")/../../../lib.sh"`, nil},
		{"no self", `source "$HOME/lib.sh"`, nil},
	} {
		var got []string
		text := withScriptDir(tc.text, ".claude/hooks", projectRootVars(), true)
		for _, l := range strings.Split(text, "\n") {
			got = append(got, refPaths(scriptPaths(l, projectRootVars(), true))...)
		}
		if !slices.Equal(got, tc.want) {
			t.Errorf("%s: %q read as %q: %q, want %q", tc.name, tc.text, text, got, tc.want)
		}
	}
	// A script that is a link, or lies in a folder that is one: a form
	// resolving links names the link's target's folder, unknown here
	// (QA: guard.sh -> ../../tools/guard.sh read .claude/hooks/check.sh);
	// the plain ones name the link's own.
	for _, tc := range []struct {
		name, text string
		beside     bool
	}{
		{"readlink", `"$(dirname "$(readlink -f "$0")")/check.sh"`, false},
		{"realpath", `"$(dirname "$(realpath "$0")")/check.sh"`, false},
		{"cd readlink pwd", "HERE=\"$(cd \"$(dirname \"$(readlink -f \"${BASH_SOURCE[0]}\")\")\" && pwd)\"\n\"$HERE/check.sh\"", false},
		{"pwd -P", "D=$(cd \"$(dirname \"$0\")\" && pwd -P)\n\"$D/check.sh\"", false},
		{"cd -P", "D=$(cd -P \"$(dirname \"$0\")\" && pwd)\n\"$D/check.sh\"", false},
		{"plain dirname", `"$(dirname "$0")/check.sh"`, true},
		{"plain cd pwd", "D=$(cd \"$(dirname \"$0\")\" && pwd)\n\"$D/check.sh\"", true},
	} {
		var got []string
		text := withScriptDir(tc.text, ".claude/hooks", projectRootVars(), false)
		for _, l := range strings.Split(text, "\n") {
			got = append(got, refPaths(scriptPaths(l, projectRootVars(), true))...)
		}
		if slices.Contains(got, ".claude/hooks/check.sh") != tc.beside {
			t.Errorf("link, %s: %q read as %q: %q, want .claude/hooks/check.sh %v", tc.name, tc.text, text, got, tc.beside)
		}
	}
	// A script at the project's top; one in a folder a word cannot
	// spell plainly is left as it is.
	if got := refPaths(scriptPaths(withScriptDir(`. "$(dirname "$0")/lib.sh"`, ".", projectRootVars(), true), projectRootVars(), true)); !slices.Equal(got, []string{"lib.sh"}) {
		t.Errorf("top: %q", got)
	}
	if text := `. "$(dirname "$0")/lib.sh"`; withScriptDir(text, "my hooks", projectRootVars(), true) != text {
		t.Errorf("a folder with a blank was rewritten")
	}
}

// TestProgramRefs: the scripts a Python or Node script runs, by its own
// folder or the project's.
func TestProgramRefs(t *testing.T) {
	for _, tc := range []struct {
		name, lang, text string
		want             []string
	}{
		{"py join", langPython, `subprocess.run([os.path.join(os.path.dirname(__file__), "check.sh")])`, []string{".claude/hooks/check.sh"}},
		{"py join abspath", langPython, `subprocess.run([os.path.join(os.path.dirname(os.path.abspath(__file__)), "lib", "check.sh")])`, []string{".claude/hooks/lib/check.sh"}},
		{"py pathlib", langPython, `subprocess.run(["bash", str(Path(__file__).resolve().parent / "check.sh")])`, []string{".claude/hooks/check.sh"}},
		{"py project relative", langPython, `subprocess.run(["bash", ".claude/hooks/check.sh"])`, []string{".claude/hooks/check.sh"}},
		{"py project variable", langPython, `subprocess.run([os.environ["CLAUDE_PROJECT_DIR"] + "/.claude/hooks/check.sh"])`, []string{".claude/hooks/check.sh"}},
		{"node join", langNode, `execFileSync(path.join(__dirname, "check.sh"))`, []string{".claude/hooks/check.sh"}},
		{"node concat", langNode, `spawnSync(__dirname + "/check.sh")`, []string{".claude/hooks/check.sh"}},
		// Nothing handed to a process: a path only printed.
		{"py no run", langPython, `print(os.path.join(os.path.dirname(__file__), "check.sh"))`, nil},
		// A data file is no script.
		{"py data", langPython, `subprocess.run(["jq", "-f", os.path.join(os.path.dirname(__file__), "deny.json")])`, nil},
		// In a comment.
		{"py comment", langPython, "import subprocess\n# subprocess.run([\"bash\", \".claude/hooks/old.sh\"])\n", nil},
		{"outside", langPython, `subprocess.run([os.path.join(os.path.dirname(__file__), "../../../x.sh")])`, nil},
	} {
		got := refPaths(programRefs(programCode(tc.text, tc.lang), ".claude/hooks", true))
		if !slices.Equal(got, tc.want) {
			t.Errorf("%s: %q, want %q", tc.name, got, tc.want)
		}
	}
	// A plugin's script names the user's project by a relative path,
	// which is not the plugin's folder.
	if got := programRefs(`subprocess.run(["bash", "hooks/check.sh"])`, "hooks", false); got != nil {
		t.Errorf("plugin: %q", refPaths(got))
	}
}

// TestFollowScriptsByOwnFolder: followScripts reads what a script names
// by its own folder, and says so when that file is missing, as for any
// script it cannot read: the script is then not read whole.
func TestFollowScriptsByOwnFolder(t *testing.T) {
	s := &Scripts{FS: fstest.MapFS{
		".claude/hooks/g.sh":    {Data: []byte("#!/bin/bash\nsource \"$(dirname \"$0\")/lib.sh\"\n")},
		".claude/hooks/lib.sh":  {Data: []byte("echo \"$CLAUDE_CODE_SESSION_ID\"\n")},
		".claude/hooks/gone.sh": {Data: []byte("#!/bin/bash\n. \"${BASH_SOURCE%/*}/missing.sh\"\n")},
		".claude/hooks/g.py":    {Data: []byte("import subprocess\nsubprocess.run([os.path.join(os.path.dirname(__file__), \"lib.sh\")])\n")},
		// A link: its target's folder holds the check it runs (QA).
		".claude/hooks/link.sh": {Data: []byte("../../tools/link.sh"), Mode: fs.ModeSymlink},
		"tools/link.sh":         {Data: []byte("#!/bin/bash\n\"$(dirname \"$(readlink -f \"$0\")\")/lib.sh\"\n")},
		"tools/lib.sh":          {Data: []byte("[ \"$STRICT\" = 1 ] || exit 0\n")},
		".claude/hooks/real.sh": {Data: []byte("#!/bin/bash\n\"$(dirname \"$(readlink -f \"$0\")\")/lib.sh\"\n")},
	}}
	for _, tc := range []struct {
		script string
		files  []string
		unread bool
	}{
		{".claude/hooks/g.sh", []string{".claude/hooks/g.sh", ".claude/hooks/lib.sh"}, false},
		{".claude/hooks/g.py", []string{".claude/hooks/g.py", ".claude/hooks/lib.sh"}, false},
		{".claude/hooks/gone.sh", []string{".claude/hooks/gone.sh"}, true},
		{".claude/hooks/link.sh", []string{".claude/hooks/link.sh"}, true},
		{".claude/hooks/real.sh", []string{".claude/hooks/real.sh", ".claude/hooks/lib.sh"}, false},
	} {
		files, _, unread := s.followScripts([]scriptRef{{tc.script, true}}, nil)
		var got []string
		for _, f := range files {
			got = append(got, f.path)
		}
		if !slices.Equal(got, tc.files) || unread != tc.unread {
			t.Errorf("%s: read %q (unread %v), want %q (%v)", tc.script, got, unread, tc.files, tc.unread)
		}
	}
}

// TestMayNameBesideScript: HC441 reads further a script that names its
// own path, whose folder may hold a helper without a script's extension.
func TestMayNameBesideScript(t *testing.T) {
	s := &Scripts{FS: fstest.MapFS{
		"hooks/g.sh":   {Data: []byte("#!/bin/bash\nexec \"$(dirname \"$0\")/check\"\n")},
		"hooks/own.sh": {Data: []byte("#!/bin/bash\nexit 0\n")},
	}}
	if !s.mayName("./hooks/g.sh", []string{"CLAUDE_CODE_SESSION_ID"}) {
		t.Errorf("a script running a helper beside it is not read further")
	}
	if s.mayName("./hooks/own.sh", []string{"CLAUDE_CODE_SESSION_ID"}) {
		t.Errorf("a script naming nothing is read further")
	}
}

// TestWithScriptDirDropsAssignment: the one assignment of a variable to
// the script's folder is dropped once every plain reference reads the
// folder itself (QA: DIR="$(dirname "$0")"; exec "$DIR/check.sh" kept a
// path built from the project's variable, which HC431's reading took
// for a program), also where another expansion only reads it (QA round
// 3: ${#D} and ${D%/*} left the whole script unread).
func TestWithScriptDirDropsAssignment(t *testing.T) {
	const folder = "${CLAUDE_PROJECT_DIR}/.claude/hooks"
	for _, tc := range []struct{ text, want string }{
		{"DIR=\"$(dirname \"$0\")\"; exec \"$DIR/check.sh\"", " exec \"" + folder + "/check.sh\""},
		{"DIR=\"$(dirname \"$0\")\"\nexec \"$DIR/check.sh\"", "\nexec \"" + folder + "/check.sh\""},
		{"export D=$(cd \"$(dirname \"$0\")\" && pwd)\n\"${D}/check.sh\"", "\n\"" + folder + "/check.sh\""},
		{"  readonly D=\"$(dirname \"$0\")\"\n\"$D/check.sh\"", "\n\"" + folder + "/check.sh\""},
		// Read otherwise: dropped all the same, the expansion left as
		// written (a path not followed).
		{"D=\"$(dirname \"$0\")\"\necho \"${#D}\"\n\"$D/check.sh\"", "\necho \"${#D}\"\n\"" + folder + "/check.sh\""},
		{"D=\"$(dirname \"$0\")\"\n\"${D%/*}/check.sh\"", "\n\"${D%/*}/check.sh\""},
		// Set twice: not the folder, nothing dropped.
		{"D=\"$(dirname \"$0\")\"\nD=/tmp\n\"$D/check.sh\"", "D=\"" + folder + "\"\nD=/tmp\n\"$D/check.sh\""},
	} {
		if got := withScriptDir(tc.text, ".claude/hooks", projectRootVars(), true); got != tc.want {
			t.Errorf("withScriptDir(%q) = %q, want %q", tc.text, got, tc.want)
		}
	}
	// Large: thousands of folder variables, each read once, in one pass
	// each (a pass per name would be quadratic).
	var text, want strings.Builder
	for i := range 5000 {
		fmt.Fprintf(&text, "D%d=\"$(dirname \"$0\")\"\n\"$D%d/c.sh\"\n", i, i)
		fmt.Fprintf(&want, "\n\"%s/c.sh\"\n", folder)
	}
	if got := withScriptDir(text.String(), ".claude/hooks", projectRootVars(), true); got != want.String() {
		t.Errorf("large: %.200q…", got)
	}
}

// BenchmarkWithScriptDir: withScriptDir takes time linear in a script's
// length (QA: a 250 KB script of D=$(dirname "$0") lines took 17 s, as
// each assignment rescanned the whole text); compare the 25 KB and
// 250 KB sizes of each shape.
func BenchmarkWithScriptDir(b *testing.B) {
	shapes := map[string]func(i int) string{
		"dirname": func(int) string { return "D=$(dirname \"$0\")\n" },
		"cd-pwd": func(int) string {
			return "SCRIPT_DIR=$(cd \"$(dirname \"${BASH_SOURCE[0]}\")\" && pwd)\n\"$SCRIPT_DIR/lib.sh\"\n"
		},
		"distinct": func(i int) string {
			return fmt.Sprintf("D%d=$(cd \"$(dirname \"$0\")\" && pwd)\n\"$D%d/lib.sh\"\n", i, i)
		},
	}
	for _, shape := range []string{"dirname", "cd-pwd", "distinct"} {
		for _, size := range []int{25_000, 250_000} {
			var text strings.Builder
			text.WriteString("#!/bin/bash\n")
			for i := 0; text.Len() < size; i++ {
				text.WriteString(shapes[shape](i))
			}
			b.Run(fmt.Sprintf("%s/%dKB", shape, size/1000), func(b *testing.B) {
				for b.Loop() {
					withScriptDir(text.String(), ".claude/hooks", projectRootVars(), true)
				}
			})
		}
	}
}
