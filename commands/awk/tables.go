package awk

import (
	"sync"
	"time"
)

// awkTables are the lookup tables of the lexer and parser. They are built
// the first time awk runs, not in package initialisation: every start of
// the binary would pay for them otherwise, awk or not (issue 15). A zero
// sync.Once needs no initialisation itself, unlike a sync.OnceValue held
// in a package-level variable.
type awkTables struct {
	keywords     map[string]tok
	builtinNames map[string]int
	specialNames map[string]int
	gmt          *time.Location
}

var (
	tablesOnce  sync.Once
	tablesBuilt awkTables
)

func tables() *awkTables {
	tablesOnce.Do(func() {
		tablesBuilt = awkTables{keywords: keywordsMap(), builtinNames: builtinNamesMap(),
			specialNames: specialNamesMap(), gmt: time.FixedZone("GMT", 0)}
	})
	return &tablesBuilt
}
