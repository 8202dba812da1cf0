package kirolegacy

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/hookconv/hookconv/internal/node"
)

func TestGlobToRegex(t *testing.T) {
	for _, tc := range []struct {
		globs []string
		want  string // "" with all: every path; "!" prefix: an error containing the rest
		all   bool
	}{
		{globs: []string{"**/*.ts"}, want: `^(.*/)?[^/]*\.ts$`},
		{globs: []string{"src/*.go"}, want: `^src/[^/]*\.go$`},
		{globs: []string{"*.{ts,tsx}"}, want: `^[^/]*\.(ts|tsx)$`},
		{globs: []string{"**/*.{ts,tsx}"}, want: `^(.*/)?[^/]*\.(ts|tsx)$`},
		{globs: []string{"{src,lib}/**/*.go"}, want: `^(src|lib)/(.*/)?[^/]*\.go$`},
		{globs: []string{"{a/b,c}"}, want: `^(a/b|c)$`},
		{globs: []string{"file?.txt"}, want: `^file[^/]\.txt$`},
		{globs: []string{"[abc].md"}, want: `^[abc]\.md$`},
		{globs: []string{"[a-z0-9_]*"}, want: `^[a-z0-9_][^/]*$`},
		{globs: []string{"[!a-c]x"}, want: `^[^/a-c]x$`},
		{globs: []string{"[^a]x"}, want: `^[^/a]x$`},
		{globs: []string{"[a-]"}, want: `^[a\-]$`},
		{globs: []string{"[!.-0]"}, want: `^[^/.-0]$`},
		{globs: []string{"docs/**"}, want: `^docs(/.*)?$`},
		{globs: []string{"a/**/b"}, want: `^a/(.*/)?b$`},
		{globs: []string{"a/**/**/b"}, want: `^a/(.*/)?b$`},
		{globs: []string{"**/node_modules/**"}, want: `^(.*/)?node_modules(/.*)?$`},
		{globs: []string{"a**b"}, want: `^a[^/]*b$`},
		{globs: []string{"x,y(z)+$"}, want: `^x,y\(z\)\+\$$`},
		{globs: []string{"é/日本.md"}, want: `^é/日本\.md$`},
		{globs: []string{""}, want: `^$`},
		{globs: []string{"**/*.md", "**/*.go"}, want: `^(?:(.*/)?[^/]*\.md|(.*/)?[^/]*\.go)$`},
		{globs: []string{"**"}, all: true},
		{globs: []string{"**/*"}, all: true},
		{globs: []string{"**/**/*"}, all: true},
		{globs: []string{"src/*.go", "**"}, all: true},
		{globs: []string{`a\b`}, want: "!backslash"},
		{globs: []string{"!**/*.test.ts"}, want: "!negates"},
		{globs: []string{"{a,{b,c}}"}, want: "!nested braces"},
		{globs: []string{"{a,b"}, want: "!{ without }"},
		{globs: []string{"a}"}, want: "!} without {"},
		{globs: []string{"[ab"}, want: "![ without ]"},
		{globs: []string{"a]"}, want: "!without its opening"},
		{globs: []string{"[]"}, want: "!empty class"},
		{globs: []string{"[!]"}, want: "!empty class"},
		{globs: []string{"[a/b]"}, want: "!may not name"},
		{globs: []string{"[.-0]"}, want: "!spans '/'"},
		{globs: []string{"[z-a]"}, want: "!bad range"},
		{globs: []string{"[ --]"}, want: "!bad range"},
		{globs: []string{"{**/a,b}"}, want: "!** inside braces"},
		{globs: []string{"*{*,a}"}, want: "!a star next to a brace"},
		{globs: []string{"{a,b*}*"}, want: "!a star next to a brace"},
		{globs: []string{"*{ab,}*"}, want: "!a star next to a brace"},
		{globs: []string{"ok", "bad\\"}, want: "!backslash"},
	} {
		re, all, err := globsToRegex(tc.globs)
		switch {
		case strings.HasPrefix(tc.want, "!"):
			if err == nil || !strings.Contains(err.Error(), tc.want[1:]) {
				t.Errorf("%q: got %q, %v; want an error about %q", tc.globs, re, err, tc.want[1:])
			}
		case err != nil:
			t.Errorf("%q: %v", tc.globs, err)
		case all != tc.all || re != tc.want:
			t.Errorf("%q: got %q (all %v), want %q (all %v)", tc.globs, re, all, tc.want, tc.all)
		default:
			if _, err := regexp.Compile(re); err != nil {
				t.Errorf("%q: %q does not compile: %v", tc.globs, re, err)
			}
		}
	}
}

func TestRegexToGlobs(t *testing.T) {
	for _, tc := range []struct {
		re   string
		want []string // nil: refused, with an error containing why
		why  string
	}{
		// The translator's own forms.
		{re: `^(.*/)?[^/]*\.ts$`, want: []string{"**/*.ts"}},
		{re: `^[^/]*\.(ts|tsx)$`, want: []string{"*.{ts,tsx}"}},
		{re: `^(?:(.*/)?[^/]*\.md|src/[^/]*\.go)$`, want: []string{"**/*.md", "src/*.go"}},
		{re: `^docs(/.*)?$`, want: []string{"docs/**"}},
		{re: `^a/(.*/)?b$`, want: []string{"a/**/b"}},
		{re: `^[^/a-c]x[abc]$`, want: []string{"[!a-c]x[abc]"}},
		{re: `^file[^/]\.txt$`, want: []string{"file?.txt"}},
		{re: `^$`, want: []string{""}},
		// Forms people write by hand (Kiro v1's own examples among them).
		{re: `\.ts$`, want: []string{"**/*.ts"}},
		{re: `\.tsx?$`, want: []string{"**/*.ts{x,}"}},
		{re: `\.(ts|js)x?$`, want: []string{"**/*.{ts,js}{x,}"}},
		{re: `^src/.*\.go$`, want: []string{"src/**/*.go"}},
		{re: `^src/`, want: []string{"src/**/*"}},
		{re: `^src/.*/test/`, want: []string{"src/**/*/test/**/*"}},
		{re: `^a.*$`, want: []string{"a*/**"}},
		{re: `^a.*/b$`, want: []string{"a*/**/b"}},
		{re: `^(?:.*/)?[^/]+\.md$`, want: []string{"**/?*.md"}},
		{re: `^\d\d\.log$`, want: []string{"[0-9][0-9].log"}},
		{re: `^[^/]*\.md$|^[^/]*\.go$`, want: []string{"*.md", "*.go"}},
		{re: `^[-a]$`, want: []string{"[-a]"}},
		{re: `^[!-]$`, want: []string{"[-!]"}},
		{re: `^[!a]$`, want: []string{"[a!]"}},
		{re: `.*`, want: []string{"**"}},
		{re: ``, want: []string{"**"}},
		{re: `README`, want: []string{"**/*README*/**"}},
		// Refused.
		{re: `^a.b$`, why: "no glob equivalent"},
		{re: `^a+$`, why: "repetition"},
		{re: `^a*$`, why: "repetition"},
		{re: `(?i)^a$`, why: "flags"},
		{re: `^[^a]$`, why: "can match '/'"},
		{re: `^[./]$`, why: "can match '/'"},
		{re: `^\s$`, why: "escape"},
		{re: `^a.*b$`, why: "inside a path segment"},
		{re: `^a(.*/)?b$`, why: "inside a path segment"},
		{re: `^(/.*)?a$`, why: "before the end"},
		{re: `^a\*b$`, why: "no glob spelling"},
		{re: `^(a|(b|c))$`, why: "path-spanning"},
		{re: `^(a|b,c)$`, why: "no glob spelling"},
		{re: `^(a$|b)$`, why: "anchor"},
		{re: `^a$b`, why: "anchor in the middle"},
		{re: `^[[:alpha:]]$`, why: "POSIX"},
		{re: `^!a$`, want: []string{"{!}a"}},
		{re: `^[!]$`, why: "negation"},
		{re: `(`, why: "not a valid regular expression"},
		{re: `^(?P<n>a)$`, why: "named groups"},
	} {
		got, err := regexToGlobs(tc.re)
		if tc.want == nil {
			if err == nil || !strings.Contains(err.Error(), tc.why) {
				t.Errorf("%q: got %q, %v; want an error about %q", tc.re, got, err, tc.why)
			}
			continue
		}
		if err != nil || !slices.Equal(got, tc.want) {
			t.Errorf("%q: got %q, %v; want %q", tc.re, got, err, tc.want)
		}
	}
}

// corpusGlobs are the patterns of every real file in testdata.
func corpusGlobs(t *testing.T) [][]string {
	t.Helper()
	paths, err := filepath.Glob("testdata/corpus/*")
	if err != nil || len(paths) == 0 {
		t.Fatalf("no testdata: %v", err)
	}
	var out [][]string
	for _, p := range paths {
		src, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		root, err := node.ParseJSON(src, node.JSONOptions{})
		if err != nil {
			t.Fatalf("%s: %v", p, err)
		}
		if globs, ok := root.Get(keyWhen).Get(keyPatterns).Strings(); ok {
			out = append(out, globs)
		}
	}
	if len(out) == 0 {
		t.Fatal("no patterns in the corpus")
	}
	return out
}

// identityGlobs are globs in the translator's canonical spelling: glob →
// regex → glob gives them back unchanged.
var identityGlobs = []string{
	"src/*.go", "*.{ts,tsx}", "**/*.{ts,tsx}", "file?.txt", "[abc].md", "[!a-c]x", "[a-z0-9_]*",
	"docs/**", "a/**/b", "**/node_modules/**", "{src,lib}/**/*.go", "{a/b,c}", "x,y(z)+$",
	"src/main/**/*.java", "**/.env", ".kiro/steering/*.md", "é/日本.md", "a{b,}c", "[-a]",
}

// TestGlobIdentity: glob → regex → glob is the identity for every glob in
// the corpus (each alone and each file's whole list) and for the
// translator's canonical spellings.
func TestGlobIdentity(t *testing.T) {
	lists := corpusGlobs(t)
	for _, lst := range lists {
		for _, g := range lst {
			lists = append(lists, []string{g})
		}
	}
	for _, g := range identityGlobs {
		lists = append(lists, []string{g})
	}
	lists = append(lists, identityGlobs)
	for _, globs := range lists {
		re, all, err := globsToRegex(globs)
		if err != nil || all {
			t.Errorf("%q: %v (all %v)", globs, err, all)
			continue
		}
		back, err := regexToGlobs(re)
		if err != nil || !slices.Equal(back, globs) {
			t.Errorf("%q → %q → %q, %v", globs, re, back, err)
		}
	}
}

// samplePaths are project-relative paths the property tests try: named
// cases, then every path of up to four parts drawn from a small alphabet
// of path pieces.
func samplePaths() []string {
	out := []string{
		"a.ts", "src/a.ts", "src/b/c.ts", "a.tsx", "src/x.tsx", "a.ts/b", "ts", ".ts", "src/.ts",
		"README.md", "docs/x.md", "docs", "docs/", "docsx", "docs/a/b.md", ".hidden.md", "a/.b/c.md",
		"main.go", "src/main.go", "src/sub/main.go", "lib/a.go", "src/main/java/A.java",
		"node_modules/x/y.js", "a/node_modules", "a/node_modules/b", "file1.txt", "file12.txt", "file/.txt",
		"a/b", "a//b", "a/x/b", "a/x/y/b", "ab", "a", "b", "", "/", "/a", "a/",
		"x,y(z)+$", "é/日本.md", "Makefile", "go.mod", ".env", "cfg/.env", "[abc].md", "a.md",
		"ac", "abc", "a-", "-", "!", "00.log", "1a.log", "src", "lib/x.go", "c", "a/b/c",
	}
	pieces := []string{"a", "b", ".", "/", "ts", "x"}
	var gen func(prefix string, n int)
	gen = func(prefix string, n int) {
		out = append(out, prefix)
		if n == 0 {
			return
		}
		for _, p := range pieces {
			gen(prefix+p, n-1)
		}
	}
	gen("", 4)
	return out
}

// TestGlobRegexSameMatches: a glob and its regex match exactly the same
// sample paths, under the reference matcher below.
func TestGlobRegexSameMatches(t *testing.T) {
	paths := samplePaths()
	globs := append(slices.Clone(identityGlobs),
		"**/*.ts", "**/*.md", "*.ts", "a/**", "**/a", "**/b/**", "a/*/b", "*", "?", "**", "**/*", "*/**",
		"a**b", "**/?*.md", "[0-9][0-9].log", "*.{md,}", "a/**/", "/**", "**/.*", "{a,b}/{x,.}", "a/**/**/b")
	for _, lst := range corpusGlobs(t) {
		globs = append(globs, lst...)
	}
	for _, g := range globs {
		re, all, err := globsToRegex([]string{g})
		if err != nil {
			t.Errorf("%q: %v", g, err)
			continue
		}
		rx := regexp.MustCompile(`.*`)
		if !all {
			rx = regexp.MustCompile(re)
		}
		for _, p := range paths {
			if got, want := rx.MatchString(p), refMatch(g, p); got != want {
				t.Errorf("%q (regex %q) on %q: regex says %v, glob says %v", g, re, p, got, want)
			}
		}
	}
}

// TestRegexGlobSameMatches: a regex and the globs made of it match exactly
// the same sample paths.
func TestRegexGlobSameMatches(t *testing.T) {
	paths := samplePaths()
	for _, re := range []string{
		`\.ts$`, `\.tsx?$`, `\.(ts|js)x?$`, `^src/.*\.go$`, `^src/`, `^src/.*/test/`, `^a.*$`, `^a.*/b$`,
		`^(?:.*/)?[^/]+\.md$`, `^\d\d\.log$`, `^[^/]*\.md$|^[^/]*\.go$`, `.*`, `README`, `a`, `^a`, `a$`,
		`^(.*/)?[^/]*\.ts$`, `^[^/a-c]x[abc]$`, `^docs(/.*)?$`, `^a/(.*/)?b$`, `^(a/b|c)x?$`, `/$`, `^/`,
		`^(?:(.*/)?[^/]*\.md|(.*/)?[^/]*\.go|(.*/)?[^/]*\.toml)$`,
	} {
		globs, err := regexToGlobs(re)
		if err != nil {
			t.Errorf("%q: %v", re, err)
			continue
		}
		rx := regexp.MustCompile(re)
		for _, p := range paths {
			want := rx.MatchString(p)
			got := slices.ContainsFunc(globs, func(g string) bool { return refMatch(g, p) })
			if got != want {
				t.Errorf("%q (globs %q) on %q: globs say %v, regex says %v", re, globs, p, got, want)
			}
		}
	}
}

// refMatch is the reference glob matcher of the semantics glob.go
// documents, written independently of the translator: braces expand
// first, a segment that is exactly ** matches zero or more segments, and
// other segments match with path.Match (classes negated with ! or ^).
func refMatch(glob, p string) bool {
	for _, g := range expandBraces(glob) {
		if matchSegments(strings.Split(g, "/"), strings.Split(p, "/")) {
			return true
		}
	}
	return false
}

// expandBraces expands the first brace outside a class, recursively.
func expandBraces(g string) []string {
	open, end := -1, -1
	inClass := false
	for i := 0; i < len(g) && end < 0; i++ {
		switch c := g[i]; {
		case inClass:
			inClass = c != ']'
		case c == '[':
			inClass = true
		case c == '{' && open < 0:
			open = i
		case c == '}' && open >= 0:
			end = i
		}
	}
	if end < 0 {
		return []string{g}
	}
	var out []string
	for _, alt := range splitTop(g[open+1:end], ',') {
		out = append(out, expandBraces(g[:open]+alt+g[end+1:])...)
	}
	return out
}

// splitTop splits at sep outside classes.
func splitTop(s string, sep byte) []string {
	var out []string
	start, inClass := 0, false
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case inClass:
			inClass = c != ']'
		case c == '[':
			inClass = true
		case c == sep:
			out = append(out, s[start:i])
			start = i + 1
		}
	}
	return append(out, s[start:])
}

func matchSegments(g, p []string) bool {
	// memo[i][j]: g[i:] against p[j:], 0 unknown, 1 no, 2 yes — so a glob
	// of many ** costs polynomial time, not exponential.
	memo := make([][]int8, len(g)+1)
	for i := range memo {
		memo[i] = make([]int8, len(p)+1)
	}
	var match func(i, j int) bool
	match = func(i, j int) bool {
		if memo[i][j] != 0 {
			return memo[i][j] == 2
		}
		var ok bool
		switch {
		case i == len(g):
			ok = j == len(p)
		case g[i] == "**":
			ok = match(i+1, j) || j < len(p) && match(i, j+1)
		default:
			ok = j < len(p) && matchSegment(g[i], p[j]) && match(i+1, j+1)
		}
		memo[i][j] = 1
		if ok {
			memo[i][j] = 2
		}
		return ok
	}
	return match(0, 0)
}

// segItem is one element of a segment pattern: a star, or a set of runes.
type segItem struct {
	star bool
	any  bool // ?
	in   func(rune) bool
}

// matchSegment matches one segment: * any run, ? one character, [...]
// one character of a class (negated by a leading ! or ^; a '-' first or
// last is literal), anything else itself. It is a set-of-states
// simulation, linear in the segment for each pattern element.
func matchSegment(g, s string) bool {
	var items []segItem
	for len(g) > 0 {
		switch g[0] {
		case '*':
			items = append(items, segItem{star: true})
			g = g[1:]
			continue
		case '?':
			items = append(items, segItem{any: true})
			g = g[1:]
			continue
		case '[':
			end := strings.IndexByte(g[1:], ']') + 1
			body := g[1:end]
			neg := body != "" && (body[0] == '!' || body[0] == '^')
			if neg {
				body = body[1:]
			}
			cs := []rune(body)
			items = append(items, segItem{in: func(r rune) bool {
				in := false
				for k := 0; k < len(cs); k++ {
					lo, hi := cs[k], cs[k]
					if k+2 < len(cs) && cs[k+1] == '-' {
						hi = cs[k+2]
						k += 2
					}
					in = in || lo <= r && r <= hi
				}
				return in != neg
			}})
			g = g[end+1:]
			continue
		}
		r, n := utf8.DecodeRuneInString(g)
		items = append(items, segItem{in: func(c rune) bool { return c == r }})
		g = g[n:]
	}
	// states[k]: items[:k] match the input read so far.
	states := make([]bool, len(items)+1)
	states[0] = true
	closeStars := func() {
		for k, it := range items {
			if states[k] && it.star {
				states[k+1] = true
			}
		}
	}
	closeStars()
	for _, r := range s {
		next := make([]bool, len(items)+1)
		for k, it := range items {
			if !states[k] {
				continue
			}
			switch {
			case it.star:
				next[k] = true
			case it.any || it.in(r):
				next[k+1] = true
			}
		}
		states = next
		closeStars()
	}
	return states[len(items)]
}

// FuzzGlobRegex: whatever the translator accepts, both ways, matches
// exactly the same sample paths on both sides, and every regex it writes
// translates back.
func FuzzGlobRegex(f *testing.F) {
	for _, g := range identityGlobs {
		f.Add(g)
	}
	for _, s := range []string{"**/*.ts", "a/**", `\.tsx?$`, `^src/.*\.go$`, `^(?:a|b)$`, `^[^/a-c]x$`, `.*`, "*{a,b}?", "[!-0]/**/x"} {
		f.Add(s)
	}
	paths := samplePaths()
	f.Fuzz(func(t *testing.T, s string) {
		if len(s) > 200 {
			return // long inputs add nothing but time
		}
		if re, all, err := globsToRegex([]string{s}); err == nil {
			rx := regexp.MustCompile(`.*`)
			if !all {
				var cerr error
				if rx, cerr = regexp.Compile(re); cerr != nil {
					t.Fatalf("glob %q: regex %q does not compile: %v", s, re, cerr)
				}
				back, err := regexToGlobs(re)
				if err != nil {
					t.Fatalf("glob %q: regex %q does not translate back: %v", s, re, err)
				}
				for _, p := range paths {
					if got := slices.ContainsFunc(back, func(g string) bool { return refMatch(g, p) }); got != rx.MatchString(p) {
						t.Fatalf("glob %q → %q → %q disagree on %q", s, re, back, p)
					}
				}
			}
			for _, p := range paths {
				if rx.MatchString(p) != refMatch(s, p) {
					t.Fatalf("glob %q and regex %q disagree on %q", s, re, p)
				}
			}
		}
		if globs, err := regexToGlobs(s); err == nil {
			rx := regexp.MustCompile(s)
			for _, p := range paths {
				if got := slices.ContainsFunc(globs, func(g string) bool { return refMatch(g, p) }); got != rx.MatchString(p) {
					t.Fatalf("regex %q and globs %q disagree on %q", s, globs, p)
				}
			}
		}
	})
}
