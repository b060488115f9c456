package files

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/justbash/justbash/commands"
	"github.com/justbash/justbash/commands/internal/opts"
	"github.com/justbash/justbash/commands/internal/sizes"
)

const ddHelp = `Usage: dd [OPERAND]...
  or:  dd OPTION
Copy a file, converting and formatting according to the operands.

  bs=BYTES        read and write up to BYTES bytes at a time (default: 512)
  conv=CONVS      convert the file as per the comma separated symbol list
  count=N         copy only N input blocks
  ibs=BYTES       read up to BYTES bytes at a time (default: 512)
  if=FILE         read from FILE instead of stdin
  iflag=FLAGS     read as per the comma separated symbol list
  obs=BYTES       write BYTES bytes at a time (default: 512)
  of=FILE         write to FILE instead of stdout
  oflag=FLAGS     write as per the comma separated symbol list
  seek=N          skip N obs-sized output blocks
  skip=N          skip N ibs-sized input blocks
  status=LEVEL    none, noxfer or progress

CONVS: lcase ucase swab sync noerror notrunc excl nocreat fsync fdatasync
FLAGS: fullblock count_bytes skip_bytes seek_bytes append
`

// ddRun is one dd invocation's operands.
type ddRun struct {
	in, out            string
	ibs, obs           int64
	count, skip, seek  int64
	conv, iflag, oflag map[string]bool
	status             string
	recIn, partIn      int64
	recOut, partOut    int64
	bytesOut           int64
	hasCount, bsSet    bool
}

// runDd copies blocks as GNU dd does, with its operands, conversions and
// the records summary on standard error.
func runDd(ctx context.Context, c *commands.Context) int {
	if st, done := opts.SoleHelp(c, ddHelp); done {
		return st
	}
	d := &ddRun{ibs: 512, obs: 512, conv: map[string]bool{}, iflag: map[string]bool{}, oflag: map[string]bool{}}
	for _, a := range c.Args[1:] {
		if err := d.operand(a); err != nil {
			return opts.UsageError(c, 1, "%s", err)
		}
	}
	for _, n := range []int64{d.ibs, d.obs} {
		if n > c.Limits.StringMax() {
			c.Errorf("memory exhausted by input buffer of size %d bytes", n)
			return 1
		}
	}
	start := time.Now()
	status := d.copy(ctx, c)
	if d.status != "none" {
		fmt.Fprintf(c.Stderr, "%d+%d records in\n%d+%d records out\n", d.recIn, d.partIn, d.recOut, d.partOut)
		if d.status != "noxfer" {
			fmt.Fprintln(c.Stderr, ddTransfer(d.bytesOut, time.Since(start)))
		}
	}
	return status
}

// operand reads one KEY=VALUE.
func (d *ddRun) operand(a string) error {
	key, val, ok := strings.Cut(a, "=")
	if !ok {
		return fmt.Errorf("unrecognized operand %s", commands.QuoteArg(a))
	}
	num := func() (int64, error) {
		n, ok := ddSize(val)
		if !ok {
			return 0, fmt.Errorf("invalid number: %s", commands.QuoteArg(val))
		}
		return n, nil
	}
	var err error
	switch key {
	case "if":
		d.in = val
	case "of":
		d.out = val
	case "bs":
		d.ibs, err = num()
		d.obs, d.bsSet = d.ibs, true
	case "ibs":
		d.ibs, err = num()
	case "obs":
		d.obs, err = num()
	case "count":
		d.count, err = num()
		d.hasCount = true
	case "skip", "iseek":
		d.skip, err = num()
	case "seek", "oseek":
		d.seek, err = num()
	case "conv", "iflag", "oflag":
		set := map[string]map[string]bool{"conv": d.conv, "iflag": d.iflag, "oflag": d.oflag}[key]
		for _, f := range strings.Split(val, ",") {
			set[f] = true
		}
	case "status":
		if val != "none" && val != "noxfer" && val != "progress" {
			return fmt.Errorf("invalid status level: %s", commands.QuoteArg(val))
		}
		d.status = val
	default:
		return fmt.Errorf("unrecognized operand %s", commands.QuoteArg(a))
	}
	if err == nil && (d.ibs <= 0 || d.obs <= 0) {
		err = fmt.Errorf("invalid number: %s", commands.QuoteArg(val))
	}
	return err
}

// ddSize reads a dd number: a size with coreutils suffixes, or a product
// of them (2x512).
func ddSize(s string) (int64, bool) {
	n := int64(1)
	for _, part := range strings.Split(s, "x") {
		v, ok := sizes.Parse(part)
		if !ok || v < 0 || v != 0 && n > (1<<62)/v {
			return 0, false
		}
		n *= v
	}
	return n, true
}

func (d *ddRun) copy(ctx context.Context, c *commands.Context) int {
	var r io.Reader = c.In()
	if d.in != "" {
		f, err := c.OpenInput(d.in)
		if err != nil {
			c.Errorf("failed to open %s: %s", commands.QuoteArg(d.in), commands.ErrText(err))
			return 1
		}
		defer f.Close()
		r = f
	}
	w := c.Stdout
	if d.out != "" {
		flag := os.O_WRONLY | os.O_CREATE
		switch {
		case d.conv["excl"]:
			flag |= os.O_EXCL
		case d.conv["nocreat"]:
			flag &^= os.O_CREATE
		}
		if d.oflag["append"] {
			flag |= os.O_APPEND
		} else if !d.conv["notrunc"] && d.seek == 0 {
			flag |= os.O_TRUNC
		}
		f, err := c.OpenWrite(d.out, flag)
		if err != nil {
			c.Errorf("failed to open %s: %s", commands.QuoteArg(d.out), commands.ErrText(err))
			return 1
		}
		defer f.Close()
		w = f
		if d.seek > 0 {
			if err := d.seekOut(f); err != nil {
				c.Errorf("%s: cannot seek: %s", commands.QuoteArg(d.out), commands.ErrText(err))
				return 1
			}
		}
	}
	if err := d.skipIn(ctx, r); err != nil {
		c.Errorf("%s: cannot skip: %s", commands.QuoteArg(cmpOr(d.in, "standard input")), commands.ErrText(err))
		return 1
	}
	return d.blocks(ctx, c, r, w)
}

func cmpOr(a, b string) string {
	if a != "" {
		return a
	}
	return b
}

// skipIn discards skip input blocks (bytes with iflag=skip_bytes).
func (d *ddRun) skipIn(ctx context.Context, r io.Reader) error {
	n := d.skip * d.ibs
	if d.iflag["skip_bytes"] {
		n = d.skip
	}
	if s, ok := r.(io.Seeker); ok && n > 0 {
		if _, err := s.Seek(n, io.SeekCurrent); err == nil {
			return nil
		}
	}
	_, err := io.CopyN(io.Discard, ctxReader{ctx, r}, n)
	if errors.Is(err, io.EOF) {
		return nil // GNU warns and goes on with nothing to copy
	}
	return err
}

// seekOut positions the output after seek blocks, zero-filling as a
// sparse file would read.
func (d *ddRun) seekOut(f io.Writer) error {
	n := d.seek * d.obs
	if d.oflag["seek_bytes"] {
		n = d.seek
	}
	s, ok := f.(io.Seeker)
	if !ok {
		return errors.ErrUnsupported
	}
	if _, err := s.Seek(n, io.SeekStart); err != nil {
		return err
	}
	// Without conv=notrunc the file ends where the output starts.
	if t, ok := f.(interface{ Truncate(int64) error }); ok && !d.conv["notrunc"] && !d.oflag["append"] {
		return t.Truncate(n)
	}
	return nil
}

// blocks reads ibs-sized blocks, converts them and writes them in
// obs-sized blocks, counting full and partial records both ways.
func (d *ddRun) blocks(ctx context.Context, c *commands.Context, r io.Reader, w io.Writer) int {
	buf := make([]byte, d.ibs)
	var pending []byte
	left := d.count // blocks, or bytes with iflag=count_bytes
	flush := func(all bool) error {
		for int64(len(pending)) >= d.obs || all && len(pending) > 0 {
			n := min(int64(len(pending)), d.obs)
			if _, err := w.Write(pending[:n]); err != nil {
				return err
			}
			if n == d.obs {
				d.recOut++
			} else {
				d.partOut++
			}
			d.bytesOut += n
			pending = pending[n:]
		}
		return nil
	}
	for !d.hasCount || left > 0 {
		if err := ctx.Err(); err != nil {
			c.Errorf("%s", err)
			return 1
		}
		want := d.ibs
		if d.iflag["count_bytes"] && d.hasCount {
			want = min(want, left)
		}
		n, err := d.read(r, buf[:want])
		if n > 0 {
			if int64(n) == d.ibs {
				d.recIn++
			} else {
				d.partIn++
			}
			block := d.convert(buf[:n])
			pending = append(pending, block...)
			// With bs= each input block is written as it came (one record,
			// partial if the read was short); with ibs/obs the output is
			// reblocked into obs-sized records.
			if werr := flush(d.bsSet); werr != nil {
				return c.WriteFailure(werr)
			}
			if d.iflag["count_bytes"] {
				left -= int64(n)
			} else {
				left--
			}
		}
		if err != nil {
			if errors.Is(err, io.EOF) {
				break
			}
			c.Errorf("error reading %s: %s", commands.QuoteArg(cmpOr(d.in, "standard input")), commands.ErrText(err))
			if !d.conv["noerror"] {
				flush(true)
				return 1
			}
		}
	}
	if err := flush(true); err != nil {
		return c.WriteFailure(err)
	}
	return 0
}

// read fills p once, or fully with iflag=fullblock (a pipe gives less
// than asked for, and dd counts that as a partial record).
func (d *ddRun) read(r io.Reader, p []byte) (int, error) {
	if d.iflag["fullblock"] {
		n, err := io.ReadFull(r, p)
		if errors.Is(err, io.ErrUnexpectedEOF) {
			err = nil
		}
		return n, err
	}
	for {
		n, err := r.Read(p)
		if n > 0 || err != nil {
			return n, err
		}
	}
}

// convert applies conv=ucase, lcase, swab and sync to one input block.
func (d *ddRun) convert(b []byte) []byte {
	if d.conv["sync"] && int64(len(b)) < d.ibs {
		b = append(b, make([]byte, d.ibs-int64(len(b)))...)
	}
	switch {
	case d.conv["ucase"]:
		b = bytes.ToUpper(b)
	case d.conv["lcase"]:
		b = bytes.ToLower(b)
	}
	if d.conv["swab"] {
		for i := 0; i+1 < len(b); i += 2 {
			b[i], b[i+1] = b[i+1], b[i]
		}
	}
	return b
}

// ddTransfer is the last line of dd's summary, in GNU's layout:
// "16384 bytes (16 kB, 16 KiB) copied, 0.0002 s, 90.3 MB/s".
func ddTransfer(n int64, took time.Duration) string {
	secs := took.Seconds()
	rate := "Infinity B/s"
	if secs > 0 {
		rate = ddHuman(float64(n)/secs, 1000, true) + "/s"
	}
	size := fmt.Sprintf("%d bytes", n)
	if n >= 1000 {
		size += fmt.Sprintf(" (%s, %s)", ddHuman(float64(n), 1000, false), ddHuman(float64(n), 1024, false))
	}
	return fmt.Sprintf("%s copied, %g s, %s", size, secs, rate)
}

// ddHuman scales v to kB/MB/... (base 1000) or KiB/MiB/... (1024),
// rounding to nearest: one decimal below 10, or three significant
// digits for rates.
func ddHuman(v float64, base float64, sig3 bool) string {
	units := []string{"B", "kB", "MB", "GB", "TB", "PB", "EB"}
	if base == 1024 {
		units = []string{"B", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"}
	}
	u := 0
	for v >= base && u < len(units)-1 {
		v /= base
		u++
	}
	switch {
	case v < 10:
		return fmt.Sprintf("%.1f %s", v, units[u])
	case sig3 && v < 100:
		return fmt.Sprintf("%.1f %s", v, units[u])
	}
	return fmt.Sprintf("%.0f %s", v, units[u])
}

// ctxReader stops a long skip when the run is cancelled.
type ctxReader struct {
	ctx context.Context
	r   io.Reader
}

func (c ctxReader) Read(p []byte) (int, error) {
	if err := c.ctx.Err(); err != nil {
		return 0, err
	}
	return c.r.Read(p)
}
