package hookconv

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/hookconv/hookconv/canonical"
	"github.com/hookconv/hookconv/diag"
)

// TestClineCancels: a hand-written Cline hook that does not answer
// "cancel" itself is blocking when a project script it runs does (HC564),
// or may (HC589: a script or program hookconv cannot read); a manifest's
// blocking Cline hook is warned about again; other hooks are left alone.
func TestClineCancels(t *testing.T) {
	const script = ".clinerules/hooks/PreToolUse"
	fsys := fstest.MapFS{
		"scripts/guard.mjs":         {Data: []byte("if (bad) process.stdout.write('{\"cancel\": true}')\n")},
		"scripts/quiet.mjs":         {Data: []byte("/* { cancel: boolean } */\nprocess.stdout.write('{}')\n")},
		"scripts/check.sh":          {Data: []byte("#!/bin/sh\necho '{\"cancel\": true}'\n")},
		"scripts/guard.py":          {Data: []byte("import json, sys\nout = {}\nif 'rm -rf' in sys.stdin.read():\n    out[\"cancel\"] = True\nprint(json.dumps(out))\n")},
		"bin/elf-cancel":            {Data: []byte("\x7fELF\x02\x01\x01\x00\x00\x00{\"cancel\": true}\x00"), Mode: 0o755},
		"bin/elf":                   {Data: []byte("\x7fELF\x02\x01\x01\x00\x00\x00"), Mode: 0o755},
		"bin/macho":                 {Data: []byte("\xcf\xfa\xed\xfe\x07\x00\x00\x01"), Mode: 0o755},
		"bin/nul":                   {Data: []byte("#!/bin/sh\necho '{}'\x00"), Mode: 0o755},
		"scripts/main.py":           {Data: []byte("import json, sys\nfrom policy import decide\nprint(json.dumps(decide(json.load(sys.stdin))))\n")},
		"scripts/main2.py":          {Data: []byte("import json, sys\nimport rules.policy as p\nprint(json.dumps(p.decide(json.load(sys.stdin))))\n")},
		"scripts/rel.py":            {Data: []byte("from .missing import decide\nprint(decide())\n")},
		"scripts/lib.py":            {Data: []byte("import json, requests\nprint(json.dumps({}))\n")},
		"scripts/policy.py":         {Data: []byte("def decide(p):\n    return {\"cancel\": 'rm -rf' in str(p)}\n")},
		"scripts/rules/__init__.py": {Data: []byte("")},
		"scripts/rules/policy.py":   {Data: []byte("from . import deep\ndecide = deep.decide\n")},
		"scripts/rules/deep.py":     {Data: []byte("def decide(p):\n    return dict(cancel=True)\n")},
		"scripts/main.js":           {Data: []byte("const { decide } = require('./policy')\nprocess.stdout.write(JSON.stringify(decide()))\n")},
		"scripts/main.mjs":          {Data: []byte("import { decide } from './lib/policy.mjs'\nprocess.stdout.write(JSON.stringify(decide()))\n")},
		"scripts/gone.js":           {Data: []byte("const { decide } = require('./gone-policy')\nprocess.stdout.write(JSON.stringify(decide()))\n")},
		"scripts/pkg.js":            {Data: []byte("const minimist = require('minimist')\nprocess.stdout.write('{}')\n")},
		"scripts/policy.js":         {Data: []byte("exports.decide = () => ({ cancel: true })\n")},
		"scripts/lib/policy.mjs":    {Data: []byte("export function decide() { return { cancel: bad() } }\n")},
		"scripts/never.py":          {Data: []byte("import json\nprint(json.dumps({'cancel': False, 'contextModification': 'pnpm'}))\n")},
		"scripts/guard.js":          {Data: []byte("const out = {}\nif (bad) { out['cancel'] = true }\nprocess.stdout.write(JSON.stringify(out))\n")},
	}
	// Past followScripts' bound: a chain of scripts, each running the
	// next, and a script running many side by side.
	var wide strings.Builder
	wide.WriteString("#!/bin/sh\n")
	for i := range maxInputScripts + 4 {
		fsys[fmt.Sprintf("scripts/c%d.sh", i)] = &fstest.MapFile{Data: fmt.Appendf(nil, "#!/bin/sh\nsh scripts/c%d.sh\n", i+1)}
		fsys[fmt.Sprintf("scripts/w%d.sh", i)] = &fstest.MapFile{Data: []byte("#!/bin/sh\necho hi >&2\n")}
		fmt.Fprintf(&wide, "sh scripts/w%d.sh\n", i)
		fsys[fmt.Sprintf("scripts/m%d.py", i)] = &fstest.MapFile{Data: fmt.Appendf(nil, "import m%d\n", i+1)}
	}
	mark := map[string]json.RawMessage{"cline": json.RawMessage(`{"$from":true}`)}
	tests := []struct {
		name, from, event, body string
		blocking, noScripts     bool
		data                    map[string]json.RawMessage
		want                    string // the code said, "" for none
		says                    string // in its message, when not ""
		blocks                  bool   // the hook after
	}{
		{name: "a node helper answers", from: "cline", body: "#!/bin/sh\nnode scripts/guard.mjs\n", want: "HC564", blocks: true},
		{name: "a shell helper answers", from: "cline", body: "#!/bin/sh\nscripts/check.sh\n", want: "HC564", blocks: true},
		{name: "a Python helper assigns the answer's key", from: "cline", body: "#!/bin/sh\npython3 scripts/guard.py\n", want: "HC564", blocks: true},
		{name: "a node helper assigns the answer's key", from: "cline", body: "#!/bin/sh\nnode scripts/guard.js\n", want: "HC564", blocks: true},
		{name: "a helper that answers False only", from: "cline", body: "#!/bin/sh\npython3 scripts/never.py\n"},
		{name: "a compiled helper whose strings answer", from: "cline", body: "#!/bin/sh\n./bin/elf-cancel\n", want: "HC589", blocks: true},
		{name: "a compiled helper", from: "cline", body: "#!/bin/sh\n./bin/elf\n", want: "HC589", blocks: true},
		{name: "a Mach-O helper", from: "cline", body: "#!/bin/sh\nbin/macho\n", want: "HC589", blocks: true},
		{name: "a helper holding a NUL byte", from: "cline", body: "#!/bin/sh\nbin/nul\n", want: "HC589", blocks: true},
		{name: "a compiled helper beside one that answers", from: "cline", body: "#!/bin/sh\nbin/elf\nnode scripts/guard.mjs\n", want: "HC564", blocks: true},
		{name: "a Python helper's module answers", from: "cline", body: "#!/bin/sh\npython3 scripts/main.py\n", want: "HC564", says: "scripts/policy.py, whose line 2", blocks: true},
		{name: "a Python package's module answers", from: "cline", body: "#!/bin/sh\npython3 scripts/main2.py\n", want: "HC564", says: "scripts/rules/deep.py", blocks: true},
		{name: "a Python relative module missing", from: "cline", body: "#!/bin/sh\npython3 scripts/rel.py\n", want: "HC589", says: "could not read", blocks: true},
		{name: "a Python library is none of the project's", from: "cline", body: "#!/bin/sh\npython3 scripts/lib.py\n"},
		{name: "a node helper's required module answers", from: "cline", body: "#!/bin/sh\nnode scripts/main.js\n", want: "HC564", says: "scripts/policy.js", blocks: true},
		{name: "a node helper's imported module answers", from: "cline", body: "#!/bin/sh\nnode scripts/main.mjs\n", want: "HC564", says: "scripts/lib/policy.mjs", blocks: true},
		{name: "a node helper's relative module missing", from: "cline", body: "#!/bin/sh\nnode scripts/gone.js\n", want: "HC589", says: "could not read", blocks: true},
		{name: "a node package is none of the project's", from: "cline", body: "#!/bin/sh\nnode scripts/pkg.js\n"},
		{name: "a chain of modules too long to follow", from: "cline", body: "#!/bin/sh\npython3 scripts/m0.py\n", want: "HC589", says: "than hookconv follows from one hook (16)", blocks: true},
		{name: "a helper that documents cancel only", from: "cline", body: "#!/bin/sh\nnode scripts/quiet.mjs\n"},
		{name: "a missing helper", from: "cline", body: "#!/bin/sh\nscripts/missing.sh\n", want: "HC589", says: "run scripts hookconv could not read, which may answer so", blocks: true},
		{name: "a script that runs itself again", from: "cline", body: "#!/bin/sh\nif [ -z \"$INNER\" ]; then INNER=1 exec sh \"$0\"; fi\necho '{}'\n", want: "HC589", says: `run themselves again ("$0")`, blocks: true},
		{name: "a script that runs itself and a program", from: "cline", body: "#!/bin/sh\n[ -n \"$X\" ] || X=1 \"$0\" | some-guard\n", want: "HC589", says: "a program hookconv cannot see into", blocks: true},
		{name: "a chain of helpers too long to follow", from: "cline", body: "#!/bin/sh\nsh scripts/c0.sh\n", want: "HC589", says: "run more scripts, one after another or one inside the next, than hookconv follows from one hook (16)", blocks: true},
		{name: "too many helpers to follow", from: "cline", body: wide.String(), want: "HC589", says: "than hookconv follows from one hook (16)", blocks: true},
		{name: "a program not seen into", from: "cline", body: "#!/bin/sh\nnpx some-guard\n", want: "HC589", says: "run a program hookconv cannot see into, which may answer so", blocks: true},
		{name: "a here-document is no program", from: "cline", body: "#!/bin/sh\ncat <<EOF\n{\n  \"contextModification\": \"x\"\n}\nEOF\n"},
		{name: "an event Cline cannot cancel on", from: "cline", event: "after_tool_execute", body: "#!/bin/sh\nnode scripts/guard.mjs\n"},
		{name: "the decoder saw the answer", from: "cline", body: "#!/bin/sh\nnode scripts/guard.mjs\n", blocking: true, blocks: true},
		{name: "a manifest's blocking Cline hook", from: "canonical", body: "#!/bin/sh\necho '{\"cancel\": true}'\n", blocking: true, want: "HC564", blocks: true},
		{name: "a manifest's blocking Cline hook, its script missing", from: "canonical", body: "", blocking: true, want: "HC589", blocks: true},
		{name: "a manifest's Cline hook whose helper answers", from: "canonical", body: "#!/bin/sh\nnode scripts/guard.mjs\n", want: "HC564", blocks: true},
		{name: "a manifest's blocking Cline hook, no project to read", from: "canonical", body: "#!/bin/sh\nnode scripts/guard.mjs\n", blocking: true, noScripts: true, want: "HC564", blocks: true},
		{name: "a Cline hook, no project to read", from: "cline", body: "#!/bin/sh\nnode scripts/guard.mjs\n", noScripts: true},
		{name: "a manifest's hook of no tool", from: "canonical", body: "#!/bin/sh\nnode scripts/guard.mjs\n", data: map[string]json.RawMessage{}},
		{name: "a hook of another source", from: "claude-code", body: "#!/bin/sh\nnode scripts/guard.mjs\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			files := fstest.MapFS{}
			if tt.body != "" {
				files[script] = &fstest.MapFile{Data: []byte(tt.body)}
			}
			for k, v := range fsys {
				files[k] = v
			}
			event := tt.event
			if event == "" {
				event = "before_tool_execute"
			}
			data := tt.data
			if data == nil {
				data = mark
			}
			m := &canonical.Manifest{Spec: canonical.SpecVersion, Hooks: []canonical.Hook{{
				Event:        event,
				Handler:      canonical.Handler{Type: canonical.HandlerCommand, Command: script},
				Blocking:     tt.blocking,
				ProviderData: data,
			}}}
			scripts := &Scripts{FS: files}
			if tt.noScripts {
				scripts = nil
			}
			got, ds := clineCancels(m, tt.from, scripts)
			var codes []string
			for _, d := range ds {
				if d.Severity == diag.Warning {
					codes = append(codes, d.Code)
				}
			}
			switch {
			case tt.want == "" && len(codes) > 0, tt.want != "" && (len(codes) != 1 || codes[0] != tt.want || ds[0].Path != "hooks[0]"):
				t.Errorf("said %v, want %q at hooks[0]: %v", codes, tt.want, ds)
			}
			if tt.says != "" && (len(ds) == 0 || !strings.Contains(ds[0].Message, tt.says)) {
				t.Errorf("said %v, want it to say %q", ds, tt.says)
			}
			if got.Hooks[0].Blocking != tt.blocks {
				t.Errorf("blocking %v, want %v", got.Hooks[0].Blocking, tt.blocks)
			}
			if m.Hooks[0].Blocking != tt.blocking {
				t.Error("the source's manifest was changed")
			}
		})
	}
}

// TestReadsCancel: under the shim a Cline guard's {"cancel": true} blocks
// in the target only where hookconv run --from cline runs its every
// command and the target blocks on the event (HC564 is dropped there).
func TestReadsCancel(t *testing.T) {
	wrapped := func(from, event string) string {
		return "hookconv run --provider claude-code --from " + from + " --event " + event + " --blocking -- bash -c '.clinerules/hooks/PreToolUse'"
	}
	tests := []struct {
		name, to, event, command string
		platform                 map[string]string
		want                     bool
	}{
		{"wrapped from cline", "claude-code", "before_tool_execute", wrapped("cline", "before_tool_execute"), nil, true},
		{"wrapped from another tool", "claude-code", "before_tool_execute", wrapped("claude-code", "before_tool_execute"), nil, false},
		{"not wrapped", "claude-code", "before_tool_execute", ".clinerules/hooks/PreToolUse", nil, false},
		{"Windows command unwrapped", "claude-code", "before_tool_execute", wrapped("cline", "before_tool_execute"),
			map[string]string{"windows": "powershell -File guard.ps1"}, false},
		{"Windows command wrapped too", "claude-code", "before_tool_execute", wrapped("cline", "before_tool_execute"),
			map[string]string{"windows": wrapped("cline", "before_tool_execute")}, true},
		{"target only observes", "copilot-cli", "before_prompt", wrapped("cline", "before_prompt"), nil, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := &canonical.Hook{Event: tt.event, Blocking: true,
				Handler: canonical.Handler{Type: canonical.HandlerCommand, Command: tt.command, Platform: tt.platform}}
			if got := readsCancel(h, tt.to); got != tt.want {
				t.Errorf("readsCancel = %v, want %v", got, tt.want)
			}
		})
	}
}
