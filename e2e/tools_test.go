//go:build e2e

package e2e

import (
	"cmp"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// tool is one real agent CLI: how to run it headless against the fake
// server, and what its hook payloads look like. The facts come from
// ../shared/reference/real-clients.md, not from hookconv's tables, so
// the suite does not confirm hookconv with its own assumptions.
type tool struct {
	key  string // E2E_<KEY>_BIN
	slug string // hookconv provider slug
	name string
	// shell is the shell tool's name in the tool's hook payloads.
	shell string
	// native is the event each canonical event must fire as.
	native map[string]string
	family family
	// notHeadless: canonical events whose native hook the tool never fires
	// in its headless mode, whatever the config (tool limitations
	// measured in real-clients.md). Their absence is noted, not failed.
	notHeadless map[string]string
	// setupHome prepares the tool's HOME once (shared by its cases).
	setupHome func(t *testing.T, home string)
	// prepare writes per-run settings (the fake server's URL).
	prepare func(c *runCtx)
	// command is the headless run: arguments and extra environment.
	command func(c *runCtx) (args, env []string)
	// cleanup runs after the tool exits.
	cleanup func(c *runCtx)
	// extraLogs lists the tool's own log files worth showing on failure.
	extraLogs func(c *runCtx) []string
	// complaints are what the tool prints (stdout, stderr, extraLogs)
	// when it rejects part of a hook config; any of them fails the case.
	complaints []string
	// checkProject runs the tool's offline config check on the converted
	// project and returns its complaints.
	checkProject func(c *runCtx) []string
	// validate checks the tool's golden outputs with the tool's own
	// offline config check; it returns a note for the summary.
	validate func(t *testing.T, bin, home string) string
	// runTimeout bounds one run (default 90 s).
	runTimeout time.Duration
}

func (tl *tool) env() string { return "E2E_" + strings.ToUpper(tl.key) + "_BIN" }

func (tl *tool) timeout() time.Duration {
	if tl.runTimeout > 0 {
		return tl.runTimeout
	}
	return 90 * time.Second
}

func (tl *tool) logs(c *runCtx) []string {
	if tl.extraLogs == nil {
		return nil
	}
	return tl.extraLogs(c)
}

// family is the shape of a tool's hook payloads.
type family int

const (
	claudeShaped   family = iota // hook_event_name, session_id, tool_name, tool_input, prompt
	copilotNative                // sessionId, toolName, toolArgs (camelCase events)
	clineNative                  // taskId, hookName, preToolUse/taskStart/… objects
	opencodeNative               // hookconv's generated plugin: hook_event_name (OpenCode's name), hookconv_event
)

// checkPayload returns what is wrong with the first payload the ev hook
// received.
// from is the tool the case's hooks were read from ("canonical" for a
// manifest): hookconv's generated OpenCode plugin hands a hook written
// for another tool that tool's own names (ownNames).
func (tl *tool) checkPayload(ev, from string, p map[string]any) []string {
	var bad []string
	want := func(path string, ok func(v any) bool, what string) {
		v, found := get(p, path)
		if !found {
			bad = append(bad, fmt.Sprintf("no %s (want %s)", path, what))
		} else if !ok(v) {
			bad = append(bad, fmt.Sprintf("%s = %v (want %s)", path, v, what))
		}
	}
	eq := func(s string) func(any) bool { return func(v any) bool { return v == s } }
	has := func(s string) func(any) bool {
		return func(v any) bool {
			str, ok := v.(string)
			if !ok {
				str = mustJSON(v)
			}
			return strings.Contains(str, s)
		}
	}
	present := func(any) bool { return true }
	nonEmpty := func(v any) bool { s, ok := v.(string); return ok && s != "" }

	switch tl.family {
	case claudeShaped:
		want("hook_event_name", eq(tl.native[ev]), fmt.Sprintf("%q", tl.native[ev]))
		want("session_id", nonEmpty, "a session id")
		switch ev {
		case evTool, evAfter:
			want("tool_name", eq(tl.shell), fmt.Sprintf("%q", tl.shell))
			want("tool_input.command", has(Marker), "the command the model asked for")
			if ev == evAfter {
				want("tool_response", present, "the tool's result")
			}
		case evPrompt:
			want("prompt", has(Prompt), fmt.Sprintf("the prompt %q", Prompt))
		}
	case copilotNative:
		want("sessionId", nonEmpty, "a session id")
		switch ev {
		case evTool:
			want("toolName", eq(tl.shell), fmt.Sprintf("%q", tl.shell))
			want("toolArgs", has(Marker), "the command the model asked for")
		case evPrompt:
			want("prompt", has(Prompt), fmt.Sprintf("the prompt %q", Prompt))
		case evStart:
			want("source", present, "the session source")
		case evStop:
			want("stopReason", present, "a stop reason")
		case evAfter:
			want("toolName", eq(tl.shell), fmt.Sprintf("%q", tl.shell))
			want("toolResult", present, "the tool's result")
		case evEnd:
			want("reason", present, "an end reason")
		}
	case clineNative:
		want("taskId", nonEmpty, "a task id")
		switch ev {
		case evTool:
			want("hookName", eq("tool_call"), `"tool_call"`)
			want("preToolUse.toolName", eq(tl.shell), fmt.Sprintf("%q", tl.shell))
			want("tool_call.input", has(Marker), "the command the model asked for")
		case evStart:
			want("taskStart", present, "a taskStart object")
		case evStop:
			want("taskComplete", present, "a taskComplete object")
		case evPrompt:
			want("userPromptSubmit", present, "a userPromptSubmit object")
		case evAfter:
			want("hookName", eq("tool_result"), `"tool_result"`)
			want("tool_result.name", eq(tl.shell), fmt.Sprintf("%q", tl.shell))
		}
	case opencodeNative:
		event, shell := tl.native[ev], tl.shell
		if own, ok := ownNames[from]; ok {
			// The plugin does what hookconv run --from does: a hook
			// written for another tool gets that tool's names.
			event, shell = cmp.Or(own.events[ev], event), own.shell
		}
		want("hook_event_name", eq(event), fmt.Sprintf("%q", event))
		want("hookconv_event", eq(ev), fmt.Sprintf("%q", ev))
		if ev == evTool || ev == evAfter {
			want("tool_name", eq(shell), fmt.Sprintf("%q", shell))
			want("tool_input.command", has(Marker), "the command the model asked for")
		}
	}
	return bad
}

// ownNames are, for the source tools of the cases, the names their hooks
// are given on their events and for their shell tool (Claude Code's hooks
// reference; Cursor's beforeShellExecution and Shell: providers part 1
// §3.4, §3.7), which the generated OpenCode plugin hands a hook written
// for them at hook_event_name and tool_name.
var ownNames = map[string]struct {
	events map[string]string
	shell  string
}{
	"claude-code": {claudeNames, "Bash"},
	"cursor":      {map[string]string{evTool: "beforeShellExecution"}, "Shell"},
}

var claudeNames = map[string]string{evTool: "PreToolUse", evPrompt: "UserPromptSubmit", evStart: "SessionStart", evStop: "Stop",
	evAfter: "PostToolUse", evEnd: "SessionEnd"}

// allTools, in the order they are run (the cheapest and most used first).
var allTools = []*tool{
	{
		key: "claude", slug: "claude-code", name: "Claude Code", shell: "Bash",
		native: claudeNames, family: claudeShaped,
		command: func(c *runCtx) ([]string, []string) {
			return []string{"-p", Prompt, "--allowedTools", "Bash"}, []string{
				"ANTHROPIC_BASE_URL=" + c.srv.URL, "ANTHROPIC_API_KEY=dummy",
				"CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC=1", "DISABLE_AUTOUPDATER=1",
				"DISABLE_TELEMETRY=1", "DISABLE_ERROR_REPORTING=1",
			}
		},
		validate: validateClaude,
		checkProject: func(c *runCtx) []string {
			out, err := runQuick(c.proj, claudeDoctorEnv(c.home), c.bin, "doctor")
			if err != nil {
				return []string{fmt.Sprintf("claude doctor: %v", err)}
			}
			if sec := claudeInvalid(out); sec != "" {
				return []string{sec}
			}
			return nil
		},
	},
	{
		key: "gemini", slug: "gemini-cli", name: "Gemini CLI", shell: "run_shell_command",
		native: map[string]string{evTool: "BeforeTool", evPrompt: "BeforeAgent", evStart: "SessionStart", evStop: "AfterAgent",
			evAfter: "AfterTool", evEnd: "SessionEnd"},
		family: claudeShaped,
		setupHome: func(t *testing.T, home string) {
			writeFile(t, filepath.Join(home, ".gemini", "settings.json"), `{
  "security": {"auth": {"selectedType": "gemini-api-key"}},
  "privacy": {"usageStatisticsEnabled": false},
  "general": {"disableAutoUpdate": true, "disableUpdateNag": true},
  "telemetry": {"enabled": false}
}
`, 0o644)
		},
		command: func(c *runCtx) ([]string, []string) {
			return []string{"-p", Prompt, "--yolo"}, []string{
				"GEMINI_API_KEY=dummy", "GOOGLE_GEMINI_BASE_URL=" + c.srv.URL,
				"GEMINI_CLI_NO_RELAUNCH=true", "GEMINI_CLI_TRUST_WORKSPACE=true",
			}
		},
		complaints: []string{"Invalid hook event name", "Invalid hook ", "Discarding invalid hook", "Invalid configuration in", "Hook timed out"},
	},
	{
		key: "codex", slug: "codex", name: "Codex", shell: "Bash",
		native: claudeNames, family: claudeShaped,
		prepare: func(c *runCtx) {
			writeFile(c.t, filepath.Join(c.home, ".codex", "config.toml"), codexConfig(c.srv.URL), 0o644)
		},
		command: func(c *runCtx) ([]string, []string) {
			// --trust: the project layer (.codex/hooks.json, where hookconv
			// writes) is read only in a trusted project.
			// --dangerously-bypass-hook-trust: hooks nobody reviewed in /hooks
			// are skipped otherwise (hookconv says so: HC330).
			return []string{"exec", "--trust", "--dangerously-bypass-hook-trust", "--skip-git-repo-check", Prompt}, []string{
				"CODEX_HOME=" + filepath.Join(c.home, ".codex"), "FAKE_API_KEY=dummy",
			}
		},
		validate:   validateCodex,
		complaints: []string{"failed to parse hooks config", "Untrusted project-local configuration"},
	},
	{
		key: "copilot", slug: "copilot-cli", name: "Copilot CLI", shell: "bash",
		native: map[string]string{evTool: "preToolUse", evPrompt: "userPromptSubmitted", evStart: "sessionStart", evStop: "agentStop",
			evAfter: "postToolUse", evEnd: "sessionEnd"},
		family: copilotNative,
		command: func(c *runCtx) ([]string, []string) {
			return []string{"-p", Prompt, "--allow-all-tools", "--trust-folder", "--no-auto-update",
					"--log-level", "debug", "--log-dir", filepath.Join(c.root, "copilot-logs")}, []string{
					"COPILOT_OFFLINE=true", "COPILOT_PROVIDER_BASE_URL=" + c.srv.URL + "/v1",
					"COPILOT_PROVIDER_TYPE=openai", "COPILOT_PROVIDER_API_KEY=dummy",
					"COPILOT_MODEL=gpt-4.1", "COPILOT_AUTO_UPDATE=false",
				}
		},
		extraLogs: func(c *runCtx) []string {
			m, _ := filepath.Glob(filepath.Join(c.root, "copilot-logs", "*"))
			return m
		},
		complaints: []string{"hook will be skipped", "Ignoring unknown hook event", "Invalid hook configuration"},
	},
	{
		key: "qwen", slug: "qwen-code", name: "Qwen Code", shell: "run_shell_command",
		native: claudeNames, family: claudeShaped,
		notHeadless: map[string]string{
			evStart: "Qwen Code 0.15.10 fires no SessionStart in -p mode",
			evEnd:   "Qwen Code 0.15.10 fires no SessionEnd in -p mode",
		},
		setupHome: func(t *testing.T, home string) {
			writeFile(t, filepath.Join(home, ".qwen", "settings.json"), `{
  "security": {"auth": {"selectedType": "openai"}},
  "privacy": {"usageStatisticsEnabled": false},
  "general": {"disableAutoUpdate": true},
  "telemetry": {"enabled": false}
}
`, 0o644)
		},
		command: func(c *runCtx) ([]string, []string) {
			return []string{"-p", Prompt, "--yolo"}, []string{
				"OPENAI_API_KEY=dummy", "OPENAI_BASE_URL=" + c.srv.URL + "/v1", "OPENAI_MODEL=fake-model",
				"QWEN_CODE_NO_RELAUNCH=true",
			}
		},
		extraLogs: func(c *runCtx) []string {
			m, _ := filepath.Glob(filepath.Join(c.home, ".qwen", "debug", "*"))
			return m
		},
		complaints: []string{"Invalid hook event name", "Discarding invalid hook", "Invalid configuration in"},
	},
	{
		key: "droid", slug: "factory-droid", name: "Factory Droid", shell: "Execute",
		native: claudeNames, family: claudeShaped,
		notHeadless: map[string]string{evPrompt: "droid 0.225.2 fires no UserPromptSubmit in exec mode"},
		prepare: func(c *runCtx) {
			writeFile(c.t, filepath.Join(c.home, ".factory", "settings.json"), fmt.Sprintf(`{
  "customModels": [{"model": "fake-model", "displayName": "Fake", "baseUrl": %q, "apiKey": "dummy",
    "provider": "generic-chat-completion-api", "maxOutputTokens": 4096}]
}
`, c.srv.URL+"/v1"), 0o644)
		},
		command: func(c *runCtx) ([]string, []string) {
			return []string{"exec", "--auto", "high", "-m", "custom:fake-model", Prompt}, nil
		},
		validate:   validateDroid,
		runTimeout: 120 * time.Second,
		checkProject: func(c *runCtx) []string {
			if r, out, err := droidDoctor(c.proj, baseEnv(c.home), c.bin); err != nil || !r.OK {
				return []string{fmt.Sprintf("droid doctor --config (%v): %s", err, out)}
			}
			return nil
		},
	},
	{
		key: "opencode", slug: "opencode", name: "OpenCode", shell: "bash",
		native: map[string]string{evTool: "tool.execute.before", evPrompt: "chat.message", evStart: "session.created", evStop: "session.idle",
			evAfter: "tool.execute.after"},
		family: opencodeNative,
		prepare: func(c *runCtx) {
			// On first use in a project OpenCode npm-installs its plugin SDK
			// into .opencode (about 10 s); later cases reuse the first one's.
			if _, err := os.Stat(openCodeTemplate(c)); err == nil {
				if out, err := exec.Command("cp", "-a", openCodeTemplate(c)+"/.", filepath.Join(c.proj, ".opencode")).CombinedOutput(); err != nil {
					c.t.Fatalf("copy the warm .opencode: %v\n%s", err, out)
				}
			}
			writeFile(c.t, filepath.Join(c.proj, "opencode.json"), fmt.Sprintf(`{
  "provider": {"fake": {"npm": "@ai-sdk/openai-compatible", "name": "Fake",
    "options": {"baseURL": %q, "apiKey": "dummy"},
    "models": {"fake-model": {"name": "Fake model", "tool_call": true}}}},
  "model": "fake/fake-model", "small_model": "fake/fake-model",
  "autoupdate": false, "share": "disabled",
  "permission": {"bash": "allow", "edit": "allow"}
}
`, c.srv.URL+"/v1"), 0o644)
		},
		command: func(c *runCtx) ([]string, []string) {
			return []string{"run", Prompt}, []string{
				"OPENCODE_DISABLE_MODELS_FETCH=1", "OPENCODE_DISABLE_AUTOUPDATE=1",
				"OPENCODE_DISABLE_SHARE=1", "OPENCODE_DISABLE_LSP_DOWNLOAD=1",
			}
		},
		cleanup: func(c *runCtx) {
			tmpl := openCodeTemplate(c)
			if _, err := os.Stat(tmpl); err == nil {
				return
			}
			if _, err := os.Stat(filepath.Join(c.proj, ".opencode", "node_modules")); err != nil {
				return
			}
			os.MkdirAll(tmpl, 0o755)
			for _, name := range []string{".gitignore", "node_modules", "package.json", "package-lock.json"} {
				src := filepath.Join(c.proj, ".opencode", name)
				if _, err := os.Stat(src); err == nil {
					exec.Command("cp", "-a", src, tmpl).Run()
				}
			}
		},
		runTimeout: 180 * time.Second,
	},
	{
		key: "cline", slug: "cline", name: "Cline", shell: "run_commands",
		native: map[string]string{evTool: "PreToolUse", evPrompt: "UserPromptSubmit", evStart: "TaskStart", evStop: "TaskComplete",
			evAfter: "PostToolUse", evEnd: "SessionShutdown"},
		family: clineNative,
		notHeadless: map[string]string{
			evPrompt: "cline 3.0.65 fires no UserPromptSubmit in one-shot mode",
			evEnd:    "cline 3.0.65 fires no SessionShutdown in one-shot mode",
		},
		prepare: func(c *runCtx) {
			out, err := clineCmd(c, "auth", "-p", "openai-compatible", "-k", "dummy", "-b", c.srv.URL+"/v1", "-m", "fake-model")
			if err != nil {
				c.t.Fatalf("cline auth: %v\n%s", err, out)
			}
		},
		command: func(c *runCtx) ([]string, []string) {
			return []string{"--cwd", c.proj, Prompt}, nil
		},
		cleanup: func(c *runCtx) {
			// Every run leaves a hub daemon behind; stop it (by its own command).
			if out, err := clineCmd(c, "hub", "stop"); err != nil {
				c.t.Logf("cline hub stop: %v\n%s", err, out)
			}
		},
		runTimeout: 120 * time.Second,
	},
}

// openCodeTemplate holds a warm project .opencode (its npm install), not
// the plugin.
func openCodeTemplate(c *runCtx) string { return filepath.Join(c.home, "opencode-project-template") }

func clineCmd(c *runCtx, args ...string) ([]byte, error) {
	cmd := exec.Command(c.bin, args...)
	cmd.Dir = c.proj
	cmd.Env = baseEnv(c.home)
	done := make(chan struct{})
	var out []byte
	var err error
	go func() { out, err = cmd.CombinedOutput(); close(done) }()
	select {
	case <-done:
	case <-time.After(60 * time.Second):
		cmd.Process.Kill()
		<-done
		err = fmt.Errorf("timed out")
	}
	return out, err
}

func codexConfig(url string) string {
	return fmt.Sprintf(`model = "fake-model"
model_provider = "fake"
approval_policy = "never"
sandbox_mode = "danger-full-access"
check_for_update_on_startup = false

[model_providers.fake]
name = "fake"
base_url = %q
env_key = "FAKE_API_KEY"
wire_api = "responses"
request_max_retries = 0
stream_max_retries = 0

[analytics]
enabled = false

[feedback]
enabled = false
`, url+"/v1")
}
