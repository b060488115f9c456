package sed

import (
	"bytes"
	"io"
	"strings"

	"context"
	"fmt"
	"math/rand/v2"
	"regexp"
	"testing"

	"github.com/justbash/justbash/commands"
	"github.com/justbash/justbash/vfs"
)

// eachMatch finds matches one at a time; it must find exactly what
// regexp's FindAll finds (empty matches included) for every pattern.
func TestEachMatchAgreesWithFindAll(t *testing.T) {
	patterns := []string{`x`, `x*`, `a|`, `(a)(b)?`, `[ab]+`, `.*`, `.`, `$`, `b*$`, `^a`, `\bab`, `a\B`, `(?m)^b`,
		`é*`, `(x*)(a?)`, `aa|a`, ``}
	rng := rand.New(rand.NewPCG(4, 2))
	r := &runner{ctx: context.Background(), maxSpace: 1 << 20}
	for _, p := range patterns {
		re := regexp.MustCompile(p)
		for i := 0; i < 200; i++ {
			b := make([]byte, rng.IntN(12))
			for j := range b {
				b[j] = "abx \néé"[rng.IntN(7)]
			}
			r.ps = b
			var got [][]int
			r.eachMatch(re, true, func(m []int) bool { got = append(got, append([]int(nil), m...)); return true })
			want := re.FindAllSubmatchIndex(b, -1)
			if fmt.Sprint(got) != fmt.Sprint(want) && !(len(got) == 0 && len(want) == 0) {
				t.Fatalf("%q on %q: got %v want %v", p, b, got, want)
			}
		}
	}
}

// Loops that grow the pattern space end at the string limit, with every
// kind of regexp, and a cancelled run ends even when its commands are few
// but each is large.
func TestGrowingLoopsEnd(t *testing.T) {
	for _, script := range []string{":a;s/x/xx/g;ba", `:a;s/\bx\|\Bx/xx/g;ba`, ":a;s/.*/&&/;ba", ":a;s/x*/&&/g;ba"} {
		var out, errb bytes.Buffer
		c := &commands.Context{Args: []string{"sed", script}, Stdin: strings.NewReader("x\n"), Stdout: &out,
			Stderr: &errb, FS: vfs.NewMem(), Dir: "/", Limits: commands.Limits{MaxStringBytes: 1 << 20}}
		st := New().Run(context.Background(), c)
		if st != 125 || !strings.Contains(errb.String(), "max string bytes") {
			t.Errorf("%s: status %d, stderr %q", script, st, errb.String())
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	var errb bytes.Buffer
	c := &commands.Context{Args: []string{"sed", ":a;s/x/xx/g;ba"}, Stdin: strings.NewReader("x\n"), Stdout: io.Discard,
		Stderr: &errb, FS: vfs.NewMem(), Dir: "/"}
	if st := New().Run(ctx, c); st == 0 {
		t.Errorf("cancelled run: status 0, stderr %q", errb.String())
	}
}
