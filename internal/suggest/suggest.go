// Package suggest finds the known word a misspelt one was meant to be, for
// "did you mean" hints.
package suggest

import (
	"slices"
	"strings"
)

// Closest returns the candidate within maxDist edits of word (insertions,
// deletions, substitutions and swaps of adjacent letters, so "evnet" is one
// edit from "event"), preferring the nearest and then the earliest listed.
// It returns "" when none is close enough.
func Closest(word string, candidates []string, maxDist int) string {
	best, bestDist := "", maxDist+1
	for _, c := range candidates {
		if c == word {
			continue
		}
		if d := distance(word, c, bestDist); d < bestDist {
			best, bestDist = c, d
		}
	}
	return best
}

// distance is the optimal-string-alignment edit distance between a and b,
// giving up early (returning limit) once it must reach limit.
func distance(a, b string, limit int) int {
	if abs(len(a)-len(b)) >= limit {
		return limit
	}
	prev2 := make([]int, len(b)+1)
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		rowMin := cur[0]
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			v := min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				v = min(v, prev2[j-2]+1)
			}
			cur[j] = v
			rowMin = min(rowMin, v)
		}
		if rowMin >= limit {
			return limit
		}
		prev2, prev, cur = prev, cur, prev2
	}
	return prev[len(b)]
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// Completion returns the one candidate that word is a prefix of
// ("before_tool_exec" → "before_tool_execute"), or "" when none or several
// are, or when word is too short to mean anything on its own.
func Completion(word string, candidates []string) string {
	if len(word) < 4 {
		return ""
	}
	found := ""
	for _, c := range candidates {
		if len(c) > len(word) && c[:len(word)] == word {
			if found != "" {
				return ""
			}
			found = c
		}
	}
	return found
}

// Slug returns the slug a mistyped tool name was meant to be: the same
// slug in other case ("Cursor"), the slug whose first part the name is or
// nearly is ("claude" or "gemni" for claude-code and gemini-cli), else the
// closest slug. It returns "" when none is close, or when the name is one
// of the slugs.
func Slug(name string, slugs []string) string {
	lower := strings.ToLower(name)
	for _, s := range slugs {
		if s == name {
			return ""
		}
	}
	for _, s := range slugs {
		if s == lower {
			return s
		}
	}
	firsts := make([]string, len(slugs))
	for i, s := range slugs {
		firsts[i], _, _ = strings.Cut(s, "-")
	}
	if near := Closest(lower, firsts, max(1, len(lower)/4)); near != "" || slices.Contains(firsts, lower) {
		if near == "" {
			near = lower
		}
		var match []string
		for i, f := range firsts {
			if f == near {
				match = append(match, slugs[i])
			}
		}
		if len(match) == 1 {
			return match[0]
		}
	}
	if near := byParts(lower, slugs); near != "" {
		return near
	}
	return Closest(lower, slugs, max(2, len(lower)/3))
}

// byParts finds the one slug a name spells in parts of its own (QA: no
// suggestion for vscode, vs-code or droid, and kiro-agent for
// cursor-agent): the name without hyphens begins the slug without them
// (vscode, vs-code: vs-code-copilot), the name's first part is the slug's
// (cursor-agent: cursor), or the name is one of the slug's later parts
// (droid: factory-droid). "" when none or several do.
func byParts(name string, slugs []string) string {
	squash := func(s string) string { return strings.ReplaceAll(s, "-", "") }
	first, _, _ := strings.Cut(name, "-")
	rules := []func(slug string) bool{
		func(slug string) bool { return len(squash(name)) >= 4 && strings.HasPrefix(squash(slug), squash(name)) },
		func(slug string) bool { f, _, _ := strings.Cut(slug, "-"); return first != name && f == first },
		func(slug string) bool {
			_, rest, _ := strings.Cut(slug, "-")
			return slices.Contains(strings.Split(rest, "-"), name)
		},
	}
	for _, rule := range rules {
		found := ""
		for _, s := range slugs {
			if rule(s) {
				if found != "" {
					found = "\x00"
					break
				}
				found = s
			}
		}
		if found != "" && found != "\x00" {
			return found
		}
	}
	return ""
}
