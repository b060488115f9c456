package vfs

import (
	"fmt"
	"sync"
	"testing"
)

// TestLayersConcurrent hammers an overlay mounted under a Mem root from 8
// goroutines; run with -race.
func TestLayersConcurrent(t *testing.T) {
	o, _, _ := newTestOverlay(t)
	m := NewMount(NewMem())
	must(t, m.Mount("/work", o))
	var wg sync.WaitGroup
	for g := 0; g < 8; g++ {
		wg.Add(1)
		go func(g int) {
			defer wg.Done()
			for i := 0; i < 30; i++ {
				p := fmt.Sprintf("/work/dir/g%d-%d", g, i)
				if err := WriteFile(m, p, []byte(p), 0o644); err != nil {
					t.Error(err)
					return
				}
				if b, err := ReadFile(m, "/work/a.txt"); err != nil || string(b) != "A" {
					t.Errorf("lower read: %q %v", b, err)
					return
				}
				if err := m.Rename(p, p+".moved"); err != nil {
					t.Error(err)
					return
				}
				m.ReadDir("/work/dir")
				m.Stat("/work/dirlink/b.txt")
			}
		}(g)
	}
	wg.Wait()
	ents, err := m.ReadDir("/work/dir")
	must(t, err)
	if len(ents) != 8*30+3 {
		t.Fatalf("%d entries", len(ents))
	}
}
