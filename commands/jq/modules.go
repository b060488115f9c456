package jq

import (
	"encoding/base32"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"math"
	"math/big"
	"path"
	"reflect"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/itchyny/gojq"
)

// maxModules bounds how many modules one program may load, so modules that
// import each other cannot loop.
const maxModules = 256

// moduleLoader serves import/include from the sandbox filesystem. The
// search path is -L's directories, else jq's default ["~/.jq",
// "$ORIGIN/../lib/jq", "$ORIGIN/../lib"] of which only ~/.jq means anything
// in the sandbox. A module's "search" metadata is tried first.
type moduleLoader struct{ r *runner }

func (l *moduleLoader) searchPath(meta map[string]any) []string {
	var dirs []string
	switch s := meta["search"].(type) {
	case string:
		dirs = append(dirs, s)
	case []any:
		for _, x := range s {
			if d, ok := x.(string); ok {
				dirs = append(dirs, d)
			}
		}
	}
	if len(l.r.o.libPaths) > 0 {
		dirs = append(dirs, l.r.o.libPaths...)
	} else {
		dirs = append(dirs, "~/.jq")
	}
	home := l.r.c.Getenv("HOME")
	for i, d := range dirs {
		if d == "~" || strings.HasPrefix(d, "~/") {
			dirs[i] = home + d[1:]
		}
	}
	return dirs
}

// find returns the contents of the first name+ext (or name/base+ext, jq's
// second form) found along the search path.
func (l *moduleLoader) find(name, ext string, meta map[string]any) ([]byte, string, error) {
	if l.r.modules++; l.r.modules > maxModules {
		return nil, "", fmt.Errorf("too many modules loaded (more than %d)", maxModules)
	}
	if strings.HasPrefix(name, "/") {
		return nil, "", fmt.Errorf("module path must be relative: %q", name)
	}
	for _, dir := range l.searchPath(meta) {
		for _, p := range []string{path.Join(dir, name+ext), path.Join(dir, name, path.Base(name)+ext)} {
			fi, err := l.r.c.FS.Stat(l.r.c.Abs(p))
			if err != nil || !fi.Mode().IsRegular() {
				continue
			}
			data, err := l.r.readFile(p)
			if err != nil {
				return nil, "", err
			}
			return data, l.r.c.Abs(p), nil
		}
	}
	return nil, "", fmt.Errorf("module not found: %s", name)
}

// LoadModuleWithMeta implements gojq's module loader interface.
func (l *moduleLoader) LoadModuleWithMeta(name string, meta map[string]any) (*gojq.Query, error) {
	data, file, err := l.find(name, ".jq", meta)
	if err != nil {
		return nil, err
	}
	if err := checkFilterDepth(string(data)); err != nil {
		return nil, err
	}
	// A module's $__loc__ names its file; it becomes a literal object, as
	// the variables of the main program are all bound before modules load.
	text, _ := rewriteLoc(string(data), func(line int) string {
		return fmt.Sprintf("{\"file\":%s,\"line\":%d}", compactJSON(file), line)
	})
	q, err := gojq.Parse(text)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	rewriteFormats(q)
	return q, nil
}

// LoadJSONWithMeta loads `import "x" as $x;`: every JSON text of x.json,
// as an array.
func (l *moduleLoader) LoadJSONWithMeta(name string, meta map[string]any) (any, error) {
	data, _, err := l.find(name, ".json", meta)
	if err != nil {
		return nil, err
	}
	v, err := slurpAll([]source{{name: name + ".json", data: data}}, &options{})
	if err != nil {
		return nil, fmt.Errorf("%s.json: %w", name, err)
	}
	return v, nil
}

// LoadInitModules loads ~/.jq when it is a file, as jq does.
func (l *moduleLoader) LoadInitModules() ([]*gojq.Query, error) {
	home := l.r.c.Getenv("HOME")
	if home == "" {
		return nil, nil
	}
	fi, err := l.r.c.FS.Stat(path.Join(home, ".jq"))
	if err != nil || fi.Mode().Type()&fs.ModeType != 0 {
		return nil, nil
	}
	data, err := l.r.readFile(path.Join(home, ".jq"))
	if err != nil {
		return nil, err
	}
	if err := checkFilterDepth(string(data)); err != nil {
		return nil, err
	}
	q, err := gojq.Parse(string(data))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path.Join(home, ".jq"), err)
	}
	return []*gojq.Query{q}, nil
}

// locVar names the variable that stands for $__loc__ on line l. gojq has no
// $__loc__, so each one is renamed to a variable bound to jq's
// {"file":"<top-level>","line":l}.
func locVar(l int) string { return "$__loc__" + strconv.Itoa(l) }

// rewriteLoc replaces $__loc__ outside string literals and comments with
// repl(line) and returns the lines where it appears.
func rewriteLoc(s string, repl func(line int) string) (string, []int) {
	const tok = "$__loc__"
	if !strings.Contains(s, tok) {
		return s, nil
	}
	var b strings.Builder
	var lines []int
	line := 1
	// interp counts the parenthesis depth of each open "\( ... )" so a
	// string resumes when its interpolation closes.
	var interp []int
	inStr := false
	for i := 0; i < len(s); i++ {
		ch := s[i]
		if ch == '\n' {
			line++
		}
		if inStr {
			b.WriteByte(ch)
			switch ch {
			case '\\':
				if i+1 < len(s) && s[i+1] == '(' {
					interp = append(interp, 0)
					inStr = false
				}
				if i+1 < len(s) {
					i++
					b.WriteByte(s[i])
				}
			case '"':
				inStr = false
			}
			continue
		}
		switch {
		case ch == '"':
			inStr = true
		case ch == '#':
			for i < len(s) && s[i] != '\n' {
				b.WriteByte(s[i])
				i++
			}
			i--
			continue
		case ch == '(' && len(interp) > 0:
			interp[len(interp)-1]++
		case ch == ')' && len(interp) > 0:
			if interp[len(interp)-1] == 0 {
				interp = interp[:len(interp)-1]
				inStr = true
			} else {
				interp[len(interp)-1]--
			}
		case strings.HasPrefix(s[i:], tok) && !isIdentByte(s, i+len(tok)):
			b.WriteString(repl(line))
			if len(lines) == 0 || lines[len(lines)-1] != line {
				lines = append(lines, line)
			}
			i += len(tok) - 1
			continue
		}
		b.WriteByte(ch)
	}
	return b.String(), lines
}

func isIdentByte(s string, i int) bool {
	if i >= len(s) {
		return false
	}
	c := s[i]
	return c == '_' || ('a' <= c && c <= 'z') || ('A' <= c && c <= 'Z') || ('0' <= c && c <= '9')
}

// rewriteFormats turns @base32 and @base32d (jq 1.7 formats gojq lacks)
// into calls of native helpers, in "@base32d" and `@base32d "..\(x).."`
// forms alike.
func rewriteFormats(q *gojq.Query) {
	// {$__loc__} is jq 1.7's shorthand for {"__loc__": $__loc__}; after
	// rewriteLoc the variable carries its line in its name.
	walkKeyVals(reflect.ValueOf(q), 0, func(kv *gojq.ObjectKeyVal) {
		if strings.HasPrefix(kv.Key, "$__loc__") && kv.Val == nil {
			kv.Val = &gojq.Query{Term: &gojq.Term{Type: gojq.TermTypeFunc, Func: &gojq.Func{Name: kv.Key}}}
			kv.Key = "__loc__"
		}
	})
	walkTerms(reflect.ValueOf(q), 0, func(t *gojq.Term) {
		if t.Type != gojq.TermTypeFormat || (t.Format != "@base32" && t.Format != "@base32d") {
			return
		}
		fn := "_jb_" + t.Format[1:]
		call := func() *gojq.Query {
			return &gojq.Query{Term: &gojq.Term{Type: gojq.TermTypeFunc, Func: &gojq.Func{Name: fn}}}
		}
		if t.Str == nil {
			*t = gojq.Term{Type: gojq.TermTypeFunc, Func: &gojq.Func{Name: fn}, SuffixList: t.SuffixList}
			return
		}
		str := &gojq.String{Str: t.Str.Str}
		for _, e := range t.Str.Queries {
			if e.Term == nil || e.Term.Str == nil {
				e = &gojq.Query{Term: &gojq.Term{Type: gojq.TermTypeQuery,
					Query: &gojq.Query{Left: e, Op: gojq.OpPipe, Right: call()}}}
			}
			str.Queries = append(str.Queries, e)
		}
		*t = gojq.Term{Type: gojq.TermTypeString, Str: str, SuffixList: t.SuffixList}
	})
}

// walkTerms calls f on every term of the AST; depth is bounded because the
// filter's nesting was checked before parsing.
func walkTerms(v reflect.Value, depth int, f func(*gojq.Term)) {
	if depth > 4*maxFilterDepth {
		return
	}
	switch v.Kind() {
	case reflect.Pointer, reflect.Interface:
		if !v.IsNil() {
			walkTerms(v.Elem(), depth+1, f)
		}
	case reflect.Slice:
		for i := 0; i < v.Len(); i++ {
			walkTerms(v.Index(i), depth+1, f)
		}
	case reflect.Struct:
		if v.Type() == termType && v.CanAddr() {
			f(v.Addr().Interface().(*gojq.Term))
		}
		for i := 0; i < v.NumField(); i++ {
			if v.Type().Field(i).IsExported() {
				walkTerms(v.Field(i), depth+1, f)
			}
		}
	}
}

var keyValType = reflect.TypeOf(gojq.ObjectKeyVal{})

// walkKeyVals calls f on every object construction entry of the AST.
func walkKeyVals(v reflect.Value, depth int, f func(*gojq.ObjectKeyVal)) {
	if depth > 4*maxFilterDepth {
		return
	}
	switch v.Kind() {
	case reflect.Pointer, reflect.Interface:
		if !v.IsNil() {
			walkKeyVals(v.Elem(), depth+1, f)
		}
	case reflect.Slice:
		for i := 0; i < v.Len(); i++ {
			walkKeyVals(v.Index(i), depth+1, f)
		}
	case reflect.Struct:
		if v.Type() == keyValType && v.CanAddr() {
			f(v.Addr().Interface().(*gojq.ObjectKeyVal))
		}
		for i := 0; i < v.NumField(); i++ {
			if v.Type().Field(i).IsExported() {
				walkKeyVals(v.Field(i), depth+1, f)
			}
		}
	}
}

// base32Encode is @base32: the input's text, RFC 4648 with padding.
func base32Encode(v any, _ []any) any {
	s, ok := v.(string)
	if !ok {
		s = compactJSON(v)
	}
	return base32.StdEncoding.EncodeToString([]byte(s))
}

// base32Decode is jq 1.7's @base32d; padding may be left out.
func base32Decode(v any, _ []any) any {
	s, ok := v.(string)
	if !ok {
		s = compactJSON(v)
	}
	t := strings.TrimRight(s, "=")
	data, err := base32.StdEncoding.WithPadding(base32.NoPadding).DecodeString(t)
	if err != nil {
		return fmt.Errorf("%s is not valid base32 data", typeDesc(v))
	}
	return string(data)
}

// typeDesc names a value in jq's error style: string ("abc").
func typeDesc(v any) string {
	s := compactJSON(v)
	if len(s) > 11 {
		s = s[:10] + "..."
	}
	t := "null"
	switch v.(type) {
	case string:
		t = "string"
	case bool:
		t = "boolean"
	case []any:
		t = "array"
	case map[string]any:
		t = "object"
	case nil:
	default:
		t = "number"
	}
	return t + " (" + s + ")"
}

// implode is jq's: an array of code points to a string. jq 1.6 aborts on a
// code point that is not a number or out of range; jq 1.7 reports the
// first and replaces the second with U+FFFD, which is followed here.
func implode(v any, _ []any) any {
	arr, ok := v.([]any)
	if !ok {
		return errors.New("implode input must be an array")
	}
	var b strings.Builder
	for _, x := range arr {
		var n float64
		switch c := x.(type) {
		case int:
			n = float64(c)
		case float64:
			n = c
		case json.Number:
			f, err := c.Float64()
			if err != nil {
				f = math.Inf(1)
			}
			n = f
		case *big.Int:
			n = math.Inf(1)
		default:
			//lint:ignore ST1005 the text is jq's own message
			return errors.New("Unicode codepoint must be numeric")
		}
		r := rune(utf8.RuneError)
		if n >= 0 && n <= utf8.MaxRune && !(n >= 0xD800 && n <= 0xDFFF) {
			r = rune(n)
		}
		b.WriteRune(r)
	}
	return b.String()
}
