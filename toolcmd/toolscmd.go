package toolcmd

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/justbash/justbash/commands"
)

// ToolsCommand returns the `tools` discovery command:
//
//	tools list [NAMESPACE]   tools search QUERY   tools describe PATH
//
// Each accepts --json for machine-readable output.
func ToolsCommand(inv *Invoker) commands.Command { return &toolsCommand{inv: inv} }

type toolsCommand struct{ inv *Invoker }

const toolsHelp = `Discover the tools available as commands

USAGE
  tools <command> [flags]

COMMANDS
  list        List tools, all or in one namespace
  search      Find tools by words of their name and description
  describe    Show a tool's description, JSON Schema and TypeScript signature

FLAGS
  --json    Print JSON instead of text
  --help    Show this help

EXAMPLES
  tools list
  tools list math
  tools search add numbers
  tools describe math.add

LEARN MORE
  tools <command> --help
`

// toolsSubHelp is a function, not a package-level map that every start of
// the binary would build (issue 15).
func toolsSubHelp(sub string) (string, bool) {
	switch sub {
	case "list":
		return "List tools, all or in one namespace\n\nUSAGE\n  tools list [namespace] [--json]\n", true
	case "search":
		return "Find tools by words of their name and description, best match first\n\nUSAGE\n  tools search QUERY... [--json]\n", true
	case "describe":
		return "Show a tool's description, parameters, a JavaScript call and TypeScript signature\n(--full: the whole description, every type and the JSON Schemas)\n\nUSAGE\n  tools describe PATH [--full] [--json]\n  tools describe NAMESPACE SUBCOMMAND [--full] [--json]\n", true
	}
	return "", false
}

func (t *toolsCommand) Run(ctx context.Context, c *commands.Context) (status int) {
	guardStreams(c)
	defer func() {
		if p := recover(); p != nil {
			fmt.Fprintf(c.Stderr, "tools: internal error: %v\n", p)
			status = 2
		}
	}()
	var args []string
	if len(c.Args) > 1 {
		args = c.Args[1:]
	}
	if len(args) == 0 || args[0] == "--help" || args[0] == "-h" {
		io.WriteString(c.Stdout, toolsHelp)
		return 0
	}
	sub, rest := args[0], args[1:]
	help, asJSON, full := false, false, false
	var words []string
	for _, a := range rest {
		switch a {
		case "--help", "-h":
			help = true
		case "--json":
			asJSON = true
		case "--full":
			full = true
		default:
			words = append(words, a)
		}
	}
	if h, ok := toolsSubHelp(sub); ok && help {
		io.WriteString(c.Stdout, h)
		return 0
	}
	reg := registryOf(t.inv)
	switch sub {
	case "list":
		return t.list(c, reg, words, asJSON)
	case "search":
		return t.search(c, reg, words, asJSON)
	case "describe":
		return t.describe(c, reg, words, asJSON, full)
	}
	fmt.Fprintf(c.Stderr, "tools: unknown command %q\nRun 'tools --help' for usage.\n", sub)
	return 1
}

func (t *toolsCommand) list(c *commands.Context, reg *Registry, args []string, asJSON bool) int {
	if len(args) > 1 {
		fmt.Fprintf(c.Stderr, "tools: list: too many arguments\n")
		return 2
	}
	tools := reg.List()
	if len(args) == 1 {
		ns := args[0]
		var in []Tool
		for _, tl := range tools {
			if n, _, _ := SplitPath(tl.Path); n == ns {
				in = append(in, tl)
			}
		}
		if len(in) == 0 {
			fmt.Fprintf(c.Stderr, "tools: list: no tools in namespace %q\n", ns)
			return 1
		}
		tools = in
	}
	return printTools(c, tools, nil, asJSON)
}

func (t *toolsCommand) search(c *commands.Context, reg *Registry, args []string, asJSON bool) int {
	q := strings.Join(args, " ")
	if strings.TrimSpace(q) == "" {
		fmt.Fprintf(c.Stderr, "tools: search: missing query\n")
		return 2
	}
	ms := reg.Search(q)
	if len(ms) == 0 {
		if asJSON {
			io.WriteString(c.Stdout, "[]\n")
		}
		fmt.Fprintf(c.Stderr, "tools: search: no tools match %q\n", q)
		return 1
	}
	tools := make([]Tool, len(ms))
	scores := make([]int, len(ms))
	for i, m := range ms {
		tools[i], scores[i] = m.Tool, m.Score
	}
	return printTools(c, tools, scores, asJSON)
}

// commandLine is how a tool is typed in the shell ("" when it has no
// namespace and so no command).
func commandLine(path string) string {
	ns, rest, ok := SplitPath(path)
	if !ok {
		return ""
	}
	return ns + " " + KebabCase(rest)
}

// maxPathCol caps the path column of list and search output; a longer
// path pushes its own summary right rather than every row's.
const maxPathCol = 48

type toolSummary struct {
	Path        string `json:"path"`
	Command     string `json:"command,omitempty"`
	Description string `json:"description,omitempty"`
	Source      string `json:"source"`
	Score       int    `json:"score,omitempty"`
}

func printTools(c *commands.Context, tools []Tool, scores []int, asJSON bool) int {
	if asJSON {
		sums := make([]toolSummary, len(tools))
		for i, tl := range tools {
			sums[i] = toolSummary{Path: tl.Path, Command: commandLine(tl.Path), Description: firstLine(tl.Description), Source: sourceText(tl.Source)}
			if scores != nil {
				sums[i].Score = scores[i]
			}
		}
		return writeJSON(c, sums, false)
	}
	w := 0
	for _, tl := range tools {
		w = max(w, min(len(tl.Path), maxPathCol))
	}
	var b strings.Builder
	for _, tl := range tools {
		line := tl.Path + strings.Repeat(" ", max(w-len(tl.Path), 0)+4) + summary(tl.Description, 100)
		b.WriteString(strings.TrimRight(line, " ") + "\n")
	}
	io.WriteString(c.Stdout, b.String())
	return 0
}

func sourceText(s Source) string {
	k := string(s.Kind)
	if k == "" {
		k = string(SourceInline)
	}
	if s.Name != "" {
		return k + ":" + s.Name
	}
	return k
}

func writeJSON(c *commands.Context, v any, indent bool) int {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if indent {
		enc.SetIndent("", "  ")
	}
	if err := enc.Encode(v); err != nil {
		fmt.Fprintf(c.Stderr, "tools: %v\n", err)
		return 1
	}
	c.Stdout.Write(buf.Bytes())
	return 0
}
