// Package hookconv compiles AI-coding-tool hook configurations from one tool
// to another through the neutral hooks/1.0 manifest, in four stages:
// decode → validate → encode → verify. This package is the pipeline and the
// library API the hookconv command is built on; the model lives in package
// canonical, the names in vocab, support facts in capabilities, one adapter
// per tool in providers, and the diagnostic type in diag.
//
// # Where to start
//
// Every function takes files, not paths: a [providers.Files] maps a
// slash-separated path relative to the project root (".claude/settings.json")
// to the file's bytes. Results are files too: the package writes nothing,
// and reads from the disk only through an fs.FS the caller hands it
// ([Scripts]) and, for Cline's hook scripts, whether the script at the
// path given is executable. Tools are named by slug ("claude-code", "gemini-cli", "codex",
// …; vocab.Default().Providers lists them, "canonical" is the manifest).
//
//   - To convert one input to one tool, call [Convert]; with options
//     (the hookconv run shim, a project's other target files), [ConvertWith].
//   - To convert one input to several tools, or to give the checks more to
//     read, call [DecodeSource] once and [Source.Convert] for each target.
//     Use [DecodeSourceBeside] to pass the tool's other files that hold
//     settings for the input's hooks (Claude Code's settings.local.json),
//     and set [Source.Scripts] to let checks read the scripts the hooks run.
//     This is what the hookconv command does; the diagnostics are more
//     accurate than those of Convert, which sees the input file alone.
//   - To add converted hooks to those a tool already has, call [Migrate]
//     or [Source.Migrate].
//   - To check a manifest, call [ValidateManifest]; to check one tool's
//     native file, [LintNative]. [DetectSource] guesses which tool a file
//     belongs to.
//
// Each result carries a [diag.List]. A result's files are empty when any
// diagnostic is an error (diag.List.HasErrors): corrupt output is never
// produced. Warnings say what the target will do differently; print them
// (each Diagnostic's String gives file:line:col: severity: message [code])
// or render them with a diag.Renderer.
//
// The hookconv command adds what needs the disk: it detects the source
// tool (DetectSource), finds a project's config files (ProviderFiles),
// reads the target's existing files and the tool's other settings files,
// opens the scripts' folder and finds the git repository around it
// ([Scripts], [RepoPlace]), and writes the result atomically. A library
// caller that wants the same diagnostics passes the same inputs.
package hookconv
