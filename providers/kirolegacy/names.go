package kirolegacy

// Hook names are data, not paths: a name such as "../../x", "/etc/passwd",
// "a\\b", "CON" or ten thousand characters must never choose where a file
// is written. Every file Encode names itself is
//
//	.kiro/hooks/<stem>.kiro.hook
//
// where <stem> is one of
//   - a slug of the hook's name: [a-z0-9][a-z0-9-]*, at most maxSlug
//     bytes before a uniqueness suffix, never a Windows device name (CON,
//     NUL, COM1…);
//   - the hook's own file name, read from a .kiro.hook file and kept so a
//     round trip rewrites the same file (and keeps its place in Kiro's run
//     order): [A-Za-z0-9][A-Za-z0-9._-]*, at most maxKept bytes, not ending
//     in '.', never a device name; anything else is slugged instead;
//
// optionally followed by -2, -3… to make it unique (compared without case,
// for case-insensitive file systems) and preceded by a zero-padded ordinal
// "07-" when that is needed to keep run order (see orderStems).

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"strconv"
	"strings"
)

const (
	maxSlug = 64  // bytes of a stem made from a name
	maxKept = 100 // bytes of a kept file name
)

// slugify makes a file stem of a hook name: ASCII letters and digits,
// lower-cased, every other run of characters one '-'. A name with no
// letters or digits (punctuation, another script) gets a stable stem
// from its hash; an empty name gets "hook".
func slugify(name string) string {
	var b strings.Builder
	dash := false
	for i := 0; i < len(name) && b.Len() < maxSlug; i++ {
		c := name[i]
		switch {
		case 'a' <= c && c <= 'z', '0' <= c && c <= '9':
		case 'A' <= c && c <= 'Z':
			c += 'a' - 'A'
		default:
			dash = b.Len() > 0
			continue
		}
		if dash {
			b.WriteByte('-')
			dash = false
		}
		b.WriteByte(c)
	}
	s := b.String()
	if len(s) > maxSlug {
		s = s[:maxSlug]
	}
	s = strings.TrimRight(s, "-")
	switch {
	case s == "" && name == "":
		return "hook"
	case s == "":
		sum := sha256.Sum256([]byte(name))
		return "hook-" + hex.EncodeToString(sum[:4])
	case isDeviceName(s):
		return s + "-hook"
	}
	return s
}

// keptStem reports whether a recorded file name may be used as it is.
func keptStem(s string) bool {
	if s == "" || len(s) > maxKept || s[len(s)-1] == '.' || isDeviceName(s) {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		alnum := 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9'
		if !alnum && (i == 0 || c != '.' && c != '_' && c != '-') {
			return false
		}
	}
	return true
}

// isDeviceName reports whether Windows reserves a file name starting with
// s (up to its first dot): CON, PRN, AUX, NUL, COM0–9, LPT0–9, any case.
func isDeviceName(s string) bool {
	if i := strings.IndexByte(s, '.'); i >= 0 {
		s = s[:i]
	}
	switch strings.ToUpper(s) {
	case "CON", "PRN", "AUX", "NUL":
		return true
	}
	u := strings.ToUpper(s)
	return len(u) == 4 && (strings.HasPrefix(u, "COM") || strings.HasPrefix(u, "LPT")) && '0' <= u[3] && u[3] <= '9'
}

// hookPath is where a hook with file stem s is written.
func hookPath(stem string) string { return hooksDir + stem + fileSuffix }

// uniqueStems makes stems unique, comparing without case; a later
// duplicate gets -2, -3…, shortened so the stem keeps its length bound.
func uniqueStems(stems []string) []string {
	used := make(map[string]bool, len(stems))
	out := make([]string, len(stems))
	for i, s := range stems {
		c := s
		for n := 2; used[strings.ToLower(c)]; n++ {
			suffix := "-" + strconv.Itoa(n)
			base := s
			if limit := maxKept - len(suffix); len(base) > limit {
				base = base[:limit]
			}
			c = base + suffix
		}
		used[strings.ToLower(c)] = true
		out[i] = c
	}
	return out
}

// orderStems keeps Kiro's run order: Kiro runs hook files in name order,
// so when the files of hooks on the same event would not sort in their
// canonical order, every stem gets a zero-padded ordinal prefix. It
// reports whether it added them.
func orderStems(stems, events []string) bool {
	last := map[string]string{}
	inOrder := true
	for i, s := range stems {
		p := hookPath(s)
		if prev, ok := last[events[i]]; ok && prev >= p {
			inOrder = false
			break
		}
		last[events[i]] = p
	}
	if inOrder {
		return false
	}
	width := max(2, len(strconv.Itoa(len(stems))))
	for i := range stems {
		stems[i] = fmt.Sprintf("%0*d-%s", width, i+1, stems[i])
	}
	return true
}
