package commands

import (
	"context"
	"sort"
	"sync"
)

// Registry maps command names to commands. It is safe for concurrent use.
// Entries may be lazy: a command registered with RegisterLazy is built the
// first time it is looked up, so a registry costs nothing for the commands
// a run never uses (sqlite, js-exec).
//
// A registry made by NewLayered reads through to a base registry it never
// writes: a sandbox starts from the process-wide command table without
// copying its few hundred names, and only what it adds, replaces or
// removes is its own.
type Registry struct {
	mu   sync.RWMutex
	base *Registry
	// cmds holds the registry's own names; with a base, a nil entry hides
	// the base's command of that name (Remove).
	cmds map[string]*entry
}

// entry is one registered name. Clones share entries, so a lazy command is
// built at most once however many shells use it.
type entry struct {
	once  sync.Once
	build func() Command
	cmd   Command
}

func (e *entry) get() Command {
	e.once.Do(func() {
		if e.build != nil {
			e.cmd = e.build()
			e.build = nil
		}
	})
	return e.cmd
}

// NewRegistry returns an empty registry.
func NewRegistry() *Registry { return &Registry{cmds: map[string]*entry{}} }

// NewLayered returns a registry that starts with base's commands and reads
// them from base instead of copying them. Registering, replacing and
// removing names on it leave base untouched; names registered on base
// later show through unless the layer has its own entry for them. Lazy
// commands of base are built once for all its layers.
func NewLayered(base *Registry) *Registry {
	return &Registry{base: base, cmds: map[string]*entry{}}
}

// Register adds or replaces the command called name.
func (r *Registry) Register(name string, cmd Command) {
	r.put(name, &entry{cmd: cmd})
}

// RegisterLazy adds or replaces the command called name; build runs once,
// when the command is first looked up.
func (r *Registry) RegisterLazy(name string, build func() Command) {
	r.put(name, &entry{build: build})
}

// RegisterFunc adds or replaces a command given as a function.
func (r *Registry) RegisterFunc(name string, f func(ctx context.Context, c *Context) int) {
	r.Register(name, Func(f))
}

// RegisterBuiltin adds a built-in command given as a function. It sees a
// stdin that returns when the run is cancelled (see Context.Guarded).
func (r *Registry) RegisterBuiltin(name string, f func(ctx context.Context, c *Context) int) {
	r.Register(name, Func(func(ctx context.Context, c *Context) int {
		return f(ctx, c.Guarded(ctx))
	}))
}

func (r *Registry) put(name string, e *entry) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.cmds[name] = e
}

// Has reports whether name is registered, without building a lazy command.
func (r *Registry) Has(name string) bool {
	return r.find(name) != nil
}

// find returns the entry of name, looking through to the base, or nil.
func (r *Registry) find(name string) *entry {
	r.mu.RLock()
	e, ok := r.cmds[name]
	r.mu.RUnlock()
	if ok {
		return e // nil when the layer hides the base's name
	}
	if r.base != nil {
		return r.base.find(name)
	}
	return nil
}

// Remove deletes the command called name.
func (r *Registry) Remove(name string) {
	hide := r.base != nil && r.base.find(name) != nil
	r.mu.Lock()
	defer r.mu.Unlock()
	if hide {
		r.cmds[name] = nil
		return
	}
	delete(r.cmds, name)
}

// Lookup finds the command called name, building it if it is lazy.
func (r *Registry) Lookup(name string) (Command, bool) {
	e := r.find(name)
	if e == nil {
		return nil, false
	}
	return e.get(), true
}

// all returns every name the registry answers for with its entry.
func (r *Registry) all() map[string]*entry {
	var out map[string]*entry
	if r.base != nil {
		out = r.base.all()
	} else {
		out = map[string]*entry{}
	}
	r.mu.RLock()
	defer r.mu.RUnlock()
	for n, e := range r.cmds {
		if e == nil {
			delete(out, n)
		} else {
			out[n] = e
		}
	}
	return out
}

// Names lists the registered names, sorted.
func (r *Registry) Names() []string {
	if r.base == nil {
		r.mu.RLock()
		defer r.mu.RUnlock()
		names := make([]string, 0, len(r.cmds))
		for n := range r.cmds {
			names = append(names, n)
		}
		sort.Strings(names)
		return names
	}
	m := r.all()
	names := make([]string, 0, len(m))
	for n := range m {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// AddFrom adds the commands of src to r; a name r already has is replaced
// only when replace is set. Lazy commands stay lazy.
func (r *Registry) AddFrom(src *Registry, replace bool) {
	if r == src {
		return
	}
	for n, e := range src.all() {
		if !replace && r.Has(n) {
			continue
		}
		r.put(n, e)
	}
}

// Clone returns an independent copy of r: names added to or removed from
// one do not show in the other. A layer's copy shares its base and copies
// only the layer's own names.
func (r *Registry) Clone() *Registry {
	r.mu.RLock()
	defer r.mu.RUnlock()
	c := &Registry{base: r.base, cmds: make(map[string]*entry, len(r.cmds))}
	for n, e := range r.cmds {
		c.cmds[n] = e
	}
	return c
}
