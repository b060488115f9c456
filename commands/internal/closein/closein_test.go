package closein

import (
	"bytes"
	"errors"
	"io/fs"
	"syscall"
	"testing"

	"github.com/justbash/justbash/commands"
)

func TestReportWordsTheFailedClose(t *testing.T) {
	for _, tc := range []struct {
		style Style
		want  string
	}{
		{Dash, "head: -: Bad file descriptor\n"},
		{Closing, "head: closing standard input: Bad file descriptor\n"},
		{Words, "head: standard input: Bad file descriptor\n"},
	} {
		var errb bytes.Buffer
		c := &commands.Context{Args: []string{"head"}, Stderr: &errb}
		var tr Tracker
		tr.Note("f", syscall.EBADF)  // not standard input
		tr.Note("-", fs.ErrNotExist) // not a closed descriptor
		if tr.Report(c, tc.style) || errb.Len() > 0 {
			t.Fatalf("reported without a closed standard input: %q", errb.String())
		}
		tr.Note("-", errors.Join(errors.New("read"), syscall.EBADF))
		if !tr.Report(c, tc.style) || errb.String() != tc.want {
			t.Errorf("style %d: got %q, want %q", tc.style, errb.String(), tc.want)
		}
	}
}
