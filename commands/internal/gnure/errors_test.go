package gnure

import (
	"bytes"
	"errors"
	"os/exec"
	"regexp"
	"strings"
	"testing"
)

// compileMsg translates and compiles p as grep would and returns the error
// text, "" when it compiles.
func compileMsg(p string, ere bool) string {
	t, err := Translate(p, ere)
	if err == nil {
		_, err = regexp.Compile(t)
	}
	if err == nil {
		return ""
	}
	return Message(err)
}

// grepErrors were recorded from GNU grep 3.8 (grep [-E] PATTERN).
var grepErrors = []struct {
	pat  string
	ere  bool
	want string
}{
	{"[z-a]", false, "Invalid range end"},
	{"[z-a]", true, "Invalid range end"},
	{`\(`, false, `Unmatched ( or \(`},
	{"(", true, `Unmatched ( or \(`},
	{"[[:foo:]]", false, "Invalid character class name"},
	{`a\{2,1\}`, false, `Invalid content of \{\}`},
	{"a{2,1}", true, `Invalid content of \{\}`},
}

func TestMessageLikeGNUGrep(t *testing.T) {
	for _, tc := range grepErrors {
		if got := compileMsg(tc.pat, tc.ere); got != tc.want {
			t.Errorf("%q (ere %v): %q, want %q", tc.pat, tc.ere, got, tc.want)
		}
	}
}

// TestMessageAgainstGNUGrep replays grepErrors on the installed grep.
func TestMessageAgainstGNUGrep(t *testing.T) {
	grep, err := exec.LookPath("grep")
	if err != nil {
		t.Skip("no grep on PATH")
	}
	if v, _ := exec.Command(grep, "--version").Output(); !bytes.Contains(v, []byte("GNU grep")) {
		t.Skip("grep is not GNU grep")
	}
	for _, tc := range grepErrors {
		args := []string{"-e", tc.pat}
		if tc.ere {
			args = append([]string{"-E"}, args...)
		}
		cmd := exec.Command(grep, args...)
		cmd.Args[0] = "grep"
		cmd.Env = []string{"LC_ALL=C"}
		cmd.Stdin = strings.NewReader("x\n")
		var e bytes.Buffer
		cmd.Stderr = &e
		err := cmd.Run()
		var ee *exec.ExitError
		if !errors.As(err, &ee) || ee.ExitCode() != 2 {
			t.Errorf("%q: GNU grep did not fail with 2: %v", tc.pat, err)
			continue
		}
		if want := "grep: " + compileMsg(tc.pat, tc.ere) + "\n"; e.String() != want {
			t.Errorf("%q: GNU %q, ours %q", tc.pat, e.String(), want)
		}
	}
}

func TestMessageCodes(t *testing.T) {
	for pat, want := range map[string]string{
		`a**`:     "Invalid preceding regular expression",
		`x{1001}`: `Invalid content of \{\}`,
		`[a`:      "Unmatched [, [^, [:, [., or [=",
		`a)`:      `Unmatched ) or \)`,
		`a\`:      "Trailing backslash",
		`[[:x:]]`: "Invalid character class name",
	} {
		_, err := regexp.Compile(pat)
		if err == nil {
			t.Fatalf("%q compiled", pat)
		}
		if got := Message(err); got != want {
			t.Errorf("%q: %q, want %q", pat, got, want)
		}
	}
	if got := Message(errors.New("Unmatched \\{")); got != "Unmatched \\{" {
		t.Errorf("non-RE2 error changed: %q", got)
	}
}

// TestRegcompMessageOpenBracketAtEnd: glibc's regcomp (nl, tac, expr)
// calls a bracket opened at the end of the pattern an invalid expression;
// an escaped one and a bracket with content keep Message's wording.
func TestRegcompMessageOpenBracketAtEnd(t *testing.T) {
	for pat, want := range map[string]string{
		"[":     "Invalid regular expression",
		"a[":    "Invalid regular expression",
		"[^":    "Invalid regular expression",
		`\\[`:   "Invalid regular expression",
		"[a":    "Unmatched [, [^, [:, [., or [=",
		`a\[b[`: "Invalid regular expression",
	} {
		_, err := Translate(pat, false)
		if err == nil {
			_, err = regexp.Compile(pat)
		}
		if err == nil {
			t.Fatalf("%q compiled", pat)
		}
		if got := RegcompMessage(pat, err); got != want {
			t.Errorf("%q: got %q, want %q", pat, got, want)
		}
	}
}
