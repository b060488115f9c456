package printf

import (
	"testing"
)

func TestSeq(t *testing.T) {
	runCases(t, []cmdCase{
		{Name: "last", Args: []string{"seq", "3"}, Out: "1\n2\n3\n"},
		{Name: "sep", Args: []string{"seq", "-s:", "1", "3"}, Out: "1:2:3\n"},
		{Name: "w", Args: []string{"seq", "-w", "8", "10"}, Out: "08\n09\n10\n"},
		{Name: "w-neg", Args: []string{"seq", "-w", "-5", "3", "5"}, Out: "-5\n-2\n01\n04\n"},
		{Name: "float", Args: []string{"seq", "1", "0.5", "2"}, Out: "1.0\n1.5\n2.0\n"},
		{Name: "float-prec", Args: []string{"seq", "1", "0.25", "2.0"}, Out: "1.00\n1.25\n1.50\n1.75\n2.00\n"},
		{Name: "tenths", Args: []string{"seq", "0.1", "0.1", "0.5"}, Out: "0.1\n0.2\n0.3\n0.4\n0.5\n"},
		{Name: "exp", Args: []string{"seq", "1e2", "1e2", "3e2"}, Out: "100\n200\n300\n"},
		{Name: "down", Args: []string{"seq", "10", "-3", "1"}, Out: "10\n7\n4\n1\n"},
		{Name: "empty", Args: []string{"seq", "5", "1"}},
		{Name: "format", Args: []string{"seq", "-f", "%03g", "3"}, Out: "001\n002\n003\n"},
		{Name: "format-f", Args: []string{"seq", "-f", "x%.2fy", "1", "2"}, Out: "x1.00y\nx2.00y\n"},
		{Name: "hex", Args: []string{"seq", "0x10", "0x11"}, Out: "16\n17\n"},
		{Name: "zero-incr", Args: []string{"seq", "1", "0", "3"}, ErrOut: "seq: invalid Zero increment value: '0'\nTry 'seq --help' for more information.\n", Status: 1},
		{Name: "bad", Args: []string{"seq", "x"}, ErrOut: "seq: invalid floating point argument: 'x'\nTry 'seq --help' for more information.\n", Status: 1},
		{Name: "missing", Args: []string{"seq"}, ErrOut: "seq: missing operand\nTry 'seq --help' for more information.\n", Status: 1},
	})
}
