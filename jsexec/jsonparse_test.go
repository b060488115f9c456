package jsexec

import (
	"context"
	"encoding/json"
	"math/rand"
	"strings"
	"testing"

	"github.com/dop251/goja"
)

// jsonTexts are hand-picked texts for the host's JSON parser: every
// grammar corner, keys that JSON.parse must make own data properties
// (__proto__, names of frozen built-ins' properties), duplicates, escapes.
var jsonTexts = []string{
	`null`, `true`, `false`, `0`, `-0`, `1`, `-1`, `123456789012345`, `1234567890123456`, `12345678901234567890`,
	`1.5`, `-1.5e3`, `1E-7`, `1e400`, `-1e400`, `2.5e-400`, `0.1`, `9007199254740993`, `1e21`, `-0.0`,
	`""`, `"plain"`, `"esc \" \\ \/ \b \f \n \r \t"`, `"\u00e9\u65e5"`, `"\ud83d\ude00"`, `"lone \ud800 x"`, `"lone \udc00"`,
	`"é raw ✓ 😀"`, "\"bad \xff utf-8\"", `"\u0000"`,
	`[]`, `{}`, `[1,[2,[3,[]]],{}]`, ` [ 1 , 2 ] `, "\n{\"a\"\t:\r1}\n",
	`{"a":1,"b":{"c":[true,false,null]}}`, `{"a":1,"a":2}`, `{"__proto__":{"x":1}}`, `{"__proto__":null,"y":2}`,
	`{"toString":"shadow","constructor":1,"hasOwnProperty":2,"valueOf":3}`, `{"2":"b","1":"a","x":0,"0":"z"}`,
	`{"":"empty key","\u0000":"nul key","é":"e"}`, `[{"length":3}]`,
}

// badJSONTexts are not JSON: the parser refuses them, so goja's JSON.parse
// reports them as it always did.
var badJSONTexts = []string{``, ` `, `01`, `1.`, `.5`, `-`, `+1`, `1e`, `1e+`, `[1,]`, `{"a":1,}`, `{a:1}`, `[1 2]`,
	`"unterminated`, "\"ctl \x01\"", `tru`, `nul`, `[`, `{"a"}`, `{"a":}`, `1 2`, `"\x"`, `'s'`, `NaN`, `[1]]`}

// describeJS is a JavaScript function that describes a value completely:
// types, prototypes, own keys in order with their descriptors, -0, lone
// surrogates (by code units).
const describeJS = `(function d(v) {
	if (v === null) return "null";
	if (typeof v === "number") return Object.is(v, -0) ? "-0" : "n" + String(v);
	if (typeof v === "string") return "s" + Array.from({length: v.length}, (_, i) => v.charCodeAt(i)).join(",");
	if (typeof v !== "object") return typeof v + String(v);
	const proto = Object.getPrototypeOf(v) === Array.prototype ? "A" : Object.getPrototypeOf(v) === Object.prototype ? "O" : "?";
	return proto + (Array.isArray(v) ? "" : "") + "{" + Reflect.ownKeys(v).map(k => {
		const p = Object.getOwnPropertyDescriptor(v, k);
		return String(k) + (p.writable ? "w" : "") + (p.enumerable ? "e" : "") + (p.configurable ? "c" : "") + ":" + ("value" in p ? d(p.value) : "accessor");
	}).join(";") + "}";
})`

func TestHostJSONMatchesJSONParse(t *testing.T) {
	r, err := jsonTestRT()
	if err != nil {
		t.Fatal(err)
	}
	dv, err := r.vm.RunString(describeJS)
	if err != nil {
		t.Fatal(err)
	}
	describe, _ := goja.AssertFunction(dv)
	desc := func(v goja.Value) string {
		s, err := describe(goja.Undefined(), v)
		if err != nil {
			t.Fatal(err)
		}
		return s.String()
	}
	check := func(text string) {
		t.Helper()
		want, werr := r.in.parse(goja.Undefined(), r.vm.ToValue(text))
		got, gerr := r.hostJSON([]byte(text))
		if (werr == nil) != (gerr == nil) {
			t.Errorf("%q: JSON.parse error %v, host parser %v", text, werr, gerr)
			return
		}
		if werr != nil {
			if werr.Error() != gerr.Error() {
				t.Errorf("%q: JSON.parse %v, host parser %v", text, werr, gerr)
			}
			return
		}
		if w, g := desc(want), desc(got); w != g {
			// goja's JSON.parse has its own deviations, which the host
			// parser keeps to the specification instead: numbers out of
			// range are ±Infinity (goja: an error, handled above).
			t.Errorf("%q:\n JSON.parse  %s\n host parser %s", text, w, g)
		}
	}
	for _, text := range jsonTexts {
		if strings.Contains(text, "e400") && !strings.Contains(text, "e-400") {
			// JSON.parse (goja) fails here; the specification says
			// ±Infinity, as node does.
			v, err := r.parseHostJSON(text)
			if err != nil || !strings.Contains(desc(v), "Infinity") {
				t.Errorf("%q: %v %v, want ±Infinity", text, v, err)
			}
			continue
		}
		check(text)
	}
	for _, text := range badJSONTexts {
		if _, err := r.parseHostJSON(text); err == nil {
			t.Errorf("%q: parsed, but it is not JSON", text)
		}
		check(text)
	}
	// Generated values, printed by encoding/json (with and without
	// indentation) and by the runtime's own JSON.stringify.
	rng := rand.New(rand.NewSource(1))
	for i := 0; i < 400; i++ {
		v := randomJSON(rng, 4)
		b, _ := json.Marshal(v)
		check(string(b))
		b, _ = json.MarshalIndent(v, "", "\t")
		check(string(b))
	}
	// Nesting past the limit is refused (and JSON.parse then reports it).
	deep := strings.Repeat("[", MaxJSONDepth+1) + strings.Repeat("]", MaxJSONDepth+1)
	if _, err := r.parseHostJSON(deep); err == nil || !strings.Contains(err.Error(), "max nesting depth") {
		t.Errorf("nesting %d deep: %v", MaxJSONDepth+1, err)
	}
	ok := strings.Repeat("[", MaxJSONDepth) + strings.Repeat("]", MaxJSONDepth)
	if _, err := r.parseHostJSON(ok); err != nil {
		t.Errorf("nesting %d deep: %v", MaxJSONDepth, err)
	}
}

func randomJSON(rng *rand.Rand, depth int) any {
	k := rng.Intn(9)
	if depth == 0 && k >= 6 {
		k = rng.Intn(6)
	}
	switch k {
	case 0:
		return nil
	case 1:
		return rng.Intn(2) == 0
	case 2:
		return rng.Int63n(1<<53) - 1<<52
	case 3:
		return rng.NormFloat64() * 1e6
	case 4, 5:
		runes := []rune{'a', 'Z', '"', '\\', '\n', '\t', 0, 0x1f, 'é', '日', 0x1F600, 0x2028, '<', '&'}
		var sb strings.Builder
		for n := rng.Intn(8); n > 0; n-- {
			sb.WriteRune(runes[rng.Intn(len(runes))])
		}
		return sb.String()
	case 6:
		a := make([]any, rng.Intn(5))
		for i := range a {
			a[i] = randomJSON(rng, depth-1)
		}
		return a
	default:
		keys := []string{"a", "b", "__proto__", "toString", "0", "10", "2", "", "é", "constructor"}
		m := map[string]any{}
		for n := rng.Intn(5); n > 0; n-- {
			m[keys[rng.Intn(len(keys))]] = randomJSON(rng, depth-1)
		}
		return m
	}
}

// The data global and tool results come through the host parser: a
// script sees its own property __proto__ and shadowed built-in names.
func TestHostJSONInRuns(t *testing.T) {
	p := Prepare(mcpPrepareOpts())
	data := json.RawMessage(`{"__proto__":{"polluted":1},"toString":"mine","n":[1,-0,1e400]}`)
	res, err := p.Run(context.Background(), `return [Object.keys(data), data.polluted === undefined, ({}).polluted === undefined,
		data.toString, Object.is(data.n[1], -0), data.n[2]]`, PreparedRun{Globals: map[string]json.RawMessage{"data": data}})
	if err != nil {
		t.Fatal(err)
	}
	if want := `[["__proto__","toString","n"],true,true,"mine",true,null]`; string(res.Value) != want {
		t.Errorf("got %s, want %s", res.Value, want)
	}
}

// A script's JSON.parse takes the same parser when it can: its values and
// its errors are those of goja's JSON.parse in a plain VM (none of our
// code), except numbers out of range, which are ±Infinity as in node.
func TestScriptJSONParse(t *testing.T) {
	native := goja.New()
	nd, err := native.RunString(describeJS)
	if err != nil {
		t.Fatal(err)
	}
	describe, _ := goja.AssertFunction(nd)
	texts := append(append([]string{}, jsonTexts...), badJSONTexts...)
	texts = append(texts, `{"a":1}`+strings.Repeat(" ", 3), `[1,2,3]`, `"\ud800"`)
	for _, text := range texts {
		if strings.Contains(text, "e400") && !strings.Contains(text, "e-400") {
			continue
		}
		enc, _ := json.Marshal(text)
		code := `const d = ` + describeJS + `; try { return d(JSON.parse(data)) } catch (e) { return e.name + ": " + e.message }`
		res, err := Run(context.Background(), code, RunOptions{Globals: map[string]any{"data": json.RawMessage(enc)}})
		if err != nil {
			t.Fatalf("%q: %v", text, err)
		}
		var got string
		_ = json.Unmarshal(res.Value, &got)
		native.Set("text", native.ToValue(text))
		want, err := native.RunString(`(function () { try { return JSON.parse(text) } catch (e) { return {err: e.name + ": " + e.message} } })()`)
		if err != nil {
			t.Fatal(err)
		}
		var w string
		if o, ok := want.(*goja.Object); ok && o.Get("err") != nil && !goja.IsUndefined(o.Get("err")) && len(o.Keys()) == 1 && o.Keys()[0] == "err" {
			w = o.Get("err").String()
		} else {
			dv, _ := describe(goja.Undefined(), want)
			w = dv.String()
		}
		if got != w {
			t.Errorf("JSON.parse(%q):\n got  %s\n want %s", text, got, w)
		}
	}
	res, err := Run(context.Background(), `return [JSON.parse("1e400"), JSON.parse("[-1e400]")[0] === -Infinity, JSON.parse('{"a":[1]}', (k, v) => k === "a" ? "revived" : v).a]`, RunOptions{})
	if err != nil || string(res.Value) != `[null,true,"revived"]` {
		t.Errorf("out of range and reviver: %s %v", res.Value, err)
	}
}

// jsonTestRT is a set-up runtime, frozen, as runs have them.
func jsonTestRT() (*rt, error) {
	compilePrelude()
	r := newRT(context.Background(), RunOptions{Freeze: true})
	return r, r.setup()
}
