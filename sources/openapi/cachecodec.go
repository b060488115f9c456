package openapi

import (
	"bufio"
	"encoding/binary"
	"errors"
	"maps"
	"slices"
)

// The cache's own encoding: every value in a fixed order, strings and byte
// slices length-prefixed (uvarint), so a warm start copies the schemas'
// bytes without re-scanning them. It replaces encoding/gob, whose package
// initialisation every start of the binary paid for (issue 15) although
// only a warm OpenAPI source reads it. A change of layout needs a new
// cacheVersion.

var errCacheFormat = errors.New("openapi cache: malformed entry")

type cacheWriter struct {
	w   *bufio.Writer
	buf [binary.MaxVarintLen64]byte
}

func (c *cacheWriter) uint(n uint64) {
	c.w.Write(c.buf[:binary.PutUvarint(c.buf[:], n)])
}

func (c *cacheWriter) bool(b bool) {
	if b {
		c.w.WriteByte(1)
	} else {
		c.w.WriteByte(0)
	}
}

func (c *cacheWriter) str(s string) {
	c.uint(uint64(len(s)))
	c.w.WriteString(s)
}

func (c *cacheWriter) bytes(b []byte) {
	c.uint(uint64(len(b)))
	c.w.Write(b)
}

func (c *cacheWriter) strs(ss []string) {
	c.uint(uint64(len(ss)))
	for _, s := range ss {
		c.str(s)
	}
}

func (c *cacheWriter) param(p param) {
	c.str(p.Name)
	c.str(p.In)
	c.str(p.Arg)
	c.str(p.Style)
	c.bool(p.Explode)
}

func (c *cacheWriter) entry(e *cacheEntry) error {
	c.uint(uint64(len(e.Records)))
	for i := range e.Records {
		c.record(&e.Records[i])
	}
	c.strs(e.Warnings)
	c.uint(uint64(len(e.Servers)))
	for _, s := range e.Servers {
		c.str(s.URL)
		c.uint(uint64(len(s.Variables)))
		for _, k := range slices.Sorted(maps.Keys(s.Variables)) {
			c.str(k)
			c.str(s.Variables[k].Default)
		}
	}
	return c.w.Flush()
}

func (c *cacheWriter) record(r *record) {
	c.str(r.Path)
	c.str(r.Title)
	c.str(r.Description)
	c.strs(r.Tags)
	c.str(r.Op.Method)
	c.str(r.Op.Path)
	c.uint(uint64(len(r.Op.Params)))
	for _, p := range r.Op.Params {
		c.param(p)
	}
	c.str(r.Op.Base)
	c.bool(r.Op.Body != nil)
	if b := r.Op.Body; b != nil {
		c.str(b.Arg)
		c.str(b.MediaType)
		c.bool(b.Required)
		c.uint(uint64(len(b.Fields)))
		for _, k := range slices.Sorted(maps.Keys(b.Fields)) {
			c.str(k)
			c.str(b.Fields[k])
		}
		c.strs(b.ReqProps)
		c.bool(b.Extra)
		c.uint(uint64(len(b.Encoding)))
		for _, k := range slices.Sorted(maps.Keys(b.Encoding)) {
			c.str(k)
			c.param(b.Encoding[k])
		}
	}
	c.bytes(r.In)
	c.bytes(r.Out)
}

// cacheReader decodes from the whole entry in memory. Every length and
// count is checked against the bytes left before anything is allocated
// (each element takes at least one byte), so a damaged file fails instead
// of asking for memory it does not describe.
type cacheReader struct {
	b   []byte
	err error
}

func (c *cacheReader) uint() uint64 {
	if c.err != nil {
		return 0
	}
	n, k := binary.Uvarint(c.b)
	if k <= 0 {
		c.err = errCacheFormat
		return 0
	}
	c.b = c.b[k:]
	return n
}

// count reads a length or element count that the rest must be able to hold.
func (c *cacheReader) count() int {
	n := c.uint()
	if n > uint64(len(c.b)) {
		c.err = errCacheFormat
		return 0
	}
	return int(n)
}

func (c *cacheReader) bool() bool {
	if c.err != nil || len(c.b) == 0 || c.b[0] > 1 {
		c.err = errCacheFormat
		return false
	}
	v := c.b[0] == 1
	c.b = c.b[1:]
	return v
}

func (c *cacheReader) raw() []byte {
	n := c.count()
	if c.err != nil {
		return nil
	}
	v := c.b[:n:n]
	c.b = c.b[n:]
	return v
}

func (c *cacheReader) str() string { return string(c.raw()) }

func (c *cacheReader) bytes() []byte {
	v := c.raw()
	if len(v) == 0 {
		return nil
	}
	return append([]byte(nil), v...)
}

func (c *cacheReader) strs() []string {
	n := c.count()
	if n == 0 {
		return nil
	}
	out := make([]string, n)
	for i := range out {
		out[i] = c.str()
	}
	return out
}

func (c *cacheReader) param() param {
	return param{Name: c.str(), In: c.str(), Arg: c.str(), Style: c.str(), Explode: c.bool()}
}

func (c *cacheReader) entry() (*cacheEntry, error) {
	e := &cacheEntry{}
	if n := c.count(); n > 0 {
		e.Records = make([]record, n)
		for i := range e.Records {
			c.record(&e.Records[i])
		}
	}
	e.Warnings = c.strs()
	if n := c.count(); n > 0 {
		e.Servers = make([]server, n)
		for i := range e.Servers {
			s := &e.Servers[i]
			s.URL = c.str()
			if m := c.count(); m > 0 {
				s.Variables = make(map[string]struct {
					Default string `json:"default"`
				}, m)
				for range m {
					k := c.str()
					s.Variables[k] = struct {
						Default string `json:"default"`
					}{c.str()}
				}
			}
		}
	}
	if c.err == nil && len(c.b) != 0 {
		c.err = errCacheFormat
	}
	if c.err != nil {
		return nil, c.err
	}
	return e, nil
}

func (c *cacheReader) record(r *record) {
	r.Path, r.Title, r.Description = c.str(), c.str(), c.str()
	r.Tags = c.strs()
	r.Op.Method, r.Op.Path = c.str(), c.str()
	if n := c.count(); n > 0 {
		r.Op.Params = make([]param, n)
		for i := range r.Op.Params {
			r.Op.Params[i] = c.param()
		}
	}
	r.Op.Base = c.str()
	if c.bool() {
		b := &bodySpec{Arg: c.str(), MediaType: c.str(), Required: c.bool()}
		if n := c.count(); n > 0 {
			b.Fields = make(map[string]string, n)
			for range n {
				k := c.str()
				b.Fields[k] = c.str()
			}
		}
		b.ReqProps = c.strs()
		b.Extra = c.bool()
		if n := c.count(); n > 0 {
			b.Encoding = make(map[string]param, n)
			for range n {
				k := c.str()
				b.Encoding[k] = c.param()
			}
		}
		r.Op.Body = b
	}
	r.In, r.Out = c.bytes(), c.bytes()
}
