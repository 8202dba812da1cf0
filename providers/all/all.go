// Package all registers every adapter; import it for its side effect.
package all

import (
	_ "github.com/hookconv/hookconv/providers/canonicalfmt" // hooks/1.0 manifests
	_ "github.com/hookconv/hookconv/providers/claudecode"   // Claude Code
	_ "github.com/hookconv/hookconv/providers/cline"        // Cline hook scripts
	_ "github.com/hookconv/hookconv/providers/codex"        // OpenAI Codex CLI
	_ "github.com/hookconv/hookconv/providers/copilot"      // Copilot CLI, VS Code Copilot
	_ "github.com/hookconv/hookconv/providers/cursor"       // Cursor
	_ "github.com/hookconv/hookconv/providers/droid"        // Factory Droid
	_ "github.com/hookconv/hookconv/providers/gemini"       // Gemini CLI
	_ "github.com/hookconv/hookconv/providers/kiro"         // Kiro v1 hook files (IDE 1.x, CLI 3.x)
	_ "github.com/hookconv/hookconv/providers/kiroagent"    // Kiro CLI 2.x agent hooks
	_ "github.com/hookconv/hookconv/providers/kirolegacy"   // Kiro IDE 0.x .kiro.hook files
	_ "github.com/hookconv/hookconv/providers/opencode"     // OpenCode (generated plugin)
	_ "github.com/hookconv/hookconv/providers/openhook"     // OpenHook 0.1 discovery file
	_ "github.com/hookconv/hookconv/providers/qwen"         // Qwen Code
	_ "github.com/hookconv/hookconv/providers/windsurf"     // Windsurf
)
