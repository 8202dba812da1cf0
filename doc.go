// Package hookconv compiles AI-coding-tool hook configurations from one tool
// to another through the neutral hooks/1.0 manifest, in four stages:
// decode → validate → encode → verify. This package is the pipeline and the
// library API the hookconv command is built on; the model lives in package
// canonical, the names in vocab, support facts in capabilities, one adapter
// per tool in providers, and the diagnostic type in diag.
//
// # Where to start
//
// Every function but the project readers below takes files, not paths: a
// [providers.Files] maps a slash-separated path relative to the project
// root (".claude/settings.json") to the file's bytes. Results are files
// too: the package writes nothing, and, but for the project readers,
// reads from the disk only through an fs.FS the caller hands it
// ([Scripts]) and, for Cline's hook scripts, whether the script at the
// path given is executable. Tools are named by slug ("claude-code", "gemini-cli", "codex",
// …; vocab.Default().Providers lists them, "canonical" is the manifest).
//
//   - To convert a project directory as hookconv convert DIR does, with
//     the same diagnostics, call [ConvertProject]: it finds the source
//     tool's config, the files beside it, the scripts and the git
//     repository, and the target's files, on the disk.
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
// What needs the disk is apart: [ConvertProject] and the functions it
// is made of ([FindProjectSource], [SettingsBeside], [SourceScripts],
// [FindRepoPlace], [ReadProjectTarget], [OpenSource] for one file) read
// a project as the hookconv command does, which calls them; the command
// adds reading single files and standard input, refusing outputs it must
// not write, and writing the result atomically. The rest of the package
// reads only what it is given.
package hookconv
