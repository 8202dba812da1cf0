package main

import (
	"os"

	"github.com/hookconv/hookconv"
	"github.com/spf13/cobra"
)

// platformsEnv names the variable read for --platforms when the flag is
// not given: a script migrating hundreds of repositories sets it once.
const platformsEnv = "HOOKCONV_PLATFORMS"

// platformsHelp is the help text's paragraph on --platforms, the same in
// every command that takes it.
const platformsHelp = `--platforms LIST declares the systems the project's hooks run on: a
comma-separated subset of linux, osx (or darwin, macos) and windows, the
keys of a manifest's handler.platform; all three by default. Without
windows, what fails only on Windows is not said (HC215, HC218, HC219,
HC405 about a Windows command, HC410, HC474, HC576; under convert --shim, HC208
and HC209 for a Windows command left unwrapped), so --strict passes a
project no one opens on Windows, check does not count it, and migrate
--remove-source keeps no hook for it; an info (HC217) names the codes
left unsaid. The files written are the same. When --platforms is not
given, ` + platformsEnv + ` is read (the flag wins over it).`

// platformsFlag defines --platforms on cmd, into p.
func platformsFlag(cmd *cobra.Command, p *string) {
	onceStringVar(cmd.Flags(), p, "platforms", "", "",
		"systems the hooks run on, comma-separated: linux, osx, windows (default all three, or $"+platformsEnv+")",
		"a list of platforms goes in one --platforms, comma-separated: --platforms linux,osx")
}

// declaredPlatforms reads the platforms the command line declares:
// --platforms when cmd was given it, else HOOKCONV_PLATFORMS when set
// and not empty, else every system (the zero value). A value that is no
// list of platforms is a usage error, naming the values accepted.
func declaredPlatforms(cmd *cobra.Command, flag string) (hookconv.Platforms, error) {
	if cmd.Flags().Changed("platforms") {
		p, err := hookconv.ParsePlatforms(flag)
		if err != nil {
			return 0, usagef("--platforms %q: %v", flag, err)
		}
		return p, nil
	}
	env := os.Getenv(platformsEnv)
	if env == "" {
		return 0, nil
	}
	p, err := hookconv.ParsePlatforms(env)
	if err != nil {
		return 0, usagef("%s=%q: %v", platformsEnv, env, err)
	}
	return p, nil
}
