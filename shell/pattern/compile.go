package pattern

import "unicode"

// The matcher is a Thompson automaton over symbols, run as a lazily built
// DFA: each DFA state is the set of automaton threads alive after some
// input, interned by content, with its transitions cached. Matching is then
// linear in the input, whatever the pattern, and the cache is bounded.
//
// !(…) is not regular in the usual construction, so it is a thread of its
// own kind: a negation instance carries the DFA state of its body (compiled
// as a separate program) started where the instance began. Wherever that
// body state does not accept, the instance lets the outer program continue
// past the group. Two instances with the same body state behave the same
// from then on, so they merge, and the number alive stays bounded by the
// number of distinct body states.

type opcode uint8

const (
	opSym   opcode = iota // consume a symbol equal to sym (or a case variant)
	opAny                 // consume any symbol
	opClass               // consume a symbol the class matches
	opStar                // consume any symbol and stay; epsilon to pc+1
	opAll                 // like opStar, but '/' and leading dots too
	opSplit               // epsilon to x and y
	opJmp                 // epsilon to x
	opNeg                 // start a negation instance of sub; continue at pc+1
	opMatch               // accept
)

type inst struct {
	op   opcode
	sym  int32
	fold []int32 // other case variants of sym under NoCase
	cls  *class
	x, y int
	sub  *prog
}

type prog struct {
	insts  []inst
	mode   Mode
	dfa    dfaCache
	budget *budget // shared by every program of one Pattern
}

func compileProg(seq []node, mode Mode, b *budget) *prog {
	p := &prog{mode: mode, budget: b}
	p.emitSeq(seq)
	p.emit(inst{op: opMatch})
	return p
}

func (p *prog) emit(in inst) int {
	p.insts = append(p.insts, in)
	return len(p.insts) - 1
}

func (p *prog) emitSeq(seq []node) {
	for _, n := range seq {
		p.emitNode(n)
	}
}

func (p *prog) emitNode(n node) {
	switch n.kind {
	case nLit:
		in := inst{op: opSym, sym: n.sym}
		if p.mode&NoCase != 0 && n.sym >= 0 {
			for f := unicode.SimpleFold(n.sym); f != n.sym; f = unicode.SimpleFold(f) {
				in.fold = append(in.fold, f)
			}
		}
		p.emit(in)
	case nAny:
		p.emit(inst{op: opAny})
	case nStar:
		p.emit(inst{op: opStar})
	case nAnyStar:
		p.emit(inst{op: opAll})
	case nClass:
		p.emit(inst{op: opClass, cls: n.cls})
	case nGroup:
		p.emitGroup(n)
	}
}

// emitAlts emits a choice among alts; every alternative jumps to the end.
func (p *prog) emitAlts(alts [][]node) {
	var jumps []int
	for i, a := range alts {
		split := -1
		if i < len(alts)-1 {
			split = p.emit(inst{op: opSplit})
			p.insts[split].x = split + 1
		}
		p.emitSeq(a)
		jumps = append(jumps, p.emit(inst{op: opJmp}))
		if split >= 0 {
			p.insts[split].y = len(p.insts)
		}
	}
	for _, j := range jumps {
		p.insts[j].x = len(p.insts)
	}
}

func (p *prog) emitGroup(n node) {
	switch n.op {
	case '@':
		p.emitAlts(n.alts)
	case '?':
		split := p.emit(inst{op: opSplit, x: len(p.insts) + 1})
		p.emitAlts(n.alts)
		p.insts[split].y = len(p.insts)
	case '*':
		// L: split body, end; body; jmp L. An empty iteration loops back
		// to L at the same position, which the closure's visited set stops.
		split := p.emit(inst{op: opSplit, x: len(p.insts) + 1})
		p.emitAlts(n.alts)
		p.emit(inst{op: opJmp, x: split})
		p.insts[split].y = len(p.insts)
	case '+':
		start := len(p.insts)
		p.emitAlts(n.alts)
		p.emit(inst{op: opSplit, x: start, y: len(p.insts) + 1})
	case '!':
		sub := compileProg([]node{{kind: nGroup, op: '@', alts: n.alts}}, p.mode, p.budget)
		p.emit(inst{op: opNeg, sub: sub})
	}
}
