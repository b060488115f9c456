package jsexec

import (
	"os"
	"os/exec"
	"regexp"
	"strconv"
	"testing"
)

// Programs that never run JavaScript must not pay for it at start-up: the
// package's init does no compiling (the prelude, guard and date programs
// and the regexps are built on first use). The test binary re-runs itself
// with the runtime's init trace and reads this package's line.
func TestPackageInitIsLazy(t *testing.T) {
	if os.Getenv("JSEXEC_INIT_CHILD") != "" {
		return
	}
	cmd := exec.Command(os.Args[0], "-test.run=^TestPackageInitIsLazy$", "-test.count=1")
	cmd.Env = append(os.Environ(), "GODEBUG=inittrace=1", "JSEXEC_INIT_CHILD=1")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("child: %v\n%s", err, out)
	}
	m := regexp.MustCompile(`init github.com/justbash/justbash/jsexec @\S+ ms, (\S+) ms clock, (\d+) bytes, (\d+) allocs`).FindSubmatch(out)
	if m == nil {
		t.Fatalf("no init trace line for jsexec:\n%s", out)
	}
	allocs, _ := strconv.Atoi(string(m[3]))
	t.Logf("jsexec init: %s ms, %s bytes, %d allocs", m[1], m[2], allocs)
	// Compiling the guard and date programs at init took ~8,700 allocations.
	if allocs > 200 {
		t.Fatalf("jsexec's init allocates %d times: package-level work is not lazy", allocs)
	}
}
