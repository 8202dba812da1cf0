// Package jsonschema evaluates a small subset of JSON Schema draft 2020-12:
// the keywords hookconv's own manifest schema uses, and no more. It exists
// so tests can prove the embedded schema and the Go parser agree without a
// third-party validator.
//
// Implemented assertions and applicators: type, enum, const, required,
// properties, patternProperties, additionalProperties, prefixItems, items,
// minItems, minLength, pattern, minimum, exclusiveMinimum, maximum,
// exclusiveMaximum, allOf, anyOf, oneOf, not, if/then/else and $ref to
// "#/$defs/…". The annotations $schema, $id, $comment, title, description,
// default and examples are accepted and ignored; $defs is accepted at the
// root only. Any other keyword makes Compile fail, so a schema can never
// rely on a rule this package would silently skip.
//
// Regular expressions are Go's (RE2), not ECMA-262; numbers are compared
// exactly (as rationals), never through float64.
package jsonschema

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/big"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Draft is the only $schema value Compile accepts.
const Draft = "https://json-schema.org/draft/2020-12/schema"

// Schema is a compiled schema, ready to validate instances.
type Schema struct {
	root *schema
	defs map[string]*schema
}

// schema is one compiled (sub)schema.
type schema struct {
	loc     string // JSON pointer of this schema inside the document
	boolean *bool  // set for the boolean schemas true and false

	types    []string
	enum     []any
	constVal *any
	required []string

	properties   map[string]*schema
	patternProps []patternProp
	additional   *schema
	prefixItems  []*schema
	items        *schema
	minItems     *int
	minLength    *int
	pattern      *regexp.Regexp
	minimum      *bound
	exclMinimum  *bound
	maximum      *bound
	exclMaximum  *bound
	allOf        []*schema
	anyOf        []*schema
	oneOf        []*schema
	not          *schema
	ifS, thenS   *schema
	elseS        *schema
	ref          string // name in $defs, "" for none
}

// bound is a numeric limit, kept exact and as written.
type bound struct {
	r    *big.Rat
	text string
}

type patternProp struct {
	re *regexp.Regexp
	s  *schema
}

// ignored are the annotation keywords that assert nothing.
var ignored = []string{"$comment", "title", "description", "default", "examples"}

var typeNames = []string{"null", "boolean", "object", "array", "number", "string", "integer"}

// Compile decodes and checks a schema document. It fails on invalid JSON,
// on a malformed keyword value, on a $ref that does not resolve, and on any
// keyword this package does not implement.
func Compile(data []byte) (*Schema, error) {
	doc, err := decode(data)
	if err != nil {
		return nil, fmt.Errorf("schema: %w", err)
	}
	c := &compiler{}
	s := &Schema{defs: map[string]*schema{}}
	if obj, ok := doc.(map[string]any); ok {
		if v, ok := obj["$schema"]; ok && v != Draft {
			return nil, fmt.Errorf("schema: $schema must be %q, not %v", Draft, v)
		}
		if v, ok := obj["$id"]; ok {
			if _, ok := v.(string); !ok {
				return nil, errors.New("schema: $id must be a string")
			}
		}
		if v, ok := obj["$defs"]; ok {
			defs, ok := v.(map[string]any)
			if !ok {
				return nil, errors.New("schema: $defs must be an object")
			}
			for _, name := range sortedKeys(defs) {
				s.defs[name] = c.compile(defs[name], "/$defs/"+escape(name))
			}
		}
	}
	s.root = c.compileRoot(doc)
	for _, r := range c.refs {
		if _, ok := s.defs[r.name]; !ok {
			c.errorf(r.loc, "$ref %q does not resolve", "#/$defs/"+r.name)
		}
	}
	if len(c.errs) > 0 {
		return nil, errors.Join(c.errs...)
	}
	return s, nil
}

// MustCompile is Compile for schemas known to be good; it panics on error.
func MustCompile(data []byte) *Schema {
	s, err := Compile(data)
	if err != nil {
		panic(err)
	}
	return s
}

type compiler struct {
	errs []error
	refs []struct{ name, loc string }
}

func (c *compiler) errorf(loc, format string, args ...any) {
	c.errs = append(c.errs, fmt.Errorf("schema %s: %s", pointer(loc), fmt.Sprintf(format, args...)))
}

func pointer(loc string) string { return "#" + loc }

// compileRoot compiles the document itself, where $schema, $id and $defs
// are allowed.
func (c *compiler) compileRoot(v any) *schema {
	if obj, ok := v.(map[string]any); ok {
		rest := make(map[string]any, len(obj))
		for k, x := range obj {
			if k != "$schema" && k != "$id" && k != "$defs" {
				rest[k] = x
			}
		}
		v = rest
	}
	return c.compile(v, "")
}

func (c *compiler) compile(v any, loc string) *schema {
	s := &schema{loc: loc}
	switch v := v.(type) {
	case bool:
		s.boolean = &v
		return s
	case map[string]any:
		for _, k := range sortedKeys(v) {
			c.keyword(s, k, v[k], loc+"/"+escape(k))
		}
	default:
		c.errorf(loc, "a schema must be an object or a boolean")
	}
	return s
}

// keyword compiles one keyword of s.
func (c *compiler) keyword(s *schema, k string, v any, loc string) {
	switch k {
	case "type":
		switch t := v.(type) {
		case string:
			s.types = []string{t}
		case []any:
			for _, x := range t {
				name, ok := x.(string)
				if !ok {
					c.errorf(loc, "type names must be strings")
					continue
				}
				s.types = append(s.types, name)
			}
		default:
			c.errorf(loc, "type must be a string or an array of strings")
		}
		for _, t := range s.types {
			if !slices.Contains(typeNames, t) {
				c.errorf(loc, "unknown type %q", t)
			}
		}
	case "enum":
		list, ok := v.([]any)
		if !ok {
			c.errorf(loc, "enum must be an array")
			return
		}
		s.enum = list
		if s.enum == nil {
			s.enum = []any{}
		}
	case "const":
		s.constVal = &v
	case "required":
		s.required = c.stringList(v, loc)
	case "properties":
		obj, ok := v.(map[string]any)
		if !ok {
			c.errorf(loc, "properties must be an object")
			return
		}
		s.properties = make(map[string]*schema, len(obj))
		for _, name := range sortedKeys(obj) {
			s.properties[name] = c.compile(obj[name], loc+"/"+escape(name))
		}
	case "patternProperties":
		obj, ok := v.(map[string]any)
		if !ok {
			c.errorf(loc, "patternProperties must be an object")
			return
		}
		for _, p := range sortedKeys(obj) {
			re, err := regexp.Compile(p)
			if err != nil {
				c.errorf(loc, "pattern %q: %v", p, err)
				continue
			}
			s.patternProps = append(s.patternProps, patternProp{re, c.compile(obj[p], loc+"/"+escape(p))})
		}
	case "additionalProperties":
		s.additional = c.compile(v, loc)
	case "prefixItems":
		list, ok := v.([]any)
		if !ok || len(list) == 0 {
			c.errorf(loc, "prefixItems must be a non-empty array")
			return
		}
		for i, x := range list {
			s.prefixItems = append(s.prefixItems, c.compile(x, loc+"/"+strconv.Itoa(i)))
		}
	case "items":
		s.items = c.compile(v, loc)
	case "minItems":
		s.minItems = c.count(v, loc)
	case "minLength":
		s.minLength = c.count(v, loc)
	case "pattern":
		p, ok := v.(string)
		if !ok {
			c.errorf(loc, "pattern must be a string")
			return
		}
		re, err := regexp.Compile(p)
		if err != nil {
			c.errorf(loc, "pattern %q: %v", p, err)
			return
		}
		s.pattern = re
	case "minimum":
		s.minimum = c.number(v, loc)
	case "exclusiveMinimum":
		s.exclMinimum = c.number(v, loc)
	case "maximum":
		s.maximum = c.number(v, loc)
	case "exclusiveMaximum":
		s.exclMaximum = c.number(v, loc)
	case "allOf":
		s.allOf = c.schemaList(v, loc)
	case "anyOf":
		s.anyOf = c.schemaList(v, loc)
	case "oneOf":
		s.oneOf = c.schemaList(v, loc)
	case "not":
		s.not = c.compile(v, loc)
	case "if":
		s.ifS = c.compile(v, loc)
	case "then":
		s.thenS = c.compile(v, loc)
	case "else":
		s.elseS = c.compile(v, loc)
	case "$ref":
		r, ok := v.(string)
		name, found := strings.CutPrefix(r, "#/$defs/")
		if !ok || !found || name == "" || strings.Contains(name, "/") {
			c.errorf(loc, `$ref must be "#/$defs/<name>", not %v`, v)
			return
		}
		name = unescape(name)
		s.ref = name
		c.refs = append(c.refs, struct{ name, loc string }{name, loc})
	case "$schema", "$id", "$defs":
		c.errorf(loc, "%s is only supported at the root of the schema", k)
	default:
		if !slices.Contains(ignored, k) {
			c.errorf(loc, "unsupported keyword %q", k)
		}
	}
}

func (c *compiler) stringList(v any, loc string) []string {
	list, ok := v.([]any)
	if !ok {
		c.errorf(loc, "must be an array of strings")
		return nil
	}
	out := make([]string, 0, len(list))
	for _, x := range list {
		s, ok := x.(string)
		if !ok {
			c.errorf(loc, "must be an array of strings")
			return nil
		}
		out = append(out, s)
	}
	return out
}

func (c *compiler) schemaList(v any, loc string) []*schema {
	list, ok := v.([]any)
	if !ok || len(list) == 0 {
		c.errorf(loc, "must be a non-empty array of schemas")
		return nil
	}
	out := make([]*schema, len(list))
	for i, x := range list {
		out[i] = c.compile(x, loc+"/"+strconv.Itoa(i))
	}
	return out
}

func (c *compiler) count(v any, loc string) *int {
	n, ok := v.(json.Number)
	if ok {
		if i, err := strconv.Atoi(n.String()); err == nil && i >= 0 {
			return &i
		}
	}
	c.errorf(loc, "must be a non-negative integer")
	return nil
}

func (c *compiler) number(v any, loc string) *bound {
	n, ok := v.(json.Number)
	if ok {
		if r, ok := new(big.Rat).SetString(n.String()); ok {
			return &bound{r, n.String()}
		}
	}
	c.errorf(loc, "must be a number")
	return nil
}

// Error is one failed assertion.
type Error struct {
	// InstanceLocation is the JSON pointer of the offending value ("" is
	// the whole document).
	InstanceLocation string
	// KeywordLocation is the JSON pointer of the failing keyword in the
	// schema document.
	KeywordLocation string
	// Message says what is wrong.
	Message string
}

func (e *Error) Error() string {
	return fmt.Sprintf("%s: %s (schema %s)", pointer(e.InstanceLocation), e.Message, pointer(e.KeywordLocation))
}

// Errors is the list of assertions an instance failed; it is the error
// type Validate returns.
type Errors []*Error

func (es Errors) Error() string {
	msgs := make([]string, len(es))
	for i, e := range es {
		msgs[i] = e.Error()
	}
	return strings.Join(msgs, "\n")
}

// Validate decodes a JSON document and validates it. It returns nil when
// the document is valid, Errors when it is not, and another error when it
// is not JSON.
func (s *Schema) Validate(data []byte) error {
	v, err := decode(data)
	if err != nil {
		return err
	}
	return s.ValidateValue(v)
}

// ValidateValue validates a value decoded by encoding/json with UseNumber
// (objects as map[string]any, arrays as []any, numbers as json.Number).
// It returns nil or Errors.
func (s *Schema) ValidateValue(v any) error {
	var es Errors
	s.eval(s.root, v, "", &es)
	if len(es) > 0 {
		return es
	}
	return nil
}

// eval appends to es every assertion of sc that v fails.
func (s *Schema) eval(sc *schema, v any, at string, es *Errors) {
	fail := func(kw, format string, args ...any) {
		*es = append(*es, &Error{InstanceLocation: at, KeywordLocation: sc.loc + "/" + kw, Message: fmt.Sprintf(format, args...)})
	}
	if sc.boolean != nil {
		if !*sc.boolean {
			*es = append(*es, &Error{InstanceLocation: at, KeywordLocation: sc.loc, Message: "no value is allowed here"})
		}
		return
	}
	if sc.ref != "" {
		s.eval(s.defs[sc.ref], v, at, es)
	}
	if len(sc.types) > 0 && !slices.ContainsFunc(sc.types, func(t string) bool { return hasType(v, t) }) {
		fail("type", "%s is not of type %s", kindOf(v), strings.Join(sc.types, " or "))
	}
	if sc.enum != nil && !slices.ContainsFunc(sc.enum, func(x any) bool { return equal(x, v) }) {
		fail("enum", "%s is not one of %s", show(v), show(sc.enum))
	}
	if sc.constVal != nil && !equal(*sc.constVal, v) {
		fail("const", "%s is not %s", show(v), show(*sc.constVal))
	}
	switch v := v.(type) {
	case map[string]any:
		s.object(sc, v, at, es, fail)
	case []any:
		s.array(sc, v, at, es, fail)
	case string:
		if sc.minLength != nil && utf8.RuneCountInString(v) < *sc.minLength {
			fail("minLength", "%s is shorter than %d characters", show(v), *sc.minLength)
		}
		if sc.pattern != nil && !sc.pattern.MatchString(v) {
			fail("pattern", "%s does not match %q", show(v), sc.pattern.String())
		}
	case json.Number:
		r, ok := new(big.Rat).SetString(v.String())
		if !ok {
			fail("type", "%s is not a number", v)
			break
		}
		if sc.minimum != nil && r.Cmp(sc.minimum.r) < 0 {
			fail("minimum", "%s is less than %s", v, sc.minimum.text)
		}
		if sc.exclMinimum != nil && r.Cmp(sc.exclMinimum.r) <= 0 {
			fail("exclusiveMinimum", "%s is not greater than %s", v, sc.exclMinimum.text)
		}
		if sc.maximum != nil && r.Cmp(sc.maximum.r) > 0 {
			fail("maximum", "%s is greater than %s", v, sc.maximum.text)
		}
		if sc.exclMaximum != nil && r.Cmp(sc.exclMaximum.r) >= 0 {
			fail("exclusiveMaximum", "%s is not less than %s", v, sc.exclMaximum.text)
		}
	}
	for _, sub := range sc.allOf {
		s.eval(sub, v, at, es)
	}
	if sc.anyOf != nil && count(s, sc.anyOf, v, at) == 0 {
		fail("anyOf", "%s matches none of the alternatives", show(v))
	}
	if sc.oneOf != nil {
		switch n := count(s, sc.oneOf, v, at); n {
		case 0:
			fail("oneOf", "%s matches none of the alternatives", show(v))
		case 1:
		default:
			fail("oneOf", "%s matches %d of the alternatives, not exactly one", show(v), n)
		}
	}
	if sc.not != nil && s.valid(sc.not, v, at) {
		fail("not", "%s matches a schema it must not match", show(v))
	}
	if sc.ifS != nil {
		if s.valid(sc.ifS, v, at) {
			if sc.thenS != nil {
				s.eval(sc.thenS, v, at, es)
			}
		} else if sc.elseS != nil {
			s.eval(sc.elseS, v, at, es)
		}
	}
}

func (s *Schema) object(sc *schema, v map[string]any, at string, es *Errors, fail func(kw, format string, args ...any)) {
	for _, name := range sc.required {
		if _, ok := v[name]; !ok {
			fail("required", "required property %q is missing", name)
		}
	}
	for _, name := range sortedKeys(v) {
		x, where := v[name], at+"/"+escape(name)
		matched := false
		if p, ok := sc.properties[name]; ok {
			matched = true
			s.eval(p, x, where, es)
		}
		for _, pp := range sc.patternProps {
			if pp.re.MatchString(name) {
				matched = true
				s.eval(pp.s, x, where, es)
			}
		}
		if !matched && sc.additional != nil {
			n := len(*es)
			s.eval(sc.additional, x, where, es)
			if len(*es) > n && sc.additional.boolean != nil {
				(*es)[n].Message = fmt.Sprintf("property %q is not allowed", name)
			}
		}
	}
}

func (s *Schema) array(sc *schema, v []any, at string, es *Errors, fail func(kw, format string, args ...any)) {
	if sc.minItems != nil && len(v) < *sc.minItems {
		fail("minItems", "array has %d items, fewer than %d", len(v), *sc.minItems)
	}
	for i, x := range v {
		where := at + "/" + strconv.Itoa(i)
		switch {
		case i < len(sc.prefixItems):
			s.eval(sc.prefixItems[i], x, where, es)
		case sc.items != nil:
			s.eval(sc.items, x, where, es)
		}
	}
}

// valid reports whether v passes sc, discarding the errors.
func (s *Schema) valid(sc *schema, v any, at string) bool {
	var es Errors
	s.eval(sc, v, at, &es)
	return len(es) == 0
}

// count returns how many of the schemas v passes.
func count(s *Schema, list []*schema, v any, at string) int {
	n := 0
	for _, sub := range list {
		if s.valid(sub, v, at) {
			n++
		}
	}
	return n
}

// decode reads exactly one JSON value, keeping numbers as json.Number.
func decode(data []byte) (any, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return nil, fmt.Errorf("invalid JSON: %w", err)
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, errors.New("invalid JSON: data after the first value")
	}
	return v, nil
}

// hasType reports whether v is an instance of the JSON Schema type t.
func hasType(v any, t string) bool {
	switch v := v.(type) {
	case nil:
		return t == "null"
	case bool:
		return t == "boolean"
	case string:
		return t == "string"
	case map[string]any:
		return t == "object"
	case []any:
		return t == "array"
	case json.Number:
		if t == "number" {
			return true
		}
		if t == "integer" {
			r, ok := new(big.Rat).SetString(v.String())
			return ok && r.IsInt()
		}
	}
	return false
}

func kindOf(v any) string {
	for _, t := range []string{"null", "boolean", "string", "object", "array", "number"} {
		if hasType(v, t) {
			return t
		}
	}
	return fmt.Sprintf("%T", v)
}

// equal is JSON equality: numbers compare by value, objects by members.
func equal(a, b any) bool {
	switch a := a.(type) {
	case json.Number:
		b, ok := b.(json.Number)
		if !ok {
			return false
		}
		x, ok1 := new(big.Rat).SetString(a.String())
		y, ok2 := new(big.Rat).SetString(b.String())
		return ok1 && ok2 && x.Cmp(y) == 0
	case []any:
		b, ok := b.([]any)
		return ok && slices.EqualFunc(a, b, equal)
	case map[string]any:
		b, ok := b.(map[string]any)
		if !ok || len(a) != len(b) {
			return false
		}
		for k, x := range a {
			y, ok := b[k]
			if !ok || !equal(x, y) {
				return false
			}
		}
		return true
	default:
		return a == b // nil, bool, string
	}
}

// show renders a value compactly for messages.
func show(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprint(v)
	}
	const max = 60
	if len(b) > max {
		return strings.ToValidUTF8(string(b[:max]), "") + "…"
	}
	return string(b)
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// escape and unescape a JSON pointer reference token (RFC 6901).
func escape(s string) string {
	return strings.NewReplacer("~", "~0", "/", "~1").Replace(s)
}

func unescape(s string) string {
	return strings.NewReplacer("~1", "/", "~0", "~").Replace(s)
}
