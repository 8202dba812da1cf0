package jsonedit

import (
	"bytes"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/hookconv/hookconv/internal/node"
)

// Values to splice in. The expected outputs below are written out by hand
// from these.
const (
	stopHook  = `{"Stop":[{"command":"x"}]}`
	emptyStop = `{"Stop":[]}`
)

func mustParse(t testing.TB, s string) *node.Node {
	t.Helper()
	n, err := node.ParseJSON([]byte(s), node.JSONOptions{JSONC: true})
	if err != nil {
		t.Fatalf("parse %q: %v", s, err)
	}
	return n
}

var jsonc = node.JSONOptions{JSONC: true}

type setCase struct {
	name  string
	opt   node.JSONOptions
	src   string
	key   string
	value string
	want  string
}

var setCases = []setCase{
	{
		name:  "replace between siblings, 2 spaces",
		src:   "{\n  \"permissions\": {\n    \"allow\": [\"Bash(ls)\"]\n  },\n  \"hooks\": {\n    \"Stop\": []\n  },\n  \"model\": \"opus\"\n}\n",
		key:   "hooks",
		value: stopHook,
		want: `{
  "permissions": {
    "allow": ["Bash(ls)"]
  },
  "hooks": {
    "Stop": [
      {
        "command": "x"
      }
    ]
  },
  "model": "opus"
}
`,
	},
	{
		name: "insert after env/model/statusLine, 4 spaces",
		src: `{
    "env": {
        "FOO": "1"
    },
    "model": "sonnet",
    "statusLine": {
        "type": "command",
        "command": "~/.claude/statusline.sh"
    }
}
`,
		key:   "hooks",
		value: stopHook,
		want: `{
    "env": {
        "FOO": "1"
    },
    "model": "sonnet",
    "statusLine": {
        "type": "command",
        "command": "~/.claude/statusline.sh"
    },
    "hooks": {
        "Stop": [
            {
                "command": "x"
            }
        ]
    }
}
`,
	},
	{
		name:  "replace first member, tabs",
		src:   "{\n\t\"hooks\": {},\n\t\"model\": \"opus\"\n}\n",
		key:   "hooks",
		value: stopHook,
		want:  "{\n\t\"hooks\": {\n\t\t\"Stop\": [\n\t\t\t{\n\t\t\t\t\"command\": \"x\"\n\t\t\t}\n\t\t]\n\t},\n\t\"model\": \"opus\"\n}\n",
	},
	{
		name:  "insert, tabs",
		src:   "{\n\t\"model\": \"opus\"\n}\n",
		key:   "hooks",
		value: emptyStop,
		want:  "{\n\t\"model\": \"opus\",\n\t\"hooks\": {\n\t\t\"Stop\": []\n\t}\n}\n",
	},
	{
		name:  "replace, CRLF",
		src:   "{\r\n  \"model\": \"opus\",\r\n  \"hooks\": null\r\n}\r\n",
		key:   "hooks",
		value: stopHook,
		want:  "{\r\n  \"model\": \"opus\",\r\n  \"hooks\": {\r\n    \"Stop\": [\r\n      {\r\n        \"command\": \"x\"\r\n      }\r\n    ]\r\n  }\r\n}\r\n",
	},
	{
		name:  "insert, CRLF",
		src:   "{\r\n  \"model\": \"opus\"\r\n}\r\n",
		key:   "hooks",
		value: emptyStop,
		want:  "{\r\n  \"model\": \"opus\",\r\n  \"hooks\": {\r\n    \"Stop\": []\r\n  }\r\n}\r\n",
	},
	{
		// Comments outside the value stay; the ones inside it ("// inline",
		// "// old hook", "/* end */") are replaced along with the value.
		name: "replace, JSONC comments before, after and inside",
		opt:  jsonc,
		src: `{
  // permissions first
  "permissions": {"deny": []},
  /* the hooks */
  "hooks": { // inline
    // old hook
    "Stop": [] /* end */
  }, // after hooks
  "model": "opus"
}
`,
		key:   "hooks",
		value: stopHook,
		want: `{
  // permissions first
  "permissions": {"deny": []},
  /* the hooks */
  "hooks": {
    "Stop": [
      {
        "command": "x"
      }
    ]
  }, // after hooks
  "model": "opus"
}
`,
	},
	{
		name:  "insert into {} without newline",
		src:   "{}",
		key:   "hooks",
		value: stopHook,
		want:  "{\n  \"hooks\": {\n    \"Stop\": [\n      {\n        \"command\": \"x\"\n      }\n    ]\n  }\n}",
	},
	{
		name:  "insert into {} with newline",
		src:   "{}\n",
		key:   "hooks",
		value: emptyStop,
		want:  "{\n  \"hooks\": {\n    \"Stop\": []\n  }\n}\n",
	},
	{
		name:  "insert into { } drops the blank",
		src:   "{ }\n",
		key:   "model",
		value: `"opus"`,
		want:  "{\n  \"model\": \"opus\"\n}\n",
	},
	{
		name:  "insert into empty object holding a comment",
		opt:   jsonc,
		src:   "{\n  // nothing yet\n}\n",
		key:   "hooks",
		value: emptyStop,
		want:  "{\n  // nothing yet\n  \"hooks\": {\n    \"Stop\": []\n  }\n}\n",
	},
	{
		name:  "repeated key: the last one is replaced",
		src:   "{\n  \"hooks\": {\"a\": 1},\n  \"model\": \"opus\",\n  \"hooks\": {\"b\": 2}\n}\n",
		key:   "hooks",
		value: emptyStop,
		want:  "{\n  \"hooks\": {\"a\": 1},\n  \"model\": \"opus\",\n  \"hooks\": {\n    \"Stop\": []\n  }\n}\n",
	},
	{
		name:  "replace last member, no trailing newline",
		src:   "{\n  \"model\": \"opus\",\n  \"hooks\": 1\n}",
		key:   "hooks",
		value: emptyStop,
		want:  "{\n  \"model\": \"opus\",\n  \"hooks\": {\n    \"Stop\": []\n  }\n}",
	},
	{
		name:  "insert, no trailing newline",
		src:   "{\n  \"model\": \"opus\"\n}",
		key:   "hooks",
		value: `true`,
		want:  "{\n  \"model\": \"opus\",\n  \"hooks\": true\n}",
	},
	{
		name:  "insert after a JSONC trailing comma keeps the style",
		opt:   jsonc,
		src:   "{\n  \"model\": \"opus\",\n}\n",
		key:   "hooks",
		value: emptyStop,
		want:  "{\n  \"model\": \"opus\",\n  \"hooks\": {\n    \"Stop\": []\n  },\n}\n",
	},
	{
		name: "insert after comments that follow the last member",
		opt:  jsonc,
		src: `{
  "model": "opus" // default model
  // more settings go here
}
`,
		key:   "hooks",
		value: emptyStop,
		want: `{
  "model": "opus", // default model
  // more settings go here
  "hooks": {
    "Stop": []
  }
}
`,
	},
	{
		name:  "insert when } shares the last member's line",
		src:   "{\n  \"model\": \"opus\" }\n",
		key:   "hooks",
		value: emptyStop,
		want:  "{\n  \"model\": \"opus\",\n  \"hooks\": {\n    \"Stop\": []\n  }\n}\n",
	},
	{
		name:  "insert when } follows a block comment on its line",
		opt:   jsonc,
		src:   "{\n  \"model\": \"opus\" /* end */}\n",
		key:   "hooks",
		value: `[]`,
		want:  "{\n  \"model\": \"opus\", /* end */\n  \"hooks\": []\n}\n",
	},
	{
		name:  "single-line object: insert stays on one line",
		src:   `{"model": "opus"}`,
		key:   "hooks",
		value: stopHook,
		want:  `{"model": "opus", "hooks": {"Stop":[{"command":"x"}]}}`,
	},
	{
		name:  "single-line object with trailing comma",
		opt:   jsonc,
		src:   `{"model": "opus",}`,
		key:   "hooks",
		value: emptyStop,
		want:  `{"model": "opus", "hooks": {"Stop":[]},}`,
	},
	{
		name:  "single-line object: replace stays on one line",
		src:   "{\"hooks\": null, \"model\": \"opus\"}\n",
		key:   "hooks",
		value: emptyStop,
		want:  "{\"hooks\": {\"Stop\":[]}, \"model\": \"opus\"}\n",
	},
	{
		// The key shares the brace's line, so nesting is based on the
		// brace's indentation plus one unit, not on the line's.
		name:  "key on the opening brace's line",
		src:   "{ \"hooks\": 1,\n  \"model\": \"opus\" }",
		key:   "hooks",
		value: emptyStop,
		want:  "{ \"hooks\": {\n    \"Stop\": []\n  },\n  \"model\": \"opus\" }",
	},
	{
		name:  "byte-order mark kept",
		src:   "\xEF\xBB\xBF{\n  \"a\": 1\n}\n",
		key:   "hooks",
		value: emptyStop,
		want:  "\xEF\xBB\xBF{\n  \"a\": 1,\n  \"hooks\": {\n    \"Stop\": []\n  }\n}\n",
	},
	{
		name:  "empty containers, strings needing escapes and member order",
		src:   "{\n    \"x\": 0\n}\n",
		key:   "statusLine",
		value: `{"z": {}, "a": [], "s": "é\"\n", "n": -1.5e3}`,
		want:  "{\n    \"x\": 0,\n    \"statusLine\": {\n        \"z\": {},\n        \"a\": [],\n        \"s\": \"é\\\"\\n\",\n        \"n\": -1.5e3\n    }\n}\n",
	},
	{
		name:  "key needing escapes",
		src:   "{\n  \"x\": 0\n}\n",
		key:   "a\"b",
		value: `1`,
		want:  "{\n  \"x\": 0,\n  \"a\\\"b\": 1\n}\n",
	},
	{
		name:  "text after the object is kept",
		opt:   jsonc,
		src:   "{\n  \"x\": 0\n} // end\n\n",
		key:   "x",
		value: `[1, 2]`,
		want:  "{\n  \"x\": [\n    1,\n    2\n  ]\n} // end\n\n",
	},
}

func TestSetMember(t *testing.T) {
	for _, tt := range setCases {
		t.Run(tt.name, func(t *testing.T) {
			got, err := SetMember([]byte(tt.src), tt.key, mustParse(t, tt.value), tt.opt)
			if err != nil {
				t.Fatal(err)
			}
			if string(got) != tt.want {
				t.Errorf("SetMember:\n got %q\nwant %q", got, tt.want)
			}
		})
	}
}

// TestSetMemberProperty checks, on every case, what must hold whatever the
// layout: the output parses, its members other than key are the input's in
// the same order, and key now has the new value.
func TestSetMemberProperty(t *testing.T) {
	for _, tt := range setCases {
		t.Run(tt.name, func(t *testing.T) {
			value := mustParse(t, tt.value)
			got, err := SetMember([]byte(tt.src), tt.key, value, tt.opt)
			if err != nil {
				t.Fatal(err)
			}
			checkSet(t, []byte(tt.src), got, tt.key, value, tt.opt)
		})
	}
}

func checkSet(t *testing.T, src, out []byte, key string, value *node.Node, opt node.JSONOptions) {
	t.Helper()
	before, err := node.ParseJSON(src, opt)
	if err != nil {
		t.Fatal(err)
	}
	after, err := node.ParseJSON(out, opt)
	if err != nil {
		t.Fatalf("output does not parse: %v\n%q", err, out)
	}
	if a, b := others(before, key), others(after, key); !sameFields(a, b) {
		t.Errorf("other members changed:\n src %q\n out %q", src, out)
	}
	if !same(after.Get(key), value) {
		t.Errorf("%q = %s, want %s", key, compact(after.Get(key)), compact(value))
	}
	// Byte preservation: everything before the edit point and everything
	// from the end of the old value (or from the closing brace, when the
	// member was appended) is kept verbatim.
	head, tail := before.Pos.Offset+1, int(before.End)-1
	if f, ok := before.Field(key); ok {
		head, tail = f.Value.Pos.Offset, int(f.Value.End)
	} else if n := len(before.Fields); n > 0 {
		head = int(before.Fields[n-1].Value.End)
	}
	if !bytes.HasPrefix(out, src[:head]) || !bytes.HasSuffix(out, src[tail:]) {
		t.Errorf("bytes outside the edit changed:\n src %q\n out %q", src, out)
	}
}

// others returns obj's members without key.
func others(obj *node.Node, key string) []node.Field {
	var fs []node.Field
	for _, f := range obj.Fields {
		if f.Key != key {
			fs = append(fs, f)
		}
	}
	return fs
}

func sameFields(a, b []node.Field) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i].Key != b[i].Key || !same(a[i].Value, b[i].Value) {
			return false
		}
	}
	return true
}

// same compares values, ignoring positions.
func same(a, b *node.Node) bool {
	if a == nil || b == nil {
		return a == b
	}
	if a.Kind != b.Kind || a.Text != b.Text || a.Bool != b.Bool || len(a.Items) != len(b.Items) {
		return false
	}
	for i := range a.Items {
		if !same(a.Items[i], b.Items[i]) {
			return false
		}
	}
	return sameFields(a.Fields, b.Fields)
}

func compact(n *node.Node) string {
	if n == nil {
		return "<absent>"
	}
	return string(node.AppendCompact(nil, n))
}

func TestSetMemberErrors(t *testing.T) {
	obj := mustParse(t, `{}`)
	deep := &node.Node{Kind: node.Null}
	for range node.MaxDepth {
		deep = &node.Node{Kind: node.Array, Items: []*node.Node{deep}}
	}
	tests := []struct {
		name  string
		src   string
		opt   node.JSONOptions
		key   string
		value *node.Node
		want  string
	}{
		{"array document", `[]`, node.JSONOptions{}, "k", obj, "not an object"},
		{"string document", `"x"`, node.JSONOptions{}, "k", obj, "not an object"},
		{"syntax error", `{"a": }`, node.JSONOptions{}, "k", obj, "expected a value"},
		{"comment without JSONC", "{\n// c\n}", node.JSONOptions{}, "k", obj, "comments are not allowed"},
		{"nil value", `{}`, node.JSONOptions{}, "k", nil, "nil value"},
		{"nil nested value", `{}`, node.JSONOptions{}, "k", &node.Node{Kind: node.Array, Items: []*node.Node{nil}}, "nil value"},
		{"invalid UTF-8 key", `{}`, node.JSONOptions{}, "\xff", obj, "UTF-8"},
		{"invalid UTF-8 string", `{}`, node.JSONOptions{}, "k", &node.Node{Kind: node.String, Text: "\xff"}, "UTF-8"},
		{"too deep", `{}`, node.JSONOptions{}, "k", deep, "deeper"},
		{"bad number text", `{}`, node.JSONOptions{}, "k", &node.Node{Kind: node.Number, Text: "1x"}, "does not parse"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, err := SetMember([]byte(tt.src), tt.key, tt.value, tt.opt)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("SetMember = %q, %v; want an error containing %q", out, err, tt.want)
			}
		})
	}
}

func TestRemoveMember(t *testing.T) {
	tests := []struct {
		name string
		opt  node.JSONOptions
		src  string
		key  string
		want string
	}{
		{
			name: "middle member on its own lines",
			src:  "{\n  \"model\": \"opus\",\n  \"hooks\": {\n    \"Stop\": []\n  },\n  \"env\": {}\n}\n",
			key:  "hooks",
			want: "{\n  \"model\": \"opus\",\n  \"env\": {}\n}\n",
		},
		{
			name: "first member",
			src:  "{\n  \"hooks\": {},\n  \"model\": \"opus\"\n}",
			key:  "hooks",
			want: "{\n  \"model\": \"opus\"\n}",
		},
		{
			name: "last member takes the previous comma",
			src:  "{\n  \"model\": \"opus\",\n  \"hooks\": {}\n}\n",
			key:  "hooks",
			want: "{\n  \"model\": \"opus\"\n}\n",
		},
		{
			name: "last member, previous line ends in a comment",
			opt:  jsonc,
			src:  "{\n  \"model\": \"opus\", // m\n  \"hooks\": {}\n}",
			key:  "hooks",
			want: "{\n  \"model\": \"opus\" // m\n}",
		},
		{
			name: "only member",
			src:  "{\n  \"hooks\": {}\n}\n",
			key:  "hooks",
			want: "{\n}\n",
		},
		{
			name: "member's own end-of-line comment goes with it",
			opt:  jsonc,
			src:  "{\n  \"hooks\": {}, // hooks here\n  \"model\": \"opus\"\n}\n",
			key:  "hooks",
			want: "{\n  \"model\": \"opus\"\n}\n",
		},
		{
			// A comment on the lines above is kept: it may introduce more
			// than the one member.
			name: "comment above the member stays",
			opt:  jsonc,
			src:  "{\n  \"model\": \"opus\",\n  // the hooks\n  \"hooks\": {}\n}\n",
			key:  "hooks",
			want: "{\n  \"model\": \"opus\"\n  // the hooks\n}\n",
		},
		{
			name: "JSONC trailing comma",
			opt:  jsonc,
			src:  "{\n  \"model\": \"opus\",\n  \"hooks\": {},\n}\n",
			key:  "hooks",
			want: "{\n  \"model\": \"opus\",\n}\n",
		},
		{
			name: "CRLF",
			src:  "{\r\n  \"hooks\": {},\r\n  \"model\": \"opus\"\r\n}\r\n",
			key:  "hooks",
			want: "{\r\n  \"model\": \"opus\"\r\n}\r\n",
		},
		{
			name: "tabs, last member spanning lines",
			src:  "{\n\t\"model\": \"opus\",\n\t\"hooks\": {\n\t\t\"Stop\": []\n\t}\n}\n",
			key:  "hooks",
			want: "{\n\t\"model\": \"opus\"\n}\n",
		},
		{
			name: "every repeat removed",
			src:  "{\n  \"hooks\": 1,\n  \"model\": \"opus\",\n  \"hooks\": 2\n}\n",
			key:  "hooks",
			want: "{\n  \"model\": \"opus\"\n}\n",
		},
		{
			name: "adjacent repeats",
			src:  "{\n  \"model\": \"opus\",\n  \"hooks\": 1,\n  \"hooks\": 2\n}\n",
			key:  "hooks",
			want: "{\n  \"model\": \"opus\"\n}\n",
		},
		{
			name: "single line, middle",
			src:  `{"a": 1, "hooks": 2, "b": 3}`,
			key:  "hooks",
			want: `{"a": 1, "b": 3}`,
		},
		{
			name: "single line, last",
			src:  `{"a": 1, "hooks": 2}`,
			key:  "hooks",
			want: `{"a": 1}`,
		},
		{
			name: "single line, only",
			src:  `{ "hooks": 2 }`,
			key:  "hooks",
			want: `{ }`,
		},
		{
			name: "absent",
			src:  "{\n  \"model\": \"opus\"\n}\n",
			key:  "hooks",
			want: "{\n  \"model\": \"opus\"\n}\n",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := RemoveMember([]byte(tt.src), tt.key, tt.opt)
			if err != nil {
				t.Fatal(err)
			}
			if string(got) != tt.want {
				t.Errorf("RemoveMember:\n got %q\nwant %q", got, tt.want)
			}
			checkRemove(t, []byte(tt.src), got, tt.key, tt.opt)
		})
	}
}

func checkRemove(t *testing.T, src, out []byte, key string, opt node.JSONOptions) {
	t.Helper()
	before, err := node.ParseJSON(src, opt)
	if err != nil {
		t.Fatal(err)
	}
	after, err := node.ParseJSON(out, opt)
	if err != nil {
		t.Fatalf("output does not parse: %v\n%q", err, out)
	}
	if _, ok := after.Field(key); ok {
		t.Errorf("%q still present in %q", key, out)
	}
	if !sameFields(others(before, key), after.Fields) {
		t.Errorf("other members changed:\n src %q\n out %q", src, out)
	}
	if before.Get(key) == nil && !bytes.Equal(src, out) {
		t.Errorf("absent key, but output differs: %q", out)
	}
}

func TestRemoveMemberErrors(t *testing.T) {
	for _, src := range []string{`[]`, `{"a":`, "{/**/}"} {
		if out, err := RemoveMember([]byte(src), "a", node.JSONOptions{}); err == nil {
			t.Errorf("RemoveMember(%q) = %q, want an error", src, out)
		}
	}
}

func TestDetectIndent(t *testing.T) {
	tests := []struct {
		name string
		src  string
		want string
	}{
		{"two spaces", "{\n  \"a\": {\n    \"b\": 1\n  }\n}", "  "},
		{"four spaces", "{\n    \"a\": 1\n}", "    "},
		{"tab", "{\n\t\"a\": 1\n}", "\t"},
		{"CRLF", "{\r\n   \"a\": 1\r\n}\r\n", "   "},
		{"first member on the brace's line", "{ \"a\": 1,\n    \"b\": 2\n}", "    "},
		{"indented root", "  {\n      \"a\": 1\n  }", "    "},
		{"JSONC", "// header\n{\n    // c\n    \"a\": 1,\n}", "    "},
		{"empty object", "{}", "  "},
		{"single line", `{"a": {"b": 1}}`, "  "},
		{"block comment header not taken for indentation", "/*\n * x\n */\n{}", "  "},
		{"unparsable, falls back to lines", "{\n    \"a\": \n}", "    "},
		{"not an object", "[\n\t1\n]", "\t"},
		{"empty", "", "  "},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := DetectIndent([]byte(tt.src)); got != tt.want {
				t.Errorf("DetectIndent = %q, want %q", got, tt.want)
			}
		})
	}
}

// fuzzValues are what the fuzz targets splice in: containers, scalars and
// strings that need escaping.
var fuzzValues = []string{stopHook, emptyStop, `{}`, `[]`, `null`, `"é\"\n"`, `-0.5e-3`, `[1, {"a": [true]}]`}

func addSeeds(f *testing.F) {
	for _, tt := range setCases {
		f.Add([]byte(tt.src), tt.key, tt.opt.JSONC, uint8(0))
	}
	f.Add([]byte("{\n  \"hooks\": 1, // c\n  \"a\": 2 /* d */ ,\n}"), "hooks", true, uint8(3))
	f.Add([]byte("{\"a\":1,\n\"b\":2}"), "b", false, uint8(5))
}

func FuzzSetMember(f *testing.F) {
	addSeeds(f)
	f.Fuzz(func(t *testing.T, src []byte, key string, isJSONC bool, which uint8) {
		opt := node.JSONOptions{JSONC: isJSONC}
		root, err := node.ParseJSON(src, opt)
		if err != nil || root.Kind != node.Object {
			t.Skip()
		}
		value := mustParse(t, fuzzValues[int(which)%len(fuzzValues)])
		out, err := SetMember(src, key, value, opt)
		if !utf8.ValidString(key) {
			if err == nil {
				t.Fatalf("SetMember accepted a key that is not UTF-8")
			}
			return
		}
		if err != nil {
			t.Fatalf("SetMember(%q, %q): %v", src, key, err)
		}
		checkSet(t, src, out, key, value, opt)
	})
}

func FuzzRemoveMember(f *testing.F) {
	addSeeds(f)
	f.Fuzz(func(t *testing.T, src []byte, key string, isJSONC bool, _ uint8) {
		opt := node.JSONOptions{JSONC: isJSONC}
		root, err := node.ParseJSON(src, opt)
		if err != nil || root.Kind != node.Object {
			t.Skip()
		}
		out, err := RemoveMember(src, key, opt)
		if err != nil {
			t.Fatalf("RemoveMember(%q, %q): %v", src, key, err)
		}
		checkRemove(t, src, out, key, opt)
	})
}
