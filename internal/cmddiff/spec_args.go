package main

// Commands driven by their arguments (printf, expr, test, date) and the
// byte-level viewers and formatters (rev, od, xxd, column).

// dateLead draws date's operands: always a fixed -d DATE or -r FILE (the
// clock is never read), then perhaps a +FORMAT.
func dateLead(g *Gen) []Word {
	src := g.pick("-d 2024-02-29T13:45:00", "-d @0", "-d @1700000000", "-d '2021-03-04 05:06:07 +0200'",
		"-d 'Mon, 01 Jan 2024 00:00:00 +0100'", "-d 2024-13-01", "-d bogus", "-r t/a.txt", "-r nope",
		"-d '2024-01-31 12:00 UTC'", "-d @-1", "--date=1999-12-31")
	ws := []Word{{Text: src, Tag: "date", Keep: true}}
	if !g.chance(3) {
		f := g.pick("+%Y-%m-%d %H:%M:%S", "+%s", "+%a %b %e %j %U %W %V %G %u %w", "+%F %T %z %Z", "+%%",
			"+%N", "+%-d/%_m/%05Y", "+%q %C %y %D %r", "+%:z %::z %P %p %I %l", "+%x %X %c", "+%B %A %h %n%t|",
			"+%10A|%-e|%^b|%#Z")
		ws = append(ws, Word{Text: q(f), Tag: "fmt", Keep: true})
	}
	return ws
}

func init() {
	specs = append(specs,
		&Spec{Name: "printf", Invoke: "env printf", NoPipe: true, Lead: lead("fmt",
			[]string{`%s\n`, "a", "b"}, []string{`%d\n`, "42", "x"}, []string{`%5.2f|%-4s|\n`, "3.14159", "ab"},
			[]string{`%x %o %X %#x\n`, "255", "8", "255", "255"}, []string{`%b\n`, `a\tb\n\0101`}, []string{`%q\n`, "a b"},
			[]string{`%c%c\n`, "hi"}, []string{`%e %E\n`, "1234.5", "0.001"}, []string{`%i\n`, "0x10"}, []string{`%d\n`, "'A"},
			[]string{"%s"}, []string{"%"}, []string{"%z"}, []string{`\x41\101\u00e9\n`}, []string{`%*d|%-*d|\n`, "5", "3", "4", "2"},
			[]string{`%.3s\n`, "abcdef"}, []string{`%5%\n`}, []string{`%d %d\n`, "1"}, []string{`%u\n`, "-1"}, []string{`%g %G\n`, "1e100", "0.0001"},
			[]string{`%s\n`}, []string{}, []string{`%d\n`, "99999999999999999999"}, []string{`%.2d|%+d|% d\n`, "5", "5", "5"},
			[]string{`%s %s\n`, "a", "b", "c"}, []string{`%a\n`, "1"}, []string{`\c%s`, "x"}, []string{`%b`, `x\cy`},
			[]string{`%08.3f|%-8.3e|\n`, "-3.5", "12"}, []string{`%ld %hd\n`, "1", "2"}, []string{"--", `%s\n`, "x"},
		)},
		&Spec{Name: "expr", NoPipe: true, Lead: lead("expr",
			[]string{"1", "+", "2"}, []string{"5", "/", "0"}, []string{"a", "<", "b"}, []string{"length", "abc"},
			[]string{"substr", "hello", "2", "3"}, []string{"index", "abc", "c"}, []string{"match", "abc", "a.*"},
			[]string{"abc", ":", `a\(.\)`}, []string{"2", "*", "3"}, []string{"(", "1", "+", "2", ")", "*", "3"},
			[]string{"0"}, []string{""}, []string{"1", "+"}, []string{"x", "+", "1"}, []string{"9999999999999999999", "+", "1"},
			[]string{"7", "%", "-2"}, []string{"1", "=", "1"}, []string{"a", "|", "b"}, []string{"", "&", "b"}, []string{"--", "-1"},
			[]string{}, []string{"10", "-", "20"}, []string{"abc", ":", "x*"}, []string{"3", ">", "10"}, []string{"a", ">", "10"},
			[]string{"(", "1"}, []string{"1", "2"}, []string{"+", "length"}, []string{"-5", "/", "2"}, []string{"0", "|", "0"},
		)},
		// test is bash's builtin on both sides: the sandbox has no test
		// command for env or find -exec to run.
		&Spec{Name: "test", NoPipe: true, Lead: lead("expr",
			[]string{"-f", "t/a.txt"}, []string{"-d", "t"}, []string{"-e", "nope"}, []string{"-s", "t/z.txt"},
			[]string{"-L", "t/link"}, []string{"a", "=", "a"}, []string{"a", "!=", "b"}, []string{"1", "-lt", "2"},
			[]string{"x", "-eq", "1"}, []string{"-n", ""}, []string{"-z", ""}, []string{"!", "-f", "t"},
			[]string{"-f", "t/a.txt", "-a", "-d", "t"}, []string{"(", "1", "-gt", "2", ")", "-o", "a"}, []string{},
			[]string{"a"}, []string{"-f"}, []string{"t/a.txt", "-nt", "t/b.log"}, []string{"t/b.log", "-ot", "t/a.txt"},
			[]string{"1", "-eq"}, []string{"a", "b", "c"}, []string{"t/a.txt", "-ef", "t/link"}, []string{"-h", "t/a.txt"},
			[]string{" 1", "-eq", "1 "}, []string{"-1", "-ge", "-2"}, []string{"(", "a", ")"}, []string{"!"}, []string{"a", "<", "b"},
		)},
		&Spec{Name: "date", NoPipe: true, Opts: []Opt{
			{Short: 'u', Long: "utc"}, {Short: 'R', Long: "rfc-email"},
			{Long: "rfc-3339", Arg: oneOf("date", "seconds", "ns", "bad")},
			{Long: "iso-8601", Arg: oneOf("date", "hours", "minutes", "seconds", "ns")},
		}, Lead: dateLead},
		&Spec{Name: "rev", Files: textFiles, MaxFiles: 2, Opts: []Opt{{Short: '0', Long: "zero"}}},
		&Spec{Name: "od", Files: []string{"lines", "nul", "utf8", "empty", "noeol", "b64"}, MaxFiles: 2, Opts: []Opt{
			{Short: 'c'}, {Short: 'x'}, {Short: 'b'}, {Short: 'd'}, {Short: 'o'}, {Short: 'v', Long: "output-duplicates"},
			{Short: 'A', Long: "address-radix", Arg: oneOf("x", "d", "o", "n", "q")},
			{Short: 't', Long: "format", Arg: oneOf("x1", "d2", "c", "a", "o4", "u1", "f4", "x8", "x1z", "q")},
			{Short: 'N', Long: "read-bytes", Arg: oneOf("5", "0", "x")}, {Short: 'j', Long: "skip-bytes", Arg: oneOf("3", "100")},
			{Short: 'w', Long: "width", Arg: oneOf("8", "4", "3")}, {Long: "endian", Arg: oneOf("big", "little")},
		}},
		&Spec{Name: "xxd", Files: []string{"lines", "nul", "utf8", "empty", "noeol"}, MaxFiles: 1, Opts: []Opt{
			{Short: 'p'}, {Short: 'u'}, {Short: 'b'}, {Short: 'e'},
			{Short: 'c', Arg: oneOf("4", "8", "0")}, {Short: 'g', Arg: oneOf("2", "4", "0")},
			{Short: 'l', Arg: oneOf("10", "0")}, {Short: 's', Arg: oneOf("3", "100")},
		}},
		&Spec{Name: "column", Files: []string{"words", "tabs", "fields", "empty", "lines", "utf8"}, MaxFiles: 2, Opts: []Opt{
			{Short: 't', Long: "table"}, {Short: 's', Long: "separator", Arg: oneOf(":", " ", "\t")},
			{Short: 'o', Long: "output-separator", Arg: oneOf("|", " - ")}, {Short: 'c', Long: "output-width", Arg: oneOf("20", "40", "x")},
			{Short: 'x', Long: "fillrows"}, {Short: 'N', Long: "table-columns", Arg: oneOf("A,B,C")},
			{Short: 'R', Long: "table-right", Arg: oneOf("1", "2")},
		}},
	)
}
