package hookconv_test

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/hookconv/hookconv"
	"github.com/hookconv/hookconv/diag"
	"github.com/hookconv/hookconv/providers"
	"github.com/hookconv/hookconv/vocab"
)

// claudeSettings is a Claude Code settings file with one hook: a script
// run after every file edit. Keys of providers.Files are paths relative
// to the project root, as the tool would find the file.
const claudeSettings = `{
  "hooks": {
    "PostToolUse": [
      {
        "matcher": "Edit|Write",
        "hooks": [{"type": "command", "command": "./format.sh", "timeout": 30}]
      }
    ]
  }
}
`

// Convert a Claude Code settings file held in memory to Gemini CLI's. No
// existing target file is passed, so the output goes to Gemini CLI's
// project config path. Files is empty when any stage reported an error.
func ExampleConvert() {
	in := providers.Files{".claude/settings.json": []byte(claudeSettings)}
	res := hookconv.Convert("claude-code", "gemini-cli", in, nil)
	for _, d := range res.Diagnostics {
		fmt.Println(d)
	}
	for _, name := range res.Files.Paths() {
		fmt.Printf("%s:\n%s", name, res.Files[name])
	}
	// Output:
	// .claude/settings.json:6:19: info: 1 command hook(s) written for Claude Code, which runs them with bash on Windows, get no Windows command in gemini-cli, which runs hook commands with PowerShell there: on Windows their commands, in sh's syntax or running a ./path, fail, and a failing guard blocks nothing where only exit 2 blocks (hook 1); none is blocking [HC219]
	// .gemini/settings.json:
	// {
	//   "hooks": {
	//     "AfterTool": [
	//       {
	//         "matcher": "^replace$|^write_file$",
	//         "hooks": [
	//           {
	//             "type": "command",
	//             "command": "./format.sh",
	//             "timeout": 30000
	//           }
	//         ]
	//       }
	//     ]
	//   }
	// }
}

// Decode the input once and convert it to several tools. Each
// conversion's Diagnostics include the source's (decode and validate).
func ExampleDecodeSource() {
	in := providers.Files{".claude/settings.json": []byte(claudeSettings)}
	src := hookconv.DecodeSource("claude-code", in)
	for _, to := range []string{"gemini-cli", "cursor", "codex"} {
		res := src.Convert(to, nil, hookconv.Options{})
		fmt.Println(to, res.Files.Paths(), res.Diagnostics.Codes())
	}
	// Output:
	// gemini-cli [.gemini/settings.json] [HC219]
	// cursor [.cursor/hooks.json] [HC406]
	// codex [.codex/hooks.json] [HC219 HC405 HC212 HC330]
}

// Validate a hooks/1.0 manifest and print what is wrong with it, one
// diagnostic a line (file:line:col: severity: message [code]).
func ExampleValidateManifest() {
	manifest := `{
  "spec": "hooks/1.0",
  "hooks": [
    {
      "event": "before_tool_exec",
      "handler": {"type": "command", "command": "./guard.sh", "timeout": "10"}
    }
  ]
}
`
	_, ds := hookconv.ValidateManifest("hooks.json", []byte(manifest))
	for _, d := range ds {
		fmt.Println(d)
	}
	fmt.Println("errors:", ds.Count(diag.Error))
	// Output:
	// hooks.json:5:16: error: unknown event "before_tool_exec" [HC131]
	// hooks.json:6:74: error: hooks[0].handler.timeout must be a number (seconds), not a string [HC150]
	// errors: 2
}

// List the tools hookconv converts between: the slugs Convert takes,
// with each tool's name and project config path.
func Example_providers() {
	for _, p := range vocab.Default().Providers {
		fmt.Printf("%s: %s\n", p.Slug, p.Name)
	}
	// Output:
	// canonical: Hook Interchange Format manifest (hooks/1.0)
	// claude-code: Claude Code
	// gemini-cli: Gemini CLI
	// codex: OpenAI Codex CLI
	// factory-droid: Factory Droid
	// qwen-code: Qwen Code
	// cursor: Cursor
	// copilot-cli: GitHub Copilot CLI
	// vs-code-copilot: VS Code Copilot agent hooks
	// windsurf: Windsurf Cascade (Devin Desktop)
	// kiro: Kiro (v1 hook files: IDE 1.x, CLI 3.x)
	// kiro-legacy: Kiro IDE 0.x (.kiro.hook files)
	// kiro-agent: Kiro CLI 2.x (hooks in agent JSON)
	// cline: Cline (hook scripts)
	// opencode: OpenCode (generated plugin)
	// openhook: OpenHook 0.1 discovery file
}

// Convert a project directory as hookconv convert DIR does: the source
// tool is found from its files, and the files beside its config are read
// too. Here settings.local.json sets a variable the guard tests, which
// Gemini CLI does not set: only reading the project says so (HC440).
// Diagnostics name files by their paths on the disk.
func ExampleConvertProject() {
	dir, err := os.MkdirTemp("", "project")
	if err != nil {
		panic(err)
	}
	defer os.RemoveAll(dir)
	write := func(name, content string) {
		p := filepath.Join(dir, ".claude", name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			panic(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			panic(err)
		}
	}
	write("settings.json", `{"hooks": {"PreToolUse": [{"matcher": "Bash",
  "hooks": [{"type": "command", "command": "[ \"$STRICT\" = 1 ] && exit 2; exit 0", "timeout": 30}]}]}}`)
	write("settings.local.json", `{"env": {"STRICT": "1"}}`)

	res, err := hookconv.ConvertProject(dir, "", "gemini-cli", hookconv.ProjectOptions{})
	if err != nil {
		panic(err) // errors.Is(err, hookconv.ErrNoSource): no hooks there
	}
	fmt.Println("from:", res.From)
	for _, d := range res.Diagnostics {
		rel, _ := filepath.Rel(dir, d.File)
		fmt.Println(rel, d.Severity, d.Code)
	}
	fmt.Println("files:", res.Files.Paths())
	// Output:
	// from: claude-code
	// .claude/settings.json warning HC219
	// .claude/settings.json info HC425
	// .claude/settings.json info HC432
	// .claude/settings.local.json warning HC440
	// files: [.gemini/settings.json]
}
