package eval

import "unsafe"

// appendBuf makes a loop of += appends (s+=x, a[i]+=x) linear instead of
// quadratic: old+val copies the whole value each time, so building a
// string of n bytes in k steps copied O(n·k) bytes. The runner keeps the
// bytes of the last value it built by appending, with spare capacity
// behind them; when the next append's old value is exactly that value
// (same bytes in memory, same length), val is written after it and the
// result shares the buffer.
//
// This is safe for Go's immutable strings because bytes are only ever
// written past the end of every string already handed out: a string made
// from the buffer covers buf[:n] and later appends write buf[n:]. A value
// that was copied and then appended to separately has the buffer's
// address but not its length, so it takes the copying path. Each runner
// has its own buffer (subshell drops it): runners in a pipeline run
// concurrently.
type appendBuf struct{ b []byte }

// concat returns old+val, reusing the buffer when old is its last result.
func (a *appendBuf) concat(old, val string) string {
	if val == "" {
		return old
	}
	if len(old) < 64 {
		// Short values: a plain concatenation is as cheap, and keeps
		// small strings out of a large buffer.
		return old + val
	}
	if len(a.b) == len(old) && unsafe.StringData(old) == unsafe.SliceData(a.b) {
		a.b = append(a.b, val...)
	} else {
		a.b = make([]byte, 0, 2*(len(old)+len(val)))
		a.b = append(a.b, old...)
		a.b = append(a.b, val...)
	}
	return unsafe.String(unsafe.SliceData(a.b), len(a.b))
}
