// Package kiroagent is the adapter of the hooks Kiro CLI 2.x (formerly
// Amazon Q Developer CLI) reads from an agent file,
// .kiro/agents/<agent>.json:
//
//	{"name": "default", "tools": ["*"], "hooks": {
//	  "preToolUse": [{"matcher": "execute_bash", "command": "./guard.sh", "timeout_ms": 5000}]}}
//
// Triggers are camelCase (agentSpawn, userPromptSubmit, preToolUse,
// postToolUse, stop); an entry runs one shell command. Its matcher, read
// on preToolUse and postToolUse only, is one glob over tool names ("*",
// "fs_*", "@builtin", "@server", "@server/tool"): a hook whose canonical
// matcher names several tools is written as one entry per tool. Timeouts
// are in milliseconds.
//
// Kiro CLI parses the agent file strictly: an unknown top-level key or
// trigger makes it reject the whole agent. So the hooks are merged into
// the existing file, leaving every other key as it is, and nothing but
// the documented triggers and entry keys is ever written. A new file gets
// the keys an agent needs besides its hooks: "name" and "tools".
//
// provider_data["kiro-agent"] (a JSON object) keeps what has no canonical
// home:
//   - "max_output_size", "cache_ttl_seconds", "only_when_turn_complete":
//     the entry's keys, verbatim;
//   - "timeout_ms": 0 when the file says 0 (a canonical 0 means the
//     tool's default, which in Kiro CLI is 30 s);
//   - "$matcher": the entry's matcher when it selects no tools (Kiro
//     ignores it on agentSpawn, userPromptSubmit and stop), or when
//     writing the canonical matcher back would spell it differently
//     ("*", "fs_*").
package kiroagent

import (
	"fmt"
	"path"
	"strings"

	"github.com/hookconv/hookconv/canonical"
	"github.com/hookconv/hookconv/diag"
	"github.com/hookconv/hookconv/internal/node"
	"github.com/hookconv/hookconv/providers"
	"github.com/hookconv/hookconv/vocab"
)

// Slug is the provider slug.
const Slug = "kiro-agent"

// Diagnostic codes of the Kiro CLI agent-hooks adapter. Encoders also use
// the shared codes of package providers and nested for what every format
// reports the same way (a hook not written, a matcher part lost, a field
// dropped).
const (
	// CodeShape (error): a value of the wrong shape, which Kiro CLI would
	// reject with the whole agent file; the entry is not read.
	CodeShape = "HC540"
	// CodeUnknownKey (warning): an entry key Kiro CLI ignores; not carried
	// over.
	CodeUnknownKey = "HC541"
	// CodeUnknownTrigger (warning): a trigger hookconv does not know. Kiro
	// CLI rejects an agent file with one; the hooks are kept as a Kiro
	// CLI-only event and never written back.
	CodeUnknownTrigger = "HC542"
	// CodeNoHooks (info): the agent file has no "hooks".
	CodeNoHooks = "HC543"
	// CodeExpanded (info): a hook whose matcher names several tools was
	// written as one entry per tool.
	CodeExpanded = "HC544"
	// CodeNewAgent (info): the hooks went into a new agent file, which
	// also got a "name" and "tools". The pipeline makes it a warning where
	// the hooks hold a guard, which runs only in that agent's sessions,
	// or the project has agents of its own, which do not run those hooks,
	// and says it as a warning too where the hooks were merged into an
	// existing default.json beside such agents.
	CodeNewAgent = "HC545"
	// CodeBadData (warning): a provider_data["kiro-agent"] value Kiro CLI
	// would not accept (an unknown key, a wrong type); not written.
	CodeBadData = "HC546"
	// CodeUndocumented (warning): a trigger mapped to one entry instead of
	// a list, which Kiro CLI rejects; read as a list of one.
	CodeUndocumented = "HC547"
	// CodeAgentsMerged (warning): hooks of several agent files, each run
	// by Kiro CLI only in its own agent's sessions, were read together
	// and so are converted into one set that runs in every session.
	CodeAgentsMerged = "HC548"
)

// Adapter is the Kiro CLI agent-hooks providers.Adapter.
type Adapter struct{ providers.Rows }

var _ providers.Adapter = (*Adapter)(nil)

func init() { providers.Register(&Adapter{}) }

// Slug implements providers.Adapter.
func (a *Adapter) Slug() string { return Slug }

// Decode implements providers.Adapter: the hooks of every agent file, in
// path order.
func (a *Adapter) Decode(files providers.Files) (*canonical.Manifest, diag.List) {
	return a.DecodeSeeing(files, nil)
}

// DecodeSeeing implements providers.TreeDecoder.
func (a *Adapter) DecodeSeeing(files providers.Files, see func(string, *node.Node)) (*canonical.Manifest, diag.List) {
	a.Load(Slug)
	var agents []agentHooks
	m, ds := providers.DecodeJSONFilesSeeing(files, a.Prov, see, func(p string, root *node.Node) ([]canonical.Hook, diag.List) {
		d := &decoder{Adapter: a, file: p}
		hooks := d.decodeFile(root)
		if len(hooks) > 0 {
			agents = append(agents, agentHooks{file: p, name: agentName(p, root), hooks: len(hooks), at: root.Get("hooks").Pos})
		}
		return hooks, d.ds
	})
	return m, append(ds, agentsMerged(agents)...)
}

// agentHooks is what DecodeSeeing notes of an agent file that holds hooks.
type agentHooks struct {
	file, name string
	hooks      int
	at         diag.Pos // its "hooks"
}

// AgentName is the agent the agent file file, holding src, defines: its
// "name", else its file name (Kiro CLI's --agent takes either); the file
// name too for a file that is no JSON object.
func AgentName(file string, src []byte) string {
	root, err := node.ParseJSON(src, node.JSONOptions{JSONC: true})
	if err != nil || root.Kind != node.Object {
		root = &node.Node{Kind: node.Object}
	}
	return agentName(file, root)
}

// agentName is the agent a file defines: its "name", else its file name
// (Kiro CLI's --agent takes either).
func agentName(file string, root *node.Node) string {
	if n := root.Get("name"); n != nil && n.Kind == node.String && n.Text != "" {
		return n.Text
	}
	return strings.TrimSuffix(path.Base(file), path.Ext(file))
}

// agentsMerged warns, at each agent file, when the hooks of several
// agents were read together. Kiro CLI runs an agent's hooks only in the
// sessions of that agent (reference part 2 §3.4: hooks live in each
// agent's JSON); every other tool, and Kiro's own default.json once
// written back, has one set of hooks for every session, so a guard meant
// for a reviewing agent alone (QA: one that refuses every write) would
// block in all of them. Not an error: merging may be what the user wants.
func agentsMerged(agents []agentHooks) diag.List {
	if len(agents) < 2 {
		return nil
	}
	var ds diag.List
	for i, a := range agents {
		others := make([]string, 0, len(agents)-1)
		for j, b := range agents {
			if j != i {
				others = append(others, fmt.Sprintf("%q", b.name))
			}
		}
		ds.Warnf(CodeAgentsMerged, a.at, "hooks", "convert one agent's file at a time (hookconv convert "+a.file+") to keep its hooks to itself",
			"the %d hook(s) of Kiro CLI agent %q run only in that agent's sessions; read together with those of agent(s) %s, they are converted into one set that runs in every session",
			a.hooks, a.name, strings.Join(others, ", "))
		ds[len(ds)-1].File = a.file
	}
	return ds
}

// Encode implements providers.Adapter: the hooks go into the "hooks" of
// the one existing agent file given (the -o target), else of
// .kiro/agents/default.json. An existing file keeps every other key, its
// order and formatting; a new one is a complete agent.
func (a *Adapter) Encode(m *canonical.Manifest, existing providers.Files) (providers.Files, diag.List) {
	a.Load(Slug)
	e := &encoder{Adapter: a}
	hooks := e.encodeHooks(m)
	target := existing.Target(a.Prov.Paths[0])
	members := []node.Field{{Key: "hooks", Value: hooks}}
	if len(strings.TrimSpace(string(existing[target]))) == 0 {
		members = e.newAgent(target, hooks)
	}
	return providers.EncodeJSONConfig(target, existing, members, countEntries, e.ds)
}

// newAgent is the content of a new agent file. Kiro CLI 2.x requires
// "name" (Amazon Q CLI's Agent struct has no default for it); "tools" is
// not required, but an agent without it has no tools at all, so its tool
// hooks could never fire: it gets every tool, as Kiro's default agent has.
func (e *encoder) newAgent(target string, hooks *node.Node) []node.Field {
	base := path.Base(target)
	name := strings.TrimSuffix(base, path.Ext(base))
	if name == "" || name == "." || name == "/" {
		name = "default"
	}
	var ds diag.List
	ds.Infof(CodeNewAgent, diag.Pos{}, "", "pass your agent's file with -o to add the hooks to it instead",
		"%s is a new Kiro CLI agent %q with every tool (\"tools\": [\"*\"]); start it with kiro-cli chat --agent %s", target, name, name)
	e.ds = append(e.ds, ds.WithFile(target)...)
	return []node.Field{
		{Key: "name", Value: str(name)},
		{Key: "tools", Value: &node.Node{Kind: node.Array, Items: []*node.Node{str("*")}}},
		{Key: "hooks", Value: hooks},
	}
}

// countEntries counts the entries of a "hooks" value.
func countEntries(hooks *node.Node) int {
	n := 0
	for _, f := range hooks.Fields {
		n += len(f.Value.Items)
	}
	return n
}

// Expand returns the hooks the agent file holds for m once written: a
// hook whose matcher needs several globs becomes one hook per glob, each
// with the matcher that glob reads back as. The verify stage compares
// the written file with this, not with m.
func (a *Adapter) Expand(m *canonical.Manifest) *canonical.Manifest {
	a.Load(Slug)
	out := *m
	out.Hooks = make([]canonical.Hook, 0, len(m.Hooks))
	for i := range m.Hooks {
		h := &m.Hooks[i]
		rows := a.Names.EncodeEvent(Slug, h.Event)
		var texts []string
		if len(rows) > 0 && rows[0].Matcher == vocab.MatchTool {
			pd, _ := ownData(h)
			texts, _, _ = a.toolMatchers(h, pd)
		}
		if len(texts) == 0 {
			out.Hooks = append(out.Hooks, *h)
			continue
		}
		for _, t := range texts {
			c := *h
			c.Matcher = a.decodeMatcher(t)
			out.Hooks = append(out.Hooks, c)
		}
	}
	return &out
}

func str(s string) *node.Node { return &node.Node{Kind: node.String, Text: s} }
