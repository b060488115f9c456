package toolcmd

import (
	"strings"
)

// namespaceHelp renders `ns --help` in the README's gh-style layout.
func namespaceHelp(ix *nsIndex, descOf func(path string) string) string {
	ns := ix.ns
	var b strings.Builder
	b.WriteString("Executor tools: " + ns + "\n\n")
	b.WriteString("USAGE\n  " + ns + " <command> [flags]\n\n")
	b.WriteString("COMMANDS\n")
	maxLen := 0
	for _, sc := range ix.subs {
		maxLen = max(maxLen, len(sc.name))
	}
	for _, sc := range ix.subs {
		pad := max(2, maxLen-len(sc.name)+4)
		line := "  " + sc.name + strings.Repeat(" ", pad) + firstLine(descOf(sc.path))
		b.WriteString(strings.TrimRight(line, " ") + "\n")
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

// paramTable lays out name, type, required/optional and description in
// aligned columns.
func paramTable(ps []param) string {
	nameW, typeW := 0, 0
	for _, p := range ps {
		nameW = max(nameW, len(p.name))
		typeW = max(typeW, len(p.typ))
	}
	var b strings.Builder
	for _, p := range ps {
		req := "optional"
		if p.required {
			req = "required"
		}
		line := "  " + pad(p.name, nameW+3) + pad(p.typ, typeW+3) + pad(req, len("optional")+2) + p.desc
		b.WriteString(strings.TrimRight(line, " ") + "\n")
	}
	return b.String()
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
		names[i] = strings.TrimPrefix(sc.name, group+".")
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
