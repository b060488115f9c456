package timefmt

import (
	"fmt"
	"strings"
	"time"
)

// DateFormat is date(1)'s +FORMAT: Strftime plus the GNU extensions
// %:z %::z %:::z, %q, %N with a width, and the ^ (upper case) and #
// (swap case) flags and field widths.
func DateFormat(format string, t time.Time) string {
	var b strings.Builder
	for i := 0; i < len(format); i++ {
		if format[i] != '%' || i+1 >= len(format) {
			b.WriteByte(format[i])
			continue
		}
		j := i + 1
		var flag byte
		for j < len(format) && strings.IndexByte("-_0^#", format[j]) >= 0 {
			flag = format[j]
			j++
		}
		w := 0
		for j < len(format) && format[j] >= '0' && format[j] <= '9' {
			w = w*10 + int(format[j]-'0')
			j++
		}
		colons := 0
		for j < len(format) && format[j] == ':' {
			colons++
			j++
		}
		if j >= len(format) {
			b.WriteString(format[i:])
			break
		}
		conv := format[j]
		i = j
		b.WriteString(dateDirective(conv, flag, w, colons, t))
	}
	return b.String()
}

func dateDirective(conv, flag byte, w, colons int, t time.Time) string {
	var s string
	switch {
	case conv == 'z' && colons > 0:
		_, off := t.Zone()
		sign := '+'
		if off < 0 {
			sign, off = '-', -off
		}
		switch colons {
		case 1:
			s = fmt.Sprintf("%c%02d:%02d", sign, off/3600, off/60%60)
		case 2:
			s = fmt.Sprintf("%c%02d:%02d:%02d", sign, off/3600, off/60%60, off%60)
		default:
			s = fmt.Sprintf("%c%02d", sign, off/3600)
			if off%3600 != 0 {
				s += fmt.Sprintf(":%02d", off/60%60)
			}
		}
	case colons > 0:
		return "%" + strings.Repeat(":", colons) + string(conv)
	case conv == 'q':
		s = fmt.Sprint((int(t.Month())-1)/3 + 1)
	case conv == 'N':
		s = fmt.Sprintf("%09d", t.Nanosecond())
		if w > 0 && w < 9 {
			return s[:w]
		}
		if flag == '-' {
			return strings.TrimRight(s, "0")
		}
		return s
	default:
		pad := flag
		if pad == '^' || pad == '#' {
			pad = 0
		}
		if pad != 0 {
			s = Strftime("%"+string(pad)+string(conv), t)
		} else {
			s = Strftime("%"+string(conv), t)
		}
	}
	switch flag {
	case '^':
		s = strings.ToUpper(s)
	case '#':
		if conv == 'Z' || conv == 'p' {
			s = strings.ToLower(s)
		} else {
			s = strings.ToUpper(s)
		}
	}
	if w > len(s) {
		padc := " "
		if flag == '0' || flag != '_' && strings.IndexByte("CdgGHIjmMSUVWyYsNz", conv) >= 0 {
			padc = "0"
		}
		if padc == "0" && s != "" && (s[0] == '-' || s[0] == '+') {
			return s[:1] + strings.Repeat("0", w-len(s)) + s[1:]
		}
		return strings.Repeat(padc, w-len(s)) + s
	}
	return s
}
