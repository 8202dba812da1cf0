package hookconv

import (
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
		{"dirname of another", `source "$(dirname "$1")/lib.sh"`, nil},
		{"outside the project", `source "$(dirname "$0")/../../../lib.sh"`, nil},
		{"no self", `source "$HOME/lib.sh"`, nil},
	} {
		var got []string
		text := withScriptDir(tc.text, ".claude/hooks", projectRootVars())
		for _, l := range strings.Split(text, "\n") {
			got = append(got, refPaths(scriptPaths(l, projectRootVars(), true))...)
		}
		if !slices.Equal(got, tc.want) {
			t.Errorf("%s: %q read as %q: %q, want %q", tc.name, tc.text, text, got, tc.want)
		}
	}
	// A script at the project's top; one in a folder a word cannot
	// spell plainly is left as it is.
	if got := refPaths(scriptPaths(withScriptDir(`. "$(dirname "$0")/lib.sh"`, ".", projectRootVars()), projectRootVars(), true)); !slices.Equal(got, []string{"lib.sh"}) {
		t.Errorf("top: %q", got)
	}
	if text := `. "$(dirname "$0")/lib.sh"`; withScriptDir(text, "my hooks", projectRootVars()) != text {
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
	}}
	for _, tc := range []struct {
		script string
		files  []string
		unread bool
	}{
		{".claude/hooks/g.sh", []string{".claude/hooks/g.sh", ".claude/hooks/lib.sh"}, false},
		{".claude/hooks/g.py", []string{".claude/hooks/g.py", ".claude/hooks/lib.sh"}, false},
		{".claude/hooks/gone.sh", []string{".claude/hooks/gone.sh"}, true},
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
