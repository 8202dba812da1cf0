package hookconv

import (
	"fmt"
	"slices"
	"strings"

	"github.com/hookconv/hookconv/canonical"
	"github.com/hookconv/hookconv/capabilities"
	"github.com/hookconv/hookconv/diag"
	"github.com/hookconv/hookconv/providers"
	"github.com/hookconv/hookconv/providers/cline"
	"github.com/hookconv/hookconv/vocab"
)

// CodeWindowsNotDeclared: Windows is not among the platforms the hooks are
// declared to run on (Options.Platforms, --platforms), and what the
// conversion found that fails on Windows alone was left unsaid; the info
// names the codes (info).
const CodeWindowsNotDeclared = "HC217"

// Platforms is a set of the systems a project's hooks run on, named as a
// manifest's handler.platform keys name them: linux, osx, windows. The
// zero value is every system, as is AllPlatforms.
type Platforms uint8

// The systems of a Platforms.
const (
	PlatformLinux Platforms = 1 << iota
	PlatformOSX
	PlatformWindows

	AllPlatforms = PlatformLinux | PlatformOSX | PlatformWindows
)

// platformNames are the names ParsePlatforms reads: each system's
// handler.platform key, darwin (that key's alias in a manifest) and
// macos (as people say it).
var platformNames = map[string]Platforms{"linux": PlatformLinux, "osx": PlatformOSX, "darwin": PlatformOSX, "macos": PlatformOSX, "windows": PlatformWindows}

// ParsePlatforms reads a comma-separated list of systems (linux, osx,
// windows; darwin and macos for osx), in any case and order, spaces
// around a name allowed. An empty list, an empty name or an unknown one
// is an error that names the accepted values.
func ParsePlatforms(list string) (Platforms, error) {
	const accepted = "accepted: linux, osx (or darwin, macos), windows, comma-separated"
	if strings.TrimSpace(list) == "" {
		return 0, fmt.Errorf("no platform named; %s", accepted)
	}
	var p Platforms
	for _, name := range strings.Split(list, ",") {
		name = strings.ToLower(strings.TrimSpace(name))
		q, ok := platformNames[name]
		switch {
		case name == "":
			return 0, fmt.Errorf("an empty platform name in %q; %s", list, accepted)
		case !ok:
			return 0, fmt.Errorf("unknown platform %q; %s", name, accepted)
		}
		p |= q
	}
	return p, nil
}

// Has reports whether every system of q is among p's (the zero p's:
// every system).
func (p Platforms) Has(q Platforms) bool { return p.all()&q == q }

// all is p with the zero value read as every system.
func (p Platforms) all() Platforms {
	if p&AllPlatforms == 0 {
		return AllPlatforms
	}
	return p & AllPlatforms
}

// String is p as ParsePlatforms reads it, the systems in
// canonical.Systems' order: "linux,osx".
func (p Platforms) String() string {
	var keys []string
	for _, s := range canonical.Systems {
		if p.Has(platformNames[s.Key]) {
			keys = append(keys, s.Key)
		}
	}
	return strings.Join(keys, ",")
}

// aboutWindowsAlone reports whether d says only what fails on Windows: a
// hook's Windows command the target runs with another shell (HC218) or
// does not write (Cline, HC576) or leaves unwrapped by the shim (HC410)
// or runs by a path from the project's root (HC405 about the Windows
// command); commands that fail under the target's Windows shell (HC219),
// run nowhere there (HC474), or stand-ins that block nothing there
// (HC215), or a source entry with only a Windows command, which is not
// converted (HC346); or a target with no per-OS commands dropping a hook's
// handler.platform that held a Windows command alone (HC202): every OS
// ran handler.command but Windows, and still does. On Linux and macOS
// each of them runs as it did. decoded is the manifest the diagnostics'
// hook indexes count in.
func aboutWindowsAlone(d diag.Diagnostic, decoded *canonical.Manifest) bool {
	if d.Severity == diag.Error {
		return false
	}
	switch d.Code {
	case CodeWindowsShell, CodePOSIXOnWindows, CodeNowhereOnWindows, CodeShimWindows, cline.CodeWindows, capabilities.CodeStandInWindows, providers.CodeWindowsOnly:
		return true
	case CodeProjectDir:
		return strings.HasSuffix(d.Path, ".handler.platform.windows")
	case capabilities.CodeCapabilityReduced:
		i, ok := providers.HookOfPath(d.Path)
		if !ok || decoded == nil || i >= len(decoded.Hooks) || !strings.HasSuffix(d.Path, "].handler.platform") {
			return false
		}
		p := decoded.Hooks[i].Handler.Platform
		return len(p) == 1 && p["windows"] != ""
	}
	return false
}

// forPlatforms leaves out of the conversion's diagnostics, when Windows is
// not among platforms, those about Windows alone (aboutWindowsAlone):
// nothing runs there, so nothing is lost there, and check, --strict and
// migrate --remove-source read none of them. One info (HC217), in the
// file the first of them was about, says which codes were left unsaid,
// so that a log shows the declaration narrowed the warnings. The written
// files are not changed: the Windows forms the plan wrote (a stand-in's
// cmd line) stay, so the config still loads and works everywhere. Called
// again, it leaves out nothing more and says nothing.
func (res *Conversion) forPlatforms(platforms Platforms, to string) {
	if platforms.Has(PlatformWindows) {
		return
	}
	var codes []string
	var warnings, infos int
	file := "" // the first one's: the source's config, as the others say
	res.dropNotes(func(d diag.Diagnostic) bool {
		if !aboutWindowsAlone(d, res.Decoded) {
			return false
		}
		if file == "" {
			file = d.File
		}
		if !slices.Contains(codes, d.Code) {
			codes = append(codes, d.Code)
		}
		if d.Severity == diag.Warning {
			warnings++
		} else {
			infos++
		}
		return true
	})
	if len(codes) == 0 {
		return
	}
	slices.Sort(codes)
	name := to
	if prov, ok := vocab.Default().Provider(to); ok {
		name = prov.Name
	}
	var info diag.List
	info.Infof(CodeWindowsNotDeclared, diag.Pos{}, "", "declare windows too (--platforms, HOOKCONV_PLATFORMS) if the project is used on Windows",
		"Windows is not among the declared platforms (%s): what fails only on Windows in %s is not said (%s: %s)",
		platforms.String(), name, counted(warnings, infos), strings.Join(codes, ", "))
	res.Diagnostics = append(res.Diagnostics, info.WithFile(file)...)
}

// counted says how many warnings and infos were left unsaid: "1 warning",
// "2 warnings and 1 info".
func counted(warnings, infos int) string {
	var parts []string
	for _, c := range []struct {
		n    int
		what string
	}{{warnings, "warning"}, {infos, "info"}} {
		switch {
		case c.n == 1:
			parts = append(parts, "1 "+c.what)
		case c.n > 1:
			parts = append(parts, fmt.Sprintf("%d %ss", c.n, c.what))
		}
	}
	return strings.Join(parts, " and ")
}
