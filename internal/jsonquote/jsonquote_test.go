package jsonquote

import (
	"encoding/json"
	"testing"
)

func TestAppend(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"", `""`},
		{"plain", `"plain"`},
		{`q"b\s`, `"q\"b\\s"`},
		{"\b\f\n\r\t", `"\b\f\n\r\t"`},
		{"\x00\x01\x1f\x7f", `"\u0000\u0001\u001f` + "\x7f" + `"`},
		{"<é & \u2028>", "\"<é & \u2028>\""},
		{"a\nb\"c", `"a\nb\"c"`},
	} {
		got := string(Append([]byte("x"), c.in))
		if got != "x"+c.want {
			t.Errorf("%q: got %s, want %s", c.in, got[1:], c.want)
		}
		var back string
		if err := json.Unmarshal([]byte(got[1:]), &back); err != nil || back != c.in {
			t.Errorf("%q: reads back as %q (%v)", c.in, back, err)
		}
	}
}
