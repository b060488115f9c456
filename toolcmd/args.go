package toolcmd

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
)

// usageError is a command-line mistake (exit status 2); other parse errors
// are bad values (exit status 1).
type usageError struct{ msg string }

func (e *usageError) Error() string { return e.msg }

// ParseArgs builds the JSON arguments object of one tool call from the
// command-line words after the subcommand and the piped stdin, following
// the README's modes and precedence (flags > --json > stdin):
//
//	key=value  --key value  --key=value  --flag (→ true)  --json '{…}'  '{…}'
//
// Values go through JSON parsing first (2, true, [1,2], {"k":1}) and fall
// back to the raw string. stdin counts only when it holds a JSON object.
// The result is empty when nothing was given (the tool sees "undefined").
func ParseArgs(argv []string, stdin []byte) (json.RawMessage, error) {
	return parseArgs(argv, stdin, nil)
}

// parseArgs is ParseArgs with the tool's input schema, which refines the
// parse: a parameter typed string keeps its text (zip=02134, name=true),
// and --dry-run reaches a parameter spelled dryRun or dry_run.
func parseArgs(argv []string, stdin []byte, si *schemaInfo) (json.RawMessage, error) {
	obj := map[string]json.RawMessage{}
	given := false
	if m, ok := jsonObject(stdin); ok {
		for k, v := range m {
			obj[k] = v
		}
		given = true
	} else if name := si.rawBodyParam(); name != "" && len(stdin) > 0 {
		// Text piped to a tool whose body is text or bytes (an OpenAPI
		// text/plain or octet-stream body) is that body, as it is.
		b, _ := json.Marshal(string(stdin))
		obj[name] = b
		given = true
	}
	rest, jsonVals, err := extractJSONFlags(argv)
	if err != nil {
		return nil, err
	}
	for _, jv := range jsonVals {
		m, ok := jsonObject([]byte(jv))
		if !ok {
			//lint:ignore ST1005 the message is shown to users as just-bash words it
			return nil, fmt.Errorf("Invalid --json value: %s", jsonObjectProblem(jv))
		}
		for k, v := range m {
			obj[k] = v
		}
		given = true
	}
	set := func(key, val string, raw bool) {
		name, ps := si.property(key)
		switch {
		case raw:
			obj[name] = json.RawMessage(val)
		default:
			obj[name] = coerce(val, isStringOnly(ps))
		}
		given = true
	}
	for i := 0; i < len(rest); i++ {
		a := rest[i]
		switch {
		case a == "--":
			continue
		case strings.HasPrefix(a, "--"):
			key, val, hasVal := strings.Cut(a[2:], "=")
			if key == "" {
				return nil, &usageError{fmt.Sprintf("invalid flag %q", a)}
			}
			switch {
			case hasVal:
				set(key, val, false)
			case i+1 < len(rest) && !strings.HasPrefix(rest[i+1], "--") && takesValue(si, key, rest[i+1]):
				set(key, rest[i+1], false)
				i++
			default:
				set(key, "true", true)
			}
		case strings.HasPrefix(strings.TrimSpace(a), "{"):
			m, ok := jsonObject([]byte(a))
			if !ok {
				return nil, fmt.Errorf("invalid JSON argument: %s", jsonObjectProblem(a))
			}
			for k, v := range m {
				obj[k] = v
			}
			given = true
		default:
			key, val, ok := strings.Cut(a, "=")
			if !ok || key == "" {
				return nil, &usageError{fmt.Sprintf("unexpected argument %q (use key=value, --key value or --json '{...}')", a)}
			}
			set(key, val, false)
		}
	}
	if !given {
		return nil, nil
	}
	return marshalArgs(obj)
}

// takesValue reports whether `--key next` uses next as the value. Without
// a schema it always does (the README's rule); a parameter that is only
// boolean takes just true/false, so `--dry-run limit=5` stays a bare flag.
func takesValue(si *schemaInfo, key, next string) bool {
	_, ps := si.property(key)
	if ps == nil {
		return true
	}
	types := schemaTypes(ps)
	if len(types) == 1 && types[0] == "boolean" {
		return next == "true" || next == "false"
	}
	return true
}

// extractJSONFlags pulls out every --json VALUE / --json=VALUE.
func extractJSONFlags(argv []string) (rest, vals []string, err error) {
	for i := 0; i < len(argv); i++ {
		a := argv[i]
		switch {
		case a == "--json":
			if i+1 >= len(argv) {
				return nil, nil, &usageError{"flag needs an argument: --json"}
			}
			vals = append(vals, argv[i+1])
			i++
		case strings.HasPrefix(a, "--json="):
			vals = append(vals, a[len("--json="):])
		default:
			rest = append(rest, a)
		}
	}
	return rest, vals, nil
}

// coerce is JSON.parse with a string fallback; "" stays "".
func coerce(s string, stringOnly bool) json.RawMessage {
	t := strings.TrimSpace(s)
	if !stringOnly && t != "" && json.Valid([]byte(t)) {
		return json.RawMessage(t)
	}
	b, _ := marshalResult(s)
	return b
}

func jsonObject(b []byte) (map[string]json.RawMessage, bool) {
	b = bytes.TrimSpace(b)
	if len(b) == 0 || b[0] != '{' {
		return nil, false
	}
	var m map[string]json.RawMessage
	if json.Unmarshal(b, &m) != nil {
		return nil, false
	}
	return m, true
}

func jsonObjectProblem(s string) string {
	var v any
	if err := json.Unmarshal([]byte(s), &v); err != nil {
		return err.Error()
	}
	return "--json must be a JSON object"
}

func marshalArgs(obj map[string]json.RawMessage) (json.RawMessage, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(obj); err != nil {
		return nil, err
	}
	return bytes.TrimRight(buf.Bytes(), "\n"), nil
}

// rawBodyParam names the one top-level parameter that takes raw content
// (a schema with contentMediaType), "" when there is none or several.
func (si *schemaInfo) rawBodyParam() string {
	if si == nil || si.s == nil {
		return ""
	}
	name := ""
	for k, ps := range si.s.Properties {
		if ps != nil && ps.ContentMediaType != "" {
			if name != "" {
				return ""
			}
			name = k
		}
	}
	return name
}
