package providers

import (
	"regexp"
	"strings"
	"testing"
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
