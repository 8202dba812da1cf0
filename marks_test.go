package hookconv

import (
	"fmt"
	"slices"
	"strings"

	"testing"

	"github.com/hookconv/hookconv/canonical"
	"github.com/hookconv/hookconv/diag"
	"github.com/hookconv/hookconv/internal/node"
	"github.com/hookconv/hookconv/providers"
)

// TestHandEditedMarks: a manifest whose provider_data holds one of
// hookconv's own "$" marks, written by hand, converts to every target
// without an internal error (HC900; QA: Copilot CLI's "$keys" reached
// verify): a mark of a shape no decoder writes is an error of the
// manifest (HC594; a warning for the marks only warnings read, and the
// conversion goes on without an internal error), and one of the right shape but a value the target
// does not read (a key, an event of another tool) is either ignored or
// said at the mark.
func TestHandEditedMarks(t *testing.T) {
	const manifest = `{"spec": "hooks/1.0", "hooks": [
  {"name": "g", "event": "before_tool_execute", "matcher": "shell", "blocking": true,
   "handler": {"type": "command", "command": "./guard.sh"}, "provider_data": {%[1]q: {%[2]q: %[3]s}}},
  {"name": "s", "event": "session_start",
   "handler": {"type": "command", "command": "./start.sh"}, "provider_data": {%[1]q: {%[2]q: %[3]s}}}]}`
	wrongs := map[string]string{}   // mark → a value of another shape
	shaped := map[string][]string{} // mark → values of its shape a decoder would not write
	for _, mark := range canonical.MarkNames() {
		for _, v := range []string{`{"not": ["a shape", 1]}`, `"not a shape"`} {
			if !canonical.MarkFits(mark, mustNode(t, v)) {
				wrongs[mark] = v
				break
			}
		}
		for _, v := range []string{`"x"`, `"PostToolUse"`, `""`, `true`, `{}`, `{"command": "powershell"}`, `{"timeout": "bash"}`, `{"command": "x"}`, `{"patterns": 1, "toolTypes": 1, "type": 1, "timeout": -1, "prompt": 1, "hooks": 1, "matcher": 1}`, `{"patterns": 1, "if": 1, "commandRegex": "x", "sequential": 1, "timeout": 0}`, `["x"]`, `[]`, `0`, `7`} {
			if canonical.MarkFits(mark, mustNode(t, v)) {
				shaped[mark] = append(shaped[mark], v)
			}
		}
	}
	for _, mark := range canonical.MarkNames() {
		wrong := wrongs[mark]
		for _, to := range targets {
			src := fmt.Sprintf(manifest, to, mark, wrong)
			res := Convert("canonical", to, providers.Files{"hooks.json": []byte(src)}, nil)
			said := slices.IndexFunc(res.Diagnostics, func(d diag.Diagnostic) bool { return d.Code == canonical.CodeMarkShape })
			switch {
			case said < 0:
				t.Errorf("%s: %s: %s: no HC594: %v", to, mark, wrong, res.Diagnostics)
			case res.Diagnostics[said].Severity == diag.Error && res.Files != nil:
				t.Errorf("%s: %s: %s: HC594 is an error, but files were written", to, mark, wrong)
			}
			for _, d := range res.Diagnostics {
				if d.Code == CodeVerify {
					t.Errorf("%s: %s: %s: %s", to, mark, wrong, d)
				}
			}
			for _, v := range shaped[mark] {
				src := fmt.Sprintf(manifest, to, mark, v)
				res := Convert("canonical", to, providers.Files{"hooks.json": []byte(src)}, nil)
				for _, d := range res.Diagnostics {
					if d.Code == CodeVerify {
						t.Errorf("%s: %s: %s: %s", to, mark, v, d)
					}
				}
			}
		}
	}
}

// mustNode parses a JSON value of the test.
func mustNode(t *testing.T, src string) *node.Node {
	t.Helper()
	n, err := node.ParseJSON([]byte(src), node.JSONOptions{})
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// TestDecodedMarksValidate: a manifest hookconv writes from any golden
// input or corpus file validates without a word about its marks (HC594,
// HC595): what the decoders record is what validate accepts, "$event"
// and "$spelling" names included.
func TestDecodedMarksValidate(t *testing.T) {
	marked := 0
	for _, in := range propertyInputs(t) {
		src := DecodeSource(in.from, providers.Files{in.key: in.src})
		if src.Manifest == nil || src.Diagnostics.HasErrors() {
			continue
		}
		text := canonical.Marshal(src.Manifest)
		marked += strings.Count(string(text), `"$`)
		_, ds := ValidateManifest("hooks.json", text)
		for _, d := range ds {
			if d.Code == canonical.CodeMarkShape || d.Code == canonical.CodeMarkUnknown {
				t.Errorf("%s: %s", in.name, d)
			}
		}
	}
	if marked == 0 {
		t.Fatal("no marks written: the inputs are not being decoded")
	}
	t.Logf("%d marks validated", marked)
}
