package jq

import (
	"encoding/json"
	"errors"
	"io"

	"github.com/justbash/justbash/commands/internal/boundio"
)

// streamFrame is one open container while a value is streamed: its current
// key or index, whether it has had a member yet, and (objects) whether the
// next string token is a key.
type streamFrame struct {
	obj       bool
	key       any
	idx       int
	empty     bool
	expectKey bool
}

// streamOne reads one JSON text token by token and returns jq's --stream
// events for it: [path, leaf] for every scalar or empty container, and
// [path] with the path of the last child when a non-empty container closes.
// Reading tokens rather than a decoded value keeps object keys in input
// order (and duplicate keys), as jq's streaming parser does.
func streamOne(dec *json.Decoder) (any, error) {
	var stack []streamFrame
	var out []any
	for {
		tok, err := dec.Token()
		if err != nil {
			if err == io.EOF && len(stack) > 0 {
				return nil, io.ErrUnexpectedEOF
			}
			return nil, err
		}
		if n := len(stack); n > 0 && stack[n-1].obj && stack[n-1].expectKey {
			if d, ok := tok.(json.Delim); ok && d == '}' {
				// An empty object, or the end of a non-empty one.
			} else if k, ok := tok.(string); ok {
				stack[n-1].key, stack[n-1].empty, stack[n-1].expectKey = k, false, false
				continue
			} else {
				//lint:ignore ST1005 the text is jq's own message
				return nil, errors.New("Object keys must be strings")
			}
		}
		if d, ok := tok.(json.Delim); ok && (d == '}' || d == ']') {
			f := stack[len(stack)-1]
			if f.empty {
				stack = stack[:len(stack)-1]
				var leaf any = []any{}
				if f.obj {
					leaf = map[string]any{}
				}
				out = append(out, []any{streamPath(stack), leaf})
			} else {
				out = append(out, []any{streamPath(stack)})
				stack = stack[:len(stack)-1]
			}
			if len(stack) == 0 {
				return out, nil
			}
			stack[len(stack)-1].expectKey = stack[len(stack)-1].obj
			continue
		}
		// A value begins: an array counts it as its next element.
		if n := len(stack); n > 0 && !stack[n-1].obj {
			stack[n-1].idx++
			stack[n-1].key, stack[n-1].empty = stack[n-1].idx, false
		}
		if d, ok := tok.(json.Delim); ok {
			if len(stack) >= maxFilterDepth {
				return nil, boundio.DepthLimit(maxFilterDepth)
			}
			stack = append(stack, streamFrame{obj: d == '{', idx: -1, empty: true, expectKey: d == '{'})
			continue
		}
		out = append(out, []any{streamPath(stack), tok})
		if len(stack) == 0 {
			return out, nil
		}
		stack[len(stack)-1].expectKey = stack[len(stack)-1].obj
	}
}

// streamPath is the path to the current member of every open container.
func streamPath(stack []streamFrame) []any {
	p := make([]any, 0, len(stack))
	for _, f := range stack {
		p = append(p, f.key)
	}
	return p
}
