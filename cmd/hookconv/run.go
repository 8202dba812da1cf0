package main

import (
	"context"
	"fmt"
	"io"
	"math"
	"os"
	"os/signal"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/hookconv/hookconv/canonical"
	"github.com/hookconv/hookconv/hookrun"
	"github.com/spf13/cobra"
)

func newRunCmd(e *env) *cobra.Command {
	var (
		opt      hookrun.Options
		timeout  float64
		headless bool
	)
	cmd := &cobra.Command{
		Use:   "run --provider TOOL [flags] -- COMMAND [ARG...]",
		Short: "Run a canonical hook under a tool, speaking the tool's hook contract",
		Long: `run is the shim a tool calls instead of a hook command. It reads the
tool's native hook payload on stdin, runs COMMAND with one canonical event
input on its stdin, decides what the hook said by the hooks/1.0 runtime
contract, and answers the tool in the tool's own terms: exit code, stdout
JSON and stderr. A hook written once for the canonical contract then runs
under every tool.

COMMAND runs directly with its arguments, without a shell (write sh -c '…'
for one), in a process group of its own, which is killed when run is
interrupted or terminated (SIGINT, SIGTERM, SIGHUP); on Linux the kernel
kills COMMAND's process when run itself is killed (SIGKILL). bash -c '…',
which convert --shim writes, runs with sh where bash is not installed.

What the hook reads on stdin, one JSON object:
  event            canonical event name (from --event, else the payload's own;
                   where they differ a warning names both, and the tool is
                   answered for the payload's, the event it ran the hook on)
  native_event     the tool's name for it
  session_id, cwd, prompt, transcript_path
  tool             canonical tool name (shell, file_edit, …) when known
  native_tool      the tool's name for it
  tool_input, tool_response
                   (where the tool sends a shell command as a list of
                   lines, tool_input.command holds them too, one per line)
  source           the --provider
  native           the tool's payload, byte for byte (null when it was not JSON)
With --from TOOL (the tool the hook was written for; convert --shim
writes the hook's source), the object also holds TOOL's own spelling of
the fields its payload keeps at its top level, under keys no canonical
field has, with TOOL's own names for the event and the tool: for a
Claude Code hook run by Gemini CLI, hook_event_name "PreToolUse" and
tool_name "Bash" (run_shell_command by Gemini CLI's names); Copilot
CLI's sessionId; and on a stop, where the tool's payload carries the
agent's last message, that message under TOOL's key
(last_assistant_message, Gemini CLI's prompt_response), which no
canonical field holds. A tool TOOL has no name for (or an MCP call whose
server the payload does not name, where TOOL's MCP names hold one) gets
no tool_name. Fields TOOL nests are built as TOOL sends them, from the
values the input has: Windsurf's tool_info (command_line from the
command, file_path, user_prompt, cwd; an MCP call's mcp_server_name,
mcp_tool_name and mcp_tool_arguments), Cline's object named for the
event (preToolUse {toolName, parameters}, tool_call {name, input},
userPromptSubmit, turn.outputText) and workspaceRoots. The tool's
input and response stay at tool_input and tool_response, with the
arguments the calling tool sends (and so do Cline's parameters): an
argument it does not send is not there, but the one that says what the
call acts on is also under TOOL's name for it where the two name it
otherwise (a Claude Code guard on Write run by Kiro CLI finds fs_write's
path at tool_input.file_path too; a rewrite that changes it changes
path).
Fields the payload lacks are left out; a payload that is not JSON still
runs the hook, with a warning. Where neither the payload nor --event
names the event (Copilot CLI's camelCase payloads: convert writes
--event), the hook runs without one, a warning says to pass --event
whatever the answer, and a --blocking hook's deny is answered with the
JSON of every deny the tool reads, in one object on exit 0 (Copilot CLI
reads exit 2 as a block on preToolUse only, and agentStop's decision
"block" on exit 0); a tool whose deny is an exit code alone gets that. Its environment adds HOOKCONV_EVENT,
HOOKCONV_PROVIDER and, when the tool did not set it, the tool's
project-directory variable (CLAUDE_PROJECT_DIR, …) set to cwd.

What the hook answers (hooks/1.0 §5), resolved in this order:
  1. Not --blocking: exit 2 is downgraded to 1, and a "deny", an "ask" or
     "continue": false to a warning: the action proceeds.
  2. Exit 2 blocks, whatever stdout says; the reason is stderr.
  3. Any other non-zero exit is a hook error: the action proceeds.
  4. Exit 0: stdout is empty ({}) or a JSON object with the optional fields
     decision (allow | deny | ask), reason, continue (false stops the
     agent), context, updated_input, system_message, suppress_output.
     deny blocks; ask asks the user, and is a deny with --headless or
     when CI is set; no decision allows; anything but a JSON object is a
     hook error. An updated_input without a decision approves nothing:
     Claude Code, Qwen Code and Factory Droid are answered ask with the
     rewritten input (their allow would skip the permission prompt);
     Codex, which applies a rewrite only with allow, gets allow.
     With --from TOOL, an exit-0 answer is also read in TOOL's own JSON: the
     answers the contracts table says TOOL reads on the event (Claude
     Code's hookSpecificOutput.permissionDecision "deny" | "ask" |
     "allow" with permissionDecisionReason, its additionalContext and
     updatedInput, continue false with stopReason, decision "block" on
     Stop; Cursor's permission "deny" and followup_message; Copilot
     CLI's flat permissionDecision; …), mapped to the canonical answer
     (a Stop's "block" is a deny: the agent goes on). A rewrite TOOL
     merges over the call's arguments (Gemini CLI's tool_input, which may
     give only the arguments it changes) is handed on merged: the target
     replaces the whole input with it. Output that is no JSON object, on
     an event where TOOL adds a hook's plain-text stdout to the agent's
     context (Claude Code's SessionStart and UserPromptSubmit), is the
     hook's context, not a hook error. Where TOOL reads a JSON answer
     whatever the exit code (Gemini CLI, on stdout else stderr; Cline, on
     stdout), one given with an exit but 2 is read as on exit 0; where TOOL
     finds it among debug text (Cline: all of stdout, else the text from
     its first { to its last }), that text is the answer. A decision given
     both ways is decided by the one that stops most (deny over ask over
     allow), as a field given twice is; the other fields are the
     canonical ones where both are given. Output that is no canonical
     answer but denies, asks or stops in TOOL's forms stands, with a
     warning. A value of one of TOOL's deciding fields that hookconv
     cannot map (permissionDecision "defer") is a warning on stderr for
     a --blocking hook, and no decision.
  5. --timeout: the hook's process group is killed. With --blocking and
     --timeout-action block that blocks; otherwise it is a hook error.
     The timeout covers reading the tool's payload too: stdin the tool
     has not closed by then is a timeout, and COMMAND is not run.
  6. With --blocking and --failure-action block, a hook error (3, 4:
     a crash, exit 1, a command that cannot start, output that is no
     answer) blocks too, with the error as the reason: convert --shim
     passes it for a hook its tool ran fail-closed (Cursor's failClosed,
     Copilot CLI's preToolUse).
  7. On an event where a block makes the agent go on working instead of
     stopping an action (Claude Code's Stop and SubagentStop, Codex's
     Stop, Gemini CLI's AfterAgent: "retry" in hookconv events), a
     failure or a timeout never blocks, whatever --timeout-action and
     --failure-action say, nor does stdout too long to read: a hook that
     crashes on every turn would keep the agent from ever stopping.
Of each of stdout and stderr the first MiB is kept (the rest is read and
dropped): a reason cut there ends in "… [truncated]". Stdout cut there
cannot be read as an answer: for a --blocking hook it blocks (but see 7),
saying the output was too long, unless it opens with a whole JSON deny,
which stands, or is a whole JSON answer followed by blanks alone up to
the cut, which is read as it says; for any other hook it is a hook error.

Where the tool cannot be told something, the safe thing is done instead:
an ask it has no ask for is a deny, an updated_input it cannot apply
blocks the action (input_rewrite degrades to block), a stop it cannot make
is a deny, context it cannot take is dropped with a warning. A hook error
is answered so that the tool lets the action proceed, also where the tool
itself would fail closed (Copilot CLI, Cursor's failClosed), unless
--failure-action block says the hook fails closed.

Copilot CLI also runs the hooks of Claude Code's .claude/settings.json
and of VS Code's .github/hooks files, run's command and all, and reads
only its own answers there. With --provider claude-code or
vs-code-copilot a deny is answered in a form both tools read as a block
where there is one (exit 2 with the reason on stderr on PreToolUse,
decision "block" on Claude Code's Stop, and on VS Code's Stop and
SubagentStop beside the hookSpecificOutput decision VS Code reads), else
in the tool's own form with a warning naming Copilot CLI (Claude Code's
PermissionRequest); an ask or a rewrite, which only the tool's JSON says,
gets the same warning.

Exit codes are the tool's: run ends with the code the tool reads (usually
0, 2 to block, 1 for a hook error). A mistake in run's own command line (a
flag this hookconv does not know, say from a newer hookconv's shim line;
--timeout -1) is said with a "hookconv:" message and answered as a hook
error of the --provider tool (exit 1, or 0 where the tool would fail
closed on 1), so the action proceeds as for any hook that fails, not
exit 2, which most tools read as a block. With --blocking anywhere before
"--" (flags that cannot be parsed hide where the command starts) it exits
2: a guard whose shim cannot run fails closed.

The run log: with --log FILE (or HOOKCONV_LOG, else AGENT_HOOKS_LOG, set
to a file), every run appends one JSON line to FILE:
  {"envelope": …, "provider": …, "session_id": …, "run": …}
envelope is the event's OpenHook 0.1 envelope (see hookconv envelope;
null for events OpenHook has no type for); run is a summary shaped like
Codex's HookRunSummary: id (the envelope's), eventName, handlerType,
executionMode, scope, source, sourcePath, displayOrder, status
(completed | failed | blocked | stopped), startedAt and completedAt (Unix
seconds), durationMs, entries [{kind: warning | stop | feedback |
context | error, text}]. Each line is one append, so hooks running at
once can share a file. A log that cannot be written is a warning on
stderr: the answer to the tool stays the same. The prompt and the tool's
input and output are given by length and SHA-256 only, unless
--include-content copies them. --log '' turns the log off.

Tools: hookconv providers lists them; run knows every one but the
canonical format.`,
		Example: `  hookconv run --provider claude-code --blocking -- ./guard.sh
  hookconv run --provider gemini-cli --timeout 5 --timeout-action block --blocking -- sh -c 'exec ./guard.sh'
  hookconv run --provider copilot-cli --event preToolUse -- python3 hooks/policy.py
  hookconv run --provider codex --log ~/.hookconv/runs.jsonl -- ./audit.sh`,
		Args: cobra.ArbitraryArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if opt.Provider == "" {
				return usagef("--provider is required")
			}
			// The manifest's bound also keeps the time.Duration below from overflowing.
			if math.IsNaN(timeout) || timeout < 0 || timeout > canonical.MaxTimeout {
				return usagef("--timeout must be a number of seconds, from 0 to %s", canonical.Number(canonical.MaxTimeout).Text)
			}
			opt.Timeout = time.Duration(timeout * float64(time.Second))
			opt.Headless = headless || hookrun.HeadlessEnv(os.Getenv)
			opt.Command = args
			if !cmd.Flags().Changed("log") {
				opt.Log = hookrun.LogPathEnv(os.Getenv)
			}
			if err := opt.Check(); err != nil {
				return usagef("%v", err)
			}
			// The tool may stop the shim at its own timeout, or hang up
			// on it when it exits (QA: SIGHUP left the hook running): take
			// the hook's process group down with it. A SIGKILL cannot be
			// caught: on Linux the kernel kills the hook's own process
			// then (hookrun's dieWithShim), elsewhere it outlives the shim.
			ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM, syscall.SIGHUP)
			defer stop()
			code, err := hookrun.Run(ctx, opt, e.stdin, e.stdout, e.stderr)
			if err != nil {
				return usagef("%v", err)
			}
			if code != 0 {
				return exitError{code}
			}
			return nil
		},
	}
	f := cmd.Flags()
	// Flags end at the command: its own flags are never read as run's.
	f.SetInterspersed(false)
	f.StringVarP(&opt.Provider, "provider", "p", "", "the tool that runs the hook (required)")
	f.StringVar(&opt.From, "from", "", "the tool the hook was written for: its payload's field names and its JSON answers are read too (convert --shim writes it)")
	f.StringVarP(&opt.Event, "event", "e", "", "the event, canonical or native (default: the payload's own)")
	f.BoolVar(&opt.Blocking, "blocking", false, "the hook may block the action (hook.blocking)")
	f.Float64Var(&timeout, "timeout", 0, "seconds before the hook is killed; 0 = no limit of run's own")
	f.StringVar(&opt.TimeoutAction, "timeout-action", hookrun.TimeoutWarn, "what a timeout of a blocking hook means: warn or block")
	f.StringVar(&opt.FailureAction, "failure-action", hookrun.TimeoutWarn, "what a failure of a blocking hook (a crash, exit 1, output that is no answer) means: warn or block")
	f.BoolVar(&headless, "headless", false, "nobody can answer an ask: it is a deny (also when CI is set)")
	f.StringVar(&opt.Log, "log", "", "append one JSON line per run to this file (default: $HOOKCONV_LOG, else $AGENT_HOOKS_LOG)")
	f.BoolVar(&opt.IncludeContent, "include-content", false, "copy the prompt and the tool's input and output into the log line (default: length and SHA-256 only)")
	f.BoolVar(&opt.Tokens, "tokens", false, "put each ${hookconv:NAME} in the command as the tool would have put $NAME: its value, shell-quoted (convert --shim writes these for Gemini CLI)")
	return cmd
}

// runUsageExit answers a mistake in run's own command line (args, the
// whole command line) to the tool, and returns the exit code: 2 only for
// a hook given --blocking, which fails closed; for any other, the
// --provider tool's hook-error answer (hookrun's contracts table: exit
// 1, or 0 where 1 would block, Copilot CLI's preToolUse), else 1. Exit 2
// is a block on most tools: a non-blocking hook's shim line that an older
// hookconv cannot read (QA q2 F6: a flag it does not know) blocked every
// call. The flags are read from args themselves, since cobra has parsed
// none of them when one is wrong.
func runUsageExit(args []string, msg string, stdout, stderr io.Writer) int {
	blocking, provider := false, ""
	for i := 0; i < len(args) && args[i] != "--"; i++ {
		a := args[i]
		switch {
		case a == "--blocking":
			blocking = true
		case strings.HasPrefix(a, "--blocking="):
			v, err := strconv.ParseBool(strings.TrimPrefix(a, "--blocking="))
			blocking = err != nil || v // a value it cannot read: fail closed
		case (a == "--provider" || a == "-p") && i+1 < len(args):
			provider = args[i+1]
		case strings.HasPrefix(a, "--provider="):
			provider = strings.TrimPrefix(a, "--provider=")
		case strings.HasPrefix(a, "-p") && !strings.HasPrefix(a, "--") && len(a) > 2:
			provider = strings.TrimPrefix(strings.TrimPrefix(a, "-p"), "=")
		}
	}
	text := "hookconv: " + msg
	if blocking {
		fmt.Fprintf(stderr, "%s (run's command line is wrong: the --blocking hook blocks)\n", text)
		return exitUsage
	}
	contracts := hookrun.Default()
	if _, ok := contracts.Contract(provider); !ok {
		fmt.Fprintf(stderr, "%s (run's command line is wrong: answered as a hook error)\n", text)
		return exitProblems
	}
	reply := contracts.Answer(provider, hookrun.EventRef{}, hookrun.Outcome{Error: text + " (run's command line is wrong: answered as a hook error)"})
	_, _ = stdout.Write(reply.Stdout)
	_, _ = stderr.Write(reply.Stderr)
	return reply.Exit
}
