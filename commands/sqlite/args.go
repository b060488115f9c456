package sqlite

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/justbash/justbash/commands/internal/opts"
)

var sprintf = fmt.Sprintf

// cliArgs is the parsed command line.
type cliArgs struct {
	db   string
	sql  []string
	cmds []string
	// init is -init FILE, run before the -cmd commands.
	init string
}

const usageText = `Usage: sqlite3 [OPTIONS] FILENAME [SQL]
FILENAME is the name of an SQLite database. A new database is created
if the file does not previously exist. Defaults to :memory:.
OPTIONS include:
   -ascii               set output mode to 'ascii'
   -bail                stop after hitting an error
   -box                 set output mode to 'box'
   -cmd COMMAND         run "COMMAND" before reading stdin
   -column              set output mode to 'column'
   -csv                 set output mode to 'csv'
   -header              turn headers on
   -help                show this message
   -html                set output mode to HTML
   -init FILENAME       read/process named file
   -json                set output mode to 'json'
   -line                set output mode to 'line'
   -list                set output mode to 'list'
   -markdown            set output mode to 'markdown'
   -newline SEP         set output row separator. Default: '\n'
   -noheader            turn headers off
   -nullvalue TEXT      set text string for NULL values. Default ''
   -quote               set output mode to 'quote'
   -readonly            open the database read-only
   -separator SEP       set output column separator. Default: '|'
   -table               set output mode to 'table'
   -tabs                set output mode to 'tabs'
   -version             show SQLite version
`

// cliOpts is the sqlite3 command line on the shared parser: single-dash
// long names (a second dash is allowed), spelled out in full, never
// "-name=value", no "--" end of options, and options anywhere among the
// database name and the SQL arguments. It is built on first use, not at
// process start.
var cliOpts = sync.OnceValue(func() *opts.Parser {
	p := opts.Parser{LongOnly: true, Exact: true, NoInline: true, NoEnd: true}
	for name, m := range modeNames {
		if m != modeInsert { // .mode insert exists; -insert does not
			p.Opts = append(p.Opts, opts.Opt{Long: name, Key: "mode " + name})
		}
	}
	for _, name := range []string{"header", "noheader", "readonly", "bail",
		"batch", "interactive", "noinit", "safe", "nofollow", "version", "help"} {
		p.Opts = append(p.Opts, opts.Opt{Long: name})
	}
	for _, name := range []string{"separator", "newline", "nullvalue", "cmd",
		"init", "nonce", "mmap", "maxsize"} {
		p.Opts = append(p.Opts, opts.Opt{Long: name, Arg: true})
	}
	return &p
})

// parseArgs reads the options, the database name and the SQL arguments.
// done reports that the command has finished (help, version or a usage
// error) with exit status code. Options act in order, so -version before
// a bad option still prints the version, as sqlite3 does.
func (s *shell) parseArgs(args []string) (*cliArgs, int, bool) {
	res, operands, err := cliOpts().Split(args)
	a := &cliArgs{}
	for _, r := range res {
		if code, done := s.applyOption(a, r); done {
			return nil, code, true
		}
	}
	if err == nil && slices.Contains(operands, "-") {
		// sqlite3 reads a lone "-" as an option, and knows none by it.
		err = &opts.Error{Kind: opts.Unknown, Arg: "-"}
	}
	if err != nil {
		var e *opts.Error
		errors.As(err, &e)
		if e != nil && e.Kind == opts.Missing {
			s.printErr("sqlite3: Error: missing argument to %s", e.Name)
			return nil, 1, true
		}
		arg := ""
		if e != nil {
			// sqlite3 drops one dash of "--name" before it looks.
			arg = strings.TrimPrefix(e.Arg, "-")
			if !strings.HasPrefix(arg, "-") {
				arg = "-" + arg
			}
		}
		s.printErr("sqlite3: Error: unknown option: %s\nUse -help for a list of options.", arg)
		return nil, 1, true
	}
	a.db = ":memory:"
	if len(operands) > 0 {
		a.db, a.sql = operands[0], operands[1:]
	}
	return a, 0, false
}

func (s *shell) applyOption(a *cliArgs, r opts.Result) (int, bool) {
	if name, ok := strings.CutPrefix(r.Key, "mode "); ok {
		s.set.setCLIMode(modeNames[name])
		return 0, false
	}
	switch r.Key {
	case "header":
		s.set.header, s.set.headerSet = true, true
	case "noheader":
		s.set.header, s.set.headerSet = false, true
	case "separator":
		s.set.colSep = r.Val
	case "newline":
		s.set.rowSep = r.Val
	case "nullvalue":
		s.set.null = r.Val
	case "cmd":
		a.cmds = append(a.cmds, r.Val)
	case "init":
		a.init = r.Val
	case "readonly":
		s.readOnly = true
	case "bail":
		s.bail = true
	case "version":
		fmt.Fprintf(s.out, "%s\n", version())
		return 0, true
	case "help":
		// sqlite3 prints its usage on stderr and fails; the sandbox keeps
		// every command's --help on stdout with status 0 (shell's
		// TestEveryCommandHelp), so an agent asking for help gets it.
		s.out.WriteString(usageText)
		return 0, true
	}
	// batch, interactive, noinit, safe, nofollow, nonce, mmap and maxsize
	// are accepted for compatibility: the sandbox is always batch and safe.
	return 0, false
}

// unescape resolves the backslash escapes the CLI accepts in separators
// and other option values: \n \t \r \\ \" \' and octal \NNN.
func unescape(s string) string {
	if !strings.Contains(s, `\`) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c != '\\' || i+1 >= len(s) {
			b.WriteByte(c)
			continue
		}
		i++
		switch c = s[i]; c {
		case 'n':
			b.WriteByte('\n')
		case 't':
			b.WriteByte('\t')
		case 'r':
			b.WriteByte('\r')
		case '0', '1', '2', '3', '4', '5', '6', '7':
			j := i
			for j < len(s) && j < i+3 && s[j] >= '0' && s[j] <= '7' {
				j++
			}
			v, _ := strconv.ParseUint(s[i:j], 8, 8)
			b.WriteByte(byte(v))
			i = j - 1
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}
