package hookconv

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// opaqueDefinition is what opaque means, as the regular expression it
// replaced: opaque must agree with it on every text (FuzzOpaque).
var opaqueDefinition = regexp.MustCompile(`(?m)(^|[;&|{(\s])(source|\.|eval|exec|command)\s|\$\(|` + "`" + `|(^|[^<])<<([^<]|$)|\s<\s|(^|[\s;&|(="'])\.{0,2}/?[\w.-]+/[\w./-]*|\$\{?\w+\}?"?/|\s-m\s|\(\(|\[\[[^\]]*\s-(eq|ne|lt|le|gt|ge)\s`)

// shebangDefinition is what shellShebang means.
var shebangDefinition = regexp.MustCompile(`\b(sh|bash|zsh|dash)\b`)

// opaqueCases are texts on each side of every alternative of the
// definition, and at the ends of the text.
var opaqueCases = []struct {
	text string
	want bool
}{
	{"", false},
	{"echo hi >&2\nexit 2", false},
	{"source lib.sh", true},
	{". lib.sh", true},
	{"x; . lib.sh", true},
	{"x;eval \"$y\"", true},
	{"exec 2>/dev/null", true},
	{"command\tjq", true},
	{"sourced x", false},
	{"echo source", false}, // no space after
	{"echo .", false},
	{"x=$(jq .a)", true},
	{"x=`date`", true},
	{"cat <<EOF\nhi\nEOF", true},
	{"<<EOF", true},
	{"a<<", true},
	{"jq -r .a <<<\"$x\"", false},
	{"jq -r .a <<<<x", false},
	{"jq . <<<\"$x\"", true}, // . and a space: read as the source command
	{"jq < in.json", true},
	{"jq <in.json", false},
	{"x <\n", true},
	{"./guard.sh", true},
	{"../bin/x", true},
	{"/usr/bin/jq", true},
	{"bin/x", true},
	{"x=lib/a", true},
	{"\"lib/a\"", true},
	{"'lib/a'", true},
	{"echo a/b", true},
	{"echo ok/", true},
	{"echo /", false},
	{"echo ./", true},
	{"echo .../x/", true},
	{"a/b", true},
	{"-a/b", true},
	{"x:a/b", false},
	{"$DIR/x", true},
	{"${DIR}/x", true},
	{"\"$DIR\"/x", true},
	{"${DIR}\"/x", true},
	{"$/x", false},
	{"${/x", false},
	{"${DIR/x}", true},
	{"${DIR%/x}", false},
	{"python3 -m policy", true},
	{"python3 -mpolicy", false},
	{"x -m\ty", true},
	{"((n++))", true},
	{"[[ $a -eq 1 ]]", true},
	{"[[ $a == 1 ]] && [ $b -eq 2 ]", false},
	{"[[ $a ] -eq 1 ]]", false},
	{"[[\n$a\n-ge\n1 ]]", true},
	{"[[ $a -eqx 1 ]]", false},
	{"[[[ $a -lt 1", true},
	{"héllo/x", false}, // é is no \w, and no word starts after it
	{"hé llo/x", true},
	{"é ./x", true},
	{"\xff<<x", true},
	{"\xe2\x82<<x", true},
	{"a\u0085<\u0085b", false}, // \s is ASCII only
	{"x\v< y", false},
}

func TestOpaque(t *testing.T) {
	for _, tc := range opaqueCases {
		if def := opaqueDefinition.MatchString(tc.text); def != tc.want {
			t.Errorf("definition on %q: %v, the table says %v", tc.text, def, tc.want)
		}
		if got := opaque(tc.text); got != tc.want {
			t.Errorf("opaque(%q) = %v, want %v", tc.text, got, tc.want)
		}
	}
}

// TestOpaqueCorpus compares opaque with its definition on every line and
// every script of the shared corpus and the examples: real shell text.
func TestOpaqueCorpus(t *testing.T) {
	n := 0
	for _, root := range []string{"../shared/corpus", "examples", "testdata"} {
		err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return err
			}
			b, err := os.ReadFile(path)
			if err != nil {
				return err
			}
			texts := append([]string{string(b)}, strings.Split(string(b), "\n")...)
			for _, text := range texts {
				n++
				if got, want := opaque(text), opaqueDefinition.MatchString(text); got != want {
					t.Errorf("%s: opaque(%q) = %v, its definition says %v", path, text, got, want)
				}
				if !mayDefineFunction(text) && functionDef().MatchString(text) {
					t.Errorf("%s: mayDefineFunction(%q) = false, but functionDef matches", path, text)
				}
			}
			return nil
		})
		if err != nil && !os.IsNotExist(err) {
			t.Fatal(err)
		}
	}
	if n < 1000 {
		t.Fatalf("only %d texts compared: is ../shared beside the checkout?", n)
	}
}

// FuzzOpaque: opaque and shellShebang agree with their definitions on
// any text.
func FuzzOpaque(f *testing.F) {
	for _, tc := range opaqueCases {
		f.Add(tc.text)
	}
	f.Fuzz(func(t *testing.T, text string) {
		if got, want := opaque(text), opaqueDefinition.MatchString(text); got != want {
			t.Errorf("opaque(%q) = %v, its definition says %v", text, got, want)
		}
		if got, want := shellShebang([]byte(text)), shebangDefinition.MatchString(text); got != want {
			t.Errorf("shellShebang(%q) = %v, its definition says %v", text, got, want)
		}
		if !mayDefineFunction(text) && functionDef().MatchString(text) {
			t.Errorf("mayDefineFunction(%q) = false, but functionDef matches", text)
		}
	})
}

// mayDefineFunction is functionDef's prefilter: it may say true for a
// text without a definition, never false for one with a definition.
func TestMayDefineFunction(t *testing.T) {
	for _, tc := range []struct {
		text string
		want bool
	}{
		{"deny() { echo no >&2; exit 2; }", true},
		{"function deny { exit 2; }", true},
		{"x=1; warn ( \n ) ( echo w )", true},
		{"deny(\t) {", true},
		{"input=$(cat)\ncase \"$input\" in *rm*) exit 2;; esac", false},
		{"echo $((1+2)) ${x:-y}", false},
		{"f ( x ) {", false},
		{"", false},
		{"(((", false},
		{"( )", true},
	} {
		if got := mayDefineFunction(tc.text); got != tc.want {
			t.Errorf("mayDefineFunction(%q) = %v, want %v", tc.text, got, tc.want)
		}
		if !tc.want && functionDef().MatchString(tc.text) {
			t.Errorf("functionDef matches %q, whose row says no definition", tc.text)
		}
	}
}

func TestShellShebang(t *testing.T) {
	for _, line := range []string{
		"#!/bin/sh", "#!/bin/sh -e", "#!/usr/bin/env bash", "#!/bin/zsh", "#!/bin/dash -x",
		"#!/usr/bin/env python3", "#!/bin/bash5", "#!/x/sh.exe", "#!/bin/ksh", "#!/usr/bin/node",
		"#!/usr/bin/env -S bash -e", "#!/bin/shell", "#!sh", "#!/é/sh", "#!/usr/bin/fish",
	} {
		if got, want := shellShebang([]byte(line)), shebangDefinition.MatchString(line); got != want {
			t.Errorf("shellShebang(%q) = %v, want %v", line, got, want)
		}
	}
}
