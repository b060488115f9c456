package bbsuite

import (
	"bufio"
	"fmt"
	"path"
	"strings"

	"github.com/justbash/justbash/vfs"
)

// failDir keeps the expected and actual output of the N-th failing case
// of a *.tests file as N.expected and N.actual, outside the cwd that the
// cases clean up.
const failDir = "/tmp/bbsuite-fail"

// testingSh is this runner's implementation of the interface BusyBox's
// testing.sh documents (see the package comment): "optional FEATURE"
// skips the following cases only for "!FEATURE", as every feature counts
// as built in; the three data arguments are expanded by "echo -ne"; the
// command's stdout is compared with cmp, so NUL bytes count.
const testingSh = `# BusyBox's testing interface, for the justbash in-process runner.
: "${ECHO:=echo}"
FAILCOUNT=0
_bbsuite_n=0
SKIP=
export FAILCOUNT
optional() {
	SKIP=
	for feature in "$@"; do
		case $feature in
		'!'*) SKIP=1 ;;
		esac
	done
}
testing() {
	NAME=${1:-$2}
	if [ $# -ne 5 ]; then
		echo "BADARGS: $NAME ($# arguments)"
		return 1
	fi
	if [ -n "$SKIP" ]; then
		echo "SKIPPED: $NAME"
		return 0
	fi
	$ECHO -ne "$3" >expected
	$ECHO -ne "$4" >input
	$ECHO -ne "$5" | eval "$2" >actual
	RETVAL=$?
	if cmp -s expected actual; then
		echo "PASS: $NAME"
	else
		FAILCOUNT=$((FAILCOUNT + 1))
		echo "FAIL: $NAME"
		_bbsuite_n=$((_bbsuite_n + 1))
		mkdir -p ` + failDir + `
		cp expected ` + failDir + `/$_bbsuite_n.expected
		cp actual ` + failDir + `/$_bbsuite_n.actual
		printf %s "$NAME" >` + failDir + `/$_bbsuite_n.name
	fi
	rm -f input expected actual
	return $RETVAL
}
`

// parseVerdicts reads the verdict lines testingSh prints; everything
// else on stdout (the md5sum tests print their own PASS/FAIL lines in the
// same format) is ignored.
func parseVerdicts(item, stdout string) []Result {
	var out []Result
	seen := map[string]int{}
	sc := bufio.NewScanner(strings.NewReader(stdout))
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	for sc.Scan() {
		kind, name, ok := strings.Cut(sc.Text(), ": ")
		if !ok {
			continue
		}
		var v Verdict
		switch kind {
		case "PASS":
			v = Pass
		case "FAIL", "BADARGS":
			v = Fail
		case "SKIPPED":
			v = Skip
		default:
			continue
		}
		out = append(out, Result{Item: item, Name: name, Seq: seen[name], Verdict: v})
		seen[name]++
	}
	return out
}

// attachDetails gives the failing cases their expected and actual output
// from failDir. Only the failures testing() judged saved them, in order,
// with their name; the md5sum tests judge themselves and say why in the
// name.
func attachDetails(fsys vfs.FS, rs []Result) {
	n := 1
	for i := range rs {
		if rs[i].Verdict != Fail {
			continue
		}
		file := func(ext string) []byte {
			data, _ := vfs.ReadFile(fsys, path.Join(failDir, fmt.Sprint(n)+ext))
			return data
		}
		name := file(".name")
		if name == nil || string(name) != rs[i].Name {
			continue
		}
		rs[i].Detail = fmt.Sprintf("expected: %q\nactual:   %q", file(".expected"), file(".actual"))
		n++
	}
}
