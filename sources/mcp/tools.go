package mcp

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sort"
	"strconv"
	"strings"
	"unicode"

	"github.com/justbash/justbash/mcpclient"
	"github.com/justbash/justbash/toolcmd"
)

// ToolSegment turns a server's tool name into one path segment.
//
// The rule: a name that is already a valid segment is kept verbatim
// ("get-sum" → `<name>.get-sum`, shown as `<name> get-sum`); otherwise every
// run of characters a segment cannot hold (dots, whitespace, shell
// metacharacters, slashes) becomes one "_", and a name left empty becomes
// "tool". The server is always called with the original name.
func ToolSegment(name string) string {
	var b strings.Builder
	pendingUnderscore := false
	for _, r := range name {
		if segmentRune(r) {
			if pendingUnderscore && b.Len() > 0 {
				b.WriteByte('_')
			}
			pendingUnderscore = false
			b.WriteRune(r)
			continue
		}
		pendingUnderscore = true
	}
	seg := b.String()
	if seg == "" {
		return "tool"
	}
	if strings.HasPrefix(seg, "-") {
		seg = "_" + strings.TrimLeft(seg, "-")
	}
	return seg
}

func segmentRune(r rune) bool {
	if r == '.' || unicode.IsSpace(r) || unicode.IsControl(r) {
		return false
	}
	return !strings.ContainsRune("'\"`$&|;<>(){}[]\\*?!#~=/", r)
}

// toolPaths assigns paths to server tool names. Names are visited in sorted
// order so that when two names map to the same segment ("a.b" and "a/b")
// the suffixes _2, _3 … are the same on every run.
func toolPaths(ns string, names []string) map[string]string {
	sorted := append([]string(nil), names...)
	sort.Strings(sorted)
	used := map[string]bool{}
	out := make(map[string]string, len(names))
	for _, n := range sorted {
		seg := ToolSegment(n)
		cand := seg
		for i := 2; used[cand]; i++ {
			cand = seg + "_" + strconv.Itoa(i)
		}
		used[cand] = true
		out[n] = ns + "." + cand
	}
	return out
}

// refresh lists the server's tools and replaces this source's
// registrations with them.
func (s *Source) refresh(ctx context.Context, cl *mcpclient.Client) error {
	s.refreshMu.Lock()
	defer s.refreshMu.Unlock()
	lctx, cancel := context.WithTimeout(ctx, s.connectTimeout())
	defer cancel()
	// AllTools follows nextCursor page by page.
	tools, err := cl.AllTools(lctx)
	if err != nil {
		return s.withStderr(s.errorf("list tools: %v", err))
	}
	names := make([]string, len(tools))
	for i, t := range tools {
		names[i] = t.Name
	}
	paths := toolPaths(s.cfg.Name, names)
	// Replace in place rather than remove-then-add, so calls racing a
	// refresh never see the source's tools missing.
	s.toolsMu.Lock()
	defer s.toolsMu.Unlock()
	s.mu.Lock()
	closed := s.closed
	s.mu.Unlock()
	if closed {
		return s.errorf("source closed")
	}
	put := s.reg.Add
	if s.registered {
		put = s.reg.Replace
	}
	var errs []error
	var added []string
	byPath := make(map[string]string, len(tools))
	for i := range tools {
		t := &tools[i]
		tool, err := s.tool(paths[t.Name], t)
		if err == nil {
			err = put(tool)
		}
		if err != nil {
			errs = append(errs, s.errorf("tool %q: %v", t.Name, err))
			continue
		}
		added = append(added, tool.Path)
		byPath[tool.Path] = t.Name
	}
	sort.Strings(added)
	keep := map[string]bool{}
	for _, p := range added {
		keep[p] = true
	}
	for _, p := range s.paths {
		// A stale tool hidden under an inline one stays until Close; it
		// cannot be called while hidden.
		if cur, ok := s.reg.Get(p); !keep[p] && ok && cur.Source == s.src {
			s.reg.Remove(p)
		}
	}
	s.paths, s.names = added, byPath
	s.registered = true
	return errors.Join(errs...)
}

// onListChanged re-discovers the tools after the server said they changed.
func (s *Source) onListChanged(cl *mcpclient.Client) {
	s.mu.Lock()
	current := s.cl == cl && !s.closed
	s.mu.Unlock()
	if current {
		_ = s.refresh(context.Background(), cl)
	}
}

// tool converts one server tool. The schemas are kept as the server
// sent them; the registry parses them once, on first use.
func (s *Source) tool(path string, t *mcpclient.Tool) (toolcmd.Tool, error) {
	var a mcpclient.ToolAnnotations
	if t.Annotations != nil {
		a = *t.Annotations
	}
	ann := toolcmd.Annotations{
		Title:       firstNonEmpty(t.Title, a.Title),
		ReadOnly:    a.ReadOnlyHint,
		Destructive: isTrue(a.DestructiveHint),
		Idempotent:  a.IdempotentHint,
		OpenWorld:   isTrue(a.OpenWorldHint),
	}
	// As in the executor SDK: an explicit destructiveHint asks first. The
	// spec gives the hint meaning only for tools that are not read-only.
	if ann.Destructive && !ann.ReadOnly {
		ann.RequiresApproval = true
		ann.ApprovalLabel = fmt.Sprintf("MCP tool %s on %s (destructive)", t.Name, s.cfg.Name)
	}
	name := t.Name
	return toolcmd.Tool{
		Path:         path,
		Description:  t.Description,
		InputSchema:  nonNull(t.InputSchema),
		OutputSchema: nonNull(t.OutputSchema),
		Annotations:  ann,
		Source:       s.src,
		Invoke: func(ctx context.Context, args json.RawMessage) (json.RawMessage, error) {
			return s.call(ctx, name, args)
		},
	}, nil
}

func nonNull(r json.RawMessage) json.RawMessage {
	r = bytes.TrimSpace(r)
	if len(r) == 0 || string(r) == "null" || string(r) == "{}" {
		return nil
	}
	return r
}

func isTrue(b *bool) bool { return b != nil && *b }

func firstNonEmpty(a, b string) string {
	if a != "" {
		return a
	}
	return b
}
