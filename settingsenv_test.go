package hookconv

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/hookconv/hookconv/diag"
	"github.com/hookconv/hookconv/providers"
)

// TestSettingsEnvLost converts Claude Code settings whose "env" sets
// variables for every hook to other tools: the loss is a warning at the
// "env" key when a hook names a variable, in its command or in a script
// hookconv reads, or runs what hookconv cannot read; an info when every
// hook was read and none names one; nothing where the target is Claude
// Code itself or a manifest, which keeps the names. The hooks a warning
// is about are those migrate keeps: every hook that names one, and the
// guards hookconv could not read.
func TestSettingsEnvLost(t *testing.T) {
	project := fstest.MapFS{
		"hooks/strict.sh": {Data: []byte("#!/bin/sh\n[ \"$STRICT\" = 1 ] || exit 0\necho blocked >&2\nexit 2\n")},
		"hooks/plain.sh":  {Data: []byte("#!/bin/sh\necho blocked >&2\nexit 2\n")},
		// QA: the variable is read in a local module the guard imports.
		"hooks/imp.py":    {Data: []byte("import sys\nimport policy\nif policy.deny(sys.stdin.read()):\n    print('blocked', file=sys.stderr)\n    sys.exit(2)\n")},
		"hooks/policy.py": {Data: []byte("import os\ndef deny(s):\n    return os.environ.get('STRICT') == '1' and 'rm -rf' in s\n")},
		"hooks/imp.js":    {Data: []byte("const p = require('./policy.js');\nlet s = require('fs').readFileSync(0, 'utf8');\nif (p.deny(s)) { console.error('blocked'); process.exit(2); }\n")},
		"hooks/std.py":    {Data: []byte("import sys, json\nif 'rm -rf' in json.load(sys.stdin).get('tool_input', {}).get('command', ''):\n    print('blocked', file=sys.stderr)\n    sys.exit(2)\n")},
	}
	settings := func(env, hooks string) string {
		return `{
  "env": ` + env + `,
  "hooks": {
    "PreToolUse": [{"matcher": "Bash", "hooks": [` + hooks + `]}]
  }
}`
	}
	command := func(c string) string { return fmt.Sprintf(`{"type": "command", "command": %q}`, c) }
	strictEnv := `{"STRICT": "1", "OTEL_SERVICE_NAME": "x"}`
	tests := []struct {
		name, src, to string
		severity      string // "warning" or "info"; "": no HC440
		about         []int  // the source hooks the warning is about
		says          string // in the message
	}{
		{name: "named inline", src: settings(strictEnv, command(`[ "$STRICT" = 1 ] && { echo no >&2; exit 2; }; exit 0`)), to: "gemini-cli",
			severity: "warning", about: []int{0}, says: "named in the command or scripts of hook 1"},
		{name: "braced with a default", src: settings(strictEnv, command(`test "${STRICT:-0}" = 1 || exit 0; echo no >&2; exit 2`)), to: "cursor",
			severity: "warning", about: []int{0}},
		{name: "named in the script run", src: settings(strictEnv, command("./hooks/strict.sh")), to: "codex",
			severity: "warning", about: []int{0}},
		{name: "script read, names none", src: settings(strictEnv, command("./hooks/plain.sh")), to: "codex",
			severity: "info", says: "no converted hook names them"},
		{name: "a longer name is not the variable", src: settings(strictEnv, command(`echo "$STRICTER" >&2; exit 2`)), to: "codex",
			severity: "info"},
		{name: "a guard hookconv cannot read", src: settings(strictEnv, command("npx some-guard --check")), to: "gemini-cli",
			severity: "warning", about: []int{0}, says: "1 hook(s) (hook 1) run what hookconv cannot read"},
		{name: "a missing script", src: settings(strictEnv, command("./hooks/gone.sh")), to: "gemini-cli",
			severity: "warning", about: []int{0}},
		{name: "an http hook's header", src: settings(`{"TOKEN": "t"}`, `{"type": "http", "url": "https://example.com/h", "headers": {"Authorization": "Bearer $TOKEN"}, "allowedEnvVars": ["TOKEN"]}`), to: "copilot-cli",
			severity: "warning", about: []int{0}},
		{name: "a Python guard importing a local module", src: settings(strictEnv, command("python3 hooks/imp.py")), to: "codex",
			severity: "warning", about: []int{0}, says: "1 hook(s) (hook 1) run what hookconv cannot read"},
		{name: "a Node guard requiring a local module", src: settings(strictEnv, command("node hooks/imp.js")), to: "codex",
			severity: "warning", about: []int{0}},
		{name: "a Python guard of standard modules, naming none", src: settings(strictEnv, command("python3 hooks/std.py")), to: "codex",
			severity: "info"},
		{name: "a variable every program reads", src: settings(`{"PYTHONPATH": "hooks/lib"}`, command("python3 hooks/std.py")), to: "codex",
			severity: "warning", about: []int{0}, says: "named in the command or scripts of hook 1"},
		{name: "only variables the tool drops", src: settings(`{"OTEL_SERVICE_NAME": "x"}`, command(`echo "$OTEL_SERVICE_NAME"`)), to: "gemini-cli"},
		{name: "the same tool", src: settings(strictEnv, command(`[ "$STRICT" = 1 ] && exit 2`)), to: "claude-code"},
		{name: "a manifest keeps the names", src: settings(strictEnv, command(`[ "$STRICT" = 1 ] && exit 2`)), to: "canonical"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := DecodeSource("claude-code", providers.Files{".claude/settings.json": []byte(tt.src)})
			s.Scripts = &Scripts{FS: project}
			res := s.Convert(tt.to, nil, Options{})
			got := withCode(res.Diagnostics, CodeSettingsEnv)
			if tt.severity == "" {
				if len(got) != 0 {
					t.Fatalf("want no %s, got %v", CodeSettingsEnv, got)
				}
				return
			}
			if len(got) != 1 {
				t.Fatalf("want one %s, got %v", CodeSettingsEnv, res.Diagnostics)
			}
			d := got[0]
			if d.Severity.String() != tt.severity || d.File != ".claude/settings.json" || d.Pos.Line != 2 || d.Pos.Column != 3 {
				t.Errorf("got %s %s:%d:%d, want %s at .claude/settings.json:2:3 (the env key)", d.Severity, d.File, d.Pos.Line, d.Pos.Column, tt.severity)
			}
			if strings.Contains(d.Message, "OTEL_") {
				t.Errorf("names a variable Claude Code takes out of a hook's environment: %s", d.Message)
			}
			if !strings.Contains(d.Message, tt.says) {
				t.Errorf("message %q does not say %q", d.Message, tt.says)
			}
			if about := res.hooksOf(d); !slices.Equal(about, tt.about) {
				t.Errorf("about hooks %v, want %v", about, tt.about)
			}
		})
	}
}

// TestSettingsEnvThroughManifest checks that the variables' names survive
// a manifest: converting it on warns as converting the settings straight
// would, at the mark the manifest holds.
func TestSettingsEnvThroughManifest(t *testing.T) {
	src := `{"env": {"STRICT": "1"}, "local": 1, "hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "[ \"$STRICT\" = 1 ] && { echo no >&2; exit 2; }; exit 0"}]}]}}`
	manifest := Convert("claude-code", "canonical", providers.Files{".claude/settings.json": []byte(src)}, nil)
	if manifest.Files == nil || len(withCode(manifest.Diagnostics, CodeSettingsEnv)) != 0 {
		t.Fatalf("to a manifest: want files and no %s, got %v", CodeSettingsEnv, manifest.Diagnostics)
	}
	text := string(manifest.Files["hooks.json"])
	if !strings.Contains(text, `"$env": [`) || strings.Contains(text, `"1"`) {
		t.Fatalf("the manifest should keep the names, never the values:\n%s", text)
	}
	res := Convert("canonical", "gemini-cli", providers.Files{"hooks.json": []byte(text)}, nil)
	got := withCode(res.Diagnostics, CodeSettingsEnv)
	if len(got) != 1 || got[0].Severity != diag.Warning || got[0].File != "hooks.json" || !strings.Contains(text, `"$env"`) {
		t.Fatalf("want one %s warning in hooks.json, got %v", CodeSettingsEnv, res.Diagnostics)
	}
	line := strings.Split(text, "\n")[got[0].Pos.Line-1]
	if !strings.Contains(line, `"$env"`) {
		t.Errorf("points at line %d, %q, not at the mark", got[0].Pos.Line, line)
	}
	back := Convert("canonical", "claude-code", providers.Files{"hooks.json": []byte(text)}, nil)
	if len(withCode(back.Diagnostics, CodeSettingsEnv)) != 0 {
		t.Errorf("back to Claude Code: want no %s, got %v", CodeSettingsEnv, back.Diagnostics)
	}
}

// TestSettingsEnvNotSettings: a plugin's hooks/hooks.json has no settings,
// so an "env" key there (which Claude Code does not read) says nothing;
// in a manifest, a "$env" mark is read leniently, and only for a tool
// with such settings.
func TestSettingsEnvNotSettings(t *testing.T) {
	plugin := `{"env": {"STRICT": "1"}, "hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "[ \"$STRICT\" = 1 ] && exit 2"}]}]}}`
	res := Convert("claude-code", "codex", providers.Files{"my-plugin/hooks/hooks.json": []byte(plugin)}, nil)
	if got := withCode(res.Diagnostics, CodeSettingsEnv); len(got) != 0 {
		t.Errorf("plugin hooks file: want no %s, got %v", CodeSettingsEnv, got)
	}
	manifest := func(slug, mark string) string {
		return `{"spec": "hooks/1.0", "hooks": [{"event": "before_tool_execute", "matcher": "shell", "blocking": true,
  "handler": {"type": "command", "command": "[ \"$STRICT\" = 1 ] && { echo no >&2; exit 2; }; exit 0"},
  "provider_data": {"` + slug + `": {"$env": ` + mark + `}}}]}`
	}
	for _, tt := range []struct{ slug, mark, want string }{
		{"claude-code", `["STRICT", 3]`, "STRICT"},
		{"claude-code", `{"STRICT": "1"}`, "STRICT"},
		{"claude-code", `"STRICT"`, "STRICT"},
		{"claude-code", `5`, ""},
		{"gemini-cli", `["STRICT"]`, ""},
	} {
		res := Convert("canonical", "codex", providers.Files{"hooks.json": []byte(manifest(tt.slug, tt.mark))}, nil)
		got := withCode(res.Diagnostics, CodeSettingsEnv)
		switch {
		case tt.want == "" && len(got) != 0:
			t.Errorf("%s %s: want no %s, got %v", tt.slug, tt.mark, CodeSettingsEnv, got)
		case tt.want != "" && (len(got) != 1 || got[0].Severity != diag.Warning || !strings.Contains(got[0].Message, " set "+tt.want+" for every hook")):
			t.Errorf("%s %s: want a %s warning naming %s, got %v", tt.slug, tt.mark, CodeSettingsEnv, tt.want, res.Diagnostics)
		}
	}
}

// TestMayLoadCode: a script that may load code hookconv did not read
// (a local module) counts as unread for the variables it may read.
func TestMayLoadCode(t *testing.T) {
	for text, want := range map[string]bool{
		"import sys, json\nprint(1)\n":                              false,
		"import policy\n":                                           true,
		"from . import policy\n":                                    true,
		"from os import environ\n":                                  false,
		"const fs = require('fs');\n":                               false,
		"const p = require('./policy');\n":                          true,
		"import fs from 'node:fs';\n":                               false,
		"import { deny } from './policy.mjs';\n":                    true,
		"require_relative 'policy'\n":                               true,
		"use strict;\nuse Policy;\n":                                true,
		"#!/bin/sh\ngrep -q 'rm -rf' && { echo no >&2; exit 2; }\n": false,
	} {
		if got := mayLoadCode(text); got != want {
			t.Errorf("mayLoadCode(%q) = %v, want %v", text, got, want)
		}
	}
}

// TestDecodeSourceBeside: a file beside the one converted (Claude Code's
// settings.local.json) gives its settings to the named file's hooks, not
// its own hooks, and no diagnostics of its own.
func TestDecodeSourceBeside(t *testing.T) {
	in := providers.Files{".claude/settings.json": []byte(`{"hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "[ \"$STRICT\" = 1 ] && exit 2"}]}]}}`)}
	beside := providers.Files{".claude/settings.local.json": []byte(`{"env": {"STRICT": "1"}, "unknownKey": 1, "hooks": {"Stop": [{"hooks": [{"type": "command", "command": "echo local", "bogus": true}]}]}}`)}
	s := DecodeSourceBeside("claude-code", in, beside)
	if len(s.Diagnostics) != 0 {
		t.Errorf("diagnostics about the file beside: %v", s.Diagnostics)
	}
	if len(s.Manifest.Hooks) != 1 || s.Manifest.Hooks[0].Event != "before_tool_execute" {
		t.Fatalf("hooks %+v: want the named file's one hook", s.Manifest.Hooks)
	}
	if got := envMarkNames(providers.OwnData(&s.Manifest.Hooks[0], "claude-code").Get("$env")); !slices.Equal(got, []string{"STRICT"}) {
		t.Errorf("$env mark %q, want [STRICT]", got)
	}
	if s.env.file != ".claude/settings.local.json" || s.env.pos.Line != 1 {
		t.Errorf("env found at %+v, want .claude/settings.local.json line 1", s.env)
	}
}
