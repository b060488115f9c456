package main

// The commands agents run on files and arguments: find, xargs, diff, ls,
// the path tools, tee and split. Their fixtures are the trees t and u
// (fixtures.go), with fixed mtimes.

// treeFiles are operands naming files, directories, a link and nothing.
var treeFiles = []string{"t", "t/sub", "t/a.txt", "t/e", "t/link", "d", "u", "t/z.txt"}

// teePost shows what tee wrote, keeping tee's status.
const teePost = `; s=$?; cat out1 out2 2>/dev/null; exit $s`

// splitPost shows the pieces split wrote, in name order, keeping split's
// status (no fixture name starts with x or P-).
const splitPost = `; s=$?; for f in x* P-*; do [ -f "$f" ] && printf '== %s\n' "$f" && cat "$f"; done; exit $s`

func init() {
	specs = append(specs,
		&Spec{Name: "find", NoPipe: true, Post: " | sort; exit ${PIPESTATUS[0]}", Opts: []Opt{
			{Short: 'L'}, {Short: 'H'}, {Short: 'P'},
		}, Lead: lead("expr",
			[]string{"t"}, []string{"t", "-name", "*.txt"}, []string{"t", "-type", "d"},
			[]string{"t", "-type", "f", "-name", "*.t?t"}, []string{"t", "-maxdepth", "1"},
			[]string{"t", "-mindepth", "2"}, []string{"t", "-path", "*sub*"},
			[]string{"t", "-name", "sub", "-prune", "-o", "-print"}, []string{"t", "-empty"},
			[]string{"t", "-size", "+1k"}, []string{"t", "-size", "-2c"}, []string{"t", "-newer", "t/a.txt"},
			[]string{"t", "-type", "l"}, []string{"t", "-iname", "A*"},
			[]string{"t", "-name", "*.txt", "-exec", "cat", "{}", ";"},
			[]string{"t", "-type", "f", "-exec", "printf", `%s\n`, "{}", "+"},
			[]string{"t/sub", "-maxdepth", "0", "-print0"}, []string{"t", "-not", "-name", "*.txt"},
			[]string{"t", "(", "-name", "a*", "-o", "-name", "b*", ")"}, []string{"t", "-regex", `.*/[ab]\..*`},
			[]string{"nope"}, []string{"t", "-bogus"}, []string{"t", "-maxdepth"}, []string{"t", "-type", "x"},
			[]string{"t", "-name"}, []string{"t", "-printf", `%p %s %d %y\n`}, []string{".", "-maxdepth", "1", "-name", "d*"},
			[]string{"t", "-depth"}, []string{"t", "-type", "f", "-name", "*.log", "-o", "-name", "*.dat"},
			[]string{"t", "-newer", "nope"}, []string{"t", "u", "-name", "*.txt"}, []string{"t", "-exec", "false", ";"},
			[]string{"t", "-mindepth", "1", "-maxdepth", "1", "-type", "f", "-size", "-1k"},
			[]string{"t", "-name", "*.txt", "-exec", "echo", "x{}y", ";"}, []string{"t", "-ok"},
			[]string{"t", "-links", "1", "-type", "f"}, []string{"t", "-wholename", "t/sub/*"},
			[]string{"t", "-maxdepth", "1", "-printf", `%f|%P|%h\n`}, []string{"-maxdepth", "1", "t"},
		)},
		&Spec{Name: "xargs", Stdin: []string{"argw", "words", "lines", "names0", "empty", "noeol", "dups"}, Opts: []Opt{
			{Short: 'n', Long: "max-args", Arg: oneOf("1", "2", "3", "0", "x")},
			{Short: 'I', Arg: oneOf("{}", "X")},
			{Short: '0', Long: "null"}, {Short: 'd', Long: "delimiter", Arg: oneOf(`\n`, ":", "ab", " ")},
			{Short: 'L', Long: "max-lines", Arg: oneOf("1", "2", "0")},
			{Short: 'r', Long: "no-run-if-empty"}, {Short: 'P', Long: "max-procs", Arg: oneOf("1")},
			{Short: 't', Long: "verbose"}, {Short: 'E', Arg: oneOf("h", "c")},
			{Short: 's', Long: "max-chars", Arg: oneOf("5", "20", "x")}, {Short: 'x', Long: "exit"},
		}, Lead: lead("cmd",
			[]string{"echo"}, []string{"printf", `[%s]\n`}, []string{"echo", "x"}, []string{},
			[]string{"echo", "{}", "-", "X"}, []string{"false"}, []string{"nosuchcmd"}, []string{"cat"},
			[]string{"wc", "-l"},
		)},
		&Spec{Name: "diff", Files: []string{"df1", "df2", "empty", "lines", "noeol", "t", "u", "nope", "words"}, MaxFiles: 2, Opts: []Opt{
			{Short: 'u'}, {Short: 'c'}, {Short: 'q', Long: "brief"}, {Short: 'r', Long: "recursive"},
			{Short: 'N', Long: "new-file"}, {Short: 'i', Long: "ignore-case"}, {Short: 'w', Long: "ignore-all-space"},
			{Short: 'b', Long: "ignore-space-change"}, {Short: 'B', Long: "ignore-blank-lines"},
			{Short: 's', Long: "report-identical-files"}, {Short: 'a', Long: "text"}, {Short: 'e', Long: "ed"},
			{Short: 'U', Long: "unified", Arg: oneOf("0", "1", "x")}, {Short: 'C', Long: "context", Arg: oneOf("0", "2")},
			{Long: "normal"}, {Long: "label", Arg: oneOf("L")}, {Short: 'y', Long: "side-by-side"},
			{Short: 'W', Long: "width", Arg: oneOf("30", "x")},
		}},
		&Spec{Name: "ls", Files: append([]string{"nope", "."}, treeFiles...), MaxFiles: 2, NoPipe: true, Opts: []Opt{
			{Short: '1'}, {Short: 'a', Long: "all"}, {Short: 'A', Long: "almost-all"}, {Short: 'R', Long: "recursive"},
			{Short: 'd', Long: "directory"}, {Short: 'F', Long: "classify"}, {Short: 'p'}, {Short: 'r', Long: "reverse"},
			{Short: 'S'}, {Short: 't'}, {Short: 'm'}, {Short: 'x'}, {Short: 'C'}, {Short: 'Q', Long: "quote-name"},
			{Short: 'L', Long: "dereference"}, {Long: "group-directories-first"}, {Short: 'X'}, {Short: 'v'},
			{Long: "sort", Arg: oneOf("size", "time", "name", "extension", "bad")},
			{Long: "indicator-style", Arg: oneOf("slash", "classify", "none")},
		}},
		&Spec{Name: "basename", NoPipe: true, Opts: []Opt{
			{Short: 'a', Long: "multiple"}, {Short: 's', Long: "suffix", Arg: oneOf(".txt", ".c", "")},
			{Short: 'z', Long: "zero"},
		}, Lead: lead("names",
			[]string{"/a/b/c.txt"}, []string{"/a/b/c.txt", ".txt"}, []string{"a/b/"}, []string{"/"}, []string{""},
			[]string{"x/y", "z/w"}, []string{"a.c", "b.c"}, []string{"c.txt", "c.txt"}, []string{"//"}, []string{},
			[]string{"a/b", "c", "d"},
		)},
		&Spec{Name: "dirname", NoPipe: true, Opts: []Opt{{Short: 'z', Long: "zero"}}, Lead: lead("names",
			[]string{"/a/b/c"}, []string{"a"}, []string{"/"}, []string{"a/b/"}, []string{"//x"}, []string{"a", "b/c"},
			[]string{""}, []string{}, []string{"a//b//"},
		)},
		&Spec{Name: "realpath", NoPipe: true, Files: []string{"t/a.txt", "t/link", "t/sub/../a.txt", "nope", "t/nope/x", ".", "t/e/", "t/z.txt/x"}, MaxFiles: 2, Opts: []Opt{
			{Short: 'e', Long: "canonicalize-existing"}, {Short: 'm', Long: "canonicalize-missing"},
			{Short: 's', Long: "strip"}, {Short: 'q', Long: "quiet"}, {Short: 'z', Long: "zero"},
			{Long: "relative-to", Arg: oneOf("t", "t/sub", "nope")}, {Long: "relative-base", Arg: oneOf("t", ".")},
		}},
		&Spec{Name: "readlink", NoPipe: true, Files: []string{"t/link", "t/a.txt", "nope", "t/sub", "t/link/x", "."}, MaxFiles: 2, Opts: []Opt{
			{Short: 'f', Long: "canonicalize"}, {Short: 'e', Long: "canonicalize-existing"},
			{Short: 'm', Long: "canonicalize-missing"}, {Short: 'n', Long: "no-newline"},
			{Short: 'z', Long: "zero"}, {Short: 'q', Long: "quiet"}, {Short: 'v', Long: "verbose"},
		}},
		&Spec{Name: "tee", Stdin: textFiles, Post: teePost, Opts: []Opt{
			{Short: 'a', Long: "append"}, {Short: 'p'}, {Short: 'i', Long: "ignore-interrupts"},
			{Long: "output-error", Arg: oneOf("warn", "exit", "bad")},
		}, Lead: lead("files",
			[]string{"out1"}, []string{"out1", "out2"}, []string{}, []string{"d"}, []string{"out1", "out1"},
			[]string{"-"}, []string{"nope/x"},
		)},
		&Spec{Name: "split", Files: textFiles, MaxFiles: 1, Post: splitPost, Opts: []Opt{
			{Short: 'l', Long: "lines", Arg: oneOf("1", "5", "0", "x")}, {Short: 'b', Long: "bytes", Arg: oneOf("10", "1K", "0", "x")},
			{Short: 'n', Long: "number", Arg: oneOf("2", "3", "l/2", "r/2", "0", "x")},
			{Short: 'C', Long: "line-bytes", Arg: oneOf("8", "x")}, {Short: 'd'}, {Short: 'x'},
			{Short: 'a', Long: "suffix-length", Arg: oneOf("1", "3", "0")},
			{Long: "additional-suffix", Arg: oneOf(".txt", "a/b")}, {Short: 'e', Long: "elide-empty-files"},
			{Short: 't', Long: "separator", Arg: oneOf(":", "ab")},
		}},
	)
}
