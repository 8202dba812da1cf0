package main

import (
	"fmt"
	"time"

	"github.com/hookconv/hookconv/hookrun"
	"github.com/spf13/cobra"
)

func newEnvelopeCmd(e *env) *cobra.Command {
	var provider, event, format string
	cmd := &cobra.Command{
		Use:   "envelope --provider TOOL [--event EVENT] [--format openhook]",
		Short: "Turn a tool's hook payload into an OpenHook event envelope",
		Long: `envelope reads a tool's native hook payload on stdin and prints it as one
OpenHook 0.1 event envelope (openhook, id, source, type, time, session_id,
context, data), so an OpenHook consumer — a telemetry exporter, an audit
log — can be fed from any tool's hooks. It reads the payload the way
hookconv run does; --event names the event where the payload does not.

OpenHook has six event types (session.start, session.end, prompt.submit,
tool.start, tool.end, file.write); a payload of any other event is an
error (exit 1).`,
		Example: `  hookconv envelope --provider claude-code < payload.json
  hookconv envelope --provider copilot-cli --event preToolUse | otel-hooks hook`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if format != "openhook" {
				return usagef("--format must be openhook, not %q", format)
			}
			if provider == "" {
				return usagef("--provider is required")
			}
			t := hookrun.Default()
			if err := t.CheckEvent(provider, event); err != nil {
				return usagef("%v", err)
			}
			in, warns := t.Normalise(provider, event, hookrun.ReadPayload(e.stdin))
			for _, w := range warns {
				fmt.Fprintf(e.stderr, "hookconv: %s\n", w)
			}
			out, err := hookrun.Envelope(&in, hookrun.NewID(), time.Now())
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
	return cmd
}
