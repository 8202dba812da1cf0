package jsonedit

import (
	"testing"
	"unicode/utf8"

	"github.com/hookconv/hookconv/internal/node"
)

// The expected outputs are written out by hand from src and value.
func TestMergeMember(t *testing.T) {
	for _, tc := range []struct {
		name       string
		opt        node.JSONOptions
		src, value string
		want       string
	}{
		{
			name: "a hook appended to a group keeps the group's comments and layout",
			opt:  jsonc,
			src: `{
    "model": "x",
    "hooks": {
        "PreToolUse": [
            {"matcher": "Bash", // the shell guard
             "hooks": [{"command": "./guard.sh", "type": "command"}]}
        ]
    }
}
`,
			value: `{"PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "./guard.sh"}, {"type": "command", "command": "./log.sh"}]}]}`,
			want: `{
    "model": "x",
    "hooks": {
        "PreToolUse": [
            {"matcher": "Bash", // the shell guard
             "hooks": [{"command": "./guard.sh", "type": "command"}, {"type": "command", "command": "./log.sh"}]}
        ]
    }
}
`,
		},
		{
			name: "a new group and a new event go after the old ones, on lines of their own",
			opt:  jsonc,
			src: `{
  "hooks": {
    "PreToolUse": [
      // hand-written
      {
        "matcher": "Bash",
        "hooks": [{"type": "command", "command": "./guard.sh"}]
      }
    ]
  }
}
`,
			value: `{"PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "./guard.sh"}]}, {"matcher": "Edit", "hooks": [{"type": "command", "command": "./fmt.sh"}]}], "Stop": [{"hooks": [{"type": "command", "command": "./done.sh"}]}]}`,
			want: `{
  "hooks": {
    "PreToolUse": [
      // hand-written
      {
        "matcher": "Bash",
        "hooks": [{"type": "command", "command": "./guard.sh"}]
      },
      {
        "matcher": "Edit",
        "hooks": [
          {
            "type": "command",
            "command": "./fmt.sh"
          }
        ]
      }
    ],
    "Stop": [
      {
        "hooks": [
          {
            "type": "command",
            "command": "./done.sh"
          }
        ]
      }
    ]
  }
}
`,
		},
		{
			name:  "the same value, its members in another order: no byte changes",
			src:   "{\n  \"hooks\": {\"Stop\": [{\"command\": \"x\", \"type\": \"command\"}]}\n}\n",
			value: `{"Stop": [{"type": "command", "command": "x"}]}`,
			want:  "{\n  \"hooks\": {\"Stop\": [{\"command\": \"x\", \"type\": \"command\"}]}\n}\n",
		},
		{
			name:  "a change, not an addition, replaces the member whole, comments too",
			opt:   jsonc,
			src:   "{\n  \"hooks\": {\n    \"Stop\": [{\"command\": \"x\", \"timeout\": 5}] // five seconds\n  }\n}\n",
			value: `{"Stop": [{"command": "x", "timeout": 10}]}`,
			want:  "{\n  \"hooks\": {\n    \"Stop\": [\n      {\n        \"command\": \"x\",\n        \"timeout\": 10\n      }\n    ]\n  }\n}\n",
		},
		{
			name:  "trailing commas stay the style",
			opt:   jsonc,
			src:   "{\n  \"hooks\": {\n    \"Stop\": [\n      {\"command\": \"x\"},\n    ],\n  },\n}\n",
			value: `{"Stop": [{"command": "x"}, {"command": "y"}]}`,
			want:  "{\n  \"hooks\": {\n    \"Stop\": [\n      {\"command\": \"x\"},\n      {\n        \"command\": \"y\"\n      },\n    ],\n  },\n}\n",
		},
		{
			name:  "an empty list opens onto lines of its own",
			src:   "{\n  \"hooks\": {\n    \"Stop\": []\n  }\n}\n",
			value: `{"Stop": [{"command": "y"}]}`,
			want:  "{\n  \"hooks\": {\n    \"Stop\": [\n      {\n        \"command\": \"y\"\n      }\n    ]\n  }\n}\n",
		},
		{
			name:  "a document on one line stays on one line",
			src:   `{"a": 1, "hooks": {"Stop": [{"command": "x"}]}}`,
			value: `{"Stop": [{"command": "x"}, {"command": "y"}], "End": []}`,
			want:  `{"a": 1, "hooks": {"Stop": [{"command": "x"}, {"command": "y"}], "End": []}}`,
		},
		{
			// QA: a space was put after the comma the file never had.
			name:  "a minified document stays minified",
			src:   `{"version":1,"hooks":{"stop":[{"command":"x"}]}}`,
			value: `{"stop": [{"command": "x"}, {"command": "y"}], "preToolUse": [{"command": "z"}]}`,
			want:  `{"version":1,"hooks":{"stop":[{"command":"x"},{"command":"y"}],"preToolUse":[{"command":"z"}]}}`,
		},
		{
			name:  "CRLF line endings are kept for new lines",
			src:   "{\r\n  \"hooks\": {\r\n    \"Stop\": [\r\n      {\"command\": \"x\"}\r\n    ]\r\n  }\r\n}\r\n",
			value: `{"Stop": [{"command": "x"}, {"command": "y"}]}`,
			want:  "{\r\n  \"hooks\": {\r\n    \"Stop\": [\r\n      {\"command\": \"x\"},\r\n      {\r\n        \"command\": \"y\"\r\n      }\r\n    ]\r\n  }\r\n}\r\n",
		},
		{
			name:  "a shorter list keeps what stays as it was",
			src:   "{\n  \"hooks\": {\n    \"Stop\": [{\"command\": \"x\"}, {\"command\": \"y\"}]\n  }\n}\n",
			value: `{"Stop": [{"command": "y"}]}`,
			want:  "{\n  \"hooks\": {\n    \"Stop\": [{\"command\": \"y\"}]\n  }\n}\n",
		},
		{
			name: "a hook removed from the middle takes its line; the others keep theirs, comments too",
			opt:  jsonc,
			src: `{
  "hooks": {
    "PreToolUse": [
      {"matcher": "Bash", "hooks": [
        {"type": "command", "command": "./a.sh"}, // first
        {"type": "command", "command": "./b.sh"},
        {"type": "command", "command": "./c.sh"} // last
      ]}
    ]
  }
}
`,
			value: `{"PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "./a.sh"}, {"type": "command", "command": "./c.sh"}]}]}`,
			want: `{
  "hooks": {
    "PreToolUse": [
      {"matcher": "Bash", "hooks": [
        {"type": "command", "command": "./a.sh"}, // first
        {"type": "command", "command": "./c.sh"} // last
      ]}
    ]
  }
}
`,
		},
		{
			name: "the last hooks removed take the comma before them",
			src: `{
  "hooks": {
    "Stop": [
      {"command": "./a.sh"},
      {"command": "./b.sh"},
      {"command": "./c.sh"}
    ]
  }
}
`,
			value: `{"Stop": [{"command": "./a.sh"}]}`,
			want: `{
  "hooks": {
    "Stop": [
      {"command": "./a.sh"}
    ]
  }
}
`,
		},
		{
			name:  "with trailing commas the comma before stays",
			opt:   jsonc,
			src:   "{\"hooks\": {\"Stop\": [1, 2, 3,],},}",
			value: `{"Stop": [1]}`,
			want:  "{\"hooks\": {\"Stop\": [1,],},}",
		},
		{
			name: "an event removed whole, first of two, on one line and on its own lines",
			src: `{
  "hooks": {
    "Stop": [{"command": "./s.sh"}],
    "PreToolUse": [
      {"matcher": "Bash", "hooks": [{"type": "command", "command": "./g.sh"}]}
    ],
    "SessionStart": [{"command": "./hi.sh"}]
  },
  "model": "x"
}
`,
			value: `{"PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "./g.sh"}]}]}`,
			want: `{
  "hooks": {
    "PreToolUse": [
      {"matcher": "Bash", "hooks": [{"type": "command", "command": "./g.sh"}]}
    ]
  },
  "model": "x"
}
`,
		},
		{
			name:  "every hook removed leaves an empty object",
			src:   "{\n  \"hooks\": {\n    \"Stop\": [1]\n  }\n}\n",
			value: `{}`,
			want:  "{\n  \"hooks\": {}\n}\n",
		},
		{
			name:  "members in another order are written anew",
			src:   "{\n  \"hooks\": {\"A\": [], \"B\": []}\n}\n",
			value: `{"B": [], "A": [1]}`,
			want:  "{\n  \"hooks\": {\n    \"B\": [],\n    \"A\": [\n      1\n    ]\n  }\n}\n",
		},
		{
			name:  "an absent member is added as SetMember adds it",
			src:   "{\n  \"model\": \"x\"\n}\n",
			value: `{"Stop": []}`,
			want:  "{\n  \"model\": \"x\",\n  \"hooks\": {\n    \"Stop\": []\n  }\n}\n",
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			value := mustParse(t, tc.value)
			got, err := MergeMember([]byte(tc.src), "hooks", value, tc.opt)
			if err != nil {
				t.Fatal(err)
			}
			if string(got) != tc.want {
				t.Errorf("got:\n%s\nwant:\n%s", got, tc.want)
			}
			// Not the fallback: where value extends the old one, the patch
			// itself must give this.
			d, err := parse([]byte(tc.src), tc.opt)
			if err != nil {
				t.Fatal(err)
			}
			if f, ok := d.root.Field("hooks"); ok && extends(f.Value, value) {
				if _, err := d.merge(f, value, d.patch(f.Value, value), tc.opt); err != nil {
					t.Errorf("patch failed, fell back: %v", err)
				}
			} else if ok && prunes(f.Value, value) {
				if _, err := d.merge(f, value, d.prune(f.Value, value), tc.opt); err != nil {
					t.Errorf("prune failed, fell back: %v", err)
				}
			}
		})
	}
}

// FuzzMergeMember: whatever the document, merging a value — an extension
// of the member's value, or an unrelated one — gives a document that
// parses, holds the value, and keeps every other member; and the patch
// itself, not the fallback, does it.
func FuzzMergeMember(f *testing.F) {
	addSeeds(f)
	f.Add([]byte("{\"hooks\": {\"A\": [1, // c\n 2,], \"B\": {}},}"), "hooks", true, uint8(0))
	f.Add([]byte("{\"hooks\": [[], {\"a\": [1]}]}"), "hooks", false, uint8(1))
	f.Fuzz(func(t *testing.T, src []byte, key string, isJSONC bool, which uint8) {
		opt := node.JSONOptions{JSONC: isJSONC}
		root, err := node.ParseJSON(src, opt)
		if err != nil || root.Kind != node.Object || !utf8.ValidString(key) {
			t.Skip()
		}
		value := mustParse(t, fuzzValues[int(which)%len(fuzzValues)])
		if old := root.Get(key); old != nil {
			switch which % 3 {
			case 0:
				value = extend(old, value, int(which))
			case 1:
				value = pruneOne(old, int(which))
			}
		}
		if checkValue(value, 1) != nil {
			t.Skip()
		}
		out, err := MergeMember(src, key, value, opt)
		if err != nil {
			t.Fatalf("MergeMember(%q, %q): %v", src, key, err)
		}
		checkSet(t, src, out, key, value, opt)
		d, _ := parse(src, opt)
		if fl, ok := d.root.Field(key); ok && extends(fl.Value, value) {
			if _, err := d.merge(fl, value, d.patch(fl.Value, value), opt); err != nil {
				t.Fatalf("patch of %q with %s: %v", src, node.AppendCompact(nil, value), err)
			}
		} else if ok && prunes(fl.Value, value) {
			if _, err := d.merge(fl, value, d.prune(fl.Value, value), opt); err != nil {
				t.Fatalf("prune of %q to %s: %v", src, node.AppendCompact(nil, value), err)
			}
		}
	})
}

// pruneOne returns old with one child removed somewhere inside: from the
// first array or object it finds at some depth, the child picked by seed;
// old itself unchanged when it holds none.
func pruneOne(old *node.Node, seed int) *node.Node {
	cp := clone(old)
	var walk func(n *node.Node, depth int) bool
	walk = func(n *node.Node, depth int) bool {
		switch {
		case n.Kind == node.Array && len(n.Items) > 0:
			i := seed % len(n.Items)
			if depth >= seed%3 || !walk(n.Items[i], depth+1) {
				n.Items = append(n.Items[:i:i], n.Items[i+1:]...)
			}
			return true
		case n.Kind == node.Object && len(n.Fields) > 0:
			i := seed % len(n.Fields)
			if depth >= seed%3 || !walk(n.Fields[i].Value, depth+1) {
				n.Fields = append(n.Fields[:i:i], n.Fields[i+1:]...)
			}
			return true
		}
		return false
	}
	walk(cp, 0)
	return cp
}

// extend returns old with add appended somewhere inside: to the first
// array or object it finds at some depth, or old itself unchanged.
func extend(old, add *node.Node, seed int) *node.Node {
	cp := clone(old)
	var walk func(n *node.Node, depth int) bool
	walk = func(n *node.Node, depth int) bool {
		switch n.Kind {
		case node.Array:
			if depth >= seed%3 || len(n.Items) == 0 {
				n.Items = append(n.Items, add)
				return true
			}
			return walk(n.Items[len(n.Items)-1], depth+1)
		case node.Object:
			if depth >= seed%3 || len(n.Fields) == 0 {
				n.Fields = append(n.Fields, node.Field{Key: "added", Value: add})
				return true
			}
			return walk(n.Fields[0].Value, depth+1)
		}
		return false
	}
	walk(cp, 0)
	return cp
}

func clone(n *node.Node) *node.Node {
	c := *n
	c.Fields = nil
	c.Items = nil
	for _, f := range n.Fields {
		c.Fields = append(c.Fields, node.Field{Key: f.Key, Value: clone(f.Value)})
	}
	for _, it := range n.Items {
		c.Items = append(c.Items, clone(it))
	}
	return &c
}
