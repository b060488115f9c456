package jq

import (
	"reflect"
	"strconv"

	"github.com/itchyny/gojq"
	"github.com/justbash/justbash/commands/internal/boundio"
)

// maxFilterDepth bounds how deeply a filter may nest brackets. gojq parses
// and compiles recursively, so a filter of a million "[" would exhaust the
// Go stack (a crash no recover can catch) before any limit is seen. The
// same bound as encoding/json's input nesting, which jq's input uses.
const maxFilterDepth = 10000

// filterDepth is the deepest bracket nesting of a filter, skipping string
// literals (string interpolation "\(...)" is counted, which only
// over-estimates).
func filterDepth(s string) int {
	depth, deepest := 0, 0
	inStr := false
	for i := 0; i < len(s); i++ {
		ch := s[i]
		if inStr {
			switch ch {
			case '\\':
				if i+1 < len(s) && s[i+1] == '(' {
					depth++
					deepest = max(deepest, depth)
				}
				i++
			case '"':
				inStr = false
			}
			continue
		}
		switch ch {
		case '"':
			inStr = true
		case '(', '[', '{':
			depth++
			deepest = max(deepest, depth)
		case ')', ']', '}':
			depth--
		case '#':
			for i < len(s) && s[i] != '\n' {
				i++
			}
		}
	}
	return deepest
}

// checkFilterDepth fails before parsing a filter nested too deeply.
func checkFilterDepth(filter string) error {
	if filterDepth(filter) > maxFilterDepth {
		return boundio.DepthLimit(maxFilterDepth)
	}
	return nil
}

// updateOps are the operators whose left side is a path that gojq extends
// to the index it names, allocating the whole array at once.
var updateOps = map[gojq.Operator]bool{
	gojq.OpAssign: true, gojq.OpModify: true, gojq.OpUpdateAdd: true,
	gojq.OpUpdateSub: true, gojq.OpUpdateMul: true, gojq.OpUpdateDiv: true,
	gojq.OpUpdateMod: true, gojq.OpUpdateAlt: true,
}

// checkIndexes refuses, before running, a filter that assigns at a literal
// array index so large that the array would pass the string limit
// (`.[300000000] = 1` makes gojq allocate 300 million slots, 4.8 GB, in
// one step that no watchdog can interrupt). An element costs 16 bytes.
// Computed indexes are not seen here; the heap watchdog is their guard.
func checkIndexes(q *gojq.Query, maxBytes int64) error {
	maxIndex := maxBytes / 16
	w := &indexWalker{max: maxIndex}
	w.walk(reflect.ValueOf(q), false, 0)
	if w.found {
		return boundio.StringLimit(maxBytes)
	}
	return nil
}

type indexWalker struct {
	max   int64
	found bool
}

var (
	queryType = reflect.TypeOf(gojq.Query{})
	termType  = reflect.TypeOf(gojq.Term{})
	funcType  = reflect.TypeOf(gojq.Func{})
)

// walk visits the AST generically (it has many node types); update is set
// below the left side of an update operator and setpath's path argument.
// depth is bounded because the filter's nesting was checked first.
func (w *indexWalker) walk(v reflect.Value, update bool, depth int) {
	if w.found || depth > 4*maxFilterDepth {
		return
	}
	switch v.Kind() {
	case reflect.Pointer, reflect.Interface:
		if !v.IsNil() {
			w.walk(v.Elem(), update, depth+1)
		}
	case reflect.Slice:
		for i := 0; i < v.Len(); i++ {
			w.walk(v.Index(i), update, depth+1)
		}
	case reflect.Struct:
		switch v.Type() {
		case queryType:
			q := v.Addr().Interface().(*gojq.Query)
			if updateOps[q.Op] {
				w.walk(reflect.ValueOf(q.Left), true, depth+1)
				w.walk(reflect.ValueOf(q.Right), update, depth+1)
				w.walk(reflect.ValueOf(q.FuncDefs), update, depth+1)
				w.walk(reflect.ValueOf(q.Term), update, depth+1)
				return
			}
		case termType:
			t := v.Addr().Interface().(*gojq.Term)
			if update && t.Type == gojq.TermTypeNumber {
				if n, err := strconv.ParseFloat(t.Number, 64); err == nil && n > float64(w.max) {
					w.found = true
					return
				}
			}
		case funcType:
			f := v.Addr().Interface().(*gojq.Func)
			if f.Name == "setpath" && len(f.Args) == 2 {
				w.walk(reflect.ValueOf(f.Args[0]), true, depth+1)
				w.walk(reflect.ValueOf(f.Args[1]), update, depth+1)
				return
			}
		}
		for i := 0; i < v.NumField(); i++ {
			if v.Type().Field(i).IsExported() {
				w.walk(v.Field(i), update, depth+1)
			}
		}
	}
}
