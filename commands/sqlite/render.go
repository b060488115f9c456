package sqlite

import (
	"bufio"
	"fmt"
	"strings"
)

// mode is an output mode of the CLI (.mode NAME).
type mode int

const (
	modeList mode = iota
	modeCSV
	modeTabs
	modeLine
	modeJSON
	modeHTML
	modeQuote
	modeInsert
	modeASCII
	modeColumn
	modeTable
	modeMarkdown
	modeBox
)

var modeNames = map[string]mode{
	"list": modeList, "csv": modeCSV, "tabs": modeTabs, "line": modeLine,
	"json": modeJSON, "html": modeHTML, "quote": modeQuote, "insert": modeInsert,
	"ascii": modeASCII, "column": modeColumn, "table": modeTable,
	"markdown": modeMarkdown, "box": modeBox,
}

// settings is the mutable display state (.mode, .headers, .separator ...).
type settings struct {
	mode   mode
	header bool
	// headerSet records that -header, -noheader or .headers chose; until
	// then .mode column turns headers on, as sqlite3 does.
	headerSet bool
	colSep    string
	rowSep    string
	// widths are .width's column widths: 0 is automatic, a negative
	// width right-aligns.
	widths      []int
	null        string
	insertTable string
}

// setMode switches mode and resets the separators the way .mode does.
func (s *settings) setMode(m mode) {
	s.mode = m
	switch m {
	case modeList:
		s.colSep, s.rowSep = "|", "\n"
	case modeCSV:
		s.colSep, s.rowSep = ",", "\r\n"
	case modeTabs:
		s.colSep, s.rowSep = "\t", "\n"
	case modeASCII:
		s.colSep, s.rowSep = "\x1f", "\x1e"
	case modeQuote:
		s.colSep, s.rowSep = ",", "\n"
	default:
		s.rowSep = "\n"
	}
}

// setCLIMode is the command-line form (-csv, -tabs, ...), which only
// touches the column separator of the delimited modes.
func (s *settings) setCLIMode(m mode) {
	s.mode = m
	switch m {
	case modeCSV, modeQuote:
		s.colSep = ","
	case modeTabs:
		s.colSep = "\t"
	case modeASCII:
		s.colSep, s.rowSep = "\x1f", "\x1e"
	}
}

// printer renders the rows of one statement.
type printer struct {
	set   settings
	w     *bufio.Writer
	names []string
	n     int
	rows  [][]string // buffered display text for columnar modes
}

func (s *settings) columnar() bool {
	return s.mode >= modeColumn
}

func (p *printer) text(v value) string {
	if v.kind == typeNull {
		return p.set.null
	}
	return cString(v.text)
}

// row prints (or buffers) one result row.
func (p *printer) row(vals []value) {
	defer func() { p.n++ }()
	if p.set.columnar() {
		cells := make([]string, len(vals))
		for i, v := range vals {
			cells[i] = p.text(v)
		}
		p.rows = append(p.rows, cells)
		return
	}
	switch p.set.mode {
	case modeLine:
		p.lineRow(vals)
	case modeJSON:
		p.jsonRow(vals)
	case modeHTML:
		p.htmlRow(vals)
	case modeQuote, modeInsert:
		p.quoteRow(vals)
	default:
		p.listRow(vals)
	}
}

// end finishes the statement's output.
func (p *printer) end() {
	switch {
	case p.set.columnar():
		p.columnarOut()
	case p.set.mode == modeJSON && p.n > 0:
		p.w.WriteString("]\n")
	}
}

func (p *printer) listRow(vals []value) {
	sep := p.set.colSep
	field := func(s string) string { return s }
	if p.set.mode == modeCSV {
		field = func(s string) string { return csvField(s, sep) }
	}
	if p.n == 0 && p.set.header {
		for i, name := range p.names {
			if i > 0 {
				p.w.WriteString(sep)
			}
			p.w.WriteString(field(name))
		}
		p.w.WriteString(p.set.rowSep)
	}
	for i, v := range vals {
		if i > 0 {
			p.w.WriteString(sep)
		}
		if v.kind == typeNull {
			p.w.WriteString(p.set.null)
		} else {
			p.w.WriteString(field(cString(v.text)))
		}
	}
	p.w.WriteString(p.set.rowSep)
}

func (p *printer) lineRow(vals []value) {
	w := 5
	for _, name := range p.names {
		w = max(w, len(name))
	}
	if p.n > 0 {
		p.w.WriteString(p.set.rowSep)
	}
	for i, v := range vals {
		fmt.Fprintf(p.w, "%*s = %s%s", w, p.names[i], p.text(v), p.set.rowSep)
	}
}

func (p *printer) jsonRow(vals []value) {
	var b strings.Builder
	if p.n == 0 {
		b.WriteString("[{")
	} else {
		b.WriteString(",\n{")
	}
	for i, v := range vals {
		if i > 0 {
			b.WriteByte(',')
		}
		jsonString(&b, p.names[i])
		b.WriteByte(':')
		switch v.kind {
		case typeNull:
			b.WriteString("null")
		case typeInteger:
			b.WriteString(v.text)
		case typeFloat:
			b.WriteString(formatRealExact(v.f))
		case typeBlob:
			jsonString(&b, v.text)
		default:
			jsonString(&b, cString(v.text))
		}
	}
	b.WriteByte('}')
	p.w.WriteString(b.String())
}

func (p *printer) htmlRow(vals []value) {
	if p.n == 0 && p.set.header {
		p.w.WriteString("<TR>")
		for _, name := range p.names {
			fmt.Fprintf(p.w, "<TH>%s</TH>\n", htmlEscape(name))
		}
		p.w.WriteString("</TR>\n")
	}
	p.w.WriteString("<TR>")
	for _, v := range vals {
		fmt.Fprintf(p.w, "<TD>%s</TD>\n", htmlEscape(p.text(v)))
	}
	p.w.WriteString("</TR>\n")
}

func (p *printer) quoteRow(vals []value) {
	lits := make([]string, len(vals))
	for i, v := range vals {
		if p.set.mode == modeInsert {
			lits[i] = dumpLiteral(v)
		} else {
			lits[i] = quoteSQL(v)
		}
	}
	if p.set.mode == modeInsert {
		cols := ""
		if p.set.header {
			quoted := make([]string, len(p.names))
			for i, n := range p.names {
				quoted[i] = quoteIdent(n)
			}
			cols = "(" + strings.Join(quoted, ",") + ")"
		}
		fmt.Fprintf(p.w, "INSERT INTO %s%s VALUES(%s);\n", quoteIdent(p.set.insertTable), cols, strings.Join(lits, ","))
		return
	}
	if p.n == 0 && p.set.header {
		quoted := make([]string, len(p.names))
		for i, n := range p.names {
			quoted[i] = quoteString(n)
		}
		p.w.WriteString(strings.Join(quoted, p.set.colSep) + p.set.rowSep)
	}
	p.w.WriteString(strings.Join(lits, p.set.colSep) + p.set.rowSep)
}

// dumpLiteral is quoteSQL plus the CLI's trick for line breaks in text:
// they are written as \n and \r inside replace() so the dump stays one
// statement per line.
func dumpLiteral(v value) string {
	if v.kind != typeText {
		return quoteSQL(v)
	}
	s := cString(v.text)
	hasNL, hasCR := strings.Contains(s, "\n"), strings.Contains(s, "\r")
	if !hasNL && !hasCR {
		return quoteString(s)
	}
	lit := quoteString(strings.NewReplacer("\n", `\n`, "\r", `\r`).Replace(s))
	if hasCR {
		lit = "replace(" + lit + `,'\r',char(13))`
	}
	if hasNL {
		lit = "replace(" + lit + `,'\n',char(10))`
	}
	return lit
}

// quoteIdent quotes a table or column name when it is not a plain
// identifier or is a keyword the CLI knows needs it.
func quoteIdent(s string) string {
	plain := s != ""
	for i := 0; i < len(s) && plain; i++ {
		c := s[i]
		alpha := c == '_' || (c|0x20 >= 'a' && c|0x20 <= 'z')
		plain = alpha || (i > 0 && c >= '0' && c <= '9')
	}
	if plain && !isKeyword(s) {
		return s
	}
	return `"` + strings.ReplaceAll(s, `"`, `""`) + `"`
}
