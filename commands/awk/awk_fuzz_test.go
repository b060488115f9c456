package awk

import (
	"testing"

	"github.com/justbash/justbash/internal/fuzzkit"
)

// FuzzAwk runs a fuzzed awk program over fuzzed input, with -F and -v
// taken from opts. The lexer, the recursive-descent parser, the
// interpreter, printf, regexes, getline and the output redirections all
// see the fuzzer's text; no panic may escape and the run must end.
func FuzzAwk(f *testing.F) {
	for _, s := range []struct{ prog, opts, in string }{
		{"{ print $1, NF }", "", "a b c\nd e\n"},
		{"BEGIN { FS=\":\" } { s += $2 } END { printf \"%d %5.2f %s\\n\", s, s/NR, \"x\" }", "", "a:1\nb:2\n"},
		{"{ a[$1]++ } END { for (k in a) print k, a[k] | \"sort\" }", "", "x\ny\nx\n"},
		{"/re+/,/end/ { gsub(/e/, \"E\"); print > \"/tmp/o\" }", "", "ree\nend\n"},
		{"function f(n) { return n <= 1 ? 1 : n * f(n-1) } BEGIN { print f(10) }", "", ""},
		{"function f(n) { return f(n+1) } BEGIN { f(0) }", "", ""},
		{"BEGIN { while ((getline l < \"a.txt\") > 0) n++; print n; close(\"a.txt\") }", "", ""},
		{"{ $3 = \"z\"; $0 = $0 \" more\"; print; print length(), substr($0, 2, 3), index($0, \"m\") }", "-v\x00OFS=-", "a b\n"},
		{"BEGIN { x = sprintf(\"%*d\", 999999999, 1) }", "", ""},
		{"BEGIN { s = \"x\"; while (1) s = s s }", "", ""},
		{"{ print toupper($0) ~ /^[[:upper:]]+$/, split($0, p, /,/), p[2] }", "-F,", "ab,cd\n"},
		{"BEGIN { printf \"%c%c%i%o%x%e%g\\n\", 65, \"BC\", 1.5, 8, 255, 1e100, 0.0001 }", "", ""},
		{"NR==1, NR==2 { next } { delete a; a[1]; print (1 in a) } END { exit 3 }", "", "1\n2\n3\n"},
		{"BEGIN { system(\"echo hi\"); \"date\" | getline d; print d }", "", ""},
		{"BEGIN { RS=\"\" } { print NR\": \"$0 }", "", "p1\n\n\np2 l2\n"},
		{"{ print match($0, /b+/), RSTART, RLENGTH; print srand(1), int(rand()*0) }", "", "abbb\n"},
	} {
		f.Add(s.prog, s.opts, s.in)
	}
	f.Fuzz(func(t *testing.T, prog, opts, in string) {
		if fuzzkit.TooBig(prog, opts, in) {
			t.Skip()
		}
		args := append([]string{"awk"}, fuzzkit.Args(opts)...)
		args = append(args, "--", prog)
		fuzzkit.Run(t, New(), fuzzkit.NewFS(), in, args...)
	})
}
