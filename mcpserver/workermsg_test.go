package mcpserver

import (
	"reflect"
	"testing"
)

// Every field of the run and done messages survives the binary form, and
// what decodes re-encodes to the same bytes.
func TestWorkerMsgRoundTrip(t *testing.T) {
	runs := []runMsg{
		{},
		{Code: "return 1", TimeoutMs: 30000, MemBytes: 512 << 20, Servers: []string{"math", "", "ünïcode"}},
		{Code: "x\x00y", Data: []byte(`{"a":[1,2,"\u00e9"]}`), TimeoutMs: 1},
		{Code: "return 1", Notify: 1 << 40},
	}
	for _, m := range runs {
		b := encodeRun(m)
		got, err := decodeRun(b)
		if err != nil || !reflect.DeepEqual(got, m) {
			t.Errorf("run %+v: got %+v, %v", m, got, err)
		}
		if again := encodeRun(got); string(again) != string(b) {
			t.Errorf("run %+v re-encodes differently", m)
		}
	}
	dones := []doneMsg{
		{},
		{Value: []byte(`"a\nb"`), Logs: []CodeLog{{Level: "log", Message: "hi"}, {Level: "", Message: ""}, {Level: "error", Message: "ö"}}},
		{Error: "TypeError: x", ExitCode: -1, Stdout: "out", Stderr: "err", Snapshot: []byte{0, 1, 255}},
		{ExitCode: 255},
	}
	for _, m := range dones {
		b := encodeDone(m)
		got, err := decodeDone(b)
		if err != nil || !reflect.DeepEqual(got, m) {
			t.Errorf("done %+v: got %+v, %v", m, got, err)
		}
	}
}

// Malformed bodies are errors, never panics or reads past the end.
func TestWorkerMsgMalformed(t *testing.T) {
	good := encodeRun(runMsg{Code: "return 1", Servers: []string{"s"}})
	for _, b := range [][]byte{
		good[:len(good)-1],          // cut inside a field
		{runCode},                   // a tag without a length
		{runCode, 0xff, 0xff, 0xff}, // an unfinished uvarint
		{runCode, 5, 'a'},           // a length past the end
		{99, 0},                     // an unknown tag
		{runTimeout, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01}, // over int64
	} {
		if _, err := decodeRun(b); err == nil {
			t.Errorf("decodeRun(%v) accepted it", b)
		}
	}
	for _, b := range [][]byte{
		{doneExit, 0xff, 0xff, 0xff, 0xff, 0x7f}, // over int32
		{doneValue, 3, '1'},
		{42, 0},
	} {
		if _, err := decodeDone(b); err == nil {
			t.Errorf("decodeDone(%v) accepted it", b)
		}
	}
}

func FuzzWorkerMsg(f *testing.F) {
	f.Add(encodeRun(runMsg{Code: "return 1", Data: []byte("{}"), TimeoutMs: 5, MemBytes: 9, Servers: []string{"a"}}))
	f.Add(encodeDone(doneMsg{Value: []byte("1"), Logs: []CodeLog{{Level: "log", Message: "m"}}, ExitCode: -3}))
	f.Fuzz(func(t *testing.T, b []byte) {
		if m, err := decodeRun(b); err == nil {
			if again, err := decodeRun(encodeRun(m)); err != nil || !reflect.DeepEqual(again, m) {
				t.Fatalf("run %+v does not survive a round trip: %+v %v", m, again, err)
			}
		}
		if m, err := decodeDone(b); err == nil {
			if again, err := decodeDone(encodeDone(m)); err != nil || !reflect.DeepEqual(again, m) {
				t.Fatalf("done %+v does not survive a round trip: %+v %v", m, again, err)
			}
		}
	})
}
