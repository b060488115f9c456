package commands

import (
	"fmt"
	"io/fs"
	"math"
	"strconv"
	"syscall"
	"time"
)

// printLong writes GNU's -l columns, each padded to its widest value.
func (l *lsRun) printLong(list []lsEntry) {
	rows := make([][5]string, len(list))
	var w [5]int
	for i, e := range list {
		owner, group := l.owners(e.info)
		rows[i] = [5]string{modeString(e.info.Mode()), strconv.FormatUint(nlinkOf(e.info), 10),
			owner, group, l.sizeText(e.info.Size(), false)}
		for j, s := range rows[i] {
			w[j] = max(w[j], len(s))
		}
	}
	for i, e := range list {
		r := rows[i]
		line := fmt.Sprintf("%s %*s ", r[0], w[1], r[1])
		if !l.f.has("g") {
			line += fmt.Sprintf("%-*s ", w[2], r[2])
		}
		if !l.f.has("o") {
			line += fmt.Sprintf("%-*s ", w[3], r[3])
		}
		line += fmt.Sprintf("%*s %s %s%s", w[4], r[4], l.date(e.info.ModTime()), e.name, l.suffix(e))
		if e.target != "" && e.info.Mode()&fs.ModeSymlink != 0 {
			line += " -> " + e.target
		}
		l.out.WriteString(line + "\n")
	}
}

func (l *lsRun) owners(fi fs.FileInfo) (string, string) {
	uid, gid := uint32(1000), uint32(1000)
	if st, ok := fi.Sys().(*syscall.Stat_t); ok {
		uid, gid = st.Uid, st.Gid
	}
	if l.f.has("n") {
		return fmt.Sprint(uid), fmt.Sprint(gid)
	}
	return idName(uid), idName(gid)
}

// idName names the sandbox's users: root and the single user "user".
func idName(id uint32) string {
	switch id {
	case 0:
		return "root"
	case 1000:
		return "user"
	}
	return strconv.FormatUint(uint64(id), 10)
}

func nlinkOf(fi fs.FileInfo) uint64 {
	if st, ok := fi.Sys().(*syscall.Stat_t); ok && st.Nlink > 0 {
		return uint64(st.Nlink)
	}
	return 1
}

// totalBlocks sums 1K blocks for the "total" line.
func (l *lsRun) totalBlocks(list []lsEntry) int64 {
	var n int64
	for _, e := range list {
		if st, ok := e.info.Sys().(*syscall.Stat_t); ok {
			n += (st.Blocks + 1) / 2
		} else if e.info.Mode().IsRegular() {
			n += (e.info.Size() + 1023) / 1024
		}
	}
	return n
}

// date prints "Mon DD HH:MM" for the last six months, else "Mon DD  YYYY".
func (l *lsRun) date(t time.Time) string {
	t = t.UTC()
	sixMonths := time.Duration(31556952/2) * time.Second
	if t.After(l.now.Add(-sixMonths)) && !t.After(l.now.Add(time.Minute)) {
		return t.Format("Jan _2 15:04")
	}
	return t.Format("Jan _2  2006")
}

// sizeText renders a size, with -h as GNU does (ceiling, one decimal
// below 10).
func (l *lsRun) sizeText(n int64, total bool) string {
	if !l.human {
		if total {
			return strconv.FormatInt(n/1024, 10)
		}
		return strconv.FormatInt(n, 10)
	}
	return humanSize(n)
}

func humanSize(n int64) string {
	if n < 1024 {
		return strconv.FormatInt(n, 10)
	}
	v := float64(n)
	units := "KMGTPE"
	u := -1
	for v >= 1024 && u < len(units)-1 {
		v /= 1024
		u++
	}
	if v < 10 {
		v = math.Ceil(v*10) / 10
		if v < 10 {
			return fmt.Sprintf("%.1f%c", v, units[u])
		}
	}
	v = math.Ceil(v)
	if v >= 1024 && u < len(units)-1 {
		return fmt.Sprintf("1.0%c", units[u+1])
	}
	return fmt.Sprintf("%.0f%c", v, units[u])
}

// modeString is ls's ten-character mode column.
func modeString(m fs.FileMode) string {
	b := []byte("----------")
	switch {
	case m.IsDir():
		b[0] = 'd'
	case m&fs.ModeSymlink != 0:
		b[0] = 'l'
	case m&fs.ModeCharDevice != 0:
		b[0] = 'c'
	case m&fs.ModeDevice != 0:
		b[0] = 'b'
	case m&fs.ModeNamedPipe != 0:
		b[0] = 'p'
	case m&fs.ModeSocket != 0:
		b[0] = 's'
	}
	const rwx = "rwxrwxrwx"
	for i := 0; i < 9; i++ {
		if m&(1<<uint(8-i)) != 0 {
			b[i+1] = rwx[i]
		}
	}
	special := func(pos int, on bool, lower byte) {
		if !on {
			return
		}
		if b[pos] == 'x' {
			b[pos] = lower
		} else {
			b[pos] = lower - 32
		}
	}
	special(3, m&fs.ModeSetuid != 0, 's')
	special(6, m&fs.ModeSetgid != 0, 's')
	special(9, m&fs.ModeSticky != 0, 't')
	return string(b)
}
