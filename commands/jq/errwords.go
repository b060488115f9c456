package jq

import (
	"strings"
)

// jq16Message rewords a gojq run-time error the way jq 1.6 words the same
// failure ("Cannot iterate over null (null)" for gojq's "cannot iterate
// over: null"), from the text of gojq's message: its error types are
// unexported. A message it does not know is returned as it is.
//
// Values are shown as jq 1.6 shows them: the kind, then the compact dump
// cut to 11 bytes and "..." when longer than 14. gojq's preview is the
// start of the same dump (cut at 30 bytes), so the cut can be redone on
// it; only object keys differ, which gojq sorts.
func jq16Message(msg string) string {
	for _, r := range jq16Rules {
		if out, ok := r(msg); ok {
			return out
		}
	}
	if out, ok := jq16Inner(msg); ok {
		return out
	}
	return msg
}

// jq16Value turns gojq's "null" or "KIND (PREVIEW)" into jq 1.6's form.
func jq16Value(v string) (string, bool) {
	if v == "null" {
		return "null (null)", true
	}
	kind, rest, ok := strings.Cut(v, " (")
	if !ok || !strings.HasSuffix(rest, ")") || !jqKinds[kind] {
		return "", false
	}
	p := strings.TrimSuffix(rest, ")")
	if len(p) > 14 {
		p = p[:11] + "..."
	}
	return kind + " (" + p + ")", true
}

var jqKinds = map[string]bool{"boolean": true, "number": true, "string": true, "array": true, "object": true}

// jq16Pair splits gojq's "X and Y" of a binary operator.
func jq16Pair(s string) (string, string, bool) {
	for i := 0; ; {
		j := strings.Index(s[i:], " and ")
		if j < 0 {
			return "", "", false
		}
		l, r := s[:i+j], s[i+j+len(" and "):]
		lv, ok1 := jq16Value(l)
		rv, ok2 := jq16Value(r)
		if ok1 && ok2 {
			return lv, rv, true
		}
		i += j + 1
	}
}

// jq16Applied maps "NAME cannot be applied to: VALUE" by NAME.
var jq16Applied = map[string]string{
	"keys":           "%v has no keys",
	"length":         "%v has no length",
	"tonumber":       "%v cannot be parsed as a number",
	"sort":           "%v cannot be sorted, as it is not an array",
	"@csv":           "%v cannot be csv-formatted, only array",
	"utf8bytelength": "%v only strings have UTF-8 byte length",
	"fromjson":       "%v only strings can be parsed",
	"add":            "Cannot iterate over %v",
	"join":           "Cannot iterate over %v",
	"min":            "%v and %v cannot be iterated over",
	"max":            "%v and %v cannot be iterated over",
	"range":          "Range bounds must be numeric",
	"startswith":     "startswith() requires string inputs",
	"endswith":       "endswith() requires string inputs",
	"explode":        "explode input must be a string",
	"implode":        "implode input must be an array",
	"split":          "split input and separator must be strings",
	"ascii_downcase": "explode input must be a string", // jq 1.6 defines it on explode
	"ascii_upcase":   "explode input must be a string",
	"flatten":        "Cannot iterate over %v",
}

// jsonKind is jq's kind of a JSON text as gojq previews an argument.
func jsonKind(t string) string {
	switch {
	case t == "null":
		return "null"
	case t == "true" || t == "false":
		return "boolean"
	case strings.HasPrefix(t, `"`):
		return "string"
	case strings.HasPrefix(t, "["):
		return "array"
	case strings.HasPrefix(t, "{"):
		return "object"
	}
	return "number"
}

var jq16Binops = map[string]string{"add": "added", "subtract": "subtracted", "multiply": "multiplied", "divide": "divided"}

var jq16Rules = []func(string) (string, bool){
	func(m string) (string, bool) {
		v, ok := strings.CutPrefix(m, "cannot iterate over: ")
		if v, ok2 := jq16Value(v); ok && ok2 {
			return "Cannot iterate over " + v, true
		}
		return "", false
	},
	func(m string) (string, bool) {
		v, ok := strings.CutPrefix(m, "expected a string for object key but got: ")
		if v, ok2 := jq16Value(v); ok && ok2 {
			return "Cannot use " + v + " as object key", true
		}
		return "", false
	},
	func(m string) (string, bool) {
		v, ok := strings.CutPrefix(m, "expected an array but got: ")
		kind, _, _ := strings.Cut(v, " ")
		if ok && (jqKinds[kind] || kind == "null") {
			return "Cannot index " + kind + " with number", true
		}
		return "", false
	},
	func(m string) (string, bool) {
		name, v, ok := strings.Cut(m, " cannot be applied to: ")
		if !ok {
			return "", false
		}
		val, ok := jq16Value(v)
		if !ok {
			return "", false
		}
		base, args, _ := strings.Cut(name, "(")
		if t, ok := jq16Applied[base]; ok && base != "split" || base == "split" && args != "" && !strings.Contains(args, ";") {
			return strings.ReplaceAll(t, "%v", val), true
		}
		switch base {
		case "match", "test", "capture", "scan", "splits", "sub", "gsub":
			if !strings.HasPrefix(val, "string ") {
				return val + " cannot be matched, as it is not a string", true
			}
			// The input is a string: the regex argument is not.
			re, _, _ := strings.Cut(strings.TrimSuffix(args, ")"), "; ")
			if k := jsonKind(re); k != "string" {
				return k + " (" + re + ") is not a string", true
			}
		}
		switch {
		case strings.HasPrefix(name, "has("):
			key := "string"
			if !strings.HasPrefix(name, `has("`) {
				key = "number"
			}
			kind, _, _ := strings.Cut(val, " ")
			return "Cannot check whether " + kind + " has a " + key + " key", true
		}
		return "", false
	},
	func(m string) (string, bool) {
		rest, ok := strings.CutPrefix(m, "cannot ")
		op, pair, ok2 := strings.Cut(rest, ": ")
		verb, known := jq16Binops[op]
		if !ok || !ok2 || !known {
			return "", false
		}
		l, r, ok := jq16Pair(pair)
		if !ok {
			return "", false
		}
		return l + " and " + r + " cannot be " + verb, true
	},
	func(m string) (string, bool) {
		for op, tail := range map[string]string{"divide": "divided", "modulo": "divided (remainder)"} {
			rest, ok := strings.CutPrefix(m, "cannot "+op+" ")
			l, r, ok2 := strings.Cut(rest, " by: ")
			if !ok || !ok2 {
				continue
			}
			lv, ok1 := jq16Value(l)
			rv, ok2 := jq16Value(r)
			if ok1 && ok2 {
				return lv + " and " + rv + " cannot be " + tail + " because the divisor is zero", true
			}
		}
		return "", false
	},
}

// jq16CompileMessage words an unknown name as jq 1.6 does, with the
// (one-line) program after it: "$x is not defined at <top-level>, line
// 1:\n$x".
func jq16CompileMessage(filter, msg string) string {
	if strings.Contains(filter, "\n") {
		return msg
	}
	for _, p := range []string{"variable not defined: ", "function not defined: "} {
		if name, ok := strings.CutPrefix(msg, p); ok {
			return name + " is not defined at <top-level>, line 1:\n" + filter
		}
	}
	return msg
}

// jq16Inner maps the failure inside a wrapped one.
func jq16Inner(m string) (string, bool) {
	// NAME(ARGS) cannot be applied to VALUE: INNER, as getpath reports
	// a failure inside: jq 1.6 shows only the inner one.
	_, rest, ok := strings.Cut(m, " cannot be applied to ")
	if !ok || strings.HasPrefix(rest, ": ") {
		return "", false
	}
	for i := 0; i < len(rest); i++ {
		if j := strings.Index(rest[i:], ": "); j >= 0 {
			i += j
			inner := rest[i+2:]
			if out := jq16Message(inner); out != inner {
				return out, true
			}
			continue
		}
		break
	}
	return "", false
}
