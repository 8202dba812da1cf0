package canonical

import (
	"bytes"
	_ "embed"
)

// Schema returns the JSON Schema (draft 2020-12) of the manifest format;
// `hookconv schema` prints it.
//
// It encodes every structural rule Parse reports as an error, and allows
// unknown fields as Parse does. Rules JSON Schema cannot express (a
// pattern matcher must compile as RE2, vocabularies including the
// capability ids degradation keys must be, repeated keys) are left to
// Parse and Check.
//
// It is a new copy on each call: the embedded bytes are shared.
func Schema() []byte { return bytes.Clone(schema) }

//go:embed schema.json
var schema []byte
