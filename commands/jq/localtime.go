package jq

import (
	"strings"
	"time"

	"github.com/justbash/justbash/commands/internal/tz"
)

// gojq's localtime, strflocaltime and mktime-of-local use time.Local, the
// host's zone (read from /etc/localtime). The sandbox has its own zone, the
// TZ variable (UTC when unset), so those builtins are redefined in jq on
// top of the UTC ones, with two helpers that know the sandbox zone:
//
//	_jb_local: epoch seconds shifted by the zone's offset at that instant,
//	           so gmtime/strftime of it show the local wall clock;
//	_jb_zfmt(f): the format f with %Z and %z replaced by the zone's name
//	           and offset at the input instant (strftime would say UTC).
const localDefs = "def localtime: _jb_local | gmtime; " +
	"def strflocaltime($f): if type == \"number\" then (_jb_zfmt($f)) as $g | _jb_local | strftime($g) " +
	"else (mktime | _jb_unlocal | _jb_zfmt($f)) as $g | strftime($g) end; "

// zone is the sandbox's location.
func (r *runner) zone() *time.Location {
	if r.loc == nil {
		r.loc = tz.Load(r.c.Getenv("TZ"))
	}
	return r.loc
}

func epochOf(v any) (float64, bool) {
	switch n := v.(type) {
	case int:
		return float64(n), true
	case float64:
		return n, true
	}
	return 0, false
}

func (r *runner) offsetAt(sec float64) int {
	_, off := time.Unix(int64(sec), 0).In(r.zone()).Zone()
	return off
}

// jbLocal shifts epoch seconds to the local wall clock.
func (r *runner) jbLocal(v any, _ []any) any {
	sec, ok := epochOf(v)
	if !ok {
		return v // gmtime reports the type error
	}
	return sec + float64(r.offsetAt(sec))
}

// jbUnlocal turns a wall-clock "epoch" (mktime of a local broken-down
// time) back into a real instant, using the offset near that instant.
func (r *runner) jbUnlocal(v any, _ []any) any {
	sec, ok := epochOf(v)
	if !ok {
		return v
	}
	return sec - float64(r.offsetAt(sec-float64(r.offsetAt(sec))))
}

// jbZfmt substitutes %Z and %z for the zone at the input instant.
func (r *runner) jbZfmt(v any, args []any) any {
	f, ok := args[0].(string)
	sec, isNum := epochOf(v)
	if !ok || !isNum {
		return args[0]
	}
	name, off := time.Unix(int64(sec), 0).In(r.zone()).Zone()
	sign := byte('+')
	if off < 0 {
		sign, off = '-', -off
	}
	z := string(sign) + twoDigits(off/3600) + twoDigits(off/60%60)
	var b strings.Builder
	for i := 0; i < len(f); i++ {
		if f[i] == '%' && i+1 < len(f) {
			switch f[i+1] {
			case 'Z':
				b.WriteString(strings.ReplaceAll(name, "%", "%%"))
				i++
				continue
			case 'z':
				b.WriteString(z)
				i++
				continue
			default:
				b.WriteByte('%')
				b.WriteByte(f[i+1])
				i++
				continue
			}
		}
		b.WriteByte(f[i])
	}
	return b.String()
}

func twoDigits(n int) string { return string([]byte{byte('0' + n/10%10), byte('0' + n%10)}) }
