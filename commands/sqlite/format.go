package sqlite

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/justbash/justbash/internal/jsonquote"
)

// formatReal renders a REAL the way the sqlite3 CLI shows it in text modes:
// SQLite's "%!.15g", i.e. 15 significant digits, and always a decimal
// point so that 2.0 stays distinguishable from the integer 2.
func formatReal(f float64) string {
	switch {
	case math.IsInf(f, 1):
		return "Inf"
	case math.IsInf(f, -1):
		return "-Inf"
	case math.IsNaN(f):
		return ""
	}
	return sqliteG(f, 15)
}

// formatRealExact is the CLI's rendering of REAL in json, quote, insert
// and .dump: integral values as "N.0", others with "%!.20g", infinities as
// 1e999 so that the text reads back as the same value.
func formatRealExact(f float64) string {
	switch {
	case math.IsInf(f, 1):
		return "1e999"
	case math.IsInf(f, -1):
		return "-1e999"
	case math.IsNaN(f):
		return "NULL"
	}
	if f == math.Trunc(f) && math.Abs(f) < 9.2e18 {
		return strconv.FormatInt(int64(f), 10) + ".0"
	}
	return sqliteG(f, 20)
}

// cString cuts s at its first NUL, as C's printf("%s") does; the CLI
// prints most values that way.
func cString(s string) string {
	if i := strings.IndexByte(s, 0); i >= 0 {
		return s[:i]
	}
	return s
}

// quoteSQL renders a value as an SQL literal (quote mode, .dump).
func quoteSQL(v value) string {
	switch v.kind {
	case typeNull:
		return "NULL"
	case typeInteger:
		return v.text
	case typeFloat:
		return formatRealExact(v.f)
	case typeBlob:
		return fmt.Sprintf("X'%x'", v.text)
	}
	return quoteString(cString(v.text))
}

func quoteString(s string) string {
	return "'" + strings.ReplaceAll(s, "'", "''") + "'"
}

// jsonString writes s as a JSON string the way the CLI does: only quote,
// backslash and control characters are escaped; other bytes pass through.
func jsonString(b *strings.Builder, s string) {
	b.Write(jsonquote.Append(make([]byte, 0, len(s)+2), s))
}

// needsCSVQuote reports whether a CSV field must be quoted: it is empty,
// holds a space, control, quote, apostrophe, DEL or non-ASCII byte,
// or contains the column separator.
func needsCSVQuote(s, sep string) bool {
	if s == "" {
		return true
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c <= ' ' || c == '"' || c == '\'' || c >= 0x7f {
			return true
		}
	}
	return sep != "" && strings.Contains(s, sep)
}

func csvField(s, sep string) string {
	if !needsCSVQuote(s, sep) {
		return s
	}
	return `"` + strings.ReplaceAll(s, `"`, `""`) + `"`
}

// htmlEscape escapes the five characters the CLI's html mode escapes.
func htmlEscape(s string) string {
	r := strings.NewReplacer("<", "&lt;", ">", "&gt;", "&", "&amp;", `"`, "&quot;", "'", "&#39;")
	return r.Replace(s)
}
