package escape

import (
	"os/exec"
	"testing"
)

// escapeRows were recorded from bash 5.2 (echo -ne "$s", printf "$s",
// printf %b "$s") and GNU coreutils 9.1 (env echo -ne "$s"), one column
// per mode; TestExpandLive replays them when the tools are installed.
var escapeRows = []struct{ in, echo, format, b, coreutils string }{
	{"a\\tb", "a\x09b", "a\x09b", "a\x09b", "a\x09b"},
	{"\\101\\0101", "\\101A", "A\x081", "AA", "AA"},
	{"\\x41\\x4g", "A\x04g", "A\x04g", "A\x04g", "A\x04g"},
	{"\\e\\E", "\x1b\x1b", "\x1b\x1b", "\x1b\x1b", "\x1b\\E"},
	{"a\\cb", "a", "a\\cb", "a", "a"},
	{"\\\\\\n", "\\\x0a", "\\\x0a", "\\\x0a", "\\\x0a"},
	{"\\q", "\\q", "\\q", "\\q", "\\q"},
	{"\\08", "\x008", "\x008", "\x008", "\x008"},
	{"\\400", "\\400", "\x00", "\x00", "\x00"},
	{"\\1234", "\\1234", "S4", "S4", "S4"},
	{"\\a\\b\\f\\v\\r", "\x07\x08\x0c\x0b\x0d", "\x07\x08\x0c\x0b\x0d", "\x07\x08\x0c\x0b\x0d", "\x07\x08\x0c\x0b\x0d"},
	{"\\\"\\'", "\\\"\\'", "\"'", "\\\"\\'", "\\\"\\'"},
	{"\\x7", "\x07", "\x07", "\x07", "\x07"},
	{"end\\", "end\\", "end\\", "end\\", "end\\"},
	{"\\0", "\x00", "\x00", "\x00", "\x00"},
	{"\\u00e9", "\xc3\xa9", "\xc3\xa9", "\xc3\xa9", "\\u00e9"},
	{"\\U0001F600", "\xf0\x9f\x98\x80", "\xf0\x9f\x98\x80", "\xf0\x9f\x98\x80", "\\U0001F600"},
}

// TestExpand: Expand's output (cut at a \c stop) is what the tool printed.
func TestExpand(t *testing.T) {
	for _, r := range escapeRows {
		for _, m := range []struct {
			mode escMode
			want string
		}{{EscEcho, r.echo}, {EscFormat, r.format}, {EscB, r.b}, {EscCoreutils, r.coreutils}} {
			if got, _, _ := Expand(r.in, m.mode); got != m.want {
				t.Errorf("Expand(%q, mode %d) = %q, want %q", r.in, m.mode, got, m.want)
			}
		}
	}
}

// TestExpandLive checks the recording against the tools.
func TestExpandLive(t *testing.T) {
	if _, err := exec.LookPath("bash"); err != nil {
		t.Skip("no bash to replay the recording with")
	}
	for _, r := range escapeRows {
		for _, c := range []struct {
			args []string
			want string
		}{
			{[]string{"bash", "-c", `echo -ne "$1"`, "_", r.in}, r.echo},
			{[]string{"bash", "-c", `printf "$1"`, "_", r.in}, r.format},
			{[]string{"bash", "-c", `printf %b "$1"`, "_", r.in}, r.b},
			{[]string{"env", "echo", "-ne", r.in}, r.coreutils},
		} {
			out, err := exec.Command(c.args[0], c.args[1:]...).Output()
			if err != nil {
				t.Skipf("%q: %v", c.args, err)
			}
			if string(out) != c.want {
				t.Errorf("%q printed %q, recorded %q", c.args, out, c.want)
			}
		}
	}
}
