package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"time"

	"github.com/hookconv/hookconv/hookrun"
	"github.com/spf13/cobra"
)

// agentHooksUnsupported is why --format agent-hooks is refused: hookconv
// writes a format only from its published definition, and the Agent Hooks
// specification's event names and required envelope fields could not be
// read from one.
const agentHooksUnsupported = "--format agent-hooks is not supported: the Agent Hooks specification's event names and required envelope fields are not available to hookconv from a published definition, and it does not guess them; use --format openhook"

func newEnvelopeCmd(e *env) *cobra.Command {
	var (
		provider, event, format string
		includeContent          bool
	)
	cmd := &cobra.Command{
		Use:   "envelope --provider TOOL [--event EVENT] [--format openhook] [--include-content]",
		Short: "Turn a tool's hook payload into an OpenHook event envelope",
		Long: `envelope reads a tool's native hook payload on stdin and prints it as one
OpenHook 0.1 event envelope (openhook, id, source, type, time, session_id,
context, data, extensions), so an OpenHook consumer — a telemetry
exporter, an audit log — can be fed from any tool's hooks. It reads the
payload the way hookconv run does; --event names the event where the
payload does not.

OpenHook has six event types (session.start, session.end, prompt.submit,
tool.start, tool.end, file.write); a payload of any other event is an
error (exit 1). id is a random UUID (v4), time is RFC 3339 with the zone,
context is the payload's working directory as a file:// URI.

Prompts, tool inputs and tool outputs are not copied into the envelope:
extensions.hookconv gives each by length and SHA-256 only
(prompt_length, prompt_sha256, tool_input_bytes, tool_input_sha256,
tool_response_bytes, tool_response_sha256). --include-content adds the
texts themselves (prompt, tool_input, tool_response).

--format agent-hooks is refused: hookconv has no published definition of
the Agent Hooks event names and required fields to write them from.`,
		Example: `  hookconv envelope --provider claude-code < payload.json
  hookconv envelope --provider copilot-cli --event preToolUse | otel-hooks hook`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			switch format {
			case "openhook":
			case "agent-hooks":
				return usagef("%s", agentHooksUnsupported)
			default:
				return usagef("--format must be openhook, not %q", format)
			}
			if provider == "" {
				return usagef("--provider is required")
			}
			t := hookrun.Default()
			if err := t.CheckEvent(provider, event); err != nil {
				return usagef("%v", err)
			}
			payload := bytes.TrimSpace(hookrun.ReadPayload(e.stdin))
			// An envelope says what a tool's payload held: without one
			// there is nothing to say (QA: exit 0 and an empty
			// session_id), and run's warnings about what a hook gets do
			// not apply.
			switch {
			case len(payload) == 0:
				fmt.Fprintf(e.stderr, "hookconv: no payload on stdin: envelope reads the %s hook payload the tool hands a hook\n", provider)
				return exitError{exitProblems}
			case payload[0] != '{' || !json.Valid(payload):
				fmt.Fprintf(e.stderr, "hookconv: the payload on stdin is not a JSON object: envelope reads the %s hook payload the tool hands a hook\n", provider)
				return exitError{exitProblems}
			}
			in, warns := t.Normalise(provider, event, payload)
			for _, w := range warns {
				fmt.Fprintf(e.stderr, "hookconv: %s\n", w)
			}
			if in.SessionID == "" && in.Event != "" {
				// OpenHook requires session_id (reference part 1 §5.3);
				// Kiro CLI's payload has none. A new id keeps the
				// envelope valid; the note says it ties no events together.
				in.SessionID = hookrun.NewID()
				fmt.Fprintf(e.stderr, "hookconv: the %s payload has no session id, which OpenHook requires: session_id is a new random id, not shared by the session's other events\n", provider)
			}
			out, err := hookrun.Envelope(&in, hookrun.NewID(), time.Now(), includeContent)
			if err != nil {
				fmt.Fprintf(e.stderr, "hookconv: %v\n", err)
				return exitError{exitProblems}
			}
			_, err = e.stdout.Write(out)
			return err
		},
	}
	f := cmd.Flags()
	f.StringVarP(&provider, "provider", "p", "", "the tool whose payload is on stdin (required)")
	f.StringVarP(&event, "event", "e", "", "the event, canonical or native (default: the payload's own)")
	f.StringVarP(&format, "format", "f", "openhook", "envelope format: openhook (OpenHook 0.1)")
	f.BoolVar(&includeContent, "include-content", false, "copy the prompt and the tool's input and output (default: length and SHA-256 only)")
	return cmd
}
