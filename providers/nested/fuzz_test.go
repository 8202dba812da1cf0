package nested_test

import (
	"github.com/hookconv/hookconv/providers/providertest"
	"path/filepath"
	"testing"

	"github.com/hookconv/hookconv/providers"
	_ "github.com/hookconv/hookconv/providers/all" // every adapter
)

// The decoders of the nested family read user files, so they must never
// panic, and what they accept must survive a round trip through their own
// encoder: Encode(Decode(x)) decodes again, without errors, to as many
// hooks as the first decode gave (less the ones Encode says it did not
// write).

func FuzzDecodeClaude(f *testing.F) {
	fuzzNested(f, "claude-code", ".claude/settings.json", "claude-code")
}

func FuzzDecodeGemini(f *testing.F) {
	fuzzNested(f, "gemini-cli", ".gemini/settings.json", "gemini-cli")
}

func FuzzDecodeDroid(f *testing.F) {
	fuzzNested(f, "factory-droid", ".factory/settings.json", "factory-droid")
}

// Qwen Code has no corpus folder of its own; its files have Claude Code's
// shape, so the Claude corpus seeds it.
func FuzzDecodeQwen(f *testing.F) {
	fuzzNested(f, "qwen-code", ".qwen/settings.json", "claude-code")
}

// FuzzDecodeCursor runs the same property over the flat family's Cursor
// adapter (the harness is adapter-generic; it lives here to be shared).
func FuzzDecodeCursor(f *testing.F) {
	seedCorpus(f, "cursor", append(cursorSeeds, handSeeds...))
	a, ok := providers.Get("cursor")
	if !ok {
		f.Fatal("no cursor adapter")
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		RoundTrip(t, a, providers.Files{".cursor/hooks.json": src}, nil)
	})
}

// FuzzDecodeCopilotCLI and FuzzDecodeVSCode run the property over the two
// Copilot adapters, seeded with the Copilot corpus (both formats live there).
func FuzzDecodeCopilotCLI(f *testing.F) { fuzzFlat(f, "copilot-cli") }

func FuzzDecodeVSCode(f *testing.F) { fuzzFlat(f, "vs-code-copilot") }

func fuzzFlat(f *testing.F, slug string) {
	seedCorpus(f, "copilot", append(copilotSeeds, cursorSeeds...))
	a, ok := providers.Get(slug)
	if !ok {
		f.Fatalf("no %s adapter", slug)
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		RoundTrip(t, a, providers.Files{".github/hooks/hooks.json": src}, nil)
	})
}

// copilotSeeds cover both Copilot formats: per-OS commands, cwd and env,
// aliases (command, timeout, timeoutSec), http entries, Claude-style groups.
var copilotSeeds = []string{
	`{"version":1,"disableAllHooks":false,"hooks":{"preToolUse":[{"type":"command","exec":"node","args":["g.js","a b"]}],"PreToolUse":[{"type":"command","bash":"x","matcher":"Bash"}],"preCompact":[{"type":"command","bash":"y","matcher":"auto"}]}}`,
	`{"version":1,"hooks":{"preToolUse":[{"type":"command","matcher":"bash|powershell","bash":"./g.sh","powershell":"g.ps1","timeoutSec":15,"cwd":"t","env":{"A":"1"}}]}}`,
	`{"version":1,"hooks":{"sessionStart":[{"type":"command","command":"x","timeout":5}],"postToolUse":[{"type":"http","url":"https://x","headers":{"A":"b"},"allowedEnvVars":["T"]}]}}`,
	`{"hooks":{"PreToolUse":[{"type":"command","command":"./g.sh","linux":"l","osx":"o","windows":"w","timeoutSec":3}],"Stop":[{"command":"s"}]}}`,
	`{"hooks":{"preToolUse":[{"matcher":"Bash","hooks":[{"bash":"x","timeoutSec":10}]}]}}`,
	`{"version":1,"hooks":{"sessionStart":[{"type":"prompt","prompt":"/status"}],"errorOccurred":[{"type":"command","bash":"e"}]}}`,
}

// FuzzDecodeWindsurf runs the property over the split-event Windsurf
// adapter (one hook can become several entries, and back).
func FuzzDecodeWindsurf(f *testing.F) {
	seedCorpus(f, "windsurf", append([]string{
		`{"hooks":{"pre_run_command":[{"command":"x","show_output":true,"powershell":"p","working_directory":"w"}],"post_mcp_tool_use":[{"command":"m"}]},"version":1}`,
		`{"hooks":{"pre_user_prompt":[{"command":"p"}],"post_cascade_response_with_transcript":[{"command":"t"}],"pre_write_code":{"command":"w"}}}`,
	}, cursorSeeds...))
	a, ok := providers.Get("windsurf")
	if !ok {
		f.Fatal("no windsurf adapter")
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		RoundTrip(t, a, providers.Files{".windsurf/hooks.json": src}, nil)
	})
}

// cursorSeeds cover the flat codec: split events, command filters,
// failClosed, loop_limit, MCP matchers, prompt entries, PascalCase events.
var cursorSeeds = []string{
	`{"version":1,"hooks":{"beforeShellExecution":[{"command":"x","matcher":"curl|wget"}],"preToolUse":[{"command":"p","matcher":"Shell|Write","failClosed":true,"timeout":10}]}}`,
	`{"version":1,"hooks":{"postToolUse":[{"command":"m","matcher":"MCP:create_issue|Read"}],"afterMCPExecution":[{"command":"a","matcher":"list"}],"stop":[{"command":"s","loop_limit":3}]}}`,
	`{"hooks":{"PreToolUse":[{"command":"x","description":"d"}]},"_comment":"c"}`,
	`{"version":2,"hooks":{"beforeSubmitPrompt":[{"type":"prompt","prompt":"ok?","model":"m"}],"afterFileEdit":{"command":"f"}}}`,
	`{"version":1,"hooks":{"beforeReadFile":[{"command":""}],"sessionStart":[{"type":"agent","prompt":"p"}]}}`,
}

// handSeeds are small native files covering the codec's branches: bare
// event maps, a handler without a group, value matchers, duplicate groups,
// unknown events, types and keys, comments, and wrong shapes.
var handSeeds = []string{
	`{"hooks":{"PreToolUse":[{"matcher":"Bash","hooks":[{"type":"command","command":"./g.sh","timeout":10}]}]}}`,
	`{"disableAllHooks":true,"hooks":{"PreToolUse":[{"matcher":"Bash","hooks":[{"type":"command","command":"node","args":["${CLAUDE_PROJECT_DIR}/g.js","$x \"q\""],"shell":"powershell"}]}]}}`,
	`{"hooksConfig":{"disabled":["n"]},"hooks":{"BeforeTool":[{"hooks":[{"name":"n","type":"command","command":"x"}]}]}}`,
	`{"hooks":{"BeforeTool":[{"matcher":"run_shell_command|write_file","sequential":true,"hooks":[{"name":"n","type":"command","command":"x","timeout":1500,"env":{"A":"b"},"description":"d"}]}]}}`,
	`{"hooks":{"SessionStart":[{"matcher":"startup|resume","hooks":[{"type":"command","command":"cat ctx.md"}]}],"Stop":[{"hooks":[{"type":"prompt","prompt":"done?","model":"m","timeout":30}]}]}}`,
	`{"PreToolUse":[{"matcher":"Edit|Write","hooks":[{"type":"command","command":"x","async":true}]}]}`,
	`{"hooks":{"PreToolUse":[{"type":"command","command":"x"}]}}`,
	`{"hooks":{"PreToolUse":{"matcher":"*","hooks":[{"type":"command","command":"x"}]}}}`,
	`{"hooks":{"PreToolUse":[{"matcher":"Bash","hooks":[{"type":"command","command":"a"}]},{"matcher":"Bash","hooks":[{"type":"command","command":"b"}]}]}}`,
	`{"hooks":{"PreToolUse":[{"matcher":"mcp__github__.*|^Bash$","hooks":[{"type":"command","command":"x","if":"Bash(git *)","statusMessage":"s"}]}]}}`,
	`{"hooks":{"PreToolUse":[{"matcher":"mcp__github__create_issue","commandRegex":"^git","hooks":[{"type":"http","url":"http://x","headers":{"A":"b"},"allowedEnvVars":["T"]}]}]}}`,
	`{"hooks":{"PostToolUse":[{"matcher":"(Edit|Write)","hooks":[{"type":"mcp_tool","server":"s","tool":"t","input":{"a":1}}]}]}}`,
	`{"hooks":{"NoSuchEvent":[{"hooks":[{"type":"command","command":"x"}]}]}}`,
	`{"hooks":{"PreToolUse":[{"hooks":[{"type":"weird","command":"x"}]}]}}`,
	`{"hooks":{"PreToolUse":[{"hooks":[]}],"Stop":[{"matcher":1,"hooks":[{"type":"command","command":"x","timeout":-1}]}]}}`,
	`{"hooks":{"PreToolUse":[{"matcher":"Bash","hooks":[{"type":"command","command":"x","unknown":1}],"extra":2}]}}`,
	"{\n  // comment\n  \"hooks\": {\"Stop\": [{\"hooks\": [{\"type\": \"command\", \"command\": \"x\",},],},],},\n}",
	`{"hooks":[]}`,
	`[]`,
	`{}`,
	`{"hooks":{"PreCompact":[{"matcher":"auto","hooks":[{"type":"command","command":"x","timeout":0.5}]}]}}`,
	`{"hooks":{"PreToolUse":[{"matcher":"Bash-x|foo bar, baz","hooks":[{"type":"command","command":"x"}]}]}}`,
}

// seedCorpus adds the shared corpus folder dir and the hand seeds.
func seedCorpus(f *testing.F, dir string, hand []string) {
	f.Helper()
	providertest.SeedCorpus(f, filepath.Join("..", "..", "..", "shared", "corpus", dir, "*"), hand)
}

func fuzzNested(f *testing.F, slug, file, corpusDir string) {
	seedCorpus(f, corpusDir, handSeeds)
	a, ok := providers.Get(slug)
	if !ok {
		f.Fatalf("no adapter %q", slug)
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		RoundTrip(t, a, providers.Files{file: src}, nil)
	})
}

// RoundTrip checks the fuzz property on one input (see providertest).
func RoundTrip(t *testing.T, a providers.Adapter, in, existing providers.Files) {
	t.Helper()
	providertest.RoundTrip(t, a, in, existing, nil)
}
