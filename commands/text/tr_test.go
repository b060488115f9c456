package text

import "testing"

func TestTr(t *testing.T) {
	h := "Hello World 123\n"
	runCases(t, []cmdCase{
		{Name: "range", Args: []string{"tr", "a-z", "A-Z"}, Stdin: h, Out: "HELLO WORLD 123\n"},
		{Name: "delete-class", Args: []string{"tr", "-d", "[:digit:]"}, Stdin: h, Out: "Hello World \n"},
		{Name: "squeeze", Args: []string{"tr", "-s", "l"}, Stdin: h, Out: "Helo World 123\n"},
		{Name: "complement-delete", Args: []string{"tr", "-cd", `[:alpha:]\n`}, Stdin: h, Out: "HelloWorld\n"},
		{Name: "complement", Args: []string{"tr", "-c", "a-z", "_"}, Stdin: h, Out: "_ello__orld_____"},
		{Name: "short-set2", Args: []string{"tr", "a-z", "xy"}, Stdin: h, Out: "Hyyyy Wyyyy 123\n"},
		{Name: "truncate", Args: []string{"tr", "-t", "abcdefghijklmno", "xy"}, Stdin: h, Out: "Hello World 123\n"},
		{Name: "classes", Args: []string{"tr", "[:lower:]", "[:upper:]"}, Stdin: h, Out: "HELLO WORLD 123\n"},
		{Name: "fill", Args: []string{"tr", "lo", "[x*]"}, Stdin: h, Out: "Hexxx Wxrxd 123\n"},
		{Name: "repeat", Args: []string{"tr", "Helo", "[x*2]yz"}, Stdin: h, Out: "xxyyz Wzryd 123\n"},
		{Name: "squeeze-xlate", Args: []string{"tr", "-s", " ", `\n`}, Stdin: h, Out: "Hello\nWorld\n123\n"},
		{Name: "octal", Args: []string{"tr", `\154`, "L"}, Stdin: h, Out: "HeLLo WorLd 123\n"},
		{Name: "delete-squeeze", Args: []string{"tr", "-ds", "l", "o"}, Stdin: h, Out: "Heo Word 123\n"},
		{Name: "missing-set2", Args: []string{"tr", "a"}, ErrOut: "tr: missing operand after 'a'\nTwo strings must be given when translating.\nTry 'tr --help' for more information.\n", Status: 1},
		{Name: "missing", Args: []string{"tr"}, ErrOut: "tr: missing operand\nTry 'tr --help' for more information.\n", Status: 1},
		{Name: "extra", Args: []string{"tr", "-d", "a", "b"}, ErrOut: "tr: extra operand 'b'\nOnly one string may be given when deleting without squeezing repeats.\nTry 'tr --help' for more information.\n", Status: 1},
		{Name: "reverse-range", Args: []string{"tr", "z-a", "x"}, Stdin: h, ErrOut: "tr: range-endpoints of 'z-a' are in reverse collating sequence order\n", Status: 1},
		{Name: "bad-class", Args: []string{"tr", "[:foo:]", "x"}, Stdin: h, ErrOut: "tr: invalid character class 'foo'\n", Status: 1},
	})
}
