package sqlite

import (
	"fmt"
	"strconv"
	"strings"
)

var sprintf = fmt.Sprintf

// cliArgs is the parsed command line.
type cliArgs struct {
	db   string
	sql  []string
	cmds []string
}

const usageText = `Usage: sqlite3 [OPTIONS] FILENAME [SQL...]
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

// parseArgs reads options (which may appear anywhere, as in the CLI), the
// database name and the SQL arguments. done reports that the command has
// finished (help, version or a usage error) with exit status code.
func (s *shell) parseArgs(args []string) (*cliArgs, int, bool) {
	a := &cliArgs{}
	haveDB := false
	for i := 0; i < len(args); i++ {
		arg := args[i]
		if !strings.HasPrefix(arg, "-") || arg == "-" {
			if !haveDB {
				a.db, haveDB = arg, true
			} else {
				a.sql = append(a.sql, arg)
			}
			continue
		}
		name := strings.TrimPrefix(strings.TrimPrefix(arg, "-"), "-")
		needsValue := name == "separator" || name == "nullvalue" || name == "cmd" || name == "newline"
		val := ""
		if needsValue {
			if i+1 >= len(args) {
				s.printErr("sqlite3: Error: missing argument to %s", arg)
				return nil, 1, true
			}
			i++
			val = args[i]
		}
		if code, done := s.applyOption(a, name, val, arg); done {
			return nil, code, true
		}
	}
	if a.db == "" {
		a.db = ":memory:"
	}
	return a, 0, false
}

func (s *shell) applyOption(a *cliArgs, name, val, arg string) (int, bool) {
	if m, ok := modeNames[name]; ok && m != modeInsert {
		s.set.setCLIMode(m)
		return 0, false
	}
	switch name {
	case "header", "headers":
		s.set.header, s.set.headerSet = true, true
	case "noheader", "noheaders":
		s.set.header, s.set.headerSet = false, true
	case "separator":
		s.set.colSep = val
	case "newline":
		s.set.rowSep = val
	case "nullvalue":
		s.set.null = val
	case "cmd":
		a.cmds = append(a.cmds, val)
	case "readonly":
		s.readOnly = true
	case "bail":
		s.bail = true
	case "batch", "interactive", "noinit", "safe", "nofollow":
		// Accepted for compatibility; the sandbox is always batch and safe.
	case "version":
		fmt.Fprintf(s.out, "%s\n", version())
		return 0, true
	case "help":
		s.out.WriteString(usageText)
		return 0, true
	default:
		s.printErr("sqlite3: Error: unknown option: %s\nUse -help for a list of options.", arg)
		return 1, true
	}
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
