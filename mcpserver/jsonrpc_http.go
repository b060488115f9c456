package mcpserver

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"strings"
	"sync"
)

// MCP's Streamable HTTP transport (revisions 2025-03-26 to 2025-11-25):
// each POST carries a message; a request is answered in the response body
// as JSON, or, when the tool asks the client something on the way (an
// elicitation), the response turns into an event stream that carries the
// question and then the answer. The client posts its reply to the
// question as a message of its own, under the session id we gave it at
// initialize. There is no standing GET stream: the server sends nothing
// outside a request, which the specification allows (405 on GET).

// maxHTTPSessions bounds the transport sessions remembered for routing
// elicitation answers; past it the oldest-looking one is forgotten (its
// client can still call tools, but is no longer asked).
const maxHTTPSessions = 4096

const headerSessionID = "Mcp-Session-Id"

// SessionIDs issues and checks the transport session ids of Streamable
// HTTP (the Mcp-Session-Id header). Without one, ids are random and any
// well-formed id is accepted, so a client keeps working across a restart
// of the server (it is no longer asked through elicitation until it
// initializes again). The method set is that of mcp-go's
// server.SessionIdManager, so one type serves both.
type SessionIDs interface {
	Generate() string
	// Validate reports whether id was ended; an error refuses it.
	Validate(id string) (terminated bool, err error)
	// Terminate ends id; notAllowed refuses the DELETE.
	Terminate(id string) (notAllowed bool, err error)
}

type streamableHTTP struct {
	s     *MCPServer
	scope func(ctx context.Context, r *http.Request) context.Context
	// ids, when set, issues and checks the session ids.
	ids SessionIDs

	mu    sync.Mutex
	peers map[string]*peer
}

func newStreamableHTTP(s *MCPServer, scope func(context.Context, *http.Request) context.Context) *streamableHTTP {
	return &streamableHTTP{s: s, scope: scope, peers: map[string]*peer{}}
}

// peer returns the transport session id's peer, making one for an id we do
// not know (a client that outlived a restart keeps working, unasked).
func (h *streamableHTTP) peer(id string, create bool) *peer {
	if id == "" || !SessionIDRe().MatchString(id) {
		return nil
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	p := h.peers[id]
	if p == nil && create {
		if len(h.peers) >= maxHTTPSessions {
			for old, op := range h.peers {
				op.close()
				delete(h.peers, old)
				break
			}
		}
		p = newPeer(nil)
		h.peers[id] = p
	}
	return p
}

func (h *streamableHTTP) forget(id string) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if p := h.peers[id]; p != nil {
		p.close()
		delete(h.peers, id)
	}
}

var parseErrorPrefix = []byte(`{"jsonrpc":"2.0","id":null,"error":{"code":-32700,`)

func (h *streamableHTTP) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	switch r.Method {
	case http.MethodGet:
		w.Header().Set("Allow", "POST, DELETE")
		httpError(w, http.StatusMethodNotAllowed, "this server sends nothing outside a request: no event stream on GET")
		return
	case http.MethodDelete:
		id := r.Header.Get(headerSessionID)
		if h.ids != nil && id != "" {
			if notAllowed, err := h.ids.Terminate(id); err != nil || notAllowed {
				httpError(w, http.StatusMethodNotAllowed, "this session cannot be ended here")
				return
			}
		}
		h.forget(id)
		w.WriteHeader(http.StatusOK)
		return
	}
	if ct := r.Header.Get("Content-Type"); !strings.HasPrefix(strings.ToLower(strings.TrimSpace(ct)), "application/json") {
		httpError(w, http.StatusBadRequest, "an MCP message is posted as Content-Type: application/json")
		return
	}
	// The daemon caps the body already; the handler caps it itself too, so
	// it stays bounded wherever it is mounted.
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, MaxBodyBytes))
	if err != nil {
		var mbe *http.MaxBytesError
		if errors.As(err, &mbe) {
			httpError(w, http.StatusRequestEntityTooLarge, "request body is larger than 1 MiB")
			return
		}
		httpError(w, http.StatusBadRequest, "reading request body: "+err.Error())
		return
	}
	id := r.Header.Get(headerSessionID)
	switch {
	case isInitialize(body):
		id = RandomID()
		if h.ids != nil {
			id = h.ids.Generate()
		}
		w.Header().Set(headerSessionID, id)
	case id != "" && h.ids != nil:
		terminated, err := h.ids.Validate(id)
		if err != nil {
			httpError(w, http.StatusBadRequest, "invalid "+headerSessionID+": "+err.Error())
			return
		}
		if terminated {
			httpError(w, http.StatusNotFound, "session ended; initialize again")
			return
		}
	}
	p := h.peer(id, true)
	sse := &sseWriter{w: w, ok: strings.Contains(r.Header.Get("Accept"), "text/event-stream")}
	ctx := withSender(h.scope(r.Context(), r), sse.send)
	out := h.s.serveMessage(ctx, p, body)
	sse.finish(out)
}

// isInitialize tells an initialize request without decoding the message a
// second time: the method name has to appear in it.
func isInitialize(body []byte) bool {
	if !bytes.Contains(body, []byte(`"initialize"`)) {
		return false
	}
	var m struct {
		Method string `json:"method"`
	}
	return json.Unmarshal(body, &m) == nil && m.Method == "initialize"
}

// sseWriter answers one POST: as JSON, unless a message to the client has
// to go out first, which turns the response into an event stream.
type sseWriter struct {
	w        http.ResponseWriter
	ok       bool // the client accepts an event stream
	mu       sync.Mutex
	streamed bool
}

func (s *sseWriter) send(ctx context.Context, msg []byte) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if !s.ok {
		return ErrCannotAsk
	}
	if !s.streamed {
		s.streamed = true
		h := s.w.Header()
		h.Set("Content-Type", "text/event-stream")
		h.Set("Cache-Control", "no-cache")
		s.w.WriteHeader(http.StatusOK)
	}
	return s.event(msg)
}

func (s *sseWriter) event(msg []byte) error {
	b := make([]byte, 0, len(msg)+24)
	b = append(b, "event: message\ndata: "...)
	b = append(b, msg...)
	b = append(b, "\n\n"...)
	if _, err := s.w.Write(b); err != nil {
		return err
	}
	if f, ok := s.w.(http.Flusher); ok {
		f.Flush()
	}
	return nil
}

// finish writes the answer (nil: the message needed none).
func (s *sseWriter) finish(out []byte) {
	s.mu.Lock()
	defer s.mu.Unlock()
	switch {
	case s.streamed:
		if out != nil {
			_ = s.event(out)
		}
	case out == nil:
		s.w.WriteHeader(http.StatusAccepted)
	default:
		s.w.Header().Set("Content-Type", "application/json")
		code := http.StatusOK
		if bytes.HasPrefix(out, parseErrorPrefix) {
			code = http.StatusBadRequest
		}
		s.w.WriteHeader(code)
		_, _ = s.w.Write(out)
	}
}
