package timefmt

import (
	"fmt"
	"strings"
	"time"
)

// Strftime formats t with C strftime conversions in the C locale.
// Unknown conversions are copied through, as glibc does.
func Strftime(format string, t time.Time) string {
	var b strings.Builder
	for i := 0; i < len(format); i++ {
		if format[i] != '%' || i+1 >= len(format) {
			b.WriteByte(format[i])
			continue
		}
		i++
		// glibc flags: '-' no padding, '_' space padding, '0' zero padding.
		pad := byte(0)
		if strings.IndexByte("-_0^#", format[i]) >= 0 && i+1 < len(format) {
			pad = format[i]
			i++
		}
		b.WriteString(strftimeOne(format[i], pad, t))
	}
	return b.String()
}

// num formats n with width w and the default pad character def.
func num(n, w int, def, pad byte) string {
	switch pad {
	case '-':
		return fmt.Sprint(n)
	case '_':
		def = ' '
	case '0':
		def = '0'
	}
	if def == ' ' {
		return fmt.Sprintf("%*d", w, n)
	}
	return fmt.Sprintf("%0*d", w, n)
}

func strftimeOne(c, pad byte, t time.Time) string {
	switch c {
	case 'a':
		return t.Format("Mon")
	case 'A':
		return t.Format("Monday")
	case 'b', 'h':
		return t.Format("Jan")
	case 'B':
		return t.Format("January")
	case 'c':
		return t.Format("Mon Jan _2 15:04:05 2006")
	case 'C':
		return num(t.Year()/100, 2, '0', pad)
	case 'd':
		return num(t.Day(), 2, '0', pad)
	case 'D', 'x':
		return t.Format("01/02/06")
	case 'e':
		return num(t.Day(), 2, ' ', pad)
	case 'F':
		return fmt.Sprintf("%d-%02d-%02d", t.Year(), t.Month(), t.Day())
	case 'g':
		y, _ := t.ISOWeek()
		return num(y%100, 2, '0', pad)
	case 'G':
		y, _ := t.ISOWeek()
		return fmt.Sprint(y)
	case 'H':
		return num(t.Hour(), 2, '0', pad)
	case 'I':
		return num(hour12(t), 2, '0', pad)
	case 'j':
		return num(t.YearDay(), 3, '0', pad)
	case 'k':
		return num(t.Hour(), 2, ' ', pad)
	case 'l':
		return num(hour12(t), 2, ' ', pad)
	case 'm':
		return num(int(t.Month()), 2, '0', pad)
	case 'M':
		return num(t.Minute(), 2, '0', pad)
	case 'n':
		return "\n"
	case 'N':
		return fmt.Sprintf("%09d", t.Nanosecond())
	case 'p':
		return t.Format("PM")
	case 'P':
		return strings.ToLower(t.Format("PM"))
	case 'r':
		return t.Format("03:04:05 PM")
	case 'R':
		return t.Format("15:04")
	case 's':
		return fmt.Sprint(t.Unix())
	case 'S':
		return num(t.Second(), 2, '0', pad)
	case 't':
		return "\t"
	case 'T', 'X':
		return t.Format("15:04:05")
	case 'u':
		wd := int(t.Weekday())
		if wd == 0 {
			wd = 7
		}
		return fmt.Sprint(wd)
	case 'U':
		return num((t.YearDay()+6-int(t.Weekday()))/7, 2, '0', pad)
	case 'V':
		_, w := t.ISOWeek()
		return num(w, 2, '0', pad)
	case 'w':
		return fmt.Sprint(int(t.Weekday()))
	case 'W':
		return num((t.YearDay()+6-(int(t.Weekday())+6)%7)/7, 2, '0', pad)
	case 'y':
		return num(t.Year()%100, 2, '0', pad)
	case 'Y':
		return fmt.Sprint(t.Year())
	case 'z':
		return t.Format("-0700")
	case 'Z':
		return t.Format("MST")
	case '%':
		return "%"
	}
	return "%" + string(c)
}

func hour12(t time.Time) int {
	h := t.Hour() % 12
	if h == 0 {
		h = 12
	}
	return h
}
