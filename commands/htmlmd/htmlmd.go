// Package htmlmd is the html-to-markdown command of the sandbox, on
// github.com/JohannesKaufmann/html-to-markdown/v2 (CommonMark plus GFM
// tables and strikethrough).
package htmlmd

import (
	"context"
	"fmt"
	"io"
	"strings"

	htmltomarkdown "github.com/JohannesKaufmann/html-to-markdown/v2/converter"
	"github.com/JohannesKaufmann/html-to-markdown/v2/plugin/base"
	"github.com/JohannesKaufmann/html-to-markdown/v2/plugin/commonmark"
	"github.com/JohannesKaufmann/html-to-markdown/v2/plugin/strikethrough"
	"github.com/JohannesKaufmann/html-to-markdown/v2/plugin/table"
	"github.com/justbash/justbash/commands"
	getopt "github.com/justbash/justbash/commands/internal/opts"
)

const usage = `Usage: html-to-markdown [OPTION]... [FILE]
Convert HTML from FILE (or standard input) to Markdown.

  -b, --bullet=MARKER        list bullet: -, + or * (default -)
  -c, --code=FENCE           code block fence: ` + "```" + ` or ~~~ (default ` + "```" + `)
  -r, --hr=RULE              horizontal rule, e.g. --- or *** (default ---)
      --heading-style=STYLE  atx (# Title) or setext (underlined) (default atx)
      --help                 display this help and exit
`

var optSet = getopt.Parser{Opts: []getopt.Opt{
	{Short: 'b', Long: "bullet", Arg: true, Key: "bullet"},
	{Short: 'c', Long: "code", Arg: true, Key: "code"},
	{Short: 'r', Long: "hr", Arg: true, Key: "hr"},
	{Long: "heading-style", Arg: true},
	{Long: "help"},
}}

// maxInput bounds how much HTML one run converts.
const maxInput = 64 << 20

// New returns the html-to-markdown command.
func New() commands.Command { return commands.Func(run) }

func run(ctx context.Context, c *commands.Context) int {
	c = c.Guarded(ctx) // stdin returns when the run is cancelled
	res, ops, err := optSet.Split(c.Args[1:])
	if err != nil {
		c.Errorf("%v", err)
		fmt.Fprintf(c.Stderr, "Try 'html-to-markdown --help' for more information.\n")
		return 2
	}
	opts := []commonmark.OptionFunc{commonmark.WithHorizontalRule("---"), commonmark.WithBulletListMarker("-")}
	for _, r := range res {
		switch r.Key {
		case "help":
			io.WriteString(c.Stdout, usage)
			return 0
		case "bullet":
			opts = append(opts, commonmark.WithBulletListMarker(r.Val))
		case "code":
			opts = append(opts, commonmark.WithCodeBlockFence(r.Val))
		case "hr":
			opts = append(opts, commonmark.WithHorizontalRule(r.Val))
		case "heading-style":
			switch r.Val {
			case "atx":
				opts = append(opts, commonmark.WithHeadingStyle(commonmark.HeadingStyleATX))
			case "setext":
				opts = append(opts, commonmark.WithHeadingStyle(commonmark.HeadingStyleSetext))
			default:
				c.Errorf("invalid heading style '%s': must be atx or setext", r.Val)
				return 2
			}
		}
	}
	if len(ops) > 1 {
		c.Errorf("extra operand '%s'", ops[1])
		return 2
	}
	input, code := readInput(c, ops)
	if code != 0 {
		return code
	}
	conv := htmltomarkdown.NewConverter(htmltomarkdown.WithPlugins(
		base.NewBasePlugin(),
		commonmark.NewCommonmarkPlugin(opts...),
		table.NewTablePlugin(),
		strikethrough.NewStrikethroughPlugin(),
	))
	md, err := conv.ConvertString(input, htmltomarkdown.WithContext(ctx))
	if err != nil {
		c.Errorf("%s", strings.TrimPrefix(err.Error(), "error while initializing \"commonmark\" plugin: "))
		return 2
	}
	if md != "" {
		md = strings.TrimRight(md, "\n") + "\n"
	}
	io.WriteString(c.Stdout, md)
	return 0
}

func readInput(c *commands.Context, ops []string) (string, int) {
	var r io.Reader = c.Stdin
	name := "-"
	if len(ops) == 1 && ops[0] != "-" {
		name = ops[0]
		f, err := c.OpenRead(name)
		if err != nil {
			c.Errorf("%s: %s", name, commands.ErrText(err))
			return "", 1
		}
		defer f.Close()
		r = f
	}
	if r == nil {
		return "", 0
	}
	data, err := io.ReadAll(io.LimitReader(r, maxInput+1))
	if err != nil {
		c.Errorf("%s: %s", name, commands.ErrText(err))
		return "", 1
	}
	if len(data) > maxInput {
		c.Errorf("%s: input larger than %d bytes", name, maxInput)
		return "", 1
	}
	return string(data), 0
}
