package sed

import (
	"bytes"
	"context"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/justbash/justbash/commands"
	"github.com/justbash/justbash/vfs"
)

// testFiles are created in /home/user before each case.
var testFiles = map[string]string{
	"a":     "a\nb\n",
	"b":     "c\nd\n",
	"t":     "hello world\nfoo bar\nbaz\n",
	"s.sed": "p\n/foo/d\n",
}

type sedCase struct {
	name, stdin, out, errOut string
	args                     []string
	status                   int
}

func newFS(t *testing.T) vfs.FS {
	t.Helper()
	fsys := vfs.NewMem()
	if err := fsys.MkdirAll("/home/user", 0o755); err != nil {
		t.Fatal(err)
	}
	for n, d := range testFiles {
		if err := vfs.WriteFile(fsys, "/home/user/"+n, []byte(d), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return fsys
}

// runSed runs sed with args; script, when set, stands in for the sandbox
// shell used by the e command.
func runSed(t *testing.T, fsys vfs.FS, stdin string, args []string,
	script func(context.Context, string, []string, commands.IO) int) (string, string, int) {
	t.Helper()
	var out, errb bytes.Buffer
	c := &commands.Context{Args: args, Stdin: strings.NewReader(stdin), Stdout: &out,
		Stderr: &errb, FS: fsys, Dir: "/home/user", Script: script}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	st := New().Run(ctx, c)
	return out.String(), errb.String(), st
}

// TestSedGNU: every expectation below was produced by running GNU sed 4.9
// (LC_ALL=C.UTF-8) on the same arguments, stdin and files while writing
// the test; the table is compared byte for byte.
func TestSedGNU(t *testing.T) {
	cases := []sedCase{
		{name: "p", args: []string{"sed", "p"}, stdin: "a\nb\n", out: "a\na\nb\nb\n", errOut: "", status: 0},
		{name: "n-p", args: []string{"sed", "-n", "p"}, stdin: "a\nb\n", out: "a\nb\n", errOut: "", status: 0},
		{name: "noeol", args: []string{"sed", "p"}, stdin: "a\nb", out: "a\na\nb\nb", errOut: "", status: 0},
		{name: "empty", args: []string{"sed", "p"}, stdin: "", out: "", errOut: "", status: 0},
		{name: "crlf", args: []string{"sed", "s/\\r$//"}, stdin: "a\x0d\nb\x0d\n", out: "a\nb\n", errOut: "", status: 0},
		{name: "subst-g", args: []string{"sed", "s/a/X/g"}, stdin: "aaa bab\n", out: "XXX bXb\n", errOut: "", status: 0},
		{name: "subst-nth", args: []string{"sed", "s/a/b/2"}, stdin: "aaa\n", out: "aba\n", errOut: "", status: 0},
		{name: "subst-nthg", args: []string{"sed", "s/a/b/2g"}, stdin: "aaaa\n", out: "abbb\n", errOut: "", status: 0},
		{name: "subst-empty-g", args: []string{"sed", "s/b*/X/g"}, stdin: "ab\n", out: "XaX\n", errOut: "", status: 0},
		{name: "subst-empty2", args: []string{"sed", "s/x*/-/g"}, stdin: "abc\n", out: "-a-b-c-\n", errOut: "", status: 0},
		{name: "case", args: []string{"sed", "s/\\w\\+/\\u&/g;s/o/\\U&x\\E-/"}, stdin: "hello world\n", out: "HellOX- World\n", errOut: "", status: 0},
		{name: "case2", args: []string{"sed", "-E", "s/(\\w+) (\\w+)/\\L\\1 \\U\\2/"}, stdin: "Foo Bar\n", out: "foo BAR\n", errOut: "", status: 0},
		{name: "case3", args: []string{"sed", "s/.*/\\u\\L&X/"}, stdin: "foo bar\n", out: "foo barx\n", errOut: "", status: 0},
		{name: "ere-group", args: []string{"sed", "-E", "s/(b)|c/[\\1]/g"}, stdin: "abc\n", out: "a[b][]\n", errOut: "", status: 0},
		{name: "bre-group", args: []string{"sed", "s/\\(b\\)\\(c\\)/\\2\\1/g"}, stdin: "abcabc\n", out: "acbacb\n", errOut: "", status: 0},
		{name: "amp", args: []string{"sed", "s/b/[&][\\&]/"}, stdin: "abc\n", out: "a[b][&]c\n", errOut: "", status: 0},
		{name: "icase", args: []string{"sed", "s/b/x/Ig"}, stdin: "ABC abc\n", out: "AxC axc\n", errOut: "", status: 0},
		{name: "range", args: []string{"sed", "-n", "2,4p", "t"}, stdin: "", out: "foo bar\nbaz\n", errOut: "", status: 0},
		{name: "seqrange", args: []string{"sed", "-n", "2,4p;7,+1p"}, stdin: "1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n", out: "2\n3\n4\n7\n8\n", errOut: "", status: 0},
		{name: "step", args: []string{"sed", "-n", "0~3p"}, stdin: "1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n", out: "3\n6\n9\n", errOut: "", status: 0},
		{name: "step2", args: []string{"sed", "-n", "2~4p"}, stdin: "1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n", out: "2\n6\n10\n", errOut: "", status: 0},
		{name: "mult", args: []string{"sed", "-n", "5,~4p"}, stdin: "1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n", out: "5\n6\n7\n8\n", errOut: "", status: 0},
		{name: "mult2", args: []string{"sed", "-n", "4,~4p"}, stdin: "1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n", out: "4\n5\n6\n7\n8\n", errOut: "", status: 0},
		{name: "zero", args: []string{"sed", "-n", "0,/1/p"}, stdin: "1\n2\n3\n", out: "1\n", errOut: "", status: 0},
		{name: "onere", args: []string{"sed", "-n", "1,/1/p"}, stdin: "1\n2\n3\n", out: "1\n2\n3\n", errOut: "", status: 0},
		{name: "backrange", args: []string{"sed", "-n", "2,1p;4,+1p"}, stdin: "1\n2\n3\n4\n5\n", out: "2\n4\n5\n", errOut: "", status: 0},
		{name: "re-range", args: []string{"sed", "/b/,/c/d"}, stdin: "a\nb\nc\nd\n", out: "a\nd\n", errOut: "", status: 0},
		{name: "last", args: []string{"sed", "-n", "$p"}, stdin: "a\nb\nc\n", out: "c\n", errOut: "", status: 0},
		{name: "lastmulti", args: []string{"sed", "-n", "$p", "a", "b"}, stdin: "", out: "d\n", errOut: "", status: 0},
		{name: "separate", args: []string{"sed", "-s", "-n", "$=", "a", "b"}, stdin: "", out: "2\n2\n", errOut: "", status: 0},
		{name: "neg", args: []string{"sed", "2!d"}, stdin: "a\nb\nc\n", out: "b\n", errOut: "", status: 0},
		{name: "c-cmd", args: []string{"sed", "2c\\\\\\nX"}, stdin: "1\n2\n3\n", out: "1\n\\nX\n3\n", errOut: "", status: 0},
		{name: "c-range", args: []string{"sed", "2,3c\\\\\\nX"}, stdin: "1\n2\n3\n4\n", out: "1\n\\nX\n4\n", errOut: "", status: 0},
		{name: "c-neg", args: []string{"sed", "2,3!c\\\\\\nX"}, stdin: "1\n2\n3\n4\n", out: "\\nX\n2\n3\n\\nX\n", errOut: "", status: 0},
		{name: "a-i", args: []string{"sed", "-e", "1i\\", "-e", "top", "-e", "$a bottom"}, stdin: "1\n2\n", out: "top\n1\n2\nbottom\n", errOut: "", status: 0},
		{name: "a-oneliner", args: []string{"sed", "a  foo\\tbar\\\\\\nbaz"}, stdin: "1\n", out: "1\nfoo\tbar\\\nbaz\n", errOut: "", status: 0},
		{name: "a-classic", args: []string{"sed", "2a\\\\  foo\\tbar"}, stdin: "1\n2\n3\n", out: "1\n2\n  foo\tbar\n3\n", errOut: "", status: 0},
		{name: "a-noeol", args: []string{"sed", "$a end"}, stdin: "x", out: "x\nend\n", errOut: "", status: 0},
		{name: "i-gnu", args: []string{"sed", "i\\\\  lead"}, stdin: "x\n", out: "  lead\nx\n", errOut: "", status: 0},
		{name: "eq", args: []string{"sed", "-n", "$="}, stdin: "a\nb\n", out: "2\n", errOut: "", status: 0},
		{name: "eq2", args: []string{"sed", "="}, stdin: "a\nb\n", out: "1\na\n2\nb\n", errOut: "", status: 0},
		{name: "l", args: []string{"sed", "-n", "l"}, stdin: "a\tb\x80\x01\\\n", out: "a\\tb\\200\\001\\\\$\n", errOut: "", status: 0},
		{name: "l-wrap", args: []string{"sed", "-n", "l"}, stdin: "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\n", out: "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\\\naaaaaaaaaaaaaaaaaaaaa$\n", errOut: "", status: 0},
		{name: "l-arg", args: []string{"sed", "-n", "l 5"}, stdin: "abcdefghij\n", out: "abcd\\\nefgh\\\nij$\n", errOut: "", status: 0},
		{name: "l-opt", args: []string{"sed", "-n", "-l", "4", "l"}, stdin: "abcdefghij\n", out: "abc\\\ndef\\\nghi\\\nj$\n", errOut: "", status: 0},
		{name: "y", args: []string{"sed", "y/abcdefghijklmnopqrstuvwxyz/ABCDEFGHIJKLMNOPQRSTUVWXYZ/"}, stdin: "hello\n", out: "HELLO\n", errOut: "", status: 0},
		{name: "y-nl", args: []string{"sed", "N;y/\\n/,/"}, stdin: "a\nb\n", out: "a,b\n", errOut: "", status: 0},
		{name: "hold", args: []string{"sed", "-n", "1!G;h;$p"}, stdin: "1\n2\n3\n", out: "3\n2\n1\n", errOut: "", status: 0},
		{name: "join", args: []string{"sed", ":a;N;$!ba;s/\\n/,/g"}, stdin: "1\n2\n3\n", out: "1,2,3\n", errOut: "", status: 0},
		{name: "NPD", args: []string{"sed", "$!N;P;D"}, stdin: "1\n2\n3\n4\n", out: "1\n2\n3\n4\n", errOut: "", status: 0},
		{name: "n-last", args: []string{"sed", "n;s/1/X/"}, stdin: "1\n", out: "1\n", errOut: "", status: 0},
		{name: "N-last", args: []string{"sed", "N;s/1/X/"}, stdin: "1\n", out: "1\n", errOut: "", status: 0},
		{name: "N-last-q", args: []string{"sed", "-n", "N;p"}, stdin: "1\n", out: "", errOut: "", status: 0},
		{name: "n-cmd", args: []string{"sed", "-n", "n;p"}, stdin: "1\n2\n3\n4\n", out: "2\n4\n", errOut: "", status: 0},
		{name: "q", args: []string{"sed", "2q"}, stdin: "1\n2\n3\n", out: "1\n2\n", errOut: "", status: 0},
		{name: "q-code", args: []string{"sed", "2q5"}, stdin: "1\n2\n3\n", out: "1\n2\n", errOut: "", status: 5},
		{name: "Q", args: []string{"sed", "2Q"}, stdin: "1\n2\n3\n", out: "1\n", errOut: "", status: 0},
		{name: "t-cmd", args: []string{"sed", "s/X/Y/;t;s/$/!/"}, stdin: "aX\nb\n", out: "aY\nb!\n", errOut: "", status: 0},
		{name: "T-cmd", args: []string{"sed", "s/X/Y/;T;s/$/!/"}, stdin: "aX\nb\n", out: "aY!\nb\n", errOut: "", status: 0},
		{name: "branch-label", args: []string{"sed", "-n", "/a/bskip;p;:skip"}, stdin: "a\nb\n", out: "b\n", errOut: "", status: 0},
		{name: "block", args: []string{"sed", "-n", "/b/{p;p}"}, stdin: "a\nb\nc\n", out: "b\nb\n", errOut: "", status: 0},
		{name: "nested", args: []string{"sed", "-n", "2,3{/c/!{p}}"}, stdin: "a\nb\nc\n", out: "b\n", errOut: "", status: 0},
		{name: "x", args: []string{"sed", "x"}, stdin: "1\n2\n", out: "\n1\n", errOut: "", status: 0},
		{name: "D-nonl", args: []string{"sed", "D"}, stdin: "a\nb\n", out: "", errOut: "", status: 0},
		{name: "P", args: []string{"sed", "-n", "N;P"}, stdin: "a\nb\n", out: "a\n", errOut: "", status: 0},
		{name: "z", args: []string{"sed", "z;s/^$/empty/"}, stdin: "a\n", out: "empty\n", errOut: "", status: 0},
		{name: "F", args: []string{"sed", "F"}, stdin: "a\n", out: "-\na\n", errOut: "", status: 0},
		{name: "F-file", args: []string{"sed", "-n", "1F", "a"}, stdin: "", out: "a\n", errOut: "", status: 0},
		{name: "w-stdout", args: []string{"sed", "-n", "w /dev/stdout"}, stdin: "a\nb\n", out: "a\nb\n", errOut: "", status: 0},
		{name: "s-w-stdout", args: []string{"sed", "s/a/X/w /dev/stdout"}, stdin: "a\nb\n", out: "X\nX\nb\n", errOut: "", status: 0},
		{name: "r-file", args: []string{"sed", "1r a"}, stdin: "1\n2\n", out: "1\na\nb\n2\n", errOut: "", status: 0},
		{name: "r-missing", args: []string{"sed", "r nope"}, stdin: "1\n", out: "1\n", errOut: "", status: 0},
		{name: "R-file", args: []string{"sed", "R a"}, stdin: "1\n2\n3\n", out: "1\na\n2\nb\n3\n", errOut: "", status: 0},
		{name: "hash-n", args: []string{"sed", "#n"}, stdin: "a\n", out: "", errOut: "", status: 0},
		{name: "hash-nx", args: []string{"sed", "#nx"}, stdin: "a\n", out: "", errOut: "", status: 0},
		{name: "comment", args: []string{"sed", "-n", "p # comment"}, stdin: "a\n", out: "a\n", errOut: "", status: 0},
		{name: "f-file", args: []string{"sed", "-f", "s.sed"}, stdin: "foo\nbar\n", out: "foo\nbar\nbar\n", errOut: "", status: 0},
		{name: "ere-plus", args: []string{"sed", "-E", "s/a+/X/"}, stdin: "aaa b\n", out: "X b\n", errOut: "", status: 0},
		{name: "bre-plus", args: []string{"sed", "s/a\\+/X/"}, stdin: "aaa b\n", out: "X b\n", errOut: "", status: 0},
		{name: "bre-literal-plus", args: []string{"sed", "s/a+/X/"}, stdin: "a+b\n", out: "Xb\n", errOut: "", status: 0},
		{name: "bre-interval", args: []string{"sed", "s/a\\{2,3\\}/X/"}, stdin: "aaaa\n", out: "Xa\n", errOut: "", status: 0},
		{name: "ere-interval", args: []string{"sed", "-E", "s/a{2}/X/g"}, stdin: "aaaa\n", out: "XX\n", errOut: "", status: 0},
		{name: "bre-alt", args: []string{"sed", "s/\\(a\\|x\\)*b/Z/"}, stdin: "ab\n", out: "Z\n", errOut: "", status: 0},
		{name: "class", args: []string{"sed", "s/[[:digit:]]/D/g"}, stdin: "ab1 2\n", out: "abD D\n", errOut: "", status: 0},
		{name: "bracket-t", args: []string{"sed", "s/[\\t]/X/"}, stdin: "a\tb\n", out: "aXb\n", errOut: "", status: 0},
		{name: "bracket-bs", args: []string{"sed", "s/[\\\\]/X/;s/[]]/Y/"}, stdin: "a\\b]c\n", out: "aXbYc\n", errOut: "", status: 0},
		{name: "star-start", args: []string{"sed", "s/*/X/"}, stdin: "a*b\n", out: "aXb\n", errOut: "", status: 0},
		{name: "anchor-mid", args: []string{"sed", "s/a^b$c/ok/"}, stdin: "a^b$c\n", out: "ok\n", errOut: "", status: 0},
		{name: "newline-rhs", args: []string{"sed", "s/ /\\n/"}, stdin: "a b\n", out: "a\nb\n", errOut: "", status: 0},
		{name: "tab-rhs", args: []string{"sed", "s/ /\\t/"}, stdin: "a b\n", out: "a\tb\n", errOut: "", status: 0},
		{name: "M-flag", args: []string{"sed", "N;s/^/>/Mg"}, stdin: "a\nb\n", out: ">a\n>b\n", errOut: "", status: 0},
		{name: "delim", args: []string{"sed", "s|/usr|/opt|"}, stdin: "/usr/bin\n", out: "/opt/bin\n", errOut: "", status: 0},
		{name: "addr-delim", args: []string{"sed", "-n", "\\|/usr|p"}, stdin: "/usr/bin\nx\n", out: "/usr/bin\n", errOut: "", status: 0},
		{name: "addr-I", args: []string{"sed", "-n", "/abc/Ip"}, stdin: "ABC\nx\n", out: "ABC\n", errOut: "", status: 0},
		{name: "empty-re", args: []string{"sed", "/foo/s//X/"}, stdin: "foo bar\n", out: "X bar\n", errOut: "", status: 0},
		{name: "z-nul", args: []string{"sed", "-z", "s/^/>/"}, stdin: "a\x00b\x00", out: ">a\x00>b\x00", errOut: "", status: 0},
		{name: "dot-nl", args: []string{"sed", "N;s/a.b/X/"}, stdin: "a\nb\n", out: "X\n", errOut: "", status: 0},
		{name: "err-unknown", args: []string{"sed", "k"}, stdin: "a\n", out: "", errOut: "sed: -e expression #1, char 1: unknown command: `k'\n", status: 1},
		{name: "err-extra", args: []string{"sed", "nope"}, stdin: "a\n", out: "", errOut: "sed: -e expression #1, char 2: extra characters after command\n", status: 1},
		{name: "err-unterminated", args: []string{"sed", "s/a/b"}, stdin: "a\n", out: "", errOut: "sed: -e expression #1, char 5: unterminated `s' command\n", status: 1},
		{name: "err-opt", args: []string{"sed", "s/a/b/x"}, stdin: "a\n", out: "", errOut: "sed: -e expression #1, char 7: unknown option to `s'\n", status: 1},
		{name: "err-addr", args: []string{"sed", "/a"}, stdin: "a\n", out: "", errOut: "sed: -e expression #1, char 2: unterminated address regex\n", status: 1},
		{name: "err-y", args: []string{"sed", "y/ab/c/"}, stdin: "a\n", out: "", errOut: "sed: -e expression #1, char 7: strings for `y' command are different lengths\n", status: 1},
		{name: "err-a", args: []string{"sed", "a"}, stdin: "a\n", out: "", errOut: "sed: -e expression #1, char 1: expected \\ after `a', `c' or `i'\n", status: 1},
		{name: "err-ref", args: []string{"sed", "s/a/\\1/"}, stdin: "a\n", out: "", errOut: "sed: -e expression #1, char 7: invalid reference \\1 on `s' command's RHS\n", status: 1},
		{name: "err-label", args: []string{"sed", "b foo"}, stdin: "a\n", out: "", errOut: "sed: can't find label for jump to `foo'\n", status: 4},
		{name: "err-block", args: []string{"sed", "-n", "1{p"}, stdin: "a\n", out: "", errOut: "sed: -e expression #1, char 0: unmatched `{'\n", status: 1},
		{name: "err-close", args: []string{"sed", "-n", "p}"}, stdin: "a\n", out: "", errOut: "sed: -e expression #1, char 2: unexpected `}'\n", status: 1},
		{name: "err-zero", args: []string{"sed", "-n", "0p"}, stdin: "a\n", out: "", errOut: "sed: -e expression #1, char 2: invalid usage of line address 0\n", status: 1},
		{name: "err-multi-e", args: []string{"sed", "-e", "p", "-e", "k"}, stdin: "a\n", out: "", errOut: "sed: -e expression #2, char 1: unknown command: `k'\n", status: 1},
		{name: "err-q2", args: []string{"sed", "-n", "1,3q"}, stdin: "a\n", out: "", errOut: "sed: -e expression #1, char 4: command only uses one address\n", status: 1},
		{name: "err-bang", args: []string{"sed", "3!!p"}, stdin: "a\n", out: "", errOut: "sed: -e expression #1, char 3: multiple `!'s\n", status: 1},
		{name: "err-colon", args: []string{"sed", ":"}, stdin: "a\n", out: "", errOut: "sed: -e expression #1, char 1: \":\" lacks a label\n", status: 1},
		{name: "err-file", args: []string{"sed", "-f", "s.sed", "nofile", "a"}, stdin: "", out: "a\na\nb\nb\n", errOut: "sed: can't read nofile: No such file or directory\n", status: 2},
		{name: "missing-file", args: []string{"sed", "p", "nofile"}, stdin: "", out: "", errOut: "sed: can't read nofile: No such file or directory\n", status: 2},
		{name: "noinput-i", args: []string{"sed", "-i", "p"}, stdin: "", out: "", errOut: "sed: no input files\n", status: 4},
		{name: "bad-opt", args: []string{"sed", "-k", "p"}, stdin: "", out: "", errOut: "sed: invalid option -- 'k'\nUsage: sed [OPTION]... {script-only-if-no-other-script} [input-file]...\n\n  -n, --quiet, --silent\n                 suppress automatic printing of pattern space\n      --debug\n                 annotate program execution\n  -e script, --expression=script\n                 add the script to the commands to be executed\n  -f script-file, --file=script-file\n                 add the contents of script-file to the commands to be executed\n  --follow-symlinks\n                 follow symlinks when processing in place\n  -i[SUFFIX], --in-place[=SUFFIX]\n                 edit files in place (makes backup if SUFFIX supplied)\n  -l N, --line-length=N\n                 specify the desired line-wrap length for the `l' command\n  --posix\n                 disable all GNU extensions.\n  -E, -r, --regexp-extended\n                 use extended regular expressions in the script\n                 (for portability use POSIX -E).\n  -s, --separate\n                 consider files as separate rather than as a single,\n                 continuous long stream.\n      --sandbox\n                 operate in sandbox mode (disable e/r/w commands).\n  -u, --unbuffered\n                 load minimal amounts of data from the input files and flush\n                 the output buffers more often\n  -z, --null-data\n                 separate lines by NUL characters\n      --help     display this help and exit\n      --version  output version information and exit\n\nIf no -e, --expression, -f, or --file option is given, then the first\nnon-option argument is taken as the sed script to interpret.  All\nremaining arguments are names of input files; if no input files are\nspecified, then the standard input is read.\n\nGNU sed home page: <https://www.gnu.org/software/sed/>.\nGeneral help using GNU software: <https://www.gnu.org/gethelp/>.\n", status: 1},
		{name: "utf8-y", args: []string{"sed", "y/\xc3\xa9/e/"}, stdin: "h\xe9llo\n", out: "h\xe9llo\n", errOut: "", status: 0},
		{name: "invalid-utf8", args: []string{"sed", "s/b/X/"}, stdin: "a\xffb\n", out: "a\xffX\n", errOut: "", status: 0},
		{name: "nul-bytes", args: []string{"sed", "s/b/X/"}, stdin: "a\x00b\n", out: "a\x00X\n", errOut: "", status: 0},
		{name: "quiet-long", args: []string{"sed", "--quiet", "p"}, stdin: "a\n", out: "a\n", errOut: "", status: 0},
		{name: "expr-long", args: []string{"sed", "--expression=p"}, stdin: "a\n", out: "a\na\n", errOut: "", status: 0},
		{name: "ne", args: []string{"sed", "-ne", "2p"}, stdin: "a\nb\n", out: "b\n", errOut: "", status: 0},
		{name: "s-p", args: []string{"sed", "-n", "s/a/X/p"}, stdin: "a\nb\n", out: "X\n", errOut: "", status: 0},
		{name: "s-ep", args: []string{"sed", "-n", "-E", "s/(a)/\\1\\1/p"}, stdin: "a\nb\n", out: "aa\n", errOut: "", status: 0},
		{name: "brace-semicolon", args: []string{"sed", "{p};p"}, stdin: "a\n", out: "a\na\na\n", errOut: "", status: 0},
		{name: "regex-range2", args: []string{"sed", "-n", "/a/,/a/p"}, stdin: "x\na\nb\na\nc\n", out: "a\nb\na\n", errOut: "", status: 0},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			out, errOut, st := runSed(t, newFS(t), tc.stdin, tc.args, nil)
			if out != tc.out || errOut != tc.errOut || st != tc.status {
				t.Errorf("%q:\n got  %q %q %d\n want %q %q %d", tc.args, out, errOut, st, tc.out, tc.errOut, tc.status)
			}
		})
	}
}

func TestSedInPlace(t *testing.T) {
	fsys := newFS(t)
	out, errOut, st := runSed(t, fsys, "", []string{"sed", "-i.bak", "s/a/Z/", "a", "nope", "b"}, nil)
	// GNU: edits the files it can read, reports the others, exits 2.
	if out != "" || errOut != "sed: can't read nope: No such file or directory\n" || st != 2 {
		t.Fatalf("got %q %q %d", out, errOut, st)
	}
	for name, want := range map[string]string{"a": "Z\nb\n", "a.bak": "a\nb\n", "b": "c\nd\n", "b.bak": "c\nd\n"} {
		got, err := vfs.ReadFile(fsys, "/home/user/"+name)
		if err != nil || string(got) != want {
			t.Errorf("%s = %q, %v; want %q", name, got, err, want)
		}
	}
	ents, _ := fsys.ReadDir("/home/user")
	if len(ents) != 6 { // a a.bak b b.bak s.sed t: no temp file left behind
		t.Errorf("directory has %d entries, want 6", len(ents))
	}
	// -s semantics: $ is each file's last line; -n with w writes files.
	runSed(t, fsys, "", []string{"sed", "-n", "-i", "$p", "a", "t"}, nil)
	if got, _ := vfs.ReadFile(fsys, "/home/user/t"); string(got) != "baz\n" {
		t.Errorf("t = %q", got)
	}
	runSed(t, fsys, "x\ny\n", []string{"sed", "-n", "/y/w out.txt"}, nil)
	if got, _ := vfs.ReadFile(fsys, "/home/user/out.txt"); string(got) != "y\n" {
		t.Errorf("out.txt = %q", got)
	}
	_, errOut, st = runSed(t, fsys, "", []string{"sed", "-i", "p"}, nil)
	if errOut != "sed: no input files\n" || st != 4 {
		t.Errorf("no files: %q %d", errOut, st)
	}
}

// TestSedExec checks that e and s///e go through the sandbox shell hook.
func TestSedExec(t *testing.T) {
	var ran []string
	fake := func(_ context.Context, script string, _ []string, stdio commands.IO) int {
		ran = append(ran, script)
		io.WriteString(stdio.Stdout, "<"+script+">\n")
		return 0
	}
	out, _, st := runSed(t, newFS(t), "echo hi\nx\n", []string{"sed", "-e", "1e", "-e", "2e echo pre", "-e", "2s/x/date/e"}, fake)
	want := "<echo hi>\n<echo pre>\n<date>\n"
	if out != want || st != 0 {
		t.Errorf("got %q %d, want %q", out, st, want)
	}
	if len(ran) != 3 {
		t.Errorf("ran %q", ran)
	}
	_, errOut, st := runSed(t, newFS(t), "x\n", []string{"sed", "e"}, nil)
	if st != 4 || !strings.Contains(errOut, "not available") {
		t.Errorf("no shell: %q %d", errOut, st)
	}
}

// TestSedBackrefs: back-references in s and in addresses, rows recorded
// from GNU sed 4.9 on the input "aa\nabba\nxyz\n".
func TestSedBackrefs(t *testing.T) {
	rows := []struct {
		script, out, errOut string
		status              int
	}{
		{`s/\(a\)\2/x/`, "", "sed: -e expression #1, char 12: Invalid back reference\n", 1},
		{`s/\(a\)\1/X/`, "X\nabba\nxyz\n", "", 0},
		{`/\(.\)\1/d`, "xyz\n", "", 0},
		{`s/\(.\)\1/<\1>/g`, "<a>\na<b>a\nxyz\n", "", 0},
		{`/\(a\)\1/s//[\1]/`, "[a]\nabba\nxyz\n", "", 0},
	}
	for _, r := range rows {
		out, errOut, st := runSed(t, newFS(t), "aa\nabba\nxyz\n", []string{"sed", r.script}, nil)
		if out != r.out || errOut != r.errOut || st != r.status {
			t.Errorf("sed %q: %q %q %d, GNU %q %q %d", r.script, out, errOut, st, r.out, r.errOut, r.status)
		}
	}
	// Ours only: a search past the backtracking budget ends sed with a
	// message and status 4, as other run-time failures do.
	_, errOut, st := runSed(t, newFS(t), strings.Repeat("a", 60)+"cb\n", []string{"sed", `/^\(a*\)*\1b$/d`}, nil)
	if st != 4 || !strings.Contains(errOut, "too complex") {
		t.Errorf("budget: %q %d", errOut, st)
	}
}

// TestSedStreaming: an endless input stops at q without reading it all.
func TestSedStreaming(t *testing.T) {
	var out bytes.Buffer
	c := &commands.Context{Args: []string{"sed", "3q"}, Stdin: endless{}, Stdout: &out,
		Stderr: io.Discard, FS: vfs.NewMem(), Dir: "/"}
	if st := New().Run(context.Background(), c); st != 0 || out.String() != "y\ny\ny\n" {
		t.Errorf("got %q %d", out.String(), st)
	}
}

type endless struct{}

func (endless) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = "y\n"[i%2]
	}
	return len(p) - len(p)%2, nil
}
