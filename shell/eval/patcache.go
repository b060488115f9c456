package eval

import (
	"hash/maphash"

	"github.com/justbash/justbash/shell/pattern"
)

// patCache keeps the last patterns a runner compiled, so a case or [[ ]]
// in a loop reuses one Pattern and its lazily built automaton instead of
// parsing the pattern and rebuilding the automaton's states on every
// pass. Direct-mapped and small: a pattern's automaton is bounded by the
// pattern package (states and weight), so the cache's worst case is a few
// of those. Per runner (a subshell starts empty); Patterns themselves are
// safe for concurrent use.
type patCache struct {
	slots [patCacheSlots]patSlot
}

const (
	patCacheSlots  = 16
	patCacheMaxLen = 512 // longer pattern texts are compiled each time
)

type patSlot struct {
	text string
	mode pattern.Mode
	pat  *pattern.Pattern
}

var patSeed = maphash.MakeSeed()

// lookup returns the cached pattern for s in mode, or the slot where the
// caller stores the one it compiles (nil when s is too long to keep).
func (c *patCache) lookup(s string, mode pattern.Mode) (*pattern.Pattern, *patSlot) {
	if len(s) > patCacheMaxLen {
		return nil, nil
	}
	slot := &c.slots[maphash.String(patSeed, s)%patCacheSlots]
	if slot.pat != nil && slot.text == s && slot.mode == mode {
		return slot.pat, nil
	}
	return nil, slot
}
