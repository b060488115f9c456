package main

// grep, sed, gawk (as awk) and jq 1.6.

var jsonFiles = []string{"j1", "j2", "jmulti", "jbad", "empty", "noeol"}

func init() {
	specs = append(specs,
		&Spec{Name: "grep", Files: textFiles, MaxFiles: 2, Opts: []Opt{
			{Short: 'i', Long: "ignore-case"}, {Short: 'v', Long: "invert-match"},
			{Short: 'c', Long: "count"}, {Short: 'l', Long: "files-with-matches"},
			{Short: 'L', Long: "files-without-match"}, {Short: 'n', Long: "line-number"},
			{Short: 'h', Long: "no-filename"}, {Short: 'H', Long: "with-filename"},
			{Short: 'o', Long: "only-matching"}, {Short: 'q', Long: "quiet"},
			{Short: 's', Long: "no-messages"}, {Short: 'w', Long: "word-regexp"},
			{Short: 'x', Long: "line-regexp"}, {Short: 'E', Long: "extended-regexp"},
			{Short: 'F', Long: "fixed-strings"}, {Short: 'z', Long: "null-data"},
			{Short: 'b', Long: "byte-offset"}, {Short: 'a', Long: "text"},
			{Short: 'e', Long: "regexp", Arg: oneOf("a", "l1", "^$", "[")},
			{Short: 'f', Long: "file", Arg: oneOf("pats", "empty", "nope")},
			{Short: 'm', Long: "max-count", Arg: oneOf("1", "0", "2", "x", "-1")},
			{Short: 'A', Long: "after-context", Arg: oneOf("1", "0", "x")},
			{Short: 'B', Long: "before-context", Arg: oneOf("1", "2")},
			{Short: 'C', Long: "context", Arg: oneOf("1", "0")},
			{Long: "label", Arg: oneOf("LBL")},
		}, Lead: lead("pat",
			[]string{"a"}, []string{"^l1"}, []string{"l[0-9]"}, []string{"x*"}, []string{`\(a\)\1`},
			[]string{`a\|b`}, []string{"[[:alpha:]]+"}, []string{"("}, []string{"["}, []string{"é"},
			[]string{"."}, []string{""}, []string{"b$"}, []string{`\bx`}, []string{"a{2}"},
			[]string{"[[:foo:]]"}, []string{`\`}, []string{"1|2"}, []string{"^"},
		)},
		&Spec{Name: "sed", Files: textFiles, MaxFiles: 2, Opts: []Opt{
			{Short: 'n', Long: "quiet"}, {Short: 'E', Long: "regexp-extended"}, {Short: 'r'},
			{Short: 's', Long: "separate"}, {Short: 'z', Long: "null-data"},
			{Short: 'u', Long: "unbuffered"}, {Long: "posix"},
			{Short: 'e', Long: "expression", Arg: oneOf("p", "1d", "s/a/b/", "$!N", "{")},
			{Short: 'f', Long: "file", Arg: oneOf("prog.sed", "nope", "empty")},
			{Short: 'l', Long: "line-length", Arg: oneOf("5", "1", "x")},
		}, Lead: lead("script",
			[]string{"p"}, []string{"1d"}, []string{"$!d"}, []string{"s/a/X/g"}, []string{`s/\(l\)\([0-9]\)/\2\1/`},
			[]string{"y/abc/xyz/"}, []string{"2q"}, []string{"/b/,/c/d"}, []string{"n;d"}, []string{"$="},
			[]string{"N;P;D"}, []string{"a foo"}, []string{`1i\`}, []string{"s/x/y/3"}, []string{"="},
			[]string{"l"}, []string{"k"}, []string{"s/a/b"}, []string{"{p"}, []string{"G"}, []string{"H;$!d;x"},
			[]string{"s/[[:digit:]]\\+/<&>/2"}, []string{"0,/l/d"}, []string{"1~3d"}, []string{"/x/I p"},
			[]string{"s/.*/\\U&/"}, []string{"y/ab/x/"}, []string{"$!{N};P;D"}, []string{"Q5"}, []string{"F"},
			[]string{"s/$/\\r/"}, []string{"w /dev/stdout"}, []string{"e echo"}, []string{"z;="},
		)},
		&Spec{Name: "awk", Files: textFiles, MaxFiles: 2, Opts: []Opt{
			{Short: 'F', Arg: oneOf(":", " ", "\t", "[0-9]", "", "ab", "|")},
			{Short: 'v', Arg: oneOf("x=1", "x=a\\tb", "1x=2", "x")},
			{Short: 'f', Arg: oneOf("prog.awk", "nope")},
		}, Lead: lead("prog",
			[]string{"{print $1}"}, []string{"NR==2"}, []string{"{print NF}"}, []string{"END{print NR}"},
			[]string{`{$2="";print}`}, []string{`BEGIN{printf "%d %s|%5.2f\n", 3.7, "x", 2}`},
			[]string{"{print length($0)}"}, []string{"{print"}, []string{"{print substr($0,2,3)}"},
			[]string{"{a[$1]++} END{for(k in a) n++; print n}"}, []string{"/l1/"}, []string{"BEGIN{print 1/0}"},
			[]string{"{print toupper($0)}"}, []string{"{print $NF}"}, []string{`BEGIN{x="abc"; gsub(/b/,"[&]",x); print x}`},
			[]string{"{print index($0, \"a\"), match($0, /[0-9]+/), RSTART, RLENGTH}"}, []string{"BEGIN{getline; print \"got\" $0}"},
			[]string{"{printf \"%s-\", $0} END{print \"\"}"}, []string{"{print $1+0}"}, []string{"BEGIN{print substr(\"hello\", 0, 2)}"},
			[]string{"{n=split($0, p, /:/); print n, p[1]}"}, []string{"BEGIN{print length()}"}, []string{"{print > \"/dev/stderr\"}"},
			[]string{"BEGIN { exit 3 } END { print \"end\" }"}, []string{"{ print $(-1) }"}, []string{"BEGIN{printf \"%c%c\", 65, \"hi\"}"},
			[]string{"{sub(/[[:space:]]+/, \"_\"); print}"}, []string{"BEGIN{print sprintf(\"%x %o %e\", 255, 8, 12345.678)}"},
			[]string{"{print tolower($0) ~ /l/}"}, []string{"BEGIN{print 2^53+1, 0.1+0.2, 1e300*1e300}"},
		)},
		&Spec{Name: "jq", Files: jsonFiles, MaxFiles: 2, Opts: []Opt{
			{Short: 'r', Long: "raw-output"}, {Short: 'c', Long: "compact-output"},
			{Short: 's', Long: "slurp"}, {Short: 'n', Long: "null-input"},
			{Short: 'e', Long: "exit-status"}, {Short: 'j', Long: "join-output"},
			{Short: 'a', Long: "ascii-output"}, {Short: 'S', Long: "sort-keys"},
			{Short: 'R', Long: "raw-input"}, {Long: "tab"},
			{Long: "indent", Arg: oneOf("0", "1", "7", "8", "x")},
			{Long: "arg", Arg: raw("n v", "n")}, {Long: "argjson", Arg: raw("n 5", "n '{'", "n '[1]'")},
		}, Lead: lead("filter",
			[]string{"."}, []string{".a"}, []string{".b[]"}, []string{".[0]"}, []string{"keys"}, []string{"map(.+1)"},
			[]string{".a.b"}, []string{"length"}, []string{`.x // "d"`}, []string{`error("e")`}, []string{".["},
			[]string{"tostring"}, []string{"@base64"}, []string{"to_entries"}, []string{"select(.>1)"}, []string{"$n"},
			[]string{"input"}, []string{"add"}, []string{"sort"}, []string{".b | add"}, []string{"tojson"},
			[]string{"1/0"}, []string{`"\(.)"`}, []string{"[limit(2;.[])]"}, []string{"..|numbers"},
			[]string{".[] |= empty"}, []string{"paths"}, []string{"@csv"}, []string{"@text \"v=\\(.)\""},
			[]string{".d.e.f"}, []string{"type"}, []string{"[.[]?]"}, []string{"splits(\"a\")"}, []string{"env|type"},
			[]string{"$__loc__"}, []string{"ltrimstr(1)"}, []string{"tonumber"}, []string{"{(.c):1}"},
		)},
	)
}

// raw returns an Arg drawing one of vals as shell text, unquoted (jq's
// --arg takes two words).
func raw(vals ...string) func(g *Gen) string {
	return func(g *Gen) string { return vals[g.intn(len(vals))] }
}
