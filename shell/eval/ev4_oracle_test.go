package eval

import (
	"os"
	"testing"
)

// ev4Scripts pin expansion, quoting and parsing rules found through bash
// 5.2's own test suite; each is compared with /bin/bash -c when present.
var ev4Scripts = []string{
	// $'\x{HHH}': any number of hex digits, low byte kept, '}' optional;
	// no digits gives NUL, which ends the string. ${x@E} shares it.
	`printf '<%s>' $'ab\x{}cd' $'ab\x{41}cd' $'ab\x{4}cd' $'ab\x{c}de' $'\x{01234567X' $'\x{41}b' $'x\x{' | od -c`,
	`x='a\x{42}c'; echo "${x@E}"; echo -e 'a\x{41}b'`,
	// posix mode: inside "${x+word}" (- = ? + too) a ' is literal and
	// hides no '}'; the pattern operators keep quoting; outside posix
	// mode the quotes still quote.
	"set -o posix\necho 2 \"${IFS+'}'z}\"\necho 3 \"foo ${IFS+'bar} baz\"\necho \"$(echo \"${IFS:-'}'z}\")\"",
	"set -o posix\nkey=v; echo \"${IFS+'$key'}\" ${IFS+'$key'}; foo=\"x'}'y\"; echo \"${foo%'}'*}\" \"${foo#*'}'}\" \"${foo/'}'/Q}\"",
	"set -o posix\nprintf '%s\\n' \"${IFS+\"'\"x ~ x'}'x\"'}\"x}\" #'\nprintf '<%s> ' \"${IFS+foo 'b\\\nar' baz}\"; echo .",
	"set -o posix\ncat <<E\n\"${IFS+'}'z}\"\nE\necho $'\\'' \"${u-'}'}\"",
	"echo \"${IFS+'}'z}\"\nset -o posix\necho \"${IFS+'}'z}\"\nset +o posix\necho \"${IFS+'}'z}\"",
}

func TestOracleEv4(t *testing.T) {
	if _, err := os.Stat("/bin/bash"); err != nil {
		t.Skip("no /bin/bash to compare with")
	}
	for _, s := range ev4Scripts {
		wo, we, ws := runBash(t, s)
		o, e, st := runOurs(t, s)
		if o != wo || e != we || st != ws {
			t.Errorf("script %q\nbash: out=%q err=%q st=%d\nours: out=%q err=%q st=%d", s, wo, we, ws, o, e, st)
		}
	}
}
