package text

import (
	"context"
	"errors"

	"github.com/justbash/justbash/commands"
	"github.com/justbash/justbash/commands/internal/closein"
	"github.com/justbash/justbash/commands/internal/gnure"
	"github.com/justbash/justbash/commands/internal/opts"

	"bufio"
	"fmt"
	"io"
	"regexp"
	"strconv"
	"strings"
)

// nlOpts are in GNU's order, which its "ambiguous" message lists.
var nlOpts = opts.Parser{Opts: []opts.Opt{
	{Short: 'h', Long: "header-numbering", Arg: true},
	{Short: 'b', Long: "body-numbering", Arg: true},
	{Short: 'f', Long: "footer-numbering", Arg: true},
	{Short: 'v', Long: "starting-line-number", Arg: true},
	{Short: 'i', Long: "line-increment", Arg: true},
	{Short: 'p', Long: "no-renumber"},
	{Short: 'l', Long: "join-blank-lines", Arg: true},
	{Short: 's', Long: "number-separator", Arg: true},
	{Short: 'w', Long: "number-width", Arg: true},
	{Short: 'n', Long: "number-format", Arg: true},
	{Short: 'd', Long: "section-delimiter", Arg: true},
}, Usage: 1, Help: "Usage: nl [OPTION]... [FILE]...\nWrite each FILE to standard output, with line numbers added.\n"}

// nlStyle is a numbering style: a (all), t (non-empty), n (none), pRE.
type nlStyle struct {
	kind byte
	re   *regexp.Regexp
}

func parseNlStyle(s string) (nlStyle, error) {
	switch {
	case s == "a" || s == "t" || s == "n":
		return nlStyle{kind: s[0]}, nil
	case strings.HasPrefix(s, "p"):
		t, err := gnure.Translate(s[1:], false)
		if err == nil {
			var re *regexp.Regexp
			if re, err = regexp.Compile(t); err == nil {
				return nlStyle{kind: 'p', re: re}, nil
			}
		}
		return nlStyle{}, errors.New(gnure.RegcompMessage(s[1:], err))
	}
	return nlStyle{}, fmt.Errorf("invalid numbering style")
}

func (st nlStyle) numbers(line []byte) bool {
	switch st.kind {
	case 'a':
		return true
	case 't':
		return len(line) > 0
	case 'p':
		return st.re.Match(line)
	}
	return false
}

// nlRun is the state of one nl invocation.
type nlRun struct {
	styles        [3]nlStyle // header, body, footer
	section       int
	format        string
	width         int
	sep, delim    string
	start, incr   int64
	joinBlank     int64
	noRenumber    bool
	num, blankRun int64
}

func runNl(ctx context.Context, c *commands.Context) int {
	n := &nlRun{styles: [3]nlStyle{{kind: 'n'}, {kind: 't'}, {kind: 'n'}}, section: 1,
		format: "rn", width: 6, sep: "\t", delim: `\:`, start: 1, incr: 1, joinBlank: 1}
	// GNU nl's loop goes on past a bad option or style (ok = false, one
	// usage hint at the end) but dies at once on a bad number or regexp.
	soft := false
	files, bad, status, ok := nlOpts.WalkLenient(c, c.Args[1:], func(it opts.Item) (int, bool) {
		st, s := n.option(c, it.Result)
		soft = soft || s
		return st, st < 0
	})
	if !ok {
		return status
	}
	if bad || soft {
		return opts.TryHelp(c, 1)
	}
	n.num = n.start
	out := commands.NewOut(c.Stdout)
	st := closein.EachInput(ctx, c, files, func(name string, r io.Reader) error {
		return commands.EachLineMax(commands.LineReader(r), '\n', c.Limits.ReadMax(), func(line []byte, _ bool) bool {
			n.line(out, line)
			out.WriteByte('\n') // GNU nl ends a last partial line too
			return true
		})
	})
	return c.FinishOut(out, st)
}

// option applies one option: a status >= 0 ends the run at once; soft
// reports an error after which GNU nl carries on to its usage hint.
func (n *nlRun) option(c *commands.Context, r opts.Result) (status int, soft bool) {
	var err error
	switch r.Key {
	case "b", "h", "f":
		idx := strings.Index("hbf", r.Key)
		if n.styles[idx], err = parseNlStyle(r.Val); err != nil {
			if strings.HasPrefix(r.Val, "p") {
				c.Errorf("%s", err) // a bad regexp: GNU dies
				return 1, false
			}
			part := []string{"header", "body", "footer"}[idx]
			c.Errorf("invalid %s numbering style: %s", part, commands.QuoteArg(r.Val))
			return -1, true
		}
	case "n":
		if r.Val != "ln" && r.Val != "rn" && r.Val != "rz" {
			c.Errorf("invalid line numbering format: %s", commands.QuoteArg(r.Val))
			return -1, true
		}
		n.format = r.Val
	case "s":
		n.sep = r.Val
	case "d":
		n.delim = r.Val
		if len(n.delim) == 1 {
			n.delim += ":"
		}
	case "p":
		n.noRenumber = true
	case "w", "i", "v", "l":
		v, perr := strconv.ParseInt(r.Val, 10, 64)
		if perr != nil || (r.Key == "w" || r.Key == "l") && v <= 0 {
			names := map[string]string{"w": "line number field width", "i": "line number increment",
				"v": "starting line number", "l": "line number of blank lines"}
			err = fmt.Errorf("invalid %s: %s", names[r.Key], commands.QuoteArg(r.Val))
			if perr == nil {
				err = fmt.Errorf("%s: Numerical result out of range", err)
			}
			c.Errorf("%s", err)
			return 1, false
		}
		switch r.Key {
		case "w":
			n.width = int(v)
		case "i":
			n.incr = v
		case "v":
			n.start = v
		case "l":
			n.joinBlank = v
		}
	}
	return -1, false
}

// line numbers or passes one line; section delimiter lines switch between
// header, body and footer and print as empty lines.
func (n *nlRun) line(out *bufio.Writer, line []byte) {
	if sec := n.sectionOf(line); sec >= 0 {
		n.section = sec
		if !n.noRenumber {
			n.num = n.start
		}
		return
	}
	style := n.styles[n.section]
	number := style.numbers(line)
	if style.kind == 'a' && len(line) == 0 && n.joinBlank > 1 {
		n.blankRun++
		number = n.blankRun%n.joinBlank == 0
	} else if len(line) > 0 {
		n.blankRun = 0
	}
	if !number {
		out.WriteString(strings.Repeat(" ", n.width+len(n.sep)))
		out.Write(line)
		return
	}
	out.WriteString(n.formatNum(n.num))
	out.WriteString(n.sep)
	out.Write(line)
	n.num += n.incr
}

// sectionOf recognises \:\:\: (header), \:\: (body) and \: (footer).
func (n *nlRun) sectionOf(line []byte) int {
	s := string(line)
	for i, k := range []int{3, 2, 1} {
		if s == strings.Repeat(n.delim, k) {
			return i
		}
	}
	return -1
}

func (n *nlRun) formatNum(v int64) string {
	s := strconv.FormatInt(v, 10)
	switch n.format {
	case "ln":
		return fmt.Sprintf("%-*s", n.width, s)
	case "rz":
		if v < 0 {
			return "-" + fmt.Sprintf("%0*s", n.width-1, s[1:])
		}
		return fmt.Sprintf("%0*s", n.width, s)
	}
	return fmt.Sprintf("%*s", n.width, s)
}
