package hookconv

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/hookconv/hookconv/canonical"
	"github.com/hookconv/hookconv/capabilities"
	"github.com/hookconv/hookconv/diag"
	"github.com/hookconv/hookconv/internal/node"
	"github.com/hookconv/hookconv/providers"
)

// TestNoSilentLossOfBlocking is the product's first promise as a property:
// over every golden input and every corpus file, converted to every
// target, each blocking hook of the source either still blocks in what the
// target reads back from the output, or a warning (or an error, which
// writes nothing) names it. Dropping a safety hook, or turning it into one
// that only observes, may never happen quietly.
func TestNoSilentLossOfBlocking(t *testing.T) {
	inputs := propertyInputs(t)
	blocking, kept := 0, 0
	// Every target, and every target again with commands wrapped in the
	// run shim (convert --shim).
	type job struct {
		to   string
		shim bool
	}
	var jobs []job
	for _, to := range targets {
		jobs = append(jobs, job{to, false}, job{to, true})
	}
	for _, in := range inputs {
		src := DecodeSource(in.from, providers.Files{in.key: in.src})
		if src.Manifest == nil || src.Diagnostics.HasErrors() {
			continue
		}
		for _, job := range jobs {
			to := job.to
			res := src.Convert(to, nil, Options{Shim: job.shim})
			if res.Files == nil {
				if !res.Diagnostics.HasErrors() {
					t.Errorf("%s → %s (shim %v): nothing written and no error", in.name, to, job.shim)
				}
				continue
			}
			b, k, problems := blockingCheck(src, res, to)
			blocking, kept = blocking+b, kept+k
			for _, p := range problems {
				t.Errorf("%s → %s (shim %v): %s", in.name, to, job.shim, p)
			}
		}
	}
	if blocking < 100 {
		t.Fatalf("only %d blocking hooks checked; are the inputs there?", blocking)
	}
	t.Logf("%d blocking hook conversions checked: %d still block, %d dropped or weakened with a warning", blocking, kept, blocking-kept)
}

// blockingCheck checks one conversion that wrote files against its
// source: it counts the source's blocking hooks and those still blocking
// in what the target reads back, and describes each blocking hook that
// neither blocks there nor is warned about, and each observing hook that
// blocks there unannounced.
func blockingCheck(src *Source, res Conversion, to string) (blocking, kept int, problems []string) {
	dst, _ := providers.Get(to)
	got, _ := dst.Decode(res.Files)
	for i := range src.Manifest.Hooks {
		h := &src.Manifest.Hooks[i]
		if !h.Blocking {
			// The other way round: a hook its author let observe only
			// must not start blocking unannounced. (One warned about as
			// excluded or replaced, by a degradation the author chose, is
			// not in the output: what blocks there is another hook.)
			idx := h.SourceIndex(i)
			if blocksUnasked(h, to) && stillBlocks(h, got) && !observes(h, got) && !warnedWith(res.Diagnostics, idx, nowBlocks) && !warnedWith(res.Diagnostics, idx, dropped) {
				problems = append(problems, fmt.Sprintf("observing hook %d (%s %q) blocks in the output, unannounced", i+1, h.Event, runText(&h.Handler)))
			}
			continue
		}
		blocking++
		if stillBlocks(h, got) {
			kept++
			continue
		}
		if neverBlocks(h) {
			// A command read whole that always exits 0 and prints no
			// JSON (a notifier its decoder marked blocking by its event)
			// was never a guard: no guard of it is lost (QA F12).
			continue
		}
		// Gone, or running something else: a warning must say it was
		// excluded, or replaced (HC203) or converted (HC202). That warning
		// accounts for it even when another hook with its event and
		// command makes it look present. Still there but observing only:
		// a warning must say it cannot block (HC204, HC181) or that its
		// handler was degraded (HC202).
		idx := h.SourceIndex(i)
		if !warnedWith(res.Diagnostics, idx, dropped) && !(present(h, got) && warnedWith(res.Diagnostics, idx, weakened)) {
			problems = append(problems, fmt.Sprintf("blocking hook %d (%s %q) neither blocks in the output nor is warned about", i+1, h.Event, runText(&h.Handler)))
		}
	}
	return blocking, kept, problems
}

// The warnings that may account for a blocking hook the output no longer
// blocks with.
var (
	weakened = map[string]bool{"HC204": true, "HC181": true, "HC185": true, "HC202": true}
	// nowBlocks: the warning that a hook meant to observe sits where the
	// target blocks on its exit code.
	nowBlocks = map[string]bool{"HC207": true}
	dropped   = map[string]bool{"HC200": true, "HC201": true, "HC202": true, "HC203": true, "HC311": true, "HC315": true, "HC319": true}
)

// propertyInput is one source config the property tests convert.
type propertyInput struct {
	name, from, key string
	src             []byte
}

// propertyInputs are every golden input and every usable corpus file.
func propertyInputs(t *testing.T) []propertyInput {
	t.Helper()
	inputs := goldenInputs(t)
	for _, f := range corpus(t) {
		if _, broken := brokenCorpus[filepath.Base(f.path)]; broken {
			continue
		}
		inputs = append(inputs, propertyInput{f.slug + "/" + filepath.Base(f.path), f.slug, nativeKey(f), f.src})
	}
	return inputs
}

// goldenInputs are the golden tests' inputs: each with its tool and the
// path that tool reads it from.
func goldenInputs(tb testing.TB) []propertyInput {
	tb.Helper()
	var inputs []propertyInput
	golden, _ := filepath.Glob("testdata/golden/*/input.*")
	for _, in := range golden {
		parts := strings.SplitN(filepath.Base(in), ".", 3)
		src, err := os.ReadFile(in)
		if err != nil {
			tb.Fatal(err)
		}
		inputs = append(inputs, propertyInput{filepath.Base(filepath.Dir(in)), parts[1], sourcePath(parts[1], parts[2]), src})
	}
	if len(inputs) == 0 {
		tb.Fatal("no golden inputs")
	}
	return inputs
}

// stillBlocks reports whether the target, reading the output back, holds
// a blocking hook on the same event that runs the same thing.
func stillBlocks(h *canonical.Hook, got *canonical.Manifest) bool {
	return find(h, got, true)
}

// blocksUnasked reports whether the target lets a hook block without the
// hook answering in the target's own terms: a command by its exit code
// alone, a prompt or agent hook by its model's answer.
func blocksUnasked(h *canonical.Hook, to string) bool {
	b, ok := capabilities.Default().BlockingOf(to, h.Event)
	if !ok || b.Behaviour == capabilities.Observe {
		return false
	}
	switch h.Handler.Type {
	case canonical.HandlerCommand:
		return b.Exit != "json" && b.Exit != "contract"
	case canonical.HandlerPrompt, canonical.HandlerAgent:
		return true
	}
	return false
}

// observes reports whether the output holds the hook in a form that
// cannot block.
func observes(h *canonical.Hook, got *canonical.Manifest) bool {
	want := runsOn(&h.Handler)
	for i := range got.Hooks {
		g := &got.Hooks[i]
		if !(g.Blocking && shimBlocks(g.Handler.Command)) && g.Event == h.Event && runsOn(&g.Handler) == want {
			return true
		}
	}
	return false
}

// present reports whether the output holds the hook, blocking or not.
func present(h *canonical.Hook, got *canonical.Manifest) bool {
	return find(h, got, false)
}

func find(h *canonical.Hook, got *canonical.Manifest, blocking bool) bool {
	want := runsOn(&h.Handler)
	for i := range got.Hooks {
		g := &got.Hooks[i]
		if (g.Blocking && shimBlocks(g.Handler.Command) || !blocking) && g.Event == h.Event && runsOn(&g.Handler) == want {
			return true
		}
	}
	return false
}

// shimBlocks reports whether a command lets its hook block: a command the
// run shim wraps blocks only with --blocking, else the shim downgrades a
// block to a warning.
func shimBlocks(command string) bool {
	if _, shimmed := Unshim(command); !shimmed {
		return true
	}
	flags, _, _ := strings.Cut(command, " -- ")
	return strings.Contains(flags+" ", " --blocking ")
}

// warnedWith reports whether a warning or an error with one of codes names
// hook index (its path, hooks[index] or below).
func warnedWith(ds diag.List, index int, codes map[string]bool) bool {
	prefix := fmt.Sprintf("hooks[%d]", index)
	for _, d := range ds {
		if d.Severity >= diag.Warning && codes[d.Code] && (d.Path == prefix || strings.HasPrefix(d.Path, prefix+".")) {
			return true
		}
	}
	return false
}

// runsOn is what a handler runs on Linux, macOS and Windows, each as
// normaliseRun reads it: a command's override for the system (platform),
// else its command. Compared so, a hook whose Linux and macOS command
// became the target's default command beside a Windows override (Codex's
// commandWindows, HC205) runs what it ran on each, and one whose
// override is gone does not (QA: the manifests' property test read only
// handler.command, and took the first for a lost guard).
func runsOn(hd *canonical.Handler) [3]string {
	var out [3]string
	for i, os := range [...]string{"linux", "osx", "windows"} {
		run := runText(hd)
		if c := hd.Platform[os]; c != "" && hd.Type == canonical.HandlerCommand {
			run = c
		}
		out[i] = normaliseRun(run)
	}
	return out
}

func runText(hd *canonical.Handler) string {
	switch hd.Type {
	case canonical.HandlerHTTP:
		return hd.URL
	case canonical.HandlerPrompt, canonical.HandlerAgent:
		return hd.Prompt
	case canonical.HandlerMCPTool:
		return hd.Server + "/" + hd.Tool
	}
	return hd.Command
}

// projectVar is a project-directory variable, which conversion renames to
// the target's ($CLAUDE_PROJECT_DIR → $GEMINI_PROJECT_DIR).
// A target without one gets $(git rev-parse --show-toplevel) instead.
var projectVar = regexp.MustCompile(`"?(?:\$\{?[A-Z][A-Z0-9_]*\}?|\$\(git rev-parse --show-toplevel\))"?`)

// fromRoot is a path's opening that names the folder the path starts
// from: the project directory, as normaliseRun spells it, or ./.
var fromRoot = regexp.MustCompile(`(^|[\s;&|(])(?:\$VAR/|\./)+`)

// normaliseRun is what a command runs, whatever its project-directory
// variable is called, whether it is quoted (the shim writes Gemini's
// "${GEMINI_PROJECT_DIR}" for $GEMINI_PROJECT_DIR), whether the run
// shim wraps it, and whether a path relative to the project's root is
// anchored there (./hooks/g.sh, or "hooks/g.sh", which a tool running
// hooks in the session's folder gets as
// "$(git rev-parse --show-toplevel)"/hooks/g.sh: the path's quotes are
// dropped where it needs none).
func normaliseRun(s string) string {
	if original, shimmed := Unshim(s); shimmed {
		s = original
	}
	s = projectVar.ReplaceAllLiteralString(s, "$VAR")
	return fromRoot.ReplaceAllString(strings.ReplaceAll(s, `"`, ""), "$1")
}

// TestDecoderMarksKnown: every "$" key a decoder writes into provider_data
// is one capabilities.DecodedFrom recognises as a decoder's mark (its
// canonical table of marks is kept by hand), with the shape that table
// says, which validate holds a hand-edited manifest to (HC594). Over every golden input and corpus
// file: a decoder that starts writing a new mark fails here until the
// list has it, rather than its hooks silently losing their provenance.
// (It sees only the marks these inputs make: 11 of the 19 today; the
// exec form's, Kiro's and the switches' come from no input here.)
func TestDecoderMarksKnown(t *testing.T) {
	seen := 0
	for _, in := range propertyInputs(t) {
		src := DecodeSource(in.from, providers.Files{in.key: in.src})
		if src.Manifest == nil {
			continue
		}
		for i := range src.Manifest.Hooks {
			for slug, raw := range src.Manifest.Hooks[i].ProviderData {
				var fields map[string]json.RawMessage
				if json.Unmarshal(raw, &fields) != nil {
					continue
				}
				for k, v := range fields {
					if !strings.HasPrefix(k, "$") {
						continue
					}
					seen++
					alone := canonical.Hook{ProviderData: map[string]json.RawMessage{slug: json.RawMessage(`{"` + k + `":` + string(v) + `}`)}}
					if !capabilities.DecodedFrom(&alone, slug) {
						t.Errorf("%s: the %s decoder writes %q, which capabilities.DecodedFrom does not know as a decoder's mark (add it to canonical's marks)", in.name, slug, k)
					}
					if n, err := node.ParseJSON(v, node.JSONOptions{}); err != nil || !canonical.MarkFits(k, n) {
						t.Errorf("%s: the %s decoder writes %s: %s, of a shape canonical's marks table does not allow (validate would reject it)", in.name, slug, k, v)
					}
				}
			}
		}
	}
	if seen == 0 {
		t.Fatal("no decoder marks seen: the inputs are not being decoded")
	}
}
