package eval

import (
	"bytes"
	"io"
	"strings"
)

// readyNow reports input that a read takes without waiting: a here-string
// or here-document, or a pipe with bytes in its buffer. read -t reads
// from it directly, as read(2) returns at once however short the timeout
// (read -t .0001 a <<<abcde sets a), where waiting for a reader goroutine
// could lose the race against the timer.
func readyNow(in io.Reader) bool {
	switch x := in.(type) {
	case *strings.Reader:
		return true
	case *bytes.Reader:
		return true
	case *bytes.Buffer:
		return true
	case interface{ Len() int }:
		return x.Len() > 0
	}
	return false
}
