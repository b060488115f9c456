package sqlite

import (
	"fmt"
	"strings"
)

// likeFilter is the SQL condition for an optional .schema/.dump pattern.
func likeFilter(rest []string) string {
	if len(rest) == 0 {
		return "1"
	}
	return "tbl_name LIKE " + quoteString(rest[0])
}

// dotSchema prints the CREATE statements, views annotated with their
// column list as the CLI does.
func (s *shell) dotSchema(rest []string) int {
	rows, err := s.query("SELECT sql, type, name FROM sqlite_schema WHERE sql IS NOT NULL AND " + likeFilter(rest) + " ORDER BY rowid")
	if err != nil {
		return s.queryErr(err)
	}
	for _, r := range rows {
		sql := r[0].text
		if r[1].text == "view" {
			cols, err := s.query("PRAGMA table_info(" + quoteString(r[2].text) + ")")
			if err == nil && len(cols) > 0 {
				names := make([]string, len(cols))
				for i, c := range cols {
					names[i] = quoteIdent(c[1].text)
				}
				sql += fmt.Sprintf("\n/* %s(%s) */", r[2].text, strings.Join(names, ","))
			}
		}
		fmt.Fprintf(s.out, "%s;\n", sql)
	}
	return 0
}

// dotDump renders the database (or the tables matching a pattern) as SQL.
func (s *shell) dotDump(rest []string) int {
	if len(rest) > 1 {
		return s.usage(".dump ?OBJECTS?")
	}
	filter := likeFilter(rest)
	tables, err := s.query("SELECT name, sql FROM sqlite_schema WHERE sql NOT NULL AND type=='table' AND " + filter + " ORDER BY tbl_name=='sqlite_sequence', rowid")
	if err != nil {
		return s.queryErr(err)
	}
	s.out.WriteString("PRAGMA foreign_keys=OFF;\nBEGIN TRANSACTION;\n")
	for _, t := range tables {
		name, sql := t[0].text, t[1].text
		switch {
		case name == "sqlite_sequence":
			s.out.WriteString("DELETE FROM sqlite_sequence;\n")
		case strings.HasPrefix(name, "sqlite_"):
			continue
		case strings.HasPrefix(sql, `CREATE TABLE "`) || strings.HasPrefix(sql, "CREATE TABLE '"):
			// The CLI's rule: a quoted table name gets IF NOT EXISTS.
			fmt.Fprintf(s.out, "CREATE TABLE IF NOT EXISTS %s;\n", sql[len("CREATE TABLE "):])
		default:
			fmt.Fprintf(s.out, "%s;\n", sql)
		}
		if err := s.dumpRows(name); err != nil {
			s.queryErr(err)
		}
	}
	others, err := s.query("SELECT sql FROM sqlite_schema WHERE sql NOT NULL AND type IN ('index','trigger','view') AND " + filter + " ORDER BY rowid")
	if err != nil {
		return s.queryErr(err)
	}
	for _, o := range others {
		fmt.Fprintf(s.out, "%s;\n", o[0].text)
	}
	s.out.WriteString("COMMIT;\n")
	return 0
}

func (s *shell) dumpRows(table string) error {
	ident := quoteIdent(table)
	return s.e.each("SELECT * FROM "+ident, func(st *stmt) error {
		n := len(st.columns())
		for {
			more, err := st.step()
			if err != nil || !more {
				return err
			}
			vals := st.row(n)
			lits := make([]string, n)
			for i, v := range vals {
				lits[i] = dumpLiteral(v)
			}
			fmt.Fprintf(s.out, "INSERT INTO %s VALUES(%s);\n", ident, strings.Join(lits, ","))
		}
	})
}
