package run

import (
	"github.com/justbash/justbash/commands"
	"github.com/justbash/justbash/commands/internal/escape"
	"github.com/justbash/justbash/commands/internal/opts"

	"bufio"
	"bytes"
	"io"
	"strings"
)

// xargsItem is one argument with the input line it ended on (for -L).
type xargsItem struct {
	s       string
	lineEnd bool
}

// xargsChunk is how much input is parsed at a time. Input is cut only at
// a line end that cannot be inside an item (after a newline not escaped
// by a backslash), so parsing chunk by chunk gives the same items as
// parsing the whole input, while memory stays bounded by one chunk plus
// one input line.
const XargsChunk = 64 << 10

// stream reads the input, parses it into items and runs command lines as
// they fill. Each input line (or -0/-d record) is bounded by
// Limits.MaxReadBytes; the reader is context-checked by the caller.
func (x *xargsRun) stream(r io.Reader, f opts.Flags) int {
	delim := byte('\n')
	split := true
	switch {
	case f.Has("0"):
		delim, split = 0, false
	case f.Has("d"):
		d, _, _ := escape.Expand(f["d"], escape.EscFormat)
		if len(d) != 1 {
			x.c.Errorf("invalid input delimiter specification %s: the delimiter must be either a single character or an escape sequence starting with \\.", f["d"])
			return 1
		}
		delim, split = d[0], false
	}
	if !split && f.Has("E") {
		x.c.Errorf("warning: the -E option has no effect if -0 or -d is used.\n") // sic: GNU's extra newline
	}
	pool := x.newPool()
	b := x.newBatcher(pool)
	br := bufio.NewReaderSize(r, 64<<10)
	max := x.c.Limits.ReadMax()
	var chunk []byte
	var errMsg string
	limitHit, warnedNUL := false, false
	for !x.stopped() {
		rec, err := readRecord(br, delim, max)
		if commands.IsLimit(err) {
			limitHit = true
			x.c.LimitStatus(err)
			break
		}
		if err != nil && err != io.EOF {
			if x.ctx.Err() == nil {
				// GNU's getc loop takes a read error for the end of the
				// input; closing stdin then fails, with the errno only
				// when the descriptor itself is bad.
				errMsg = "error closing file"
				if t := commands.ErrText(err); t == "Bad file descriptor" {
					errMsg += ": " + t
				}
			}
			break
		}
		if !split {
			if len(rec) > 0 {
				if rec[len(rec)-1] == delim {
					rec = rec[:len(rec)-1]
				}
				b.add(xargsItem{string(rec), true})
			}
		} else {
			chunk = append(chunk, rec...)
			if len(chunk) >= XargsChunk && safeCut(chunk) || err == io.EOF {
				items, msg, atEOF := splitXargsWords(string(chunk), f["E"], x.hasRepl)
				chunk = chunk[:0]
				for _, it := range items {
					b.add(x.cString(it, &warnedNUL))
				}
				if msg != "" || atEOF {
					errMsg = msg
					break
				}
			}
		}
		if err == io.EOF {
			break
		}
	}
	if limitHit {
		// The items read so far were run; the limit decides the status.
		b.flush()
		pool.wait()
		return commands.StatusLimit
	}
	b.finish()
	st := pool.wait()
	if errMsg != "" && (st == 0 || !strings.HasPrefix(errMsg, "error closing")) {
		// GNU reports the failed close only when the commands did well.
		x.c.Errorf("%s", errMsg)
		return 1
	}
	return st
}

// readRecord reads up to and including delim (or to EOF), failing with a
// limit error once the record passes max bytes.
func readRecord(br *bufio.Reader, delim byte, max int64) ([]byte, error) {
	line, err := br.ReadSlice(delim)
	if err != bufio.ErrBufferFull {
		return append([]byte(nil), line...), err
	}
	buf := append([]byte(nil), line...)
	for err == bufio.ErrBufferFull {
		if int64(len(buf)) > max {
			return nil, commands.ReadLimitErr(max)
		}
		line, err = br.ReadSlice(delim)
		buf = append(buf, line...)
	}
	if int64(len(buf)) > max {
		return nil, commands.ReadLimitErr(max)
	}
	return buf, err
}

// safeCut reports whether the chunk ends where parsing may stop: at a
// newline that no backslash escapes.
func safeCut(chunk []byte) bool {
	if len(chunk) == 0 || chunk[len(chunk)-1] != '\n' {
		return false
	}
	body := chunk[:len(chunk)-1]
	n := len(body) - len(bytes.TrimRight(body, "\\"))
	return n%2 == 0
}

// cString cuts an argument at its first NUL, as the C string GNU passes
// is cut, warning once.
func (x *xargsRun) cString(it xargsItem, warned *bool) xargsItem {
	if k := strings.IndexByte(it.s, 0); k >= 0 {
		it.s = it.s[:k]
		if !*warned {
			*warned = true
			x.c.Errorf("WARNING: a NUL character occurred in the input.  It cannot be passed through in the argument list.  Did you mean to use the --null option?")
		}
	}
	return it
}
