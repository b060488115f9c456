package printf

import (
	"slices"
	"testing"
)

func TestEcho(t *testing.T) {
	runCases(t, []cmdCase{
		{Name: "plain", Args: []string{"echo", "a", "b"}, Out: "a b\n"},
		{Name: "n", Args: []string{"echo", "-n", "x"}, Out: "x"},
		{Name: "not-flags", Args: []string{"echo", "-", "--", "-x", "-n"}, Out: "- -- -x -n\n"},
		// The registered echo is /bin/echo: coreutils' escapes (GNU 9.1).
		{Name: "e", Args: []string{"echo", "-e", `\101|\0101|\x41|\u00e9|\q|a\tb\E`}, Out: "A|A|A|\\u00e9|\\q|a\tb\\E\n"},
		{Name: "E-wins", Args: []string{"echo", "-eE", `a\nb`}, Out: "a\\nb\n"},
		{Name: "c", Args: []string{"echo", "-e", `a\cb`, "z"}, Out: "a"},
		{Name: "no-e", Args: []string{"echo", `\n`}, Out: "\\n\n"},
	})
}

func TestPrintf(t *testing.T) {
	runCases(t, []cmdCase{
		{Name: "reuse", Args: []string{"printf", "%s %s\n", "a", "b", "c"}, Out: "a b\nc \n"},
		{Name: "ints", Args: []string{"printf", "%d %i %o %x %X %u\n", "0x1F", "010", "8", "255", "255", "-1"}, Out: "31 8 10 ff FF 18446744073709551615\n"},
		{Name: "flags", Args: []string{"printf", "%.3d|%05d|%-5d|%+d|% d|%#x|%#o|%#x\n", "5", "-3", "4", "4", "4", "255", "8", "0"}, Out: "005|-0003|4    |+4| 4|0xff|010|0\n"},
		{Name: "floats", Args: []string{"printf", "%e %g %g %g %G %.2f %10.3e|%-8.2g|\n", "1234.5", "0.0001", "100000", "1e-5", "1e100", "2.345", "12345.678", "0.000123456"},
			Out: "1.234500e+03 0.0001 100000 1e-05 1E+100 2.35  1.235e+04|0.00012 |\n"},
		{Name: "g-big", Args: []string{"printf", "%g %g %#g\n", "1234567", "123456", "1"}, Out: "1.23457e+06 123456 1.00000\n"},
		{Name: "inf", Args: []string{"printf", "%f %5.1f|%e\n", "inf", "-inf", "nan"}, Out: "inf  -inf|nan\n"},
		{Name: "star", Args: []string{"printf", "[%*d][%-*s][%.*s]\n", "5", "42", "4", "ab", "2", "xyz"}, Out: "[   42][ab  ][xy]\n"},
		{Name: "strings", Args: []string{"printf", "%5.2s|%-4c|%c|\n", "abc", "xyz"}, Out: "   ab|x   |\x00|\n"}, // bash: the missing argument's NUL
		{Name: "char-code", Args: []string{"printf", "%d %x\n", "'a", `"b`}, Out: "97 62\n"},
		{Name: "b", Args: []string{"printf", "%b|\n", `\101\0101\x41\tq`}, Out: "AAA\tq|\n"},
		{Name: "b-c", Args: []string{"printf", "%b|%s\n", `ab\cd`, "x"}, Out: "ab"},
		{Name: "percent", Args: []string{"printf", "100%%\n"}, Out: "100%\n"},
		{Name: "missing-args", Args: []string{"printf", "%s|%d|%f\n"}, Out: "|0|0.000000\n"},
		// coreutils 9.1 printf's wording and rules (the command is
		// printf(1); the builtin's are TestPrintfBuiltin's).
		{Name: "invalid", Args: []string{"printf", "%d|%d\n", "abc", "12abc"}, Out: "0|12\n",
			ErrOut: "printf: 'abc': expected a numeric value\nprintf: '12abc': value not completely converted\n", Status: 1},
		{Name: "bad-octal", Args: []string{"printf", "%d\n", "08"}, Out: "0\n", ErrOut: "printf: '08': value not completely converted\n", Status: 1},
		{Name: "range", Args: []string{"printf", "%d\n", "99999999999999999999"}, Out: "9223372036854775807\n",
			ErrOut: "printf: '99999999999999999999': Numerical result out of range\n", Status: 1},
		{Name: "no-conv-args", Args: []string{"printf", "hi\n", "x", "y"}, Out: "hi\n", ErrOut: "printf: warning: ignoring excess arguments, starting with 'x'\n"},
		{Name: "bad-conv", Args: []string{"printf", "a%yb"}, Out: "a", ErrOut: "printf: %y: invalid conversion specification\n", Status: 1},
		{Name: "usage", Args: []string{"printf"}, ErrOut: "printf: missing operand\nTry 'printf --help' for more information.\n", Status: 1},
		{Name: "q", Args: []string{"printf", "[%q]", "a b", "it's", "", "a\nb", "~x", "a~", "#a", "*?", "x=y"},
			Out: `['a b']["it's"]['']['a'$'\n''b']['~x'][a~]['#a']['*?']['x=y']`},
		{Name: "format-escapes-c", Args: []string{"printf", `\101\0101\x41\u00e9\"\?\c\n`}, Out: "A\b1A\u00e9\"\\?"},
		{Name: "dashdash", Args: []string{"printf", "--", "%s\n", "x"}, Out: "x\n"},
		{Name: "hex-missing", Args: []string{"printf", `\x|`}, Out: `\x|`, ErrOut: "printf: missing hex digit for \\x\n", Status: 1},
	})
}

// TestPrintfBuiltin: PrintfZone, which the shell's builtin calls, keeps
// bash 5.2's wording and rules.
func TestPrintfBuiltin(t *testing.T) {
	rows := []struct {
		format string
		args   []string
		out    string
		errs   []string
		status int
	}{
		{"%d|%d\n", []string{"abc", "12abc"}, "0|12\n", []string{"abc: invalid number", "12abc: invalid number"}, 1},
		{"%d\n", []string{"08"}, "0\n", []string{"08: invalid octal number"}, 1},
		{"%d\n", []string{"99999999999999999999"}, "9223372036854775807\n", []string{"warning: 99999999999999999999: Numerical result out of range"}, 0},
		{"hi\n", []string{"x"}, "hi\n", nil, 0},
		{"%(%Y-%m-%d %H:%M:%S)T\n", []string{"86400"}, "1970-01-02 00:00:00\n", nil, 0},
		{"a%yb", nil, "a", []string{"`y': invalid format character"}, 1},
		{"[%q]", []string{"a b", "it's", "", "a\nb", "~x", "a~", "#a", "*?", "x=y", "é", "\x1b"}, `[a\ b][it\'s][''][$'a\nb'][\~x][a~][\#a][\*\?][x=y][é][$'\E']`, nil, 0},
		{`\101\0101\x41\u00e9\"\?\c\n`, nil, "A\b1Aé\"?\\c\n", nil, 0},
	}
	for _, r := range rows {
		out, errs, st, err := PrintfZone(r.format, r.args, 0, nil)
		if err != nil || out != r.out || !slices.Equal(errs, r.errs) || st != r.status {
			t.Errorf("printf %q %q: %q %q %d %v; bash %q %q %d", r.format, r.args, out, errs, st, err, r.out, r.errs, r.status)
		}
	}
}

func TestPrintfFunc(t *testing.T) {
	out, errs, st := Printf("%s-%d;", []string{"a", "1", "b"})
	if out != "a-1;b-0;" || len(errs) != 0 || st != 0 {
		t.Fatalf("got %q %v %d", out, errs, st)
	}
}
