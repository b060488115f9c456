package openapi

import (
	"bufio"
	"crypto/sha256"
	"encoding/gob"
	"encoding/hex"
	"net/url"
	"os"
	"path/filepath"
)

// cacheVersion changes whenever what a record holds or how it is derived
// changes, so an old cache is never read as a new one.
const cacheVersion = "openapi-cache-3"

// cacheEntry is a processed spec as the cache keeps it. gob rather than
// JSON: the schemas are byte slices it copies without re-scanning, which
// is most of what makes a warm start fast.
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
	return filepath.Join(s.cacheDir(), key+".gob")
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
	var e cacheEntry
	if err := gob.NewDecoder(bufio.NewReaderSize(f, 1<<16)).Decode(&e); err != nil {
		return nil, false // a damaged or old entry is rebuilt
	}
	return &e, true
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
	w := bufio.NewWriterSize(f, 1<<16)
	err = gob.NewEncoder(w).Encode(e)
	if err == nil {
		err = w.Flush()
	}
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
