package eval

import (
	"slices"
	"sort"
	"strconv"
	"strings"
)

// Attribute bits of a variable, as declare sets them.
const (
	attrExport uint16 = 1 << iota
	attrReadonly
	attrInteger
	attrLower
	attrUpper
	attrCapital // declare -c: not in bash's help, kept for typeset parity
	attrNameref
	attrIndexed
	attrAssoc
	attrTrace
)

// Var is one shell variable. A variable may exist without a value
// (declare x): set is false then. Exactly one of str, arr and assoc holds
// the value, chosen by the attrIndexed and attrAssoc bits.
type Var struct {
	str   string
	arr   *indexedArray
	assoc *assocArray
	attrs uint16
	set   bool
	// local marks a variable created by local/declare inside a function.
	local bool
}

func (v *Var) has(a uint16) bool { return v != nil && v.attrs&a != 0 }

func (v *Var) isArray() bool { return v.attrs&(attrIndexed|attrAssoc) != 0 }

// clone copies v deeply, so a subshell's changes never reach its parent.
func (v *Var) clone() *Var {
	c := *v
	if v.arr != nil {
		c.arr = v.arr.clone()
	}
	if v.assoc != nil {
		c.assoc = v.assoc.clone()
	}
	return &c
}

// scalar is the value of v as $v sees it: element 0 of an array.
func (v *Var) scalar() (string, bool) {
	switch {
	case v == nil || !v.set:
		return "", false
	case v.attrs&attrAssoc != 0:
		return v.assoc.get("0")
	case v.attrs&attrIndexed != 0:
		return v.arr.get(0)
	}
	return v.str, true
}

// values lists the values of v in order (the array's elements, or the
// scalar as a one-element list).
func (v *Var) values() []string {
	switch {
	case v == nil || !v.set:
		return nil
	case v.attrs&attrAssoc != 0:
		return v.assoc.values()
	case v.attrs&attrIndexed != 0:
		return v.arr.values()
	}
	return []string{v.str}
}

// keys lists the subscripts of v in order.
func (v *Var) keys() []string {
	switch {
	case v == nil || !v.set:
		return nil
	case v.attrs&attrAssoc != 0:
		return v.assoc.keys()
	case v.attrs&attrIndexed != 0:
		ks := make([]string, len(v.arr.elems))
		for i, e := range v.arr.elems {
			ks[i] = strconv.FormatInt(e.idx, 10)
		}
		return ks
	}
	return []string{"0"}
}

// count is the number of elements (${#a[@]}).
func (v *Var) count() int {
	switch {
	case v == nil || !v.set:
		return 0
	case v.attrs&attrAssoc != 0:
		return v.assoc.len()
	case v.attrs&attrIndexed != 0:
		return len(v.arr.elems)
	}
	return 1
}

// indexedArray is a sparse bash array: elements sorted by index.
type indexedArray struct {
	elems []arrElem
}

type arrElem struct {
	idx int64
	val string
}

func (a *indexedArray) clone() *indexedArray {
	return &indexedArray{elems: slices.Clone(a.elems)}
}

func (a *indexedArray) find(i int64) (int, bool) {
	n := len(a.elems)
	if n > 0 && a.elems[n-1].idx < i {
		return n, false
	}
	j := sort.Search(n, func(k int) bool { return a.elems[k].idx >= i })
	return j, j < n && a.elems[j].idx == i
}

func (a *indexedArray) get(i int64) (string, bool) {
	if a == nil {
		return "", false
	}
	j, ok := a.find(i)
	if !ok {
		return "", false
	}
	return a.elems[j].val, true
}

func (a *indexedArray) set(i int64, val string) {
	j, ok := a.find(i)
	if ok {
		a.elems[j].val = val
		return
	}
	a.elems = slices.Insert(a.elems, j, arrElem{i, val})
}

func (a *indexedArray) unset(i int64) {
	if j, ok := a.find(i); ok {
		a.elems = slices.Delete(a.elems, j, j+1)
	}
}

// maxIndex is the largest index in use, or -1.
func (a *indexedArray) maxIndex() int64 {
	if a == nil || len(a.elems) == 0 {
		return -1
	}
	return a.elems[len(a.elems)-1].idx
}

func (a *indexedArray) values() []string {
	out := make([]string, len(a.elems))
	for i, e := range a.elems {
		out[i] = e.val
	}
	return out
}

// scope is one level of bash's dynamic scoping: the global scope, a
// function's locals, or the temporary assignments of a command.
type scope struct {
	vars map[string]*Var
	// temp marks the prefix assignments of a command (x=1 f): they are
	// visible to what the command runs, and gone after it.
	temp bool
}

// varStore is the stack of scopes; index 0 is global.
type varStore struct {
	scopes []*scope
}

// newVarStore makes the global scope, sized for the environment and the
// variables bash sets at start-up (growing a map costs more than sizing it).
func newVarStore(n int) *varStore {
	return &varStore{scopes: []*scope{{vars: make(map[string]*Var, n+24)}}}
}

// clone copies every scope deeply for a subshell.
func (s *varStore) clone() *varStore {
	c := &varStore{scopes: make([]*scope, len(s.scopes))}
	for i, sc := range s.scopes {
		m := make(map[string]*Var, len(sc.vars))
		for k, v := range sc.vars {
			m[k] = v.clone()
		}
		c.scopes[i] = &scope{vars: m, temp: sc.temp}
	}
	return c
}

// lookup finds the innermost variable named name.
func (s *varStore) lookup(name string) (*Var, *scope) {
	for i := len(s.scopes) - 1; i >= 0; i-- {
		if v, ok := s.scopes[i].vars[name]; ok {
			return v, s.scopes[i]
		}
	}
	return nil, nil
}

func (s *varStore) global() *scope { return s.scopes[0] }
func (s *varStore) top() *scope    { return s.scopes[len(s.scopes)-1] }

// funcScope is the innermost scope that is not a temporary one: where
// local puts its variables.
func (s *varStore) funcScope() *scope {
	for i := len(s.scopes) - 1; i > 0; i-- {
		if !s.scopes[i].temp {
			return s.scopes[i]
		}
	}
	return s.scopes[0]
}

// callTempVar finds name in the temporary scopes just outside the
// innermost function's scope: the prefix assignments of its call.
func (s *varStore) callTempVar(name string) *Var {
	i := len(s.scopes) - 1
	for i > 0 && s.scopes[i].temp {
		i--
	}
	for i--; i > 0 && s.scopes[i].temp; i-- {
		if v, ok := s.scopes[i].vars[name]; ok {
			return v
		}
	}
	return nil
}

func (s *varStore) push(temp bool) *scope {
	sc := &scope{vars: map[string]*Var{}, temp: temp}
	s.scopes = append(s.scopes, sc)
	return sc
}

func (s *varStore) pop() { s.scopes = s.scopes[:len(s.scopes)-1] }

// names lists every visible variable name, sorted.
func (s *varStore) names() []string {
	seen := map[string]bool{}
	var out []string
	for i := len(s.scopes) - 1; i >= 0; i-- {
		for k := range s.scopes[i].vars {
			if !seen[k] {
				seen[k] = true
				out = append(out, k)
			}
		}
	}
	sort.Strings(out)
	return out
}

// visible returns the innermost variable for each name.
func (s *varStore) visible(name string) *Var {
	v, _ := s.lookup(name)
	return v
}

// applyCase applies the -l/-u/-c attributes to a value being assigned.
func applyCase(attrs uint16, val string) string {
	switch {
	case attrs&attrLower != 0:
		return strings.ToLower(val)
	case attrs&attrUpper != 0:
		return strings.ToUpper(val)
	case attrs&attrCapital != 0:
		if val == "" {
			return val
		}
		r := []rune(strings.ToLower(val))
		r[0] = []rune(strings.ToUpper(string(r[0])))[0]
		return string(r)
	}
	return val
}
