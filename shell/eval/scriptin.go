package eval

import (
	"io"
	"sync"
)

// scriptInput is the standard input of a shell whose script is its own
// standard input (bash < file, cmd | bash). bash reads such a script as it
// runs it, a command at a time, so a command that reads its standard
// input (read, cat, a nested bash) gets the text after the line just
// read, and the shell goes on after what the command took: the lines a
// command reads are neither run nor counted in $LINENO.
//
// The script's text is all in the reading loop's lineFeed; reading from
// scriptInput takes bytes from the feed's unread part, as if they had
// never been in the script.
type scriptInput struct {
	mu   sync.Mutex
	feed *lineFeed // the feed of the run now reading; nil between runs
}

// ScriptInput returns the reader to use as the shell's standard input
// when the script comes from its standard input: it reads what the
// shell has not read of the script yet.
func (r *Runner) ScriptInput() io.Reader {
	if r.scriptIn == nil {
		r.scriptIn = &scriptInput{}
	}
	return r.scriptIn
}

// bindScriptInput attaches the feed of a top-level run to the script's
// input, when the runner's standard input is its script.
func (r *Runner) bindScriptInput(f *lineFeed) {
	if r.scriptIn == nil {
		return
	}
	r.scriptIn.mu.Lock()
	r.scriptIn.feed = f
	f.in = r.scriptIn
	r.scriptIn.mu.Unlock()
}

func (s *scriptInput) Read(b []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	f := s.feed
	if f == nil || f.pos >= len(f.text) {
		return 0, io.EOF
	}
	if len(b) == 0 {
		return 0, nil
	}
	// The feed's text is escaped (bytesafe.go): the reader gets its bytes.
	n, used := unescapePrefix(b, f.text[f.pos:])
	f.take(used)
	return n, nil
}

// take removes n bytes at the reading position from the feed's text and
// the source's (they are at the same offsets), with the offsets the
// reader keeps past that position.
func (f *lineFeed) take(n int) {
	at := f.pos
	f.text = f.text[:at] + f.text[at+n:]
	if at+n <= len(f.src.text) {
		f.src.text = f.src.text[:at] + f.src.text[at+n:]
	}
	if f.src.histDone > at {
		f.src.histDone -= min(n, f.src.histDone-at)
	}
}
