//go:build !unix

package repl

import (
	"context"
	"io"
	"strings"
)

// terminalInput gives commands an empty input where the terminal cannot
// be read with cancellation.
func terminalInput(ctx context.Context) (io.Reader, func()) {
	return strings.NewReader(""), func() {}
}
