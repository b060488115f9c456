package jsexec

import (
	"math"
	"strings"

	"github.com/dop251/goja"
)

// Size checks for the built-ins whose native loops run over a length the
// script picks: `[].concat(new Array(2**30))` used to run for minutes past
// the timeout, since goja visits every index, holes included, in Go
// without looking at the interrupt flag. An array longer than
// MaxMemoryBytes/arrayElemBytes cannot be dense within the memory limit,
// so refusing it only refuses huge sparse arrays, which no script needs
// to walk element by element.

// pieceBytes is the estimated cost of one string in an array (the
// element plus the string's header).
const pieceBytes = 32

// checkElementLoop bounds Array.prototype methods by the number of
// indexes they visit.
func (r *rt) checkElementLoop(kind string, this, a0, a1 goja.Value, limit int64) bool {
	n := lengthOf(r.vm, this)
	switch kind {
	case "Array.prototype.slice":
		n = fillCount(n, a0, a1)
	case "Array.prototype.splice":
		// The elements from start on are moved.
		n = fillCount(n, a0, goja.Undefined())
	}
	if b := n * arrayElemBytes; b > float64(limit) {
		return r.refuse(kind, b, limit)
	}
	return true
}

// checkConcat sizes the result of concat: this and every argument that
// is spread (an array, or an object with Symbol.isConcatSpreadable).
func (r *rt) checkConcatArgs(this goja.Value, args []goja.Value, limit int64) bool {
	spread := func(v goja.Value) float64 {
		o, ok := v.(*goja.Object)
		if !ok {
			return 1
		}
		if s := o.GetSymbol(goja.SymIsConcatSpreadable); s != nil && !goja.IsUndefined(s) {
			if s.ToBoolean() {
				return lengthOf(r.vm, o)
			}
			return 1
		}
		if o.ClassName() == "Array" {
			return lengthOf(r.vm, o)
		}
		return 1
	}
	total := spread(this)
	for _, a := range args {
		total += spread(a)
	}
	if b := total * arrayElemBytes; b > float64(limit) {
		return r.refuse("Array.prototype.concat", b, limit)
	}
	return true
}

// primitiveString is v as a Go string when it is a string primitive:
// objects are left alone (converting them here would call their
// toString twice).
func primitiveString(v goja.Value) (string, bool) {
	if _, isObj := v.(*goja.Object); isObj || v == nil || goja.IsUndefined(v) || goja.IsNull(v) {
		return "", false
	}
	if _, isStr := v.ToString().(goja.String); !isStr {
		return "", false
	}
	return v.String(), true
}

// checkSplit sizes the array split makes with a string separator (a
// regex separator matches piece by piece through the guarded engine).
func (r *rt) checkSplit(this, sep, lim goja.Value, limit int64) bool {
	n := float64(stringLen(this))
	if (n+1)*pieceBytes <= float64(limit) || goja.IsUndefined(sep) {
		return true // even one piece per character fits
	}
	s, ok := primitiveString(this)
	sepStr, sepOK := primitiveString(sep)
	if !ok || !sepOK {
		return true
	}
	pieces := n
	if sepStr != "" {
		pieces = float64(strings.Count(s, sepStr) + 1)
	}
	if !goja.IsUndefined(lim) && lim != nil {
		pieces = min(pieces, float64(uint32(int64(math.Mod(math.Trunc(lim.ToFloat()), 1<<32)))))
	}
	if b := pieces * pieceBytes; b > float64(limit) {
		return r.refuse("String.prototype.split", b, limit)
	}
	return true
}

// checkReplace sizes the result of replace/replaceAll with a string
// pattern and a string replacement: "$`" and "$'" copy up to the whole
// input per match, so a short call can ask for n² bytes.
func (r *rt) checkReplace(kind string, this, pat, repl goja.Value, limit int64) bool {
	n := float64(stringLen(this))
	patStr, ok := primitiveString(pat)
	if !ok {
		return true
	}
	replStr, ok := primitiveString(repl)
	if !ok {
		return true
	}
	per := 0.0 // bytes one match can produce
	for i := 0; i < len(replStr); i++ {
		if replStr[i] == '$' && i+1 < len(replStr) {
			switch replStr[i+1] {
			case '&':
				per += float64(len(patStr))
				i++
				continue
			case '`', '\'':
				per += n
				i++
				continue
			}
		}
		per++
	}
	matches := 1.0
	if kind == "replaceAll" {
		matches = n + 1
	}
	if n+matches*per <= float64(limit) {
		return true
	}
	if kind == "replaceAll" {
		s, ok := primitiveString(this)
		if !ok {
			return true
		}
		if patStr != "" {
			matches = float64(strings.Count(s, patStr))
		}
	}
	if b := n + matches*per; b > float64(limit) {
		return r.refuse("String.prototype."+kind, b, limit)
	}
	return true
}
