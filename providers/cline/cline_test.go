package cline

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/hookconv/hookconv/canonical"
	"github.com/hookconv/hookconv/diag"
	"github.com/hookconv/hookconv/providers"
)

var modelOpts = cmp.Options{
	cmpopts.IgnoreUnexported(canonical.Manifest{}, canonical.Hook{}, canonical.Handler{}),
	cmpopts.IgnoreFields(canonical.Hook{}, "Origin", "OriginFile", "CommandOrigin", "Ordinal"),
	cmpopts.EquateEmpty(),
}

func adapter(t testing.TB) *Adapter {
	t.Helper()
	a, ok := providers.Get(Slug)
	if !ok {
		t.Fatal("cline is not registered")
	}
	return a.(*Adapter)
}

func mustParse(t testing.TB, src string) *canonical.Manifest {
	t.Helper()
	m, ds := canonical.Parse("m.json", []byte(src))
	if ds.HasErrors() {
		t.Fatalf("bad test manifest: %v", ds)
	}
	return m
}

// codes lists "severity CODE" of each diagnostic, in order.
func codes(ds diag.List) []string {
	var out []string
	for _, d := range ds {
		out = append(out, d.Severity.String()+" "+d.Code)
	}
	return out
}

func hasCode(ds diag.List, sev diag.Severity, code string) bool {
	return slices.ContainsFunc(ds, func(d diag.Diagnostic) bool { return d.Code == code && d.Severity == sev })
}

func corpusFile(t *testing.T, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", "corpus", name))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestDecodeHandWritten(t *testing.T) {
	official := corpusFile(t, "01-cline-official-pretooluse.sh")
	shield := corpusFile(t, "02-clineshield-pretooluse-cancel.sh")
	localfi := corpusFile(t, "04-localfi-pretooluse.ps1")
	tests := []struct {
		name  string
		files providers.Files
		want  string // the decoded manifest, compact hooks, "" for none
		codes []string
		hint  string // a hint that must appear
	}{{
		name:  "official corpus script",
		files: providers.Files{".clinerules/hooks/PreToolUse": official},
		want:  `{"event":"before_tool_execute","handler":{"type":"command","command":".clinerules/hooks/PreToolUse"},"provider_data":{"cline":{"$from":true}}}`,
		codes: []string{"info HC564"}, // contextModification only: no block is lost
	}, {
		name:  "clineshield corpus script in the SDK folder with .sh",
		files: providers.Files{".cline/hooks/PreToolUse.sh": shield},
		want:  `{"event":"before_tool_execute","handler":{"type":"command","command":".cline/hooks/PreToolUse.sh"},"blocking":true,"provider_data":{"cline":{"$from":true}}}`,
		codes: []string{"info HC562", "warning HC564"},
	}, {
		// QA: a .ps1 without its Unix twin runs on Windows only (the
		// VS Code extension runs only the extensionless file on Unix):
		// not converted, as the other tools' Windows-only entries are.
		name:  "Windows PowerShell corpus script alone",
		files: providers.Files{".clinerules/hooks/PreToolUse.ps1": localfi},
		codes: []string{"warning HC346"},
		hint:  "add PreToolUse (an executable shell script) beside it",
	}, {
		name: "Windows PowerShell script beside another event's",
		files: providers.Files{
			".clinerules/hooks/PreToolUse.ps1": localfi,
			".clinerules/hooks/TaskStart":      []byte("#!/bin/sh\n"),
		},
		want:  `{"event":"session_start","handler":{"type":"command","command":".clinerules/hooks/TaskStart"},"provider_data":{"cline":{"$from":true}}}`,
		codes: []string{"warning HC346"},
	}, {
		// A script that builds its answer from a variable cancels as
		// surely as one that prints it literally.
		name:  "cancel built in an echo",
		files: providers.Files{".clinerules/hooks/PreToolUse": []byte("#!/bin/bash\nBLOCK=false\ngrep -q 'rm -rf' && BLOCK=true\necho \"{\\\"cancel\\\": $BLOCK}\"\n")},
		want:  `{"event":"before_tool_execute","handler":{"type":"command","command":".clinerules/hooks/PreToolUse"},"blocking":true,"provider_data":{"cline":{"$from":true}}}`,
		codes: []string{"warning HC564"},
	}, {
		name:  "cancel built with jq",
		files: providers.Files{".clinerules/hooks/PreToolUse": []byte("#!/bin/sh\njq -n --argjson b \"$B\" '{cancel: $b, errorMessage: \"no\"}'\n")},
		want:  `{"event":"before_tool_execute","handler":{"type":"command","command":".clinerules/hooks/PreToolUse"},"blocking":true,"provider_data":{"cline":{"$from":true}}}`,
		codes: []string{"warning HC564"},
	}, {
		name:  "cancel built in JavaScript",
		files: providers.Files{".clinerules/hooks/UserPromptSubmit.js": []byte("console.log(JSON.stringify({ cancel: block }))\n")},
		want:  `{"event":"before_prompt","handler":{"type":"command","command":".clinerules/hooks/UserPromptSubmit.js"},"blocking":true,"provider_data":{"cline":{"$from":true}}}`,
		codes: []string{"info HC562", "warning HC564"},
	}, {
		name:  "cancel as a JavaScript shorthand",
		files: providers.Files{".clinerules/hooks/PreToolUse.js": []byte("const cancel = bad(input)\nconsole.log(JSON.stringify({ cancel, errorMessage }))\n")},
		want:  `{"event":"before_tool_execute","handler":{"type":"command","command":".clinerules/hooks/PreToolUse.js"},"blocking":true,"provider_data":{"cline":{"$from":true}}}`,
		codes: []string{"info HC562", "warning HC564"},
	}, {
		name:  "cancel as a property",
		files: providers.Files{".clinerules/hooks/PreToolUse.js": []byte("const out = {}\nif (bad) out.cancel = true\nconsole.log(JSON.stringify(out))\n")},
		want:  `{"event":"before_tool_execute","handler":{"type":"command","command":".clinerules/hooks/PreToolUse.js"},"blocking":true,"provider_data":{"cline":{"$from":true}}}`,
		codes: []string{"info HC562", "warning HC564"},
	}, {
		// QA: a subscript assigned is an answer too, in either language.
		name:  "cancel as a Python subscript",
		files: providers.Files{".clinerules/hooks/PreToolUse.py": []byte("import json\nout = {}\nif bad:\n    out[\"cancel\"] = True\nprint(json.dumps(out))\n")},
		want:  `{"event":"before_tool_execute","handler":{"type":"command","command":".clinerules/hooks/PreToolUse.py"},"blocking":true,"provider_data":{"cline":{"$from":true}}}`,
		codes: []string{"info HC562", "warning HC564"},
	}, {
		name:  "cancel as a JavaScript subscript",
		files: providers.Files{".clinerules/hooks/PreToolUse.js": []byte("const out = {}\nif (bad) { out['cancel'] = true }\nconsole.log(JSON.stringify(out))\n")},
		want:  `{"event":"before_tool_execute","handler":{"type":"command","command":".clinerules/hooks/PreToolUse.js"},"blocking":true,"provider_data":{"cline":{"$from":true}}}`,
		codes: []string{"info HC562", "warning HC564"},
	}, {
		// Comparing is no answer.
		name:  "cancel as a subscript compared",
		files: providers.Files{".clinerules/hooks/PreToolUse.py": []byte("import json, sys\np = json.load(sys.stdin)\nif p.get('x', {})['cancel'] == True:\n    sys.exit(0)\n")},
		want:  `{"event":"before_tool_execute","handler":{"type":"command","command":".clinerules/hooks/PreToolUse.py"},"provider_data":{"cline":{"$from":true}}}`,
		codes: []string{"info HC562"},
	}, {
		name:  "cancel as a Python keyword",
		files: providers.Files{".clinerules/hooks/PreToolUse.py": []byte("import json\nprint(json.dumps(dict(cancel=bad, errorMessage='no')))\n")},
		want:  `{"event":"before_tool_execute","handler":{"type":"command","command":".clinerules/hooks/PreToolUse.py"},"blocking":true,"provider_data":{"cline":{"$from":true}}}`,
		codes: []string{"info HC562", "warning HC564"},
	}, {
		// Documenting the output is not answering with it, and a script
		// that only ever prints "cancel": false never cancels.
		name:  "cancel only in a comment, or only false",
		files: providers.Files{".clinerules/hooks/PreToolUse": []byte("#!/bin/sh\n# Output: { cancel: boolean, contextModification?: string }\necho '{\"cancel\": false, \"contextModification\": \"ok\"}'\n")},
		want:  `{"event":"before_tool_execute","handler":{"type":"command","command":".clinerules/hooks/PreToolUse"},"provider_data":{"cline":{"$from":true}}}`,
		codes: []string{"info HC564"},
	}, {
		// QA: false in any spelling never cancels, Python's False as
		// JSON's false; a script answering it only is no guard.
		name:  "cancel only False in Python",
		files: providers.Files{".clinerules/hooks/PreToolUse.py": []byte("import json\nout = {\"cancel\": False}\nout['cancel'] = False\nprint(json.dumps(dict(cancel=False, contextModification='ok')))\nprint(json.dumps({'cancel': False}))\n")},
		want:  `{"event":"before_tool_execute","handler":{"type":"command","command":".clinerules/hooks/PreToolUse.py"},"provider_data":{"cline":{"$from":true}}}`,
		codes: []string{"info HC562"},
	}, {
		name:  "cancel only false in JavaScript",
		files: providers.Files{".clinerules/hooks/PreToolUse.js": []byte("const out = { cancel: false }\nout.cancel = false\nconsole.log(JSON.stringify(out))\n")},
		want:  `{"event":"before_tool_execute","handler":{"type":"command","command":".clinerules/hooks/PreToolUse.js"},"provider_data":{"cline":{"$from":true}}}`,
		codes: []string{"info HC562"},
	}, {
		name:  "cancel only false with jq",
		files: providers.Files{".clinerules/hooks/PreToolUse": []byte("#!/bin/sh\njq -n '{cancel: false, contextModification: \"ok\"}'\n")},
		want:  `{"event":"before_tool_execute","handler":{"type":"command","command":".clinerules/hooks/PreToolUse"},"provider_data":{"cline":{"$from":true}}}`,
	}, {
		// A false default set true where it matters is a guard.
		name:  "cancel False, then True",
		files: providers.Files{".clinerules/hooks/PreToolUse.py": []byte("import json\nout = {\"cancel\": False}\nif bad:\n    out[\"cancel\"] = True\nprint(json.dumps(out))\n")},
		want:  `{"event":"before_tool_execute","handler":{"type":"command","command":".clinerules/hooks/PreToolUse.py"},"blocking":true,"provider_data":{"cline":{"$from":true}}}`,
		codes: []string{"info HC562", "warning HC564"},
	}, {
		name:  "cancel false, then a variable, in JavaScript",
		files: providers.Files{".clinerules/hooks/PreToolUse.js": []byte("const out = { cancel: false }\nif (bad) out.cancel = block\nconsole.log(JSON.stringify(out))\n")},
		want:  `{"event":"before_tool_execute","handler":{"type":"command","command":".clinerules/hooks/PreToolUse.js"},"blocking":true,"provider_data":{"cline":{"$from":true}}}`,
		codes: []string{"info HC562", "warning HC564"},
	}, {
		// A shell case's default branch starts with *: no comment.
		name:  "cancel in a case's *) branch",
		files: providers.Files{".clinerules/hooks/PreToolUse": []byte("#!/bin/sh\ncase \"$tool\" in\n  read_file) echo '{}' ;;\n  *) echo '{\"cancel\": true, \"errorMessage\": \"only reads\"}' ;;\nesac\n")},
		want:  `{"event":"before_tool_execute","handler":{"type":"command","command":".clinerules/hooks/PreToolUse"},"blocking":true,"provider_data":{"cline":{"$from":true}}}`,
		codes: []string{"warning HC564"},
	}, {
		name:  "cancel only in a block comment",
		files: providers.Files{".clinerules/hooks/PreToolUse.js": []byte("/* Cline hook output:\n * { cancel: boolean, contextModification: string } */\nconsole.log(JSON.stringify({ contextModification: 'ok' }))\n")},
		want:  `{"event":"before_tool_execute","handler":{"type":"command","command":".clinerules/hooks/PreToolUse.js"},"provider_data":{"cline":{"$from":true}}}`,
		codes: []string{"info HC562"},
	}, {
		// Case patterns such as */secrets/* are no block comments.
		name:  "cancel between shell globs",
		files: providers.Files{".clinerules/hooks/PreToolUse": []byte("#!/bin/sh\ncase \"$p\" in\n  */secrets/*) echo '{\"cancel\": true, \"errorMessage\": \"no\"}' ;;\n  */build/*) echo '{}' ;;\nesac\n")},
		want:  `{"event":"before_tool_execute","handler":{"type":"command","command":".clinerules/hooks/PreToolUse"},"blocking":true,"provider_data":{"cline":{"$from":true}}}`,
		codes: []string{"warning HC564"},
	}, {
		// Nor is a /* inside a JavaScript string.
		name:  "cancel after a glob string in JavaScript",
		files: providers.Files{".clinerules/hooks/PreToolUse.js": []byte("if (minimatch(p, 'secrets/**')) console.log(JSON.stringify({ cancel: true, errorMessage: 'no' }))\n/** helper */\nfunction f() {}\n")},
		want:  `{"event":"before_tool_execute","handler":{"type":"command","command":".clinerules/hooks/PreToolUse.js"},"blocking":true,"provider_data":{"cline":{"$from":true}}}`,
		codes: []string{"info HC562", "warning HC564"},
	}, {
		// A /* in a regular expression, never closed, opens no comment.
		name:  "cancel after a regular expression holding /*",
		files: providers.Files{".clinerules/hooks/PreToolUse.js": []byte("if (/secrets\\/*/.test(p)) console.log(JSON.stringify({ cancel: true, errorMessage: 'no' }))\n")},
		want:  `{"event":"before_tool_execute","handler":{"type":"command","command":".clinerules/hooks/PreToolUse.js"},"blocking":true,"provider_data":{"cline":{"$from":true}}}`,
		codes: []string{"info HC562", "warning HC564"},
	}, {
		// Cancelling on an event that stops nothing is no guard.
		name:  "cancel on an observe-only event",
		files: providers.Files{".clinerules/hooks/PostToolUse": []byte("#!/bin/sh\necho '{\"cancel\": true}'\n")},
		want:  `{"event":"after_tool_execute","handler":{"type":"command","command":".clinerules/hooks/PostToolUse"},"provider_data":{"cline":{"$from":true}}}`,
		codes: []string{"warning HC564"},
	}, {
		name:  "TaskResume keeps its name",
		files: providers.Files{".clinerules/hooks/TaskResume": []byte("#!/bin/sh\necho ok\n")},
		want:  `{"event":"session_start","handler":{"type":"command","command":".clinerules/hooks/TaskResume"},"provider_data":{"cline":{"$event":"TaskResume"}}}`,
	}, {
		name:  "an SDK-only event",
		files: providers.Files{".clinerules/hooks/TaskError": []byte("#!/bin/sh\n")},
		want:  `{"event":"error_occurred","handler":{"type":"command","command":".clinerules/hooks/TaskError"},"provider_data":{"cline":{"$from":true}}}`,
		codes: []string{"info HC562"},
	}, {
		name:  "a name in another case",
		files: providers.Files{".cline/hooks/pretooluse": []byte("#!/bin/sh\n")},
		want:  `{"event":"before_tool_execute","handler":{"type":"command","command":".cline/hooks/pretooluse"},"provider_data":{"cline":{"$from":true}}}`,
		codes: []string{"info HC562"},
	}, {
		name:  "a single file the user named",
		files: providers.Files{"PreToolUse": []byte("#!/bin/sh\n")},
		want:  `{"event":"before_tool_execute","handler":{"type":"command","command":"./PreToolUse"},"provider_data":{"cline":{"$from":true}}}`,
	}, {
		name:  "a path that needs quoting",
		files: providers.Files{"My Hooks/UserPromptSubmit": []byte("#!/bin/sh\n")},
		want:  `{"event":"before_prompt","handler":{"type":"command","command":"'My Hooks/UserPromptSubmit'"},"provider_data":{"cline":{"$from":true}}}`,
	}, {
		name:  "a misspelt event",
		files: providers.Files{".clinerules/hooks/PreToolUs": []byte("#!/bin/sh\n")},
		codes: []string{"warning HC560"},
		hint:  "did you mean PreToolUse?",
	}, {
		name:  "a file that is no hook script",
		files: providers.Files{".clinerules/hooks/README.md": []byte("# Hooks\n")},
		codes: []string{"info HC561"},
	}, {
		name: "several files in path order",
		files: providers.Files{
			".clinerules/hooks/TaskStart":  []byte("#!/bin/sh\n"),
			".clinerules/hooks/PreToolUse": []byte("#!/bin/sh\n"),
		},
		want: `{"event":"before_tool_execute","handler":{"type":"command","command":".clinerules/hooks/PreToolUse"},"provider_data":{"cline":{"$from":true}}},` +
			`{"event":"session_start","handler":{"type":"command","command":".clinerules/hooks/TaskStart"},"provider_data":{"cline":{"$from":true}}}`,
	}}
	a := adapter(t)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m, ds := a.Decode(tt.files)
			if m == nil {
				t.Fatalf("nil manifest: %v", ds)
			}
			var got []string
			for i := range m.Hooks {
				got = append(got, string(canonical.MarshalHook(&m.Hooks[i])))
			}
			if d := cmp.Diff(tt.want, strings.Join(got, ",")); d != "" {
				t.Errorf("hooks (-want +got):\n%s", d)
			}
			if d := cmp.Diff(tt.codes, codes(ds), cmpopts.EquateEmpty()); d != "" {
				t.Errorf("diagnostics (-want +got):\n%s\n%v", d, ds)
			}
			if tt.hint != "" && !slices.ContainsFunc(ds, func(d diag.Diagnostic) bool { return strings.Contains(d.Hint, tt.hint) }) {
				t.Errorf("no hint %q in %v", tt.hint, ds)
			}
			for _, d := range ds {
				if d.File == "" {
					t.Errorf("diagnostic without a file: %v", d)
				}
			}
		})
	}
}

// TestDecodeCorpus reads every real Cline script under the event name it
// was written for: one hook that runs it, without errors.
func TestDecodeCorpus(t *testing.T) {
	entries, err := os.ReadDir(filepath.Join("testdata", "corpus"))
	if err != nil || len(entries) == 0 {
		t.Fatalf("no corpus: %v", err)
	}
	a := adapter(t)
	for _, e := range entries {
		t.Run(e.Name(), func(t *testing.T) {
			key := ".clinerules/hooks/PreToolUse" // every corpus script is a PreToolUse hook
			if filepath.Ext(e.Name()) == ".ps1" {
				key += ".ps1"
			}
			m, ds := a.Decode(providers.Files{key: corpusFile(t, e.Name())})
			if strings.HasSuffix(key, ".ps1") {
				// Alone, a Windows script is a Windows-only hook: not read.
				if ds.HasErrors() || m == nil || len(m.Hooks) != 0 || !providers.HasSkipped(ds) {
					t.Fatalf("want no hook and HC346, got %v: %v", m, ds)
				}
				return
			}
			if ds.HasErrors() || m == nil || len(m.Hooks) != 1 {
				t.Fatalf("want one hook, got %v: %v", m, ds)
			}
			h := m.Hooks[0]
			// The scripts that print {"cancel": true} are guards.
			cancels := strings.Contains(string(corpusFile(t, e.Name())), `"cancel":true`)
			if h.Event != "before_tool_execute" || h.Blocking != cancels || h.Matcher != nil || !strings.HasSuffix(h.Handler.Command, key) {
				t.Errorf("unexpected hook %s", canonical.MarshalHook(&h))
			}
		})
	}
}

// richManifest uses every field the canonical model has, several events
// interleaved, provider_data and handler types the script cannot run.
const richManifest = `{"spec": "hooks/1.0", "hooks": [
  {"name": "guard \"rm\"", "event": "before_tool_execute", "matcher": ["shell", "file_edit"],
   "handler": {"type": "command", "command": "./guard.sh 'a b'", "timeout": 10, "timeout_action": "block", "status_message": "checking"},
   "blocking": true, "degradation": {"custom_env": "warn"}, "capabilities": ["structured_output"],
   "provider_data": {"claude-code": {"if": "Bash(rm *)"}, "cline": {"note": [1, 2]}}},
  {"event": "session_start", "handler": {"type": "command", "command": "cat ctx.md"}},
  {"event": "before_tool_execute", "matcher": [{"pattern": "^(read|write)_.*$"}, {"mcp": {"server": "github", "tool": "create_issue"}}],
   "handler": {"type": "command", "command": "x", "cwd": "tools", "env": {"B": "2", "A": "1"},
               "platform": {"linux": "lx", "osx": "ox"}, "timeout": 0.5}},
  {"event": "session_start", "handler": {"type": "command", "command": "resume"},
   "provider_data": {"cline": {"$event": "TaskResume"}}},
  {"name": "later", "event": "after_tool_execute", "matcher": "file_write", "handler": {"type": "command", "command": "fmt", "async": true}},
  {"event": "before_tool_execute", "handler": {"type": "prompt", "prompt": "ok?", "model": "m"}},
  {"event": "before_tool_execute", "handler": {"type": "http", "url": "https://x", "headers": {"H": "v"}, "allowed_env_vars": ["T"]}},
  {"event": "before_tool_execute", "handler": {"type": "mcp_tool", "server": "s", "tool": "t", "input": {"a": 1}}},
  {"event": "before_prompt", "handler": {"type": "agent", "prompt": "p"}, "blocking": true},
  {"event": "session_end", "handler": {"type": "command", "command": "bye"}}
]}`

func TestRoundTrip(t *testing.T) {
	a := adapter(t)
	m := mustParse(t, richManifest)
	files, ds := a.Encode(m, nil)
	if ds.HasErrors() {
		t.Fatalf("encode: %v", ds)
	}
	wantPaths := []string{".clinerules/hooks/PostToolUse", ".clinerules/hooks/PreToolUse", ".clinerules/hooks/SessionShutdown",
		".clinerules/hooks/TaskResume", ".clinerules/hooks/TaskStart", ".clinerules/hooks/UserPromptSubmit"}
	if d := cmp.Diff(wantPaths, files.Paths()); d != "" {
		t.Fatalf("paths (-want +got):\n%s", d)
	}
	for _, p := range files.Paths() {
		if !a.Executable(p) || providers.FileMode(a, p) != 0o755 {
			t.Errorf("%s is not executable", p)
		}
	}
	got, dds := a.Decode(files)
	for _, d := range dds {
		if d.Code != CodeReach || d.Severity != diag.Info { // SessionShutdown runs in the SDK/CLI only
			t.Errorf("decoding hookconv's own output reports: %v", d)
		}
	}
	if d := cmp.Diff(m, got, modelOpts); d != "" {
		t.Errorf("round trip changed the manifest (-want +got):\n%s", d)
	}
	if !bytes.Equal(canonical.Marshal(m), canonical.Marshal(got)) {
		t.Errorf("round trip is not byte-exact:\n%s\n%s", canonical.Marshal(m), canonical.Marshal(got))
	}
	for i := range got.Hooks {
		if got.Hooks[i].OriginFile == "" || !got.Hooks[i].Origin.IsValid() {
			t.Errorf("hook %d has no origin", i)
		}
	}
	// Deterministic: the same manifest gives the same bytes, and so does
	// the decoded one.
	again, _ := a.Encode(mustParse(t, richManifest), nil)
	third, _ := a.Encode(got, nil)
	for _, p := range files.Paths() {
		if !bytes.Equal(files[p], again[p]) || !bytes.Equal(files[p], third[p]) {
			t.Errorf("%s differs between encodes", p)
		}
	}
}

// TestEncodeLayout checks the parts of a generated script that decoding
// and Cline rely on, and that helpers are written only when used.
func TestEncodeLayout(t *testing.T) {
	a := adapter(t)
	m := mustParse(t, `{"spec":"hooks/1.0","hooks":[{"name":"g","event":"before_tool_execute","matcher":"shell","handler":{"type":"command","command":"./g.sh"},"blocking":true}]}`)
	files, ds := a.Encode(m, nil)
	if len(ds) != 0 {
		t.Errorf("diagnostics: %v", ds)
	}
	src := string(files[".clinerules/hooks/PreToolUse"])
	for _, want := range []string{
		"#!/bin/sh\n",
		"\n# hookconv-order 1\n# hookconv-manifest-begin\n# {\n#   \"spec\": \"hooks/1.0\",\n",
		"\n# }\n# hookconv-manifest-end\n",
		"\nhc_hook_1() {\n\texec \"$hc_sh\" -c './g.sh'\n}\nif hc_tool_is 'execute_command' 'run_commands'; then\n\thc_run hc_hook_1 0\n\thc_done 'hook 1 (g)' 1 warn 0\nfi\n",
	} {
		if !strings.Contains(src, want) {
			t.Errorf("script lacks %q:\n%s", want, src)
		}
	}
	if strings.Contains(src, "hc_async()") {
		t.Error("helpers for async hooks written without an async hook")
	}
}

func TestEncodeDiagnostics(t *testing.T) {
	hand := []byte("#!/bin/sh\necho mine\n")
	tests := []struct {
		name     string
		manifest string
		existing providers.Files
		codes    []string
		paths    []string // files written; nil when an error stops encoding
	}{{
		name:     "handlers the script cannot run",
		manifest: `{"spec":"hooks/1.0","hooks":[{"event":"before_tool_execute","handler":{"type":"http","url":"https://x"}}]}`,
		codes:    []string{"warning HC571"},
		paths:    []string{".clinerules/hooks/PreToolUse"},
	}, {
		name:     "a NUL byte in a command",
		manifest: `{"spec":"hooks/1.0","hooks":[{"event":"before_tool_execute","handler":{"type":"command","command":"a\u0000b"}}]}`,
		codes:    []string{"warning HC571"},
		paths:    []string{".clinerules/hooks/PreToolUse"},
	}, {
		name:     "timeouts",
		manifest: `{"spec":"hooks/1.0","hooks":[{"event":"before_tool_execute","handler":{"type":"command","command":"a","timeout":60}},{"event":"before_tool_execute","handler":{"type":"command","command":"b","timeout":2.5}}]}`,
		codes:    []string{"warning HC575", "info HC575"},
		paths:    []string{".clinerules/hooks/PreToolUse"},
	}, {
		name:     "a Windows command",
		manifest: `{"spec":"hooks/1.0","hooks":[{"event":"session_start","handler":{"type":"command","command":"a","platform":{"windows":"w"}}}]}`,
		codes:    []string{"warning HC576"},
		paths:    []string{".clinerules/hooks/TaskStart"},
	}, {
		name:     "matchers",
		manifest: `{"spec":"hooks/1.0","hooks":[{"event":"before_tool_execute","matcher":["web_search","NoSuchTool",{"pattern":"\\bBash\\b"},{"mcp":{"server":"*"}}],"handler":{"type":"command","command":"a"}}]}`,
		codes:    []string{"warning HC572", "warning HC572", "warning HC573", "info HC574"},
		paths:    []string{".clinerules/hooks/PreToolUse"},
	}, {
		name:     "an event Cline lacks",
		manifest: `{"spec":"hooks/1.0","hooks":[{"event":"subagent_start","handler":{"type":"command","command":"a"}}]}`,
		codes:    []string{"warning HC567"},
		paths:    []string{},
	}, {
		name:     "an event only one runtime runs",
		manifest: `{"spec":"hooks/1.0","hooks":[{"event":"error_occurred","handler":{"type":"command","command":"a"}}]}`,
		codes:    []string{"info HC562"},
		paths:    []string{".clinerules/hooks/TaskError"},
	}, {
		name:     "a hook that runs the script being replaced",
		manifest: `{"spec":"hooks/1.0","hooks":[{"event":"before_tool_execute","handler":{"type":"command","command":".clinerules/hooks/PreToolUse"}}]}`,
		codes:    []string{"error HC569"},
	}, {
		name:     "a hook that runs another script Cline runs",
		manifest: `{"spec":"hooks/1.0","hooks":[{"event":"before_tool_execute","handler":{"type":"command","command":"./.cline/hooks/PreToolUse.sh"}}]}`,
		codes:    []string{"warning HC570"},
		paths:    []string{".clinerules/hooks/PreToolUse"},
	}, {
		name:     "-o names one file for several events",
		manifest: `{"spec":"hooks/1.0","hooks":[{"event":"before_tool_execute","handler":{"type":"command","command":"a"}},{"event":"session_start","handler":{"type":"command","command":"b"}}]}`,
		existing: providers.Files{"out/hook": nil},
		codes:    []string{"error HC577"},
	}, {
		name:     "-o names one file for one event, misnamed",
		manifest: `{"spec":"hooks/1.0","hooks":[{"event":"before_tool_execute","handler":{"type":"command","command":"a"}}]}`,
		existing: providers.Files{"out/hook": nil},
		codes:    []string{"error HC579"},
	}, {
		name:     "-o names one file for one event",
		manifest: `{"spec":"hooks/1.0","hooks":[{"event":"before_tool_execute","handler":{"type":"command","command":"a"}}]}`,
		existing: providers.Files{"out/PreToolUse": []byte("# hookconv-manifest-begin\n# {\"spec\": \"hooks/1.0\", \"hooks\": []}\n# hookconv-manifest-end\n")},
		codes:    []string{"warning HC565"}, // the hand-made "generated" file has no hash line
		paths:    []string{"out/PreToolUse"},
	}, {
		name:     "a hand-written script in the way",
		manifest: `{"spec":"hooks/1.0","hooks":[{"event":"before_tool_execute","handler":{"type":"command","command":"a"}}]}`,
		existing: providers.Files{".clinerules/hooks/PreToolUse": hand, ".clinerules/hooks/TaskStart": hand},
		codes:    []string{"error HC568"},
	}}
	a := adapter(t)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			files, ds := a.Encode(mustParse(t, tt.manifest), tt.existing)
			if d := cmp.Diff(tt.codes, codes(ds)); d != "" {
				t.Errorf("diagnostics (-want +got):\n%s\n%v", d, ds)
			}
			if tt.paths == nil {
				if files != nil {
					t.Errorf("files written despite an error: %v", files.Paths())
				}
				return
			}
			if d := cmp.Diff(tt.paths, files.Paths(), cmpopts.EquateEmpty()); d != "" {
				t.Errorf("paths (-want +got):\n%s", d)
			}
			// Whatever was written decodes to the same hooks.
			got, dds := a.Decode(files)
			if dds.HasErrors() {
				t.Fatalf("output does not decode: %v", dds)
			}
			want := mustParse(t, tt.manifest)
			want.Hooks = slices.DeleteFunc(want.Hooks, func(h canonical.Hook) bool { return h.Event == "subagent_start" })
			if d := cmp.Diff(want, got, modelOpts); d != "" {
				t.Errorf("round trip (-want +got):\n%s", d)
			}
		})
	}
}

// TestEncodeExisting: generated scripts are replaced, an edited one with a
// warning, and one whose event lost its hooks is emptied.
func TestEncodeExisting(t *testing.T) {
	a := adapter(t)
	old, _ := a.Encode(mustParse(t, `{"spec":"hooks/1.0","hooks":[
		{"event":"before_tool_execute","handler":{"type":"command","command":"old"}},
		{"event":"session_start","handler":{"type":"command","command":"old"}}]}`), nil)
	edited := bytes.Replace(old[".clinerules/hooks/PreToolUse"], []byte("\nexit 0\n"), []byte("\necho extra\nexit 0\n"), 1)
	existing := providers.Files{
		".clinerules/hooks/PreToolUse": edited,
		".clinerules/hooks/TaskStart":  old[".clinerules/hooks/TaskStart"],
		".clinerules/hooks/README.md":  []byte("notes"),
	}
	m := mustParse(t, `{"spec":"hooks/1.0","hooks":[{"event":"before_tool_execute","handler":{"type":"command","command":"new"}}]}`)
	files, ds := a.Encode(m, existing)
	if d := cmp.Diff([]string{"warning HC565", "info HC578"}, codes(ds)); d != "" {
		t.Errorf("diagnostics (-want +got):\n%s\n%v", d, ds)
	}
	if d := cmp.Diff([]string{".clinerules/hooks/PreToolUse", ".clinerules/hooks/TaskStart"}, files.Paths()); d != "" {
		t.Fatalf("paths (-want +got):\n%s", d)
	}
	got, dds := a.Decode(files)
	if len(dds) > 0 || len(got.Hooks) != 1 || got.Hooks[0].Handler.Command != "new" {
		t.Errorf("decoded %v: %v", got.Hooks, dds)
	}
	// The emptied script is not emptied again.
	_, ds = a.Encode(m, providers.Files{".clinerules/hooks/TaskStart": files[".clinerules/hooks/TaskStart"]})
	if len(ds) != 0 {
		t.Errorf("an empty generated script reported: %v", ds)
	}
}

// TestDecodeEdited: a generated script edited by hand is still read from
// its manifest, with a warning that says what changed; a damaged manifest
// is an error that points into the script.
func TestDecodeEdited(t *testing.T) {
	a := adapter(t)
	m := mustParse(t, `{"spec":"hooks/1.0","hooks":[{"name":"n","event":"before_tool_execute","handler":{"type":"command","command":"echo hi"}}]}`)
	files, _ := a.Encode(m, nil)
	const p = ".clinerules/hooks/PreToolUse"
	src := string(files[p])
	tests := []struct {
		name    string
		file    string
		src     string
		codes   []string
		message string
		command string // the decoded hook's command; "" for none
		line    int    // line of the first diagnostic, 0 to skip
	}{{
		name:    "the body",
		src:     strings.Replace(src, "exec \"$hc_sh\" -c 'echo hi'", "exec \"$hc_sh\" -c 'echo bye'", 1),
		codes:   []string{"warning HC565"},
		message: "edited outside its manifest",
		command: "echo hi",
	}, {
		name:    "the manifest",
		src:     strings.Replace(src, `"command": "echo hi"`, `"command": "echo bye"`, 1),
		codes:   []string{"warning HC565"},
		message: "manifest embedded in this generated script was edited",
		command: "echo bye",
	}, {
		name:    "no hash line",
		src:     strings.Replace(src, shaPrefix, "# removed ", 1),
		codes:   []string{"warning HC565"},
		command: "echo hi",
	}, {
		name:    "CRLF line ends",
		src:     strings.ReplaceAll(src, "\n", "\r\n"),
		codes:   []string{"warning HC565"},
		command: "echo hi",
	}, {
		name:    "renamed to another event",
		file:    ".clinerules/hooks/PostToolUse",
		src:     src,
		codes:   []string{"warning HC567"},
		command: "echo hi",
	}, {
		name:  "no end marker",
		src:   strings.Replace(src, endMarker+"\n", "", 1),
		codes: []string{"error HC566"},
		line:  strings.Count(src[:strings.Index(src, beginMarker)], "\n") + 1,
	}, {
		name:  "a line without the comment prefix",
		src:   strings.Replace(src, "#   \"spec\"", "  \"spec\"", 1),
		codes: []string{"error HC566"},
		line:  strings.Count(src[:strings.Index(src, "#   \"spec\"")], "\n") + 1,
	}, {
		name:  "invalid JSON, reported where it is in the script",
		src:   strings.Replace(src, `"name": "n",`, `"name": "n",,`, 1),
		codes: []string{"error HC101", "error HC566"},
		line:  strings.Count(src[:strings.Index(src, `"name": "n",`)], "\n") + 1,
	}, {
		name:  "an event Cline lacks",
		src:   strings.Replace(src, `"event": "before_tool_execute"`, `"event": "subagent_start"`, 1),
		codes: []string{"warning HC565", "error HC567"},
		line:  strings.Count(src[:strings.Index(src, beginMarker)], "\n") + 1,
	}}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			file := tt.file
			if file == "" {
				file = p
			}
			got, ds := a.Decode(providers.Files{file: []byte(tt.src)})
			if d := cmp.Diff(tt.codes, codes(ds)); d != "" {
				t.Fatalf("diagnostics (-want +got):\n%s\n%v", d, ds)
			}
			if tt.message != "" && !strings.Contains(ds[0].Message, tt.message) {
				t.Errorf("message %q lacks %q", ds[0].Message, tt.message)
			}
			if tt.line != 0 && ds[0].Line != tt.line {
				t.Errorf("first diagnostic at line %d, want %d: %v", ds[0].Line, tt.line, ds)
			}
			var cmds []string
			for _, h := range got.Hooks {
				cmds = append(cmds, h.Handler.Command)
			}
			if tt.command == "" && len(cmds) != 0 || tt.command != "" && !slices.Equal(cmds, []string{tt.command}) {
				t.Errorf("decoded commands %q, want %q", cmds, tt.command)
			}
		})
	}
}

// TestManifestPositions: a problem inside the embedded manifest points at
// its line and column in the script, as if the JSON were a file of its own.
func TestManifestPositions(t *testing.T) {
	a := adapter(t)
	files, _ := a.Encode(mustParse(t, `{"spec":"hooks/1.0","hooks":[{"event":"before_tool_execute","handler":{"type":"command","command":"x","timeout":5}}]}`), nil)
	const p = ".clinerules/hooks/PreToolUse"
	src := strings.Replace(string(files[p]), `"timeout": 5`, `"timeout": -5`, 1)
	_, ds := a.Decode(providers.Files{p: []byte(src)})
	var d diag.Diagnostic
	for _, x := range ds {
		if x.Code == canonical.CodeTimeoutNegative {
			d = x
		}
	}
	i := strings.Index(src, "-5")
	want := posAt([]byte(src), i)
	if d.Line != want.Line || d.Column != want.Column || d.File != p {
		t.Errorf("HC151 at %s:%d:%d, want %s:%d:%d (%v)", d.File, d.Line, d.Column, p, want.Line, want.Column, ds)
	}
}

func TestExecutable(t *testing.T) {
	a := adapter(t)
	for p, want := range map[string]bool{
		".clinerules/hooks/PreToolUse":     true,
		".clinerules/hooks/TaskStart":      true,
		".cline/hooks/PostToolUse.sh":      true,
		"out/UserPromptSubmit":             true,
		".clinerules/hooks/PreToolUse.ps1": false,
		".clinerules/hooks/README.md":      false,
		".clinerules/hooks/pretooluse":     false,
		"hooks.json":                       false,
	} {
		if got := a.Executable(p); got != want {
			t.Errorf("Executable(%q) = %v, want %v", p, got, want)
		}
	}
}

func TestScriptOf(t *testing.T) {
	for cmd, want := range map[string]string{
		".clinerules/hooks/PreToolUse":   ".clinerules/hooks/PreToolUse",
		"./.clinerules/hooks/PreToolUse": ".clinerules/hooks/PreToolUse",
		"sh .cline/hooks/TaskStart.sh":   ".cline/hooks/TaskStart.sh",
		"'My Hooks/PreToolUse'":          "My Hooks/PreToolUse",
		powerShell + "x/PreToolUse.ps1":  "x/PreToolUse.ps1",
		"echo hi":                        "",
		"./a.sh && ./b.sh":               "",
		"":                               "",
	} {
		if got := scriptOf(cmd); got != want {
			t.Errorf("scriptOf(%q) = %q, want %q", cmd, got, want)
		}
	}
	// What Decode writes, scriptOf reads back.
	for _, p := range []string{".clinerules/hooks/PreToolUse", "My Hooks/It's/PreToolUse", "PreToolUse"} {
		if got := scriptOf(scriptCommand(p, "")); got != p {
			t.Errorf("scriptOf(scriptCommand(%q)) = %q", p, got)
		}
	}
}

// TestRegisteredTables checks the vocabulary rows the adapter relies on.
func TestRegisteredTables(t *testing.T) {
	a := adapter(t)
	a.load()
	if got := a.nativeTools("shell"); !slices.Equal(got, []string{"execute_command", "run_commands"}) {
		t.Errorf("shell is %v", got)
	}
	if d := cmp.Diff([]string{".clinerules/hooks/*", ".cline/hooks/*"}, a.Prov.Paths); d != "" {
		t.Errorf("paths: %s", d)
	}
	for _, ev := range []string{"PreToolUse", "PostToolUse", "UserPromptSubmit", "TaskStart", "TaskResume", "TaskCancel", "TaskComplete", "PreCompact"} {
		if row, exact := a.event(ev); !exact || row.Name != ev {
			t.Errorf("no Cline event %s", ev)
		}
	}
}

// TestTakesContext: Cline adds contextModification on TaskStart,
// TaskResume, UserPromptSubmit, PreToolUse and PostToolUse only (the
// contracts table's context rule; cline/cline .clinerules/hooks/README.md),
// so a hook written for a tool that takes plain text as context there
// has it forwarded only on those (QA: a Kiro Stop hook's text was passed
// on as contextModification on TaskComplete, which Cline drops, and HC420
// said nothing).
func TestTakesContext(t *testing.T) {
	kiro := func(event string) *canonical.Hook {
		return &canonical.Hook{Event: event, Handler: canonical.Handler{Type: canonical.HandlerCommand, Command: "cat NOTES.md"},
			ProviderData: map[string]json.RawMessage{"kiro": json.RawMessage(`{"$from": true}`)}}
	}
	for _, tc := range []struct {
		event string
		takes bool
	}{
		{"session_start", true}, // TaskStart, TaskResume
		{"before_prompt", true},
		{"before_tool_execute", true},
		{"after_tool_execute", true},
		{"agent_stop", false}, // TaskComplete
		{"cline_task_cancel", false},
		{"notification", false},
		{"before_compact", false},
	} {
		if got := TakesContext(tc.event); got != tc.takes {
			t.Errorf("TakesContext(%s) = %v, want %v", tc.event, got, tc.takes)
		}
		if got := ForwardsPlainText(kiro(tc.event)); got != tc.takes {
			t.Errorf("ForwardsPlainText(kiro %s) = %v, want %v", tc.event, got, tc.takes)
		}
	}
}

// TestGenerated: the adapter knows the script it writes by its header
// and manifest block (QA F6: LikelySource read one as a broken
// manifest), and no hand-written script, even one that names hookconv.
func TestGenerated(t *testing.T) {
	files, ds := adapter(t).Encode(mustParse(t, `{"spec": "hooks/1.0", "hooks": [{"event": "before_tool_execute", "blocking": true, "handler": {"type": "command", "command": "./g.sh"}}]}`), nil)
	if ds.HasErrors() || len(files) != 1 {
		t.Fatalf("encode gave %v: %v", files.Paths(), ds)
	}
	script := files[files.Paths()[0]]
	var g providers.Generator = adapter(t)
	for _, tt := range []struct {
		name string
		src  string
		want bool
	}{
		{"generated", string(script), true},
		{"generated, CRLF", strings.ReplaceAll(string(script), "\n", "\r\n"), true},
		{"hand-written", "#!/bin/sh\necho '{}'\n", false},
		{"hand-written, naming hookconv", "#!/bin/sh\n# converted by hookconv once; generated by hookconv from nothing\necho '{}'\n", false},
		{"header without the manifest block", "#!/bin/sh\n# Cline PreToolUse hook script, generated by hookconv from 1 hooks/1.0 hook.\necho '{}'\n", false},
	} {
		if got := g.Generated([]byte(tt.src)); got != tt.want {
			t.Errorf("%s: Generated = %v, want %v", tt.name, got, tt.want)
		}
	}
}

// TestDecodeGeneratedElsewhere: a generated script read under a name
// that is no event (standard input, a copy) is read as the event its
// header names (QA F6: it was "not a Cline hook event", and nothing was
// read); a hand-written script so named is still not read.
func TestDecodeGeneratedElsewhere(t *testing.T) {
	a := adapter(t)
	files, ds := a.Encode(mustParse(t, `{"spec": "hooks/1.0", "hooks": [{"event": "before_tool_execute", "blocking": true, "handler": {"type": "command", "command": "./g.sh"}}]}`), nil)
	if ds.HasErrors() || len(files) != 1 {
		t.Fatalf("encode gave %v: %v", files.Paths(), ds)
	}
	script := files[files.Paths()[0]]
	for _, name := range []string{"<stdin>", "backup/guard"} {
		m, ds := a.Decode(providers.Files{name: script})
		if ds.HasErrors() || m == nil || len(m.Hooks) != 1 || m.Hooks[0].Event != "before_tool_execute" || !m.Hooks[0].Blocking {
			t.Errorf("%s: decoded %v: %v", name, m, ds)
		}
		for _, d := range ds {
			if d.Code == CodeNotEvent || d.Code == CodeEvent {
				t.Errorf("%s: said %v", name, d)
			}
		}
	}
	m, ds := a.Decode(providers.Files{"<stdin>": []byte("#!/bin/sh\n# Cline PreToolUse hook script, generated by hookconv from 1 hooks/1.0 hook.\necho '{}'\n")})
	if (m != nil && len(m.Hooks) != 0) || len(ds) != 1 || ds[0].Code != CodeNotEvent {
		t.Errorf("a hand-written script on standard input: %v, %v; want HC560 alone", m, ds)
	}
}
