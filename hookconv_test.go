package hookconv

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/hookconv/hookconv/canonical"
	"github.com/hookconv/hookconv/diag"
)

// TestConformance walks the public spec's vectors: every valid manifest
// validates without errors, and every invalid one is rejected with the code
// for the reason its _comment gives.
func TestConformance(t *testing.T) {
	valid, _ := filepath.Glob("../shared/conformance/canonical/*.json")
	invalid, _ := filepath.Glob("../shared/conformance/invalid/*.json")
	if len(valid) == 0 || len(invalid) == 0 {
		t.Fatal("conformance vectors not found: ../shared must be beside the checkout")
	}
	for _, f := range valid {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if _, ds := ValidateManifest(f, src); ds.HasErrors() {
			t.Errorf("%s: valid vector rejected:\n%v", f, ds)
		}
	}
	wantCode := map[string]string{
		"empty-hooks-array.json":            canonical.CodeHooksEmpty,
		"invalid-degradation-strategy.json": canonical.CodeDegradationValue,
		"missing-event.json":                canonical.CodeEventMissing,
		"missing-handler.json":              canonical.CodeHandlerMissing,
		"missing-hooks.json":                canonical.CodeHooksMissing,
		"missing-spec.json":                 canonical.CodeSpecMissing,
	}
	for _, f := range invalid {
		code, ok := wantCode[filepath.Base(f)]
		if !ok {
			t.Errorf("%s: new invalid vector; add its expected code to this test", f)
			continue
		}
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		_, ds := ValidateManifest(f, src)
		if !hasError(ds, code) {
			t.Errorf("%s: want error %s, got %v", f, code, ds)
		}
	}
}

func hasError(ds diag.List, code string) bool {
	for _, d := range ds {
		if d.Code == code && d.Severity == diag.Error {
			return true
		}
	}
	return false
}

// TestValidateVocabulary covers the checks that need the tables.
func TestValidateVocabulary(t *testing.T) {
	tests := []struct {
		name, src string
		code      string
		sev       diag.Severity
	}{
		{"unknown event", `{"spec":"hooks/1.0","hooks":[{"event":"before_tool_exec","handler":{"type":"command","command":"x"}}]}`, canonical.CodeEventUnknown, diag.Error},
		{"vendor event", `{"spec":"hooks/1.0","hooks":[{"event":"vendor.cursor.x","handler":{"type":"command","command":"x"}}]}`, canonical.CodeEventCustom, diag.Warning},
		{"unknown tool", `{"spec":"hooks/1.0","hooks":[{"event":"before_tool_execute","matcher":"Bash","handler":{"type":"command","command":"x"}}]}`, canonical.CodeToolUnknown, diag.Warning},
		{"unknown capability", `{"spec":"hooks/1.0","hooks":[{"event":"session_start","degradation":{"input_rewrit":"block"},"handler":{"type":"command","command":"x"}}]}`, canonical.CodeDegradationKey, diag.Error},
		{"blocking nowhere", `{"spec":"hooks/1.0","hooks":[{"event":"session_end","blocking":true,"handler":{"type":"command","command":"x"}}]}`, canonical.CodeBlockingNowhere, diag.Warning},
		{"blocking but async", `{"spec":"hooks/1.0","hooks":[{"event":"before_tool_execute","blocking":true,"handler":{"type":"command","command":"x","async":true}}]}`, canonical.CodeBlockingAsync, diag.Warning},
		// QA: Claude Code's asyncRewake implies async, written as it is.
		{"blocking but asyncRewake", `{"spec":"hooks/1.0","hooks":[{"event":"before_tool_execute","blocking":true,"handler":{"type":"command","command":"x"},"provider_data":{"claude-code":{"asyncRewake":true}}}]}`, canonical.CodeBlockingAsync, diag.Warning},
		{"unknown provider", `{"spec":"hooks/1.0","hooks":[{"event":"session_start","provider_data":{"cursr":{}},"handler":{"type":"command","command":"x"}}]}`, canonical.CodeProviderUnknown, diag.Warning},
		{"duplicate hook", `{"spec":"hooks/1.0","hooks":[{"event":"session_start","handler":{"type":"command","command":"x"}},{"event":"session_start","handler":{"command":"x","type":"command"}}]}`, canonical.CodeDuplicateHook, diag.Warning},
		// QA: a blank event is HC130 (Parse), not also an unknown one.
		{"blank event", `{"spec":"hooks/1.0","hooks":[{"event":"   ","handler":{"type":"command","command":"x"}}]}`, canonical.CodeEventMissing, diag.Error},
		{"event in another case", `{"spec":"hooks/1.0","hooks":[{"event":"BEFORE_TOOL_EXECUTE","handler":{"type":"command","command":"x"}}]}`, canonical.CodeEventUnknown, diag.Error},
		// QA: a matcher on an event not about a tool is ignored (spec §2).
		{"matcher on agent_stop", `{"spec":"hooks/1.0","hooks":[{"event":"agent_stop","matcher":"file_write","handler":{"type":"command","command":"x"}}]}`, canonical.CodeMatcherNoTool, diag.Warning},
		{"pattern on before_prompt", `{"spec":"hooks/1.0","hooks":[{"event":"before_prompt","matcher":{"pattern":"rm"},"handler":{"type":"command","command":"x"}}]}`, canonical.CodeMatcherNoTool, diag.Warning},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, ds := ValidateManifest("m.json", []byte(tt.src))
			if len(ds) != 1 || ds[0].Code != tt.code || ds[0].Severity != tt.sev || ds[0].Line != 1 {
				t.Errorf("got %v, want exactly one %s %s on line 1", ds, tt.sev, tt.code)
			}
		})
	}
}

// TestValidateEventCaseHint: an event written in another case gets the
// canonical name as its hint, though every letter differs (QA).
func TestValidateEventCaseHint(t *testing.T) {
	for _, event := range []string{"Before_Tool_Execute", "BEFORE_TOOL_EXECUTE", "beforeToolExecute", "before-tool-execute"} {
		_, ds := ValidateManifest("m.json", []byte(`{"spec":"hooks/1.0","hooks":[{"event":"`+event+`","handler":{"type":"command","command":"x"}}]}`))
		if len(ds) != 1 || ds[0].Hint != `did you mean "before_tool_execute"?` {
			t.Errorf("%s: got %v, want one diagnostic hinting before_tool_execute", event, ds)
		}
	}
}

// TestValidateFileEventMatcher: a file event's matcher is a path pattern
// some tools filter by (Kiro's file hooks keep theirs there): no HC165,
// which QA found on the manifest hookconv writes from Kiro's hooks.
func TestValidateFileEventMatcher(t *testing.T) {
	_, ds := ValidateManifest("m.json", []byte(`{"spec":"hooks/1.0","hooks":[{"event":"file_changed","matcher":{"pattern":"\\.ts$"},"handler":{"type":"command","command":"x"}}]}`))
	for _, d := range ds {
		if d.Code == canonical.CodeMatcherNoTool {
			t.Errorf("file event matcher warned: %v", d)
		}
	}
}
