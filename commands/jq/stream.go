package jq

import "sort"

// streamEvents turns a parsed value into jq's --stream events:
// [path, leaf] for every scalar or empty container, and [path] with the
// path of the last child when a non-empty container closes.
func streamEvents(v any) []any {
	var out []any
	walkStream(nil, v, &out)
	return out
}

func walkStream(path []any, v any, out *[]any) {
	switch x := v.(type) {
	case []any:
		if len(x) == 0 {
			break
		}
		for i, c := range x {
			walkStream(appendPath(path, i), c, out)
		}
		*out = append(*out, []any{appendPath(path, len(x)-1)})
		return
	case map[string]any:
		if len(x) == 0 {
			break
		}
		keys := make([]string, 0, len(x))
		for k := range x {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			walkStream(appendPath(path, k), x[k], out)
		}
		*out = append(*out, []any{appendPath(path, keys[len(keys)-1])})
		return
	}
	*out = append(*out, []any{appendPath(path, nil)[:len(path)], v})
}

// appendPath copies so sibling events never share a backing array. A nil
// key is a request for a plain copy.
func appendPath(path []any, k any) []any {
	p := make([]any, len(path), len(path)+1)
	copy(p, path)
	if k == nil {
		return p
	}
	return append(p, k)
}
