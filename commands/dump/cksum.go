package dump

import (
	"context"
	"github.com/justbash/justbash/commands/internal/quote"
	"sync"

	"github.com/justbash/justbash/commands"
	"github.com/justbash/justbash/commands/internal/opts"

	"fmt"
	"io"
)

// crcTable is the POSIX cksum CRC-32 (polynomial 0x04C11DB7, MSB first).
var crcTable = sync.OnceValue(func() (t [256]uint32) {
	for i := range t {
		c := uint32(i) << 24
		for j := 0; j < 8; j++ {
			if c&0x80000000 != 0 {
				c = c<<1 ^ 0x04C11DB7
			} else {
				c <<= 1
			}
		}
		t[i] = c
	}
	return
})

const cksumHelp = `Usage: cksum [FILE]...
Print the CRC checksum and byte count of each FILE.

With no FILE, or when FILE is -, read standard input.
`

func runCksum(ctx context.Context, c *commands.Context) int {
	_, args, st, ok := (&opts.Parser{Usage: 1, Help: cksumHelp}).Parse(c, c.Args[1:])
	if !ok {
		return st
	}
	out := commands.NewOut(c.Stdout)
	status := c.EachInput(ctx, args, func(name string, r io.Reader) bool {
		var crc uint32
		var n uint64
		buf := make([]byte, 64*1024)
		for {
			k, err := r.Read(buf)
			for _, b := range buf[:k] {
				crc = crc<<8 ^ crcTable()[byte(crc>>24)^b]
			}
			n += uint64(k)
			if err == io.EOF {
				break
			}
			if err != nil {
				c.Errorf("%s: %s", quote.Name(name), commands.ErrText(err))
				return true
			}
		}
		for l := n; l > 0; l >>= 8 {
			crc = crc<<8 ^ crcTable()[byte(crc>>24)^byte(l)]
		}
		if name == "-" {
			fmt.Fprintf(out, "%d %d\n", ^crc, n)
		} else {
			fmt.Fprintf(out, "%d %d %s\n", ^crc, n, name)
		}
		return true
	})
	return c.FinishOut(out, status)
}
