package main

import (
	"fmt"
	"io"

	"github.com/justbash/justbash/mcpserver"
)

// printStore is the status line of where the sessions live; older
// daemons do not say.
func printStore(w io.Writer, s *mcpserver.StoreStats) {
	if s == nil {
		return
	}
	if s.Error != "" {
		fmt.Fprintf(w, "  store: %s (sessions unknown: %s)\n", s.Store, s.Error)
		return
	}
	fmt.Fprintf(w, "  store: %s, %d sessions\n", s.Store, s.Sessions)
}
