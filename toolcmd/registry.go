package toolcmd

import (
	"bytes"
	"encoding/json"
	"fmt"
	"sort"
	"strings"
	"sync"
)

// Registry holds tools by path. It is safe for concurrent use.
//
// Conflicts follow the executor README: "Inline tools win when paths
// conflict with SDK-discovered ones". Each path has one slot for an inline
// tool and one for a discovered tool; the inline one is visible while it
// exists, and removing it uncovers the discovered one again.
type Registry struct {
	mu      sync.RWMutex
	slots   map[string]*slot
	version uint64

	// idx caches the per-namespace subcommand tables; rebuilt when version
	// moves, so a hot `math add` call does not re-sort the registry.
	idxMu      sync.Mutex
	idx        map[string]*nsIndex
	idxVersion uint64
	// aliases maps JSPath spellings to paths (see jsAliases).
	aliases      map[string]string
	aliasVersion uint64

	searchMu      sync.Mutex
	search        *searchIndex
	searchVersion uint64
}

type slot struct{ inline, discovered *entry }

func (s *slot) active() *entry {
	if s.inline != nil {
		return s.inline
	}
	return s.discovered
}

// entry is a registered tool plus what is derived from it. The schemas
// are parsed on first use, not at registration: a spec with a thousand
// operations registers in milliseconds, and only the tools a session
// calls or describes pay for their schemas.
type entry struct {
	tool Tool
	once sync.Once
	inS  *schemaInfo
	outS *schemaInfo
}

func (e *entry) parse() {
	e.once.Do(func() {
		// Registration checked that both are JSON; a schema the library
		// cannot read leaves the tool callable but unvalidated.
		e.inS, _ = parseSchema(e.tool.InputSchema)
		e.outS, _ = parseSchema(e.tool.OutputSchema)
	})
}

// in is the parsed input schema (nil when the tool has none).
func (e *entry) in() *schemaInfo {
	e.parse()
	return e.inS
}

// out is the parsed output schema.
func (e *entry) out() *schemaInfo {
	e.parse()
	return e.outS
}

// NewRegistry returns an empty registry.
func NewRegistry() *Registry { return &Registry{slots: map[string]*slot{}} }

func newEntry(t Tool) (*entry, error) {
	if t.err != nil {
		return nil, fmt.Errorf("tool %q: %w", t.Path, t.err)
	}
	if err := checkPath(t.Path); err != nil {
		return nil, err
	}
	if t.Invoke == nil {
		return nil, fmt.Errorf("tool %q: no Invoke function", t.Path)
	}
	if t.Source.Kind == "" {
		t.Source.Kind = SourceInline
	}
	for _, sc := range []struct {
		what string
		raw  json.RawMessage
	}{{"input", t.InputSchema}, {"output", t.OutputSchema}} {
		if raw := bytes.TrimSpace(sc.raw); len(raw) > 0 {
			var probe json.RawMessage
			if err := json.Unmarshal(raw, &probe); err != nil {
				return nil, fmt.Errorf("tool %q: %s schema: %w", t.Path, sc.what, err)
			}
		}
	}
	return &entry{tool: t}, nil
}

// Add registers t. It fails if the path is invalid or a tool of the same
// class (inline or discovered) already has that path. A discovered tool
// whose path an inline tool holds is kept but stays hidden.
func (r *Registry) Add(t Tool) error { return r.put(t, false) }

// Replace registers t, overwriting a tool of the same class at its path.
func (r *Registry) Replace(t Tool) error { return r.put(t, true) }

// AddInline registers inline tools keyed by path, like the README's
// `tools: { "math.add": {...} }` map. Paths set on the values are ignored.
func (r *Registry) AddInline(tools map[string]Tool) error {
	keys := make([]string, 0, len(tools))
	for k := range tools {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		t := tools[k]
		t.Path = k
		t.Source = Source{Kind: SourceInline, Name: t.Source.Name}
		if err := r.Add(t); err != nil {
			return err
		}
	}
	return nil
}

func (r *Registry) put(t Tool, replace bool) error {
	e, err := newEntry(t)
	if err != nil {
		return err
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	s := r.slots[t.Path]
	if s == nil {
		s = &slot{}
		r.slots[t.Path] = s
	}
	target := &s.discovered
	if e.tool.Source.IsInline() {
		target = &s.inline
	}
	if *target != nil && !replace {
		return fmt.Errorf("tool %q is already registered", t.Path)
	}
	*target = e
	r.version++
	return nil
}

// Remove deletes every tool at path (inline and discovered) and reports
// whether there was one.
func (r *Registry) Remove(path string) bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	if _, ok := r.slots[path]; !ok {
		return false
	}
	delete(r.slots, path)
	r.version++
	return true
}

// RemoveSource deletes the tools registered by src (matching
// kind and name), for re-discovery; it returns how many were removed.
func (r *Registry) RemoveSource(src Source) int {
	r.mu.Lock()
	defer r.mu.Unlock()
	if src.Kind == "" {
		src.Kind = SourceInline
	}
	n := 0
	for p, s := range r.slots {
		if s.discovered != nil && s.discovered.tool.Source == src {
			s.discovered = nil
			n++
		}
		if s.inline != nil && s.inline.tool.Source == src {
			s.inline = nil
			n++
		}
		if s.active() == nil {
			delete(r.slots, p)
		}
	}
	if n > 0 {
		r.version++
	}
	return n
}

// get finds the visible tool at path, or else the one whose JSPath or
// CamelPath is path (the spellings JavaScript callers use).
func (r *Registry) get(path string) *entry {
	r.mu.RLock()
	if s := r.slots[path]; s != nil {
		e := s.active()
		r.mu.RUnlock()
		return e
	}
	r.mu.RUnlock()
	if real, ok := r.jsAliases()[path]; ok {
		r.mu.RLock()
		defer r.mu.RUnlock()
		if s := r.slots[real]; s != nil {
			return s.active()
		}
	}
	return nil
}

// jsAliases maps each JSPath and CamelPath that differs from its tool's
// path to the path, rebuilt when the registry changes. On a clash the path first in
// sorted order keeps the alias; a real path always wins over an alias.
func (r *Registry) jsAliases() map[string]string {
	v := r.Version()
	r.idxMu.Lock()
	if r.aliases != nil && r.aliasVersion == v {
		a := r.aliases
		r.idxMu.Unlock()
		return a
	}
	r.idxMu.Unlock()
	r.mu.RLock()
	paths := make([]string, 0, len(r.slots))
	for p := range r.slots {
		paths = append(paths, p)
	}
	r.mu.RUnlock()
	sort.Strings(paths)
	a := make(map[string]string)
	for _, p := range paths {
		for _, js := range []string{JSPath(p), CamelPath(p)} {
			if _, taken := a[js]; !taken && js != p {
				a[js] = p
			}
		}
	}
	r.idxMu.Lock()
	r.aliases, r.aliasVersion = a, v
	r.idxMu.Unlock()
	return a
}

// Get returns the visible tool at path.
func (r *Registry) Get(path string) (Tool, bool) {
	if e := r.get(path); e != nil {
		return e.tool, true
	}
	return Tool{}, false
}

// entries returns the visible entries sorted by path.
func (r *Registry) entries() []*entry {
	r.mu.RLock()
	out := make([]*entry, 0, len(r.slots))
	for _, s := range r.slots {
		if e := s.active(); e != nil {
			out = append(out, e)
		}
	}
	r.mu.RUnlock()
	sort.Slice(out, func(i, j int) bool { return out[i].tool.Path < out[j].tool.Path })
	return out
}

// List returns the visible tools sorted by path.
func (r *Registry) List() []Tool {
	es := r.entries()
	out := make([]Tool, len(es))
	for i, e := range es {
		out[i] = e.tool
	}
	return out
}

// Len is the number of visible tools.
func (r *Registry) Len() int {
	r.mu.RLock()
	defer r.mu.RUnlock()
	return len(r.slots)
}

// Version changes whenever the set of tools changes, so a shell can tell
// when to refresh its command table.
func (r *Registry) Version() uint64 {
	r.mu.RLock()
	defer r.mu.RUnlock()
	return r.version
}

// Namespaces lists the namespaces that have at least one tool, sorted.
// Each becomes a bash command; ReservedNamespace is never among them.
func (r *Registry) Namespaces() []string {
	r.mu.RLock()
	seen := map[string]bool{}
	for p, s := range r.slots {
		if s.active() == nil {
			continue
		}
		if ns, _, ok := SplitPath(p); ok {
			seen[ns] = true
		}
	}
	r.mu.RUnlock()
	out := make([]string, 0, len(seen))
	for ns := range seen {
		out = append(out, ns)
	}
	sort.Strings(out)
	return out
}

// HasNamespace reports whether ns has at least one tool.
func (r *Registry) HasNamespace(ns string) bool {
	return len(r.index(ns).subs) > 0
}

// index returns the subcommand table of ns, cached per registry version.
func (r *Registry) index(ns string) *nsIndex {
	v := r.Version()
	r.idxMu.Lock()
	if r.idxVersion != v || r.idx == nil {
		r.idx = map[string]*nsIndex{}
		r.idxVersion = v
	}
	if ix, ok := r.idx[ns]; ok {
		r.idxMu.Unlock()
		return ix
	}
	r.idxMu.Unlock()

	prefix := ns + "."
	var paths []string
	r.mu.RLock()
	for p, s := range r.slots {
		if s.active() != nil && strings.HasPrefix(p, prefix) {
			paths = append(paths, p)
		}
	}
	r.mu.RUnlock()
	ix := buildIndex(ns, paths)

	r.idxMu.Lock()
	if r.idxVersion == v {
		r.idx[ns] = ix
	}
	r.idxMu.Unlock()
	return ix
}
