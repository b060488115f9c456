package openapi

import (
	"bufio"
	"bytes"
	"math/rand/v2"
	"reflect"
	"testing"
)

func sampleEntry() *cacheEntry {
	srv := server{URL: "https://{host}/v1"}
	srv.Variables = map[string]struct {
		Default string `json:"default"`
	}{"host": {"api.example.com"}, "port": {""}}
	return &cacheEntry{
		Records: []record{{
			Path: "pets create", Title: "Create a pet", Description: "Makes one.\nTwo lines.",
			Tags: []string{"pets", ""},
			Op: operation{Method: "POST", Path: "/pets/{id}", Base: "https://other",
				Params: []param{{Name: "id", In: "path", Arg: "id", Style: "simple"}, {Name: "q", In: "query", Arg: "q", Style: "form", Explode: true}},
				Body: &bodySpec{Arg: "body", MediaType: "application/x-www-form-urlencoded", Required: true,
					Fields: map[string]string{"name": "name", "tag-x": "tag"}, ReqProps: []string{"name"}, Extra: true,
					Encoding: map[string]param{"tag": {Style: "deepObject", Explode: true}}}},
			In:  []byte(`{"type":"object"}`),
			Out: []byte(`{"type":"array"}`),
		}, {
			Path: "pets list", Op: operation{Method: "GET", Path: "/pets"},
		}},
		Warnings: []string{"skipped: x"},
		Servers:  []server{srv, {URL: "/relative"}},
	}
}

func encodeEntry(t *testing.T, e *cacheEntry) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := (&cacheWriter{w: bufio.NewWriter(&buf)}).entry(e); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// The cache codec gives back what it was given, field for field.
func TestCacheCodecRoundTrip(t *testing.T) {
	want := sampleEntry()
	b := encodeEntry(t, want)
	got, err := (&cacheReader{b: b}).entry()
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("round trip:\ngot  %+v\nwant %+v", got, want)
	}
	// Encoding is deterministic (map keys sorted).
	if again := encodeEntry(t, got); !bytes.Equal(again, b) {
		t.Error("second encoding differs")
	}
	empty, err := (&cacheReader{b: encodeEntry(t, &cacheEntry{})}).entry()
	if err != nil || !reflect.DeepEqual(empty, &cacheEntry{}) {
		t.Errorf("empty entry: %+v %v", empty, err)
	}
}

// A truncated, extended or scrambled entry is refused (and rebuilt by the
// caller), never a panic or an allocation its bytes do not describe.
func TestCacheCodecDamaged(t *testing.T) {
	b := encodeEntry(t, sampleEntry())
	for n := range len(b) {
		if _, err := (&cacheReader{b: b[:n]}).entry(); err == nil {
			t.Fatalf("prefix of %d/%d bytes accepted", n, len(b))
		}
	}
	if _, err := (&cacheReader{b: append(b[:len(b):len(b)], 0)}).entry(); err == nil {
		t.Error("trailing byte accepted")
	}
	huge := []byte{0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x7f}
	if _, err := (&cacheReader{b: huge}).entry(); err == nil {
		t.Error("a count of 2^63 records accepted")
	}
	r := rand.New(rand.NewPCG(1, 2))
	for range 2000 {
		c := append([]byte(nil), b...)
		for range 1 + r.IntN(4) {
			c[r.IntN(len(c))] = byte(r.Uint32())
		}
		(&cacheReader{b: c}).entry() // must return, with or without error
	}
}
