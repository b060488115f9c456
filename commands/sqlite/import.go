package sqlite

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/justbash/justbash/commands/internal/opts"
)

// importOpts is the parsed .import command line.
type importOpts struct {
	file, table string
	csv, ascii  bool
	// flagged is set by --csv or --ascii; without them .import reads with
	// the output mode's separators, as sqlite3 does.
	flagged bool
	skip    int
}

// importCLI is .import's option table: single-dash or double-dash names
// in full, as the CLI's dot commands take them. --schema and -v are
// sqlite3's but not the sandbox's: they give the usage text. It is built
// when .import runs, not at process start.
func importCLI() *opts.Parser {
	return &opts.Parser{LongOnly: true, Exact: true, NoInline: true, NoEnd: true,
		Opts: []opts.Opt{{Long: "csv"}, {Long: "ascii"}, {Long: "skip", Arg: true}}}
}

func (s *shell) parseImport(rest []string) (*importOpts, bool) {
	o := &importOpts{csv: s.set.mode == modeCSV, ascii: s.set.mode == modeASCII}
	res, pos, err := importCLI().Split(rest)
	if err != nil || len(pos) != 2 {
		return nil, false
	}
	for _, r := range res {
		switch r.Key {
		case "csv":
			o.csv, o.ascii, o.flagged = true, false, true
		case "ascii":
			o.ascii, o.csv, o.flagged = true, false, true
		case "skip":
			n, err := strconv.Atoi(r.Val)
			if err != nil || n < 0 {
				return nil, false
			}
			o.skip = n
		}
	}
	o.file, o.table = pos[0], pos[1]
	return o, true
}

// dotImport loads delimited text from a sandbox file into a table,
// creating it from the header row (all columns TEXT) when it is missing.
func (s *shell) dotImport(rest []string) int {
	o, ok := s.parseImport(rest)
	if !ok {
		return s.usage(".import [--csv] [--ascii] [--skip N] FILE TABLE")
	}
	f, err := s.c.OpenRead(o.file)
	if err != nil {
		s.printErr("Error: cannot open \"%s\"", o.file)
		return 1
	}
	data, err := s.c.ReadAll(s.ctx, f)
	f.Close()
	if st, ok := s.c.LimitStatus(err); ok {
		return st
	}
	if err != nil {
		s.printErr("Error: cannot open \"%s\"", o.file)
		return 1
	}
	r := &fieldReader{data: string(data), line: 1}
	switch {
	case !o.flagged:
		if msg := s.importSeparators(); msg != "" {
			s.printErr("Error: %s", msg)
			return 1
		}
		r.col, r.row, r.quotes = s.set.colSep, s.set.rowSep, s.set.mode != modeASCII
	case o.csv:
		r.col, r.row, r.quotes = ",", "\n", true
	default:
		r.col, r.row = "\x1f", "\x1e"
	}
	for i := 0; i < o.skip && !r.eof(); i++ {
		r.record()
	}
	return s.importRecords(o, r)
}

// importSeparators checks the output mode's separators for an .import
// without --csv/--ascii, in sqlite3 3.40's order. Like sqlite3, it turns
// csv mode's output row separator "\r\n" into "\n" for good: csv output
// after such an .import ends its lines with LF.
func (s *shell) importSeparators() string {
	switch {
	case s.set.colSep == "":
		return "non-null column separator required for import"
	case len(s.set.colSep) > 1:
		return "multi-character column separators not allowed for import"
	case s.set.rowSep == "":
		return "non-null row separator required for import"
	}
	if s.set.mode == modeCSV && s.set.rowSep == "\r\n" {
		s.set.rowSep = "\n"
	}
	if len(s.set.rowSep) > 1 {
		return "multi-character row separators not allowed for import"
	}
	return ""
}

func (s *shell) importRecords(o *importOpts, r *fieldReader) int {
	cols, err := s.query("PRAGMA table_info(" + quoteString(o.table) + ")")
	if err != nil {
		return s.queryErr(err)
	}
	n := len(cols)
	if n == 0 {
		if r.eof() {
			return 0
		}
		header, _ := r.record()
		quoted := make([]string, len(header))
		for i, h := range header {
			quoted[i] = `"` + strings.ReplaceAll(h, `"`, `""`) + `" TEXT`
		}
		create := fmt.Sprintf("CREATE TABLE IF NOT EXISTS \"%s\"(\n%s)", strings.ReplaceAll(o.table, `"`, `""`), strings.Join(quoted, ", "))
		if err := s.e.exec(create); err != nil {
			return s.queryErr(err)
		}
		n = len(header)
	}
	marks := strings.TrimSuffix(strings.Repeat("?,", n), ",")
	insert := fmt.Sprintf("INSERT INTO \"%s\" VALUES(%s)", strings.ReplaceAll(o.table, `"`, `""`), marks)
	return s.insertAll(o, r, insert, n)
}

func (s *shell) insertAll(o *importOpts, r *fieldReader, insert string, n int) int {
	code := 0
	_ = s.e.exec("SAVEPOINT import")
	err := s.e.each(insert, func(st *stmt) error {
		for !r.eof() {
			fields, line := r.record()
			if len(fields) == 1 && fields[0] == "" && r.eof() {
				break
			}
			switch {
			case len(fields) < n:
				s.printErr("%s:%d: expected %d columns but found %d - filling the rest with NULL", o.file, line, n, len(fields))
			case len(fields) > n:
				s.printErr("%s:%d: expected %d columns but found %d - extras ignored", o.file, line, n, len(fields))
			}
			for i := 0; i < n; i++ {
				var err error
				if i < len(fields) {
					err = st.bindText(i+1, fields[i], false)
				} else {
					err = st.bindText(i+1, "", true)
				}
				if err != nil {
					return err
				}
			}
			if _, err := st.step(); err != nil {
				s.printErr("%s:%d: INSERT failed: %s", o.file, line, err.Error())
				code = 1
			}
			st.reset()
		}
		return nil
	})
	_ = s.e.exec("RELEASE import")
	if err != nil {
		return s.queryErr(err)
	}
	return code
}

// fieldReader splits delimited text into records. With quotes, a field
// starting with " runs to the matching quote and "" stands for one quote.
type fieldReader struct {
	data     string
	pos      int
	line     int
	col, row string
	quotes   bool
}

func (r *fieldReader) eof() bool { return r.pos >= len(r.data) }

// record reads one record and returns its fields and starting line.
func (r *fieldReader) record() ([]string, int) {
	start := r.line
	var fields []string
	for {
		f, end := r.field()
		fields = append(fields, f)
		if end {
			return fields, start
		}
	}
}

// field reads one field; end reports that it closed the record.
func (r *fieldReader) field() (string, bool) {
	var b strings.Builder
	if r.quotes && r.pos < len(r.data) && r.data[r.pos] == '"' {
		r.pos++
		for r.pos < len(r.data) {
			c := r.data[r.pos]
			if c == '"' {
				if r.pos+1 < len(r.data) && r.data[r.pos+1] == '"' {
					b.WriteByte('"')
					r.pos += 2
					continue
				}
				r.pos++
				break
			}
			if c == '\n' {
				r.line++
			}
			b.WriteByte(c)
			r.pos++
		}
	}
	for r.pos < len(r.data) {
		rest := r.data[r.pos:]
		switch {
		case r.col != "" && strings.HasPrefix(rest, r.col):
			r.pos += len(r.col)
			return b.String(), false
		case r.row == "\n" && strings.HasPrefix(rest, "\r\n"):
			r.pos += 2
			r.line++
			return b.String(), true
		case r.row != "" && strings.HasPrefix(rest, r.row):
			r.pos += len(r.row)
			if r.row == "\n" {
				r.line++
			}
			return b.String(), true
		}
		b.WriteByte(rest[0])
		r.pos++
	}
	return b.String(), true
}
