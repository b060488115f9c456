package text

import (
	"bytes"
	"context"
	"io"
	"testing"

	"github.com/justbash/justbash/commands"
	"github.com/justbash/justbash/commands/internal/cmdtest"
)

func TestHeadStopsEarly(t *testing.T) {
	var out bytes.Buffer
	c := &commands.Context{Args: []string{"head", "-c", "3"}, Stdin: cmdtest.Endless{}, Stdout: &out, Stderr: io.Discard}
	if st := runHead(context.Background(), c); st != 0 || out.String() != "zzz" {
		t.Fatalf("head -c 3 = %q %d", out.String(), st)
	}
}
