package canonical

import (
	"encoding/json"
	"math"
	"slices"
	"strconv"
	"sync"

	"github.com/hookconv/hookconv/internal/node"
	"github.com/hookconv/hookconv/internal/parallel"
	"github.com/hookconv/hookconv/internal/sortedkeys"
)

// Marshal writes the manifest as canonical JSON: fields in spec order, map
// keys sorted, 2-space indent, a trailing newline, empty optional fields
// omitted and "spec" always SpecVersion. The same manifest always gives the
// same bytes, and Parse(Marshal(m)) gives back m.
func Marshal(m *Manifest) []byte {
	doc := ManifestNode(m)
	b := node.AppendIndent(make([]byte, 0, node.IndentedSize(doc, 0)+1), doc, 0)
	return append(b, '\n')
}

// MarshalYAML writes the manifest as YAML, for manifests kept in YAML: the
// same tree as Marshal, so Parse reads both to the same model.
func MarshalYAML(m *Manifest) ([]byte, error) {
	return node.AppendYAML(make([]byte, 0, 200*len(m.Hooks)+64), ManifestNode(m))
}

// MarshalHook writes one hook as compact canonical JSON; two hooks are the
// same hook exactly when these bytes are equal.
func MarshalHook(h *Hook) []byte { return node.AppendCompact(nil, hookNode(h, nil)) }

// ManifestNode returns the manifest as a document tree in canonical order.
func ManifestNode(m *Manifest) *node.Node {
	hooks := &node.Node{Kind: node.Array, Items: make([]*node.Node, len(m.Hooks))}
	var data rawNodes
	parallel.Do(parallel.Chunks(len(m.Hooks)), func(_ int, r parallel.Range) {
		for i := r.From; i < r.To; i++ {
			hooks.Items[i] = hookNode(&m.Hooks[i], &data)
		}
	})
	return object(
		field("spec", str(SpecVersion)),
		field("hooks", hooks),
	)
}

// rawNodes parses provider_data values once per text: the hooks of a
// large manifest share a few ({"$from":true}, {"$matcher":"Bash"}), and
// the trees written from them are only read. Safe for concurrent use; a
// nil one parses every time.
type rawNodes struct {
	mu     sync.Mutex
	byText map[string]*node.Node
}

func (c *rawNodes) node(r json.RawMessage) *node.Node {
	if c == nil {
		return raw(r)
	}
	c.mu.Lock()
	n, ok := c.byText[string(r)]
	c.mu.Unlock()
	if ok {
		return n
	}
	n = raw(r)
	c.mu.Lock()
	if c.byText == nil {
		c.byText = map[string]*node.Node{}
	}
	c.byText[string(r)] = n
	c.mu.Unlock()
	return n
}

func hookNode(h *Hook, data *rawNodes) *node.Node {
	o := &node.Node{Kind: node.Object}
	o.Fields = addStr(o.Fields, "name", h.Name)
	o.Fields = addStr(o.Fields, "event", h.Event)
	if h.Matcher != nil {
		o.Fields = append(o.Fields, field("matcher", MatcherNode(h.Matcher)))
	}
	o.Fields = append(o.Fields, field("handler", handlerNode(&h.Handler)))
	if h.Blocking {
		o.Fields = append(o.Fields, field("blocking", &node.Node{Kind: node.Bool, Bool: true}))
	}
	if len(h.Degradation) > 0 {
		d := &node.Node{Kind: node.Object}
		for _, k := range sortedkeys.Of(h.Degradation) {
			d.Fields = append(d.Fields, field(k, str(string(h.Degradation[k]))))
		}
		o.Fields = append(o.Fields, field("degradation", d))
	}
	if len(h.ProviderData) > 0 {
		d := &node.Node{Kind: node.Object}
		for _, k := range sortedkeys.Of(h.ProviderData) {
			d.Fields = append(d.Fields, field(k, data.node(h.ProviderData[k])))
		}
		o.Fields = append(o.Fields, field("provider_data", d))
	}
	if len(h.Capabilities) > 0 {
		o.Fields = append(o.Fields, field("capabilities", strList(h.Capabilities)))
	}
	return o
}

func handlerNode(h *Handler) *node.Node {
	o := &node.Node{Kind: node.Object}
	o.Fields = addStr(o.Fields, "type", h.Type)
	o.Fields = addStr(o.Fields, "command", h.Command)
	if len(h.Platform) > 0 {
		o.Fields = append(o.Fields, field("platform", strMap(h.Platform)))
	}
	o.Fields = addStr(o.Fields, "cwd", h.Cwd)
	if len(h.Env) > 0 {
		o.Fields = append(o.Fields, field("env", strMap(h.Env)))
	}
	if h.Timeout > 0 {
		o.Fields = append(o.Fields, field("timeout", Number(h.Timeout)))
	}
	o.Fields = addStr(o.Fields, "timeout_action", h.TimeoutAction)
	if h.Async {
		o.Fields = append(o.Fields, field("async", &node.Node{Kind: node.Bool, Bool: true}))
	}
	o.Fields = addStr(o.Fields, "status_message", h.StatusMessage)
	o.Fields = addStr(o.Fields, "url", h.URL)
	if len(h.Headers) > 0 {
		o.Fields = append(o.Fields, field("headers", strMap(h.Headers)))
	}
	if len(h.AllowedEnvVars) > 0 {
		o.Fields = append(o.Fields, field("allowed_env_vars", strList(h.AllowedEnvVars)))
	}
	o.Fields = addStr(o.Fields, "prompt", h.Prompt)
	o.Fields = addStr(o.Fields, "model", h.Model)
	o.Fields = addStr(o.Fields, "server", h.Server)
	o.Fields = addStr(o.Fields, "tool", h.Tool)
	if len(h.Input) > 0 {
		o.Fields = append(o.Fields, field("input", raw(h.Input)))
	}
	return o
}

// MatcherText is a matcher's canonical JSON, compact ("null" for none),
// for comparisons and messages.
func MatcherText(m Matcher) string {
	return string(node.AppendCompact(nil, MatcherNode(m)))
}

// SameMatcher reports whether two matchers select the same tools as
// written: both absent, or the same canonical JSON. Compared as values,
// not as rendered JSON: checks ask this of every hook of a large config.
func SameMatcher(a, b Matcher) bool {
	if x, ok := a.(AnyOf); ok {
		y, ok := b.(AnyOf)
		return ok && slices.EqualFunc(x, y, SameMatcher)
	}
	return a == b // the other kinds are comparable values; nil is nil
}

// MatcherNode renders a matcher in its canonical JSON form.
func MatcherNode(m Matcher) *node.Node {
	switch m := m.(type) {
	case ToolName:
		return str(string(m))
	case Pattern:
		return object(field("pattern", str(m.Regex)))
	case MCP:
		in := object(field("server", str(m.Server)))
		if m.Tool != "" {
			in.Fields = append(in.Fields, field("tool", str(m.Tool)))
		}
		return object(field("mcp", in))
	case AnyOf:
		a := &node.Node{Kind: node.Array, Items: make([]*node.Node, len(m))}
		for i, x := range m {
			a.Items[i] = MatcherNode(x)
		}
		return a
	}
	return &node.Node{Kind: node.Null}
}

// Number renders a float the shortest way that reads back exactly
// (10, 0.5, 1.25), in exponent form only below 1e-6 (5e-324).
func Number(f float64) *node.Node {
	return &node.Node{Kind: node.Number, Text: NumberText(f)}
}

// NumberText is the text of Number(f), for an encoder that makes its
// nodes elsewhere (an arena).
func NumberText(f float64) string {
	if f >= 1 && f < 1e15 && f == math.Trunc(f) {
		// A whole number, as nearly every timeout is: FormatInt spells it
		// as FormatFloat does, at a fraction of the cost, and under 100
		// without allocating (a large config writes thousands).
		return strconv.FormatInt(int64(f), 10)
	}
	if f != 0 && math.Abs(f) < 1e-6 {
		// A timeout too small for a float64's decimals to end soon
		// (1e-400 in a manifest is kept as 5e-324): an exponent, not
		// 330 digits, which JSON, YAML and TOML all read.
		return strconv.FormatFloat(f, 'g', -1, 64)
	}
	return strconv.FormatFloat(f, 'f', -1, 64)
}

// raw turns carried JSON back into a tree; carried JSON was produced by
// node.AppendCompact, so it always parses.
func raw(r json.RawMessage) *node.Node {
	n, err := node.ParseJSON(r, node.JSONOptions{})
	if err != nil {
		return &node.Node{Kind: node.Null}
	}
	return n
}

func object(fs ...node.Field) *node.Node { return &node.Node{Kind: node.Object, Fields: fs} }

func field(k string, v *node.Node) node.Field { return node.Field{Key: k, Value: v} }

func str(s string) *node.Node { return &node.Node{Kind: node.String, Text: s} }

func addStr(fs []node.Field, k, v string) []node.Field {
	if v == "" {
		return fs
	}
	return append(fs, field(k, str(v)))
}

func strList(ss []string) *node.Node {
	a := &node.Node{Kind: node.Array, Items: make([]*node.Node, len(ss))}
	for i, s := range ss {
		a.Items[i] = str(s)
	}
	return a
}

func strMap(m map[string]string) *node.Node {
	o := &node.Node{Kind: node.Object}
	for _, k := range sortedkeys.Of(m) {
		o.Fields = append(o.Fields, field(k, str(m[k])))
	}
	return o
}
