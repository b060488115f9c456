package text

import "testing"

// TestRevUTF8: rev reverses characters; like util-linux rev it stops at
// a line that is not valid text (an earlier version kept going).
func TestRevUTF8(t *testing.T) {
	runCases(t, []cmdCase{
		{Name: "utf8", Args: []string{"rev"}, Stdin: "héllo\n", Out: "olléh\n"},
		// util-linux 2.38.1 (UTF-8 locale): invalid UTF-8 ends the file.
		{Name: "invalid", Args: []string{"rev"}, Stdin: "a\xffb\n", ErrOut: "rev: stdin: 0: Invalid or incomplete multibyte or wide character\n", Status: 1},
	})
}
