package jsexec

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/justbash/justbash/commands"
)

// Expected values are node's (V8) for TZ=America/New_York and TZ=UTC,
// worked out by hand from the zone rules (EST is UTC-5, EDT UTC-4 from the
// second Sunday of March 02:00 to the first Sunday of November 02:00);
// 1577836800000 is 2020-01-01T00:00:00Z.
func TestDateUsesSandboxZone(t *testing.T) {
	ny := commands.TZLocation("America/New_York")
	cases := []struct {
		name     string
		loc      *time.Location
		code     string
		want     string
		wantHost string // the same code in UTC, when it differs
	}{
		{"local fields", ny, `const d = new Date(1577836800000); return [d.getFullYear(), d.getMonth(), d.getDate(), d.getDay(), d.getHours(), d.getMinutes(), d.getTimezoneOffset()]`,
			`[2019,11,31,2,19,0,300]`, `[2020,0,1,3,0,0,0]`},
		{"summer offset", ny, `return new Date(Date.UTC(2020, 6, 1)).getTimezoneOffset()`, `240`, `0`},
		{"constructor from parts", ny, `return new Date(2020, 0, 1).toISOString()`, `"2020-01-01T05:00:00.000Z"`, `"2020-01-01T00:00:00.000Z"`},
		{"toString", ny, `return String(new Date(1577854800000))`, `"Wed Jan 01 2020 00:00:00 GMT-0500 (Eastern Standard Time)"`,
			`"Wed Jan 01 2020 05:00:00 GMT+0000 (Coordinated Universal Time)"`},
		{"toDateString toTimeString", ny, `const d = new Date(Date.UTC(2020, 6, 4, 16, 5, 6)); return [d.toDateString(), d.toTimeString()]`,
			`["Sat Jul 04 2020","12:05:06 GMT-0400 (Eastern Daylight Time)"]`, `["Sat Jul 04 2020","16:05:06 GMT+0000 (Coordinated Universal Time)"]`},
		{"toLocale", ny, `const d = new Date(1577854800000); return [d.toLocaleString(), d.toLocaleDateString(), d.toLocaleTimeString()]`,
			`["1/1/2020, 12:00:00 AM","1/1/2020","12:00:00 AM"]`, `["1/1/2020, 5:00:00 AM","1/1/2020","5:00:00 AM"]`},
		{"parse ISO date-only is UTC", ny, `return Date.parse("2020-01-01")`, `1577836800000`, ""},
		{"parse ISO date-time is local", ny, `return [Date.parse("2020-01-01T00:00"), Date.parse("2020-01-01T00:00:00.5Z"), Date.parse("2020-01-01T00:00+01:00")]`,
			`[1577854800000,1577836800500,1577833200000]`, `[1577836800000,1577836800500,1577833200000]`},
		{"parse other forms", ny, `return ["Jan 1, 2020", "1/1/2020", "Wed Jan 01 2020 00:00:00 GMT-0500 (Eastern Standard Time)", "Wed, 01 Jan 2020 05:00:00 GMT", "January 1 2020 12:00 AM", "nonsense"].map(Date.parse)`,
			`[1577854800000,1577854800000,1577854800000,1577854800000,1577854800000,null]`, `[1577836800000,1577836800000,1577854800000,1577854800000,1577836800000,null]`},
		{"new Date(string)", ny, `return new Date("2020-01-01T00:00").getTime()`, `1577854800000`, `1577836800000`},
		{"skipped hour moves forward", ny, `return new Date(2020, 2, 8, 2, 30).toISOString()`, `"2020-03-08T07:30:00.000Z"`, `"2020-03-08T02:30:00.000Z"`},
		{"repeated hour takes the first", ny, `return new Date(2020, 10, 1, 1, 30).toISOString()`, `"2020-11-01T05:30:00.000Z"`, `"2020-11-01T01:30:00.000Z"`},
		{"setters", ny, `const d = new Date(2020, 0, 1); d.setHours(25); const a = d.toISOString(); d.setMonth(6, 4); d.setFullYear(2021); d.setMinutes(90, 5, 7); return [a, d.toISOString(), d.setDate(NaN), d.getHours()]`,
			`["2020-01-02T06:00:00.000Z","2021-07-04T06:30:05.007Z",null,null]`, `["2020-01-02T01:00:00.000Z","2021-07-04T02:30:05.007Z",null,null]`},
		{"setFullYear on invalid date", ny, `const d = new Date(NaN); d.setFullYear(2020); return d.toISOString()`, `"2020-01-01T05:00:00.000Z"`, `"2020-01-01T00:00:00.000Z"`},
		{"UTC and two-digit years", ny, `return [Date.UTC(2020, 0), Date.UTC(99), Date.UTC(2020), Date.UTC(), new Date(99, 0).getFullYear(), Date.UTC(2020, 1, 30) === Date.UTC(2020, 2, 1)]`,
			`[1577836800000,915148800000,1577836800000,null,1999,true]`, ""},
		{"Date() is a string of now", ny, `return [typeof Date(), /GMT-0[45]00 \(Eastern (Standard|Daylight) Time\)$/.test(Date(1, 2))]`, `["string",true]`, `["string",false]`},
		{"identity", ny, `class E extends Date {}; const e = new E(0); return [new Date() instanceof Date, e instanceof E, e instanceof Date, Date.prototype.constructor === Date, Date.name, Date.length, Date.UTC.length, typeof Date.now(), e.getTime()]`,
			`[true,true,true,true,"Date",7,7,"number",0]`, ""},
		{"invalid", ny, `const d = new Date("x"); return [String(d), d.getHours(), d.toLocaleString(), isNaN(d.getTimezoneOffset())]`, `["Invalid Date",null,"Invalid Date",true]`, ""},
		{"incompatible receiver", ny, `try { Date.prototype.getHours.call({}); return "no" } catch (e) { return e instanceof TypeError }`, `true`, ""},
		{"object arguments", ny, `return [new Date({valueOf() { return 5 }}).getTime(), new Date({toString() { return "2020-01-01" }, valueOf: undefined}).getTime(), new Date(new Date(7)).getTime()]`,
			`[5,1577836800000,7]`, ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			for _, z := range []struct {
				loc  *time.Location
				want string
			}{{tc.loc, tc.want}, {time.UTC, tc.wantHost}} {
				if z.want == "" {
					z.want = tc.want
				}
				res, err := Run(context.Background(), tc.code, RunOptions{Location: z.loc})
				if err != nil || string(res.Value) != z.want {
					t.Errorf("%s: got %s, %v; want %s", z.loc, res.Value, err, z.want)
				}
			}
		})
	}
}

// The command takes the zone from the sandbox's TZ; no TZ is UTC.
func TestDateZoneFromSandboxTZ(t *testing.T) {
	for _, tc := range []struct{ env, want string }{
		{"TZ=America/New_York", "300"},
		{"TZ=Europe/Paris", "-60"},
		{"TZ=EST5EDT,M3.2.0,M11.1.0", "300"},
		{"", "0"},
	} {
		loc := location(RunOptions{Host: &commands.Context{Environ: []string{tc.env}}})
		res, err := Run(context.Background(), `return new Date(Date.UTC(2020, 0, 15)).getTimezoneOffset()`, RunOptions{Location: loc})
		if err != nil || string(res.Value) != tc.want {
			t.Errorf("%q: got %s, %v; want %s", tc.env, res.Value, err, tc.want)
		}
	}
	if location(RunOptions{}) != time.UTC {
		t.Errorf("no host, no location: want UTC")
	}
	e := newEnv(t)
	out, stderr, code := e.run(t, "", Options{}, "-c", `console.log(new Date(0).toString())`)
	if code != 0 || strings.TrimSpace(out) != "Thu Jan 01 1970 00:00:00 GMT+0000 (Coordinated Universal Time)" {
		t.Fatalf("command without TZ: %q %q %d", out, stderr, code)
	}
}

// Patching Date after start-up does not reach the Go side or break the
// wrappers' captured originals.
func TestDateWrappersIgnoreTampering(t *testing.T) {
	code := `Date.prototype.getTime = () => 1; Reflect.apply = null; String = null; Array.prototype[Symbol.iterator] = null;
		const d = new Date(2020, 0, 1, 12); d.setHours(13); return [d.getHours(), Date.parse("2020-01-01"), Date.UTC(2020, 0), d.valueOf()]`
	res, err := Run(context.Background(), code, RunOptions{})
	if err != nil || string(res.Value) != `[13,1577836800000,1577836800000,1577883600000]` {
		t.Fatalf("got %s, %v", res.Value, err)
	}
}
