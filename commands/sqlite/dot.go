package sqlite

import (
	"bufio"
	"fmt"
	"os"
	"sort"
	"strconv"
	"strings"
)

// dotArgs splits a dot-command line like the CLI: words separated by
// blanks, '...' taken literally, "..." with backslash escapes resolved.
func dotArgs(line string) []string {
	var args []string
	for i := 0; i < len(line); {
		for i < len(line) && isBlank(line[i]) {
			i++
		}
		if i >= len(line) {
			break
		}
		q := line[i]
		if q == '\'' || q == '"' {
			j := i + 1
			for j < len(line) && line[j] != q {
				if q == '"' && line[j] == '\\' && j+1 < len(line) {
					j++
				}
				j++
			}
			word := line[i+1 : min(j, len(line))]
			if q == '"' {
				word = unescape(word)
			}
			args = append(args, word)
			i = j + 1
			continue
		}
		j := i
		for j < len(line) && !isBlank(line[j]) {
			j++
		}
		args = append(args, unescape(line[i:j]))
		i = j
	}
	return args
}

func isBlank(c byte) bool { return c == ' ' || c == '\t' || c == '\r' || c == '\n' }

// meta runs a dot-command and returns 0, or 1 after printing an error.
func (s *shell) meta(line string) int {
	args := dotArgs(strings.TrimPrefix(line, "."))
	if len(args) == 0 {
		return 0
	}
	cmd := args[0]
	rest := args[1:]
	switch cmd {
	case "quit", "exit":
		s.quit = true
		return 0
	case "mode":
		return s.dotMode(rest)
	case "headers", "header":
		s.set.headerSet = true
		return s.dotBool(rest, ".headers on|off", &s.set.header)
	case "bail":
		return s.dotBool(rest, ".bail on|off", &s.bail)
	case "separator":
		if len(rest) == 0 || len(rest) > 2 {
			return s.usage(".separator COL ?ROW?")
		}
		s.set.colSep = unescape(rest[0])
		if len(rest) > 1 {
			s.set.rowSep = unescape(rest[1])
		}
	case "width":
		s.set.widths = nil
		for _, a := range rest {
			s.set.widths = append(s.set.widths, integerValue(a))
		}
	case "nullvalue":
		if len(rest) != 1 {
			return s.usage(".nullvalue STRING")
		}
		s.set.null = unescape(rest[0])
	case "print":
		fmt.Fprintln(s.out, strings.Join(rest, " "))
	case "tables":
		return s.dotTables(rest)
	case "schema":
		return s.dotSchema(rest)
	case "indexes", "indices":
		return s.dotIndexes(rest)
	case "dump":
		return s.dotDump(rest)
	case "import":
		return s.dotImport(rest)
	case "read":
		return s.dotRead(rest)
	case "output", "once":
		return s.dotOutput(cmd == "once", rest)
	case "version":
		fmt.Fprintf(s.out, "SQLite %s\n", version())
	case "help":
		s.out.WriteString(dotHelp)
	default:
		s.printErr("Error: unknown command or invalid arguments:  \"%s\". Enter \".help\" for help", cmd)
		return 1
	}
	return 0
}

const dotHelp = `.bail on|off             Stop after hitting an error.  Default OFF
.dump ?OBJECTS?          Render database content as SQL
.exit ?CODE?             Exit this program with return-code CODE
.headers on|off          Turn display of headers on or off
.help ?-all? ?PATTERN?   Show help text for PATTERN
.import FILE TABLE       Import data from FILE into TABLE
.indexes ?TABLE?         Show names of indexes
.mode MODE ?TABLE?       Set output mode
.nullvalue STRING        Use STRING in place of NULL values
.once FILE               Output for the next SQL command only to FILE
.output ?FILE?           Send output to FILE or stdout if FILE is omitted
.print STRING...         Print literal STRING
.quit                    Exit this program
.read FILE               Read input from FILE
.schema ?PATTERN?        Show the CREATE statements matching PATTERN
.separator COL ?ROW?     Change the column and row separators
.tables ?TABLE?          List names of tables matching LIKE pattern TABLE
.version                 Show source, library and compiler versions
.width NUM1 NUM2 ...     Set minimum column widths for columnar output
`

func (s *shell) usage(text string) int {
	s.printErr("Usage: %s", text)
	return 1
}

func (s *shell) dotBool(rest []string, usage string, dst *bool) int {
	if len(rest) != 1 {
		return s.usage(usage)
	}
	switch strings.ToLower(rest[0]) {
	case "on", "yes", "true", "1":
		*dst = true
	case "off", "no", "false", "0":
		*dst = false
	default:
		if n, err := strconv.Atoi(rest[0]); err == nil {
			*dst = n != 0
			return 0
		}
		s.printErr("ERROR: Not a boolean value: \"%s\". Assuming \"no\".", rest[0])
		*dst = false
	}
	return 0
}

func (s *shell) dotMode(rest []string) int {
	if len(rest) == 0 {
		fmt.Fprintf(s.out, "current output mode: %s\n", modeName(s.set.mode))
		return 0
	}
	m, ok := modeNames[rest[0]]
	if !ok {
		if rest[0] == "tab" {
			m, ok = modeTabs, true
		}
	}
	if !ok {
		s.printErr("Error: mode should be one of: ascii box column csv html insert json line list markdown qbox quote table tabs tcl")
		return 1
	}
	s.set.setMode(m)
	if m == modeColumn && !s.set.headerSet {
		s.set.header = true
	}
	if m == modeInsert {
		s.set.insertTable = "table"
		if len(rest) > 1 {
			s.set.insertTable = rest[1]
		}
	}
	return 0
}

func modeName(m mode) string {
	for name, v := range modeNames {
		if v == m {
			return name
		}
	}
	return "list"
}

// query runs sql and collects the text of every row.
func (s *shell) query(sql string) ([][]value, error) {
	var rows [][]value
	err := s.e.each(sql, func(st *stmt) error {
		n := len(st.columns())
		for {
			more, err := st.step()
			if err != nil || !more {
				return err
			}
			rows = append(rows, st.row(n))
		}
	})
	return rows, err
}

func (s *shell) queryErr(err error) int {
	if se, ok := err.(*sqlError); ok {
		s.printErr("Error: %s", se.msg)
	} else {
		s.printErr("Error: %v", err)
	}
	return 1
}

// dotTables lists tables and views in columns across an 80-column line.
func (s *shell) dotTables(rest []string) int {
	pattern := "%"
	if len(rest) > 0 {
		pattern = rest[0]
	}
	rows, err := s.query("SELECT name FROM sqlite_schema WHERE type IN ('table','view') AND name NOT LIKE 'sqlite_%' AND name LIKE " + quoteString(pattern) + " ORDER BY 1")
	if err != nil {
		return s.queryErr(err)
	}
	names := make([]string, len(rows))
	maxLen := 0
	for i, r := range rows {
		names[i] = r[0].text
		maxLen = max(maxLen, len(names[i]))
	}
	sort.Strings(names)
	if len(names) == 0 {
		return 0
	}
	cols := max(1, 80/(maxLen+2))
	nrows := (len(names) + cols - 1) / cols
	for i := 0; i < nrows; i++ {
		for j := i; j < len(names); j += nrows {
			if j >= nrows {
				s.out.WriteString("  ")
			}
			fmt.Fprintf(s.out, "%-*s", maxLen, names[j])
		}
		s.out.WriteString("\n")
	}
	return 0
}

func (s *shell) dotIndexes(rest []string) int {
	q := "SELECT name FROM sqlite_schema WHERE type='index' AND name NOT LIKE 'sqlite_%'"
	if len(rest) > 0 {
		q += " AND tbl_name LIKE " + quoteString(rest[0])
	}
	rows, err := s.query(q + " ORDER BY 1")
	if err != nil {
		return s.queryErr(err)
	}
	for _, r := range rows {
		fmt.Fprintln(s.out, r[0].text)
	}
	return 0
}

// dotRead runs a script file from the sandbox filesystem.
func (s *shell) dotRead(rest []string) int {
	if len(rest) != 1 {
		return s.usage(".read FILE")
	}
	f, err := s.c.OpenRead(rest[0])
	if err != nil {
		s.printErr("Error: cannot open \"%s\"", rest[0])
		return 1
	}
	data, err := s.c.ReadAll(s.ctx, f)
	f.Close()
	if st, ok := s.c.LimitStatus(err); ok {
		return st
	}
	if err != nil {
		s.printErr("Error: cannot open \"%s\"", rest[0])
		return 1
	}
	before := s.errCount
	s.processInput(string(data))
	if s.errCount > before {
		return 1
	}
	return 0
}

// dotOutput redirects results to a file of the sandbox filesystem
// (.output FILE), back to standard output (.output), or for the next
// command only (.once FILE).
func (s *shell) dotOutput(once bool, rest []string) int {
	if len(rest) > 1 || (once && len(rest) == 0) {
		return s.usage(".output ?FILE?")
	}
	s.restoreOutput()
	if len(rest) == 0 || rest[0] == "stdout" {
		return 0
	}
	f, err := s.c.OpenWrite(rest[0], os.O_WRONLY|os.O_CREATE|os.O_TRUNC)
	if err != nil {
		s.printErr("Error: cannot open \"%s\"", rest[0])
		return 1
	}
	s.out.Flush()
	s.redirect = f
	s.out = bufio.NewWriter(f)
	s.once = once
	return 0
}

// restoreOutput closes a redirection and writes to standard output again.
func (s *shell) restoreOutput() {
	if s.redirect == nil {
		return
	}
	s.out.Flush()
	s.redirect.Close()
	s.redirect, s.once = nil, false
	s.out = bufio.NewWriter(s.c.Stdout)
}

// integerValue reads a .width argument as sqlite3 does: an optional sign
// and the leading digits, 0 when there are none.
func integerValue(a string) int {
	neg := strings.HasPrefix(a, "-")
	a = strings.TrimLeft(a, "+-")
	n := 0
	for i := 0; i < len(a) && a[i] >= '0' && a[i] <= '9'; i++ {
		if n < 1<<20 {
			n = n*10 + int(a[i]-'0')
		}
	}
	if neg {
		return -n
	}
	return n
}
