package arith

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
)

// testEnv is a small model of the shell's variables: scalars and indexed
// arrays, with subscripts evaluated as arithmetic, as bash does for
// indexed arrays.
type testEnv struct {
	vars  map[string]string
	arrs  map[string]map[int64]string
	depth Depth
	sets  int // number of Set calls, to check that nothing is written
}

// newTestEnv builds an env from "x=5;a[1]=2" (values may not hold ';').
func newTestEnv(setup string) *testEnv {
	e := &testEnv{vars: map[string]string{}, arrs: map[string]map[int64]string{}}
	if setup == "" {
		return e
	}
	for _, kv := range strings.Split(setup, ";") {
		k, v, _ := strings.Cut(kv, "=")
		if name, sub, ok := strings.Cut(k, "["); ok {
			i, _ := strconv.ParseInt(strings.TrimSuffix(sub, "]"), 10, 64)
			if e.arrs[name] == nil {
				e.arrs[name] = map[int64]string{}
			}
			e.arrs[name][i] = v
			continue
		}
		e.vars[k] = v
	}
	return e
}

func (e *testEnv) ArithDepth() *Depth { return &e.depth }

// index evaluates a subscript; a negative one counts back from the end of
// the array name, as in bash.
func (e *testEnv) index(name, sub string) (int64, error) {
	i, err := Eval(sub, e)
	if err != nil || i >= 0 {
		return i, err
	}
	top := int64(-1)
	if _, ok := e.vars[name]; ok {
		top = 0
	}
	for k := range e.arrs[name] {
		top = max(top, k)
	}
	if i += top + 1; i < 0 {
		return 0, fmt.Errorf("%s[%s]: bad array subscript", name, sub)
	}
	return i, nil
}

func (e *testEnv) Index(name, sub string) (string, error) {
	i, err := e.index(name, sub)
	return strconv.FormatInt(i, 10), err
}

func (e *testEnv) Get(name string, sub *string) (string, bool, error) {
	if sub == nil {
		if a, ok := e.arrs[name]; ok {
			v, ok := a[0]
			return v, ok, nil
		}
		v, ok := e.vars[name]
		return v, ok, nil
	}
	i, err := e.index(name, *sub)
	if err != nil {
		return "", false, err
	}
	if a, ok := e.arrs[name]; ok {
		v, ok := a[i]
		return v, ok, nil
	}
	if v, ok := e.vars[name]; ok && i == 0 {
		return v, true, nil
	}
	return "", false, nil
}

func (e *testEnv) Set(name string, sub *string, val int64) error {
	e.sets++
	s := strconv.FormatInt(val, 10)
	if sub == nil {
		if a, ok := e.arrs[name]; ok {
			a[0] = s
			return nil
		}
		e.vars[name] = s
		return nil
	}
	i, err := e.index(name, *sub)
	if err != nil {
		return err
	}
	a, ok := e.arrs[name]
	if !ok {
		a = map[int64]string{}
		if v, ok := e.vars[name]; ok {
			a[0] = v
			delete(e.vars, name)
		}
		e.arrs[name] = a
	}
	a[i] = s
	return nil
}

// dump lists the variables as the recording script prints them from bash.
func (e *testEnv) dump() string {
	var names []string
	for n := range e.vars {
		names = append(names, n)
	}
	for n := range e.arrs {
		names = append(names, n)
	}
	sort.Strings(names)
	var out []string
	for _, n := range names {
		if len(n) > 2 || len(n) == 2 && !isDigit(n[1]) {
			continue // the bash script lists only these names
		}
		if a, ok := e.arrs[n]; ok {
			var idx []int64
			for i := range a {
				idx = append(idx, i)
			}
			sort.Slice(idx, func(i, j int) bool { return idx[i] < idx[j] })
			for _, i := range idx {
				out = append(out, fmt.Sprintf("%s[%d]=%s", n, i, a[i]))
			}
			continue
		}
		out = append(out, n+"="+e.vars[n])
	}
	return strings.Join(out, ";")
}

// run evaluates expr in an env built from setup and renders the outcome as
// the recording script does: "=VALUE|DUMP" or "!ERROR|DUMP".
func run(setup, expr string) string {
	env := newTestEnv(setup)
	v, err := Eval(expr, env)
	if err != nil {
		return "!" + err.Error() + "|" + env.dump()
	}
	return "=" + strconv.FormatInt(v, 10) + "|" + env.dump()
}

// bashDump defines __dump, which prints its argument, '|' and the variables
// named by one lowercase letter and an optional digit, as testEnv.dump does.
const bashDump = `
__dump() {
	local __n __i __o=
	for __n in ${!a*} ${!b*} ${!c*} ${!d*} ${!e*} ${!f*} ${!g*} ${!h*} ${!i*} ${!j*} ${!k*} ${!l*} ${!m*} \
		${!n*} ${!o*} ${!p*} ${!q*} ${!r*} ${!s*} ${!t*} ${!u*} ${!v*} ${!w*} ${!x*} ${!y*} ${!z*}; do
		case $__n in [a-z]|[a-z][0-9]) ;; *) continue ;; esac
		if [[ ${!__n@a} == *a* ]]; then
			eval '__is=("${!'$__n'[@]}")'
			for __i in "${__is[@]}"; do
				eval '__o+="${__o:+;}$__n[$__i]=${'$__n'[$__i]}"'
			done
		else
			__o+="${__o:+;}$__n=${!__n}"
		fi
	done
	printf '%b|%s' "$1" "$__o"
}
`
