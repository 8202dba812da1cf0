package hookconv

import (
	"reflect"
	"testing"
)

// TestImportedModules: the project files a Python or Node script's
// imports may be, in the order the language looks, and whether the
// import must be the project's.
func TestImportedModules(t *testing.T) {
	tests := []struct {
		name, file, text, lang string
		want                   []moduleRef
	}{
		{"python from", "scripts/main.py", "from policy import decide\n", langPython, []moduleRef{
			{paths: []string{"scripts/policy.py", "scripts/policy/__init__.py"}},
			{paths: []string{"scripts/policy/decide.py", "scripts/policy/decide/__init__.py"}},
		}},
		{"python import list", "main.py", "import json, rules.policy as p\n", langPython, []moduleRef{
			{paths: []string{"json.py", "json/__init__.py"}},
			{paths: []string{"rules/policy.py", "rules/policy/__init__.py"}},
		}},
		{"python relative", "a/b/x.py", "from ..lib import y\nfrom . import z\n", langPython, []moduleRef{
			{paths: []string{"a/lib.py", "a/lib/__init__.py"}, local: true},
			{paths: []string{"a/lib/y.py", "a/lib/y/__init__.py"}},
			{paths: []string{"a/b/z.py", "a/b/z/__init__.py"}, local: true},
		}},
		{"python comment and outside the project", "x.py", "# from policy import decide\nfrom ... import up\n", langPython, nil},
		{"node require", "s/m.js", "const p = require('./policy')\n", langNode, []moduleRef{{paths: []string{
			"s/policy", "s/policy.js", "s/policy.mjs", "s/policy.cjs", "s/policy.ts", "s/policy.mts", "s/policy.cts", "s/policy/index.js", "s/policy/index.mjs", "s/policy/index.cjs", "s/policy/index.ts",
		}, local: true}}},
		{"node import from, a package", "m.mjs", "import fs from 'fs'\nimport { d } from \"./lib/p.mjs\"\n", langNode, []moduleRef{{paths: []string{
			"lib/p.mjs", "lib/p.mjs.js", "lib/p.mjs.mjs", "lib/p.mjs.cjs", "lib/p.mjs.ts", "lib/p.mjs.mts", "lib/p.mjs.cts", "lib/p.mjs/index.js", "lib/p.mjs/index.mjs", "lib/p.mjs/index.cjs", "lib/p.mjs/index.ts",
		}, local: true}}},
		{"node dynamic import, side effect", "m.js", "await import('./a.js')\nimport './b.js'\n", langNode, []moduleRef{
			{paths: []string{"a.js", "a.js.js", "a.js.mjs", "a.js.cjs", "a.js.ts", "a.js.mts", "a.js.cts", "a.js/index.js", "a.js/index.mjs", "a.js/index.cjs", "a.js/index.ts"}, local: true},
			{paths: []string{"b.js", "b.js.js", "b.js.mjs", "b.js.cjs", "b.js.ts", "b.js.mts", "b.js.cts", "b.js/index.js", "b.js/index.mjs", "b.js/index.cjs", "b.js/index.ts"}, local: true},
		}},
	}
	for _, tt := range tests {
		if got := importedModules(tt.file, []byte(tt.text), tt.lang); !reflect.DeepEqual(got, tt.want) {
			t.Errorf("%s: importedModules = %+v, want %+v", tt.name, got, tt.want)
		}
	}
}
