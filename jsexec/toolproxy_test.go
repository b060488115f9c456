package jsexec

import (
	"context"
	"testing"
)

// toolProxyProbe reads everything a script can learn about a tool proxy
// and its target through reflection. Its output was recorded from the
// proxies as they were before they became Go's (a JavaScript handler
// over WeakMaps): the Go traps must answer alike.
const toolProxyProbe = `
const out = [];
const t = (name, f) => { try { out.push(name + "=" + f()); } catch (e) { out.push(name + "!" + e.name + ": " + e.message); } };
const x = math.add;
t("typeof", () => typeof x);
t("same", () => math.add === math.add && tools.a === tools.a);
t("differ", () => math.add !== math.sub && tools.math !== math);
t("then", () => String(x.then) + "," + String(x.toJSON));
t("sym", () => String(x[Symbol.iterator]) + "," + String(x[Symbol.toPrimitive]));
t("in", () => ["zz" in x, 0 in x, Symbol.iterator in x].join());
console.log(x[0], tools[7]);
t("keys", () => JSON.stringify([Object.keys(x), Reflect.ownKeys(x), Object.getOwnPropertyNames(x), Object.getOwnPropertySymbols(x)]));
t("desc name", () => JSON.stringify(Object.getOwnPropertyDescriptor(x, "name")));
t("desc length", () => JSON.stringify(Object.getOwnPropertyDescriptor(x, "length")));
t("desc proto", () => { const d = Object.getOwnPropertyDescriptor(x, "prototype"); return [d.writable, d.enumerable, d.configurable, typeof d.value].join(); });
t("desc other", () => String(Object.getOwnPropertyDescriptor(x, "zz")));
t("getProto", () => Object.getPrototypeOf(x) === Function.prototype);
t("extensible", () => Object.isExtensible(x));
t("preventExtensions", () => Object.preventExtensions(x));
t("reflect pe", () => Reflect.preventExtensions(x));
t("freeze", () => Object.freeze(x));
t("setProto", () => Object.setPrototypeOf(x, null));
t("reflect setProto", () => Reflect.setPrototypeOf(x, null));
t("assign", () => { x.y = 1; return "set"; });
t("assign idx", () => { x[3] = 1; return "set"; });
t("assign sym", () => { x[Symbol.iterator] = 1; return "set"; });
t("reflect set", () => Reflect.set(x, "y", 1));
t("define", () => Object.defineProperty(x, "y", { value: 1 }));
t("define sym", () => Object.defineProperty(x, Symbol.iterator, { value: 1 }));
t("delete", () => delete x.y);
t("delete idx", () => delete x[1]);
t("delete sym", () => delete x[Symbol.iterator]);
t("new", () => typeof new x());
t("instanceof", () => x instanceof Function);
t("fn toString", () => Function.prototype.toString.call(x));
t("call root", () => { tools().catch(() => {}); return "promise"; });
console.log(tools, x, tools.a.b.c, [x], { x });
t("json", () => JSON.stringify({ x }));
t("spread", () => JSON.stringify({ ...x }));
t("proto chain", () => Object.prototype.hasOwnProperty.call(x, "prototype"));
const r = await tools().then(() => "resolved", (e) => e.name + ": " + e.message);
out.push("root call=" + r);
console.log(out.join("\n"));
`

func TestToolProxyReflection(t *testing.T) {
	for _, freeze := range []bool{false, true} {
		res, err := Run(context.Background(), toolProxyProbe,
			RunOptions{Invoke: testTools(t).Invoke, ToolGlobals: map[string]string{"math": "math"}, Freeze: freeze})
		if err != nil {
			t.Fatal(err)
		}
		if res.Stdout != toolProxyWant {
			t.Errorf("freeze %v: got\n%s\nwant\n%s", freeze, res.Stdout, toolProxyWant)
		}
	}
}

const toolProxyWant = `[tools: math.add.0] [tools: 7]
[tools: tools] [tools: math.add] [tools: a.b.c] [ [tools: math.add] ] { x: [tools: math.add] }
typeof=function
same=true
differ=true
then=undefined,undefined
sym=undefined,undefined
in=true,true,true
keys=[[],["prototype"],["prototype"],[]]
desc name={"value":"target","writable":false,"enumerable":false,"configurable":true}
desc length={"value":0,"writable":false,"enumerable":false,"configurable":true}
desc proto=true,false,false,object
desc other=undefined
getProto=true
extensible=true
preventExtensions!TypeError: 'preventExtensions' on proxy: trap returned falsish
reflect pe=false
freeze!TypeError: 'preventExtensions' on proxy: trap returned falsish
setProto!TypeError: tools are read-only
reflect setProto!TypeError: tools are read-only
assign!TypeError: tools are read-only
assign idx!TypeError: tools are read-only
assign sym!TypeError: tools are read-only
reflect set!TypeError: tools are read-only
define!TypeError: tools are read-only
define sym!TypeError: tools are read-only
delete!TypeError: tools are read-only
delete idx!TypeError: tools are read-only
delete sym!TypeError: tools are read-only
new=object
instanceof=true
fn toString=function () { [native code] }
call root=promise
json={}
spread={}
proto chain=true
root call=TypeError: tools is not a function: call tools.<name>(args)
`
