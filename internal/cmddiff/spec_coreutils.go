package main

// The coreutils text tools.

// textFiles are the fixtures line tools read.
var textFiles = []string{"lines", "words", "dups", "fields", "tabs", "nums", "empty", "noeol", "crlf", "nul", "long", "utf8"}

// count draws a count: valid, signed, suffixed, huge or invalid.
var count = oneOf("0", "1", "2", "3", "5", "-2", "+2", "x", "1K", "2b", "99999999999999999999", "", "1.5")

// smallCount is a count that must be a plain non-negative number.
var smallCount = oneOf("0", "1", "2", "4", "8", "-1", "x", "")

func init() {
	specs = append(specs,
		&Spec{Name: "cat", Files: textFiles, MaxFiles: 2, Opts: []Opt{
			{Short: 'n', Long: "number"}, {Short: 'b', Long: "number-nonblank"},
			{Short: 's', Long: "squeeze-blank"}, {Short: 'E', Long: "show-ends"},
			{Short: 'T', Long: "show-tabs"}, {Short: 'A', Long: "show-all"},
			{Short: 'v', Long: "show-nonprinting"}, {Short: 'e'}, {Short: 't'}, {Short: 'u'},
		}},
		&Spec{Name: "head", Files: textFiles, MaxFiles: 2, Opts: []Opt{
			{Short: 'n', Long: "lines", Arg: count}, {Short: 'c', Long: "bytes", Arg: count},
			{Short: 'q', Long: "quiet"}, {Short: 'v', Long: "verbose"},
			{Short: 'z', Long: "zero-terminated"},
		}},
		&Spec{Name: "tail", Files: textFiles, MaxFiles: 2, Opts: []Opt{
			{Short: 'n', Long: "lines", Arg: count}, {Short: 'c', Long: "bytes", Arg: count},
			{Short: 'q', Long: "quiet"}, {Short: 'v', Long: "verbose"},
			{Short: 'z', Long: "zero-terminated"},
		}},
		&Spec{Name: "wc", Files: textFiles, MaxFiles: 2, Opts: []Opt{
			{Short: 'l', Long: "lines"}, {Short: 'w', Long: "words"}, {Short: 'c', Long: "bytes"},
			{Short: 'm', Long: "chars"}, {Short: 'L', Long: "max-line-length"},
			{Long: "total", Arg: oneOf("auto", "always", "only", "never", "bad")},
		}},
		&Spec{Name: "sort", Files: textFiles, MaxFiles: 2, Opts: []Opt{
			{Short: 'n', Long: "numeric-sort"}, {Short: 'r', Long: "reverse"},
			{Short: 'u', Long: "unique"}, {Short: 'f', Long: "ignore-case"},
			{Short: 'b', Long: "ignore-leading-blanks"}, {Short: 'g', Long: "general-numeric-sort"},
			{Short: 'h', Long: "human-numeric-sort"}, {Short: 'V', Long: "version-sort"},
			{Short: 's', Long: "stable"}, {Short: 'c', Long: "check"}, {Short: 'z', Long: "zero-terminated"},
			{Short: 'k', Long: "key", Arg: oneOf("1", "2", "2n", "1,1", "2,2n", "1.2", "3r", "0", "x", "2.1b,2")},
			{Short: 't', Long: "field-separator", Arg: oneOf(":", " ", "\t", "ab", "")},
			{Short: 'd', Long: "dictionary-order"}, {Short: 'i', Long: "ignore-nonprinting"},
		}},
		&Spec{Name: "uniq", Files: textFiles, MaxFiles: 1, Opts: []Opt{
			{Short: 'c', Long: "count"}, {Short: 'd', Long: "repeated"}, {Short: 'u', Long: "unique"},
			{Short: 'i', Long: "ignore-case"}, {Short: 'D'},
			{Short: 'f', Long: "skip-fields", Arg: smallCount}, {Short: 's', Long: "skip-chars", Arg: smallCount},
			{Short: 'w', Long: "check-chars", Arg: smallCount}, {Short: 'z', Long: "zero-terminated"},
			{Long: "group", Arg: oneOf("separate", "prepend", "append", "both", "bad")},
		}},
		&Spec{Name: "cut", Files: textFiles, MaxFiles: 2, Opts: []Opt{
			{Short: 'f', Long: "fields", Arg: oneOf("1", "2", "1,3", "2-", "-2", "1-2,4", "0", "x", "3-1", "")},
			{Short: 'd', Long: "delimiter", Arg: oneOf(":", " ", "\t", "ab", "")},
			{Short: 'c', Long: "characters", Arg: oneOf("1", "2-3", "-2", "5-", "1,3", "0", "")},
			{Short: 'b', Long: "bytes", Arg: oneOf("1", "2-3", "-2", "5-", "0")},
			{Short: 's', Long: "only-delimited"}, {Long: "complement"},
			{Long: "output-delimiter", Arg: oneOf("|", "", "--")},
			{Short: 'z', Long: "zero-terminated"},
		}},
		&Spec{Name: "tr", Stdin: textFiles, Opts: []Opt{
			{Short: 'd', Long: "delete"}, {Short: 's', Long: "squeeze-repeats"},
			{Short: 'c', Long: "complement"}, {Short: 't', Long: "truncate-set1"},
		}, Lead: lead("sets",
			[]string{"a-z", "A-Z"}, []string{"[:lower:]", "[:upper:]"}, []string{"abc", "xy"},
			[]string{`\n`, " "}, []string{"[:digit:]"}, []string{"a-"}, []string{"z-a", "x"},
			[]string{"[=a=]", "b"}, []string{"[:space:]"}, []string{"l", ""}, []string{"a", "b", "c"},
			[]string{`\0`, "@"}, []string{"[a*]", "x"}, []string{"[:alpha:]", "[x*]"}, []string{},
			[]string{"[:bogus:]"}, []string{`\`, "y"},
		)},
		&Spec{Name: "tac", Files: textFiles, MaxFiles: 2, Opts: []Opt{
			{Short: 'b', Long: "before"}, {Short: 'r', Long: "regex"},
			{Short: 's', Long: "separator", Arg: oneOf("l", ":", "", "[0-9]", "1")},
		}},
		&Spec{Name: "nl", Files: textFiles, MaxFiles: 2, Opts: []Opt{
			{Short: 'b', Long: "body-numbering", Arg: oneOf("a", "t", "n", "pl", "x", "p[")},
			{Short: 'n', Long: "number-format", Arg: oneOf("ln", "rn", "rz", "xx")},
			{Short: 'w', Long: "number-width", Arg: oneOf("1", "3", "0", "x")},
			{Short: 's', Long: "number-separator", Arg: oneOf(":", "", " | ")},
			{Short: 'v', Long: "starting-line-number", Arg: oneOf("0", "5", "-3", "x")},
			{Short: 'i', Long: "line-increment", Arg: oneOf("2", "0", "x")},
		}},
		&Spec{Name: "paste", Files: textFiles, MaxFiles: 3, Opts: []Opt{
			{Short: 'd', Long: "delimiters", Arg: oneOf(":", ",;", `\n`, "", `\0`, `\`)},
			{Short: 's', Long: "serial"}, {Short: 'z', Long: "zero-terminated"},
		}},
		&Spec{Name: "fold", Files: textFiles, MaxFiles: 2, Opts: []Opt{
			{Short: 'w', Long: "width", Arg: oneOf("1", "3", "5", "0", "x", "-1")},
			{Short: 'b', Long: "bytes"}, {Short: 's', Long: "spaces"},
		}},
		&Spec{Name: "expand", Files: textFiles, MaxFiles: 2, Opts: []Opt{
			{Short: 't', Long: "tabs", Arg: oneOf("4", "2,5", "1", "0", "x", "3,2", "/4", "+2")},
			{Short: 'i', Long: "initial"},
		}},
		&Spec{Name: "comm", Files: []string{"s1", "s2", "dups", "empty", "noeol", "words"}, MaxFiles: 3, Opts: []Opt{
			{Short: '1'}, {Short: '2'}, {Short: '3'},
			{Long: "check-order"}, {Long: "nocheck-order"},
			{Long: "output-delimiter", Arg: oneOf("|", "")}, {Long: "total"},
			{Short: 'z', Long: "zero-terminated"},
		}},
		&Spec{Name: "join", Files: []string{"s1", "s2", "words", "empty", "fields", "noeol"}, MaxFiles: 3, Opts: []Opt{
			{Short: 't', Arg: oneOf(":", " ", "ab")}, {Short: '1', Arg: oneOf("1", "2", "0")},
			{Short: '2', Arg: oneOf("1", "2", "x")}, {Short: 'j', Arg: oneOf("1", "2")},
			{Short: 'a', Arg: oneOf("1", "2", "3")}, {Short: 'v', Arg: oneOf("1", "2")},
			{Short: 'e', Arg: oneOf("E", "")}, {Short: 'o', Arg: oneOf("1.1,2.2", "0,2.1", "auto", "3.1", "x")},
			{Short: 'i', Long: "ignore-case"}, {Long: "header"},
			{Long: "check-order"}, {Long: "nocheck-order"},
		}},
		&Spec{Name: "md5sum", Files: []string{"lines", "empty", "noeol", "nul", "md5.ok", "md5.bad", "utf8"}, MaxFiles: 2, Opts: []Opt{
			{Short: 'b', Long: "binary"}, {Short: 't', Long: "text"}, {Short: 'c', Long: "check"},
			{Long: "tag"}, {Short: 'z', Long: "zero"}, {Long: "quiet"}, {Long: "status"},
			{Long: "strict"}, {Short: 'w', Long: "warn"}, {Long: "ignore-missing"},
		}},
		&Spec{Name: "sha256sum", Files: []string{"lines", "empty", "noeol", "sha.ok", "md5.ok"}, MaxFiles: 2, Opts: []Opt{
			{Short: 'b', Long: "binary"}, {Short: 'c', Long: "check"}, {Long: "tag"},
			{Long: "quiet"}, {Long: "status"}, {Short: 'w', Long: "warn"},
		}},
		&Spec{Name: "base64", Files: []string{"lines", "b64", "b64bad", "empty", "nul", "utf8", "noeol"}, MaxFiles: 2, Opts: []Opt{
			{Short: 'd', Long: "decode"}, {Short: 'i', Long: "ignore-garbage"},
			{Short: 'w', Long: "wrap", Arg: oneOf("0", "4", "76", "x", "-1")},
		}},
		&Spec{Name: "seq", NoPipe: true, Opts: []Opt{
			{Short: 's', Long: "separator", Arg: oneOf(",", "", " : ")},
			{Short: 'w', Long: "equal-width"},
			{Short: 'f', Long: "format", Arg: oneOf("%g", "%03.1f", "%e", "x%gx", "%d", "%%", "%g%g")},
		}, Lead: lead("nums",
			[]string{"5"}, []string{"2", "5"}, []string{"1", "2", "10"}, []string{"-1"}, []string{"1.5"},
			[]string{"0", "0.1", "1"}, []string{"x"}, []string{"10", "-2", "1"}, []string{"3", "1"},
			[]string{"1", "0", "3"}, []string{"1e2", "1e2"}, []string{}, []string{"1", "2", "3", "4"},
			[]string{"0x10"}, []string{"-5", "-3"}, []string{"1", "-1"},
		)},
	)
}
