package text

import "testing"

// TestRevUTF8: rev reverses characters, keeping invalid bytes as units
// (util-linux rev rejects invalid input instead; we keep going).
func TestRevUTF8(t *testing.T) {
	runCases(t, []cmdCase{
		{Name: "utf8", Args: []string{"rev"}, Stdin: "héllo\n", Out: "olléh\n"},
		{Name: "invalid", Args: []string{"rev"}, Stdin: "a\xffb\n", Out: "b\xffa\n"},
	})
}
