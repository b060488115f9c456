package jsexec

import (
	"encoding/json"
	"errors"
	"math"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/dop251/goja"
)

// JSON text turned into JavaScript values in one pass over its bytes: the
// JSON the host hands a script (the data global, tool results) and a
// script's own JSON.parse(text) without a reviver. goja's JSON.parse reads
// encoding/json's tokens one by one, an allocation or more per token
// (50,000 numbers: ~30 ms and 400,000 allocations; 190 KB of small
// objects: ~45 ms). The values are the ones JSON.parse makes: plain
// objects with their own data properties in the text's order (a later
// duplicate key replaces the earlier value), arrays, strings as
// encoding/json decodes them (invalid UTF-8 and lone surrogate escapes as
// U+FFFD, as goja's JSON.parse did), numbers as the nearest double (out
// of range: ±Infinity, as the specification says and node does; goja
// threw). Text this parser refuses goes to goja's JSON.parse, which
// throws the SyntaxError it always threw.

// errJSONSyntax reports text that is not JSON.
var errJSONSyntax = errors.New("not valid JSON")

// hostJSON is JSON.parse(text) for text from the host. Text the parser
// here does not take goes to goja's JSON.parse, which reports it as it
// always did.
func (r *rt) hostJSON(text []byte) (goja.Value, error) {
	s := string(text)
	if v, err := r.parseHostJSON(s); err == nil {
		return v, nil
	}
	return r.in.parse(goja.Undefined(), r.vm.ToValue(s))
}

// fastJSONParse is a script's JSON.parse(text) when the parser here can
// give its answer: text is a string primitive whose UTF-8 form is exact
// (no lone surrogates: see quoteJSON) and there is no reviver. ok is false
// otherwise, and for text that is not JSON (JSON.parse then throws its
// SyntaxError, as before).
func (r *rt) fastJSONParse(text, reviver goja.Value) (v goja.Value, ok bool) {
	if _, callable := goja.AssertFunction(reviver); callable {
		return nil, false
	}
	gs, isStr := text.(goja.String)
	if !isStr {
		return nil, false
	}
	s := gs.String()
	if !utf8.ValidString(s) || len(s) != gs.Length() && strings.ContainsRune(s, utf8.RuneError) {
		return nil, false
	}
	v, err := r.parseHostJSON(s)
	return v, err == nil
}

// parseHostJSON parses text, or fails with errJSONSyntax or a limit.
func (r *rt) parseHostJSON(text string) (goja.Value, error) {
	p := jsonParser{vm: r.vm, s: text}
	p.space()
	v, err := p.value(0)
	if err != nil {
		return nil, err
	}
	if p.space(); p.i != len(p.s) {
		return nil, errJSONSyntax
	}
	return v, nil
}

type jsonParser struct {
	vm *goja.Runtime
	s  string
	i  int
}

func (p *jsonParser) space() {
	for p.i < len(p.s) {
		switch p.s[p.i] {
		case ' ', '\t', '\n', '\r':
			p.i++
		default:
			return
		}
	}
}

// value parses the value at p.i, depth arrays and objects deep.
func (p *jsonParser) value(depth int) (goja.Value, error) {
	if p.i >= len(p.s) {
		return nil, errJSONSyntax
	}
	switch c := p.s[p.i]; {
	case c == '{' || c == '[':
		if depth >= MaxJSONDepth {
			return nil, newLimitError("max nesting depth", "%d", MaxJSONDepth)
		}
		if c == '{' {
			return p.object(depth + 1)
		}
		return p.array(depth + 1)
	case c == '"':
		s, err := p.str()
		if err != nil {
			return nil, err
		}
		return p.vm.ToValue(s), nil
	case c == '-' || c >= '0' && c <= '9':
		return p.number()
	}
	for _, lit := range jsonLiterals {
		if len(p.s)-p.i >= len(lit) && p.s[p.i:p.i+len(lit)] == lit {
			p.i += len(lit)
			switch lit {
			case "null":
				return goja.Null(), nil
			case "true":
				return p.vm.ToValue(true), nil
			}
			return p.vm.ToValue(false), nil
		}
	}
	return nil, errJSONSyntax
}

var jsonLiterals = [...]string{"null", "true", "false"}

func (p *jsonParser) object(depth int) (goja.Value, error) {
	o := p.vm.NewObject()
	p.i++ // {
	p.space()
	if p.i < len(p.s) && p.s[p.i] == '}' {
		p.i++
		return o, nil
	}
	for {
		if p.i >= len(p.s) || p.s[p.i] != '"' {
			return nil, errJSONSyntax
		}
		k, err := p.str()
		if err != nil {
			return nil, err
		}
		p.space()
		if p.i >= len(p.s) || p.s[p.i] != ':' {
			return nil, errJSONSyntax
		}
		p.i++
		p.space()
		v, err := p.value(depth)
		if err != nil {
			return nil, err
		}
		// An own data property, as CreateDataProperty makes it: never
		// a [[Set]], which would call __proto__'s setter or fail to
		// shadow a frozen built-in's property.
		if err := o.DefineDataProperty(k, v, goja.FLAG_TRUE, goja.FLAG_TRUE, goja.FLAG_TRUE); err != nil {
			return nil, err
		}
		p.space()
		if p.i >= len(p.s) {
			return nil, errJSONSyntax
		}
		switch p.s[p.i] {
		case ',':
			p.i++
			p.space()
		case '}':
			p.i++
			return o, nil
		default:
			return nil, errJSONSyntax
		}
	}
}

func (p *jsonParser) array(depth int) (goja.Value, error) {
	p.i++ // [
	p.space()
	var items []any
	if p.i < len(p.s) && p.s[p.i] == ']' {
		p.i++
		return p.vm.NewArray(), nil
	}
	for {
		v, err := p.value(depth)
		if err != nil {
			return nil, err
		}
		items = append(items, v)
		p.space()
		if p.i >= len(p.s) {
			return nil, errJSONSyntax
		}
		switch p.s[p.i] {
		case ',':
			p.i++
			p.space()
		case ']':
			p.i++
			return p.vm.NewArray(items...), nil
		default:
			return nil, errJSONSyntax
		}
	}
}

// str reads the string at p.i: as it is when it has no escapes and is
// valid UTF-8, otherwise through encoding/json.
func (p *jsonParser) str() (string, error) {
	start := p.i
	p.i++ // "
	plain := true
	for p.i < len(p.s) {
		switch c := p.s[p.i]; {
		case c == '"':
			p.i++
			body := p.s[start+1 : p.i-1]
			if plain && utf8.ValidString(body) {
				return body, nil
			}
			var s string
			if err := json.Unmarshal([]byte(p.s[start:p.i]), &s); err != nil {
				return "", errJSONSyntax
			}
			return s, nil
		case c == '\\':
			plain = false
			p.i += 2
		case c < 0x20:
			return "", errJSONSyntax
		default:
			p.i++
		}
	}
	return "", errJSONSyntax
}

// number reads the number at p.i, by JSON's grammar.
func (p *jsonParser) number() (goja.Value, error) {
	start := p.i
	if p.s[p.i] == '-' {
		p.i++
	}
	digits := func() int {
		n := 0
		for p.i < len(p.s) && p.s[p.i] >= '0' && p.s[p.i] <= '9' {
			p.i++
			n++
		}
		return n
	}
	switch {
	case p.i < len(p.s) && p.s[p.i] == '0':
		p.i++
	case digits() == 0:
		return nil, errJSONSyntax
	}
	if p.i < len(p.s) && p.s[p.i] == '.' {
		p.i++
		if digits() == 0 {
			return nil, errJSONSyntax
		}
	}
	if p.i < len(p.s) && (p.s[p.i] == 'e' || p.s[p.i] == 'E') {
		p.i++
		if p.i < len(p.s) && (p.s[p.i] == '+' || p.s[p.i] == '-') {
			p.i++
		}
		if digits() == 0 {
			return nil, errJSONSyntax
		}
	}
	text := p.s[start:p.i]
	// Up to 15 digits, an integer is exact as a double: no parsing of
	// a float, no string made (-0 is not an integer here).
	if n := len(text); n <= 15 && (text[0] != '-' || n > 2 || text[1] != '0') {
		var v int64
		neg, ok := text[0] == '-', true
		for _, c := range []byte(text[btoi(neg):]) {
			if c < '0' || c > '9' {
				ok = false
				break
			}
			v = v*10 + int64(c-'0')
		}
		if ok {
			if neg {
				v = -v
			}
			return p.vm.ToValue(v), nil
		}
	}
	f, err := strconv.ParseFloat(text, 64)
	if err != nil && !math.IsInf(f, 0) { // out of range: ±Inf, as JSON.parse
		return nil, errJSONSyntax
	}
	return p.vm.ToValue(f), nil
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}
