package canonical

// Diagnostic codes of the manifest parser and validator. They are stable:
// scripts and `hookconv explain` key on them, so a code is never reused.
const (
	CodeUnreadable       = "HC100" // the file cannot be read
	CodeSyntax           = "HC101" // not JSON / YAML
	CodeTooLarge         = "HC102" // larger than MaxFileSize
	CodeNotObject        = "HC103" // the document is not an object
	CodeDuplicateKey     = "HC104" // an object repeats a key
	CodeSpecMissing      = "HC110"
	CodeSpecType         = "HC111"
	CodeSpecUnsupported  = "HC112"
	CodeSpecLegacy       = "HC113" // hooks/0.1 (info)
	CodeSpecNewerMinor   = "HC114" // hooks/1.N, N > 0 (warning)
	CodeHooksMissing     = "HC120"
	CodeHooksType        = "HC121"
	CodeHooksEmpty       = "HC122"
	CodeHookType         = "HC123" // a hook is not an object
	CodeEventMissing     = "HC130"
	CodeEventUnknown     = "HC131"
	CodeEventCustom      = "HC132" // vendor-prefixed custom event (warning)
	CodeHandlerMissing   = "HC140"
	CodeHandlerTypeMiss  = "HC141"
	CodeHandlerTypeBad   = "HC142"
	CodeHandlerFieldMiss = "HC143" // a field its type requires is missing
	CodeWrongType        = "HC150" // a value has the wrong JSON type
	CodeTimeoutNegative  = "HC151"
	CodeTimeoutAction    = "HC152"
	CodePlatformKey      = "HC153"
	CodePatternInvalid   = "HC160"
	CodeMCPNoServer      = "HC161"
	CodeMatcherEmpty     = "HC162"
	CodeMatcherShape     = "HC163"
	CodeToolUnknown      = "HC164" // bare tool name not in the vocabulary (warning)
	CodeDegradationKey   = "HC170"
	CodeDegradationValue = "HC171"
	CodeCapabilityList   = "HC172" // unknown id in capabilities (warning)
	CodeUnknownField     = "HC180" // (warning)
	CodeBlockingNowhere  = "HC181" // blocking on an event no provider can block (warning)
	CodeDuplicateHook    = "HC182" // (warning)
	CodeProviderUnknown  = "HC183" // provider_data key is no provider slug (warning)
	CodeFieldIgnored     = "HC184" // a handler field its type ignores (warning)
)
