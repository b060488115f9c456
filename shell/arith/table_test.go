package arith

import (
	"os/exec"
	"testing"
)

type row struct{ setup, expr, want string }

func TestTable(t *testing.T) {
	if len(table) < 300 {
		t.Fatalf("table has %d rows", len(table))
	}
	for _, r := range table {
		if got := run(r.setup, r.expr); got != r.want {
			t.Errorf("setup %q expr %q\n got %q\nwant %q", r.setup, r.expr, got, r.want)
		}
	}
}

// TestTableBash checks that the recorded table still matches the bash of
// this machine, so that a bad recording cannot hide.
func TestTableBash(t *testing.T) {
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("bash not installed")
	}
	if testing.Short() {
		t.Skip("-short: runs /bin/bash")
	}
	out, _ := exec.Command(bash, "-c", "echo ${BASH_VERSINFO[0]}.${BASH_VERSINFO[1]}").Output()
	if string(out) != "5.2\n" {
		t.Skipf("the table is recorded from bash 5.2, this is %s", out)
	}
	ins := make([]input, len(table))
	for i, r := range table {
		ins[i] = input{r.setup, r.expr}
	}
	got := bashBatch(t, bash, ins)
	for i, r := range table {
		if got := got[i]; got != r.want {
			t.Errorf("bash: setup %q expr %q\n got %q\nwant %q", r.setup, r.expr, got, r.want)
		}
	}
}
