package all

import (
	"github.com/justbash/justbash/commands/printf"
)
import "testing"

func TestEcho(t *testing.T) {
	runCases(t, []cmdCase{
		{name: "plain", args: []string{"echo", "a", "b"}, out: "a b\n"},
		{name: "n", args: []string{"echo", "-n", "x"}, out: "x"},
		{name: "not-flags", args: []string{"echo", "-", "--", "-x", "-n"}, out: "- -- -x -n\n"},
		// The registered echo is /bin/echo: coreutils' escapes (GNU 9.1).
		{name: "e", args: []string{"echo", "-e", `\101|\0101|\x41|\u00e9|\q|a\tb\E`}, out: "A|A|A|\\u00e9|\\q|a\tb\\E\n"},
		{name: "E-wins", args: []string{"echo", "-eE", `a\nb`}, out: "a\\nb\n"},
		{name: "c", args: []string{"echo", "-e", `a\cb`, "z"}, out: "a"},
		{name: "no-e", args: []string{"echo", `\n`}, out: "\\n\n"},
	})
}

func TestPrintf(t *testing.T) {
	runCases(t, []cmdCase{
		{name: "reuse", args: []string{"printf", "%s %s\n", "a", "b", "c"}, out: "a b\nc \n"},
		{name: "ints", args: []string{"printf", "%d %i %o %x %X %u\n", "0x1F", "010", "8", "255", "255", "-1"}, out: "31 8 10 ff FF 18446744073709551615\n"},
		{name: "flags", args: []string{"printf", "%.3d|%05d|%-5d|%+d|% d|%#x|%#o|%#x\n", "5", "-3", "4", "4", "4", "255", "8", "0"}, out: "005|-0003|4    |+4| 4|0xff|010|0\n"},
		{name: "floats", args: []string{"printf", "%e %g %g %g %G %.2f %10.3e|%-8.2g|\n", "1234.5", "0.0001", "100000", "1e-5", "1e100", "2.345", "12345.678", "0.000123456"},
			out: "1.234500e+03 0.0001 100000 1e-05 1E+100 2.35  1.235e+04|0.00012 |\n"},
		{name: "g-big", args: []string{"printf", "%g %g %#g\n", "1234567", "123456", "1"}, out: "1.23457e+06 123456 1.00000\n"},
		{name: "inf", args: []string{"printf", "%f %5.1f|%e\n", "inf", "-inf", "nan"}, out: "inf  -inf|nan\n"},
		{name: "star", args: []string{"printf", "[%*d][%-*s][%.*s]\n", "5", "42", "4", "ab", "2", "xyz"}, out: "[   42][ab  ][xy]\n"},
		{name: "strings", args: []string{"printf", "%5.2s|%-4c|%c|\n", "abc", "xyz"}, out: "   ab|x   ||\n"},
		{name: "char-code", args: []string{"printf", "%d %x\n", "'a", `"b`}, out: "97 62\n"},
		{name: "b", args: []string{"printf", "%b|\n", `\101\0101\x41\tq`}, out: "AAA\tq|\n"},
		{name: "b-c", args: []string{"printf", "%b|%s\n", `ab\cd`, "x"}, out: "ab"},
		{name: "format-escapes", args: []string{"printf", `\101\0101\x41\u00e9\"\?\c\n`}, out: "A\b1Aé\"?\\c\n"},
		{name: "invalid", args: []string{"printf", "%d|%d\n", "abc", "12abc"}, out: "0|12\n",
			errOut: "printf: abc: invalid number\nprintf: 12abc: invalid number\n", status: 1},
		{name: "bad-octal", args: []string{"printf", "%d\n", "08"}, out: "0\n", errOut: "printf: 08: invalid octal number\n", status: 1},
		{name: "range", args: []string{"printf", "%d\n", "99999999999999999999"}, out: "9223372036854775807\n",
			errOut: "printf: warning: 99999999999999999999: Numerical result out of range\n", status: 0},
		{name: "q", args: []string{"printf", "[%q]", "a b", "it's", "", "a\nb", "~x", "a~", "#a", "*?", "x=y", "é", "\x1b"},
			out: `[a\ b][it\'s][''][$'a\nb'][\~x][a~][\#a][\*\?][x=y][é][$'\E']`},
		{name: "percent", args: []string{"printf", "100%%\n"}, out: "100%\n"},
		{name: "missing-args", args: []string{"printf", "%s|%d|%f\n"}, out: "|0|0.000000\n"},
		{name: "no-conv-args", args: []string{"printf", "hi\n", "x"}, out: "hi\n"},
		{name: "time", args: []string{"printf", "%(%Y-%m-%d %H:%M:%S)T\n", "86400"}, out: "1970-01-02 00:00:00\n"},
		{name: "bad-conv", args: []string{"printf", "a%yb"}, out: "a", errOut: "printf: `y': invalid format character\n", status: 1},
		{name: "dashdash", args: []string{"printf", "--", "%s\n", "x"}, out: "x\n"},
		{name: "usage", args: []string{"printf"}, errOut: "printf: usage: printf [-v var] format [arguments]\n", status: 2},
		{name: "hex-missing", args: []string{"printf", `\x|`}, out: `\x|`, errOut: "printf: missing hex digit for \\x\n", status: 1},
	})
}

func TestPrintfFunc(t *testing.T) {
	out, errs, st := printf.Printf("%s-%d;", []string{"a", "1", "b"})
	if out != "a-1;b-0;" || len(errs) != 0 || st != 0 {
		t.Fatalf("got %q %v %d", out, errs, st)
	}
}
