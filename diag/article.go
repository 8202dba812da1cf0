package diag

import "strings"

// A returns word after the indefinite article it takes when read aloud:
// "an http handler", "an OpenAI Codex CLI event", "a command handler".
// Messages name handler types and tools, so the article cannot be
// written into their text.
func A(word string) string {
	lower := strings.ToLower(word)
	switch {
	case lower == "":
		return word
	case strings.HasPrefix(lower, "http"), strings.HasPrefix(lower, "mcp"):
		return "an " + word // letters read one by one: an H, an M
	case strings.HasPrefix(lower, "user"), strings.HasPrefix(lower, "uni"):
		return "a " + word // a you-
	case strings.ContainsRune("aeiou", rune(lower[0])):
		return "an " + word
	}
	return "a " + word
}
