package yq

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/justbash/justbash/commands"
	"github.com/justbash/justbash/vfs"
)

// A deep document's pretty output grows with the square of its depth; the
// string limit must refuse it before it is built, and let through what
// fits.
func TestPrettyOutputBounded(t *testing.T) {
	const depth = 2000 // pretty JSON: ~2 × depth² × indent/2 ≈ 8 MB
	deep := strings.Repeat("[", depth) + strings.Repeat("]", depth)
	run := func(max int64, args ...string) (string, string, int) {
		var out, errb bytes.Buffer
		c := &commands.Context{Args: append([]string{"yq"}, args...), Stdin: strings.NewReader(deep),
			Stdout: &out, Stderr: &errb, FS: vfs.NewMem(), Dir: "/",
			Limits: commands.Limits{MaxStringBytes: max}}
		code := New().Run(context.Background(), c)
		return out.String(), errb.String(), code
	}
	out, errs, code := run(1<<20, "-p", "json", "-o", "json", ".")
	if code != 125 || !strings.Contains(errs, "max string bytes") || out != "" {
		t.Fatalf("pretty JSON over the limit: code %d, stderr %q, %d bytes out", code, errs, len(out))
	}
	// Compact JSON and YAML (nested sequences share a line) stay small.
	for _, args := range [][]string{{"-p", "json", "-o", "json", "-I0", "."}, {"-p", "json", "-o", "yaml", "."}} {
		out, errs, code = run(1<<20, args...)
		if code != 0 || len(out) > 3*depth+1 {
			t.Fatalf("%v: code %d, stderr %q, %d bytes out", args, code, errs, len(out))
		}
	}
	// The same pretty output passes with room for it, and is as long as
	// the estimate's reasoning says.
	out, errs, code = run(64<<20, "-p", "json", "-o", "json", ".")
	if code != 0 || len(out) < depth*depth {
		t.Fatalf("pretty JSON under the limit: code %d, stderr %q, %d bytes out", code, errs, len(out))
	}
}
