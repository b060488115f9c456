package commands

import (
	"context"
	"slices"
	"testing"
)

func named(out *string, name string) Command {
	return Func(func(context.Context, *Context) int { *out = name; return 0 })
}

// A layer reads its base's commands, and what it adds, replaces or removes
// is its own: the base and the layer's clones never see it.
func TestLayeredRegistry(t *testing.T) {
	var ran string
	base := NewRegistry()
	base.Register("a", named(&ran, "base a"))
	base.Register("b", named(&ran, "base b"))
	builds := 0
	base.RegisterLazy("lazy", func() Command { builds++; return named(&ran, "lazy") })

	l := NewLayered(base)
	l.Register("b", named(&ran, "layer b"))
	l.Register("c", named(&ran, "layer c"))
	l.Remove("a")

	if got, want := l.Names(), []string{"b", "c", "lazy"}; !slices.Equal(got, want) {
		t.Errorf("layer names %v, want %v", got, want)
	}
	if got, want := base.Names(), []string{"a", "b", "lazy"}; !slices.Equal(got, want) {
		t.Errorf("base names %v, want %v (the layer wrote through)", got, want)
	}
	if l.Has("a") {
		t.Error("removed name still in the layer")
	}
	if !base.Has("a") {
		t.Error("removing from the layer removed from the base")
	}
	run := func(r *Registry, name string) string {
		t.Helper()
		ran = ""
		c, ok := r.Lookup(name)
		if !ok {
			t.Fatalf("%s not found", name)
		}
		c.Run(context.Background(), &Context{})
		return ran
	}
	if got := run(l, "b"); got != "layer b" {
		t.Errorf("layer b ran %q", got)
	}
	if got := run(base, "b"); got != "base b" {
		t.Errorf("base b ran %q", got)
	}

	// A lazy command of the base is built once for the base and its layers.
	run(l, "lazy")
	run(NewLayered(base), "lazy")
	run(base, "lazy")
	if builds != 1 {
		t.Errorf("lazy command built %d times, want 1", builds)
	}

	// Clone copies the layer's own names and keeps reading the base.
	c := l.Clone()
	c.Register("a", named(&ran, "clone a"))
	c.Remove("c")
	if got, want := c.Names(), []string{"a", "b", "lazy"}; !slices.Equal(got, want) {
		t.Errorf("clone names %v, want %v", got, want)
	}
	if got, want := l.Names(), []string{"b", "c", "lazy"}; !slices.Equal(got, want) {
		t.Errorf("layer names after clone changes %v, want %v", got, want)
	}

	// A name removed from a layer can come back; a base name added later
	// shows through.
	l.Register("a", named(&ran, "layer a"))
	if got := run(l, "a"); got != "layer a" {
		t.Errorf("re-registered a ran %q", got)
	}
	base.Register("d", named(&ran, "base d"))
	if !l.Has("d") {
		t.Error("a name registered on the base later is not seen through the layer")
	}

	// AddFrom copies a layer's whole view, honouring its removals.
	dst := NewRegistry()
	dst.Register("b", named(&ran, "dst b"))
	dst.AddFrom(c, false)
	if got, want := dst.Names(), []string{"a", "b", "d", "lazy"}; !slices.Equal(got, want) {
		t.Errorf("AddFrom names %v, want %v", got, want)
	}
	if got := run(dst, "b"); got != "dst b" {
		t.Errorf("AddFrom without replace replaced b: %q", got)
	}
}
