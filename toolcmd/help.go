package toolcmd

import (
	"fmt"
	"strings"
)

// maxListed is how many subcommands `ns --help` lists one by one; a
// larger namespace (GitHub's 1,200 operations) is shown by group.
const maxListed = 60

// writeGroups lists a large namespace's groups (the first dotted word
// of its subcommands) with their sizes; `ns <group> --help` lists one.
func writeGroups(b *strings.Builder, ix *nsIndex) {
	counts := map[string]int{}
	var order []string
	for _, sc := range ix.subs {
		g, _, dotted := strings.Cut(sc.name, ".")
		if !dotted {
			g, _, _ = strings.Cut(sc.name, "-") // flattened: repos-get
		}
		if counts[g] == 0 {
			order = append(order, g)
		}
		counts[g]++
	}
	w := 0
	for _, g := range order {
		w = max(w, min(len(g), 40))
	}
	b.WriteString("GROUPS\n")
	for _, g := range order {
		n := "1 command"
		if counts[g] > 1 {
			n = fmt.Sprintf("%d commands", counts[g])
		}
		b.WriteString("  " + pad(g, w+2) + n + "\n")
	}
	b.WriteString("\n  " + ix.ns + " <group> --help lists a group's commands\n")
}

// namespaceHelp renders `ns --help` in the README's gh-style layout.
func namespaceHelp(ix *nsIndex, descOf func(path string) string) string {
	ns := ix.ns
	var b strings.Builder
	b.WriteString("Executor tools: " + ns + "\n\n")
	b.WriteString("USAGE\n  " + ns + " <command> [flags]\n\n")
	if len(ix.subs) > maxListed {
		writeGroups(&b, ix)
	} else {
		b.WriteString("COMMANDS\n")
		maxLen := 0
		for _, sc := range ix.subs {
			maxLen = max(maxLen, min(len(sc.name), 40))
		}
		for _, sc := range ix.subs {
			pad := max(2, maxLen-len(sc.name)+4)
			line := "  " + sc.name + strings.Repeat(" ", pad) + summary(descOf(sc.path), 100)
			b.WriteString(strings.TrimRight(line, " ") + "\n")
		}
	}
	b.WriteString("\nEXAMPLES\n")
	if len(ix.subs) > 0 {
		b.WriteString("  " + ns + " " + ix.subs[0].name + " key=value\n")
	}
	if len(ix.subs) > 1 {
		b.WriteString("  " + ns + " " + ix.subs[1].name + " --key value\n")
	}
	b.WriteString("\nLEARN MORE\n  " + ns + " <command> --help\n")
	return b.String()
}

// subcommandHelp renders `ns sub --help`: the README's layout plus a
// PARAMETERS section when the tool has an input schema.
func subcommandHelp(ns, sub string, e *entry) string {
	cmd := ns + " " + sub
	desc := strings.TrimSpace(e.tool.Description)
	if desc == "" {
		desc = e.tool.Path
	}
	var b strings.Builder
	b.WriteString(desc + "\n\n")
	b.WriteString("USAGE\n")
	b.WriteString("  " + cmd + " [key=value ...]\n")
	b.WriteString("  " + cmd + " [--key value ...]\n")
	b.WriteString("  " + cmd + " --json '{...}'\n")
	b.WriteString("  <stdin> | " + cmd + "\n\n")
	if ps := e.in().params(); len(ps) > 0 {
		b.WriteString("PARAMETERS\n")
		b.WriteString(paramTable(ps))
		b.WriteString("\n")
	}
	b.WriteString("FLAGS\n")
	b.WriteString("  --json string    Pass all arguments as a JSON object\n")
	b.WriteString("  --help           Show this help\n\n")
	b.WriteString("EXAMPLES\n")
	b.WriteString("  " + cmd + " key=value\n")
	b.WriteString("  " + cmd + " --key value\n")
	b.WriteString("  " + cmd + " --json '{\"key\":\"value\"}'\n")
	b.WriteString("  echo '{\"key\":\"value\"}' | " + cmd + "\n")
	b.WriteString("  " + cmd + " key=value | jq -r .field\n")
	return b.String()
}

// Column widths of the parameter table: long names overflow, long types
// wrap onto continuation lines, descriptions are cut to one line.
const (
	maxNameCol = 28
	maxTypeCol = 32
	maxDescCol = 72
)

// paramTable lays out name, type, required/optional and description
// (with the default, when the schema has one) in aligned columns.
func paramTable(ps []param) string {
	nameW, typeW := 0, 0
	for _, p := range ps {
		nameW = max(nameW, min(len(p.name), maxNameCol))
		typeW = max(typeW, min(len(p.typ), maxTypeCol))
	}
	var b strings.Builder
	for _, p := range ps {
		req := "optional"
		if p.required {
			req = "required"
		}
		desc := summary(p.desc, maxDescCol)
		if p.def != "" {
			desc = strings.TrimSpace(desc + " (default: " + p.def + ")")
		}
		types := wrapWords(p.typ, typeW)
		line := "  " + pad(p.name, nameW+3) + pad(types[0], typeW+3) + pad(req, len("optional")+2) + desc
		b.WriteString(strings.TrimRight(line, " ") + "\n")
		for _, t := range types[1:] {
			b.WriteString(strings.TrimRight("  "+strings.Repeat(" ", nameW+3)+t, " ") + "\n")
		}
	}
	return b.String()
}

// wrapWords fills lines of at most width bytes with whole words (a word
// longer than width gets a line of its own).
func wrapWords(s string, width int) []string {
	var lines []string
	cur := ""
	for _, w := range strings.Fields(s) {
		switch {
		case cur == "":
			cur = w
		case len(cur)+1+len(w) <= width:
			cur += " " + w
		default:
			lines = append(lines, cur)
			cur = w
		}
	}
	return append(lines, cur)
}

func pad(s string, w int) string {
	if len(s) >= w {
		return s + " "
	}
	return s + strings.Repeat(" ", w-len(s))
}

// groupHelp renders `ns group --help`: the group's subcommands with
// one-line summaries, named as they are typed after the group.
func groupHelp(ns, group string, subs []subcmd, descOf func(path string) string) string {
	var b strings.Builder
	b.WriteString("Executor tools: " + ns + " " + group + "\n\n")
	b.WriteString("USAGE\n  " + ns + " " + group + " <command> [flags]\n\n")
	b.WriteString("COMMANDS\n")
	names := make([]string, len(subs))
	w := 0
	for i, sc := range subs {
		names[i] = sc.name
		for _, sep := range []string{".", "-"} {
			if strings.HasPrefix(sc.name, group+sep) {
				names[i] = strings.TrimPrefix(sc.name, group+sep)
				break
			}
		}
		w = max(w, len(names[i]))
	}
	w = min(w, 40)
	for i, sc := range subs {
		line := "  " + pad(names[i], w+2) + summary(descOf(sc.path), 100)
		b.WriteString(strings.TrimRight(line, " ") + "\n")
	}
	b.WriteString("\nLEARN MORE\n  " + ns + " " + group + " <command> --help\n")
	return b.String()
}

// summary is the first line of a description, cut at width runes.
func summary(desc string, width int) string {
	s := firstLine(desc)
	if r := []rune(s); len(r) > width {
		s = strings.TrimRight(string(r[:width-1]), " ") + "…"
	}
	return s
}
