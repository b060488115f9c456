package mcpclient

import (
	"os/exec"
	"strings"
	"testing"
)

// TestSDKNotLinked proves that the justbash binary links no MCP SDK for its
// client side (nor what the official Go SDK drags in: encoding/gob,
// segmentio's JSON, x/time/rate): go list -deps of cmd/justbash names none
// of them, and does name this package.
func TestSDKNotLinked(t *testing.T) {
	goBin, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command to list the dependencies with")
	}
	out, err := exec.Command(goBin, "list", "-deps", "github.com/justbash/justbash/cmd/justbash").Output()
	if err != nil {
		t.Skipf("go list failed (no module cache?): %v", err)
	}
	deps := strings.Fields(string(out))
	seen := map[string]bool{}
	for _, d := range deps {
		seen[d] = true
		for _, heavy := range []string{"github.com/modelcontextprotocol/go-sdk", "encoding/gob",
			"github.com/segmentio/", "golang.org/x/time/rate", "github.com/mark3labs/mcp-go/client", "github.com/mark3labs/mcp-go/server"} {
			if strings.HasPrefix(d, heavy) {
				t.Errorf("cmd/justbash links %s", d)
			}
		}
	}
	for _, want := range []string{"github.com/justbash/justbash/mcpclient", "github.com/justbash/justbash/sources/mcp"} {
		if !seen[want] {
			t.Errorf("go list -deps lacks %s: %d packages listed", want, len(deps))
		}
	}
}
