package commands

import (
	"sort"
	"sync"
)

// Registry maps command names to commands. It is safe for concurrent use.
type Registry struct {
	mu   sync.RWMutex
	cmds map[string]Command
}

// NewRegistry returns an empty registry.
func NewRegistry() *Registry { return &Registry{cmds: map[string]Command{}} }

// Register adds or replaces the command called name.
func (r *Registry) Register(name string, cmd Command) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.cmds[name] = cmd
}

// RegisterFunc adds or replaces a command given as a function.
func (r *Registry) RegisterFunc(name string, f func(ctx contextT, c *Context) int) {
	r.Register(name, Func(f))
}

// Remove deletes the command called name.
func (r *Registry) Remove(name string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	delete(r.cmds, name)
}

// Lookup finds the command called name.
func (r *Registry) Lookup(name string) (Command, bool) {
	r.mu.RLock()
	defer r.mu.RUnlock()
	c, ok := r.cmds[name]
	return c, ok
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

// Clone returns an independent copy of r.
func (r *Registry) Clone() *Registry {
	r.mu.RLock()
	defer r.mu.RUnlock()
	c := NewRegistry()
	for n, cmd := range r.cmds {
		c.cmds[n] = cmd
	}
	return c
}

// RegisterBuiltin adds a built-in command given as a function. It sees a
// stdin that returns when the run is cancelled (see Context.Guarded).
func (r *Registry) RegisterBuiltin(name string, f func(ctx contextT, c *Context) int) {
	r.Register(name, Func(func(ctx contextT, c *Context) int {
		return f(ctx, c.Guarded(ctx))
	}))
}

// builtins is filled by the init functions of the command files.
var builtins = NewRegistry()

// register is called from init in each command file.
func register(name string, f func(ctx contextT, c *Context) int) {
	// Every built-in sees a stdin that returns when the run is cancelled.
	builtins.Register(name, Func(func(ctx contextT, c *Context) int {
		return f(ctx, c.Guarded(ctx))
	}))
}

// Default returns a new registry holding every built-in command.
func Default() *Registry { return builtins.Clone() }
