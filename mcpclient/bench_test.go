package mcpclient

import (
	"context"
	"encoding/json"
	"testing"
)

// echoConn answers every tools/call at once, inside Send, so that a call's
// cost is the client's own: encoding, dispatch, decoding.
type echoConn struct{ r Receiver }

func (e *echoConn) Connect(_ context.Context, r Receiver) (Conn, error) { e.r = r; return e, nil }
func (e *echoConn) Close() error                                        { return nil }
func (e *echoConn) answersInSend() bool                                 { return true }
func (e *echoConn) Send(_ context.Context, msg []byte) error {
	var m struct {
		ID     json.RawMessage `json:"id"`
		Method string          `json:"method"`
	}
	if err := json.Unmarshal(msg, &m); err != nil || len(m.ID) == 0 {
		return err
	}
	result := `{"content":[{"type":"text","text":"ok"}],"structuredContent":{"sum":5,"items":[1,2,3]}}`
	if m.Method == "initialize" {
		result = `{"protocolVersion":"2025-11-25","capabilities":{},"serverInfo":{"name":"echo","version":"1"}}`
	}
	e.r.Receive(context.Background(), []byte(`{"jsonrpc":"2.0","id":`+string(m.ID)+`,"result":`+result+`}`))
	return nil
}

// BenchmarkClientCall is the client's share of one tools/call, without a
// server or a transport: the part of an upstream call this package adds.
func BenchmarkClientCall(b *testing.B) {
	c, err := Connect(context.Background(), &echoConn{}, nil)
	if err != nil {
		b.Fatal(err)
	}
	defer c.Close()
	args := json.RawMessage(`{"a":2,"b":3}`)
	ctx := context.Background()
	b.ReportAllocs()
	for b.Loop() {
		if _, err := c.CallTool(ctx, "add", args); err != nil {
			b.Fatal(err)
		}
	}
}
