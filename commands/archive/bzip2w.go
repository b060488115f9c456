package archive

import (
	"bufio"
	"errors"
	"io"
	"sync"
)

// A bzip2 writer, written from the format's description (the decoder is
// Go's compress/bzip2). Each block goes through the format's stages:
// run-length coding of 4-255 equal bytes, the Burrows-Wheeler transform
// (here by prefix doubling with counting sorts, O(n log n)), move-to-front
// with RUNA/RUNB zero-run coding, and Huffman coding. Two identical
// Huffman tables are written (the format wants at least two), so the
// output is a little larger than bzip2's own, never wrong.

const (
	bzBlockMax = 900000 - 19 // the format's limit for a level-9 block
	// bzRawMax is how much input one block takes: run-length coding turns
	// 4 bytes into at most 5, so this many always fit in bzBlockMax.
	bzRawMax  = bzBlockMax * 4 / 5
	bzMaxCode = 17 // code length bzip2 itself never exceeds
	bzGroup   = 50 // symbols per selector
)

// bzWriter compresses to w in level-9 blocks.
type bzWriter struct {
	bw       *bitWriter
	buf      []byte
	combined uint32
	started  bool
	closed   bool
}

func newBzip2Writer(w io.Writer) *bzWriter {
	return &bzWriter{bw: &bitWriter{w: bufio.NewWriter(w)}}
}

func (z *bzWriter) Write(p []byte) (int, error) {
	if z.closed {
		return 0, errors.New("bzip2: write after close")
	}
	n := len(p)
	for len(p) > 0 {
		take := min(len(p), bzRawMax-len(z.buf))
		z.buf = append(z.buf, p[:take]...)
		p = p[take:]
		if len(z.buf) == bzRawMax {
			if err := z.flushBlock(); err != nil {
				return 0, err
			}
		}
	}
	return n, nil
}

func (z *bzWriter) header() {
	if !z.started {
		z.started = true
		z.bw.bytes([]byte("BZh9"))
	}
}

func (z *bzWriter) flushBlock() error {
	z.header()
	if len(z.buf) > 0 {
		crc := bzCRC(z.buf)
		z.combined = (z.combined<<1 | z.combined>>31) ^ crc
		writeBlock(z.bw, z.buf, crc)
		z.buf = z.buf[:0]
	}
	return z.bw.err
}

// Close writes the last block and the end-of-stream marker.
func (z *bzWriter) Close() error {
	if z.closed {
		return nil
	}
	z.closed = true
	if err := z.flushBlock(); err != nil {
		return err
	}
	z.bw.bits(0x177245, 24)
	z.bw.bits(0x385090, 24)
	z.bw.bits(uint64(z.combined), 32)
	return z.bw.flush()
}

// bitWriter packs bits most significant first, as bzip2 reads them.
type bitWriter struct {
	w   *bufio.Writer
	acc uint64
	n   uint
	err error
}

func (b *bitWriter) bits(v uint64, n uint) {
	b.acc = b.acc<<n | v&(1<<n-1)
	b.n += n
	for b.n >= 8 {
		b.n -= 8
		if err := b.w.WriteByte(byte(b.acc >> b.n)); err != nil && b.err == nil {
			b.err = err
		}
	}
}

func (b *bitWriter) bytes(p []byte) {
	for _, c := range p {
		b.bits(uint64(c), 8)
	}
}

func (b *bitWriter) flush() error {
	if b.n > 0 {
		b.bits(0, 8-b.n)
	}
	if err := b.w.Flush(); err != nil && b.err == nil {
		b.err = err
	}
	return b.err
}

// bzCRC is the block CRC: CRC-32 with the 0x04c11db7 polynomial, most
// significant bit first (not the reflected form of hash/crc32).
func bzCRC(p []byte) uint32 {
	bzCRCOnce.Do(makeBzCRCTable)
	crc := ^uint32(0)
	for _, c := range p {
		crc = crc<<8 ^ bzCRCTable[byte(crc>>24)^c]
	}
	return ^crc
}

// bzCRCTable is computed the first time bzip2 writes, not at every start
// of the binary (issue 15); a zero sync.Once needs no initialisation.
var (
	bzCRCOnce  sync.Once
	bzCRCTable [256]uint32
)

func makeBzCRCTable() {
	t := &bzCRCTable
	for i := range t {
		c := uint32(i) << 24
		for k := 0; k < 8; k++ {
			if c&0x80000000 != 0 {
				c = c<<1 ^ 0x04c11db7
			} else {
				c <<= 1
			}
		}
		t[i] = c
	}
}

// rle1 is the first stage: a run of 4 to 255 equal bytes becomes the 4
// bytes and a count of the rest.
func rle1(p []byte) []byte {
	out := make([]byte, 0, len(p)+len(p)/4+1)
	for i := 0; i < len(p); {
		c := p[i]
		j := i + 1
		for j < len(p) && p[j] == c && j-i < 255 {
			j++
		}
		run := j - i
		if run >= 4 {
			out = append(out, c, c, c, c, byte(run-4))
		} else {
			out = append(out, p[i:j]...)
		}
		i = j
	}
	return out
}

// bwt returns the last column of the sorted rotations of s and the row
// where s itself lands. Rotations are ranked by their first k bytes for
// k = 1, 2, 4, ...; each round is two counting sorts.
func bwt(s []byte) ([]byte, int) {
	n := len(s)
	sa := make([]int32, n)
	rank := make([]int32, n)
	tmp := make([]int32, n)
	cnt := make([]int32, max(256, n)+1)
	for _, c := range s {
		cnt[c]++
	}
	for i, sum := 0, int32(0); i < 256; i++ {
		cnt[i], sum = sum, sum+cnt[i]
	}
	for i, c := range s {
		sa[cnt[c]] = int32(i)
		cnt[c]++
	}
	classes := int32(1)
	rank[sa[0]] = 0
	for j := 1; j < n; j++ {
		if s[sa[j]] != s[sa[j-1]] {
			classes++
		}
		rank[sa[j]] = classes - 1
	}
	for k := 1; k < n && int(classes) < n; k <<= 1 {
		// Sorted by the second half: rotation sa[j]-k has rank[sa[j]]
		// as its second key, and sa is in rank order.
		k32, n32 := int32(k), int32(n)
		for j, i := range sa {
			i -= k32
			if i < 0 {
				i += n32
			}
			tmp[j] = i
		}
		clear(cnt[:classes+1])
		for _, i := range tmp {
			cnt[rank[i]+1]++
		}
		for c := int32(1); c <= classes; c++ {
			cnt[c] += cnt[c-1]
		}
		for _, i := range tmp {
			sa[cnt[rank[i]]] = i
			cnt[rank[i]]++
		}
		// tmp becomes the new ranks.
		classes = 1
		tmp[sa[0]] = 0
		for j := 1; j < n; j++ {
			a, b := sa[j], sa[j-1]
			if rank[a] != rank[b] || rank[wrapAdd(a, k32, n32)] != rank[wrapAdd(b, k32, n32)] {
				classes++
			}
			tmp[a] = classes - 1
		}
		rank, tmp = tmp, rank
	}
	last := make([]byte, n)
	orig := 0
	for j, i := range sa {
		if i == 0 {
			orig = j
		}
		last[j] = s[(int(i)+n-1)%n]
	}
	return last, orig
}

// wrapAdd is (i+k) mod n for i, k < n.
func wrapAdd(i, k, n int32) int32 {
	if i += k; i >= n {
		i -= n
	}
	return i
}

// mtfRLE2 turns the transformed block into symbols: move-to-front indexes
// over the bytes in use, runs of zeros in bijective base 2 (RUNA=0,
// RUNB=1), other indexes shifted up by one, and EOB last.
func mtfRLE2(last []byte, inUse *[256]bool) ([]uint16, int) {
	var order [256]byte
	var seq [256]byte
	nInUse := 0
	for b := 0; b < 256; b++ {
		if inUse[b] {
			seq[b] = byte(nInUse)
			order[nInUse] = byte(nInUse)
			nInUse++
		}
	}
	out := make([]uint16, 0, len(last)+1)
	zeros := 0
	flushZeros := func() {
		if zeros == 0 {
			return
		}
		z := zeros - 1
		for {
			out = append(out, uint16(z&1))
			if z < 2 {
				break
			}
			z = (z - 2) / 2
		}
		zeros = 0
	}
	for _, c := range last {
		v := seq[c]
		if order[0] == v {
			zeros++
			continue
		}
		flushZeros()
		j := 1
		for order[j] != v {
			j++
		}
		copy(order[1:j+1], order[:j])
		order[0] = v
		out = append(out, uint16(j+1))
	}
	flushZeros()
	out = append(out, uint16(nInUse+1))
	return out, nInUse + 2
}

// huffLengths gives every symbol a code length of at most bzMaxCode; like
// bzip2, every symbol gets a code and over-long trees are retried with
// flattened frequencies.
func huffLengths(freq []int) []uint8 {
	n := len(freq)
	w := make([]int, n)
	for i, f := range freq {
		w[i] = max(f, 1)
	}
	for {
		lens := huffTry(w)
		longest := uint8(0)
		for _, l := range lens {
			longest = max(longest, l)
		}
		if longest <= bzMaxCode {
			return lens
		}
		for i := range w {
			w[i] = w[i]/2 + 1
		}
	}
}

// huffTry builds a Huffman tree by repeatedly joining the two lightest
// nodes (the alphabet is at most 258 symbols) and returns leaf depths.
func huffTry(w []int) []uint8 {
	n := len(w)
	weight := append([]int(nil), w...)
	parent := make([]int, n, 2*n)
	for i := range parent {
		parent[i] = -1
	}
	alive := make([]int, n)
	for i := range alive {
		alive[i] = i
	}
	for len(alive) > 1 {
		a, b := 0, 1
		if weight[alive[b]] < weight[alive[a]] {
			a, b = b, a
		}
		for k := 2; k < len(alive); k++ {
			switch x := weight[alive[k]]; {
			case x < weight[alive[a]]:
				a, b = k, a
			case x < weight[alive[b]]:
				b = k
			}
		}
		node := len(weight)
		weight = append(weight, weight[alive[a]]+weight[alive[b]])
		parent = append(parent, -1)
		parent[alive[a]], parent[alive[b]] = node, node
		hi, lo := max(a, b), min(a, b)
		alive[lo] = node
		alive = append(alive[:hi], alive[hi+1:]...)
	}
	lens := make([]uint8, n)
	for i := 0; i < n; i++ {
		d := uint8(0)
		for p := parent[i]; p >= 0; p = parent[p] {
			d++
		}
		lens[i] = max(d, 1)
	}
	return lens
}

// canonical assigns codes in order of length, then symbol, as the
// decoder rebuilds them.
func canonical(lens []uint8) []uint32 {
	codes := make([]uint32, len(lens))
	code := uint32(0)
	for l := uint8(1); l <= bzMaxCode; l++ {
		for i, x := range lens {
			if x == l {
				codes[i] = code
				code++
			}
		}
		code <<= 1
	}
	return codes
}

// writeBlock compresses one block of raw input.
func writeBlock(bw *bitWriter, raw []byte, crc uint32) {
	data := rle1(raw)
	last, orig := bwt(data)
	var inUse [256]bool
	for _, c := range data {
		inUse[c] = true
	}
	syms, alpha := mtfRLE2(last, &inUse)
	freq := make([]int, alpha)
	for _, s := range syms {
		freq[s]++
	}
	lens := huffLengths(freq)
	codes := canonical(lens)

	bw.bits(0x314159, 24)
	bw.bits(0x265359, 24)
	bw.bits(uint64(crc), 32)
	bw.bits(0, 1) // not randomised
	bw.bits(uint64(orig), 24)
	var ranges uint64
	for r := 0; r < 16; r++ {
		for b := r * 16; b < r*16+16; b++ {
			if inUse[b] {
				ranges |= 1 << (15 - r)
				break
			}
		}
	}
	bw.bits(ranges, 16)
	for r := 0; r < 16; r++ {
		if ranges&(1<<(15-r)) == 0 {
			continue
		}
		var m uint64
		for b := 0; b < 16; b++ {
			if inUse[r*16+b] {
				m |= 1 << (15 - b)
			}
		}
		bw.bits(m, 16)
	}
	const groups = 2
	nSel := (len(syms) + bzGroup - 1) / bzGroup
	bw.bits(groups, 3)
	bw.bits(uint64(nSel), 15)
	for i := 0; i < nSel; i++ {
		bw.bits(0, 1) // table 0, move-to-front coded
	}
	for g := 0; g < groups; g++ {
		cur := lens[0]
		bw.bits(uint64(cur), 5)
		for _, l := range lens {
			for cur < l {
				bw.bits(2, 2)
				cur++
			}
			for cur > l {
				bw.bits(3, 2)
				cur--
			}
			bw.bits(0, 1)
		}
	}
	for _, s := range syms {
		bw.bits(uint64(codes[s]), uint(lens[s]))
	}
}
