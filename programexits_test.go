package hookconv

import (
	"testing"
	"testing/fstest"

	"github.com/hookconv/hookconv/canonical"
)

// TestProgramExitsSilently: a Python or Node guard exits 2 silently when
// it spells the exit and nothing in it may write to stderr. Each "true"
// row was run with python3 3.11 or node 20 on a payload it blocks: exit
// 2, empty stderr; each "false" row that exits 2 wrote to stderr first,
// or may (a local module, logging).
func TestProgramExitsSilently(t *testing.T) {
	for _, tc := range []struct {
		command, file, text string
		want                bool
	}{
		{"python3 g.py", "g.py", "import json, sys\nd = json.load(sys.stdin)\nif 'rm -rf' in d['tool_input']['command']:\n    sys.exit(2)\n", true},
		{"python3 g.py", "g.py", "import json, sys\nd = json.load(sys.stdin)\nif 'rm -rf' in d['tool_input']['command']:\n    print('blocked: rm -rf', file=sys.stderr)\n    sys.exit(2)\n", false},
		{"python3 g.py", "g.py", "import sys\nprint('blocked')\nexit(2)\n", true}, // stdout is no reason
		{"python3 g.py", "g.py", "import sys\nsys.stderr.write('blocked')\nexit(2)\n", false},
		{"python3 g.py", "g.py", "from sys import exit, stderr\nexit(2)\n", false},
		{"python3 g.py", "g.py", "import sys\nraise SystemExit(2)\n", true},
		{"python3 g.py", "g.py", "import os\nos._exit(2)\n", true},
		{"python3 g.py", "g.py", "import sys\nsys.exit(258)\n", true}, // the low byte: 2
		{"python3 g.py", "g.py", "import sys\nsys.exit(1)\n", false},
		{"python3 g.py", "g.py", "import sys\nsys.exit('blocked')\n", false},        // the message goes to stderr, exit 1
		{"python3 g.py", "g.py", "import sys\nprint('sys.exit(2)')\n", false},       // only said
		{"python3 g.py", "g.py", "import sys\n# sys.exit(2) when blocked\n", false}, // a comment
		{"python3 g.py", "g.py", "import sys\n# print reasons to stderr later\nsys.exit(2)\n", true},
		{"python3 g.py", "g.py", "import logging, sys\nlogging.warning('blocked')\nsys.exit(2)\n", false}, // logging writes to stderr
		{"python3 g.py", "g.py", "import sys\nfrom policy import check\ncheck()\nsys.exit(2)\n", false},   // a local module may
		{"python3 g.py", "g.py", "import sys\nfrom . import policy\nsys.exit(2)\n", false},
		{"python3 g.py", "g.py", "import sys, argparse\nsys.exit(2)\n", false},     // argparse writes its usage there
		{"python3 g.py", "g.py", "import sys, \\\n  policy\nsys.exit(2)\n", false}, // a list continued
		{"python3 g.py", "g.py", "import subprocess, sys\nsubprocess.run(['./x'])\nsys.exit(2)\n", false},
		{"python3 g.py", "g.py", "import os, sys\nos.system('./x')\nsys.exit(2)\n", false},
		{"python3 g.py", "g.py", "import re, sys\nif re.search(\"\\d\", sys.stdin.read()):\n    sys.exit(2)\n", false}, // Python 3.12 warns on stderr
		{"python3 g.py", "g.py", "import re, sys\nif re.search(r\"\\d\", sys.stdin.read()):\n    sys.exit(2)\n", true}, // raw
		{"python3 g.py", "g.py", "import re, sys\nif re.compile(r'rm').search(sys.stdin.read()):\n    sys.exit(2)\n", true},
		{"python3 g.py", "g.py", "import sys\ns = '''\nsys.exit(2)\n'''\n", false},
		{"python3 g.py", "g.py", "import sys\ns = 'open\nsys.exit(2)\n", false}, // unclosed: not read
		{"python3 -u g.py", "g.py", "import sys\nsys.exit(2)\n", true},
		{"python3 -W error g.py", "g.py", "import sys\nsys.exit(2)\n", false}, // an option not followed
		{"./g", "g", "#!/usr/bin/env python3\nimport sys\nsys.exit(2)\n", true},
		{"./g", "g", "#!/usr/bin/python3 -v\nimport sys\nsys.exit(2)\n", false}, // -v writes every import to stderr
		{"./g.py", "g.py", "import sys\nsys.exit(2)\n", false},                  // no shebang: not run by Python
		{"python3 g.py", "g.py", "import sys\n" + string(make([]byte, maxProgramScript)) + "\nsys.exit(2)\n", false},
		// Node.
		{"node g.js", "g.js", "const fs = require('fs');\nconst d = JSON.parse(fs.readFileSync(0, 'utf8'));\nif (/rm -rf/.test(d.tool_input.command)) process.exit(2);\n", true},
		{"node g.js", "g.js", "const fs = require('node:fs');\nconsole.log('blocked');\nprocess.exitCode = 2;\n", true},
		{"node g.js", "g.js", "const fs = require('fs');\nconsole.error('blocked');\nprocess.exit(2);\n", false},
		{"node g.js", "g.js", "process.stderr.write('blocked\\n');\nprocess.exit(2);\n", false},
		{"node g.js", "g.js", "console.warn('blocked');\nprocess.exit(2);\n", false},
		{"node g.js", "g.js", "process._rawDebug('blocked');\nprocess.exit(2);\n", false},
		{"node g.js", "g.js", "const log = console;\nlog.error('blocked');\nprocess.exit(2);\n", false},
		{"node g.js", "g.js", "const policy = require('./policy');\npolicy.check();\nprocess.exit(2);\n", false},
		{"node g.js", "g.js", "const { execSync } = require('child_process');\nexecSync('./x');\nprocess.exit(2);\n", false},
		{"node g.js", "g.js", "const m = 'fs';\nrequire(m);\nprocess.exit(2);\n", false},
		{"node g.js", "g.js", "// process.exit(2) when blocked\nprocess.exit(0);\n", false},
		{"node g.js", "g.js", "console.log(\"process.exit(2)\");\n", false},
		{"node g.js", "g.js", "const re = /\"/;\nprocess.exit(2); // console.error later\n", true},
		{"node g.js", "g.js", "const s = `${a}`;\n/* console.error */\nprocess.exitCode = 2;\n", true},
		{"node g.js", "g.js", "import fs from 'fs';\nprocess.exit(2);\n", false}, // an ES module in a .js file
		{"node g.mjs", "g.mjs", "import fs from 'node:fs';\nprocess.exit(2);\n", true},
		{"node g.mjs", "g.mjs", "import { check } from './policy.mjs';\nprocess.exit(2);\n", false},
		{"./g", "g", "#!/usr/bin/env node\nprocess.exit(2);\n", true},
		{"node g.ts", "g.ts", "process.exit(2);\n", false}, // not Node's own
		// The project folder as a target without a project variable gets
		// it, before the program and after env (QA: not read before).
		{`"$(git rev-parse --show-toplevel)"/g`, "g", "#!/usr/bin/env python3\nimport sys\nsys.exit(2)\n", true},
		{`env "$(git rev-parse --show-toplevel)"/g`, "g", "#!/usr/bin/env python3\nimport sys\nsys.exit(2)\n", true},
		{`env "$(git rev-parse --show-toplevel)"/g`, "g", "#!/usr/bin/env python3\nimport sys\nprint('blocked', file=sys.stderr)\nsys.exit(2)\n", false},
		{`python3 "$(git rev-parse --show-toplevel)"/g.py`, "g.py", "import sys\nsys.exit(2)\n", true},
		// QA's sixth round: the code given on the command line, and an
		// exit with a conditional expression (each run in bash 5.2 with
		// the payload {"tool_input":{"command":"rm -rf /"}}: exit 2, stderr
		// empty for the true rows).
		{`python3 -c 'import sys,json; sys.exit(2 if "rm -rf" in json.load(sys.stdin)["tool_input"]["command"] else 0)'`, "", "", true},
		{`python3 -c 'import sys,json; d=json.load(sys.stdin); print("no",file=sys.stderr); sys.exit(2 if "rm" in d["tool_input"]["command"] else 0)'`, "", "", false},
		{`python3 -u -c 'import sys; sys.exit(2)'`, "", "", true},
		{`python3 -c 'import sys; sys.exit(1)'`, "", "", false},
		{`python3 -c 'import policy, sys; sys.exit(2)'`, "", "", false}, // a local module may write
		{`python3 -c "import sys; sys.exit($CODE)"`, "", "", false},     // the shell expands it first
		{`python3 -c 'import sys; sys.exit(2)' || true`, "", "", false}, // not one simple command
		{`node -e 'process.exit(2)'`, "", "", true},
		{`node --eval 'process.exit(2)'`, "", "", true},
		{`node -e 'console.error("no"); process.exit(2)'`, "", "", false},
		{`node -c 'process.exit(2)'`, "", "", false}, // node's -c checks the syntax
		{`python3 -e 'import sys; sys.exit(2)'`, "", "", false},
		{"python3 g.py", "g.py", "import sys\nsys.exit(0 if sys.stdin.read() else 2)\n", true},
		{"python3 g.py", "g.py", "import sys\nsys.exit(0 if sys.stdin.read() else 1)\n", false},
		{"python3 g.py", "g.py", "import sys\nprint(0 if sys.stdin.read() else 2)\n", false},
	} {
		s := &Scripts{FS: fstest.MapFS{tc.file: {Data: []byte(tc.text)}}}
		hd := canonical.Handler{Type: canonical.HandlerCommand, Command: tc.command}
		p, ok := s.readProgram(&hd)
		if got := ok && p.exitsSilently(exitCodeTwo); got != tc.want {
			t.Errorf("%s running %q: exits 2 silently = %v, want %v", tc.command, tc.text, got, tc.want)
		}
	}
}
