package codex_test

import (
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"testing"

	"github.com/hookconv/hookconv/diag"
	"github.com/hookconv/hookconv/providers"
	_ "github.com/hookconv/hookconv/providers/all" // every adapter
)

// The Codex decoder reads .codex/hooks.json and the [hooks] tables of
// .codex/config.toml. Neither may panic, and what it accepts must survive
// its own encoder: Encode(Decode(x)) decodes again without errors to as
// many hooks (less the ones Encode says it did not write).

const (
	tomlFile = ".codex/config.toml"
	jsonFile = ".codex/hooks.json"
)

var tomlSeeds = []string{
	"[[hooks.PreToolUse]]\nmatcher = \"Bash\"\n\n[[hooks.PreToolUse.hooks]]\ntype = \"command\"\ncommand = \"python3 policy.py\"\ntimeout = 30\nstatusMessage = \"Checking\"\n",
	"model = \"o3\"\n\n[features]\nhooks = true\n\n[[hooks.Stop]]\n[[hooks.Stop.hooks]]\ntype = \"command\"\ncommand = 'echo \"done\"'\n\n[hooks.state.\"/x/.codex/hooks.json:stop:0:0\"]\nenabled = true\ntrusted_hash = \"abc\"\n",
	"[hooks]\nSessionStart = [{ matcher = \"startup\", hooks = [{ type = \"command\", command = \"x\" }] }]\n",
	"[[hooks.SessionStart]]\nmatcher = \"startup|resume\"\n[[hooks.SessionStart.hooks]]\ntype = \"command\"\ncommand = \"a\\nb\"\ncommandWindows = \"c\"\ntimeout = 1.5\n",
	"[[hooks.\"Pre Tool\"]]\n[[hooks.\"Pre Tool\".hooks]]\ntype = \"prompt\"\nprompt = \"p\"\n",
	"[[hooks.PreToolUse]]\nmatcher = \"^apply_patch$|mcp__fs__.*\"\n[[hooks.PreToolUse.hooks]]\ntype = \"command\"\ncommand = \"x\"\nasync = true\n",
	"hooks = 1\n",
	"[hooks\n",
	"",
}

var jsonSeeds = []string{
	`{"hooks":{"PreToolUse":[{"matcher":"^apply_patch$|mcp__fs__.*","hooks":[{"type":"command","command":"python3 policy.py","commandWindows":"py -3 policy.py","timeout":30}]}]}}`,
	`{"hooks":{"SessionStart":[{"matcher":"startup|resume","hooks":[{"type":"command","command":"cat notes.md","statusMessage":"Loading"}]}]}}`,
	`{"hooks":{"Stop":[{"hooks":[{"type":"agent","prompt":"p"}]}],"SessionEnd":[{"hooks":[{"type":"command","command":"x","timeout":2.5}]}]}}`,
	`{"hooks":{"PreToolUse":[{"matcher":"Bash","hooks":[{"type":"command","command":"a"}]},{"matcher":"Bash","hooks":[{"type":"command","command":"b"}]}]}}`,
	`{"hooks":{"PermissionRequest":[{"matcher":"Bash-x|y","hooks":[{"type":"command","command":"x","async":true}]}]}}`,
	`{"PreToolUse":[{"hooks":[{"type":"command","command":"x"}]}]}`,
	`{"hooks":{}}`,
}

func seedCorpus(f *testing.F, pattern string, hand []string) {
	f.Helper()
	paths, err := filepath.Glob(filepath.Join("..", "..", "..", "shared", "corpus", "codex", pattern))
	if err != nil {
		f.Fatal(err)
	}
	for _, p := range paths {
		b, err := os.ReadFile(p)
		if err != nil {
			f.Fatalf("reading seed: %v", err)
		}
		f.Add(b)
	}
	if len(paths) == 0 {
		f.Logf("no corpus files shared/corpus/codex/%s; hand seeds only", pattern)
	}
	for _, s := range hand {
		f.Add([]byte(s))
	}
}

func codexAdapter(f *testing.F) providers.Adapter {
	a, ok := providers.Get("codex")
	if !ok {
		f.Fatal("no codex adapter")
	}
	return a
}

// FuzzDecodeCodexTOML decodes config.toml and encodes the result three
// ways: with no existing file (the default .codex/hooks.json), as a new
// config.toml, and merged back into the config.toml it came from.
func FuzzDecodeCodexTOML(f *testing.F) {
	seedCorpus(f, "*.toml", tomlSeeds)
	a := codexAdapter(f)
	f.Fuzz(func(t *testing.T, src []byte) {
		in := providers.Files{tomlFile: src}
		roundTrip(t, a, in, nil)
		roundTrip(t, a, in, providers.Files{tomlFile: nil})
		roundTrip(t, a, in, providers.Files{tomlFile: src})
	})
}

func FuzzDecodeCodexJSON(f *testing.F) {
	seedCorpus(f, "*.json", jsonSeeds)
	a := codexAdapter(f)
	f.Fuzz(func(t *testing.T, src []byte) {
		roundTrip(t, a, providers.Files{jsonFile: src}, nil)
	})
}

var notWritten = map[string]bool{"HC311": true, "HC315": true, "HC319": true}

var hookIndex = regexp.MustCompile(`^hooks\[(\d+)\]`)

// mergeRefusals are the encoder's documented refusals to merge into an
// existing file it cannot rewrite safely: not a round-trip failure.
var mergeRefusals = regexp.MustCompile(`^(cannot merge into|the existing hooks)`)

func roundTrip(t *testing.T, a providers.Adapter, in, existing providers.Files) {
	t.Helper()
	m, ds := a.Decode(in)
	if ds.HasErrors() || m == nil {
		return
	}
	out, eds := a.Encode(m, existing)
	skipped := map[int]bool{}
	var encodeErrs diag.List
	for _, d := range eds {
		if notWritten[d.Code] {
			if sm := hookIndex.FindStringSubmatch(d.Path); sm != nil {
				i, _ := strconv.Atoi(sm[1])
				skipped[i] = true
			}
			continue
		}
		if d.Severity == diag.Error {
			if len(existing[tomlFile]) > 0 && mergeRefusals.MatchString(d.Message) {
				return
			}
			encodeErrs = append(encodeErrs, d)
		}
	}
	if len(encodeErrs) > 0 {
		t.Fatalf("Encode (existing %v) of a cleanly decoded input failed:\n%v\ninput:\n%s", keys(existing), encodeErrs, dump(in))
	}
	if len(out) == 0 {
		t.Fatalf("Encode wrote no file for %d hooks", len(m.Hooks))
	}
	m2, ds2 := a.Decode(out)
	if ds2.HasErrors() || m2 == nil {
		t.Fatalf("Encode output (existing %v) does not decode:\n%v\ninput:\n%s\noutput:\n%s", keys(existing), ds2, dump(in), dump(out))
	}
	if want := len(m.Hooks) - len(skipped); len(m2.Hooks) != want {
		t.Fatalf("existing %v: %d hooks decoded, %d written (%d skipped by Encode), %d read back\ninput:\n%s\noutput:\n%s",
			keys(existing), len(m.Hooks), want, len(skipped), len(m2.Hooks), dump(in), dump(out))
	}
}

func keys(files providers.Files) []string {
	out := make([]string, 0, len(files))
	for k := range files {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

func dump(files providers.Files) string {
	s := ""
	for _, k := range keys(files) {
		s += "--- " + k + "\n" + string(files[k]) + "\n"
	}
	return s
}
