package jsonschema

import (
	"errors"
	"strings"
	"testing"
)

func TestValidate(t *testing.T) {
	tests := []struct {
		name     string
		schema   string
		instance string
		valid    bool
		keyword  string // the keyword location the first error must end with
	}{
		{"true schema", `true`, `{"a": 1}`, true, ""},
		{"false schema", `false`, `1`, false, ""},
		{"empty schema", `{}`, `null`, true, ""},

		{"type string ok", `{"type": "string"}`, `"x"`, true, ""},
		{"type string bad", `{"type": "string"}`, `1`, false, "/type"},
		{"type number ok", `{"type": "number"}`, `1.5`, true, ""},
		{"type number bad", `{"type": "number"}`, `"1"`, false, "/type"},
		{"type integer ok", `{"type": "integer"}`, `2.0`, true, ""},
		{"type integer bad", `{"type": "integer"}`, `2.5`, false, "/type"},
		{"type object ok", `{"type": "object"}`, `{}`, true, ""},
		{"type object bad", `{"type": "object"}`, `[]`, false, "/type"},
		{"type array ok", `{"type": "array"}`, `[]`, true, ""},
		{"type array bad", `{"type": "array"}`, `{}`, false, "/type"},
		{"type boolean ok", `{"type": "boolean"}`, `false`, true, ""},
		{"type boolean bad", `{"type": "boolean"}`, `0`, false, "/type"},
		{"type null ok", `{"type": "null"}`, `null`, true, ""},
		{"type null bad", `{"type": "null"}`, `false`, false, "/type"},
		{"type list ok", `{"type": ["string", "null"]}`, `null`, true, ""},
		{"type list bad", `{"type": ["string", "null"]}`, `1`, false, "/type"},

		{"enum ok", `{"enum": ["a", 1, null]}`, `1.0`, true, ""},
		{"enum bad", `{"enum": ["a", 1, null]}`, `"b"`, false, "/enum"},
		{"enum object ok", `{"enum": [{"a": [1, 2]}]}`, `{"a": [1, 2.0]}`, true, ""},
		{"enum object bad", `{"enum": [{"a": [1, 2]}]}`, `{"a": [2, 1]}`, false, "/enum"},
		{"const ok", `{"const": "x"}`, `"x"`, true, ""},
		{"const bad", `{"const": "x"}`, `"y"`, false, "/const"},
		{"const null bad", `{"const": null}`, `false`, false, "/const"},

		{"required ok", `{"required": ["a"]}`, `{"a": null}`, true, ""},
		{"required bad", `{"required": ["a"]}`, `{"b": 1}`, false, "/required"},
		{"required ignores non-objects", `{"required": ["a"]}`, `"a"`, true, ""},
		{"properties ok", `{"properties": {"a": {"type": "string"}}}`, `{"a": "x", "b": 1}`, true, ""},
		{"properties bad", `{"properties": {"a": {"type": "string"}}}`, `{"a": 1}`, false, "/properties/a/type"},
		{"patternProperties ok", `{"patternProperties": {"^x_": {"type": "number"}}}`, `{"x_a": 1, "y": "s"}`, true, ""},
		{"patternProperties bad", `{"patternProperties": {"^x_": {"type": "number"}}}`, `{"x_a": "1"}`, false, "/patternProperties/^x_/type"},
		{"additionalProperties false ok", `{"properties": {"a": {}}, "patternProperties": {"^x": {}}, "additionalProperties": false}`, `{"a": 1, "xy": 2}`, true, ""},
		{"additionalProperties false bad", `{"properties": {"a": {}}, "additionalProperties": false}`, `{"a": 1, "b": 2}`, false, "/additionalProperties"},
		{"additionalProperties schema ok", `{"additionalProperties": {"type": "string"}}`, `{"a": "x"}`, true, ""},
		{"additionalProperties schema bad", `{"additionalProperties": {"type": "string"}}`, `{"a": 1}`, false, "/additionalProperties/type"},

		{"items ok", `{"items": {"type": "string"}}`, `["a", "b"]`, true, ""},
		{"items bad", `{"items": {"type": "string"}}`, `["a", 1]`, false, "/items/type"},
		{"prefixItems ok", `{"prefixItems": [{"type": "number"}], "items": {"type": "string"}}`, `[1, "a"]`, true, ""},
		{"prefixItems bad", `{"prefixItems": [{"type": "number"}], "items": {"type": "string"}}`, `["a", "b"]`, false, "/prefixItems/0/type"},
		{"items after prefixItems bad", `{"prefixItems": [{"type": "number"}], "items": {"type": "string"}}`, `[1, 2]`, false, "/items/type"},
		{"minItems ok", `{"minItems": 1}`, `[0]`, true, ""},
		{"minItems bad", `{"minItems": 1}`, `[]`, false, "/minItems"},

		{"minLength ok", `{"minLength": 2}`, `"éé"`, true, ""},
		{"minLength counts characters", `{"minLength": 3}`, `"éé"`, false, "/minLength"},
		{"pattern ok", `{"pattern": "^a+$"}`, `"aaa"`, true, ""},
		{"pattern bad", `{"pattern": "^a+$"}`, `"ab"`, false, "/pattern"},
		{"pattern is unanchored", `{"pattern": "b"}`, `"abc"`, true, ""},
		{"pattern ignores non-strings", `{"pattern": "^a$"}`, `1`, true, ""},

		{"minimum ok", `{"minimum": 0}`, `0`, true, ""},
		{"minimum bad", `{"minimum": 0}`, `-1e-300`, false, "/minimum"},
		{"exclusiveMinimum ok", `{"exclusiveMinimum": 0}`, `1e-300`, true, ""},
		{"exclusiveMinimum bad", `{"exclusiveMinimum": 0}`, `0.0`, false, "/exclusiveMinimum"},
		{"maximum ok", `{"maximum": 1.7976931348623157e308}`, `1.7976931348623157e308`, true, ""},
		{"maximum bad", `{"maximum": 1.7976931348623157e308}`, `1e400`, false, "/maximum"},
		{"exclusiveMaximum ok", `{"exclusiveMaximum": 10}`, `9.999`, true, ""},
		{"exclusiveMaximum bad", `{"exclusiveMaximum": 10}`, `10`, false, "/exclusiveMaximum"},
		{"exact comparison", `{"minimum": 0.1}`, `0.09999999999999999999`, false, "/minimum"},

		{"allOf ok", `{"allOf": [{"type": "string"}, {"minLength": 1}]}`, `"a"`, true, ""},
		{"allOf bad", `{"allOf": [{"type": "string"}, {"minLength": 1}]}`, `""`, false, "/allOf/1/minLength"},
		{"anyOf ok", `{"anyOf": [{"type": "string"}, {"type": "number"}]}`, `1`, true, ""},
		{"anyOf bad", `{"anyOf": [{"type": "string"}, {"type": "number"}]}`, `true`, false, "/anyOf"},
		{"oneOf ok", `{"oneOf": [{"type": "string"}, {"type": "number"}]}`, `1`, true, ""},
		{"oneOf none", `{"oneOf": [{"type": "string"}, {"type": "number"}]}`, `null`, false, "/oneOf"},
		{"oneOf two", `{"oneOf": [{"type": "number"}, {"minimum": 0}]}`, `1`, false, "/oneOf"},
		{"not ok", `{"not": {"required": ["a", "b"]}}`, `{"a": 1}`, true, ""},
		{"not bad", `{"not": {"required": ["a", "b"]}}`, `{"a": 1, "b": 2}`, false, "/not"},

		{"if-then applies", `{"if": {"properties": {"t": {"const": "x"}}}, "then": {"required": ["x"]}, "else": {"required": ["y"]}}`, `{"t": "x"}`, false, "/then/required"},
		{"if-then passes", `{"if": {"properties": {"t": {"const": "x"}}}, "then": {"required": ["x"]}, "else": {"required": ["y"]}}`, `{"t": "x", "x": 1}`, true, ""},
		{"if-else applies", `{"if": {"properties": {"t": {"const": "x"}}}, "then": {"required": ["x"]}, "else": {"required": ["y"]}}`, `{"t": "z"}`, false, "/else/required"},
		{"if-else passes", `{"if": {"properties": {"t": {"const": "x"}}}, "then": {"required": ["x"]}, "else": {"required": ["y"]}}`, `{"t": "z", "y": 1}`, true, ""},
		{"if without then", `{"if": {"type": "string"}}`, `1`, true, ""},

		{"$ref ok", `{"$defs": {"s": {"type": "string"}}, "properties": {"a": {"$ref": "#/$defs/s"}}}`, `{"a": "x"}`, true, ""},
		{"$ref bad", `{"$defs": {"s": {"type": "string"}}, "properties": {"a": {"$ref": "#/$defs/s"}}}`, `{"a": 1}`, false, "/$defs/s/type"},
		{"$ref with siblings", `{"$defs": {"s": {"type": "string"}}, "$ref": "#/$defs/s", "minLength": 2}`, `"x"`, false, "/minLength"},
		{"$ref recursive", `{"$defs": {"t": {"type": "array", "items": {"$ref": "#/$defs/t"}}}, "$ref": "#/$defs/t"}`, `[[[]], [1]]`, false, "/$defs/t/type"},

		{"annotations", `{"$schema": "https://json-schema.org/draft/2020-12/schema", "$id": "https://x.test/s.json", "title": "t", "description": "d", "$comment": "c", "default": 1, "examples": [1]}`, `1`, true, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, err := Compile([]byte(tt.schema))
			if err != nil {
				t.Fatalf("Compile: %v", err)
			}
			err = s.Validate([]byte(tt.instance))
			if tt.valid {
				if err != nil {
					t.Fatalf("Validate(%s) = %v, want valid", tt.instance, err)
				}
				return
			}
			var es Errors
			if !errors.As(err, &es) || len(es) == 0 {
				t.Fatalf("Validate(%s) = %v, want Errors", tt.instance, err)
			}
			if tt.keyword != "" && !strings.HasSuffix(es[0].KeywordLocation, tt.keyword) {
				t.Errorf("first error at %q, want …%s\n%v", es[0].KeywordLocation, tt.keyword, err)
			}
		})
	}
}

func TestErrorLocations(t *testing.T) {
	s := MustCompile([]byte(`{"properties": {"a/b": {"items": {"type": "string"}}}}`))
	err := s.Validate([]byte(`{"a/b": ["x", 2]}`))
	var es Errors
	if !errors.As(err, &es) || len(es) != 1 {
		t.Fatalf("got %v, want one error", err)
	}
	if got, want := es[0].InstanceLocation, "/a~1b/1"; got != want {
		t.Errorf("InstanceLocation = %q, want %q", got, want)
	}
	if got, want := es[0].KeywordLocation, "/properties/a~1b/items/type"; got != want {
		t.Errorf("KeywordLocation = %q, want %q", got, want)
	}
	if msg := err.Error(); !strings.Contains(msg, "#/a~1b/1") || !strings.Contains(msg, "string") {
		t.Errorf("message %q names neither the place nor the type", msg)
	}
}

func TestCompileErrors(t *testing.T) {
	tests := []struct {
		name, schema, want string
	}{
		{"not json", `{"type": `, "invalid JSON"},
		{"trailing data", `{} {}`, "data after"},
		{"not a schema", `[]`, "object or a boolean"},
		{"unknown keyword", `{"format": "uri"}`, `unsupported keyword "format"`},
		{"unknown nested keyword", `{"properties": {"a": {"uniqueItems": true}}}`, `#/properties/a/uniqueItems`},
		{"keyword in $defs", `{"$defs": {"a": {"maxLength": 1}}}`, `#/$defs/a/maxLength`},
		{"other draft", `{"$schema": "http://json-schema.org/draft-07/schema#"}`, "$schema must be"},
		{"nested $defs", `{"properties": {"a": {"$defs": {}}}}`, "only supported at the root"},
		{"unresolved $ref", `{"$ref": "#/$defs/missing"}`, "does not resolve"},
		{"remote $ref", `{"$ref": "other.json#/$defs/a"}`, "$ref must be"},
		{"bad type", `{"type": "text"}`, `unknown type "text"`},
		{"bad pattern", `{"pattern": "(?<=a)b"}`, "pattern"},
		{"bad minLength", `{"minLength": -1}`, "non-negative integer"},
		{"bad minimum", `{"minimum": "0"}`, "must be a number"},
		{"bad required", `{"required": [1]}`, "array of strings"},
		{"empty anyOf", `{"anyOf": []}`, "non-empty array"},
		{"bad enum", `{"enum": "a"}`, "enum must be an array"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Compile([]byte(tt.schema))
			if err == nil {
				t.Fatalf("Compile(%s) succeeded, want an error containing %q", tt.schema, tt.want)
			}
			if !strings.Contains(err.Error(), tt.want) {
				t.Errorf("Compile(%s) = %v, want an error containing %q", tt.schema, err, tt.want)
			}
		})
	}
}

func TestValidateInvalidJSON(t *testing.T) {
	s := MustCompile([]byte(`true`))
	for _, in := range []string{``, `{`, `1 2`, `{"a": 1,}`} {
		err := s.Validate([]byte(in))
		var es Errors
		if err == nil || errors.As(err, &es) {
			t.Errorf("Validate(%q) = %v, want a decoding error", in, err)
		}
	}
}
