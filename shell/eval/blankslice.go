package eval

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// blankSliceParam handles ${x: } ${x::} ${x:0: } and the like, which
// mvdan/sh refuses: bash takes a blank offset or length of a substring
// expansion as 0 (only ${x:} with nothing after the colon is a bad
// substitution). It returns the expansion rewritten with 0 in the blank
// parts, parsed, and its text; nil when orig is not such a slice.
func blankSliceParam(orig string) (*syntax.ParamExp, string) {
	if !strings.HasPrefix(orig, "${") || !strings.HasSuffix(orig, "}") {
		return nil, ""
	}
	body := orig[2 : len(orig)-1]
	i := paramNameEnd(body)
	if i == 0 || i >= len(body) || body[i] != ':' {
		return nil, ""
	}
	name, rest := body[:i], body[i+1:]
	if rest == "" || strings.ContainsAny(rest[:1], "-=?+") || strings.ContainsAny(rest, "?{}$`'\"\\\n") {
		return nil, ""
	}
	parts := strings.Split(rest, ":")
	if len(parts) > 2 {
		return nil, ""
	}
	for k, s := range parts {
		if strings.TrimSpace(s) == "" {
			parts[k] = "0"
		}
	}
	fixed := "${" + name + ":" + strings.Join(parts, ":") + "}"
	f, fixed, err := parseBytes(newBashParser(), fixed)
	if err != nil || len(f.Stmts) != 1 {
		return nil, ""
	}
	call, ok := f.Stmts[0].Cmd.(*syntax.CallExpr)
	if !ok || len(call.Args) != 1 || len(call.Args[0].Parts) != 1 {
		return nil, ""
	}
	pe, ok := call.Args[0].Parts[0].(*syntax.ParamExp)
	if !ok || pe.Slice == nil {
		return nil, ""
	}
	return pe, fixed
}

// paramNameEnd is the length of the parameter name (with any [subscript])
// at the start of body, or 0.
func paramNameEnd(body string) int {
	i := 0
	switch {
	case body == "":
		return 0
	case isNameStart(body[0]):
		for i < len(body) && (isNameStart(body[i]) || body[i] >= '0' && body[i] <= '9') {
			i++
		}
	case body[0] >= '0' && body[0] <= '9':
		for i < len(body) && body[i] >= '0' && body[i] <= '9' {
			i++
		}
	case strings.IndexByte("@*#?-$!", body[0]) >= 0:
		i = 1
	default:
		return 0
	}
	if i < len(body) && body[i] == '[' {
		end := strings.IndexByte(body[i:], ']')
		if end < 0 {
			return 0
		}
		i += end + 1
	}
	return i
}

func isNameStart(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}

// expandBlankSlice expands a rewritten slice (see blankSliceParam) with
// its own text as the source its nodes point into.
func (r *Runner) expandBlankSlice(b *fieldBuf, pe *syntax.ParamExp, text string, quoted bool) bool {
	saved := r.src
	tmp := source{text: text}
	if saved != nil {
		tmp.file, tmp.lineBase = saved.file, saved.lineBase
	}
	r.src = &tmp
	defer func() { r.src = saved }()
	return r.paramInto(b, pe, quoted)
}
