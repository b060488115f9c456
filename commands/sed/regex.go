package sed

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/justbash/justbash/commands/internal/backtrack"
	"github.com/justbash/justbash/commands/internal/gnure"
	"github.com/justbash/justbash/commands/internal/posixre"
)

// sedRegex holds how GNU sed differs from grep in reading a pattern: its
// one-byte escapes work everywhere, parentheses and intervals are left for
// RE2 to judge (reErrText rewords its errors), and the messages differ.
var sedRegex = posixre.Options{
	CharEscape:   charEscape,
	BracketError: "unterminated address regex",
	Backrefs:     true,
}

// matcher is what sed asks of a compiled regex: *regexp.Regexp, or a
// *backtrack.Regexp for a pattern with back-references.
type matcher interface {
	Match(b []byte) bool
	FindSubmatchIndex(b []byte) []int
	FindAllSubmatchIndex(b []byte, n int) [][]int
	NumSubexp() int
	LiteralPrefix() (string, bool)
	String() string
}

// budgetErr is the error of a back-reference search that ran out of
// budget, nil otherwise.
func budgetErr(re matcher) error {
	if bt, ok := re.(*backtrack.Regexp); ok {
		return bt.Err()
	}
	return nil
}

// translate turns a GNU sed regex (BRE, or ERE when ere is set) into RE2
// syntax.
func translate(p string, ere bool) (string, error) {
	return posixre.Translate(p, ere, sedRegex)
}

// charEscape decodes the escapes GNU sed turns into one byte before
// compiling: \n \t \a \f \v \r, \dNNN, \oNNN, \xHH and \cX.
func charEscape(s string) (byte, int, bool) {
	switch s[0] {
	case 'n':
		return '\n', 1, true
	case 't':
		return '\t', 1, true
	case 'a':
		return '\a', 1, true
	case 'f':
		return '\f', 1, true
	case 'v':
		return '\v', 1, true
	case 'r':
		return '\r', 1, true
	case 'c':
		if len(s) > 1 {
			return strings.ToUpper(s[1:2])[0] ^ 0x40, 2, true
		}
	case 'd':
		return numEscape(s, 10, 3)
	case 'o':
		return numEscape(s, 8, 3)
	case 'x':
		return numEscape(s, 16, 2)
	}
	return 0, 0, false
}

func numEscape(s string, base, max int) (byte, int, bool) {
	j := 1
	for j < len(s) && j <= max && isDigit(s[j], base) {
		j++
	}
	if j == 1 {
		return 0, 0, false
	}
	v, err := strconv.ParseUint(s[1:j], base, 16)
	if err != nil || v > 255 {
		return 0, 0, false
	}
	return byte(v), j, true
}

func isDigit(c byte, base int) bool {
	switch base {
	case 8:
		return c >= '0' && c <= '7'
	case 10:
		return c >= '0' && c <= '9'
	}
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F'
}

// compileRegex builds the matcher for one sed regex with its flags:
// icase (I), multiline (M). Dot matches newline in the pattern space, as
// POSIX regexec does; matches are leftmost-longest.
func compileRegex(p string, ere, icase, multi bool) (matcher, error) {
	t, err := translate(p, ere)
	if err != nil {
		return nil, err
	}
	flags := "s"
	if icase {
		flags += "i"
	}
	if multi {
		flags += "m"
	}
	if posixre.HasBackrefs(t) {
		bt, err := backtrack.Compile("(?" + flags + ")" + t)
		if err != nil {
			return nil, fmt.Errorf("%s", reErrText(err))
		}
		return bt, nil
	}
	re, err := regexp.Compile("(?" + flags + ")" + t)
	if err != nil {
		return nil, fmt.Errorf("%s", reErrText(err))
	}
	re.Longest()
	return re, nil
}

// reErrText turns an RE2 compile error into the glibc wording.
func reErrText(err error) string {
	msg := err.Error()
	switch {
	case strings.Contains(msg, "missing closing )"):
		return "Unmatched ( or \\("
	case strings.Contains(msg, "unexpected )"):
		return "Unmatched ) or \\)"
	case strings.Contains(msg, "missing closing ]"):
		return "unterminated address regex"
	case strings.Contains(msg, "invalid repeat count"):
		return "Invalid content of \\{\\}"
	case strings.Contains(msg, "missing argument to repetition operator"),
		strings.Contains(msg, "invalid nested repetition operator"):
		return "Invalid preceding regular expression"
	}
	return gnure.Message(err)
}
