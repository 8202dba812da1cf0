package hookconv

import (
	"path"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/hookconv/hookconv/canonical"
)

func TestScriptPaths(t *testing.T) {
	vars := []string{"CLAUDE_PROJECT_DIR", "GEMINI_PROJECT_DIR"}
	for _, tc := range []struct {
		command string
		want    []string
	}{
		{`"$CLAUDE_PROJECT_DIR"/.claude/hooks/guard.sh`, []string{".claude/hooks/guard.sh"}},
		{`"${CLAUDE_PROJECT_DIR}/.claude/hooks/guard.sh" --flag`, []string{".claude/hooks/guard.sh"}},
		{`$GEMINI_PROJECT_DIR/hooks/x.py arg`, []string{"hooks/x.py"}},
		{`python3 "$(git rev-parse --show-toplevel)"/.factory/hooks/g.py`, []string{".factory/hooks/g.py"}},
		{`./hooks/guard.sh`, []string{"hooks/guard.sh"}},
		{`python3 .agents/scripts/check.py before_tool`, []string{".agents/scripts/check.py"}},
		{`node scripts/run.mjs && ./post.sh`, []string{"scripts/run.mjs", "post.sh"}},
		{`bin/lint --fix`, []string{"bin/lint"}},                   // the program itself
		{`FOO=1 ./x.sh`, []string{"x.sh"}},                         // an assignment first
		{`npx prettier --write .`, nil},                            // no project file
		{`echo hi > ./out.sh`, nil},                                // a redirection's target
		{`cd sub && ./x.sh`, nil},                                  // another folder
		{`cd sub && "$CLAUDE_PROJECT_DIR"/x.sh`, []string{"x.sh"}}, // still the project
		{`/usr/local/bin/guard.sh`, nil},                           // absolute
		{`~/bin/guard.sh`, nil},                                    // home
		{`$HOME/bin/guard.sh`, nil},                                // another variable
		{`./hooks/*.sh`, nil},                                      // a glob
		{`../shared/x.sh`, nil},                                    // outside the project
		{`sh -c 'exec ./x.sh'`, nil},                               // inside a quoted script: not split
		{`"$CLAUDE_PROJECT_DIRX"/x.sh`, nil},                       // another name
		{`echo 'unbalanced`, nil},
		{`"C:\\bin\\bun.exe" "Z:\\repo\\scripts\\w.cjs" hook`, nil},                     // Windows paths
		{`node C:/repo/w.cjs`, nil},                                                     // a drive letter
		{`python3 policy.py`, []string{"policy.py"}},                                    // a script beside the config's project
		{`env "$(git rev-parse --show-toplevel)"/.codex/g.sh`, []string{".codex/g.sh"}}, // env runs the program
	} {
		if got := refPaths(scriptPaths(tc.command, vars, true)); !slices.Equal(got, tc.want) {
			t.Errorf("scriptPaths(%q) = %q, want %q", tc.command, got, tc.want)
		}
	}
	// A plugin's hooks: only ${CLAUDE_PLUGIN_ROOT} paths.
	if got := refPaths(scriptPaths(`"${CLAUDE_PLUGIN_ROOT}"/hooks/x.sh && ./y.sh`, rootVars(true), false)); !slices.Equal(got, []string{"hooks/x.sh"}) {
		t.Errorf("plugin: %q", got)
	}
	// Which file is the program, run directly, and which an argument.
	refs := scriptPaths(`FOO=1 ./a.sh && bash b.sh && "$CLAUDE_PROJECT_DIR"/c.sh x.py && env ./d.sh && env -i ./e.sh`, vars, true)
	want := []scriptRef{{"a.sh", true}, {"b.sh", false}, {"c.sh", true}, {"x.py", false}, {"d.sh", true}, {"e.sh", false}}
	if !slices.Equal(refs, want) {
		t.Errorf("refs %v, want %v", refs, want)
	}
}

func refPaths(refs []scriptRef) []string {
	var out []string
	for _, r := range refs {
		out = append(out, r.path)
	}
	return out
}

func TestMissingScripts(t *testing.T) {
	project := fstest.MapFS{
		".claude/hooks/guard.sh": {Data: []byte("#!/bin/sh\n"), Mode: 0o755},
		"plain.sh":               {Data: []byte("#!/bin/sh\n"), Mode: 0o644},
	}
	m := &canonical.Manifest{Hooks: []canonical.Hook{
		{Event: "before_tool_execute", Blocking: true, Handler: canonical.Handler{Type: "command", Command: `"$CLAUDE_PROJECT_DIR"/.claude/hooks/guard.sh`}},
		{Event: "before_tool_execute", Blocking: true, Handler: canonical.Handler{Type: "command", Command: `"$CLAUDE_PROJECT_DIR"/.claude/hooks/gone.sh`}},
		{Event: "agent_stop", Handler: canonical.Handler{Type: "command", Command: `./missing.sh`}},
		{Event: "agent_stop", Handler: canonical.Handler{Type: "command", Command: `./missing.sh`, Cwd: "sub"}},
		{Event: "agent_stop", Handler: canonical.Handler{Type: "prompt", Prompt: "./missing.sh"}},
		{Event: "agent_stop", Handler: canonical.Handler{Type: "command", Command: `./plain.sh`}},    // run directly: must be executable
		{Event: "agent_stop", Handler: canonical.Handler{Type: "command", Command: `sh ./plain.sh`}}, // through sh: fine
	}}
	ds := MissingScripts(m, "hooks.json", project, false)
	if got := ds.Codes(); !slices.Equal(got, []string{CodeMissingScript, CodeMissingScript, CodeNotExecutable}) {
		t.Fatalf("codes %v: %v", got, ds)
	}
	if ds[2].Path != "hooks[5].handler.command" {
		t.Errorf("not executable: %s", ds[2].Path)
	}
	if ds[0].Path != "hooks[1].handler.command" || ds[0].Message != `hook 2 uses .claude/hooks/gone.sh, which is not in the project: the hook fails every time it fires (most tools then let the action through; fail-closed ones block it every time)` {
		t.Errorf("first: %s %s", ds[0].Path, ds[0].Message)
	}
	if ds[1].Path != "hooks[2].handler.command" {
		t.Errorf("second: %s", ds[1].Path)
	}
}

func TestProjectRoot(t *testing.T) {
	for _, tc := range []struct {
		slug, file, root string
		plugin, ok       bool
	}{
		{"claude-code", "/repo/.claude/settings.json", "/repo", false, true},
		{"claude-code", ".claude/settings.local.json", ".", false, true},
		{"claude-code", "/p/myplugin/hooks/hooks.json", "/p/myplugin", true, true},
		{"claude-code", "/tmp/saved.json", "", false, false},
		{"gemini-cli", "ext/hooks/hooks.json", "ext", true, true},
		{"kiro-legacy", "repo/.kiro/hooks/a.kiro.hook", "repo", false, true},
		{"canonical", "repo/hooks.yaml", "", false, false},
		{"canonical", "-", "", false, false},
	} {
		root, plugin, ok := ProjectRoot(tc.slug, tc.file)
		if root != tc.root || plugin != tc.plugin || ok != tc.ok {
			t.Errorf("ProjectRoot(%s, %s) = %q %v %v, want %q %v %v", tc.slug, tc.file, root, plugin, ok, tc.root, tc.plugin, tc.ok)
		}
	}
}

// FuzzScriptPaths: no command line makes the reader panic or hang, and
// every path it gives is a clean relative path inside the project.
func FuzzScriptPaths(f *testing.F) {
	for _, s := range []string{`"$CLAUDE_PROJECT_DIR"/.claude/hooks/g.sh`, `python3 a/b.py && ./c.sh > out.log`, `sh -c 'x'`, `a\ b/c.sh`, `"unterminated`, `$(git rev-parse --show-toplevel)/x.sh`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, command string) {
		for _, relative := range []bool{true, false} {
			for _, ref := range scriptPaths(command, []string{"CLAUDE_PROJECT_DIR"}, relative) {
				p := ref.path
				if p == "" || p == "." || strings.HasPrefix(p, "/") || strings.HasPrefix(p, "../") || p == ".." || path.Clean(p) != p {
					t.Fatalf("%q gave path %q", command, p)
				}
			}
		}
	})
}

// TestExitTwo: the ways a shell script exits 2 are recognised, and
// nothing else.
func TestExitTwo(t *testing.T) {
	for _, tc := range []struct {
		src  string
		want bool
	}{
		{"exit 2", true},
		{"  [ -n \"$x\" ] && exit 2;", true},
		{"if bad; then exit 2; fi", true},
		{"grep -q x && { echo no >&2; exit 2; }", true},
		{"exit 1", false},
		{"exit 20", false},
		{"exit2", false},
		{"exit $code", false},
		{"echo exit 2", false},
	} {
		if got := exitTwo().MatchString(tc.src); got != tc.want {
			t.Errorf("%q: %v, want %v", tc.src, got, tc.want)
		}
	}
}

// TestReadScript: a hook's script is read only when the command is one
// plain call of one shell script that reads in and runs nothing else of
// the project; anything less is unknown.
// TestWithoutComments: comment lines are dropped, and a comment after a
// command blanked where bash starts one (QA: LIMIT=5 # max left a script
// unread); a # in a word, quotes or an expansion is none.
func TestWithoutComments(t *testing.T) {
	for _, tc := range []struct{ text, want string }{
		{"#!/bin/bash\n# note\nexit 0\n", "exit 0\n"},
		{"LIMIT=5 # max\nexit 0\n", "LIMIT=5      \nexit 0\n"},
		{"./check.sh \"$@\"  # run it", "./check.sh \"$@\"          "},
		{"echo \"a # b\" >&2", "echo \"a # b\" >&2"},
		{"echo 'a # b' >&2", "echo 'a # b' >&2"},
		{"echo \"${#x} $# a#b\"", "echo \"${#x} $# a#b\""},
		{"echo a#b", "echo a#b"},
		{"cat <<E >&2\nno # here\nE", "cat <<E >&2\nno # here\nE"}, // a here-document's text
		{"echo \"a # b", "echo \"a # b"},                           // quotes that do not pair: left
	} {
		if got := withoutComments([]byte(tc.text)); got != tc.want {
			t.Errorf("withoutComments(%q) = %q, want %q", tc.text, got, tc.want)
		}
	}
	// Large: one pass, however many comments.
	text := strings.Repeat("X=1 # c\n", 20000)
	if got := withoutComments([]byte(text)); got != strings.Repeat("X=1    \n", 20000) {
		t.Errorf("large: %.80q…", got)
	}
}

func TestReadScript(t *testing.T) {
	project := fstest.MapFS{
		"guard.sh":      {Data: []byte("#!/bin/sh\n# exit 2 is how we block\ngrep -q rm && exit 2\n")},
		"noext":         {Data: []byte("#!/usr/bin/env bash\nexit 2\n")},
		"sources.sh":    {Data: []byte("#!/bin/sh\n. ./helper.sh\nexit 2\n")},
		"calls.sh":      {Data: []byte("#!/bin/sh\npython3 policy.py\nexit 2\n")},
		"guard.py":      {Data: []byte("import sys\nsys.exit(2)\n")},
		"my guard.sh":   {Data: []byte("exit 2\n")},
		"tools/deny.sh": {Data: []byte("echo deny\n")},
		"jq.sh":         {Data: []byte("#!/bin/bash\ncmd=$(jq -r '.tool_input.command')\necho \"$cmd\" | grep -q rm && exit 2\nexit 0\n")},
		"opaque.sh":     {Data: []byte("#!/bin/bash\nout=$(policy-cli check)\necho \"$out\"\n")},
		"stdin.sh":      {Data: []byte("#!/bin/bash\ncmd=$(jq -r .tool_input.command < /dev/stdin)\necho \"$cmd\" | grep -q rm && exit 2\n")},
		// Honest guards a QA sweep wrote, which the reader refused: a
		// here-string, a branch asked of git, a message naming npm/yarn.
		"herestring.sh": {Data: []byte("#!/bin/bash\ncmd=$(jq -r '.tool_input.command')\nif grep -q 'rm -rf' <<< \"$cmd\"; then\n  echo \"blocked\" >&2\n  exit 2\nfi\nexit 0\n")},
		"branch.sh":     {Data: []byte("#!/bin/sh\nbranch=$(git rev-parse --abbrev-ref HEAD)\nif [ \"$branch\" = main ]; then\n  echo \"no pushes to main\" >&2\n  exit 2\nfi\nexit 0\n")},
		"slash.sh":      {Data: []byte("#!/bin/sh\ncmd=$(jq -r '.tool_input.command')\ncase \"$cmd\" in\n  *\"npm install\"*) echo \"use npm/yarn from the lockfile\" >&2; exit 2 ;;\nesac\nexit 0\n")},
		// And what they must not let through: a here-document, git
		// asked to run what its config says, a path outside quotes, a
		// here-string fed by a program.
		"heredoc.sh":   {Data: []byte("#!/bin/sh\ncat <<EOF\n{\"decision\": \"deny\"}\nEOF\n")},
		"gitstatus.sh": {Data: []byte("#!/bin/sh\nout=$(git status --porcelain)\n[ -n \"$out\" ] && exit 2\nexit 0\n")},
		"gitconfig.sh": {Data: []byte("#!/bin/sh\nb=$(git -c core.fsmonitor=./x rev-parse HEAD)\nexit 2\n")},
		"pathrun.sh":   {Data: []byte("#!/bin/sh\nbin/policy \"npm/yarn\"\nexit 2\n")},
		"hereprog.sh":  {Data: []byte("#!/bin/bash\ngrep -q x <<< \"$(./policy)\" && exit 2\n")},
		// QA: an escaped quote that paired the wrong apostrophes and hid
		// a program's answer; git's output printed; a variable laundered
		// through a substitution.
		"escaped.sh": {Data: []byte("#!/bin/bash\necho \"guard: \\\"rm -rf\\\" isn't allowed here\" >&2\ncmd=$(jq -r .tool_input.command)\necho \"$cmd\" | grep -q \"rm -rf\" && exit 2\nanswer=\"$(.claude/hooks/policy)\"\necho \"that's all\" >&2\necho done\\\" >&2\nexit 0\n")},
		"gitecho.sh": {Data: []byte("#!/bin/sh\necho \"$(git rev-parse --no-revs --sq-quote deny)\"\nexit 2\n")},
		"launder.sh": {Data: []byte("#!/bin/sh\nv='{\"decision\"'\necho \"$(echo \"$v\")\"\nexit 2\n")},
		// QA round 2: a guard that logs to a file of its own.
		"logs.sh": {Data: []byte("#!/bin/sh\ngrep -q rm && { echo \"blocked rm\" >> /tmp/guard.log; exit 2; }\nexit 0\n")},
	}
	s := &Scripts{FS: project}
	for _, tc := range []struct {
		command, cwd string
		want         bool
	}{
		{"./guard.sh", "", true},
		{`"$CLAUDE_PROJECT_DIR"/guard.sh --strict`, "", true},
		{"sh guard.sh", "", true},
		{"./noext", "", true},
		{"./sources.sh", "", false},          // reads in another file
		{"./calls.sh", "", false},            // runs another script
		{"python3 guard.py", "", false},      // not a shell script
		{"./guard.sh && ./noext", "", false}, // more than one call
		{"./guard.sh; cat deny.json", "", false},
		{"./guard.sh | tee log", "", false},
		{"./guard.sh $(cat x)", "", false},
		{"./jq.sh", "", true},         // reads the payload with jq
		{"./opaque.sh", "", false},    // prints what a program printed
		{"./deny.sh", "tools", false}, // runs elsewhere
		{"./missing.sh", "", false},
		{"npx some-guard", "", false}, // no project file
		{"./herestring.sh", "", true},
		{"./branch.sh", "", true},
		{"./slash.sh", "", true},
		{"./heredoc.sh", "", false},
		{"./gitstatus.sh", "", false},
		{"./gitconfig.sh", "", false},
		{"./pathrun.sh", "", false},
		{"./hereprog.sh", "", false},
		{"./escaped.sh", "", false},
		{"./gitecho.sh", "", false},
		{"./launder.sh", "", false},
		{"./logs.sh", "", true}, // a log written is no program run
		{`cd "$CLAUDE_PROJECT_DIR" && ./guard.sh`, "", true},
		{`cd "$(git rev-parse --show-toplevel)" && ./guard.sh`, "", true},
		{`env "$(git rev-parse --show-toplevel)"/guard.sh`, "", true}, // env runs it
		{`env $(git rev-parse --show-toplevel)/guard.sh x`, "", true},
		{`env -i ./guard.sh`, "", false},     // an option of env's: not followed
		{`cd /tmp && ./guard.sh`, "", false}, // another folder: not the project's guard.sh
		{"sh -e guard.sh", "", true},         // options that run the script as it reads
		{"bash -eu -o pipefail guard.sh", "", true},
		{"bash -euo pipefail guard.sh", "", true},
		{"bash -euo guard.sh", "", false}, // -o names no option
		{"bash --noprofile -x guard.sh", "", true},
		{"sh -c guard.sh", "", false},         // runs its argument, with guard.sh as $0
		{"sh -n guard.sh", "", false},         // reads it and runs nothing
		{"sh -s guard.sh", "", false},         // reads standard input
		{"bash -o posix guard.sh", "", false}, // an option not known to leave it alone
	} {
		text, ok := s.readScript(&canonical.Handler{Type: canonical.HandlerCommand, Command: tc.command, Cwd: tc.cwd}, forAnswer)
		if ok != tc.want {
			t.Errorf("%q (cwd %q): read %v, want %v", tc.command, tc.cwd, ok, tc.want)
		}
		if ok && strings.Contains(text, "how we block") {
			t.Errorf("%q: comments kept: %q", tc.command, text)
		}
		if ok && !strings.HasSuffix(text, "\n"+tc.command) {
			t.Errorf("%q: the text does not end with the command as written: %q", tc.command, text)
		}
	}
	var none *Scripts
	if _, ok := none.readScript(&canonical.Handler{Command: "./guard.sh"}, forAnswer); ok {
		t.Error("nil Scripts read a script")
	}
}

// TestReadScriptTraces: a shell that traces (bash -x, #!/bin/bash -x)
// writes to stderr before any exit, which is read as the script's own
// set -x, for the exit only.
func TestReadScriptTraces(t *testing.T) {
	project := fstest.MapFS{
		"guard.sh":  {Data: []byte("#!/bin/sh\ngrep -q rm && exit 2\n")},
		"traced.sh": {Data: []byte("#!/bin/bash -x\ngrep -q rm && exit 2\n")},
		"noisy.sh":  {Data: []byte("#!/usr/bin/env -S bash -ev\ngrep -q rm && exit 2\n")},
		"later.sh":  {Data: []byte("#!/bin/bash\n# -x\ngrep -q rm && exit 2\n")},
	}
	s := &Scripts{FS: project}
	for _, tc := range []struct {
		command string
		p       purpose
		traced  bool
	}{
		{"./guard.sh", forExit, false},
		{"bash -x guard.sh", forExit, true},
		{"sh -ex guard.sh", forExit, true},
		{"bash -o xtrace guard.sh", forExit, true},
		{"sh -e guard.sh", forExit, false},
		{"./traced.sh", forExit, true},
		{"./noisy.sh", forExit, true},
		{"sh traced.sh", forExit, false}, // the shebang is not read when sh runs it
		{"./later.sh", forExit, false},   // only the first line is a shebang
		{"bash -x guard.sh", forAnswer, false},
	} {
		text, ok := s.readScript(&canonical.Handler{Type: canonical.HandlerCommand, Command: tc.command}, tc.p)
		if !ok {
			t.Errorf("%q: not read", tc.command)
			continue
		}
		if got := strings.HasPrefix(text, "set -x\n"); got != tc.traced {
			t.Errorf("%q (purpose %d): traced %v, want %v: %q", tc.command, tc.p, got, tc.traced, text)
		}
		if got := exitsTwoSilently(text); got == tc.traced && tc.p == forExit {
			t.Errorf("%q: exitsTwoSilently = %v", tc.command, got)
		}
	}
}

func TestWithoutTextSubstitutions(t *testing.T) {
	for _, tc := range []struct {
		script string
		read   bool // whether the substitution is dropped, leaving nothing opaque
	}{
		{"input=$(cat)", true},
		{"input=$(cat -)", true},
		{"cmd=$(jq -r '.tool_input.command // empty')", true},
		{`cmd=$(echo "$input" | jq -r .tool_input.command)`, true},
		{`f=$(printf '%s' "$input" | jq -r '.tool_input.file_path' | tr -d '\n')`, true},
		{`n=$(echo "$cmd" | grep -c 'rm -rf')`, true},
		{`ext=$(basename "$f")`, true},
		{"now=$(date +%Y/%m/%d)", true},
		{`cmd=$(jq -r .tool_input.command <<<"$input")`, true}, // a here-string of a variable
		{`cmd=$(jq -r .x <<<"$(./policy.sh)")`, false},         // of a command's output
		{`cmd=$(jq -r .x < payload.json)`, false},
		{"x=$(cat deny.json)", false},             // a file's contents
		{"x=$(cat policy)", false},                // cat with any argument
		{"x=$(jq -r . rules/deny)", false},        // jq reading a file
		{"x=$(jq -f filter.jq)", false},           // a filter from a file
		{"x=$(jq --slurpfile p p.json .)", false}, // --slurpfile
		{"x=$(grep -f /etc/denylist)", false},     // patterns from a file
		{"x=$(head -n 1 < deny)", false},          // a redirection
		{"x=$(opa eval data.deny)", false},        // not a text tool
		{"x=$(./bin/check)", false},
		{"x=$(jq -r .a $(cat))", false}, // nested
		{"x=$()", false},
		{"HOOK_DIR=$(dirname \"$0\")\n\"$HOOK_DIR/policy\" \"$cmd\"", false}, // a path from a variable
		{"cat \"$(dirname \"$0\")/deny.json\"", false},                       // a path built from the value
		{"v=$(\n  echo \"$input\"\n  policy-check --stdin\n)", false},        // lines are commands
	} {
		got := !opaque(withoutTextSubstitutions(tc.script))
		if got != tc.read {
			t.Errorf("%q: read %v, want %v", tc.script, got, tc.read)
		}
	}
}

// FuzzReadScript: no command or script text makes the reader panic, and
// what it reads never keeps a comment line or misses the command.
func FuzzReadScript(f *testing.F) {
	f.Add("./g.sh", "#!/bin/sh\n# note\nexit 2\n")
	f.Add("sh g.sh --x", "echo '{\"decision\": \"deny\"}'\n. ./h.sh\n")
	f.Add("\"$CLAUDE_PROJECT_DIR\"/g.sh", "#!/usr/bin/env python3\nimport sys\n")
	f.Fuzz(func(t *testing.T, command, script string) {
		s := &Scripts{FS: fstest.MapFS{"g.sh": {Data: []byte(script)}}}
		text, ok := s.readScript(&canonical.Handler{Type: canonical.HandlerCommand, Command: command}, forAnswer)
		if !ok {
			return
		}
		if !strings.HasSuffix(text, command) {
			t.Fatalf("%q: the read text does not end with the command: %q", command, text)
		}
		for _, line := range strings.Split(strings.TrimSuffix(text, "\n"+command), "\n") {
			if strings.HasPrefix(strings.TrimSpace(line), "#") {
				t.Fatalf("%q: a comment line was kept: %q", command, line)
			}
		}
	})
}

// TestRunsOtherPrograms: a script read whole runs only the shell's own
// commands and text tools, reads no file in and prints only literal
// text; any other program (on PATH or the project's), file or computed
// output may hold a JSON deny its text never spells. Checked as
// readScript does (allVisible).
func TestRunsOtherPrograms(t *testing.T) {
	for _, tc := range []struct {
		script string
		other  bool
	}{
		{"cmd=x\nif echo \"$cmd\" | grep -qE 'rm -rf'; then\n  echo \"Blocked: $cmd\" >&2\n  exit 2\nfi\nexit 0\n", false},
		{"cat >/dev/null\necho blocked >&2\nexit 2\n", false},
		{"grep -q 'rm -rf' && { echo 'no' >&2; exit 2; }\n", false},
		{"case \"$cmd\" in\n  *rm*) echo no >&2; exit 2 ;;\n  *) exit 0 ;;\nesac\n", false},
		{"[ -z \"$cmd\" ] && exit 0\n2>&1 echo x | tr a b >&2\n", false},
		{"echo x | tr a b\n", true},                              // prints what tr made of it
		{"cat >/dev/null; grep -s -e. answer; exit 2\n", true},   // -s keeps only errors quiet; after -e, answer is a file
		{"printf '{\"d\":\"%s\"}' \"$x\" > /dev/stdout\n", true}, // stdout by its device is still stdout
		{"echo blocked >> /tmp/guard.log; exit 2\n", false},      // a log written
		{"grep -q -e rm -e mv; exit 2\n", false},                 // -e patterns, no operand: standard input
		{"command -v jq >/dev/null || exit 0\ngrep -q rm && exit 2\n", false},
		// QA: lookups by which and hash, and the command and builtin
		// prefixes, run nothing more than what they name.
		{"which jq >/dev/null 2>&1 || exit 0\ngrep -q rm && exit 2\n", false},
		{"hash jq 2>/dev/null || exit 0\ngrep -q rm && exit 2\n", false},
		{"command true\nbuiltin echo x >/dev/null\ngrep -q rm && exit 2\n", false},
		{"command opa-eval --policy guard\n", true},
		{"builtin opa-eval\n", true},
		{"echo \"$input\" | opa-eval --policy guard\n", true},
		{"policy-check --stdin\n", true},
		{"\"$DIR\"/policy x\n", true},
		// A script's function is a program unknown to the reading for
		// an answer: defined after its call, in a branch never taken,
		// or named like the program it hides, it would pass for text.
		{"deny() { echo x; }\ndeny\n", true},
		{"python3 -c 'print(1)'\n", true},
		{"echo 'unbalanced\n", true},
		{"case $x in\n  a) curl http://x ;;\nesac\n", true},
		// QA's ways past the reader: a command in a case body, process
		// substitution, trap, text tools reading files or running programs.
		{"case \"$cmd\" in\n  *\"git push\"*) deny-push ;;\n  *\"rm -rf\"*) echo no >&2; exit 2 ;;\nesac\nexit 0\n", true},
		{"case $c in *rm*) opa-deny;; esac\n", true},
		{"case $c in\n  (a|b) deny-helper | cat ;;\nesac\n", true},
		{"case $c in\n  a|b) echo no >&2; exit 2 ;;\n  *) exit 0 ;;\nesac\n", false},
		{"cat <(opa)\n", true},
		{"trap 'opa-deny' EXIT\nexit 0\n", true},
		{"awk 'BEGIN{system(\"policy-check\")}'\n", true},
		{"sed -n '1e policy-check'\n", true},
		{"jq -n -f policy.jq\n", true},
		{"tail -n1 policy\n", true},
		{"read -r line <policy\n", true},
		{"cat $HOME_DENY\n", true},
		// The third round: JSON built at run time, PATH, a "case" that is
		// a command, >(…), an expansion taken for an assignment, a count
		// that is a file, grep -r.
		{"printf '{\"permission%s\":\"deny\"}' Decision\nexit 0\n", true},
		{"k=permission\necho \"${k}Decision deny\"\n", true},
		{"jq -nc '{a: 1}'\n", true},
		{"PATH=\"bin:$PATH\"\ngrep -q sudo && exit 2\n", true},
		{"x= case\ncat policy\n: in\nexit 2\n", true},
		{"echo 'cat policy' > >(sh)\n", true},
		{"C=\"cat policy\"; ${C%=}\n", true},
		{"head -n 1 2 >&2\n", true},
		{"grep -rqh pattern\n", true},
		{"grep -q --include=policy pattern\n", true},
		{"echo \"$x\" | head -n 1 | grep -q rm && exit 2\n", false},
		{"echo 'Blocked' >&2\nexit 2\n", false},
		{"echo blocked\nexit 2\n", false}, // literal text, no JSON
		{"for pat in 'rm -rf' 'git push -f'; do\n  if echo \"$cmd\" | grep -Eq \"$pat\"; then\n    >&2 echo no; exit 2\n  fi\ndone\n", false},
		{"for f in *; do cat \"$f\"; done\n", true},
		{"if [[ \"$c\" =~ (^|[[:space:]])(npm|yarn)[[:space:]] ]]; then\n  echo no >&2\n  exit 2\nfi\n", false},
		{"[[ -n \"$x\" ]] && opa-deny\n", true},
		{"d='$'; x=\"a[${d}(cat policy >&3)]\"; { [[ $x -eq 0 ]]; } 3>&1\n", true},
	} {
		if got := !allVisible(tc.script, forAnswer); got != tc.other {
			t.Errorf("%q: runs another program %v, want %v", tc.script, got, tc.other)
		}
	}
}

// TestFunctionsReadForExit: for the exit (HC431), a script's own
// functions are read where they are defined, and a call is no program;
// for the answer (HC425) they stay unknown (QA: python3() { :; } defined
// after a python3 call that printed the deny).
func TestFunctionsReadForExit(t *testing.T) {
	for _, tc := range []struct {
		script         string
		exit, forReply bool // visible for forExit, for forAnswer
	}{
		{"deny() { echo x; }\ndeny\n", true, false},
		{"a() { echo x; }\nb() { echo y; }\na\nb\n", true, false}, // calls on consecutive lines
		{"function deny() {\n  echo no >&2\n  exit 2\n}\ngrep -q rm && deny\n", true, false},
		{"  block() {\n    echo no\n    exit 2\n  }\ngrep -q rm && block\n", true, false}, // indented
		{"deny() { opa-eval; }\ndeny\n", false, false},
		{"python3 -c 'print(1)'; exit 2\npython3() { :; }\n", true, false},
	} {
		if got := allVisible(tc.script, forExit); got != tc.exit {
			t.Errorf("%q: visible for the exit %v, want %v", tc.script, got, tc.exit)
		}
		if got := allVisible(tc.script, forAnswer); got != tc.forReply {
			t.Errorf("%q: visible for the answer %v, want %v", tc.script, got, tc.forReply)
		}
	}
}

// TestExecRedirectsReadForExit: exec with output redirections alone runs
// nothing and is read for the exit (QA round 5: exec 2>>log hid a silent
// exit 2); exec of a program is not, nor is either read for an answer.
func TestExecRedirectsReadForExit(t *testing.T) {
	project := fstest.MapFS{
		"execlog.sh": {Data: []byte("#!/bin/bash\nexec 2>>/tmp/guard.log\ncmd=$(jq -r .tool_input.command)\ncase \"$cmd\" in *rm*) echo no >&2; exit 2 ;; esac\nexit 0\n")},
		"execrun.sh": {Data: []byte("#!/bin/bash\nexec ./policy.sh\n")},
	}
	s := &Scripts{FS: project}
	hd := func(c string) *canonical.Handler {
		return &canonical.Handler{Type: canonical.HandlerCommand, Command: c}
	}
	text, ok := s.readScript(hd("./execlog.sh"), forExit)
	if !ok || !exitsTwoSilently(text) {
		t.Errorf("execlog.sh: read %v, silent %v; want a silent exit 2 read", ok, ok && exitsTwoSilently(text))
	}
	if _, ok := s.readScript(hd("./execlog.sh"), forAnswer); ok {
		t.Error("execlog.sh read for the answer")
	}
	if _, ok := s.readScript(hd("./execrun.sh"), forExit); ok {
		t.Error("execrun.sh (exec of a program) read")
	}
}

// TestScriptNamedInMessageReadForExit: a script's name inside a quoted
// message runs nothing (QA round 8: "usage: guard.sh < payload" hid a
// silent exit 2); named where a command stands, it still stops the read.
func TestScriptNamedInMessageReadForExit(t *testing.T) {
	project := fstest.MapFS{
		"usage.sh": {Data: []byte("#!/bin/bash\nusage() { echo \"usage: guard.sh < payload\" >&2; exit 1; }\ninput=$(cat)\ncase \"$input\" in *rm*) exit 2 ;; esac\nexit 0\n")},
		"runs.sh":  {Data: []byte("#!/bin/bash\nbash other.sh\nexit 2\n")},
	}
	s := &Scripts{FS: project}
	hd := func(c string) *canonical.Handler {
		return &canonical.Handler{Type: canonical.HandlerCommand, Command: c}
	}
	if text, ok := s.readScript(hd("./usage.sh"), forExit); !ok || !exitsTwoSilently(text) {
		t.Errorf("usage.sh: read %v; want it read, with a silent exit 2", ok)
	}
	if _, ok := s.readScript(hd("./runs.sh"), forExit); ok {
		t.Error("runs.sh, which runs other.sh, was read")
	}
}

// TestQuietShapesReadForExit: common guard shapes that write nothing to
// stderr and run nothing unseen are read for the exit (QA round 11 found
// them left to HC322): a here-string into jq, a here-document answer,
// arithmetic, logging to files or the system log. What does write to
// stderr, or runs a program, or expands a command, is still not read.
func TestQuietShapesReadForExit(t *testing.T) {
	for _, tc := range []struct {
		script string
		read   bool
	}{
		{"input=$(cat)\ncmd=$(jq -r '.tool_input.command' <<<\"$input\")\n[ \"$cmd\" = rm ] && exit 2\nexit 0", true},
		{"cmd=$(jq -r .x <<<\"$(./policy.sh)\")\nexit 2", false}, // the here-string runs a script
		{"cat <<EOF\n{\"decision\": \"block\"}\nEOF\nexit 2", true},
		{"cat <<EOF\nblocked at $(date)\nEOF\nexit 2", false}, // the body runs a command
		{"python3 <<'EOF'\nprint('x')\nEOF\nexit 2", false},   // a program reads it
		{"cat <<EOF\nnever closed\nexit 2", false},
		{"n=$(jq -r .n)\nif (( n > 3 )); then exit 2; fi", true},
		{"(( $(./count.sh) > 3 )) && exit 2", false},
		{"echo \"$input\" | tee -a \"$LOG\" >/dev/null\nexit 2", true},
		{"mkdir -p \"$HOME/.cache/guard\"\ntouch \"$HOME/.cache/guard/seen\"\nexit 2", true},
		{"logger -t guard \"blocked $cmd\"\nexit 2", true},
		{"echo no | tee /dev/stderr\nexit 2", false}, // writes to stderr unseen by the reader: not read
		{"logger -s blocked\nexit 2", false},         // -s copies to stderr
		{"tee-report x\nexit 2", false},              // another program
		// QA: a temporary file and the trap that removes it, or one on
		// signals alone; not a trap on EXIT that writes, runs a function,
		// asks (rm -i) or runs a command substitution.
		{"tmp=\"${TMPDIR:-/tmp}/guard\"\ntrap 'rm -f \"$tmp\"' EXIT\nexit 2", true},
		{"trap 'echo interrupted >&2' INT TERM\nexit 2", true}, // never runs on a normal exit
		{"trap 'echo blocked >&2' EXIT\nexit 2", false},
		{"trap cleanup EXIT\nexit 2", false},
		{"trap 'rm -i \"$tmp\"' EXIT\nexit 2", false},
		{"trap 'rm -f \"$(cat list)\"' EXIT\nexit 2", false},
	} {
		if got := allVisible(withoutComments([]byte(tc.script)), forExit); got != tc.read {
			t.Errorf("allVisible(%q, forExit) = %v, want %v", tc.script, got, tc.read)
		}
	}
}

// TestCompiledProgram: executables (ELF, Mach-O, PE, anything holding a
// NUL) are programs hookconv cannot read; scripts, in any encoding
// without NULs, are read.
func TestCompiledProgram(t *testing.T) {
	tests := []struct {
		name, text string
		want       bool
	}{
		{"ELF", "\x7fELF\x02\x01\x01", true},
		{"Mach-O 64", "\xcf\xfa\xed\xfe\x07\x00\x00\x01", true},
		{"Mach-O universal", "\xca\xfe\xba\xbe", true},
		{"PE", "MZ\x90\x00\x03\x00", true},
		{"a NUL in a script", "#!/bin/sh\necho '{\"cancel\": true}'\x00", true},
		{"a shell script", "#!/bin/sh\necho '{\"cancel\": true}'\n", false},
		{"Latin-1 text", "# caf\xe9\necho ok\n", false},
		{"a script starting MZ", "MZ=1 ./x.sh\n", false},
		{"empty", "", false},
	}
	for _, tt := range tests {
		if got := compiledProgram([]byte(tt.text)); got != tt.want {
			t.Errorf("%s: compiledProgram = %v, want %v", tt.name, got, tt.want)
		}
	}
}

// TestBreaksCall checks breaksCall against what it stands for: one of
// ;&|<>` or a newline, or $(.
func TestBreaksCall(t *testing.T) {
	for _, c := range []string{"", "./hooks/a.sh --flag", "a; b", "a && b", "a | b", "a < f", "a > f", "a `b`", "a\nb",
		"echo $HOME", "echo $(date)", "a $", "$", "$(", "echo ${X}", "cd \"$CLAUDE_PROJECT_DIR\" && x.sh"} {
		want := strings.ContainsAny(c, ";&|<>`\n") || strings.Contains(c, "$(")
		if got := breaksCall(c); got != want {
			t.Errorf("breaksCall(%q) = %v, want %v", c, got, want)
		}
	}
}

// TestFactsOfPlaces checks that a command's facts keep one place however
// it is found: as the last asked, as one made after the last, or in the
// map.
func TestFactsOfPlaces(t *testing.T) {
	s := &Scripts{}
	commands := []string{"a.sh", "b.sh", "c.sh", "d.sh", "e.sh", "f.sh", "g.sh", "h.sh"}
	for _, c := range commands {
		s.factsOf(c)
	}
	for _, order := range [][]int{{0, 1, 2, 3, 4, 5, 6, 7}, {7, 6, 5, 0}, {0, 5, 1, 7, 2, 2, 3}, {3, 4, 4, 3}} {
		for _, k := range order {
			// A copy with other backing bytes: found by its text.
			c := strings.Clone(commands[k])
			if got := s.factsOf(c); got != int32(k) || s.facts[got].command != c {
				t.Fatalf("order %v: factsOf(%q) = %d, want %d", order, c, got, k)
			}
		}
	}
	if len(s.facts) != len(commands) || len(s.known) != len(commands) {
		t.Errorf("%d facts, %d known, want %d", len(s.facts), len(s.known), len(commands))
	}
}
