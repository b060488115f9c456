package jsexec

import (
	"bytes"
	"math"
	"reflect"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/dop251/goja"

	"github.com/justbash/justbash/internal/jsonquote"
)

// JSON.stringify, written here instead of goja's. goja's recurses on the
// Go stack once per nesting level with no bound (a 1,000,000-deep array,
// built in a loop, killed the host) and checks for cycles by scanning the
// whole stack at every level (quadratic: 200,000 levels ran for minutes
// past the timeout, in Go, where the interrupt is never seen). This one
// follows the specification's SerializeJSONProperty step by step (toJSON,
// replacer function or list, wrapper objects, gap), keeps the open objects
// in a set, stops at MaxJSONDepth levels with the "max nesting depth"
// limit, bounds the text by MaxStringBytes, and looks at the run's context
// while it walks big arrays and objects.

// jsonState is one stringify call.
type jsonState struct {
	r        *rt
	replacer goja.Callable
	// bigintStrings is the host's own replacer (rt.toJSON's), done
	// inline: a BigInt becomes its decimal string. It was a call into the
	// VM for every property the host serialised (a tool call's
	// arguments, a run's result).
	bigintStrings bool
	propList      []string // nil: every enumerable own key
	gap           string
	indent        string
	open          map[*goja.Object]struct{}
	depth         int
	b             bytes.Buffer
	steps         int
}

// errJSONStop unwinds a stringify whose run has ended (a limit tripped or
// the context was cancelled); the interrupt then stops the VM.
type errJSONStop struct{}

// jsonStringify is the native JSON.stringify.
func (r *rt) jsonStringify(call goja.FunctionCall) (ret goja.Value) {
	st := &jsonState{r: r, open: map[*goja.Object]struct{}{}}
	st.setReplacer(call.Argument(1))
	st.gap = jsonGap(call.Argument(2))
	defer func() {
		if p := recover(); p != nil {
			if _, ok := p.(errJSONStop); !ok {
				panic(p)
			}
			ret = goja.Undefined()
		}
	}()
	wrapper := r.vm.NewObject()
	_ = wrapper.Set("", call.Argument(0))
	if !st.property("", wrapper, call.Argument(0)) {
		return goja.Undefined()
	}
	return r.vm.ToValue(st.b.String())
}

func (st *jsonState) setReplacer(v goja.Value) {
	if o, ok := v.(*goja.Object); ok && o == st.r.in.bigintReplacer {
		st.bigintStrings = true // no script can hold this one
		return
	}
	if f, ok := goja.AssertFunction(v); ok {
		st.replacer = f
		return
	}
	o, ok := v.(*goja.Object)
	if !ok || !st.r.isArray(o) {
		return
	}
	seen := map[string]bool{}
	st.propList = []string{}
	n := int(lengthOf(st.r.vm, o))
	for i := 0; i < n; i++ {
		st.tick()
		item := o.Get(strconv.Itoa(i))
		var key string
		switch {
		case goja.IsString(item) || goja.IsNumber(item):
			key = item.String()
		case isWrapper(item, "String", "Number"):
			key = item.String()
		default:
			continue
		}
		if !seen[key] {
			seen[key] = true
			st.propList = append(st.propList, key)
		}
	}
}

// jsonGap is the indentation unit the space argument asks for.
func jsonGap(v goja.Value) string {
	if o, ok := v.(*goja.Object); ok {
		switch o.ClassName() {
		case "Number":
			return spaces(o.ToFloat())
		case "String":
			return first10(o.ToString())
		}
		return ""
	}
	switch {
	case goja.IsNumber(v):
		return spaces(v.ToFloat())
	case goja.IsString(v):
		return first10(v)
	}
	return ""
}

func spaces(f float64) string {
	n := min(10, math.Trunc(f))
	if n < 1 || math.IsNaN(n) {
		return ""
	}
	return strings.Repeat(" ", int(n))
}

func first10(v goja.Value) string {
	s, ok := v.ToString().(goja.String)
	if !ok {
		return ""
	}
	if s.Length() > 10 {
		return s.Substring(0, 10).String()
	}
	return s.String()
}

func isWrapper(v goja.Value, classes ...string) bool {
	o, ok := v.(*goja.Object)
	if !ok {
		return false
	}
	c := o.ClassName()
	for _, want := range classes {
		if c == want {
			return true
		}
	}
	return false
}

// tick looks at the run every so often: a big walk must not outlive it.
func (st *jsonState) tick() {
	st.steps++
	if st.steps&1023 == 0 && st.r.ctx.Err() != nil {
		panic(errJSONStop{})
	}
}

// property serialises holder[key] (value is already read); false means
// undefined (nothing written).
func (st *jsonState) property(key string, holder *goja.Object, value goja.Value) bool {
	st.tick()
	r := st.r
	if value == nil {
		value = goja.Undefined() // a hole
	}
	if o, isObj := value.(*goja.Object); isObj || goja.IsBigInt(value) {
		if !isObj {
			o = value.ToObject(r.vm)
		}
		if f, ok := goja.AssertFunction(o.Get("toJSON")); ok {
			value = st.call(f, value, r.vm.ToValue(key))
		}
	}
	if st.replacer != nil {
		value = st.call(st.replacer, holder, r.vm.ToValue(key), value)
	} else if st.bigintStrings && value.ExportType() == bigIntType {
		value = r.vm.ToValue(value.String())
	}
	if o, ok := value.(*goja.Object); ok {
		switch o.ClassName() {
		case "Number":
			value = r.vm.ToValue(o.ToFloat())
		case "String":
			value = r.vm.ToValue(o.ToString())
		case "Boolean":
			if b, isBool := o.Export().(bool); isBool {
				value = r.vm.ToValue(b)
			}
		}
		if o.ExportType() == bigIntType {
			panic(r.vm.NewTypeError("Do not know how to serialize a BigInt"))
		}
	}
	switch {
	case value == nil || goja.IsUndefined(value):
		return false
	case goja.IsNull(value):
		st.b.WriteString("null")
	case goja.IsString(value):
		quoteJSON(&st.b, value.ToString().(goja.String))
	case goja.IsNumber(value):
		if f := value.ToFloat(); math.IsNaN(f) || math.IsInf(f, 0) {
			st.b.WriteString("null")
		} else {
			st.b.WriteString(value.String())
		}
	case goja.IsBigInt(value):
		panic(r.vm.NewTypeError("Do not know how to serialize a BigInt"))
	default:
		o, isObj := value.(*goja.Object)
		if !isObj {
			if b, isBool := value.Export().(bool); isBool {
				st.b.WriteString(strconv.FormatBool(b))
				return true
			}
			return false // a symbol
		}
		if _, callable := goja.AssertFunction(o); callable {
			return false
		}
		st.enter(o)
		if r.isArray(o) {
			st.array(o)
		} else {
			st.object(o)
		}
		st.leave(o)
	}
	st.checkSize()
	return true
}

func (st *jsonState) call(f goja.Callable, this goja.Value, args ...goja.Value) goja.Value {
	v, err := f(this, args...)
	if err != nil {
		panic(err)
	}
	return v
}

func (st *jsonState) enter(o *goja.Object) {
	if _, cyc := st.open[o]; cyc {
		panic(st.r.vm.NewTypeError("Converting circular structure to JSON"))
	}
	st.depth++
	if st.depth > MaxJSONDepth {
		st.r.cancel(newLimitError("max nesting depth", "%d", MaxJSONDepth))
		st.r.vm.Interrupt(st.r.ctx.Err())
		panic(errJSONStop{})
	}
	st.open[o] = struct{}{}
}

func (st *jsonState) leave(o *goja.Object) {
	delete(st.open, o)
	st.depth--
}

func (st *jsonState) checkSize() {
	if n := int64(st.b.Len()); n > st.r.lim.MaxStringBytes {
		st.r.refuse("JSON.stringify", float64(n), st.r.lim.MaxStringBytes)
		panic(errJSONStop{})
	}
}

// separator writes what goes before the i-th member.
func (st *jsonState) separator(i int) {
	if i > 0 {
		st.b.WriteByte(',')
	}
	if st.gap != "" {
		st.b.WriteByte('\n')
		st.b.WriteString(st.indent)
	}
}

func (st *jsonState) closing(members int, c byte) {
	if members > 0 && st.gap != "" {
		st.b.WriteByte('\n')
		st.b.WriteString(st.indent)
	}
	st.b.WriteByte(c)
}

func (st *jsonState) array(o *goja.Object) {
	stepback := st.indent
	st.indent += st.gap
	st.b.WriteByte('[')
	n := int64(lengthOf(st.r.vm, o))
	for i := int64(0); i < n; i++ {
		st.separator(int(i))
		k := strconv.FormatInt(i, 10)
		if !st.property(k, o, o.Get(k)) {
			st.b.WriteString("null")
		}
		st.checkSize()
	}
	st.indent = stepback
	st.closing(int(n), ']')
}

func (st *jsonState) object(o *goja.Object) {
	stepback := st.indent
	st.indent += st.gap
	keys := st.propList
	if keys == nil {
		keys = o.Keys()
	}
	st.b.WriteByte('{')
	members := 0
	for _, k := range keys {
		mark := st.b.Len()
		st.separator(members)
		quoteKey(&st.b, k, st.r)
		st.b.WriteByte(':')
		if st.gap != "" {
			st.b.WriteByte(' ')
		}
		if !st.property(k, o, o.Get(k)) {
			st.b.Truncate(mark) // undefined: the member is left out
			continue
		}
		members++
	}
	st.indent = stepback
	st.closing(members, '}')
}

// quoteJSON writes s as a JSON string: the specification's QuoteJSONString,
// lone surrogates escaped.
func quoteJSON(b *bytes.Buffer, s goja.String) {
	// A string whose UTF-8 form has no U+FFFD is that form exactly (the
	// conversion replaces lone surrogates, and only them, with U+FFFD):
	// quoted from Go's bytes, a run at a time, it is ~15× faster than
	// unit by unit (a 1 MB string: 14 -> ~1 ms). For a string of ASCII,
	// goja's usual one, String() is its Go string, no copy.
	// (A string imported from Go may hold invalid UTF-8, which the
	// units read as U+FFFD: such a one goes unit by unit too.)
	if str := s.String(); utf8.ValidString(str) && (len(str) == s.Length() || !strings.ContainsRune(str, utf8.RuneError)) {
		quoteUTF8(b, str)
		return
	}
	quoteUnits(b, s)
}

// quoteUnits is quoteJSON unit by unit.
func quoteUnits(b *bytes.Buffer, s goja.String) {
	const hex = "0123456789abcdef"
	b.WriteByte('"')
	n := s.Length()
	for i := 0; i < n; i++ {
		c := s.CharAt(i)
		switch {
		case c == '"':
			b.WriteString(`\"`)
		case c == '\\':
			b.WriteString(`\\`)
		case c == '\b':
			b.WriteString(`\b`)
		case c == '\f':
			b.WriteString(`\f`)
		case c == '\n':
			b.WriteString(`\n`)
		case c == '\r':
			b.WriteString(`\r`)
		case c == '\t':
			b.WriteString(`\t`)
		case c < 0x20:
			b.WriteString(`\u00`)
			b.WriteByte(hex[c>>4])
			b.WriteByte(hex[c&15])
		case c < 0x80:
			b.WriteByte(byte(c))
		case c >= 0xD800 && c <= 0xDBFF && i+1 < n && s.CharAt(i+1) >= 0xDC00 && s.CharAt(i+1) <= 0xDFFF:
			r := (rune(c)-0xD800)<<10 + rune(s.CharAt(i+1)) - 0xDC00 + 0x10000
			b.WriteRune(r)
			i++
		case c >= 0xD800 && c <= 0xDFFF:
			b.WriteString(`\u`)
			b.WriteByte(hex[c>>12])
			b.WriteByte(hex[c>>8&15])
			b.WriteByte(hex[c>>4&15])
			b.WriteByte(hex[c&15])
		default:
			b.WriteRune(rune(c))
		}
	}
	b.WriteByte('"')
}

// quoteUTF8 is quoteJSON for a string without lone surrogates: the same
// escapes, every other character as it is.
func quoteUTF8(b *bytes.Buffer, s string) {
	b.Grow(len(s) + 2)
	b.Write(jsonquote.Append(b.AvailableBuffer(), s))
}

var proxyType = reflect.TypeOf(goja.Proxy{})

// quoteKey quotes a property name: plain ASCII directly, the rest
// through quoteJSON.
func quoteKey(b *bytes.Buffer, k string, r *rt) {
	for i := 0; i < len(k); i++ {
		if c := k[i]; c < 0x20 || c >= 0x80 || c == '"' || c == '\\' {
			quoteJSON(b, r.vm.ToValue(k).ToString().(goja.String))
			return
		}
	}
	b.WriteByte('"')
	b.WriteString(k)
	b.WriteByte('"')
}

// isArray is Array.isArray (proxies of arrays included): plain objects
// are answered by their class, proxies by the original function.
func (r *rt) isArray(o *goja.Object) bool {
	if o.ClassName() == "Array" {
		return true
	}
	if o.ExportType() != proxyType {
		return false
	}
	v, err := r.arrayIsArray(goja.Undefined(), o)
	if err != nil {
		panic(err)
	}
	return v.ToBoolean()
}
