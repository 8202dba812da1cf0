package canonical

// Diagnostic codes of the manifest parser and validator. They are stable:
// scripts and `hookconv explain` key on them, so a code is never reused.
const (
	CodeUnreadable       = "HC100" // the file cannot be read (an error; a warning for one of the source tool's files found beside the one converted, which the conversion goes on without)
	CodeSyntax           = "HC101" // not JSON / YAML / TOML, or nested deeper than hookconv reads (256 levels; in TOML each part of a dotted key counts as one)
	CodeTooLarge         = "HC102" // the file is larger than 32 MiB (MaxFileSize), or an output would be, which hookconv could not read back (nothing is written); a Codex TOML whose keys name more than 8,388,608 levels in all
	CodeNotObject        = "HC103" // the document is not an object
	CodeDuplicateKey     = "HC104" // an object repeats a key
	CodeUnwritable       = "HC105" // the output cannot be written: nothing was written
	CodeSpecMissing      = "HC110" // no "spec" key
	CodeSpecType         = "HC111" // "spec" is not a string
	CodeSpecUnsupported  = "HC112" // a spec hookconv does not read (not hooks/1.x or hooks/0.1)
	CodeSpecLegacy       = "HC113" // hooks/0.1 (info)
	CodeSpecNewerMinor   = "HC114" // hooks/1.N, N > 0 (warning)
	CodeNativeConfig     = "HC115" // no "spec" and "hooks" an object: a tool's own config checked as a manifest (validate --from names the tool)
	CodeHooksMissing     = "HC120" // no "hooks" list
	CodeHooksType        = "HC121" // "hooks" is not a list
	CodeHooksEmpty       = "HC122" // "hooks" is an empty list
	CodeHookType         = "HC123" // a hook is not an object
	CodeEventMissing     = "HC130" // a hook without "event"
	CodeEventUnknown     = "HC131" // an event the vocabulary does not know
	CodeEventCustom      = "HC132" // vendor-prefixed custom event (warning)
	CodeHandlerMissing   = "HC140" // a hook without "handler"
	CodeHandlerTypeMiss  = "HC141" // a handler without "type"
	CodeHandlerTypeBad   = "HC142" // a handler type other than command, http, prompt, agent, mcp_tool
	CodeHandlerFieldMiss = "HC143" // a field its type requires is missing
	CodeWrongType        = "HC150" // a value has the wrong JSON type
	CodeTimeoutNegative  = "HC151" // a negative timeout
	CodeTimeoutAction    = "HC152" // timeout_action other than warn or block
	CodePlatformKey      = "HC153" // a platform key other than windows, linux, osx
	CodePatternInvalid   = "HC160" // a pattern that is not a valid RE2 regular expression
	CodeMCPNoServer      = "HC161" // an mcp matcher without a server
	CodeMatcherEmpty     = "HC162" // an empty matcher (string or list)
	CodeMatcherShape     = "HC163" // a matcher of a shape the spec does not define
	CodeToolUnknown      = "HC164" // bare tool name not in the vocabulary (warning)
	CodeMatcherNoTool    = "HC165" // a matcher on an event it selects nothing for (neither tools nor files by path), which ignores it (warning)
	CodeDegradationKey   = "HC170" // a degradation key that is no capability
	CodeDegradationValue = "HC171" // a degradation strategy other than block, warn, exclude
	CodeCapabilityList   = "HC172" // unknown id in capabilities (warning)
	CodeUnknownField     = "HC180" // a key the spec does not define (warning one edit from a known field, else info)
	CodeBlockingNowhere  = "HC181" // blocking on an event no provider can block (warning)
	CodeDuplicateHook    = "HC182" // the same hook twice (warning)
	CodeProviderUnknown  = "HC183" // provider_data key is no provider slug (warning)
	CodeFieldIgnored     = "HC184" // a handler field its type ignores (warning)
	CodeBlockingAsync    = "HC185" // a blocking hook that is also async: where it runs in the background it cannot block (warning)
	CodeTimeoutUnit      = "HC186" // a timeout of 1000 seconds or more, likely meant in milliseconds, or under 0.1 s, which stops the hook before it starts (warning)
	CodeURLInvalid       = "HC192" // an http handler's url that is not an absolute http:// or https:// URL: no tool can post to it, and a guard whose request fails lets the action through (error)
)
