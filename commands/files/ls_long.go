package files

import (
	"github.com/justbash/justbash/commands/internal/fileinfo"
	"github.com/justbash/justbash/commands/internal/identity"
	"github.com/justbash/justbash/commands/internal/sizes"
	"github.com/justbash/justbash/commands/internal/timefmt"

	"fmt"
	"io/fs"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// printLong writes GNU's -l columns, each padded to its widest value:
// [inode] [blocks] mode links owner group size date name [-> target].
func (l *lsRun) printLong(list []lsEntry) {
	pre := l.prefixes(list)
	row := func(e lsEntry) [4]string {
		owner, group := l.owners(e.info)
		return [4]string{strconv.FormatUint(nlinkOf(e.info), 10), owner, group, l.sizeColumn(e.info)}
	}
	rows := make([][4]string, len(list))
	var w [4]int
	for i, e := range list {
		rows[i] = row(e)
		for j, s := range rows[i] {
			w[j] = max(w[j], len(s))
		}
	}
	for _, e := range l.widthFrom {
		for j, s := range row(e) {
			w[j] = max(w[j], len(s))
		}
	}
	var b strings.Builder
	for i, e := range list {
		r := rows[i]
		b.Reset()
		b.WriteString(pre[i])
		b.WriteString(fileinfo.ModeString(e.info.Mode()))
		fmt.Fprintf(&b, " %*s ", w[0], r[0])
		if !l.noOwner {
			fmt.Fprintf(&b, "%-*s ", w[1], r[1])
		}
		if !l.noGroup {
			fmt.Fprintf(&b, "%-*s ", w[2], r[2])
		}
		fmt.Fprintf(&b, "%*s %s %s", w[3], r[3], l.date(l.timeOf(e)), l.quote(e.name))
		if e.info.Mode()&fs.ModeSymlink != 0 {
			if e.target != "" {
				b.WriteString(" -> " + l.quote(e.target) + l.suffix(e.targetInfo))
			}
		} else {
			b.WriteString(l.suffix(e.info))
		}
		b.WriteByte('\n')
		l.out.WriteString(b.String())
	}
}

// sizeColumn is the byte size, or "major, minor" for device files.
func (l *lsRun) sizeColumn(fi fs.FileInfo) string {
	if fi.Mode()&fs.ModeDevice != 0 {
		rdev := fileinfo.StatOf(fi).Rdev
		major := (rdev>>8)&0xfff | (rdev>>32)&^0xfff
		minor := rdev&0xff | (rdev>>12)&^0xff
		return fmt.Sprintf("%d, %d", major, minor)
	}
	return l.sizeText(fi.Size())
}

func (l *lsRun) owners(fi fs.FileInfo) (string, string) {
	uid, gid := uint32(1000), uint32(1000)
	if st, ok := fi.Sys().(*syscall.Stat_t); ok {
		uid, gid = st.Uid, st.Gid
	}
	if l.numeric {
		return fmt.Sprint(uid), fmt.Sprint(gid)
	}
	return identity.Name(uid), identity.Name(gid)
}

func nlinkOf(fi fs.FileInfo) uint64 {
	if st, ok := fi.Sys().(*syscall.Stat_t); ok && st.Nlink > 0 {
		return uint64(st.Nlink)
	}
	return 1
}

// totalBlocks sums 512-byte blocks for the "total" line.
func (l *lsRun) totalBlocks(list []lsEntry) int64 {
	var n int64
	for _, e := range list {
		n += fileinfo.StatOf(e.info).Blocks
	}
	return n
}

// blockText shows a count of 512-byte blocks in 1K units (rounded up), or
// human-readable with -h/--si.
func (l *lsRun) blockText(blocks int64) string {
	if l.human != 0 {
		return sizes.HumanBase(blocks*512, l.human)
	}
	return strconv.FormatInt((blocks+1)/2, 10)
}

// date formats a timestamp in the selected --time-style. The default
// shows "Mon DD HH:MM" within the last six months and "Mon DD  YYYY"
// otherwise, in the sandbox TZ (UTC unless set).
func (l *lsRun) date(t time.Time) string {
	t = t.In(l.loc)
	if t.After(l.now) {
		// A file may have been touched after ls started: look again once.
		l.now = time.Now().UTC()
	}
	sixMonths := time.Duration(31556952/2) * time.Second
	recent := t.After(l.now.Add(-sixMonths)) && !t.After(l.now)
	var old, rec string
	switch s := l.timeStyle; {
	case s == "full-iso":
		old, rec = "%Y-%m-%d %H:%M:%S.%N %z", "%Y-%m-%d %H:%M:%S.%N %z"
	case s == "long-iso":
		old, rec = "%Y-%m-%d %H:%M", "%Y-%m-%d %H:%M"
	case s == "iso":
		old, rec = "%Y-%m-%d ", "%m-%d %H:%M"
	case strings.HasPrefix(s, "+"):
		var two bool
		old, rec, two = strings.Cut(s[1:], "\n")
		if !two {
			rec = old
		}
	default:
		old, rec = "%b %e  %Y", "%b %e %H:%M"
	}
	if recent {
		return timefmt.DateFormat(rec, t)
	}
	return timefmt.DateFormat(old, t)
}

// sizeText renders a byte size, with -h as GNU does (ceiling, one decimal
// below 10).
func (l *lsRun) sizeText(n int64) string {
	if l.human == 0 {
		return strconv.FormatInt(n, 10)
	}
	return sizes.HumanBase(n, l.human)
}
