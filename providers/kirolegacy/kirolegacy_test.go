package kirolegacy_test

import (
	"maps"
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
	"github.com/hookconv/hookconv/providers/kirolegacy"
)

func adapter(t testing.TB) providers.Adapter {
	t.Helper()
	a, ok := providers.Get(kirolegacy.Slug)
	if !ok {
		t.Fatal("kiro-legacy adapter not registered")
	}
	return a
}

var modelOpts = cmp.Options{
	cmpopts.IgnoreUnexported(canonical.Manifest{}, canonical.Hook{}, canonical.Handler{}),
	cmpopts.IgnoreFields(canonical.Hook{}, "Origin", "OriginFile", "CommandOrigin"),
	cmpopts.EquateEmpty(),
}

// TestCorpusRoundTrip: every real file decodes cleanly and comes back with
// the same model; files already in the written form come back byte for
// byte, at the same path.
func TestCorpusRoundTrip(t *testing.T) {
	for _, tc := range []struct {
		file      string
		identical bool
		why       string // why not byte-identical
		codes     []string
	}{
		{file: "01-opndossier-format-on-save.kiro.hook", identical: true},
		{file: "02-opndossier-manual-ci-usertriggered.kiro.hook", why: "4-space indentation"},
		{file: "04-edeviser-prepush-usertriggered-runcommand.kiro.hook", identical: true},
		{file: "05-edeviser-aikido-posttooluse-tooltypes.kiro.hook", why: "no final newline"},
		{file: "07-kirohooks-agentstop.json", why: ".json name, version before description", codes: []string{kirolegacy.CodeFileName}},
		{file: "08-kirohooks-posttaskexecution.json", why: ".json name, version before description", codes: []string{kirolegacy.CodeFileName}},
		{file: "10-agora-a-summarize-agentstop-order.kiro.hook", why: "version first"},
		{file: "11-agora-z-checkpoint-runcommand-timeout.kiro.hook", why: "version first"},
	} {
		t.Run(tc.file, func(t *testing.T) {
			a := adapter(t)
			src, err := os.ReadFile(filepath.Join("testdata", "corpus", tc.file))
			if err != nil {
				t.Fatal(err)
			}
			key := ".kiro/hooks/" + tc.file
			m, ds := a.Decode(providers.Files{key: src})
			if got := ds.Codes(); !slices.Equal(got, tc.codes) {
				t.Fatalf("decode diagnostics %v, want codes %v", ds, tc.codes)
			}
			if len(m.Hooks) != 1 {
				t.Fatalf("%d hooks", len(m.Hooks))
			}
			out, eds := a.Encode(m, nil)
			if len(eds) > 0 {
				t.Fatalf("encode: %v", eds)
			}
			stem := strings.TrimSuffix(strings.TrimSuffix(tc.file, ".kiro.hook"), ".json")
			want := ".kiro/hooks/" + stem + ".kiro.hook"
			if got := out.Paths(); !slices.Equal(got, []string{want}) {
				t.Fatalf("written to %v, want %s", got, want)
			}
			if same := string(out[want]) == string(src); same != tc.identical {
				t.Errorf("byte-identical %v, want %v (%s):\n%s", same, tc.identical, tc.why, out[want])
			}
			m2, ds2 := a.Decode(out)
			if len(ds2) > 0 {
				t.Fatalf("re-decode: %v", ds2)
			}
			if d := cmp.Diff(m, m2, modelOpts); d != "" {
				t.Errorf("model changed (-read +written):\n%s", d)
			}
			// Named as the -o file, the hook goes back into it, and the
			// same hook laid out differently is not "replaced".
			again, ads := a.Encode(m, providers.Files{key: src})
			if len(ads) > 0 || len(again) != 1 || again[key] == nil {
				t.Errorf("into the named file: %v, %v", again.Paths(), ads)
			}
		})
	}
}

// hookJSON decodes one .kiro.hook source and returns its canonical JSON.
func decodeOne(t *testing.T, src string) (string, []string) {
	t.Helper()
	m, ds := adapter(t).Decode(providers.Files{".kiro/hooks/my-hook.kiro.hook": []byte(src)})
	for _, d := range ds {
		if d.File != ".kiro/hooks/my-hook.kiro.hook" || d.Severity != diag.Info && d.Line == 0 && d.Code != kirolegacy.CodeFileName {
			t.Errorf("diagnostic without a position: %v", d)
		}
	}
	if len(m.Hooks) == 0 {
		return "", ds.Codes()
	}
	return string(canonical.MarshalHook(&m.Hooks[0])), ds.Codes()
}

func TestDecode(t *testing.T) {
	const prompt = `"then":{"type":"askAgent","prompt":"p"}`
	for _, tc := range []struct {
		name, src, want string
		codes           []string
	}{
		{
			name: "file trigger: globs become the canonical path regex",
			src:  `{"enabled":true,"name":"My hook","description":"","version":"1","when":{"type":"fileCreated","patterns":["src/*.ts"]},` + prompt + `}`,
			want: `{"name":"My hook","event":"file_created","matcher":{"pattern":"^src/[^/]*\\.ts$"},"handler":{"type":"prompt","prompt":"p"},"provider_data":{"kiro-legacy":{"enabled":true,"description":"","version":"1"}},"capabilities":["agent_prompt"]}`,
		},
		{
			name:  "a glob with no exact regex: kept for Kiro, every file elsewhere",
			src:   `{"name":"My hook","when":{"type":"fileDeleted","patterns":["a\\b"]},` + prompt + `}`,
			want:  `{"name":"My hook","event":"file_deleted","handler":{"type":"prompt","prompt":"p"},"provider_data":{"kiro-legacy":{"patterns":["a\\b"],"$absent":["enabled","description","version"]}},"capabilities":["agent_prompt"]}`,
			codes: []string{kirolegacy.CodeGlob},
		},
		{
			name: "a spelling written back differently is kept",
			src:  `{"name":"my hook","when":{"type":"fileEdited","patterns":["**/*.go","**"]},` + prompt + `}`,
			want: `{"name":"my hook","event":"file_changed","handler":{"type":"prompt","prompt":"p"},"provider_data":{"kiro-legacy":{"$patterns":["**/*.go","**"],"$absent":["enabled","description","version"]}},"capabilities":["agent_prompt"]}`,
		},
		{
			name:  "no patterns: every file",
			src:   `{"name":"my hook","when":{"type":"fileEdited"},` + prompt + `}`,
			want:  `{"name":"my hook","event":"file_changed","handler":{"type":"prompt","prompt":"p"},"provider_data":{"kiro-legacy":{"$absent":["enabled","description","version"]}},"capabilities":["agent_prompt"]}`,
			codes: []string{kirolegacy.CodeNoPatterns},
		},
		{
			name: "tool types: known categories, literal others, order kept",
			src:  `{"name":"my hook","when":{"type":"preToolUse","toolTypes":["web","shell","read"]},` + prompt + `}`,
			want: `{"name":"my hook","event":"before_tool_execute","matcher":[{"pattern":"web"},"shell","file_read"],"handler":{"type":"prompt","prompt":"p"},"provider_data":{"kiro-legacy":{"$absent":["enabled","description","version"]}},"capabilities":["agent_prompt"]}`,
		},
		{
			name: "tool type * is every tool",
			src:  `{"name":"my hook","when":{"type":"postToolUse","toolTypes":["*"]},` + prompt + `}`,
			want: `{"name":"my hook","event":"after_tool_execute","handler":{"type":"prompt","prompt":"p"},"provider_data":{"kiro-legacy":{"$absent":["enabled","description","version"]}},"capabilities":["agent_prompt"]}`,
		},
		{
			name:  "no tool types: every tool",
			src:   `{"name":"my hook","when":{"type":"postToolUse"},` + prompt + `}`,
			want:  `{"name":"my hook","event":"after_tool_execute","handler":{"type":"prompt","prompt":"p"},"provider_data":{"kiro-legacy":{"$absent":["enabled","description","version"]}},"capabilities":["agent_prompt"]}`,
			codes: []string{kirolegacy.CodeNoToolTypes},
		},
		{
			name: "runCommand with timeout; no name: the file is the identity",
			src:  `{"when":{"type":"promptSubmit"},"then":{"type":"runCommand","command":"./check.sh","timeout":2.5}}`,
			want: `{"name":"my-hook","event":"before_prompt","handler":{"type":"command","command":"./check.sh","timeout":2.5},"provider_data":{"kiro-legacy":{"$absent":["enabled","name","description","version"]}}}`,
		},
		{
			name:  "timeout 0 and unknown keys are carried; other file name kept",
			src:   `{"name":"Other","version":"1.0.0","workspaceFolderName":"w","x":1,"when":{"type":"agentStop","y":2},"then":{"type":"runCommand","command":"c","timeout":0,"z":3}}`,
			want:  `{"name":"Other","event":"agent_stop","handler":{"type":"command","command":"c"},"provider_data":{"kiro-legacy":{"version":"1.0.0","workspaceFolderName":"w","x":1,"$when":{"y":2},"$then":{"timeout":0,"z":3},"$file":"my-hook","$absent":["enabled","description"]}}}`,
			codes: []string{kirolegacy.CodeUnknownKey, kirolegacy.CodeUnknownKey, kirolegacy.CodeUnknownKey},
		},
		{
			name:  "unknown trigger: a vendor event",
			src:   `{"name":"my hook","when":{"type":"fileSaved","patterns":["*"]},` + prompt + `}`,
			want:  `{"name":"my hook","event":"vendor.kiro-legacy.fileSaved","handler":{"type":"prompt","prompt":"p"},"provider_data":{"kiro-legacy":{"$when":{"patterns":["*"]},"$absent":["enabled","description","version"]}},"capabilities":["agent_prompt"]}`,
			codes: []string{kirolegacy.CodeUnknownTrigger, kirolegacy.CodeUnknownKey},
		},
		{
			name:  "disabled, odd version, duplicate key",
			src:   `{"enabled":false,"name":"a","name":"my hook","version":"2","description":"d","when":{"type":"userTriggered"},` + prompt + `}`,
			want:  `{"name":"my hook","event":"manual_trigger","handler":{"type":"prompt","prompt":"p"},"provider_data":{"kiro-legacy":{"enabled":false,"description":"d","version":"2"}},"capabilities":["agent_prompt"]}`,
			codes: []string{kirolegacy.CodeDuplicateKey, kirolegacy.CodeDisabled, kirolegacy.CodeVersion},
		},
		{
			name:  "JSONC is read with a warning",
			src:   "{\n// c\n\"name\":\"my hook\",\"when\":{\"type\":\"preTaskExecution\"}," + prompt + ",}",
			want:  `{"name":"my hook","event":"before_task","handler":{"type":"prompt","prompt":"p"},"provider_data":{"kiro-legacy":{"$absent":["enabled","description","version"]}},"capabilities":["agent_prompt"]}`,
			codes: []string{providers.CodeJSONC},
		},
		{name: "not an object", src: `[]`, codes: []string{kirolegacy.CodeShape}},
		{name: "syntax error", src: `{"when":`, codes: []string{canonical.CodeSyntax}},
		{name: "no when", src: `{` + prompt + `}`, codes: []string{kirolegacy.CodeMissing}},
		{name: "no then", src: `{"when":{"type":"agentStop"}}`, codes: []string{kirolegacy.CodeMissing}},
		{name: "when not an object", src: `{"when":"agentStop",` + prompt + `}`, codes: []string{kirolegacy.CodeShape}},
		{name: "when without type", src: `{"when":{},` + prompt + `}`, codes: []string{kirolegacy.CodeMissing}},
		{name: "unknown action", src: `{"when":{"type":"agentStop"},"then":{"type":"sendMessage","message":"m"}}`, codes: []string{kirolegacy.CodeUnknownAction}},
		{name: "empty command", src: `{"when":{"type":"agentStop"},"then":{"type":"runCommand","command":"  "}}`, codes: []string{kirolegacy.CodeMissing}},
		{name: "prompt not a string", src: `{"when":{"type":"agentStop"},"then":{"type":"askAgent","prompt":1}}`, codes: []string{kirolegacy.CodeShape}},
		{name: "negative timeout", src: `{"when":{"type":"agentStop"},"then":{"type":"runCommand","command":"c","timeout":-1}}`, codes: []string{kirolegacy.CodeShape}},
		{name: "patterns not a list", src: `{"when":{"type":"fileEdited","patterns":"*.go"},` + prompt + `}`, codes: []string{kirolegacy.CodeShape}},
		{name: "toolTypes of numbers", src: `{"when":{"type":"preToolUse","toolTypes":[1]},` + prompt + `}`, codes: []string{kirolegacy.CodeShape}},
		{name: "name not a string", src: `{"name":1,"when":{"type":"agentStop"},` + prompt + `}`, codes: []string{kirolegacy.CodeShape}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, cs := decodeOne(t, tc.src)
			if got != tc.want {
				t.Errorf("got  %s\nwant %s", got, tc.want)
			}
			if !slices.Equal(cs, tc.codes) {
				t.Errorf("codes %v, want %v", cs, tc.codes)
			}
		})
	}
}

// encodeManifest encodes a canonical manifest given as JSON.
func encodeManifest(t *testing.T, manifest string, existing providers.Files) (providers.Files, diag.List) {
	t.Helper()
	m, ds := canonical.Parse("hooks.json", []byte(manifest))
	if ds.HasErrors() {
		t.Fatalf("manifest: %v", ds)
	}
	return adapter(t).Encode(m, existing)
}

func TestEncode(t *testing.T) {
	for _, tc := range []struct {
		name, manifest string
		existing       providers.Files
		want           map[string]string
		codes          []string
	}{
		{
			name:     "a new hook gets Kiro's written form",
			manifest: `{"spec":"hooks/1.0","hooks":[{"name":"Lint TS","event":"file_changed","matcher":{"pattern":"\\.tsx?$"},"handler":{"type":"command","command":"npm run lint","timeout":30}}]}`,
			want: map[string]string{".kiro/hooks/lint-ts.kiro.hook": `{
  "enabled": true,
  "name": "Lint TS",
  "description": "",
  "version": "1",
  "when": {
    "type": "fileEdited",
    "patterns": [
      "**/*.ts{x,}"
    ]
  },
  "then": {
    "type": "runCommand",
    "command": "npm run lint",
    "timeout": 30
  }
}
`},
		},
		{
			name:     "tool hook; agent handler as askAgent; unnamed",
			manifest: `{"spec":"hooks/1.0","hooks":[{"event":"before_tool_execute","matcher":["file_write","file_edit","shell"],"handler":{"type":"agent","prompt":"check"}}]}`,
			want: map[string]string{".kiro/hooks/hook-1.kiro.hook": `{
  "enabled": true,
  "name": "hook 1",
  "description": "",
  "version": "1",
  "when": {
    "type": "preToolUse",
    "toolTypes": [
      "write",
      "shell"
    ]
  },
  "then": {
    "type": "askAgent",
    "prompt": "check"
  }
}
`},
			codes: []string{providers.CodeAgentAsPrompt},
		},
		{
			name:     "a file regex with no glob: every file, with a warning",
			manifest: `{"spec":"hooks/1.0","hooks":[{"name":"x","event":"file_changed","matcher":{"pattern":"^a+\\.go$"},"handler":{"type":"command","command":"c"}}]}`,
			want:     map[string]string{".kiro/hooks/x.kiro.hook": `{"enabled":true,"name":"x","description":"","version":"1","when":{"type":"fileEdited","patterns":["**/*"]},"then":{"type":"runCommand","command":"c"}}`},
			codes:    []string{providers.CodeMatcherIgnored},
		},
		{
			name:     "a tool matcher with no Kiro tool type: not written",
			manifest: `{"spec":"hooks/1.0","hooks":[{"name":"x","event":"before_tool_execute","matcher":{"mcp":{"server":"github"}},"handler":{"type":"command","command":"c"}}]}`,
			want:     map[string]string{},
			codes:    []string{"HC311"},
		},
		{
			name:     "part of a tool matcher lost",
			manifest: `{"spec":"hooks/1.0","hooks":[{"name":"x","event":"after_tool_execute","matcher":["web_fetch","file_read"],"handler":{"type":"command","command":"c"}}]}`,
			want:     map[string]string{".kiro/hooks/x.kiro.hook": `{"enabled":true,"name":"x","description":"","version":"1","when":{"type":"postToolUse","toolTypes":["read"]},"then":{"type":"runCommand","command":"c"}}`},
			codes:    []string{"HC310"},
		},
		{
			name:     "no such trigger, http handler, dropped fields",
			manifest: `{"spec":"hooks/1.0","hooks":[{"event":"session_start","handler":{"type":"command","command":"c"}},{"event":"agent_stop","handler":{"type":"http","url":"https://x"}},{"name":"y","event":"agent_stop","handler":{"type":"command","command":"c","cwd":"d","env":{"A":"1"}}}]}`,
			want:     map[string]string{".kiro/hooks/y.kiro.hook": `{"enabled":true,"name":"y","description":"","version":"1","when":{"type":"agentStop"},"then":{"type":"runCommand","command":"c"}}`},
			codes:    []string{providers.CodeNotWritten, "HC315", "HC316", "HC316"},
		},
		{
			name:     "a matcher on a trigger that takes none widens, with a warning",
			manifest: `{"spec":"hooks/1.0","hooks":[{"name":"x","event":"agent_stop","matcher":"shell","handler":{"type":"command","command":"c"}}]}`,
			want:     map[string]string{".kiro/hooks/x.kiro.hook": `{"enabled":true,"name":"x","description":"","version":"1","when":{"type":"agentStop"},"then":{"type":"runCommand","command":"c"}}`},
			codes:    []string{providers.CodeMatcherIgnored},
		},
		{
			name:     "one hook goes into the named file, replacing another hook",
			manifest: `{"spec":"hooks/1.0","hooks":[{"name":"x","event":"agent_stop","handler":{"type":"command","command":"c"}}]}`,
			existing: providers.Files{"out/mine.kiro.hook": []byte(`{"name":"old","when":{"type":"agentStop"},"then":{"type":"runCommand","command":"old"}}`)},
			want:     map[string]string{"out/mine.kiro.hook": `{"enabled":true,"name":"x","description":"","version":"1","when":{"type":"agentStop"},"then":{"type":"runCommand","command":"c"}}`},
			codes:    []string{providers.CodeReplaced},
		},
		{
			name:     "several hooks cannot share the named file",
			manifest: `{"spec":"hooks/1.0","hooks":[{"name":"a","event":"agent_stop","handler":{"type":"command","command":"c"}},{"name":"b","event":"agent_stop","handler":{"type":"command","command":"d"}}]}`,
			existing: providers.Files{"mine.kiro.hook": nil},
			want: map[string]string{
				".kiro/hooks/a.kiro.hook": `{"enabled":true,"name":"a","description":"","version":"1","when":{"type":"agentStop"},"then":{"type":"runCommand","command":"c"}}`,
				".kiro/hooks/b.kiro.hook": `{"enabled":true,"name":"b","description":"","version":"1","when":{"type":"agentStop"},"then":{"type":"runCommand","command":"d"}}`,
			},
			codes: []string{kirolegacy.CodeOneFile},
		},
		{
			name:     "a hook file already in the folder that is not written is named, not deleted",
			manifest: `{"spec":"hooks/1.0","hooks":[{"name":"a","event":"agent_stop","handler":{"type":"command","command":"c"}},{"name":"b","event":"agent_stop","handler":{"type":"command","command":"d"}}]}`,
			existing: providers.Files{
				".kiro/hooks/a.kiro.hook":     nil,
				".kiro/hooks/stale.kiro.hook": []byte(`{"name":"stale","when":{"type":"agentStop"},"then":{"type":"runCommand","command":"old"}}`),
				".kiro/hooks/notes.txt":       []byte("not a hook file"),
			},
			want: map[string]string{
				".kiro/hooks/a.kiro.hook": `{"enabled":true,"name":"a","description":"","version":"1","when":{"type":"agentStop"},"then":{"type":"runCommand","command":"c"}}`,
				".kiro/hooks/b.kiro.hook": `{"enabled":true,"name":"b","description":"","version":"1","when":{"type":"agentStop"},"then":{"type":"runCommand","command":"d"}}`,
			},
			codes: []string{kirolegacy.CodeLeftOver},
		},
		{
			name:     "one file of the folder given (as migrate finds it): no one-file warning",
			manifest: `{"spec":"hooks/1.0","hooks":[{"name":"a","event":"agent_stop","handler":{"type":"command","command":"c"}},{"name":"b","event":"agent_stop","handler":{"type":"command","command":"d"}}]}`,
			existing: providers.Files{".kiro/hooks/a.kiro.hook": []byte(`{"enabled":true,"name":"a","description":"","version":"1","when":{"type":"agentStop"},"then":{"type":"runCommand","command":"c"}}`)},
			want: map[string]string{
				".kiro/hooks/a.kiro.hook": `{"enabled":true,"name":"a","description":"","version":"1","when":{"type":"agentStop"},"then":{"type":"runCommand","command":"c"}}`,
				".kiro/hooks/b.kiro.hook": `{"enabled":true,"name":"b","description":"","version":"1","when":{"type":"agentStop"},"then":{"type":"runCommand","command":"d"}}`,
			},
		},
		{
			name:     "a file that already holds the same hook keeps its own layout",
			manifest: `{"spec":"hooks/1.0","hooks":[{"name":"x","event":"agent_stop","handler":{"type":"command","command":"c"}},{"name":"y","event":"agent_stop","handler":{"type":"command","command":"d"}}]}`,
			existing: providers.Files{".kiro/hooks/x.kiro.hook": []byte("{\"enabled\": true, \"name\": \"x\", \"description\": \"\", \"version\": \"1\",\n \"when\": {\"type\": \"agentStop\"}, \"then\": {\"type\": \"runCommand\", \"command\": \"c\"}}\n")},
			want: map[string]string{
				".kiro/hooks/x.kiro.hook": "{\"enabled\": true, \"name\": \"x\", \"description\": \"\", \"version\": \"1\",\n \"when\": {\"type\": \"agentStop\"}, \"then\": {\"type\": \"runCommand\", \"command\": \"c\"}}\n",
				".kiro/hooks/y.kiro.hook": `{"enabled":true,"name":"y","description":"","version":"1","when":{"type":"agentStop"},"then":{"type":"runCommand","command":"d"}}`,
			},
		},
		{
			name:     "run order kept by numbering; same names disambiguated",
			manifest: `{"spec":"hooks/1.0","hooks":[{"name":"z","event":"agent_stop","handler":{"type":"command","command":"1"}},{"name":"a","event":"agent_stop","handler":{"type":"command","command":"2"}},{"name":"a","event":"before_prompt","handler":{"type":"command","command":"3"}}]}`,
			want: map[string]string{
				".kiro/hooks/01-z.kiro.hook":   `{"enabled":true,"name":"z","description":"","version":"1","when":{"type":"agentStop"},"then":{"type":"runCommand","command":"1"}}`,
				".kiro/hooks/02-a.kiro.hook":   `{"enabled":true,"name":"a","description":"","version":"1","when":{"type":"agentStop"},"then":{"type":"runCommand","command":"2"}}`,
				".kiro/hooks/03-a-2.kiro.hook": `{"enabled":true,"name":"a","description":"","version":"1","when":{"type":"promptSubmit"},"then":{"type":"runCommand","command":"3"}}`,
			},
			codes: []string{kirolegacy.CodeOrdered},
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			files, ds := encodeManifest(t, tc.manifest, tc.existing)
			if got := ds.Codes(); !slices.Equal(got, tc.codes) {
				t.Errorf("codes %v, want %v: %v", got, tc.codes, ds)
			}
			if got, want := files.Paths(), slices.Sorted(maps.Keys(tc.want)); !slices.Equal(got, want) {
				t.Fatalf("files %v, want %v", got, want)
			}
			for p, want := range tc.want {
				got := string(files[p])
				if !strings.Contains(want, "\n") {
					got = compact(t, files[p])
				}
				if got != want {
					t.Errorf("%s:\ngot  %s\nwant %s", p, got, want)
				}
			}
		})
	}
}

// compact strips the layout of a written file, keeping key order.
func compact(t *testing.T, b []byte) string {
	t.Helper()
	var out strings.Builder
	inString, escaped := false, false
	for _, c := range string(b) {
		switch {
		case inString:
			escaped = c == '\\' && !escaped
			if c == '"' && !escaped {
				inString = false
			}
		case c == '"':
			inString = true
		case c == ' ' || c == '\n':
			continue
		}
		out.WriteRune(c)
	}
	return out.String()
}

// TestEncodeDecode: what Encode writes decodes to the same events,
// matchers, handlers and timeouts (the pipeline's verify property).
func TestEncodeDecode(t *testing.T) {
	manifest := `{"spec":"hooks/1.0","hooks":[
	{"name":"a","event":"file_changed","matcher":{"pattern":"^(.*/)?[^/]*\\.go$"},"handler":{"type":"command","command":"gofmt -l .","timeout":5}},
	{"name":"b","event":"file_created","matcher":{"pattern":"^src/(.*/)?[^/]*\\.(ts|tsx)$"},"handler":{"type":"prompt","prompt":"p"},"capabilities":["agent_prompt"]},
	{"name":"c","event":"file_deleted","handler":{"type":"prompt","prompt":"p"},"capabilities":["agent_prompt"]},
	{"name":"d","event":"before_tool_execute","matcher":"shell","handler":{"type":"command","command":"./guard.sh"}},
	{"name":"e","event":"after_tool_execute","matcher":["file_read",{"pattern":"spec"}],"handler":{"type":"prompt","prompt":"p"},"capabilities":["agent_prompt"]},
	{"name":"f","event":"after_tool_execute","handler":{"type":"prompt","prompt":"p"},"capabilities":["agent_prompt"]},
	{"name":"g","event":"before_prompt","handler":{"type":"command","command":"c"}},
	{"name":"h","event":"agent_stop","handler":{"type":"command","command":"c","timeout":0.5}},
	{"name":"i","event":"before_task","handler":{"type":"prompt","prompt":"p"},"capabilities":["agent_prompt"]},
	{"name":"j","event":"after_task","handler":{"type":"prompt","prompt":"p"},"capabilities":["agent_prompt"]},
	{"name":"k","event":"manual_trigger","handler":{"type":"command","command":"c"}}]}`
	m, ds := canonical.Parse("hooks.json", []byte(manifest))
	if ds.HasErrors() {
		t.Fatal(ds)
	}
	a := adapter(t)
	files, eds := a.Encode(m, nil)
	if len(eds) > 0 {
		t.Fatalf("encode: %v", eds)
	}
	m2, dds := a.Decode(files)
	if len(dds) > 0 {
		t.Fatalf("decode: %v", dds)
	}
	opts := append(modelOpts, cmpopts.IgnoreFields(canonical.Hook{}, "ProviderData", "Ordinal"))
	if d := cmp.Diff(m.Hooks, m2.Hooks, opts); d != "" {
		t.Errorf("(-encoded +decoded):\n%s", d)
	}
}
