package mcp

import (
	"context"
	"fmt"
	"os"
	"testing"
	"time"

	mcpgo "github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// serverEnv makes the test binary act as a stdio MCP server: the stdio
// tests re-exec os.Args[0] with it set.
const serverEnv = "JUSTBASH_MCP_TEST_SERVER"

func TestMain(m *testing.M) {
	if os.Getenv(serverEnv) == "1" {
		fmt.Fprintln(os.Stderr, "test server starting")
		if err := server.ServeStdio(newTestServer()); err != nil {
			fmt.Fprintln(os.Stderr, "serve:", err)
			os.Exit(1)
		}
		os.Exit(0)
	}
	os.Exit(m.Run())
}

type sumOut struct {
	Sum float64 `json:"sum"`
}

// newTestServer builds the fixture server: one tool per behaviour the
// source must handle. A small page size makes tools/list paginate.
func newTestServer() *server.MCPServer {
	s := server.NewMCPServer("fixture", "1.0.0", server.WithToolCapabilities(true), server.WithElicitation(), server.WithPaginationLimit(3))
	s.AddTool(safeTool("echo", mcpgo.WithDescription("Echo a message"), mcpgo.WithString("message", mcpgo.Required())),
		func(_ context.Context, r mcpgo.CallToolRequest) (*mcpgo.CallToolResult, error) {
			return mcpgo.NewToolResultText("echo: " + r.GetString("message", "")), nil
		})
	s.AddTool(safeTool("add", mcpgo.WithNumber("a", mcpgo.Required()), mcpgo.WithNumber("b", mcpgo.Required()), mcpgo.WithOutputSchema[sumOut]()),
		func(_ context.Context, r mcpgo.CallToolRequest) (*mcpgo.CallToolResult, error) {
			sum := r.GetFloat("a", 0) + r.GetFloat("b", 0)
			return mcpgo.NewToolResultStructured(sumOut{sum}, fmt.Sprint(sum)), nil
		})
	s.AddTool(safeTool("two_texts"), func(context.Context, mcpgo.CallToolRequest) (*mcpgo.CallToolResult, error) {
		return &mcpgo.CallToolResult{Content: []mcpgo.Content{mcpgo.NewTextContent("line one"), mcpgo.NewTextContent(`{"x":1}`)}}, nil
	})
	s.AddTool(safeTool("mixed"), func(context.Context, mcpgo.CallToolRequest) (*mcpgo.CallToolResult, error) {
		return mcpgo.NewToolResultImage("a pixel", "iVBORw0KGgo=", "image/png"), nil
	})
	s.AddTool(safeTool("fail"), func(context.Context, mcpgo.CallToolRequest) (*mcpgo.CallToolResult, error) {
		return mcpgo.NewToolResultError("boom happened"), nil
	})
	s.AddTool(safeTool("slow", mcpgo.WithNumber("ms")), func(ctx context.Context, r mcpgo.CallToolRequest) (*mcpgo.CallToolResult, error) {
		fmt.Fprintln(os.Stderr, "slow: started")
		select {
		case <-time.After(time.Duration(r.GetFloat("ms", 0)) * time.Millisecond):
			return mcpgo.NewToolResultText("done"), nil
		case <-ctx.Done():
			// Seen on stderr by the test of cancellation.
			fmt.Fprintln(os.Stderr, "slow: cancelled")
			return nil, ctx.Err()
		}
	})
	s.AddTool(mcpgo.NewTool("wipe"), func(context.Context, mcpgo.CallToolRequest) (*mcpgo.CallToolResult, error) {
		return mcpgo.NewToolResultText("wiped"), nil
	})
	s.AddTool(safeTool("ask"), askName)
	s.AddTool(safeTool("grow"), func(context.Context, mcpgo.CallToolRequest) (*mcpgo.CallToolResult, error) {
		s.AddTool(safeTool("late"), func(context.Context, mcpgo.CallToolRequest) (*mcpgo.CallToolResult, error) {
			return mcpgo.NewToolResultText("late tool"), nil
		})
		return mcpgo.NewToolResultText("grown"), nil
	})
	s.AddTool(safeTool("crash"), func(context.Context, mcpgo.CallToolRequest) (*mcpgo.CallToolResult, error) {
		fmt.Fprintln(os.Stderr, "fatal: disk on fire")
		os.Exit(3)
		return nil, nil
	})
	s.AddTool(safeTool("dotted.name"), func(context.Context, mcpgo.CallToolRequest) (*mcpgo.CallToolResult, error) {
		return mcpgo.NewToolResultText("called dotted.name"), nil
	})
	return s
}

// askName asks the user for a name, in the multi round-trip style; mcp-go
// bridges it to a server-initiated elicitation/create for older clients.
func askName(_ context.Context, r mcpgo.CallToolRequest) (*mcpgo.CallToolResult, error) {
	if ans := server.ElicitationResponse(r.Params.InputResponses, "who"); ans != nil {
		if ans.Action != mcpgo.ElicitationResponseActionAccept {
			return mcpgo.NewToolResultText("nobody (" + string(ans.Action) + ")"), nil
		}
		content, _ := ans.Content.(map[string]any)
		name, _ := content["name"].(string)
		return mcpgo.NewToolResultText("hello " + name), nil
	}
	return server.NewInputRequestBuilder("step=1").Elicit("who", mcpgo.ElicitationParams{
		Mode:            mcpgo.ElicitationModeForm,
		Message:         "What is your name?",
		RequestedSchema: map[string]any{"type": "object", "properties": map[string]any{"name": map[string]any{"type": "string"}}},
	}).ToolResult(), nil
}

// safeTool is mcpgo.NewTool marked non-destructive: mcp-go marks every tool
// destructiveHint=true unless told otherwise, which would make each call
// need approval.
func safeTool(name string, opts ...mcpgo.ToolOption) mcpgo.Tool {
	return mcpgo.NewTool(name, append(opts, mcpgo.WithDestructiveHintAnnotation(false))...)
}
