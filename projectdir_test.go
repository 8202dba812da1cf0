package hookconv

import (
	"testing"

	"github.com/hookconv/hookconv/canonical"
)

// TestProjectFolder: the project's path inside its repository is written
// as the shell reads the variable's place: as it is when plain, escaped
// in double quotes, quoted where unquoted; where no quoting is safe
// (single quotes, backquotes, a here-document, a Windows command, quotes
// that do not close, a newline or backquote in the path), git's top
// level alone, and ok false.
func TestProjectFolder(t *testing.T) {
	tests := []struct {
		command string
		sub     string
		windows bool
		want    string
		ok      bool
	}{
		{`"$CLAUDE_PROJECT_DIR"/x.sh`, "", false, `$(git rev-parse --show-toplevel)`, true},
		{`"$CLAUDE_PROJECT_DIR"/x.sh`, "packages/api", false, `$(git rev-parse --show-toplevel)/packages/api`, true},
		{`'$CLAUDE_PROJECT_DIR'/x.sh`, "packages/api", false, `$(git rev-parse --show-toplevel)/packages/api`, true}, // plain: as before
		{`"$CLAUDE_PROJECT_DIR"/x.sh`, "my pkg", false, `$(git rev-parse --show-toplevel)/my pkg`, true},
		{`$CLAUDE_PROJECT_DIR/x.sh`, "my pkg", false, `$(git rev-parse --show-toplevel)/'my pkg'`, true},
		{`"$CLAUDE_PROJECT_DIR"/x.sh`, `it's "q" $x \ y`, false, `$(git rev-parse --show-toplevel)/it's \"q\" \$x \\ y`, true},
		{`$CLAUDE_PROJECT_DIR/x.sh`, `it's "q" $x \ y`, false, `$(git rev-parse --show-toplevel)/'it'\''s "q" $x '\\' y'`, true},
		{`cat "$(dirname $CLAUDE_PROJECT_DIR)"`, "my pkg", false, `$(git rev-parse --show-toplevel)/'my pkg'`, true}, // code again inside $( )
		{`bash -c '"$CLAUDE_PROJECT_DIR"/x.sh'`, "my pkg", false, `$(git rev-parse --show-toplevel)`, false},
		{`$'$CLAUDE_PROJECT_DIR'/x.sh`, "my pkg", false, `$(git rev-parse --show-toplevel)`, false},
		{"echo `ls $CLAUDE_PROJECT_DIR`", "my pkg", false, `$(git rev-parse --show-toplevel)`, false},
		{"cat <<EOF\n$CLAUDE_PROJECT_DIR\nEOF", "my pkg", false, `$(git rev-parse --show-toplevel)`, false},
		{`"$CLAUDE_PROJECT_DIR"/x.sh`, "my pkg", true, `$(git rev-parse --show-toplevel)`, false},
		{`"$CLAUDE_PROJECT_DIR/x.sh`, "my pkg", false, `$(git rev-parse --show-toplevel)`, false},
		{`"$CLAUDE_PROJECT_DIR"/x.sh`, "a`b", false, `$(git rev-parse --show-toplevel)`, false},
		{`"$CLAUDE_PROJECT_DIR"/x.sh`, "a\nb", false, `$(git rev-parse --show-toplevel)`, false},
		// QA: in the word of a "${X:-…}" bash reads ' as a quote (sh does
		// not): bash -c 'x="${X:-a/it'"'"'s b}"' is a syntax error there.
		{`x="${X:-$CLAUDE_PROJECT_DIR}"; "$x/x.sh"`, `it's "q"`, false, `$(git rev-parse --show-toplevel)`, false},
		{`x="${X:-$CLAUDE_PROJECT_DIR}"; "$x/x.sh"`, `my "q" pkg`, false, `$(git rev-parse --show-toplevel)/my \"q\" pkg`, true},
		{`x="${X}/$CLAUDE_PROJECT_DIR"`, `it's`, false, `$(git rev-parse --show-toplevel)/it's`, true},
	}
	for _, tt := range tests {
		at := len(tt.command) - len(tt.command[indexOfVar(tt.command):])
		got, ok := projectFolder(tt.command, at, tt.sub, tt.windows)
		if got != tt.want || ok != tt.ok {
			t.Errorf("projectFolder(%q, sub %q, windows %v) = %q, %v; want %q, %v", tt.command, tt.sub, tt.windows, got, ok, tt.want, tt.ok)
		}
	}
}

// indexOfVar is the offset of the $ of $CLAUDE_PROJECT_DIR in s.
func indexOfVar(s string) int {
	for i := range s {
		if len(s)-i >= 19 && s[i:i+19] == "$CLAUDE_PROJECT_DIR" {
			return i
		}
	}
	return -1
}

// TestRewriteProjectDirQuoted: a project whose path in its repository
// holds a space or a quote is rewritten for a target with no project
// variable (an info, HC405), the Windows override too where it can be;
// where it cannot, the hook gets a warning, and git's top level alone.
func TestRewriteProjectDirQuoted(t *testing.T) {
	place := RepoPlace{Known: true, InRepo: true, Sub: "my pkg"}
	tests := []struct {
		command, windows string
		want, wantWin    string
		severity         string
	}{
		{`"$CLAUDE_PROJECT_DIR"/g.sh`, "", `env "$(git rev-parse --show-toplevel)/my pkg"/g.sh`, "", "info"},
		{`${CLAUDE_PROJECT_DIR}/g.sh a`, "", `env $(git rev-parse --show-toplevel)/'my pkg'/g.sh a`, "", "info"},
		{`\$CLAUDE_PROJECT_DIR "$CLAUDE_PROJECT_DIR"`, "", `\$CLAUDE_PROJECT_DIR "$(git rev-parse --show-toplevel)/my pkg"`, "", "info"},
		{`sh -c '$CLAUDE_PROJECT_DIR/g.sh'`, "", `sh -c '$(git rev-parse --show-toplevel)/g.sh'`, "", "warning"},
		{`./g.sh`, `"$CLAUDE_PROJECT_DIR"\g.ps1`, `./g.sh`, `"$(git rev-parse --show-toplevel)"\g.ps1`, "warning"},
	}
	for _, tt := range tests {
		h := canonical.Hook{Event: "before_tool_execute", Handler: canonical.Handler{Type: canonical.HandlerCommand, Command: tt.command}}
		if tt.windows != "" {
			h.Handler.Platform = map[string]string{"windows": tt.windows}
		}
		m := &canonical.Manifest{Spec: canonical.SpecVersion, Hooks: []canonical.Hook{h}}
		ds := rewriteProjectDir(m, "codex", place, false)
		got := m.Hooks[0].Handler
		if got.Command != tt.want || got.Platform["windows"] != tt.wantWin {
			t.Errorf("%q, %q: rewritten %q, %q; want %q, %q", tt.command, tt.windows, got.Command, got.Platform["windows"], tt.want, tt.wantWin)
		}
		if len(ds) != 1 || ds[0].Severity.String() != tt.severity || ds[0].Code != CodeProjectDir {
			t.Errorf("%q: diagnostics %v; want one %s %s", tt.command, ds, tt.severity, CodeProjectDir)
		}
	}
}

// TestRewriteProjectDirDefault: a project variable with an operator
// (${CLAUDE_PROJECT_DIR:-.}, a common spelling) is rewritten where it is
// the project, and warned about where hookconv cannot say what it is. It
// was passed on unchanged and unreported (QA), and from a subfolder the
// command ran nothing: the target's own variable keeps the operator;
// where the target has none, a default (:-, -, :=, :?) or a trailing
// slash taken off (%/) is the project as git finds it, and any other
// form (${VAR:+x}, ${VAR#/}, a default holding a brace) stays with a
// warning, since it is empty there.
func TestRewriteProjectDirDefault(t *testing.T) {
	tests := []struct{ to, command, want, severity string }{
		// Codex's login shell may be fish: the program's word after env.
		{"codex", `${CLAUDE_PROJECT_DIR:-.}/hooks/a.sh`, `env $(git rev-parse --show-toplevel)/hooks/a.sh`, "info"},
		{"codex", `"${CLAUDE_PROJECT_DIR-$PWD}"/hooks/a.sh x`, `env "$(git rev-parse --show-toplevel)"/hooks/a.sh x`, "info"},
		{"codex", `sh "${CLAUDE_PROJECT_DIR:?}"/a.sh`, `sh "$(git rev-parse --show-toplevel)"/a.sh`, "info"},
		{"codex", `sh "${CLAUDE_PROJECT_DIR%/}"/a.sh`, `sh "$(git rev-parse --show-toplevel)"/a.sh`, "info"},
		{"copilot-cli", `${CLAUDE_PROJECT_DIR:-$(pwd)}/a.sh`, `$(git rev-parse --show-toplevel)/a.sh`, "info"},
		{"factory-droid", `"${CLAUDE_PROJECT_DIR:-.}"/hooks/a.sh`, `"${FACTORY_PROJECT_DIR:-.}"/hooks/a.sh`, "info"},
		{"factory-droid", `"${CLAUDE_PROJECT_DIR#/}"/hooks/a.sh`, `"${FACTORY_PROJECT_DIR#/}"/hooks/a.sh`, "info"},
		{"cursor", `"${GEMINI_PROJECT_DIR:-.}"/a.sh`, `"${CURSOR_PROJECT_DIR:-.}"/a.sh`, "info"},
		{"cursor", `"${CLAUDE_PROJECT_DIR:-.}"/a.sh`, `"${CLAUDE_PROJECT_DIR:-.}"/a.sh`, ""}, // Cursor sets it too
		{"codex", `${CLAUDE_PROJECT_DIR:+x}/a.sh`, `${CLAUDE_PROJECT_DIR:+x}/a.sh`, "warning"},
		{"codex", `sh "${CLAUDE_PROJECT_DIR#/}"/a.sh`, `sh "${CLAUDE_PROJECT_DIR#/}"/a.sh`, "warning"},
		{"codex", `${CLAUDE_PROJECT_DIR:-${HOME}}/a.sh`, `${CLAUDE_PROJECT_DIR:-${HOME}}/a.sh`, "warning"},
		// PowerShell's spelling: renamed where the target has a variable.
		{"qwen-code", `& "$env:CLAUDE_PROJECT_DIR\g.ps1"`, `& "$env:QWEN_PROJECT_DIR\g.ps1"`, "info"},
		{"codex", `& "$env:CLAUDE_PROJECT_DIR\g.ps1"`, `& "$env:CLAUDE_PROJECT_DIR\g.ps1"`, "warning"},
		// QA: a target with a variable of its own (not this one) too.
		{"factory-droid", `"${CLAUDE_PROJECT_DIR:-${PWD}}"/a.sh`, `"${CLAUDE_PROJECT_DIR:-${PWD}}"/a.sh`, "warning"},
		{"codex", `\${CLAUDE_PROJECT_DIR#/}`, `\${CLAUDE_PROJECT_DIR#/}`, ""}, // the shell's literal text
	}
	for _, tt := range tests {
		h := canonical.Hook{Event: "before_tool_execute", Handler: canonical.Handler{Type: canonical.HandlerCommand, Command: tt.command}}
		m := &canonical.Manifest{Spec: canonical.SpecVersion, Hooks: []canonical.Hook{h}}
		ds := withCode(rewriteProjectDir(m, tt.to, RepoPlace{Known: true, InRepo: true}, false), CodeProjectDir)
		if got := m.Hooks[0].Handler.Command; got != tt.want {
			t.Errorf("%s %q: rewritten %q, want %q", tt.to, tt.command, got, tt.want)
		}
		switch {
		case tt.severity == "" && len(ds) != 0:
			t.Errorf("%s %q: want no %s, got %v", tt.to, tt.command, CodeProjectDir, ds)
		case tt.severity != "" && (len(ds) != 1 || ds[0].Severity.String() != tt.severity):
			t.Errorf("%s %q: diagnostics %v; want one %s %s", tt.to, tt.command, ds, tt.severity, CodeProjectDir)
		}
	}
}

// TestProjectDirEnvFirst: for a target that runs commands with the
// user's login shell (Codex), which may be fish, git's top level that
// names the program (after an operator, a keyword, an assignment, exec or
// command, in a $( … ) too) comes after env, once per word; as an
// argument, in single quotes, escaped, in a here-document or a Windows
// command, under the shim and for a target whose shell is sh or bash it
// is written as before. fish 3.6 rejects each $( … ) written where a
// program is named ("command substitutions not allowed here"), sh, bash,
// zsh and fish run each env form (checked by hand, and by
// TestProjectDirRewriteRuns).
func TestProjectDirEnvFirst(t *testing.T) {
	const top = `$(git rev-parse --show-toplevel)`
	tests := []struct {
		to, command string
		windows     bool
		shim        bool
		want        string
		env         bool
	}{
		{"codex", `"$CLAUDE_PROJECT_DIR"/g.sh`, false, false, `env "` + top + `"/g.sh`, true},
		{"codex", `$CLAUDE_PROJECT_DIR/g.sh --flag`, false, false, `env ` + top + `/g.sh --flag`, true},
		{"codex", `"${CLAUDE_PROJECT_DIR}/g.sh"`, false, false, `env "` + top + `/g.sh"`, true},
		{"codex", `true && "$CLAUDE_PROJECT_DIR"/a.sh; $CLAUDE_PROJECT_DIR/b.sh | "$CLAUDE_PROJECT_DIR"/c.sh`, false, false,
			`true && env "` + top + `"/a.sh; env ` + top + `/b.sh | env "` + top + `"/c.sh`, true},
		{"codex", `if true; then "$CLAUDE_PROJECT_DIR"/g.sh; fi`, false, false, `if true; then env "` + top + `"/g.sh; fi`, true},
		{"codex", `V=1 exec "$CLAUDE_PROJECT_DIR"/g.sh`, false, false, `V=1 exec env "` + top + `"/g.sh`, true},
		{"codex", `command $CLAUDE_PROJECT_DIR/g.sh 2>&1`, false, false, `command env ` + top + `/g.sh 2>&1`, true},
		{"codex", `2>/dev/null $CLAUDE_PROJECT_DIR/g.sh`, false, false, `2>/dev/null env ` + top + `/g.sh`, true},
		{"codex", `echo "$("$CLAUDE_PROJECT_DIR"/g.sh)"`, false, false, `echo "$(env "` + top + `"/g.sh)"`, true},
		{"codex", `$CLAUDE_PROJECT_DIR/$CLAUDE_PROJECT_DIR`, false, false, `env ` + top + `/` + top, true},
		// Not where the program is named.
		{"codex", `cd "$CLAUDE_PROJECT_DIR" && ./g.sh`, false, false, `cd "` + top + `" && ./g.sh`, false},
		{"codex", `python3 "$CLAUDE_PROJECT_DIR/g.py"`, false, false, `python3 "` + top + `/g.py"`, false},
		{"codex", `V="$CLAUDE_PROJECT_DIR" ./g.sh`, false, false, `V="` + top + `" ./g.sh`, false},
		{"codex", `bash -c '"$CLAUDE_PROJECT_DIR"/g.sh'`, false, false, `bash -c '"` + top + `"/g.sh'`, false},
		{"codex", `\$CLAUDE_PROJECT_DIR "$CLAUDE_PROJECT_DIR"`, false, false, `\$CLAUDE_PROJECT_DIR "` + top + `"`, false},
		{"codex", "cat <<EOF\n$CLAUDE_PROJECT_DIR/g.sh\nEOF", false, false, "cat <<EOF\n" + top + "/g.sh\nEOF", false},
		{"codex", `"$CLAUDE_PROJECT_DIR"\g.ps1`, true, false, `"` + top + `"\g.ps1`, false},
		{"codex", `"$CLAUDE_PROJECT_DIR/g.sh`, false, false, `"` + top + `/g.sh`, false}, // quotes that do not close
		{"codex", `"$CLAUDE_PROJECT_DIR"/g.sh`, false, true, `"` + top + `"/g.sh`, false},
		{"vs-code-copilot", `"$CLAUDE_PROJECT_DIR"/g.sh`, false, false, `"` + top + `"/g.sh`, false},
		{"copilot-cli", `"$CLAUDE_PROJECT_DIR"/g.sh`, false, false, `"` + top + `"/g.sh`, false},
	}
	for _, tt := range tests {
		replace := projectDirRewriter(tt.to, "", !tt.shim)
		got, _, _, env := replace(tt.command, tt.windows)
		if got != tt.want || env != tt.env {
			t.Errorf("%s %q (windows %v, shim %v) = %q, env %v; want %q, %v", tt.to, tt.command, tt.windows, tt.shim, got, env, tt.want, tt.env)
		}
	}
}
