package shell

import (
	"context"
	"fmt"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/justbash/justbash/toolcmd"
)

// Tools called concurrently from inside one run (xargs -P, background
// jobs) and from concurrent runs of one Shell. Its worth is under -race
// (.ci/run runs this package with it); without it the counts still check
// that every call arrived exactly once.
func TestToolsCalledConcurrently(t *testing.T) {
	var calls atomic.Int64
	reg := toolcmd.NewRegistry()
	if err := reg.AddInline(map[string]toolcmd.Tool{
		"math.add": toolcmd.Func("Add two numbers", func(_ context.Context, in addIn) (addOut, error) {
			calls.Add(1)
			return addOut{Sum: in.A + in.B}, nil
		}),
	}); err != nil {
		t.Fatal(err)
	}
	sh := newShell(t, Options{Tools: toolcmd.NewInvoker(reg)})
	script := `
seq 1 40 | xargs -P 8 -I{} math add a={} b=1 | jq -s 'map(.sum) | add'
d=$(mktemp -d)
for i in $(seq 1 16); do math add a=$i b=0 > $d/job$i & done
wait
cat $d/job* | jq -s 'map(.sum) | add'
`
	const runs = 4
	var wg sync.WaitGroup
	errs := make(chan string, runs)
	for i := 0; i < runs; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			sess, err := sh.NewSession()
			if err != nil {
				errs <- err.Error()
				return
			}
			res, err := sess.Exec(context.Background(), script)
			// sum(2..41) = 860; sum(1..16) = 136.
			if want := "860\n136\n"; err != nil || res.Stdout != want {
				errs <- fmt.Sprintf("got %q (stderr %q, err %v), want %q", res.Stdout, res.Stderr, err, want)
			}
		}()
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Error(e)
	}
	if got := calls.Load(); got != runs*(40+16) {
		t.Errorf("tool calls: %d, want %d", got, runs*(40+16))
	}
}
