package eval

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/justbash/justbash/internal/fuzzkit"
	"github.com/justbash/justbash/vfs"
)

// frontScripts pin the parser front (bytesafe.go): a script's bytes that
// are not UTF-8 (and a \r before a newline) are kept exactly, wherever
// they stand. Each row is compared with /bin/bash -c (LANG=C.UTF-8) when
// present.
var frontScripts = []string{
	// The BusyBox case: raw bytes in a word, an assignment, a pattern.
	"echo uni\x81code\nx=a\xffb; echo ${#x} \"$x\"\ncase $x in a?b) echo q;; esac",
	// Latin-1 text: in words, double and single quotes, a comment.
	"# caf\xe9 \xff\xfe\nx=1; echo caf\xe9 \"\xe9t\xe9 $x\" '\xe0 la'",
	// Length, slices and pattern operations count an invalid byte as one
	// character, a valid sequence beside it as one too.
	"x=\xe9\xff\xc3\xa9z; echo ${#x} ${x:1:2} ${x#?} ${x%?} ${x/\xff/Y} ${x: -2}",
	"x=\xe9\xff\xc3\xa9; [[ $x == ??? ]] && echo three; [[ $x == \xe9* ]] && echo prefix; case $x in *\xff*) echo in;; esac",
	// $'\xff' and a raw \xff are the same byte.
	"x=$'\\xff'; y=\xff; [[ $x == \"$y\" ]] && echo same; echo ${#x}${#y}",
	// Here-documents: expanding and quoted bodies, and a delimiter in
	// Latin-1.
	"x=\xe9; read -r a <<EOF\n\xff $x \xfe\nEOF\necho \"$a\"",
	"read -r a <<'EOF'\n\xff $x '\xfe\nEOF\necho \"$a\"",
	"read -r a <<\xe9\n\xff body\n\xe9\necho \"$a\"",
	"read -r a <<< \xe9\\\xff; echo \"$a\"",
	// eval and source of such text; aliases holding it.
	"read -r l <<< 'echo \xe9\xff'; eval \"$l\"",
	"printf 'echo \\xff src\\n' > f; . ./f; printf 'x=\xfe\\n' > g; source ./g; echo \"$x\"",
	"shopt -s expand_aliases\nalias e\xe9='echo \xff'\ne\xe9 a \xfe",
	// Functions keep their bytes, and print them as written.
	"f() { echo '\xff' \xe9 \"\xfe$1\"; }; f x; declare -f f; type f",
	"f\xe9() { echo in; }; f\xe9; declare -F",
	// Messages show the bytes as they are.
	"a; \xa6\necho never",
	"\xff\xfe; echo $?",
	"echo \xff (",
	"echo $(( 1 + \xff ))",
	"x=\xe9; echo ${x:?\xff gone} ; unset x; echo ${x:?\xff gone}",
	// Command and arithmetic substitutions, backquotes, arrays.
	"echo $(echo \xff) `echo \xfe` $((${#x}+1)); a=(\xe9 \xff); echo ${#a[@]} ${a[1]}",
	"declare -a b='(\xe9 \xff)'; echo ${b[1]}; declare -p b",
	// \r before \n is a byte of the word, as bash reads it.
	"x=a\r\necho ${#x}\necho b\r",
	"echo 'a\r\nb'; echo \"c\r\nd\"",
	// A script that really holds the escape code points keeps them too.
	"x=\U0010ff41\U0010ffff\xff; echo ${#x} \"$x\"; f() { echo '\U0010ff80'; }; f; declare -f f",
	"x=\U0010ff41; echo ${#x} \"$x\" '\U0010ff00'",
}

func TestFrontOracle(t *testing.T) { checkOracleRows(t, frontScripts) }

// frontContScripts pin bsnl.go: bash removes backslash-newline before it
// tokenizes (not in single quotes, comments, quoted here-document
// bodies), so it can fall inside an operator or after a $; LINENO counts
// the physical lines.
var frontContScripts = []string{
	"echo $\\\n(echo a) $LINENO\necho $LINENO",
	"x=1; echo $\\\n{x:+set} $\\\nx \"$\\\n(echo dq)\"",
	"echo $(\\\n(1+2)\\\n) $\\\n((3+4)); x=$\\\n[5+6]; echo $x",
	"read -r l <\\\n<E\nhd\nE\necho \"$l\"",
	"echo a >\\\n> f; echo b 2>\\\n&1 >\\\n>f; read -r l < f; echo $l",
	"true &\\\n& echo and; false |\\\n| echo or; echo x |\\\n& read -r y; case a in a) echo a;\\\n; esac",
	"read -r l < <\\\n(echo ps); echo $l",
	"echo '$\\\n(x)' \"a\\\nb\"; echo $'$\\\n'",
	"# c $\\\necho $LINENO",
	"read -r a <<E; echo $\\\n(echo x) $LINENO\n$\\\n(echo in) a\\\nb $\\\n{HOME:+y}\nE\necho \"$a\" $LINENO",
	"read -r a <<'E'\n$\\\n(echo in)\nE\necho \"$a\" $LINENO",
	"f() { echo $\\\n(echo f) >\\\n&2; }; declare -f f; f 2>&1",
	"echo $\\\n(echo a) )\necho no",
	"set -- 1 22 333; echo 3:$\\\n{\\\n#\\\n3\\\n} $\\\n?; echo $LINENO",
	"read -r a <\\\n<\\\n- EOF\n\tbody\n\tEOF\nread -r b <<\\\n E\nb2\nE\necho \"$a|$b\" $LINENO",
	"echo a\\\\\necho b; echo c # d \\\necho e\\\nf",
	"f() {\n  echo a\\\n    b \\\n  c; x=$\\\n((1+\\\n2))\n}; declare -f f; f",
	"echo `echo a\\\nb` \"$(echo c\\\nd)\" ${x:-e\\\nf}",
	"echo a \\\n\\\n\\\n; echo $LINENO\nfi",
	"x=$\\\n(\necho $LINENO\n) ; echo $x; )",
}

func TestFrontContinuationOracle(t *testing.T) { checkOracleRows(t, frontContScripts) }

// frontParseScripts pin forms the parser refuses or words its own way:
// ${##word} and ${#@op} on $# (blankops.go), and bash's token in the
// syntax errors for zsh-style functions and an empty subshell
// (frontmsg.go).
var frontParseScripts = []string{
	`set -- a b c d e f g h i j k l; echo ${##} ${##1} ${##3} ${###} ${##*} ${##1*} ${#@Q} ${#@} "${##1}" ${#-} ${#?} ${#:1} ${#%2}`,
	"function f1 f2 { echo x; }",
	"echo a\nfunction  f1   f2 f3 () { :; }\necho no",
	"() { :; }",
	"function { :; }",
	"function () { :; }",
	"echo a; if() { echo x; }",
	"echo x\nwhile() { :; }\necho no",
	"until ( ) { :; }",
	"f() { :; }; ( ) { :; }",
	"( )",
	"function",
	"function f1 f2",
	"function\nf() { :; }",
	// An empty statement list: bash names the token after its opener,
	// past blank lines and comments, on that token's line.
	"while false; do\n  # c\ndone\necho OK",
	"if true; then fi",
	"if true; then\n# x\n\nfi",
	"{ }",
	"if true; then :; else\nfi",
	"until false; do done",
	"for i in 1; do\ndone",
	"(\n# c\n)",
	"if true; then ; fi",
	"echo a; {\n}",
	"echo $\\\n(\n\\\n)",
}

func TestFrontParseOracle(t *testing.T) { checkOracleRows(t, frontParseScripts) }

// TestFrontEscapeRoundTrip: the escape is undone exactly, for any bytes.
func TestFrontEscapeRoundTrip(t *testing.T) {
	rows := []string{"", "abc", "\xff", "a\r\nb", "\r", "\r\r\n", "\U0010ff41", "\xf4\x8f", "\xf4\x8f\xbf", "é\xe9", "\x00\x80\xc0\xf5"}
	for _, s := range rows {
		esc, changed := escapeText(s)
		if got := unescapeText(esc); got != s {
			t.Errorf("%q: escaped %q, back %q", s, esc, got)
		}
		if changed != (esc != s) {
			t.Errorf("%q: changed=%v but escaped %q", s, changed, esc)
		}
		if strings.Contains(esc, "\r\n") {
			t.Errorf("%q: escaped text %q still holds \\r\\n", s, esc)
		}
	}
}

// FuzzFrontBytes: any bytes put in a script as a quoted here-document
// body and as a single-quoted word come back out of printf %s exactly,
// and no text makes the reader panic.
func FuzzFrontBytes(f *testing.F) {
	for _, s := range []string{"a\xffb", "\r\n", "\U0010ff41\xfe", "caf\xe9", "x\x80y\xc3"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, b string) {
		if fuzzkit.TooBig(b) {
			t.Skip()
		}
		fuzzRun(t, b) // as a script: no panic, and it ends
		if strings.ContainsAny(b, "\x00\n'") || b == "EOF" {
			return // NUL is dropped by bash; the delimiter line and quote would end the text
		}
		want := b
		out, errs, st := runOurs(t, "IFS= read -r -d '' x <<'EOF'\n"+b+"\nEOF\nprintf %s \"${x%?}\"; printf '|%s' '"+b+"'")
		if st != 0 || out != want+"|"+want {
			t.Fatalf("bytes %q: out=%q err=%q st=%d", b, out, errs, st)
		}
	})
}

// TestFrontScriptStdin: a script read from standard input hands the
// lines a command reads to it as their bytes (scriptin.go takes them
// from the escaped text), as bash < script does.
func TestFrontScriptStdin(t *testing.T) {
	script := "read -r l\n\xff d\xfeata\r\nprintf '%s|' \"$l\"\nread -r m\n\xe9z\nprintf '%s|' \"$m\" \xfa\n"
	want := "\xff d\xfeata\r|\xe9z|\xfa|"
	if _, err := os.Stat("/bin/bash"); err == nil {
		cmd := exec.Command("/bin/bash")
		cmd.Env = []string{"PATH=/nonexistent", "LANG=C.UTF-8"}
		cmd.Stdin = strings.NewReader(script)
		out, err := cmd.Output()
		if err != nil || string(out) != want {
			t.Fatalf("bash < script: %q, %v; the test expects %q", out, err, want)
		}
	}
	fsys := vfs.NewMem()
	r := New(&Config{FS: fsys, Limits: Limits{MaxCallDepth: 200, MaxSteps: 1_000_000, MaxStringBytes: 1 << 20, MaxArrayElems: 1 << 20}}, map[string]string{"PATH": "/nonexistent"}, "/")
	var out, errb bytes.Buffer
	r.SetStdio(r.ScriptInput(), &out, &errb)
	r.Run(context.Background(), script, "")
	if out.String() != want || errb.Len() > 0 {
		t.Errorf("ours: out=%q err=%q, want %q", out.String(), errb.String(), want)
	}
}

// FuzzFrontText checks the reader's text passes on any bytes: the escape
// is undone exactly and leaves the parser no invalid UTF-8 nor \r\n;
// joining continuations removes exactly two bytes per cut it records and
// keeps every other byte in order (bar a comment's last backslash).
func FuzzFrontText(f *testing.F) {
	for _, s := range []string{"echo $\\\n(x)", "a <\\\n< E\n$\\\nb\nE\n", "'$\\\n' \"$\\\n\" # $\\\n", "\xff\r\n\U0010ff00", "`$\\\n`$(\\\n(1))"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		esc, _ := escapeText(text)
		if back := unescapeText(esc); back != text {
			t.Fatalf("%q: escaped %q, back %q", text, esc, back)
		}
		if !utf8.ValidString(esc) || strings.Contains(esc, "\r\n") {
			t.Fatalf("%q: escaped text %q is not for the parser", text, esc)
		}
		src := &source{text: text}
		src.joinContinuations()
		if len(src.text) != len(text)-2*len(src.cuts) {
			t.Fatalf("%q: joined %q with %d cuts", text, src.text, len(src.cuts))
		}
		if !isSubsequence(src.text, text) {
			t.Fatalf("%q: joined %q is not the text less some bytes", text, src.text)
		}
		for off := 0; off <= len(src.text); off += 1 + len(src.text)/256 {
			src.lineShown(off) // must not panic
		}
	})
}

// isSubsequence reports whether the bytes of a appear in b in order (a
// blank of a may stand for a backslash of b: one ending a comment).
func isSubsequence(a, b string) bool {
	j := 0
	for i := 0; i < len(b) && j < len(a); i++ {
		if a[j] == b[i] || a[j] == ' ' && b[i] == '\\' {
			j++
		}
	}
	return j == len(a)
}

// BenchmarkFrontText measures the front's passes over a 10,000-line
// script: valid UTF-8 without continuations (the fast path), and with a
// Latin-1 byte and a continuation on each line.
func BenchmarkFrontText(b *testing.B) {
	plain := strings.Repeat("echo \"$x\" 'caf' | cat > /dev/null # c\n", 10000)
	bytesy := strings.Repeat("echo \"$x\" 'caf\xe9' | \\\ncat > /dev/null # c\n", 10000)
	for _, c := range []struct{ name, text string }{{"plain", plain}, {"latin1+continuations", bytesy}} {
		b.Run(c.name, func(b *testing.B) {
			b.SetBytes(int64(len(c.text)))
			for i := 0; i < b.N; i++ {
				esc, _ := escapeText(c.text)
				src := &source{text: esc}
				src.joinContinuations()
			}
		})
	}
}
