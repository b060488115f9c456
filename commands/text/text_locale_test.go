package text

import (
	"github.com/justbash/justbash/commands"

	"bytes"
	"context"
	"io"
	"strings"
	"testing"
)

// TestWcLocale: -m counts characters in a UTF-8 locale and bytes in the
// C locale (expectations from GNU wc run with LC_ALL=C.UTF-8 and LC_ALL=C).
func TestWcLocale(t *testing.T) {
	in := "h\xe9llo w\xc3\xb6rld\n\xff\xfe\n\ttab\x00nul\n"
	for _, tc := range []struct{ env, want string }{
		{"LANG=C.UTF-8", " 3  3 21 25 14\n"},
		{"LC_ALL=C", " 3  3 25 25 14\n"},
		{"LANG=en_US.UTF-8", " 3  3 21 25 14\n"},
	} {
		var out bytes.Buffer
		c := &commands.Context{Args: []string{"wc", "-clwmL"}, Stdin: strings.NewReader(in), Stdout: &out,
			Stderr: io.Discard, Dir: "/", Environ: []string{tc.env}}
		// A single count of a single input is printed without padding;
		// several columns from stdin use width 7, as GNU does.
		if st := runWc(context.Background(), c); st != 0 {
			t.Fatalf("%s: status %d", tc.env, st)
		}
		got := strings.Join(strings.Fields(out.String()), " ")
		if got != strings.Join(strings.Fields(tc.want), " ") {
			t.Errorf("%s: got %q want %q", tc.env, out.String(), tc.want)
		}
	}
}
