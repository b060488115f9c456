package toolcmd

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"io/fs"
	"strings"

	"github.com/justbash/justbash/commands"
)

// maxStdin bounds how much piped input one call reads.
const maxStdin = 64 << 20

// NamespaceCommand returns the bash command for namespace ns. It resolves
// subcommands from the registry at every run, so tools added later appear
// without rebuilding the command.
//
// Subcommands are the rest of the tool path, kebab-cased, with the original
// spelling as an alias. Deeper paths keep their dots (`a b.c-d` for tool
// a.b.cD); the words may also be given separately (`a b c-d`).
func NamespaceCommand(inv *Invoker, ns string) commands.Command {
	return &nsCommand{inv: inv, ns: ns}
}

type nsCommand struct {
	inv *Invoker
	ns  string
}

// Commands returns one command per current namespace plus the `tools`
// discovery command, keyed by command name. The map is a snapshot of the
// namespaces; each command reads the registry when it runs.
func Commands(inv *Invoker) map[string]commands.Command {
	out := map[string]commands.Command{ReservedNamespace: ToolsCommand(inv)}
	if inv == nil || inv.Registry == nil {
		return out
	}
	for _, ns := range inv.Registry.Namespaces() {
		out[ns] = NamespaceCommand(inv, ns)
	}
	return out
}

func (n *nsCommand) Run(ctx context.Context, c *commands.Context) (status int) {
	guardStreams(c)
	defer func() {
		if p := recover(); p != nil {
			fmt.Fprintf(c.Stderr, "%s: internal error: %v\n", n.ns, p)
			status = 2
		}
	}()
	var args []string
	if len(c.Args) > 1 {
		args = c.Args[1:]
	}
	reg := registryOf(n.inv)
	ix := reg.index(n.ns)
	if len(args) == 0 || len(args) == 1 && (args[0] == "--help" || args[0] == "-h") {
		io.WriteString(c.Stdout, namespaceHelp(ix, func(p string) string {
			if e := reg.get(p); e != nil {
				return e.tool.Description
			}
			return ""
		}))
		return 0
	}
	sc, rest, ok := resolveSub(ix, args)
	if !ok {
		if g, subs := ix.group(args); subs != nil {
			io.WriteString(c.Stdout, groupHelp(n.ns, g, subs, func(p string) string {
				if e := reg.get(p); e != nil {
					return e.tool.Description
				}
				return ""
			}))
			return 0
		}
		fmt.Fprintf(c.Stderr, "%s: unknown command %q\nRun '%s --help' for usage.\n", n.ns, args[0], n.ns)
		return 1
	}
	e := reg.get(sc.path)
	if e == nil {
		fmt.Fprintf(c.Stderr, "%s: unknown command %q\nRun '%s --help' for usage.\n", n.ns, args[0], n.ns)
		return 1
	}
	for _, a := range rest {
		if a == "--help" {
			io.WriteString(c.Stdout, subcommandHelp(n.ns, sc.name, e))
			return 0
		}
	}
	return n.call(ctx, c, sc, e, rest)
}

func (n *nsCommand) call(ctx context.Context, c *commands.Context, sc subcmd, e *entry, rest []string) int {
	stdin, err := readStdin(ctx, c.Stdin)
	if err != nil {
		fmt.Fprintf(c.Stderr, "%s: %s: reading stdin: %v\n", n.ns, sc.name, err)
		return 1
	}
	rest, include := includeFlag(rest, e.in())
	if include {
		ctx = WithResponse(ctx)
	}
	argsJSON, err := parseArgs(rest, stdin, e.in())
	if err != nil {
		fmt.Fprintf(c.Stderr, "%s: %s: %s\n", n.ns, sc.name, err)
		if _, ok := err.(*usageError); ok {
			return 2
		}
		return 1
	}
	out, err := n.inv.invokeEntry(ctx, e, argsJSON)
	if err != nil {
		fmt.Fprintf(c.Stderr, "%s: %s: %s\n", n.ns, sc.name, errText(err))
		return 1
	}
	if len(out) == 0 {
		return 0
	}
	line := compactLine(out)
	buf := make([]byte, 0, len(line)+1)
	buf = append(append(buf, line...), '\n')
	if _, err := c.Stdout.Write(buf); err != nil {
		return 1
	}
	return 0
}

// guardStreams gives a context built without streams somewhere harmless
// to read from and write to, so a caller's omission cannot panic.
func guardStreams(c *commands.Context) {
	if c.Stdout == nil {
		c.Stdout = io.Discard
	}
	if c.Stderr == nil {
		c.Stderr = io.Discard
	}
}

// registryOf tolerates an Invoker without a registry (every tool unknown).
func registryOf(inv *Invoker) *Registry {
	if inv == nil || inv.Registry == nil {
		return NewRegistry()
	}
	return inv.Registry
}

// resolveSub finds the subcommand named by the first words: the first word
// alone (kebab name, alias, or dotted remainder), or several words joined
// with dots for deeper paths.
// Words are joined with dots (deeper paths) or, for flattened names
// (pets-get-pet), with dashes.
func resolveSub(ix *nsIndex, args []string) (subcmd, []string, bool) {
	dotted, dashed := args[0], args[0]
	for i := 0; ; i++ {
		for _, name := range []string{dotted, dashed} {
			if sc, ok := ix.lookup(name); ok {
				return sc, args[i+1:], true
			}
		}
		if i+1 >= len(args) || !isPlainWord(args[i+1]) {
			return subcmd{}, nil, false
		}
		dotted += "." + args[i+1]
		dashed += "-" + args[i+1]
	}
}

// isPlainWord reports whether a word could be a path segment rather than
// an argument.
func isPlainWord(s string) bool {
	return s != "" && !strings.HasPrefix(s, "-") && !strings.ContainsAny(s, "={} ")
}

// readStdin reads piped input. There is no stdin when the reader is nil or
// a terminal (an interactive user would otherwise be left waiting); the
// shell passes an empty reader when nothing is piped. A terminal is
// recognised by an IsTerminal method or a character-device Stat.
func readStdin(ctx context.Context, r io.Reader) ([]byte, error) {
	if r == nil {
		return nil, nil
	}
	if t, ok := r.(interface{ IsTerminal() bool }); ok && t.IsTerminal() {
		return nil, nil
	}
	if st, ok := r.(interface{ Stat() (fs.FileInfo, error) }); ok {
		if fi, err := st.Stat(); err == nil && fi.Mode()&fs.ModeCharDevice != 0 {
			return nil, nil
		}
	}
	switch r.(type) {
	case *bytes.Reader, *strings.Reader, *bytes.Buffer:
		// In-memory readers never block.
		return io.ReadAll(io.LimitReader(r, maxStdin))
	}
	type result struct {
		b   []byte
		err error
	}
	ch := make(chan result, 1)
	go func() {
		b, err := io.ReadAll(io.LimitReader(r, maxStdin))
		ch <- result{b, err}
	}()
	select {
	case res := <-ch:
		return res.b, res.err
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

// includeFlag takes `--include` out of a call's words, unless the tool
// has a parameter of that name: it asks for the whole response
// (status, headers, body, pagination links), as curl -i does.
func includeFlag(words []string, si *schemaInfo) ([]string, bool) {
	if name, ps := si.property("include"); ps != nil && name != "" {
		return words, false
	}
	out := words[:0:0]
	found := false
	for _, w := range words {
		if w == "--include" {
			found = true
			continue
		}
		out = append(out, w)
	}
	return out, found
}
