package main

import (
	"encoding/binary"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode/utf16"

	"gopkg.in/yaml.v3"

	"github.com/rogpeppe/go-internal/testscript"

	"github.com/hookconv/hookconv/internal/benchdata"
	"github.com/hookconv/hookconv/providers"
	"github.com/hookconv/hookconv/providers/codex"
)

var update = flag.Bool("update", false, "rewrite the expected output in testdata/script from what the CLI prints (review the diff!)")

func TestMain(m *testing.M) {
	testscript.Main(m, map[string]func(){
		"hookconv": func() {
			signalAtStage()
			os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
		},
	})
}

// TestScripts runs every CLI behaviour and error path written down in
// testdata/script/*.txtar: files, a command line, the expected output.
func TestScripts(t *testing.T) {
	testscript.Run(t, testscript.Params{
		Dir:           "../../testdata/script",
		UpdateScripts: *update,
		Cmds: map[string]func(ts *testscript.TestScript, neg bool, args []string){
			// precommit ID FILE... runs a hook of .pre-commit-hooks.yaml
			// the way pre-commit does: its entry, then its args, then the
			// files its "files" and "exclude" patterns select.
			"precommit": precommit,
			// mkfile NAME SIZE makes a sparse file of SIZE bytes, for
			// size-limit tests without writing megabytes into testdata.
			"mkfile": func(ts *testscript.TestScript, neg bool, args []string) {
				if neg || len(args) != 2 {
					ts.Fatalf("usage: mkfile NAME SIZE")
				}
				size, err := strconv.ParseInt(args[1], 10, 64)
				ts.Check(err)
				f, err := os.Create(ts.MkAbs(args[0]))
				ts.Check(err)
				ts.Check(f.Truncate(size))
				ts.Check(f.Close())
			},
			// jsonvalid FILE checks that FILE holds one JSON document
			// (stderr of --format json, copied with cp stderr FILE).
			"jsonvalid": func(ts *testscript.TestScript, neg bool, args []string) {
				if len(args) != 1 {
					ts.Fatalf("usage: jsonvalid FILE")
				}
				if valid := json.Valid([]byte(ts.ReadFile(args[0]))); valid == neg {
					ts.Fatalf("%s: JSON valid %v", args[0], valid)
				}
			},
			// utf16 [-nomark] LE|BE SRC DST writes SRC's text to DST in
			// UTF-16 with a byte order mark, as Windows PowerShell 5.1's >
			// and Out-File write text (-nomark: without one, as .NET's
			// Encoding.Unicode.GetBytes and iconv -t UTF-16LE write it):
			// bytes a txtar file does not hold well.
			"utf16": func(ts *testscript.TestScript, neg bool, args []string) {
				mark := len(args) == 0 || args[0] != "-nomark"
				if !mark {
					args = args[1:]
				}
				if neg || len(args) != 3 || (args[0] != "LE" && args[0] != "BE") {
					ts.Fatalf("usage: utf16 [-nomark] LE|BE SRC DST")
				}
				order := binary.AppendByteOrder(binary.LittleEndian)
				if args[0] == "BE" {
					order = binary.BigEndian
				}
				var out []byte
				if mark {
					out = order.AppendUint16(out, 0xFEFF)
				}
				for _, u := range utf16.Encode([]rune(ts.ReadFile(args[1]))) {
					out = order.AppendUint16(out, u)
				}
				ts.Check(os.WriteFile(ts.MkAbs(args[2]), out, 0o644))
			},
			// samecodes A B checks that two files of diagnostics (stderr,
			// copied with cp stderr A) hold warnings of the same codes: a
			// source converted straight and through a manifest must warn
			// alike (README, "How a conversion decides").
			"samecodes": func(ts *testscript.TestScript, neg bool, args []string) {
				if len(args) != 2 {
					ts.Fatalf("usage: samecodes A B")
				}
				a, b := warningCodes(ts.ReadFile(args[0])), warningCodes(ts.ReadFile(args[1]))
				if same := slices.Equal(a, b); same == neg {
					ts.Fatalf("warning codes of %s %v, of %s %v", args[0], a, args[1], b)
				}
			},
			// expandenv SRC DST copies SRC to DST with $VAR and ${VAR}
			// replaced by the script's variables ($WORK): files that
			// name the test's own directory (Codex's approvals, keyed by
			// absolute paths).
			"expandenv": func(ts *testscript.TestScript, neg bool, args []string) {
				if neg || len(args) != 2 {
					ts.Fatalf("usage: expandenv SRC DST")
				}
				ts.Check(os.WriteFile(ts.MkAbs(args[1]), []byte(os.Expand(ts.ReadFile(args[0]), ts.Getenv)), 0o644))
			},
			// codexapprove DIR approves, in $CODEX_HOME/config.toml, every
			// hook of DIR's Codex files as they are, as /hooks would, and
			// trusts DIR, as a person has when /hooks lists the project's
			// hooks (Codex loads an untrusted project's none): for
			// scripts about something else that migrate --remove-source
			// to Codex. (The hash itself is pinned by values computed
			// apart: providers/codex's tests,
			// migrate_remove_source_to_codex_trust.)
			"codexapprove": func(ts *testscript.TestScript, neg bool, args []string) {
				if neg || len(args) != 1 {
					ts.Fatalf("usage: codexapprove DIR")
				}
				codexApprove(ts, args[0])
			},
			// claudesettings NAME N writes a Claude Code settings file
			// with N handlers (internal/benchdata), for large-input tests.
			"claudesettings": func(ts *testscript.TestScript, neg bool, args []string) {
				if neg || len(args) != 2 {
					ts.Fatalf("usage: claudesettings NAME N")
				}
				n, err := strconv.Atoi(args[1])
				ts.Check(err)
				ts.Check(os.WriteFile(ts.MkAbs(args[0]), benchdata.ClaudeSettings(n), 0o644))
			},
		},
		// [root] is true when the tests run as root, whom file modes do
		// not stop: scripts that need an unreadable file skip then.
		Condition: func(cond string) (bool, error) {
			if cond == "root" {
				return os.Geteuid() == 0, nil
			}
			return false, fmt.Errorf("unknown condition %q", cond)
		},
		Setup: func(e *testscript.Env) error {
			// Scripts use the repository's examples and the shared corpus.
			wd, err := os.Getwd()
			if err != nil {
				return err
			}
			e.Setenv("REPO", wd+"/../..")
			e.Setenv("NO_COLOR", "1")
			// The work directory with symbolic links resolved (macOS's
			// /var is /private/var): Codex keys its approvals by the
			// project's real path, and hookconv reads them so.
			real, err := filepath.EvalSymlinks(e.WorkDir)
			if err != nil {
				return err
			}
			e.Setenv("REALWORK", real)
			// Codex's approvals are read from here, never from the
			// user's own: none unless a script writes them
			// (codexapprove, or a file of its own).
			e.Setenv("CODEX_HOME", filepath.Join(real, ".codexhome"))
			return nil
		},
	})
}

// preCommitHook is an entry of .pre-commit-hooks.yaml.
type preCommitHook struct {
	ID      string   `yaml:"id"`
	Entry   string   `yaml:"entry"`
	Args    []string `yaml:"args"`
	Files   string   `yaml:"files"`
	Exclude string   `yaml:"exclude"`
}

func precommit(ts *testscript.TestScript, neg bool, args []string) {
	if len(args) < 1 {
		ts.Fatalf("usage: precommit ID FILE...")
	}
	src, err := os.ReadFile(filepath.Join(ts.Getenv("REPO"), ".pre-commit-hooks.yaml"))
	ts.Check(err)
	var hooks []preCommitHook
	ts.Check(yaml.Unmarshal(src, &hooks))
	for _, h := range hooks {
		if h.ID != args[0] {
			continue
		}
		files := regexp.MustCompile(h.Files)
		var selected []string
		for _, f := range args[1:] {
			if files.MatchString(f) && (h.Exclude == "" || !regexp.MustCompile(h.Exclude).MatchString(f)) {
				selected = append(selected, f)
			}
		}
		ts.Logf("pre-commit passes: %s", strings.Join(selected, " "))
		entry := strings.Fields(h.Entry)
		err := ts.Exec(entry[0], append(append(entry[1:], h.Args...), selected...)...)
		if err != nil && !neg {
			ts.Fatalf("%s failed: %v", h.ID, err)
		}
		if err == nil && neg {
			ts.Fatalf("%s succeeded unexpectedly", h.ID)
		}
		return
	}
	ts.Fatalf("no hook %q in .pre-commit-hooks.yaml", args[0])
}

// warningLine matches a warning of the text format and its code.
var warningLine = regexp.MustCompile(`(?m): warning: .*\[(HC\d+)\]$`)

// warningCodes are the codes of the warnings in text, sorted, each once.
func warningCodes(text string) []string {
	var codes []string
	for _, m := range warningLine.FindAllStringSubmatch(text, -1) {
		codes = append(codes, m[1])
	}
	slices.Sort(codes)
	return slices.Compact(codes)
}

// codexApprove appends to $CODEX_HOME/config.toml the approval of every
// hook in dir's .codex files, and dir's trust unless the file has it
// (codexapprove).
func codexApprove(ts *testscript.TestScript, dir string) {
	files := providers.Files{}
	for _, p := range []string{".codex/hooks.json", ".codex/config.toml"} {
		if b, err := os.ReadFile(filepath.Join(ts.MkAbs(dir), filepath.FromSlash(p))); err == nil {
			files[p] = b
		}
	}
	real, err := filepath.EvalSymlinks(ts.MkAbs(dir))
	ts.Check(err)
	var b strings.Builder
	for _, a := range codex.Approvals(files, real, nil, runtime.GOOS) {
		if a.Hash != "" {
			fmt.Fprintf(&b, "\n[hooks.state.%s]\ntrusted_hash = %q\n", strconv.Quote(a.Key), a.Hash)
		}
	}
	home := ts.Getenv("CODEX_HOME")
	if home == "" {
		ts.Fatalf("codexapprove: set CODEX_HOME")
	}
	ts.Check(os.MkdirAll(home, 0o755))
	trust := "[projects." + strconv.Quote(real) + "]"
	if had, err := os.ReadFile(filepath.Join(home, "config.toml")); err != nil || !strings.Contains(string(had), trust) {
		fmt.Fprintf(&b, "\n%s\ntrust_level = \"trusted\"\n", trust)
	}
	f, err := os.OpenFile(filepath.Join(home, "config.toml"), os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
	ts.Check(err)
	_, err = f.WriteString(b.String())
	ts.Check(err)
	ts.Check(f.Close())
}
