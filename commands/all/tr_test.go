package all

import "testing"

func TestTr(t *testing.T) {
	h := "Hello World 123\n"
	runCases(t, []cmdCase{
		{name: "range", args: []string{"tr", "a-z", "A-Z"}, stdin: h, out: "HELLO WORLD 123\n"},
		{name: "delete-class", args: []string{"tr", "-d", "[:digit:]"}, stdin: h, out: "Hello World \n"},
		{name: "squeeze", args: []string{"tr", "-s", "l"}, stdin: h, out: "Helo World 123\n"},
		{name: "complement-delete", args: []string{"tr", "-cd", `[:alpha:]\n`}, stdin: h, out: "HelloWorld\n"},
		{name: "complement", args: []string{"tr", "-c", "a-z", "_"}, stdin: h, out: "_ello__orld_____"},
		{name: "short-set2", args: []string{"tr", "a-z", "xy"}, stdin: h, out: "Hyyyy Wyyyy 123\n"},
		{name: "truncate", args: []string{"tr", "-t", "abcdefghijklmno", "xy"}, stdin: h, out: "Hello World 123\n"},
		{name: "classes", args: []string{"tr", "[:lower:]", "[:upper:]"}, stdin: h, out: "HELLO WORLD 123\n"},
		{name: "fill", args: []string{"tr", "lo", "[x*]"}, stdin: h, out: "Hexxx Wxrxd 123\n"},
		{name: "repeat", args: []string{"tr", "Helo", "[x*2]yz"}, stdin: h, out: "xxyyz Wzryd 123\n"},
		{name: "squeeze-xlate", args: []string{"tr", "-s", " ", `\n`}, stdin: h, out: "Hello\nWorld\n123\n"},
		{name: "octal", args: []string{"tr", `\154`, "L"}, stdin: h, out: "HeLLo WorLd 123\n"},
		{name: "delete-squeeze", args: []string{"tr", "-ds", "l", "o"}, stdin: h, out: "Heo Word 123\n"},
		{name: "missing-set2", args: []string{"tr", "a"}, errOut: "tr: missing operand after 'a'\nTwo strings must be given when translating.\nTry 'tr --help' for more information.\n", status: 1},
		{name: "missing", args: []string{"tr"}, errOut: "tr: missing operand\nTry 'tr --help' for more information.\n", status: 1},
		{name: "extra", args: []string{"tr", "-d", "a", "b"}, errOut: "tr: extra operand 'b'\nOnly one string may be given when deleting without squeezing repeats.\nTry 'tr --help' for more information.\n", status: 1},
		{name: "reverse-range", args: []string{"tr", "z-a", "x"}, stdin: h, errOut: "tr: range-endpoints of 'z-a' are in reverse collating sequence order\n", status: 1},
		{name: "bad-class", args: []string{"tr", "[:foo:]", "x"}, stdin: h, errOut: "tr: invalid character class 'foo'\n", status: 1},
	})
}
