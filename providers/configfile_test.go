package providers

import (
	"regexp"
	"strings"
	"testing"

	"github.com/hookconv/hookconv/internal/node"
	"github.com/hookconv/hookconv/vocab"
)

// TestGlobAsRegex: the hint for a glob written where a regex is read
// spells a regex that matches what the glob meant.
func TestGlobAsRegex(t *testing.T) {
	for glob, want := range map[string]string{
		"*.ts":            `\.ts$`,
		"**/*.go":         `(.*/)?[^/]*\.go$`,
		"*":               `.*`,
		"**/*.{ts,tsx}":   `(.*/)?[^/]*\.(ts|tsx)$`,
		"*.ts|*.js":       `\.ts$|\.js$`,
		"?.md":            `(^|/)[^/]\.md$`,
		"src/**":          `^src/.*$`,
		"*.[jt]s":         `\.[jt]s$`,
		"**/[!.]*.go":     `(.*/)?[^.][^/]*\.go$`,
		"*.ts|":           `\.ts$`,
		"a.ts|*.js":       `(^|/)a\.ts$|\.js$`,
		"*.{ts,{js,jsx}}": ``,
		"*.test.tsx":      `\.test\.tsx$`,
	} {
		got := globAsRegex(glob)
		if got != want {
			t.Errorf("globAsRegex(%q) = %q, want %q", glob, got, want)
		}
		if got == "" {
			continue
		}
		re := regexp.MustCompile(got)
		if strings.Contains(glob, ".ts") && !re.MatchString("src/a.ts") && !re.MatchString("src/a.test.tsx") && !re.MatchString("src/a.tsx") {
			t.Errorf("%q does not match a file its glob matches", got)
		}
	}
}

// TestWriteJSONConfigBlank checks that a file holding nothing but white
// space, a byte order mark and comments is written as a new config, its
// comments kept above the object and its line endings kept.
func TestWriteJSONConfigBlank(t *testing.T) {
	const obj = "{\n  \"hooks\": {}\n}\n"
	for _, tc := range []struct {
		name, prev, want string
	}{
		{"empty", "", obj},
		{"white space", " \n\n", obj},
		{"BOM alone", "\ufeff", obj},
		{"line comment", "// only a comment\n", "// only a comment\n" + obj},
		{"line comment, no line break", "// c", "// c\n" + obj},
		{"block comment", "/* x */", "/* x */\n" + obj},
		{"BOM and comments", "\ufeff// a\n\n/* b */\n\n", "// a\n\n/* b */\n" + obj},
		{"CRLF", "// a\r\n// b\r\n", "// a\r\n// b\r\n{\r\n  \"hooks\": {}\r\n}\r\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			members := []node.Field{{Key: "hooks", Value: &node.Node{Kind: node.Object}}}
			out, ds := WriteJSONConfig("settings.json", []byte(tc.prev), members, func(*node.Node) int { return 0 })
			if len(ds) != 0 {
				t.Fatal(ds)
			}
			if string(out) != tc.want {
				t.Errorf("wrote %q, want %q", out, tc.want)
			}
		})
	}
}

// TestWriteJSONConfigInvalid: a config that does not parse is not merged
// into; the error says where and how to fix it, with the parser's own
// hint where it has one (how to save a UTF-16 file as UTF-8).
func TestWriteJSONConfigInvalid(t *testing.T) {
	for _, tc := range []struct {
		name, prev, msg, hint string
	}{
		{"syntax", "{\"theme\": }", "cannot merge into settings.json: invalid JSON: unexpected '}'", "fix or move the file, then convert again"},
		{"UTF-16 LE", "\xff\xfe{\x00}\x00", "cannot merge into settings.json: invalid JSON: the file is UTF-16 LE", "save it as UTF-8 without a byte order mark"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			members := []node.Field{{Key: "hooks", Value: &node.Node{Kind: node.Object}}}
			out, ds := WriteJSONConfig("settings.json", []byte(tc.prev), members, func(*node.Node) int { return 0 })
			if out != nil || len(ds) != 1 {
				t.Fatalf("WriteJSONConfig = %q, %v; want nil and one error", out, ds)
			}
			if d := ds[0]; d.Code != CodeMerge || !strings.Contains(d.Message, tc.msg) || !strings.HasPrefix(d.Hint, tc.hint) {
				t.Errorf("got %s %q (hint %q), want %s containing %q (hint %q...)", d.Code, d.Message, d.Hint, CodeMerge, tc.msg, tc.hint)
			}
		})
	}
}

func TestBlank(t *testing.T) {
	for _, tc := range []struct {
		name, path, src string
		blank           bool
	}{
		{"empty JSON", "a.json", "", true},
		{"BOM in JSON", "a.json", "\ufeff\n", true},
		{"comment in JSON", ".gemini/settings.json", "// c\n", true},
		{"object in JSON", "a.json", "// c\n{}", false},
		{"unterminated comment", "a.json", "/* c", false},
		{"BOM in TOML", "config.toml", "\ufeff", true},
		{"comment in TOML is content", "config.toml", "# c\n", false},
		{"JSON comment in another format", "plugin.ts", "// c\n", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := Blank(tc.path, []byte(tc.src)); got != tc.blank {
				t.Errorf("Blank(%q, %q) = %v, want %v", tc.path, tc.src, got, tc.blank)
			}
		})
	}
}

// TestParseJSONConfigReasons: a file the tool's JSON reader rejects for
// two reasons, a byte order mark and a trailing comma, gets one HC320 for
// each, and IsBOMWarning tells the byte order mark's from the other (QA:
// verify worded both as the byte order mark's).
func TestParseJSONConfigReasons(t *testing.T) {
	gemini, _ := vocab.Default().Provider("gemini-cli")
	claude, _ := vocab.Default().Provider("claude-code")
	for _, tc := range []struct {
		name       string
		prov       vocab.Provider
		src        string
		bom, other int
	}{
		{"BOM and trailing comma", gemini, "\ufeff{\"a\": 1,}", 1, 1},
		{"BOM", gemini, "\ufeff{\"a\": 1}", 1, 0},
		{"trailing comma", gemini, "{\"a\": 1,}", 0, 1},
		{"comment, read by the tool", gemini, "{// c\n\"a\": 1}", 0, 0},
		{"comment, not read by the tool", claude, "{// c\n\"a\": 1}", 0, 1},
		{"BOM, not rejected", claude, "\ufeff{\"a\": 1}", 0, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			root, ds := ParseJSONConfig("settings.json", []byte(tc.src), tc.prov)
			if root == nil {
				t.Fatal(ds)
			}
			bom, other := 0, 0
			for _, d := range ds {
				switch {
				case IsBOMWarning(d):
					bom++
				case d.Code == CodeJSONC:
					other++
				}
			}
			if bom != tc.bom || other != tc.other {
				t.Errorf("%d byte order mark and %d other HC320, want %d and %d: %v", bom, other, tc.bom, tc.other, ds)
			}
		})
	}
}
