package search

import (
	"bytes"
	"io"
)

// grepBlock is how much input the block scanner reads at a time.
const grepBlock = 256 * 1024

// scanBlocks is the fast search used when the matcher has a required
// literal and no context or inversion is asked for: it looks for the
// literal across a whole block with bytes.Index, so lines that cannot
// match are never split out one by one, and only the lines around a hit
// are verified. Line numbers are counted with bytes.Count only when shown.
func (g *grepRun) scanBlocks(s *fileScan, r io.Reader) error {
	buf := make([]byte, 0, grepBlock)
	var low []byte
	for {
		if len(buf) == cap(buf) {
			// A line longer than the buffer: grow to hold it.
			buf = append(buf, make([]byte, cap(buf))...)[:len(buf)]
		}
		// One Read, not ReadFull: lines that have arrived are searched at
		// once, so a slow pipe producer sees its matches promptly.
		k, err := r.Read(buf[len(buf):cap(buf)])
		buf = buf[:len(buf)+k]
		eof := err == io.EOF
		if err != nil && !eof {
			return err
		}
		end := len(buf)
		if !eof {
			end = bytes.LastIndexByte(buf, g.sep) + 1
		}
		if end > 0 {
			hay := buf[:end]
			if g.m.fold {
				low = lowerASCII(low, hay)
				hay = low
			}
			if !g.scanHits(s, buf[:end], hay) {
				return nil
			}
		}
		if eof {
			return nil
		}
		n := copy(buf, buf[end:])
		buf = buf[:n]
	}
}

// scanHits walks the literal hits of one block of whole lines; hay is the
// block itself or its lower-cased copy. It returns false to stop.
func (g *grepRun) scanHits(s *fileScan, block, hay []byte) bool {
	sep := g.sep
	pos := 0
	for pos < len(block) {
		i := bytes.Index(hay[pos:], g.m.lit)
		if i < 0 {
			break
		}
		hit := pos + i
		ls := bytes.LastIndexByte(block[pos:hit], sep) + 1 + pos
		le := bytes.IndexByte(block[hit:], sep)
		if le < 0 {
			le = len(block)
		} else {
			le += hit
		}
		if g.lineNum {
			s.lineNo += bytes.Count(block[pos:ls], []byte{sep}) + 1
		}
		line := block[ls:le]
		ok := g.m.pureLit || g.m.matches(line)
		if g.m.err != nil {
			return false
		}
		if ok {
			if !g.selected(s, line) {
				return false
			}
		}
		pos = le + 1
	}
	if g.lineNum && pos < len(block) {
		s.lineNo += bytes.Count(block[pos:], []byte{sep})
	}
	return true
}
