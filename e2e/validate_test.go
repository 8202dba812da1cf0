//go:build e2e

package e2e

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/BurntSushi/toml"
	"github.com/rogpeppe/go-internal/txtar"

	"github.com/hookconv/hookconv"
	"github.com/hookconv/hookconv/providers"
)

// golden is one provider's golden output: testdata/golden/<case>/<slug>.golden.
type golden struct {
	name  string // <case>
	files []txtar.File
}

// goldens reads every golden archive of slug that holds files.
func goldens(t *testing.T, slug string) []golden {
	t.Helper()
	paths, err := filepath.Glob(filepath.Join("..", "testdata", "golden", "*", slug+".golden"))
	if err != nil || len(paths) == 0 {
		t.Fatalf("no golden outputs for %s: %v", slug, err)
	}
	var out []golden
	for _, p := range paths {
		a, err := txtar.ParseFile(p)
		if err != nil {
			t.Fatal(err)
		}
		if len(a.Files) > 0 {
			out = append(out, golden{name: filepath.Base(filepath.Dir(p)), files: a.Files})
		}
	}
	return out
}

// materialize writes a golden's files under dir (a fresh project).
func materialize(t *testing.T, dir string, g golden) {
	t.Helper()
	for _, f := range g.files {
		writeFile(t, filepath.Join(dir, filepath.FromSlash(f.Name)), string(f.Data), 0o644)
	}
	if out, err := exec.Command("git", "init", "-q", dir).CombinedOutput(); err != nil {
		t.Fatalf("git init: %v\n%s", err, out)
	}
}

// badProject is the positive control: a config every validator must flag
// (a wrongly typed timeout), so "no problems" means the file was read.
func badProject(t *testing.T, dir, path string) {
	t.Helper()
	writeFile(t, filepath.Join(dir, filepath.FromSlash(path)),
		`{"hooks":{"SessionStart":[{"hooks":[{"type":"command","command":"true","timeout":"ten"}]}]}}`+"\n", 0o644)
	if out, err := exec.Command("git", "init", "-q", dir).CombinedOutput(); err != nil {
		t.Fatalf("git init: %v\n%s", err, out)
	}
}

func runQuick(dir string, env []string, bin string, args ...string) (string, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, args...)
	cmd.Dir = dir
	cmd.Env = env
	out, err := cmd.CombinedOutput()
	return string(out), err
}

func claudeDoctorEnv(home string) []string {
	return append(baseEnv(home), "CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC=1", "DISABLE_AUTOUPDATER=1",
		"DISABLE_TELEMETRY=1", "DISABLE_ERROR_REPORTING=1")
}

// claudeInvalid is the "Invalid settings" section of claude doctor's
// output, or "".
func claudeInvalid(out string) string {
	i := strings.Index(out, "Invalid settings")
	if i < 0 {
		return ""
	}
	sec := out[i:]
	if j := strings.Index(sec, "\n\n"); j >= 0 {
		sec = sec[:j]
	}
	return sec
}

// validateClaude runs `claude doctor` (offline, about 1 s, always exit 0)
// in a project holding each golden .claude/settings.json and fails on an
// "Invalid settings" section.
func validateClaude(t *testing.T, bin, home string) string {
	env := claudeDoctorEnv(home)
	root := workDir(t, "claude-doctor")
	bad := filepath.Join(root, "control")
	badProject(t, bad, ".claude/settings.json")
	out, err := runQuick(bad, env, bin, "doctor")
	if claudeInvalid(out) == "" {
		t.Fatalf("claude doctor did not flag the control config (timeout \"ten\"); it cannot be trusted here (err %v):\n%s", err, out)
	}
	gs := goldens(t, "claude-code")
	for _, g := range gs {
		dir := filepath.Join(root, g.name)
		materialize(t, dir, g)
		out, err := runQuick(dir, env, bin, "doctor")
		if err != nil {
			t.Errorf("%s: claude doctor: %v\n%s", g.name, err, out)
		}
		if sec := claudeInvalid(out); sec != "" {
			t.Errorf("%s: claude doctor rejects testdata/golden/%s/claude-code.golden:\n%s", g.name, g.name, sec)
		}
	}
	return fmt.Sprintf("claude doctor on %d golden outputs", len(gs))
}

// droidReport is the JSON of `droid doctor --config --json`.
type droidReport struct {
	OK      bool `json:"ok"`
	Results []struct {
		ID, Status, Label, Detail string
	} `json:"results"`
}

// droidDoctor runs `droid doctor --config --json` (offline, exit 1 on
// errors) in dir.
func droidDoctor(dir string, env []string, bin string) (droidReport, string, error) {
	out, err := runQuick(dir, env, bin, "doctor", "--config", "--json")
	var r droidReport
	if i := strings.Index(out, "{"); i >= 0 {
		json.Unmarshal([]byte(out[i:]), &r)
	}
	return r, out, err
}

// validateDroid runs droid doctor --config on each golden
// .factory/settings.json.
func validateDroid(t *testing.T, bin, home string) string {
	env := baseEnv(home)
	root := workDir(t, "droid-doctor")
	bad := filepath.Join(root, "control")
	badProject(t, bad, ".factory/settings.json")
	if r, out, _ := droidDoctor(bad, env, bin); r.OK {
		t.Fatalf("droid doctor --config did not flag the control config:\n%s", out)
	}
	gs := goldens(t, "factory-droid")
	for _, g := range gs {
		dir := filepath.Join(root, g.name)
		materialize(t, dir, g)
		r, out, err := droidDoctor(dir, env, bin)
		if err != nil || !r.OK {
			var fails []string
			for _, x := range r.Results {
				if x.Status != "pass" {
					fails = append(fails, x.Label+": "+x.Detail)
				}
			}
			t.Errorf("%s: droid doctor --config rejects testdata/golden/%s/factory-droid.golden (%v): %s\n%s",
				g.name, g.name, err, strings.Join(fails, "; "), out)
		}
	}
	return fmt.Sprintf("droid doctor --config on %d golden outputs", len(gs))
}

// validateCodex asks one `codex app-server` for hooks/list over a trusted
// project per golden .codex/hooks.json, and one whose .codex/config.toml
// hookconv merged hooks into: parse problems come back as warnings (and
// drop the whole file), and unknown events are ignored silently, so the
// listed hooks are also counted against the file.
func validateCodex(t *testing.T, bin, home string) string {
	root := workDir(t, "codex-hooks-list")
	codexHome := filepath.Join(root, "codex-home")
	gs := append(goldens(t, "codex"), mergedConfigTOML(t))
	var cwds []string
	want := map[string]map[string]int{} // cwd → event → handlers
	var trust strings.Builder
	bad := filepath.Join(root, "control")
	badProject(t, bad, ".codex/hooks.json")
	for _, g := range gs {
		dir := filepath.Join(root, g.name)
		materialize(t, dir, g)
		cwds = append(cwds, dir)
		counts := map[string]int{}
		for _, f := range g.files {
			var doc struct {
				Hooks map[string][]struct {
					Hooks []map[string]any `json:"hooks" toml:"hooks"`
				} `json:"hooks" toml:"hooks"`
			}
			if strings.HasSuffix(f.Name, ".toml") {
				if _, err := toml.Decode(string(f.Data), &doc); err != nil {
					t.Fatalf("%s: %s is not TOML: %v", g.name, f.Name, err)
				}
			} else if err := json.Unmarshal(f.Data, &doc); err != nil {
				t.Fatalf("%s: %s is not JSON: %v", g.name, f.Name, err)
			}
			for ev, groups := range doc.Hooks {
				for _, gr := range groups {
					counts[ev] += len(gr.Hooks)
				}
			}
		}
		want[dir] = counts
	}
	for _, d := range append([]string{bad}, cwds...) {
		fmt.Fprintf(&trust, "[projects.%q]\ntrust_level = \"trusted\"\n", d)
	}
	writeFile(t, filepath.Join(codexHome, "config.toml"), trust.String(), 0o644)

	type listed struct {
		Cwd   string `json:"cwd"`
		Hooks []struct {
			EventName  string `json:"eventName"`
			SourcePath string `json:"sourcePath"`
		} `json:"hooks"`
		Warnings []string `json:"warnings"`
		Errors   []any    `json:"errors"`
	}
	res, stderr, err := codexHooksList(bin, home, codexHome, append([]string{bad}, cwds...))
	if err != nil {
		t.Fatalf("codex app-server hooks/list: %v\nstderr:\n%s", err, stderr)
	}
	var data struct {
		Data []listed `json:"data"`
	}
	if err := json.Unmarshal(res, &data); err != nil {
		t.Fatalf("hooks/list result: %v\n%s", err, res)
	}
	byCwd := map[string]listed{}
	for _, l := range data.Data {
		byCwd[l.Cwd] = l
	}
	if len(byCwd[bad].Warnings) == 0 {
		t.Fatalf("codex hooks/list did not flag the control config: %+v", byCwd[bad])
	}
	for i, dir := range cwds {
		l, ok := byCwd[dir]
		if !ok {
			t.Errorf("%s: hooks/list returned nothing for %s", gs[i].name, dir)
			continue
		}
		if len(l.Warnings) > 0 || len(l.Errors) > 0 {
			t.Errorf("%s: codex rejects testdata/golden/%s/codex.golden: warnings %q errors %v", gs[i].name, gs[i].name, l.Warnings, l.Errors)
		}
		got := map[string]int{}
		for _, h := range l.Hooks {
			if strings.HasPrefix(h.SourcePath, dir+string(filepath.Separator)) {
				got[strings.ToLower(h.EventName)]++
			}
		}
		var evs []string
		for ev := range want[dir] {
			evs = append(evs, ev)
		}
		sort.Strings(evs)
		for _, ev := range evs {
			if n := got[strings.ToLower(ev)]; n != want[dir][ev] {
				t.Errorf("%s: codex loads %d of the %d %s hooks in testdata/golden/%s/codex.golden (an unknown event or dropped entry)",
					gs[i].name, n, want[dir][ev], ev, gs[i].name)
			}
		}
	}
	return fmt.Sprintf("codex app-server hooks/list on %d golden outputs", len(gs))
}

// mergedConfigTOML is a project whose .codex/config.toml holds settings,
// comments and a table around old hooks, converted into with -o: the
// hooks are replaced where they stood (see the codex adapter's Render).
func mergedConfigTOML(t *testing.T) golden {
	t.Helper()
	const existing = `# project settings
model = "fake-model"

# old hooks
[[hooks.Stop]]
[[hooks.Stop.hooks]]
type = "command"
command = "./old.sh"

# a second profile
[profiles.fast]
model = "fake-model"
`
	in := providers.Files{".claude/settings.json": []byte(`{"hooks": {
  "PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "./guard.sh", "timeout": 5}]}],
  "Stop": [{"hooks": [{"type": "command", "command": "echo done"}]}]}}`)}
	res := hookconv.Convert("claude-code", "codex", in, providers.Files{".codex/config.toml": []byte(existing)})
	out, ok := res.Files[".codex/config.toml"]
	if !ok || res.Diagnostics.HasErrors() {
		t.Fatalf("merging into a config.toml: %v", res.Diagnostics)
	}
	return golden{name: "merged-config-toml", files: []txtar.File{{Name: ".codex/config.toml", Data: out}}}
}

// codexHooksList speaks JSON-RPC (one JSON object per line) to
// `codex app-server` on stdin/stdout and returns the hooks/list result.
func codexHooksList(bin, home, codexHome string, cwds []string) (json.RawMessage, string, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, "app-server")
	cmd.Env = append(baseEnv(home), "CODEX_HOME="+codexHome)
	var stderr strings.Builder
	cmd.Stderr = &stderr
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return nil, "", err
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, "", err
	}
	if err := cmd.Start(); err != nil {
		return nil, "", err
	}
	defer func() {
		stdin.Close()
		cmd.Process.Kill()
		cmd.Wait()
	}()
	send := func(v any) {
		b, _ := json.Marshal(v)
		stdin.Write(append(b, '\n'))
	}
	send(map[string]any{"id": 1, "method": "initialize", "params": map[string]any{"clientInfo": map[string]any{"name": "hookconv-e2e", "version": "1"}}})
	sc := bufio.NewScanner(stdout)
	sc.Buffer(make([]byte, 1<<20), 64<<20)
	for sc.Scan() {
		var msg struct {
			ID     *int            `json:"id"`
			Result json.RawMessage `json:"result"`
			Error  json.RawMessage `json:"error"`
		}
		if json.Unmarshal(sc.Bytes(), &msg) != nil || msg.ID == nil {
			continue // notifications
		}
		if msg.Error != nil {
			return nil, stderr.String(), fmt.Errorf("request %d: %s", *msg.ID, msg.Error)
		}
		switch *msg.ID {
		case 1:
			send(map[string]any{"method": "initialized"})
			send(map[string]any{"id": 2, "method": "hooks/list", "params": map[string]any{"cwds": cwds}})
		case 2:
			return msg.Result, stderr.String(), nil
		}
	}
	if err := sc.Err(); err != nil && err != io.EOF {
		return nil, stderr.String(), err
	}
	return nil, stderr.String(), fmt.Errorf("app-server closed its output before answering hooks/list")
}
