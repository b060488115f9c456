package mcpserver

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"reflect"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"
	"github.com/mark3labs/mcp-go/client"
	"github.com/mark3labs/mcp-go/client/transport"
	"github.com/mark3labs/mcp-go/mcp"
)

// decodeMsg decodes one answer, failing the test on anything but JSON.
func decodeMsg(t *testing.T, b []byte) map[string]any {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatalf("answer %q is not JSON: %v", b, err)
	}
	return m
}

func errCodeOf(m map[string]any) float64 {
	e, _ := m["error"].(map[string]any)
	if e == nil {
		return 0
	}
	c, _ := e["code"].(float64)
	return c
}

// The JSON-RPC layer: errors with the codes of the specification, the id
// echoed as sent, nothing for notifications and stray responses.
func TestJSONRPCMessages(t *testing.T) {
	rt := newTestRuntime(t, testConfig, JSRunner{})
	s := NewMCPServer(rt)
	ctx := WithScope(context.Background(), Scope{Session: rt.Session("rpc")})
	cases := []struct {
		name, msg string
		id        any // the id the answer must carry
		code      float64
	}{
		{"parse error", `{"jsonrpc":`, nil, -32700},
		{"not an object", `[1`, nil, -32700},
		{"old version", `{"jsonrpc":"1.0","id":3,"method":"ping"}`, 3.0, -32600},
		{"unknown method", `{"jsonrpc":"2.0","id":"x-1","method":"no/such"}`, "x-1", -32601},
		{"stateless probe", `{"jsonrpc":"2.0","id":4,"method":"server/discover","params":{}}`, 4.0, -32601},
		{"call without name", `{"jsonrpc":"2.0","id":5,"method":"tools/call","params":{"arguments":{}}}`, 5.0, -32602},
		{"call with bad arguments", `{"jsonrpc":"2.0","id":6,"method":"tools/call","params":{"name":"bash","arguments":[1]}}`, 6.0, -32602},
		{"no method", `{"jsonrpc":"2.0","id":7}`, 7.0, -32600},
		{"ping", `{"jsonrpc":"2.0","id":8,"method":"ping"}`, 8.0, 0},
	}
	for _, tc := range cases {
		out := s.HandleMessage(ctx, []byte(tc.msg))
		if out == nil {
			t.Errorf("%s: no answer", tc.name)
			continue
		}
		m := decodeMsg(t, out)
		if m["jsonrpc"] != "2.0" || !reflect.DeepEqual(m["id"], tc.id) || errCodeOf(m) != tc.code {
			t.Errorf("%s: %s", tc.name, out)
		}
		if tc.code == 0 && !reflect.DeepEqual(m["result"], map[string]any{}) {
			t.Errorf("%s: result %s", tc.name, out)
		}
	}
	for _, quiet := range []string{
		`{"jsonrpc":"2.0","method":"notifications/initialized"}`,
		`{"jsonrpc":"2.0","id":null,"method":"notifications/cancelled","params":{"requestId":1}}`,
		`{"jsonrpc":"2.0","id":99,"result":{}}`, // an answer to nothing we asked
	} {
		if out := s.HandleMessage(ctx, []byte(quiet)); out != nil {
			t.Errorf("%s: answered %s", quiet, out)
		}
	}
	// An unknown tool is a protocol error; a tool's own failure a result.
	out := s.HandleMessage(ctx, []byte(`{"jsonrpc":"2.0","id":9,"method":"tools/call","params":{"name":"rm","arguments":{}}}`))
	if m := decodeMsg(t, out); errCodeOf(m) != -32602 || !strings.Contains(string(out), `unknown tool \"rm\"`) {
		t.Errorf("unknown tool: %s", out)
	}
	out = s.HandleMessage(ctx, []byte(`{"jsonrpc":"2.0","id":10,"method":"tools/call","params":{"name":"list_tools","arguments":{"server":"zz"}}}`))
	if res, _ := decodeMsg(t, out)["result"].(map[string]any); res["isError"] != true {
		t.Errorf("a failing tool: %s", out)
	}
}

// initialize settles on a revision with the handshake: the client's if we
// speak it, else the newest one.
func TestJSONRPCInitialize(t *testing.T) {
	rt := newTestRuntime(t, testConfig, JSRunner{})
	s := NewMCPServer(rt)
	for asked, want := range map[string]string{
		"2024-11-05": "2024-11-05", "2025-06-18": "2025-06-18", "2025-11-25": "2025-11-25",
		"2026-07-28": "2025-11-25", "1999-01-01": "2025-11-25", "": "2025-11-25",
	} {
		msg := `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"` + asked + `","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}`
		res, _ := decodeMsg(t, s.HandleMessage(context.Background(), []byte(msg)))["result"].(map[string]any)
		info, _ := res["serverInfo"].(map[string]any)
		if res["protocolVersion"] != want || info["name"] != "justbash-mcp" || info["version"] != Version {
			t.Errorf("initialize %q: %v", asked, res)
		}
		if caps, _ := res["capabilities"].(map[string]any); caps["tools"] == nil {
			t.Errorf("initialize %q: no tools capability: %v", asked, res)
		}
	}
}

// A result encoded by hand reads back as mcp-go's encoding of the same
// result (mcp-go is a test-only dependency: the oracle for MCP's shapes).
func TestEncodeToolResultMatchesMCPGo(t *testing.T) {
	results := []*CallToolResult{
		errorResult("bad \"quote\" \\ and \x01 control, <html> & \u2028 line\nnext\ttab"),
		jsonResult(map[string]any{"servers": []any{"a", 1.5, nil}, "ok": true}),
		renderExec(ExecResult{Value: json.RawMessage(`"x\ny"`), ExecutionMs: 3}, true),
		renderExec(ExecResult{Err: "boom", ExecutionMs: 1}, true),
		{Content: []TextContent{}},
		{Content: []TextContent{textContent("invalid \xff utf-8 \xe2\x82")}},
	}
	for _, r := range results {
		theirs := &mcp.CallToolResult{IsError: r.IsError, StructuredContent: r.StructuredContent, Content: []mcp.Content{}}
		for _, c := range r.Content {
			theirs.Content = append(theirs.Content, mcp.NewTextContent(c.Text))
		}
		want, err := json.Marshal(theirs)
		if err != nil {
			t.Fatal(err)
		}
		got, err := json.Marshal(r)
		if err != nil {
			t.Fatal(err)
		}
		var a, b any
		if err := json.Unmarshal(got, &a); err != nil {
			t.Fatalf("%s: %v", got, err)
		}
		_ = json.Unmarshal(want, &b)
		if !reflect.DeepEqual(a, b) {
			t.Errorf("encoded\n%s\nmcp-go\n%s", got, want)
		}
	}
}

// tools/list describes the meta tools as mcp-go's tool builders did
// before the server stopped linking them.
func TestToolListMatchesMCPGo(t *testing.T) {
	destructive := func(v bool) mcp.ToolOption {
		return func(t *mcp.Tool) { t.Annotations.DestructiveHint = mcp.ToBoolPtr(v) }
	}
	readOnly := func(title string) mcp.ToolOption {
		return func(t *mcp.Tool) {
			t.Annotations.Title = title
			t.Annotations.ReadOnlyHint = mcp.ToBoolPtr(true)
		}
	}
	theirs := []mcp.Tool{
		mcp.NewTool(ToolBash, mcp.WithDescription(descBash),
			mcp.WithString("script", mcp.Required(), mcp.Description("The bash script to run")), destructive(false)),
		mcp.NewTool(ToolClearLogs, mcp.WithDescription(descClearLogs), destructive(false)),
		mcp.NewTool(ToolExecuteCode, mcp.WithDescription(descExecuteCode),
			mcp.WithString("code", mcp.Required(), mcp.Description("JavaScript: the body of an async function")),
			mcp.WithAny("data", mcp.Description("Any JSON value, exposed to the script as the global `data`")),
			mcp.WithInteger("timeoutMs", mcp.Description("Timeout in milliseconds (1–300000, default 30000)")),
			mcp.WithBoolean("rawText", mcp.Description("Show a string result verbatim in the first text block (default true)")), destructive(false)),
		mcp.NewTool(ToolFetchLogs, mcp.WithDescription(descFetchLogs), destructive(false)),
		mcp.NewTool(ToolListServers, mcp.WithDescription(descListServers), readOnly("List servers")),
		mcp.NewTool(ToolListTools, mcp.WithDescription(descListTools), readOnly("List tools"),
			mcp.WithString("server", mcp.Required(), mcp.Description("Server name from list_servers"))),
	}
	var a, b any
	got, _ := json.Marshal(metaTools())
	want, _ := json.Marshal(theirs)
	_ = json.Unmarshal(got, &a)
	_ = json.Unmarshal(want, &b)
	if !reflect.DeepEqual(a, b) {
		t.Errorf("tools/list\n%s\nmcp-go\n%s", got, want)
	}
}

func TestAppendJSONString(t *testing.T) {
	for _, s := range []string{"", "plain", "\"\\/", "\x00\x1f\x7f", "é ü 日本 🙂", "\u2028\u2029", "a\xffb", "\xed\xa0\x80"} {
		got := appendJSONString(nil, s)
		want, _ := json.Marshal(s)
		var a, b string
		if err := json.Unmarshal(got, &a); err != nil {
			t.Fatalf("%q: %s: %v", s, got, err)
		}
		_ = json.Unmarshal(want, &b)
		if a != b {
			t.Errorf("%q: read back %q, encoding/json's %q", s, a, b)
		}
	}
}

// The stdio loop answers concurrent requests whole, one per line, skips
// over a line that is too long with a parse error and goes on.
func TestServeLines(t *testing.T) {
	rt := newTestRuntime(t, testConfig, JSRunner{})
	old := maxLineBytes
	maxLineBytes = 1 << 10
	t.Cleanup(func() { maxLineBytes = old })
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	done := make(chan error, 1)
	go func() {
		done <- NewMCPServer(rt).ServeLines(context.Background(), inR, outW, io.Discard)
		outW.Close()
	}()
	go func() {
		_, _ = io.WriteString(inW, `{"jsonrpc":"2.0","id":1,"method":"ping"}`+"\r\n\n")
		_, _ = io.WriteString(inW, `{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"bash","arguments":{"script":"`+strings.Repeat("x", 2<<10)+`"}}}`+"\n")
		_, _ = io.WriteString(inW, `[{"jsonrpc":"2.0","id":3,"method":"ping"},{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"execute_code","arguments":{"code":"return 6*7"}}}]`+"\n")
	}()
	sc := bufio.NewScanner(outR)
	var lines []string
	for len(lines) < 3 && sc.Scan() {
		lines = append(lines, sc.Text())
	}
	inW.Close()
	if err := <-done; err != nil {
		t.Errorf("ServeLines at the end of input: %v", err)
	}
	var ping, tooLong, batch bool
	for _, l := range lines {
		switch {
		case strings.HasPrefix(l, `{"jsonrpc":"2.0","id":1,"result":{}}`):
			ping = true
		case strings.HasPrefix(l, `{"jsonrpc":"2.0","id":null,"error":{"code":-32700,`) && strings.Contains(l, "longer than 1024 bytes"):
			tooLong = true
		case strings.HasPrefix(l, "["):
			var resps []map[string]any
			batch = json.Unmarshal([]byte(l), &resps) == nil && len(resps) == 2 && strings.Contains(l, `"value":42`)
		}
	}
	if !ping || !tooLong || !batch || len(lines) != 3 {
		t.Errorf("answers (ping %v, too long %v, batch %v):\n%s", ping, tooLong, batch, strings.Join(lines, "\n"))
	}
}

// notifications/cancelled ends the call it names; the end of input ends
// the calls still running, and ServeLines returns.
func TestServeLinesCancel(t *testing.T) {
	rt := newTestRuntime(t, testConfig, JSRunner{})
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	done := make(chan error, 1)
	go func() {
		done <- NewMCPServer(rt).ServeLines(context.Background(), inR, outW, io.Discard)
		outW.Close()
	}()
	long := func(id int) string {
		return `{"jsonrpc":"2.0","id":` + strconv.Itoa(id) + `,"method":"tools/call","params":{"name":"execute_code","arguments":{"code":"await new Promise((r) => setTimeout(r, 120000))","timeoutMs":300000}}}` + "\n"
	}
	sc := bufio.NewScanner(outR)
	go func() {
		_, _ = io.WriteString(inW, long(5))
		_, _ = io.WriteString(inW, `{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":5,"reason":"user"}}`+"\n")
	}()
	if !sc.Scan() {
		t.Fatal("no answer to the cancelled call")
	}
	if l := sc.Text(); !strings.HasPrefix(l, `{"jsonrpc":"2.0","id":5,`) || !strings.Contains(l, `"isError":true`) {
		t.Errorf("cancelled call: %s", l)
	}
	_, _ = io.WriteString(inW, long(6))
	inW.Close()
	go func() { _, _ = io.Copy(io.Discard, outR) }()
	select {
	case err := <-done:
		if err != nil {
			t.Errorf("ServeLines: %v", err)
		}
	case <-time.After(60 * time.Second):
		t.Fatal("the end of input did not end the running call")
	}
}

// Over Streamable HTTP, a tool that needs approval asks the client in the
// response's event stream, and the client's answer, posted under the
// session id given at initialize, reaches the waiting call.
func TestStreamableHTTPElicitation(t *testing.T) {
	for _, answer := range []mcp.ElicitationResponseAction{mcp.ElicitationResponseActionAccept, mcp.ElicitationResponseActionDecline} {
		rt := newTestRuntime(t, strings.Replace(consentConfig, "%s", "", 1), JSRunner{})
		d, err := NewDaemon(rt, DaemonOptions{APIKey: testKey})
		if err != nil {
			t.Fatal(err)
		}
		srv := httptest.NewServer(d)
		t.Cleanup(srv.Close)
		ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
		defer cancel()
		tr, err := transport.NewStreamableHTTP(srv.URL+"/mcp", transport.WithHTTPHeaders(map[string]string{APIKeyHeader: testKey}))
		if err != nil {
			t.Fatal(err)
		}
		a := &answerer{answer: answer}
		c := client.NewClient(tr, client.WithElicitationHandler(a))
		t.Cleanup(func() { c.Close() })
		if err := c.Start(ctx); err != nil {
			t.Fatal(err)
		}
		initialize(t, ctx, c)
		out := joined(callTool(t, ctx, c, ToolExecuteCode, map[string]any{"code": `return await w.write_thing({n: 4})`}))
		if q := a.questions(); len(q) != 1 || !strings.HasPrefix(q[0], "Approve w.write_thing") {
			t.Fatalf("%s: questions %q (result %s)", answer, q, out)
		}
		accepted := strings.Contains(out, "write_thing called")
		if accepted != (answer == mcp.ElicitationResponseActionAccept) {
			t.Errorf("%s: %s", answer, out)
		}
		// Reads need no approval and come back as plain JSON.
		if out := joined(callTool(t, ctx, c, ToolBash, map[string]any{"script": "w read-thing"})); !strings.Contains(out, "read_thing called") {
			t.Errorf("read: %s", out)
		}
	}
}

// A client that does not declare elicitation is not asked over Streamable
// HTTP either: the policy answers.
func TestStreamableHTTPNoElicitation(t *testing.T) {
	rt := newTestRuntime(t, strings.Replace(consentConfig, "%s", "", 1), JSRunner{})
	d, _ := NewDaemon(rt, DaemonOptions{APIKey: testKey})
	srv := httptest.NewServer(d)
	t.Cleanup(srv.Close)
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	tr, _ := transport.NewStreamableHTTP(srv.URL+"/mcp", transport.WithHTTPHeaders(map[string]string{APIKeyHeader: testKey}))
	c := client.NewClient(tr)
	t.Cleanup(func() { c.Close() })
	if err := c.Start(ctx); err != nil {
		t.Fatal(err)
	}
	initialize(t, ctx, c)
	if out := joined(callTool(t, ctx, c, ToolBash, map[string]any{"script": "w write-thing n=1"})); !strings.Contains(out, "cannot be asked") {
		t.Errorf("without elicitation: %s", out)
	}
}

// Over the daemon's WebSocket, a client that declared elicitation is
// asked on the same socket, and its answer there reaches the waiting call.
func TestWebSocketElicitation(t *testing.T) {
	rt := newTestRuntime(t, strings.Replace(consentConfig, "%s", "", 1), JSRunner{})
	d, err := NewDaemon(rt, DaemonOptions{APIKey: testKey})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(d)
	t.Cleanup(srv.Close)
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	url := "ws" + strings.TrimPrefix(srv.URL, "http") + "/mcp"
	conn, _, err := websocket.Dial(ctx, url, &websocket.DialOptions{HTTPHeader: map[string][]string{APIKeyHeader: {testKey}}, Subprotocols: []string{WSSubprotocol}})
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(websocket.StatusNormalClosure, "")
	send := func(msg string) {
		t.Helper()
		if err := conn.Write(ctx, websocket.MessageText, []byte(msg)); err != nil {
			t.Fatal(err)
		}
	}
	recv := func() map[string]any {
		t.Helper()
		_, b, err := conn.Read(ctx)
		if err != nil {
			t.Fatal(err)
		}
		return decodeMsg(t, b)
	}
	send(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{"elicitation":{}},"clientInfo":{"name":"t","version":"1"}}}`)
	recv()
	send(`{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"bash","arguments":{"script":"w write-thing n=5"}}}`)
	q := recv()
	params, _ := q["params"].(map[string]any)
	if q["method"] != "elicitation/create" || q["id"] == nil || !strings.HasPrefix(toJSON(params["message"]), `"Approve w.write_thing`) {
		t.Fatalf("expected an elicitation request, got %v", q)
	}
	id, _ := json.Marshal(q["id"])
	send(`{"jsonrpc":"2.0","id":` + string(id) + `,"result":{"action":"accept"}}`)
	res := recv()
	if res["id"] != 2.0 || !strings.Contains(toJSON(res["result"]), "write_thing called") {
		t.Errorf("tool result after accepting: %v", res)
	}
}

// testIDs is a SessionIDs that ends ids on DELETE and refuses foreign ones.
type testIDs struct{ ended map[string]bool }

func (t *testIDs) Generate() string { return "t-" + RandomID() }
func (t *testIDs) Validate(id string) (bool, error) {
	if !strings.HasPrefix(id, "t-") {
		return false, errors.New("not ours")
	}
	return t.ended[id], nil
}
func (t *testIDs) Terminate(id string) (bool, error) { t.ended[id] = true; return false, nil }

// Streamable HTTP session ids come from Daemon's SessionIDs when set: a
// foreign id is refused, an ended one is gone.
func TestStreamableHTTPSessionIDs(t *testing.T) {
	rt := newTestRuntime(t, testConfig, JSRunner{})
	d, _ := NewDaemon(rt, DaemonOptions{APIKey: testKey})
	d.streamable.ids = &testIDs{ended: map[string]bool{}}
	srv := httptest.NewServer(d)
	t.Cleanup(srv.Close)
	do := func(method, id, body string) (*http.Response, string) {
		t.Helper()
		req, _ := http.NewRequest(method, srv.URL+"/mcp", strings.NewReader(body))
		req.Header.Set(APIKeyHeader, testKey)
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Accept", "application/json, text/event-stream")
		if id != "" {
			req.Header.Set(headerSessionID, id)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		return resp, string(b)
	}
	resp, body := do("POST", "", `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}`)
	id := resp.Header.Get(headerSessionID)
	if resp.StatusCode != 200 || !strings.HasPrefix(id, "t-") || !strings.Contains(body, `"serverInfo"`) {
		t.Fatalf("initialize: %d %q %s", resp.StatusCode, id, body)
	}
	ping := `{"jsonrpc":"2.0","id":2,"method":"ping"}`
	if resp, body := do("POST", id, ping); resp.StatusCode != 200 || !strings.Contains(body, `"result":{}`) {
		t.Errorf("ping in the session: %d %s", resp.StatusCode, body)
	}
	if resp, _ := do("POST", "other-1", ping); resp.StatusCode != 400 {
		t.Errorf("foreign session id: %d", resp.StatusCode)
	}
	if resp, _ := do("POST", id, `{"jsonrpc":"2.0","method":"notifications/initialized"}`); resp.StatusCode != 202 {
		t.Errorf("notification: %d, want 202", resp.StatusCode)
	}
	if resp, _ := do("DELETE", id, ""); resp.StatusCode != 200 {
		t.Errorf("DELETE: %d", resp.StatusCode)
	}
	if resp, _ := do("POST", id, ping); resp.StatusCode != 404 {
		t.Errorf("ended session: %d, want 404", resp.StatusCode)
	}
	if resp, _ := do("GET", "", ""); resp.StatusCode != 405 {
		t.Errorf("GET event stream: %d, want 405", resp.StatusCode)
	}
}

// execute_code's rendering checks the runner's value: one that is not
// JSON is null in both the text and the structured content, and the
// response stays valid JSON; strings with and without escapes render as
// their text.
func TestRenderExecValues(t *testing.T) {
	for _, c := range []struct {
		value, text, structured string
		raw                     bool
	}{
		{`{"a": [1, 2]}`, "{\n  \"executionMs\": 7,\n  \"value\": {\n    \"a\": [\n      1,\n      2\n    ]\n  }\n}", `{"a":[1,2]}`, true},
		{`"plain <b>"`, `plain <b>`, `"plain <b>"`, true},
		{`"esc\n\u00e9\"q"`, "esc\né\"q", `"esc\né\"q"`, true},
		{`"plain"`, "{\n  \"executionMs\": 7,\n  \"value\": \"plain\"\n}", `"plain"`, false},
		{`{"a": 1`, "{\n  \"executionMs\": 7,\n  \"value\": null\n}", `null`, true},
		{`"unterminated`, "{\n  \"executionMs\": 7,\n  \"value\": null\n}", `null`, true},
		{"\"bad \xff utf-8\"", "bad \ufffd utf-8", `"bad \ufffd utf-8"`, true},
	} {
		r := renderExec(ExecResult{Value: json.RawMessage(c.value), ExecutionMs: 7}, c.raw)
		if r.Content[0].Text != c.text {
			t.Errorf("%s: text %q, want %q", c.value, r.Content[0].Text, c.text)
		}
		enc := encodeToolResult(r)
		var got struct {
			StructuredContent struct {
				Value json.RawMessage `json:"value"`
			} `json:"structuredContent"`
		}
		if err := json.Unmarshal(enc, &got); err != nil || !json.Valid(enc) {
			t.Errorf("%s: the result is not JSON: %v\n%s", c.value, err, enc)
			continue
		}
		var want, have any
		_ = json.Unmarshal([]byte(c.structured), &want)
		_ = json.Unmarshal(got.StructuredContent.Value, &have)
		if !reflect.DeepEqual(have, want) {
			t.Errorf("%s: structured value %s, want %s", c.value, got.StructuredContent.Value, c.structured)
		}
	}
}
