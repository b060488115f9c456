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
type Registry struct {
	mu   sync.RWMutex
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
	r.mu.RLock()
	defer r.mu.RUnlock()
	_, ok := r.cmds[name]
	return ok
}

// Remove deletes the command called name.
func (r *Registry) Remove(name string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	delete(r.cmds, name)
}

// Lookup finds the command called name, building it if it is lazy.
func (r *Registry) Lookup(name string) (Command, bool) {
	r.mu.RLock()
	e, ok := r.cmds[name]
	r.mu.RUnlock()
	if !ok {
		return nil, false
	}
	return e.get(), true
}

// Names lists the registered names, sorted.
func (r *Registry) Names() []string {
	r.mu.RLock()
	defer r.mu.RUnlock()
	names := make([]string, 0, len(r.cmds))
	for n := range r.cmds {
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
	src.mu.RLock()
	defer src.mu.RUnlock()
	r.mu.Lock()
	defer r.mu.Unlock()
	for n, e := range src.cmds {
		if _, ok := r.cmds[n]; ok && !replace {
			continue
		}
		r.cmds[n] = e
	}
}

// Clone returns an independent copy of r: names added to or removed from
// one do not show in the other.
func (r *Registry) Clone() *Registry {
	r.mu.RLock()
	defer r.mu.RUnlock()
	c := &Registry{cmds: make(map[string]*entry, len(r.cmds))}
	for n, e := range r.cmds {
		c.cmds[n] = e
	}
	return c
}
