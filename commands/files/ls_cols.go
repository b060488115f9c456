package files

import (
	"github.com/justbash/justbash/commands/internal/fileinfo"
	"github.com/justbash/justbash/commands/internal/vercmp"

	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"
)

// sortEntries orders a listing. -r reverses the key comparison (ties
// included) but not --group-directories-first; -U leaves the order alone.
func (l *lsRun) sortEntries(list []lsEntry) {
	if l.sortBy == 'U' {
		if l.dirsFirst {
			slices.SortStableFunc(list, func(a, b lsEntry) int { return l.dirRank(a) - l.dirRank(b) })
		}
		return
	}
	slices.SortStableFunc(list, func(a, b lsEntry) int {
		if l.dirsFirst {
			if d := l.dirRank(a) - l.dirRank(b); d != 0 {
				return d
			}
		}
		c := l.compareKey(a, b)
		if c == 0 {
			c = strings.Compare(a.name, b.name)
		}
		if l.reverse {
			return -c
		}
		return c
	})
}

// dirRank is 0 for directories (and links to them), 1 otherwise.
func (l *lsRun) dirRank(e lsEntry) int {
	if e.info.IsDir() || e.targetInfo != nil && e.targetInfo.IsDir() {
		return 0
	}
	return 1
}

func (l *lsRun) compareKey(a, b lsEntry) int {
	switch l.sortBy {
	case 'S':
		return cmpInt64(b.info.Size(), a.info.Size())
	case 't':
		return l.timeOf(b).Compare(l.timeOf(a))
	case 'X':
		return strings.Compare(lsExt(a.name), lsExt(b.name))
	case 'v':
		return vercmp.Compare(a.name, b.name)
	case 'w':
		return len(a.name) - len(b.name)
	}
	return 0
}

func lsExt(name string) string {
	if i := strings.LastIndexByte(name, '.'); i >= 0 {
		return name[i+1:]
	}
	return ""
}

func cmpInt64(a, b int64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// timeOf is the timestamp -t sorts by and -l shows (mtime, -c, -u).
func (l *lsRun) timeOf(e lsEntry) time.Time {
	switch l.timeKind {
	case 'a':
		return fileinfo.StatOf(e.info).Atime
	case 'c':
		return fileinfo.StatOf(e.info).Ctim
	}
	return e.info.ModTime()
}

// quote renders a name in the selected quoting style. Output is never a
// terminal here, so the default is GNU's literal style.
func (l *lsRun) quote(name string) string {
	switch l.quoting {
	case 'c':
		return `"` + lsEscape(name, '"', false) + `"`
	case 'e':
		return lsEscape(name, 0, true)
	case 'q':
		b := []byte(name)
		for i, ch := range b {
			if ch < 32 || ch == 127 {
				b[i] = '?'
			}
		}
		return string(b)
	case 's', 'S':
		if l.quoting == 's' && name != "" && strings.Trim(name, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-+,/:@%^=") == "" {
			return name
		}
		return "'" + strings.ReplaceAll(name, "'", `'\''`) + "'"
	}
	return name
}

// lsEscape writes C escapes for control characters and backslashes; q is
// the surrounding quote to escape, and space is escaped in -b style.
func lsEscape(name string, q byte, space bool) string {
	var b strings.Builder
	for i := 0; i < len(name); i++ {
		ch := name[i]
		switch {
		case ch == '\\' || q != 0 && ch == q:
			b.WriteByte('\\')
			b.WriteByte(ch)
		case ch == ' ' && space:
			b.WriteString(`\ `)
		case ch < 32 || ch == 127:
			if j := strings.IndexByte("\a\b\f\n\r\t\v", ch); j >= 0 {
				b.WriteByte('\\')
				b.WriteByte("abfnrtv"[j])
			} else {
				fmt.Fprintf(&b, "\\%03o", ch)
			}
		default:
			b.WriteByte(ch)
		}
	}
	return b.String()
}

// prefixes are the -i and -s columns in front of each name, padded to
// the widest value in the list (unpadded for -m).
func (l *lsRun) prefixes(list []lsEntry) []string {
	pre := make([]string, len(list))
	if !l.inode && !l.blocks {
		return pre
	}
	inos := make([]string, len(list))
	blks := make([]string, len(list))
	wi, wb := 0, 0
	for i, e := range list {
		if l.inode {
			inos[i] = strconv.FormatUint(fileinfo.StatOf(e.info).Ino, 10)
			wi = max(wi, len(inos[i]))
		}
		if l.blocks {
			blks[i] = l.blockText(fileinfo.StatOf(e.info).Blocks)
			wb = max(wb, len(blks[i]))
		}
	}
	if l.format == lsCommas {
		wi, wb = 0, 0
	}
	for i := range list {
		if l.inode {
			pre[i] = fmt.Sprintf("%*s ", wi, inos[i])
		}
		if l.blocks {
			pre[i] += fmt.Sprintf("%*s ", wb, blks[i])
		}
	}
	return pre
}

// cells renders each entry with its prefixes and indicator for the
// column and comma formats.
func (l *lsRun) cells(list []lsEntry) []string {
	pre := l.prefixes(list)
	out := make([]string, len(list))
	for i, e := range list {
		out[i] = pre[i] + l.quote(e.name) + l.suffix(e.info)
	}
	return out
}

// printColumns is -C (down, then across) and -x (across): the largest
// number of columns whose widths (name + 2 spaces) fit the line width.
func (l *lsRun) printColumns(list []lsEntry, across bool) {
	cells := l.cells(list)
	n := len(cells)
	if n == 0 {
		return
	}
	cols, widths := l.fitColumns(cells, across)
	rows := (n + cols - 1) / cols
	for r := 0; r < rows; r++ {
		pos := 0
		for c := 0; c < cols; c++ {
			i := r*cols + c
			if !across {
				i = c*rows + r
			}
			if i >= n {
				break
			}
			l.out.WriteString(cells[i])
			next := i + 1
			if !across {
				next = i + rows
			}
			if c == cols-1 || next >= n || across && next >= (r+1)*cols {
				break
			}
			l.indent(pos+len(cells[i]), pos+widths[c])
			pos += widths[c]
		}
		l.out.WriteString("\n")
	}
}

// fitColumns tries every column count and keeps the largest that fits.
func (l *lsRun) fitColumns(cells []string, across bool) (int, []int) {
	n := len(cells)
	maxCols := n
	if l.width > 0 {
		maxCols = min(n, max(1, l.width/3))
	}
	for cols := maxCols; cols > 1; cols-- {
		rows := (n + cols - 1) / cols
		if !across && (cols-1)*rows >= n {
			continue // some column would be empty
		}
		widths := make([]int, cols)
		for i, s := range cells {
			c := i / rows
			if across {
				c = i % cols
			}
			w := len(s)
			if c != cols-1 {
				w += 2
			}
			widths[c] = max(widths[c], w)
		}
		total := 0
		for _, w := range widths {
			total += w
		}
		if l.width == 0 || total < l.width {
			return cols, widths
		}
	}
	return 1, []int{0}
}

// indent pads from column from to column to, with tabs where they fit
// (GNU's default tab size of 8), then spaces; -w 0 uses spaces only.
func (l *lsRun) indent(from, to int) {
	for from < to {
		if l.tabsize > 0 && l.width > 0 && to/l.tabsize > (from+1)/l.tabsize {
			l.out.WriteByte('\t')
			from += l.tabsize - from%l.tabsize
		} else {
			l.out.WriteByte(' ')
			from++
		}
	}
}

// printCommas is -m: "a, b, c" wrapped before the line width.
func (l *lsRun) printCommas(list []lsEntry) {
	cells := l.cells(list)
	pos := 0
	for i, s := range cells {
		if i > 0 {
			if l.width == 0 || pos+len(s)+2 < l.width {
				l.out.WriteString(", ")
				pos += 2
			} else {
				l.out.WriteString(",\n")
				pos = 0
			}
		}
		l.out.WriteString(s)
		pos += len(s)
	}
	if len(cells) > 0 {
		l.out.WriteString("\n")
	}
}
