package jsexec

import (
	"encoding/json"
	"strconv"
	"testing"
)

// benchLarge runs code (with data as its data global) on a prepared
// runtime: large results, large inputs, long loops.
func benchLarge(b *testing.B, code string, data json.RawMessage) {
	var run PreparedRun
	if data != nil {
		run.Globals = map[string]json.RawMessage{"data": data}
	}
	benchPreparedRun(b, code, run, "")
}

// The Make benchmarks build what the Return ones return: the difference is
// the result's encoding.
func BenchmarkLargeReturnString(b *testing.B) { benchLarge(b, "return 'x'.repeat(1<<20)", nil) }
func BenchmarkLargeMakeString(b *testing.B) {
	benchLarge(b, "const s = 'x'.repeat(1<<20); return 1", nil)
}
func BenchmarkLargeReturnObjects(b *testing.B) {
	benchLarge(b, "return Array.from({length:10000},(_, i)=>({i, s:'v'+i}))", nil)
}
func BenchmarkLargeMakeObjects(b *testing.B) {
	benchLarge(b, "const a = Array.from({length:10000},(_, i)=>({i, s:'v'+i})); return 1", nil)
}
func BenchmarkLargeData(b *testing.B) {
	d := []byte("[")
	for i := 0; i < 50000; i++ {
		if i > 0 {
			d = append(d, ',')
		}
		d = strconv.AppendInt(d, int64(i), 10)
	}
	benchLarge(b, "return data.length", append(d, ']'))
}
func BenchmarkLongLoop(b *testing.B) {
	benchLarge(b, "let s=0; for (let i=0;i<1e6;i++) s+=i; return s", nil)
}

// BenchmarkLargeParse is a script's JSON.parse of a 190 KB text (10,000
// small objects), as a script parses a tool's JSON answer.
func BenchmarkLargeParse(b *testing.B) {
	text := []byte("[")
	for i := 0; i < 10000; i++ {
		if i > 0 {
			text = append(text, ',')
		}
		text = append(text, `{"i":`...)
		text = strconv.AppendInt(text, int64(i), 10)
		text = append(text, `,"s":"v`...)
		text = strconv.AppendInt(text, int64(i), 10)
		text = append(text, `"}`...)
	}
	data, _ := json.Marshal(string(append(text, ']')))
	benchLarge(b, "return JSON.parse(data).length", data)
}
