package main

import (
	"strings"

	"github.com/hookconv/hookconv/capabilities"
	"github.com/hookconv/hookconv/vocab"
	"github.com/spf13/cobra"
)

// providerArg resolves --provider, naming the known slugs when it is wrong.
func providerArg(slug string) (vocab.Provider, error) {
	names := vocab.Default()
	p, ok := names.Provider(slug)
	if !ok {
		return p, usagef("unknown provider %q%s; known providers: %s", slug, didYouMean(slug, names.Slugs()), strings.Join(names.Slugs(), ", "))
	}
	return p, nil
}

// listing builds a command that prints one registry table.
func listing(e *env, use, short, long, example string, build func(provider string) (*table, error)) *cobra.Command {
	var format, provider string
	cmd := &cobra.Command{
		Use:     use,
		Short:   short,
		Long:    long,
		Example: example,
		Args:    cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := checkTableFormat(format); err != nil {
				return err
			}
			if provider != "" {
				if _, err := providerArg(provider); err != nil {
					return err
				}
			}
			t, err := build(provider)
			if err != nil {
				return err
			}
			return t.write(e.stdout, format)
		},
	}
	cmd.Flags().StringVarP(&format, "format", "f", "table", "output format: table, json or markdown")
	cmd.Flags().StringVarP(&provider, "provider", "p", "", "show one provider's rows: its native names (events, tools), or its support (capabilities)")
	return cmd
}

func newEventsCmd(e *env) *cobra.Command {
	return listing(e, "events", "List canonical events, or one provider's event names",
		`Without --provider, lists the canonical events with their tier (core,
extended, exclusive) and timing. With --provider, lists that tool's native
event names, what its matcher selects there and what a blocking hook can do.`,
		`  hookconv events
  hookconv events --provider cursor --format markdown`,
		func(provider string) (*table, error) {
			names := vocab.Default()
			// The manifest's names are the canonical events themselves:
			// --provider canonical lists them (QA: an empty table).
			if provider == "" || provider == "canonical" {
				t := newTable("event:event", "tier:tier", "timing:timing", "matcher:matcher", "summary:summary")
				for _, ev := range names.Events {
					t.add(ev.Name, ev.Tier, ev.Timing, ev.Subject, ev.Summary)
				}
				return t, nil
			}
			caps := capabilities.Default()
			t := newTable("event:event", "native:native", "matcher:matcher", "tools:tools", "blocking:blocking", "note:note")
			for _, n := range names.EventsOf(provider) {
				b, _ := caps.BlockingOf(provider, n.Event)
				note := join(n.Note, b.Note)
				if n.Note == "" {
					note = b.Note
				}
				if len(n.FiresFor) > 0 {
					note = join("fires only for "+strings.Join(n.FiresFor, ", "), note)
				}
				switch {
				case n.Lossy:
					note = join("lossy: shared with another event", note)
				case n.Versioned:
					note = join("read only, in a file with a numeric version", note)
				case n.Alias:
					note = join("read only", note)
				}
				t.add(n.Event, n.Name, n.Matcher, strings.Join(n.Tools, ","), b.Behaviour, note)
			}
			return t, nil
		})
}

func join(a, b string) string {
	if b == "" {
		return a
	}
	return a + "; " + b
}

func newToolsCmd(e *env) *cobra.Command {
	return listing(e, "tools", "List canonical tool names, or one provider's tool names",
		`Without --provider, lists the canonical tool names a bare-string matcher
may use. With --provider, lists that tool's native names for them.`,
		`  hookconv tools
  hookconv tools --provider gemini-cli`,
		func(provider string) (*table, error) {
			names := vocab.Default()
			if provider == "" || provider == "canonical" { // as events
				t := newTable("tool:tool", "summary:summary")
				for _, tl := range names.Tools {
					t.add(tl.Name, tl.Summary)
				}
				return t, nil
			}
			// input: the arguments the tool hands its hooks (the tools
			// table's input, on the tool's first row), its notes beside
			// the row's own.
			t := newTable("tool:tool", "native:native", "event:event", "input:input", "note:note")
			for _, n := range names.ToolsOf(provider) {
				var notes []string
				if n.Alias {
					notes = append(notes, "read only")
				} else if first, _ := names.EncodeTool(provider, n.Tool); first.Name != n.Name && !n.WriteOnly {
					notes = append(notes, "written beside "+first.Name)
				}
				for _, f := range n.InputOwn {
					notes = append(notes, f+" means something of "+n.Name+"'s own, not what other tools send under that name")
				}
				if n.InputNote != "" {
					notes = append(notes, n.InputNote)
				}
				t.add(n.Tool, n.Name, n.Event, strings.Join(n.Input, ","), strings.Join(notes, "; "))
			}
			p, _ := names.Provider(provider)
			switch {
			case p.MCP != "" && p.MCPServer != "":
				t.add("mcp", p.MCP, "", "", "every tool of a server: "+p.MCPServer)
			case p.MCP != "":
				t.add("mcp", p.MCP, "", "", "no spelling for every tool of a server")
			}
			return t, nil
		})
}

func newProvidersCmd(e *env) *cobra.Command {
	cmd := listing(e, "providers", "List the tools hookconv converts between",
		`Lists every provider slug with its config file, timeout unit and MCP tool
spelling.`,
		`  hookconv providers
  hookconv providers --format json`,
		func(string) (*table, error) {
			t := newTable("slug:slug", "name:name", "path:config", "timeout_unit:timeout", "mcp:mcp tools")
			for _, p := range vocab.Default().Providers {
				unit := p.TimeoutUnit
				if unit == "" {
					unit = "none"
				}
				t.add(p.Slug, p.Name, p.Paths[0], unit, p.MCP)
			}
			return t, nil
		})
	cmd.Flags().MarkHidden("provider")
	return cmd
}

func newCapabilitiesCmd(e *env) *cobra.Command {
	return listing(e, "capabilities", "List capabilities, or one provider's support for them",
		`Without --provider, lists the capabilities hookconv infers from a hook and
the default degradation strategy when a target lacks one. With --provider,
lists how far that tool supports each.`,
		`  hookconv capabilities
  hookconv capabilities --provider codex`,
		func(provider string) (*table, error) {
			caps := capabilities.Default()
			if provider == "" {
				t := newTable("capability:capability", "default:default", "inferred:inferred when", "summary:summary")
				for _, c := range caps.Capabilities {
					t.add(c.ID, c.Default, c.Inferred, c.Summary)
				}
				return t, nil
			}
			t := newTable("capability:capability", "support:support", "note:note")
			for _, c := range caps.Capabilities {
				s, _ := caps.SupportOf(provider, c.ID)
				t.add(c.ID, s.Level, s.Note)
			}
			return t, nil
		})
}
