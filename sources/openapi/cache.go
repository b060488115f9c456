package openapi

import (
	"bufio"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"net/url"
	"os"
	"path/filepath"
	"strings"
)

// cacheVersion changes whenever what a record holds or how it is derived
// changes, so an old cache is never read as a new one.
const cacheVersion = "openapi-cache-5"

// maxCacheEntry bounds an entry read back: a processed spec is smaller
// than the spec (itself at most maxSpecBytes) times a small factor.
const maxCacheEntry = 4 * maxSpecBytes

// cacheEntry is a processed spec as the cache keeps it, in the binary
// layout of cachecodec.go rather than JSON: the schemas are byte slices it
// copies without re-scanning, which is most of what makes a warm start
// fast.
type cacheEntry struct {
	Records  []record
	Warnings []string
	Servers  []server
}

func (s *Source) cacheDir() string {
	switch s.cfg.CacheDir {
	case "-":
		return ""
	case "":
		return DefaultCacheDir
	}
	return s.cfg.CacheDir
}

// cacheKey hashes what the records depend on: the spec's bytes and the
// source name (the tool paths start with it).
func (s *Source) cacheKey(data []byte, _ *url.URL) string {
	if s.cacheDir() == "" {
		return ""
	}
	h := sha256.New()
	h.Write([]byte(cacheVersion + "\x00" + s.cfg.Name + "\x00"))
	h.Write(data)
	return hex.EncodeToString(h.Sum(nil))
}

func (s *Source) cachePath(key string) string {
	return filepath.Join(s.cacheDir(), key+".rec")
}

func (s *Source) cacheGet(key string) (*cacheEntry, bool) {
	if key == "" {
		return nil, false
	}
	f, err := os.Open(s.cachePath(key))
	if err != nil {
		return nil, false
	}
	defer f.Close()
	b, err := io.ReadAll(io.LimitReader(f, maxCacheEntry+1))
	if err != nil || len(b) > maxCacheEntry {
		return nil, false
	}
	e, err := (&cacheReader{b: b}).entry()
	if err != nil {
		return nil, false // a damaged or old entry is rebuilt
	}
	return e, true
}

// cachePut writes atomically (temp file + rename) so a concurrent reader
// never sees half an entry; failures only cost the next start its speed.
func (s *Source) cachePut(key string, e *cacheEntry) {
	if key == "" {
		return
	}
	dir := s.cacheDir()
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return
	}
	f, err := os.CreateTemp(dir, ".tmp-*")
	if err != nil {
		return
	}
	err = (&cacheWriter{w: bufio.NewWriterSize(f, 1<<16)}).entry(e)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		os.Remove(f.Name())
		return
	}
	if os.Rename(f.Name(), s.cachePath(key)) != nil {
		os.Remove(f.Name())
	}
}

// fileStamp identifies a spec file's version without reading it: its
// absolute path, size and modification time (as make does).
func (s *Source) fileStamp() (string, string, bool) {
	if s.cfg.SpecPath == "" || s.cacheDir() == "" || len(s.cfg.Spec) > 0 || s.cfg.SpecURL != "" {
		return "", "", false
	}
	abs, err := filepath.Abs(s.cfg.SpecPath)
	if err != nil {
		return "", "", false
	}
	fi, err := os.Stat(abs)
	if err != nil || !fi.Mode().IsRegular() {
		return "", "", false
	}
	h := sha256.Sum256([]byte(cacheVersion + "\x00" + s.cfg.Name + "\x00" + abs))
	stamp := fmt.Sprintf("%d %d", fi.Size(), fi.ModTime().UnixNano())
	return filepath.Join(s.cacheDir(), "files", hex.EncodeToString(h[:])), stamp, true
}

// rememberFile records which entry the spec file's current version has.
func (s *Source) rememberFile(key string) {
	p, stamp, ok := s.fileStamp()
	if !ok || key == "" {
		return
	}
	if _, err := os.Stat(s.cachePath(key)); err != nil {
		return
	}
	if os.MkdirAll(filepath.Dir(p), 0o700) != nil {
		return
	}
	tmp := p + ".tmp"
	if os.WriteFile(tmp, []byte(stamp+" "+key), 0o600) == nil {
		os.Rename(tmp, p)
	}
}

// cachedByFile finds the entry of an unchanged spec file.
func (s *Source) cachedByFile() (*cacheEntry, bool) {
	p, stamp, ok := s.fileStamp()
	if !ok {
		return nil, false
	}
	b, err := os.ReadFile(p)
	if err != nil {
		return nil, false
	}
	rest, found := strings.CutPrefix(string(b), stamp+" ")
	if !found || len(rest) != 64 {
		return nil, false
	}
	return s.cacheGet(rest)
}
