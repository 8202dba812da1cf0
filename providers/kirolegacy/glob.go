package kirolegacy

// Kiro's when.patterns are globs; the canonical model's file matchers are
// RE2 regular expressions over the same path. The two languages differ, so
// patterns are translated, never copied: a glob becomes a regex that
// matches exactly the same paths, and a regex becomes globs only when a
// construct-by-construct equivalent exists. Anything else is refused, and
// the caller keeps the original text for Kiro and says what was lost.
//
// Glob semantics (Kiro IDE is a VS Code fork; these are VS Code's glob
// rules for well-formed relative paths, and glob_test.go's reference
// matcher implements them):
//   - a glob matches the whole project-relative, slash-separated path;
//   - * matches any run of characters other than '/' (also none),
//     ? exactly one; consecutive stars inside a segment are one star;
//   - [abc], [a-z], [!abc] or [^abc] match one character other than '/';
//   - a segment that is exactly ** matches zero or more whole segments:
//     **/x, x/**/y, x/** (which matches x itself too);
//   - {a,b} matches either alternative; alternatives may hold '/', not **
//     and not further braces.
//
// Refused, because matchers disagree about them or they cannot be said
// exactly: a backslash (an escape for minimatch, a separator for VS Code
// on Windows), a leading '!' (negation for minimatch), nested or
// unbalanced braces and brackets, an empty class, a class that names '/',
// and braces whose expansion would glue stars into a new **.
//
// Paths are assumed to hold no newline ('.' in RE2 does not match one).

import (
	"fmt"
	"regexp"
	"strings"
	"unicode/utf8"
)

// matchAllGlob is what the encoder writes for "every file": Kiro's own
// editor writes at least one pattern for file triggers.
const matchAllGlob = "**/*"

// globsToRegex translates a list of globs (any of which may match) into
// one anchored regex. all is true when some glob matches every path, in
// which case re is empty: the canonical form of "every file" is no
// matcher at all.
func globsToRegex(globs []string) (re string, all bool, err error) {
	bodies := make([]string, 0, len(globs))
	for _, g := range globs {
		body, every, err := globToRegex(g)
		if err != nil {
			return "", false, err
		}
		if every {
			all = true
		}
		bodies = append(bodies, body)
	}
	switch {
	case all:
		return "", true, nil
	case len(bodies) == 1:
		return "^" + bodies[0] + "$", false, nil
	}
	// A non-capturing group holds a list of globs; a capturing one is a
	// brace inside one glob. regexToGlobs tells them apart that way, so
	// both directions are the identity on the translator's own output.
	return "^(?:" + strings.Join(bodies, "|") + ")$", false, nil
}

// globToRegex translates one glob into an unanchored regex body; every is
// true when the glob matches every path (**, **/*).
func globToRegex(g string) (body string, every bool, err error) {
	if strings.HasPrefix(g, "!") {
		return "", false, globErr(g, "a leading ! negates the pattern for some matchers and is literal for others")
	}
	segs, err := splitOutside(g, '/')
	if err != nil {
		return "", false, globErr(g, err.Error())
	}
	// Consecutive ** segments mean the same as one.
	s := segs[:0:0]
	for _, seg := range segs {
		if seg == "**" && len(s) > 0 && s[len(s)-1] == "**" {
			continue
		}
		s = append(s, seg)
	}
	if len(s) == 1 && s[0] == "**" || len(s) == 2 && s[0] == "**" && s[1] == "*" {
		return "", true, nil
	}
	var b strings.Builder
	for i, seg := range s {
		if seg == "**" {
			switch {
			case i == 0:
				b.WriteString("(.*/)?")
			case i == len(s)-1:
				b.WriteString("(/.*)?")
			default:
				b.WriteString("/(.*/)?")
			}
			continue
		}
		if i > 0 && s[i-1] != "**" {
			b.WriteByte('/')
		}
		if err := segmentRegex(&b, seg, false); err != nil {
			return "", false, globErr(g, err.Error())
		}
	}
	return b.String(), false, nil
}

func globErr(g, why string) error { return fmt.Errorf("glob %q: %s", g, why) }

// splitOutside splits s at sep where it is outside braces and brackets,
// checking that those are balanced.
func splitOutside(s string, sep byte) ([]string, error) {
	var out []string
	start, braces, inClass := 0, 0, false
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case inClass:
			if c == ']' {
				inClass = false
			}
		case c == '[':
			inClass = true
		case c == '{':
			braces++
		case c == '}':
			if braces == 0 {
				return nil, fmt.Errorf("} without {")
			}
			braces--
		case c == sep && braces == 0:
			out = append(out, s[start:i])
			start = i + 1
		}
	}
	if inClass {
		return nil, fmt.Errorf("[ without ]")
	}
	if braces > 0 {
		return nil, fmt.Errorf("{ without }")
	}
	return append(out, s[start:]), nil
}

// segmentRegex writes the regex of one path segment (or, inside braces,
// of one alternative, which may hold '/').
func segmentRegex(b *strings.Builder, seg string, inBrace bool) error {
	for i := 0; i < len(seg); {
		r, size := utf8.DecodeRuneInString(seg[i:])
		switch r {
		case '*':
			j := i
			for j < len(seg) && seg[j] == '*' {
				j++
			}
			if inBrace && j-i > 1 {
				return fmt.Errorf("** inside braces")
			}
			b.WriteString("[^/]*")
			i = j
			continue
		case '?':
			b.WriteString("[^/]")
		case '[':
			n, err := classRegex(b, seg[i:])
			if err != nil {
				return err
			}
			i += n
			continue
		case '{':
			if inBrace {
				return fmt.Errorf("nested braces")
			}
			n, err := braceRegex(b, seg, i)
			if err != nil {
				return err
			}
			i += n
			continue
		case '}', ']':
			return fmt.Errorf("%c without its opening bracket", r)
		case '\\':
			return fmt.Errorf("a backslash is an escape for some matchers and a path separator for others")
		case '/':
			b.WriteByte('/') // only inside braces: segments were split already
		default:
			if r == utf8.RuneError && size == 1 {
				return fmt.Errorf("invalid UTF-8")
			}
			b.WriteString(regexp.QuoteMeta(seg[i : i+size]))
		}
		i += size
	}
	return nil
}

// braceRegex writes the alternation of the brace starting at seg[at] and
// returns its length.
func braceRegex(b *strings.Builder, seg string, at int) (int, error) {
	end := -1
	inClass := false
	for j := at + 1; j < len(seg) && end < 0; j++ {
		switch c := seg[j]; {
		case inClass:
			inClass = c != ']'
		case c == '[':
			inClass = true
		case c == '{':
			return 0, fmt.Errorf("nested braces")
		case c == '}':
			end = j
		}
	}
	if end < 0 {
		return 0, fmt.Errorf("{ without }")
	}
	alts, err := splitOutside(seg[at+1:end], ',')
	if err != nil {
		return 0, err
	}
	starBefore := at > 0 && seg[at-1] == '*'
	starAfter := end+1 < len(seg) && seg[end+1] == '*'
	b.WriteByte('(')
	for k, alt := range alts {
		if starBefore && strings.HasPrefix(alt, "*") || starAfter && strings.HasSuffix(alt, "*") || starBefore && starAfter && alt == "" {
			return 0, fmt.Errorf("a star next to a brace whose alternative starts or ends with a star")
		}
		if k > 0 {
			b.WriteByte('|')
		}
		if err := segmentRegex(b, alt, true); err != nil {
			return 0, err
		}
	}
	b.WriteByte(')')
	return end + 1 - at, nil
}

// classRegex writes the regex of the character class at the start of s
// and returns its length in bytes.
func classRegex(b *strings.Builder, s string) (int, error) {
	i := 1
	neg := false
	if i < len(s) && (s[i] == '!' || s[i] == '^') {
		neg = true
		i++
	}
	var items strings.Builder
	empty := true
	for {
		if i >= len(s) {
			return 0, fmt.Errorf("[ without ]")
		}
		lo, size := utf8.DecodeRuneInString(s[i:])
		if lo == ']' {
			i++
			break
		}
		if lo == '/' || lo == '\\' || lo == utf8.RuneError && size == 1 {
			return 0, fmt.Errorf("a class may not name %q", lo)
		}
		i += size
		hi := lo
		if i+1 < len(s) && s[i] == '-' && s[i+1] != ']' {
			var hsize int
			hi, hsize = utf8.DecodeRuneInString(s[i+1:])
			if hi == '/' || hi == '\\' || hi == '-' || lo == '-' || hi == utf8.RuneError && hsize == 1 || hi < lo {
				return 0, fmt.Errorf("bad range %q-%q", lo, hi)
			}
			i += 1 + hsize
		}
		if !neg && lo < '/' && hi > '/' {
			return 0, fmt.Errorf("the range %q-%q spans '/'", lo, hi)
		}
		items.WriteString(classChar(lo))
		if hi != lo {
			items.WriteString("-" + classChar(hi))
		}
		empty = false
	}
	if empty {
		return 0, fmt.Errorf("empty class")
	}
	b.WriteByte('[')
	if neg {
		b.WriteString("^/")
	}
	b.WriteString(items.String())
	b.WriteByte(']')
	return i, nil
}

// classChar writes one rune for use inside a regex class.
func classChar(r rune) string {
	if strings.ContainsRune(`\]-^[`, r) {
		return `\` + string(r)
	}
	return string(r)
}

// regexToGlobs translates a canonical file regex into globs that match
// exactly the same paths, or says why it cannot. It understands the
// translator's own output and the equivalent forms people write by hand
// (Kiro v1's "\\.ts$", "^src/.*\\.go$", "\\.tsx?$").
func regexToGlobs(re string) ([]string, error) {
	if _, err := regexp.Compile(re); err != nil {
		return nil, fmt.Errorf("not a valid regular expression: %v", err)
	}
	p := &rxParser{s: re}
	alts, err := p.alternatives(true)
	if err != nil {
		return nil, fmt.Errorf("regex %q: %v", re, err)
	}
	if p.i < len(p.s) {
		return nil, fmt.Errorf("regex %q: unexpected %q", re, p.s[p.i:])
	}
	var out []string
	for _, items := range alts {
		begin := len(items) > 0 && items[0].kind == rxBegin
		if begin {
			items = items[1:]
		}
		end := len(items) > 0 && items[len(items)-1].kind == rxEnd
		if end {
			items = items[:len(items)-1]
		}
		// ^(?:a|b)$ is a list of globs; ^(a|b)$ one glob with a brace.
		if len(items) == 1 && items[0].kind == rxGroup && items[0].list {
			for _, alt := range items[0].alts {
				g, err := itemsToGlob(alt, begin, end)
				if err != nil {
					return nil, fmt.Errorf("regex %q: %v", re, err)
				}
				out = append(out, g)
			}
			continue
		}
		g, err := itemsToGlob(items, begin, end)
		if err != nil {
			return nil, fmt.Errorf("regex %q: %v", re, err)
		}
		out = append(out, g)
	}
	for _, g := range out {
		// A safety net: what is written must read back.
		if _, _, err := globToRegex(g); err != nil {
			return nil, fmt.Errorf("regex %q has no glob Kiro reads the same way (%v)", re, err)
		}
	}
	return out, nil
}

type rxKind int

const (
	rxLit    rxKind = iota // literal text
	rxStar                 // [^/]*
	rxOne                  // [^/]
	rxPlus                 // [^/]+
	rxClass                // another class, kept in glob form
	rxAny                  // .*
	rxPrefix               // (.*/)? — a leading **/
	rxSuffix               // (/.*)? — a trailing /**
	rxGroup                // (a|b), (a)?: a brace
	rxBegin                // ^
	rxEnd                  // $
)

type rxItem struct {
	kind rxKind
	text string     // rxLit: the text; rxClass: the glob class
	alts [][]rxItem // rxGroup
	opt  bool       // rxGroup: followed by ?, so it may match nothing
	list bool       // rxGroup: non-capturing (?:…), a list of globs at top level
}

// rxParser reads the subset of RE2 that has glob equivalents.
type rxParser struct {
	s string
	i int
}

func (p *rxParser) alternatives(top bool) ([][]rxItem, error) {
	var alts [][]rxItem
	for {
		seq, err := p.sequence(top)
		if err != nil {
			return nil, err
		}
		alts = append(alts, seq)
		if p.i < len(p.s) && p.s[p.i] == '|' {
			p.i++
			continue
		}
		return alts, nil
	}
}

func (p *rxParser) sequence(top bool) ([]rxItem, error) {
	var seq []rxItem
	for p.i < len(p.s) {
		c := p.s[p.i]
		if c == '|' || c == ')' {
			break
		}
		switch c {
		case '^', '$':
			if !top {
				return nil, fmt.Errorf("anchor inside a group")
			}
			p.i++
			kind := rxBegin
			if c == '$' {
				kind = rxEnd
			}
			if kind == rxBegin && len(seq) > 0 || kind == rxEnd && p.i < len(p.s) && p.s[p.i] != '|' {
				return nil, fmt.Errorf("anchor in the middle")
			}
			seq = append(seq, rxItem{kind: kind})
			continue
		}
		it, err := p.atom()
		if err != nil {
			return nil, err
		}
		if p.i < len(p.s) && p.s[p.i] == '?' && it.kind != rxAny && it.kind != rxPrefix && it.kind != rxSuffix {
			p.i++
			if it.kind == rxGroup {
				if it.opt {
					return nil, fmt.Errorf("repeated ?")
				}
				it.opt = true
			} else {
				it = rxItem{kind: rxGroup, alts: [][]rxItem{{it}}, opt: true}
			}
		}
		if p.i < len(p.s) && strings.ContainsRune("*+?{", rune(p.s[p.i])) {
			return nil, fmt.Errorf("repetition %q has no glob equivalent", p.s[p.i])
		}
		if it.kind == rxGroup && len(it.alts) == 1 && !it.opt {
			seq = append(seq, it.alts[0]...) // (x) is x
			continue
		}
		seq = append(seq, it)
	}
	return seq, nil
}

func (p *rxParser) atom() (rxItem, error) {
	rest := p.s[p.i:]
	switch {
	case strings.HasPrefix(rest, "(.*/)?"), strings.HasPrefix(rest, "(?:.*/)?"):
		p.i += strings.Index(rest, ")?") + 2
		return rxItem{kind: rxPrefix}, nil
	case strings.HasPrefix(rest, "(/.*)?"), strings.HasPrefix(rest, "(?:/.*)?"):
		p.i += strings.Index(rest, ")?") + 2
		return rxItem{kind: rxSuffix}, nil
	case strings.HasPrefix(rest, "[^/]*"):
		p.i += 5
		return rxItem{kind: rxStar}, nil
	case strings.HasPrefix(rest, "[^/]+"):
		p.i += 5
		return rxItem{kind: rxPlus}, nil
	case strings.HasPrefix(rest, "[^/]"):
		p.i += 4
		return rxItem{kind: rxOne}, nil
	case strings.HasPrefix(rest, ".*"):
		p.i += 2
		return rxItem{kind: rxAny}, nil
	}
	switch c := rest[0]; c {
	case '(':
		p.i++
		list := false
		if strings.HasPrefix(p.s[p.i:], "?:") {
			p.i += 2
			list = true
		} else if strings.HasPrefix(p.s[p.i:], "?") {
			return rxItem{}, fmt.Errorf("flags and named groups have no glob equivalent")
		}
		alts, err := p.alternatives(false)
		if err != nil {
			return rxItem{}, err
		}
		if p.i >= len(p.s) || p.s[p.i] != ')' {
			return rxItem{}, fmt.Errorf("( without )")
		}
		p.i++
		return rxItem{kind: rxGroup, alts: alts, list: list}, nil
	case '[':
		return p.class()
	case '\\':
		if len(rest) < 2 {
			return rxItem{}, fmt.Errorf("trailing backslash")
		}
		p.i += 2
		switch e := rest[1]; {
		case e == 'd':
			return rxItem{kind: rxClass, text: "[0-9]"}, nil
		case e < utf8.RuneSelf && !isWordByte(e):
			return rxItem{kind: rxLit, text: string(e)}, nil
		}
		return rxItem{}, fmt.Errorf("escape \\%c has no glob equivalent", rest[1])
	case '.', '*', '+', '?', '{', '}', ']':
		return rxItem{}, fmt.Errorf("%q has no glob equivalent here", c)
	}
	_, size := utf8.DecodeRuneInString(rest)
	p.i += size
	return rxItem{kind: rxLit, text: rest[:size]}, nil
}

func isWordByte(c byte) bool {
	return c == '_' || '0' <= c && c <= '9' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z'
}

// class reads a bracket expression that never matches '/' and gives its
// glob spelling: [abc] as is, [^/abc] as [!abc].
func (p *rxParser) class() (rxItem, error) {
	i := p.i + 1
	neg := i < len(p.s) && p.s[i] == '^'
	if neg {
		i++
	}
	next := func() (rune, error) {
		if i >= len(p.s) {
			return 0, fmt.Errorf("[ without ]")
		}
		r, size := utf8.DecodeRuneInString(p.s[i:])
		if r == '\\' {
			if i+1 >= len(p.s) || p.s[i+1] >= utf8.RuneSelf || isWordByte(p.s[i+1]) {
				return 0, fmt.Errorf("class escapes other than punctuation have no glob equivalent")
			}
			r, size = rune(p.s[i+1]), 2
		} else if r == '[' && strings.HasPrefix(p.s[i:], "[:") {
			return 0, fmt.Errorf("POSIX classes have no glob equivalent")
		}
		i += size
		return r, nil
	}
	var ranges [][2]rune
	for first := true; ; first = false {
		if i < len(p.s) && p.s[i] == ']' && !first {
			i++
			break
		}
		lo, err := next()
		if err != nil {
			return rxItem{}, err
		}
		hi := lo
		if i+1 < len(p.s) && p.s[i] == '-' && p.s[i+1] != ']' {
			i++
			if hi, err = next(); err != nil {
				return rxItem{}, err
			}
		}
		ranges = append(ranges, [2]rune{lo, hi})
	}
	p.i = i
	// The glob class never matches '/': the regex class must not either.
	var keep [][2]rune
	coversSlash := false
	for _, r := range ranges {
		if r[0] <= '/' && '/' <= r[1] {
			coversSlash = true
			if r[0] == r[1] {
				continue // the [^/…] that keeps the class inside a segment
			}
		}
		keep = append(keep, r)
	}
	if neg != coversSlash || len(keep) == 0 {
		return rxItem{}, fmt.Errorf("a class that can match '/' has no glob equivalent")
	}
	var parts, bangs []string // bangs: parts that would read as negation first
	dash := false
	for _, r := range keep {
		for _, c := range r {
			if c == ']' || c == '\\' || c == '/' || c == '-' && r[0] != r[1] {
				return rxItem{}, fmt.Errorf("class member %q has no glob spelling", c)
			}
		}
		switch {
		case r[0] == '-':
			dash = true
		case r[0] == '!' || r[0] == '^':
			bangs = append(bangs, spell(r))
		default:
			parts = append(parts, spell(r))
		}
	}
	body := strings.Join(append(parts, bangs...), "")
	if dash {
		body = "-" + body // first, a '-' is a member, never a range
	}
	// After [! a '!' is a member; first in a plain class it would negate.
	if !neg && (body[0] == '!' || body[0] == '^') {
		return rxItem{}, fmt.Errorf("a class that starts with ! or ^ reads as negation")
	}
	if neg {
		return rxItem{kind: rxClass, text: "[!" + body + "]"}, nil
	}
	return rxItem{kind: rxClass, text: "[" + body + "]"}, nil
}

// spell writes a class range (or single rune) in glob form.
func spell(r [2]rune) string {
	if r[0] == r[1] {
		return string(r[0])
	}
	return string(r[0]) + "-" + string(r[1])
}

// itemsToGlob spells one alternative of a regex as a glob. An unanchored
// side stands for .* there.
func itemsToGlob(items []rxItem, begin, end bool) (string, error) {
	if !begin {
		items = append([]rxItem{{kind: rxAny}}, items...)
	}
	if !end {
		items = append(items[:len(items):len(items)], rxItem{kind: rxAny})
	}
	items = mergeStars(items)
	if len(items) == 1 && items[0].kind == rxAny {
		return "**", nil
	}
	var b strings.Builder
	atBoundary := func() bool { s := b.String(); return s == "" || strings.HasSuffix(s, "/") }
	for k, it := range items {
		last := k == len(items)-1
		switch it.kind {
		case rxAny:
			// .* is (.*/)?[^/]* — a whole-segment ** then a star — and
			// equally [^/]*(/.*)?; which one a glob can say depends on
			// where it stands.
			nextSlash := !last && items[k+1].kind == rxLit && strings.HasPrefix(items[k+1].text, "/")
			switch {
			case atBoundary():
				b.WriteString("**/*")
			case last || nextSlash:
				b.WriteString("*/**")
			default:
				return "", fmt.Errorf(".* inside a path segment has no glob equivalent")
			}
		case rxPrefix:
			if !atBoundary() {
				return "", fmt.Errorf("(.*/)? inside a path segment has no glob equivalent")
			}
			b.WriteString("**/")
		case rxSuffix:
			if !last {
				return "", fmt.Errorf("(/.*)? before the end has no glob equivalent")
			}
			b.WriteString("/**")
		case rxGroup:
			if err := braceGlob(&b, it); err != nil {
				return "", err
			}
		default:
			if err := simpleGlob(&b, it, false); err != nil {
				return "", err
			}
		}
	}
	return b.String(), nil
}

// mergeStars joins neighbours that mean one thing ([^/]*[^/]* is [^/]*,
// .*[^/]* is .*) and adjacent literals.
func mergeStars(items []rxItem) []rxItem {
	out := make([]rxItem, 0, len(items))
	for _, it := range items {
		if n := len(out); n > 0 {
			prev := &out[n-1]
			switch {
			case prev.kind == rxLit && it.kind == rxLit:
				prev.text += it.text
				continue
			case (prev.kind == rxStar || prev.kind == rxAny) && (it.kind == rxStar || it.kind == rxAny):
				if it.kind == rxAny {
					prev.kind = rxAny
				}
				continue
			}
		}
		out = append(out, it)
	}
	return out
}

// braceGlob writes a group as {a,b}; an optional group gets an empty
// alternative.
func braceGlob(b *strings.Builder, it rxItem) error {
	b.WriteByte('{')
	for k, alt := range it.alts {
		if k > 0 {
			b.WriteByte(',')
		}
		for _, x := range mergeStars(alt) {
			if err := simpleGlob(b, x, true); err != nil {
				return err
			}
		}
	}
	if it.opt {
		b.WriteByte(',')
	}
	b.WriteByte('}')
	return nil
}

// simpleGlob writes an item that stays inside one segment (or one brace
// alternative).
func simpleGlob(b *strings.Builder, it rxItem, inBrace bool) error {
	switch it.kind {
	case rxStar:
		b.WriteString("*")
	case rxOne:
		b.WriteString("?")
	case rxPlus:
		b.WriteString("?*")
	case rxClass:
		b.WriteString(it.text)
	case rxLit:
		special := `*?[]{}\`
		if inBrace {
			special += ","
		}
		if strings.ContainsAny(it.text, special) {
			return fmt.Errorf("the literal %q has no glob spelling", it.text)
		}
		if b.Len() == 0 && strings.HasPrefix(it.text, "!") {
			// A leading ! negates for some matchers; in braces it is a
			// literal for all of them.
			b.WriteString("{!}")
			it.text = it.text[1:]
		}
		b.WriteString(it.text)
	default:
		return fmt.Errorf("a path-spanning part inside a brace has no glob equivalent")
	}
	return nil
}
