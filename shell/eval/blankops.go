package eval

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// Two more ${...} forms mvdan/sh's parser refuses and bash reads:
//
//   - ${x~} and ${x~~} (with an optional pattern): bash toggles the case
//     of the first (or every) matching character, as ^ and , change it.
//     They are read as ${x^} and ${x^^} with the runner told to toggle.
//   - ${!-word}, ${!:+word} and the other operators on $! (the last
//     background job's pid): the parser takes "${!" as indirection. They
//     are read as ${_-word} with the parameter renamed to "!".

// blankOpParam returns the parsed stand-in for orig and whether it toggles
// case; nil when orig is neither form.
func blankOpParam(orig string) (pe *syntax.ParamExp, text string, toggle bool) {
	if !strings.HasPrefix(orig, "${") || !strings.HasSuffix(orig, "}") {
		return nil, "", false
	}
	body := orig[2 : len(orig)-1]
	if strings.HasPrefix(body, "!") && len(body) > 1 && strings.IndexByte("-+=?:", body[1]) >= 0 {
		pe, text := parseParamText("${_" + body[1:] + "}")
		if pe == nil || pe.Exp == nil {
			return nil, "", false
		}
		pe.Param = &syntax.Lit{ValuePos: pe.Param.ValuePos, ValueEnd: pe.Param.ValueEnd, Value: "!"}
		return pe, text, false
	}
	if pe, text := countOpParam(body); pe != nil {
		return pe, text, false
	}
	i := paramNameEnd(body)
	if i == 0 || i >= len(body) || body[i] != '~' {
		return nil, "", false
	}
	op := "^"
	rest := body[i+1:]
	if strings.HasPrefix(rest, "~") {
		op, rest = "^^", rest[1:]
	}
	pe, text = parseParamText("${" + body[:i] + op + rest + "}")
	if pe == nil || pe.Exp == nil {
		return nil, "", false
	}
	return pe, text, true
}

// parseParamText parses one ${...} expansion on its own.
func parseParamText(s string) (*syntax.ParamExp, string) {
	f, s, err := parseBytes(newBashParser(), s)
	if err != nil || len(f.Stmts) != 1 {
		return nil, ""
	}
	call, ok := f.Stmts[0].Cmd.(*syntax.CallExpr)
	if !ok || len(call.Args) != 1 || len(call.Args[0].Parts) != 1 {
		return nil, ""
	}
	pe, ok := call.Args[0].Parts[0].(*syntax.ParamExp)
	if !ok {
		return nil, ""
	}
	return pe, s
}

// countOpParam reads ${##word} and ${#@op} as bash does: after "${#", a
// "#" or "@" that is not the whole rest makes "#" (the count of
// positional parameters) the parameter and starts the operator
// (subst.c: ${#-} ${##} ${#@} are lengths, ${##word} a prefix removal on
// $#). The parser takes them as lengths of a bad name.
func countOpParam(body string) (*syntax.ParamExp, string) {
	if len(body) < 3 || body[0] != '#' || (body[1] != '#' && body[1] != '@') {
		return nil, ""
	}
	pe, text := parseParamText("${_" + body[1:] + "}")
	if pe == nil || pe.Param == nil || pe.Exp == nil && pe.Repl == nil && pe.Slice == nil {
		return nil, ""
	}
	pe.Param = &syntax.Lit{ValuePos: pe.Param.ValuePos, ValueEnd: pe.Param.ValueEnd, Value: "#"}
	return pe, text
}
