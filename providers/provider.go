// Package providers holds the Adapter interface every supported tool
// implements and the registry of adapters by slug. Each tool lives in its
// own sub-package; families of tools that share a native shape share a
// codec (nested: the Claude-style {Event: [{matcher, hooks: [...]}]} map).
//
// Adapters see files, not the disk: Decode takes the native files a tool
// uses (path → bytes) and Encode returns files, so every adapter is
// testable in memory and dry runs are free. Only the CLI touches the disk.
package providers

import (
	"io/fs"
	"sort"
	"sync"

	"github.com/hookconv/hookconv/canonical"
	"github.com/hookconv/hookconv/diag"
	"github.com/hookconv/hookconv/internal/node"
)

// Files is a set of files keyed by slash-separated path relative to the
// project root (or, for a single file named by the user, by its name).
type Files map[string][]byte

// Paths returns the file paths in sorted order.
func (f Files) Paths() []string {
	out := make([]string, 0, len(f))
	for p := range f {
		out = append(out, p)
	}
	sort.Strings(out)
	return out
}

// Target is the file an encoder writes: the one existing file it was given
// (the user's -o target, whatever its name), else def, the tool's own path.
func (f Files) Target(def string) string {
	if len(f) == 1 {
		for p := range f {
			return p
		}
	}
	return def
}

// Adapter converts between one tool's native hook configuration and the
// canonical model.
type Adapter interface {
	// Slug is the provider's slug, as in `hookconv providers`.
	Slug() string
	// Decode reads the tool's native files into a manifest. It keeps every
	// native field without a canonical home in ProviderData[Slug()], so
	// Encode(Decode(x)) reproduces x. It returns a nil manifest only when
	// nothing could be read.
	Decode(files Files) (*canonical.Manifest, diag.List)
	// Encode renders m as the tool's native files. existing holds the
	// target's current files (possibly none); a settings file that holds
	// other keys is merged into, never replaced. Encode renders what it is
	// given: deciding what the target can hold is the pipeline's job.
	Encode(m *canonical.Manifest, existing Files) (Files, diag.List)
}

// Blanker is an adapter that says itself when an existing file it would
// write holds nothing to keep, where Blank's rule is wrong for it: a
// format in which a comment is content (the strict JSON of a manifest).
type Blanker interface {
	Blank(path string, src []byte) bool
}

// TargetBlank reports whether src, the existing file at path that dst
// writes, holds nothing to keep: as Blank says, or dst when it is a
// Blanker. Such a file is written as if it did not exist (a comment
// it holds kept above what is written, where the format allows one).
func TargetBlank(dst Adapter, path string, src []byte) bool {
	if b, ok := dst.(Blanker); ok {
		return b.Blank(path, src)
	}
	return Blank(path, src)
}

// TreeDecoder is an adapter whose configs parse to JSON-shaped trees
// (JSON documents, or Codex's config.toml read into the same shape): it
// can show each parsed tree, before reading hooks from it, to a caller that
// checks more of it (the lint rules a conversion runs), so the file is
// not parsed twice. see must not change the tree.
type TreeDecoder interface {
	DecodeSeeing(files Files, see func(path string, root *node.Node)) (*canonical.Manifest, diag.List)
}

// BesideDecoder is a TreeDecoder that also reads files of the tool whose
// hooks are not converted but whose settings apply to those that are: the
// tool merges them (Claude Code's settings.local.json beside the
// settings.json a user converts alone, whose "env" and disableAllHooks
// hold for its hooks too). see is shown beside's trees as well.
type BesideDecoder interface {
	DecodeBeside(files, beside Files, see func(path string, root *node.Node)) (*canonical.Manifest, diag.List)
}

// KeyCarrier is an adapter that writes some native keys of another tool
// as its own: a fork and the tool it forked document the same keys
// (Gemini CLI's and Qwen Code's handler "description"). The pipeline then
// does not report them as lost.
type KeyCarrier interface {
	// CarriesKey reports whether the tool writes slug's key (a handler
	// key, or "group "+key for a group key) as its own.
	CarriesKey(slug, key string) bool
}

// FieldUser is implemented by adapters whose output embeds the manifest
// it runs (hookconv's generated programs: Cline's scripts, OpenCode's
// plugin): decoded again, every field comes back, whether the program
// acts on it or not, so the fields it ignores are said (HC316) by this,
// not found by a round trip (QA q2 F10: status_message was dropped
// silently there).
type FieldUser interface {
	// UsesField reports whether the program acts on handler field (its
	// canonical name: "status_message", "platform.windows").
	UsesField(field string) bool
}

// OwnKeyWriter is an adapter that says which keys of its own
// provider_data it writes (its dialect's documented keys without a
// canonical home: Claude Code's asyncRewake, Cursor's failClosed). The
// pipeline warns about the others, which the adapter drops (HC593), as
// Kiro's adapters do themselves (HC508, HC546).
type OwnKeyWriter interface {
	// WritesOwnKey reports whether the tool writes key of its own
	// provider_data; hookconv's own "$" marks are not asked about.
	WritesOwnKey(key string) bool
}

// GroupKeyWriter is implemented by adapters whose format groups hooks
// under keys of the group's own (Gemini CLI's "sequential", Droid's
// "commandRegex"), which their decoders keep as "$group": verify reads
// a filter key there only where the tool writes it as a group key, since
// a hand-edited "$group" may hold any key.
type GroupKeyWriter interface {
	// WritesGroupKey reports whether the tool writes key of a "$group".
	WritesGroupKey(key string) bool
	// GroupKeys lists the keys WritesGroupKey accepts, for the "did you
	// mean" of a hand-edited "$group" key it does not (HC593).
	GroupKeys() []string
}

var (
	mu       sync.RWMutex
	registry = map[string]Adapter{}
)

// Register makes an adapter available by its slug. Sub-packages call it
// from init; registering a slug twice is a programming error.
func Register(a Adapter) {
	mu.Lock()
	defer mu.Unlock()
	if _, dup := registry[a.Slug()]; dup {
		panic("providers: adapter registered twice: " + a.Slug())
	}
	registry[a.Slug()] = a
}

// Get returns the adapter for slug.
func Get(slug string) (Adapter, bool) {
	mu.RLock()
	defer mu.RUnlock()
	a, ok := registry[slug]
	return a, ok
}

// Slugs lists the registered adapters' slugs, sorted.
func Slugs() []string {
	mu.RLock()
	defer mu.RUnlock()
	out := make([]string, 0, len(registry))
	for s := range registry {
		out = append(out, s)
	}
	sort.Strings(out)
	return out
}

// Generator is an adapter that writes programs (a hook script, a plugin)
// and knows one it wrote by its content. Such a program is code, not a
// config that parses, so only its header tells its tool where its path
// cannot (standard input, a copy in another folder); its comments quote
// a manifest, which is no evidence the file is one (QA F6).
type Generator interface {
	// Generated reports whether src is a file the adapter's Encode
	// wrote: it has the header and the manifest markers written there.
	Generated(src []byte) bool
}

// ExecutableFiles is implemented by adapters some of whose files are
// programs the tool runs directly (Cline runs .clinerules/hooks/<Event>,
// and treats a script without the executable bit as disabled).
type ExecutableFiles interface {
	Executable(path string) bool
}

// FileMode is the mode a new file written for a gets: 0755 for the files
// it declares executable, 0644 for the rest. An existing file keeps its
// own mode (see internal/atomicfile).
func FileMode(a Adapter, path string) fs.FileMode {
	if x, ok := a.(ExecutableFiles); ok && x.Executable(path) {
		return 0o755
	}
	return 0o644
}
