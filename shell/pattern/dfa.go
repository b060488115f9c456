package pattern

import (
	"encoding/binary"
	"slices"
	"sync/atomic"
)

// Cache bounds, for all the programs of one Pattern together: past either,
// every program drops its interned states and starts afresh (states already
// handed out stay valid), so a hostile pattern costs time linear in the
// input but never unbounded memory.
const (
	maxCachedStates = 4096
	maxCachedWeight = 1 << 18 // threads summed over cached states
)

var stateIDs atomic.Uint64

type negInst struct {
	pc    int
	inner *dstate // state of the instance's body program
}

type dstate struct {
	id     uint64
	pcs    []int32 // consuming instructions, sorted
	negs   []negInst
	accept bool
	ascii  *[128]*dstate
	other  map[int32]*dstate
}

func (d *dstate) dead() bool { return !d.accept && len(d.pcs) == 0 && len(d.negs) == 0 }

// budget counts the cached states of a Pattern's programs; raising gen
// tells each program to drop its cache.
type budget struct {
	states, weight int
	gen            uint64
}

type dfaCache struct {
	states  map[string]*dstate
	gen     uint64
	start   *dstate
	visited []uint32
	stamp   uint32
	stack   []int
	key     []byte
}

func (p *prog) startState() *dstate {
	if p.dfa.start == nil {
		p.dfa.start = p.closure([]int{0}, nil)
	}
	return p.dfa.start
}

// wild reports whether wildcards (?, *, brackets, negations) may consume sym.
func (p *prog) wild(sym int32) bool {
	return sym != symLeadDot && (sym != '/' || p.mode&Pathname == 0)
}

func symEq(in *inst, sym int32) bool {
	if sym == in.sym || (sym == symLeadDot && in.sym == '.') {
		return true
	}
	for _, f := range in.fold {
		if f == sym {
			return true
		}
	}
	return false
}

// step returns the state after d consumes sym, from the cache when it can.
func (p *prog) step(d *dstate, sym int32) *dstate {
	if sym >= 0 && sym < 128 {
		if d.ascii != nil && d.ascii[sym] != nil {
			return d.ascii[sym]
		}
	} else if nd, ok := d.other[sym]; ok {
		return nd
	}
	var seeds []int
	wild := p.wild(sym)
	for _, pc := range d.pcs {
		in := &p.insts[pc]
		switch in.op {
		case opSym:
			if symEq(in, sym) {
				seeds = append(seeds, int(pc)+1)
			}
		case opAny:
			if wild {
				seeds = append(seeds, int(pc)+1)
			}
		case opClass:
			if wild && in.cls.match(sym, p.mode&NoCase != 0) {
				seeds = append(seeds, int(pc)+1)
			}
		case opStar:
			if wild {
				seeds = append(seeds, int(pc))
			}
		case opAll:
			seeds = append(seeds, int(pc))
		}
	}
	var carried []negInst
	if wild {
		for _, n := range d.negs {
			sub := p.insts[n.pc].sub
			carried = append(carried, negInst{n.pc, sub.step(n.inner, sym)})
		}
	}
	nd := p.closure(seeds, carried)
	if sym >= 0 && sym < 128 {
		if d.ascii == nil {
			d.ascii = new([128]*dstate)
		}
		d.ascii[sym] = nd
	} else {
		if d.other == nil {
			d.other = make(map[int32]*dstate)
		}
		d.other[sym] = nd
	}
	return nd
}

// closure follows every epsilon edge from seeds and the carried negation
// instances and returns the interned state holding what it reached.
func (p *prog) closure(seeds []int, carried []negInst) *dstate {
	c := &p.dfa
	if len(c.visited) < len(p.insts) {
		c.visited = make([]uint32, len(p.insts))
	}
	c.stamp++
	if c.stamp == 0 {
		clear(c.visited)
		c.stamp = 1
	}
	d := &dstate{}
	stack := append(c.stack[:0], seeds...)
	addNeg := func(pc int, inner *dstate) {
		d.negs = append(d.negs, negInst{pc, inner})
		if !inner.accept {
			stack = append(stack, pc+1)
		}
	}
	for _, n := range carried {
		addNeg(n.pc, n.inner)
	}
	for len(stack) > 0 {
		pc := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if c.visited[pc] == c.stamp {
			continue
		}
		c.visited[pc] = c.stamp
		in := &p.insts[pc]
		switch in.op {
		case opSplit:
			stack = append(stack, in.y, in.x)
		case opJmp:
			stack = append(stack, in.x)
		case opStar, opAll:
			d.pcs = append(d.pcs, int32(pc))
			stack = append(stack, pc+1)
		case opNeg:
			addNeg(pc, in.sub.startState())
		case opMatch:
			d.accept = true
		default:
			d.pcs = append(d.pcs, int32(pc))
		}
	}
	c.stack = stack
	return p.intern(d)
}

func (p *prog) intern(d *dstate) *dstate {
	c := &p.dfa
	slices.Sort(d.pcs)
	slices.SortFunc(d.negs, func(a, b negInst) int {
		if a.pc != b.pc {
			return a.pc - b.pc
		}
		return int(a.inner.id) - int(b.inner.id)
	})
	d.negs = slices.CompactFunc(d.negs, func(a, b negInst) bool { return a.pc == b.pc && a.inner == b.inner })
	key := c.key[:0]
	if d.accept {
		key = append(key, 1)
	} else {
		key = append(key, 0)
	}
	key = binary.AppendUvarint(key, uint64(len(d.pcs)))
	for _, pc := range d.pcs {
		key = binary.AppendUvarint(key, uint64(pc))
	}
	for _, n := range d.negs {
		key = binary.AppendUvarint(key, uint64(n.pc))
		key = binary.AppendUvarint(key, n.inner.id)
	}
	c.key = key
	if old, ok := c.states[string(key)]; ok {
		return old
	}
	w := len(d.pcs) + len(d.negs) + 1
	b := p.budget
	if b.states >= maxCachedStates || b.weight+w > maxCachedWeight {
		b.gen++
		b.states, b.weight = 0, 0
	}
	if c.states == nil || c.gen != b.gen {
		c.states = make(map[string]*dstate)
		c.gen = b.gen
		c.start = nil
	}
	d.id = stateIDs.Add(1)
	c.states[string(key)] = d
	b.states++
	b.weight += w
	return d
}
