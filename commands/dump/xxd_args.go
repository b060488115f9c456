package dump

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/justbash/justbash/commands"
)

// xxdUsage is the text xxd prints, on stderr with status 1, for any
// argument it does not take.
const xxdUsage = "Usage:\n       xxd [options] [infile [outfile]]\n    or\n       xxd -r [-s [-]offset] [-c cols] [-ps] [infile [outfile]]\nOptions:\n" +
	"    -a          toggle autoskip: A single '*' replaces nul-lines. Default off.\n" +
	"    -b          binary digit dump (incompatible with -ps,-i,-r). Default hex.\n" +
	"    -C          capitalize variable names in C include file style (-i).\n" +
	"    -c cols     format <cols> octets per line. Default 16 (-i: 12, -ps: 30).\n" +
	"    -E          show characters in EBCDIC. Default ASCII.\n" +
	"    -e          little-endian dump (incompatible with -ps,-i,-r).\n" +
	"    -g bytes    number of octets per group in normal output. Default 2 (-e: 4).\n" +
	"    -h          print this summary.\n" +
	"    -i          output in C include file style.\n" +
	"    -l len      stop after <len> octets.\n" +
	"    -n name     set the variable name used in C include output (-i).\n" +
	"    -o off      add <off> to the displayed file position.\n" +
	"    -ps         output in postscript plain hexdump style.\n" +
	"    -r          reverse operation: convert (or patch) hexdump into binary.\n" +
	"    -r -s off   revert with <off> added to file positions found in hexdump.\n" +
	"    -d          show offset in decimal instead of hex.\n" +
	"    -s [+][-]seek  start at <seek> bytes abs. (or +: rel.) infile offset.\n" +
	"    -u          use upper case hex letters.\n" +
	"    -v          show version: \"xxd 2022-01-14 by Juergen Weigert et al.\".\n"

// xxdValued are the options that take a value, with the rest of the long
// spelling xxd accepts ("-cols 8", "-seek 3"): anything else after the
// letter is the value itself ("-c8").
var xxdValued = map[byte][]string{'c': {"ols"}, 'g': {"roup"}, 'o': {"ffset"}, 's': {"kip", "eek"}, 'l': {"en"}, 'n': {"ame"}}

// xxdArgs reads xxd's command line as vim's xxd does, which is not
// getopt: options come before the operands and are matched on their
// first letter ("-bp" is -b, "--bogus" is -b too: one leading dash of a
// "--" is dropped), the last of -b -e -i -p wins, numbers are strtol's
// (garbage is 0), and at most infile and outfile follow. It returns the
// operands, or a status >= 0 to exit with.
func (x *xxdRun) args(c *commands.Context, argv []string) ([]string, int) {
	for len(argv) > 0 {
		a := argv[0]
		pp := a
		if strings.HasPrefix(a, "--") && len(a) > 2 {
			pp = a[1:]
		}
		if pp == "--" {
			argv = argv[1:]
			break
		}
		if len(pp) < 2 || pp[0] != '-' {
			break
		}
		argv = argv[1:]
		letter, rest := pp[1], pp[2:]
		if longs, ok := xxdValued[letter]; ok {
			if letter == 'c' && strings.HasPrefix(rest, "apitalize") {
				continue // -capitalize
			}
			val, inline := rest, rest != ""
			for _, l := range longs {
				if strings.HasPrefix(rest, l) {
					inline = false
				}
			}
			if !inline {
				if len(argv) == 0 {
					fmt.Fprint(c.Stderr, xxdUsage)
					return nil, 1
				}
				val, argv = argv[0], argv[1:]
			}
			x.valued(letter, val)
			continue
		}
		if !x.flag(letter) {
			fmt.Fprint(c.Stderr, xxdUsage)
			return nil, 1
		}
	}
	return argv, -1
}

// flag sets a valueless option; false for an unknown letter.
func (x *xxdRun) flag(letter byte) bool {
	mode := func(plain, include, bits, little bool) {
		x.plain, x.include, x.bits, x.little = plain, include, bits, little
	}
	switch letter {
	case 'a':
		x.autoskip = !x.autoskip
	case 'b':
		mode(false, false, true, false)
	case 'e':
		mode(false, false, false, true)
	case 'p':
		mode(true, false, false, false)
	case 'i':
		mode(false, true, false, false)
	case 'u':
		x.upper = true
	case 'r':
		x.revert = true
	case 'C', 'd', 'E':
		// Accepted; their output forms are not implemented.
	default:
		return false
	}
	return true
}

// valued sets an option that took a value.
func (x *xxdRun) valued(letter byte, val string) {
	switch letter {
	case 'c':
		x.cols = int(strtol(val))
		x.colsSet = x.cols != 0
	case 'g':
		x.group = int(strtol(val))
		x.groupSet = true
	case 'o':
		x.add = strtol(val)
	case 'l':
		x.limit = strtol(val)
	case 'n':
		x.name = val
	case 's':
		x.relSeek, x.negSeek = false, false
		if strings.HasPrefix(val, "+") {
			x.relSeek, val = true, val[1:]
		}
		if strings.HasPrefix(val, "-") {
			x.negSeek, val = true, val[1:]
		}
		x.seek = strtol(val)
	}
}

// strtol is C's strtol(s, NULL, 0): leading blanks and a sign, then
// decimal, 0x hex or 0 octal digits as far as they go; 0 if none.
func strtol(s string) int64 {
	s = strings.TrimLeft(s, " \t\n\v\f\r")
	neg := false
	if s != "" && (s[0] == '-' || s[0] == '+') {
		neg, s = s[0] == '-', s[1:]
	}
	base := 10
	switch {
	case len(s) > 2 && (s[:2] == "0x" || s[:2] == "0X") && isHex(s[2]):
		base, s = 16, s[2:]
	case len(s) > 1 && s[0] == '0':
		base = 8
	}
	end := 0
	for end < len(s) && digitOK(s[end], base) {
		end++
	}
	n, err := strconv.ParseInt(s[:end], base, 64)
	if err != nil && end > 0 {
		n = 1<<63 - 1 // out of range: strtol saturates
	}
	if neg {
		n = -n
	}
	return n
}

func isHex(b byte) bool { return digitOK(b, 16) }

func digitOK(b byte, base int) bool {
	switch {
	case b >= '0' && b <= '7':
		return true
	case b == '8' || b == '9':
		return base >= 10
	case b >= 'a' && b <= 'f' || b >= 'A' && b <= 'F':
		return base == 16
	}
	return false
}
