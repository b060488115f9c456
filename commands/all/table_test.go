package all

import (
	"testing"

	"github.com/justbash/justbash/commands"
	"github.com/justbash/justbash/commands/light"
)

// TestTableIsLightPlusHeavy: the full table is commands/light's plus
// sqlite3, js-exec and node; Options.Light gives the light table back.
func TestTableIsLightPlusHeavy(t *testing.T) {
	full, lite := Default(), light.Default()
	heavy := map[string]bool{"sqlite3": true, "js-exec": true, "node": true}
	for _, n := range lite.Names() {
		if _, ok := full.Lookup(n); !ok {
			t.Errorf("all lacks %s of light", n)
		}
	}
	for _, n := range full.Names() {
		if _, ok := lite.Lookup(n); !ok && !heavy[n] {
			t.Errorf("all has %s, which is neither light nor heavy", n)
		}
	}
	for n := range heavy {
		if _, ok := full.Lookup(n); !ok {
			t.Errorf("all lacks %s", n)
		}
	}
	r := commands.NewRegistry()
	Register(r, Options{Light: true})
	if len(r.Names()) != len(lite.Names()) {
		t.Errorf("Options.Light: %d names, light has %d", len(r.Names()), len(lite.Names()))
	}
}
