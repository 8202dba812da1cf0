package hookconv

import (
	"bytes"
	"encoding/json"
	"errors"
	"os/exec"
	"strings"
	"testing"

	"github.com/hookconv/hookconv/capabilities"
	"github.com/hookconv/hookconv/hookrun"
	"github.com/hookconv/hookconv/providers"
)

// TestStandInDeniesAsTargetReads: the stand-in degradation "block" writes,
// run by sh, answers the target's event with the target's own deny from
// the contracts table — its JSON fields and exit code — where exit 2 does
// not block there (QA q2 F1: Claude Code's and Codex's PermissionRequest,
// Cursor's beforeSubmitPrompt and subagentStart), and the conversion says
// so in HC203 without warning about its own stand-in (HC208), with or
// without --shim, which leaves the stand-in unwrapped.
func TestStandInDeniesAsTargetReads(t *testing.T) {
	if _, err := exec.LookPath("sh"); err != nil {
		t.Skip("no sh")
	}
	manifest := func(event string) []byte {
		return []byte(`{"spec":"hooks/1.0","hooks":[{"name":"g","event":"` + event + `",` +
			`"handler":{"type":"command","command":"./guard.sh","env":{"MODE":"strict"}},"blocking":true,"degradation":{"custom_env":"block"}}]}`)
	}
	for _, tc := range []struct{ to, event string }{
		{"claude-code", "permission_request"},
		{"codex", "permission_request"},
		{"cursor", "before_prompt"},
		{"cursor", "subagent_start"},
	} {
		for _, shim := range []bool{false, true} {
			res := ConvertWith("canonical", tc.to, providers.Files{"hooks.json": manifest(tc.event)}, nil, Options{Shim: shim})
			if res.Files == nil || res.Planned == nil || len(res.Planned.Hooks) != 1 {
				t.Fatalf("%s %s: not converted: %v", tc.to, tc.event, res.Diagnostics)
			}
			for _, d := range res.Diagnostics {
				if d.Code == capabilities.CodeExitIgnored {
					t.Errorf("%s %s (shim %v): HC208 about the stand-in: %s", tc.to, tc.event, shim, d.Message)
				}
				if d.Code == capabilities.CodeCapabilityBlocked && !strings.Contains(d.Message, "prints the JSON deny "+tc.to+" reads on "+tc.event) {
					t.Errorf("%s %s: HC203 %q does not say how the stand-in blocks", tc.to, tc.event, d.Message)
				}
			}
			for name, data := range res.Files {
				if bytes.Contains(data, []byte("hookconv run")) {
					t.Errorf("%s %s: the shim wrapped the stand-in in %s, and would read its JSON as a canonical answer", tc.to, tc.event, name)
				}
			}
			command := res.Planned.Hooks[0].Handler.Command
			if _, _, ok := capabilities.BlockStub(command); !ok {
				t.Fatalf("%s %s (shim %v): %q is no stand-in BlockStub reads", tc.to, tc.event, shim, command)
			}
			var stdout, stderr bytes.Buffer
			cmd := exec.Command("sh", "-c", command)
			cmd.Stdout, cmd.Stderr = &stdout, &stderr
			exit := 0
			var ee *exec.ExitError
			if err := cmd.Run(); errors.As(err, &ee) {
				exit = ee.ExitCode()
			} else if err != nil {
				t.Fatal(err)
			}
			t.Logf("%s %s: exit %d, stdout %s", tc.to, tc.event, exit, stdout.Bytes())
			contracts := hookrun.Default()
			ref, _ := contracts.ResolveEvent(tc.to, tc.event)
			rule, ok := contracts.Rule(tc.to, hookrun.WhatDeny, ref)
			if !ok || len(rule.Set) == 0 || exit != rule.Exit {
				t.Fatalf("%s %s: exit %d; the deny rule %+v", tc.to, tc.event, exit, rule)
			}
			var answer map[string]any
			if err := json.Unmarshal(stdout.Bytes(), &answer); err != nil {
				t.Fatalf("%s %s: stdout %q: %v", tc.to, tc.event, stdout.String(), err)
			}
			for _, line := range rule.Set {
				path, value, _ := strings.Cut(line, " = ")
				if strings.HasPrefix(value, "$") {
					value = `"` + ref.Native + `"`
					if value == `""` || !strings.HasSuffix(path, "hookEventName") {
						continue // the reason: any text
					}
				}
				var v any = answer
				for _, k := range strings.Split(path, ".") {
					obj, _ := v.(map[string]any)
					v = obj[k]
				}
				if got, _ := json.Marshal(v); string(got) != value {
					t.Errorf("%s %s: %s = %s, want %s", tc.to, tc.event, path, got, value)
				}
			}
			if !strings.Contains(stderr.String(), `hook "g" needs custom_env`) {
				t.Errorf("%s %s: stderr %q does not say why", tc.to, tc.event, stderr.String())
			}
		}
	}
}
