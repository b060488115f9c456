package shell

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/syntax"
)

// declare -p without names (optionally with -a -A -n -r -x as filters),
// export -p and readonly -p list variables in bash's declare format;
// interp prints nothing for them. rewriteDeclFunc turns such clauses into
// a call of declPCmd.

const declPCmd = "__justbash_declp"

// declPWords returns the call words for a listing clause, or nil.
func declPWords(d *syntax.DeclClause) []string {
	var flags []string
	for _, a := range d.Args {
		if !a.Naked || a.Name != nil || a.Value == nil {
			return nil
		}
		lit := a.Value.Lit()
		if !strings.HasPrefix(lit, "-") {
			return nil
		}
		flags = append(flags, lit)
	}
	joined := strings.Join(flags, "")
	if !strings.Contains(joined, "p") || strings.ContainsAny(joined, "fF") {
		return nil
	}
	switch d.Variant.Value {
	case "declare", "typeset":
	case "export":
		flags = append(flags, "-x")
	case "readonly":
		flags = append(flags, "-r")
	default:
		return nil
	}
	return flags
}

// declPListing prints the variables that have every attribute in flags.
func declPListing(env expand.Environ, flags []string) string {
	want := ""
	for _, f := range flags {
		want += strings.Trim(f, "-p")
	}
	type entry struct{ name, text string }
	var out []entry
	env.Each(func(name string, vr expand.Variable) bool {
		if strings.HasPrefix(name, "__JUSTBASH") || !syntax.ValidName(name) {
			return true
		}
		attrs := declAttrs(vr)
		for _, c := range want {
			if !strings.ContainsRune(attrs, c) {
				return true
			}
		}
		out = append(out, entry{name, declLine(name, vr, attrs)})
		return true
	})
	slices.SortFunc(out, func(a, b entry) int { return strings.Compare(a.name, b.name) })
	var sb strings.Builder
	for _, e := range out {
		sb.WriteString(e.text + "\n")
	}
	return sb.String()
}

func declAttrs(vr expand.Variable) string {
	var sb strings.Builder
	switch vr.Kind {
	case expand.Indexed:
		sb.WriteByte('a')
	case expand.Associative:
		sb.WriteByte('A')
	case expand.NameRef:
		sb.WriteByte('n')
	}
	if vr.ReadOnly {
		sb.WriteByte('r')
	}
	if vr.Exported {
		sb.WriteByte('x')
	}
	return sb.String()
}

// declLine is one line of declare -p.
func declLine(name string, vr expand.Variable, attrs string) string {
	if attrs == "" {
		attrs = "-"
	}
	head := "declare -" + attrs + " " + name
	switch vr.Kind {
	case expand.Indexed:
		var parts []string
		for i, v := range vr.List {
			idx := i
			if len(vr.Indexes) == len(vr.List) {
				idx = vr.Indexes[i]
			}
			parts = append(parts, fmt.Sprintf("[%d]=%s", idx, dqValue(v)))
		}
		return head + "=(" + strings.Join(parts, " ") + ")"
	case expand.Associative:
		var sb strings.Builder
		for _, k := range slices.Sorted(maps.Keys(vr.Map)) {
			key := k
			if !isPlainWord(k) {
				key = dqValue(k)
			}
			fmt.Fprintf(&sb, "[%s]=%s ", key, dqValue(vr.Map[k]))
		}
		return head + "=(" + sb.String() + ")"
	}
	if !vr.IsSet() {
		return head
	}
	return head + "=" + dqValue(vr.Str)
}
