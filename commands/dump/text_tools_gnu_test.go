package dump

import (
	"testing"
)

// TestTextToolsGNU: each expectation was produced by running the GNU tool
// (coreutils / diffutils, LC_ALL=C) on the same arguments, stdin and files
// while writing the test; outputs are compared byte for byte.
func TestTextToolsGNU(t *testing.T) {
	tf := map[string]string{
		"a":  "a\nb\n",
		"b":  "c\nd\n",
		"t":  "hello world\nfoo bar\nbaz\n",
		"s1": "a\nb\nc\n",
		"s2": "b\nc\nd\n",
		"sp": "x y z\n",
	}
	runCases(t, []cmdCase{
		{Name: "base64", Args: []string{"base64"}, Stdin: "hello world\n", Files: tf, Out: "aGVsbG8gd29ybGQK\n", ErrOut: "", Status: 0},
		{Name: "base64-wrap", Args: []string{"base64"}, Stdin: "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa", Files: tf, Out: "YWFhYWFhYWFhYWFhYWFhYWFhYWFhYWFhYWFhYWFhYWFhYWFhYWFhYWFhYWFhYWFhYWFhYWFhYWFh\nYWFhYWFhYWFhYWFhYWFhYWE=\n", ErrOut: "", Status: 0},
		{Name: "base64-w0", Args: []string{"base64", "-w", "0"}, Stdin: "hello", Files: tf, Out: "aGVsbG8=", ErrOut: "", Status: 0},
		{Name: "base64-w4", Args: []string{"base64", "-w", "4"}, Stdin: "hello", Files: tf, Out: "aGVs\nbG8=\n", ErrOut: "", Status: 0},
		{Name: "base64-d", Args: []string{"base64", "-d"}, Stdin: "aGVsbG8gd29ybGQK\n", Files: tf, Out: "hello world\n", ErrOut: "", Status: 0},
		{Name: "base64-d-nopad", Args: []string{"base64", "-d"}, Stdin: "aGVsbG8", Files: tf, Out: "hello", ErrOut: "base64: invalid input\n", Status: 1},
		{Name: "base64-d-bad", Args: []string{"base64", "-d"}, Stdin: "aGVs!bG8=\n", Files: tf, Out: "hel", ErrOut: "base64: invalid input\n", Status: 1},
		{Name: "base64-di", Args: []string{"base64", "-d", "-i"}, Stdin: "aGVs!bG8=\n", Files: tf, Out: "hello", ErrOut: "", Status: 0},
		{Name: "base64-empty", Args: []string{"base64"}, Stdin: "", Files: tf, Out: "", ErrOut: "", Status: 0},
		{Name: "base32", Args: []string{"base32"}, Stdin: "hello\n", Files: tf, Out: "NBSWY3DPBI======\n", ErrOut: "", Status: 0},
		{Name: "base32-d", Args: []string{"base32", "-d"}, Stdin: "NBSWY3DPBI======\n", Files: tf, Out: "hello\n", ErrOut: "", Status: 0},
		{Name: "md5", Args: []string{"md5sum"}, Stdin: "abc", Files: tf, Out: "900150983cd24fb0d6963f7d28e17f72  -\n", ErrOut: "", Status: 0},
		{Name: "md5-file", Args: []string{"md5sum", "s1", "s2"}, Stdin: "", Files: tf, Out: "40c53c58fdafacc83cfff6ee3d2f6d69  s1\n621998bb3ef787c4ac1408b5b9c8bef5  s2\n", ErrOut: "", Status: 0},
		{Name: "sha1", Args: []string{"sha1sum"}, Stdin: "abc", Files: tf, Out: "a9993e364706816aba3e25717850c26c9cd0d89d  -\n", ErrOut: "", Status: 0},
		{Name: "sha224", Args: []string{"sha224sum"}, Stdin: "abc", Files: tf, Out: "23097d223405d8228642a477bda255b32aadbce4bda0b3f7e36c9da7  -\n", ErrOut: "", Status: 0},
		{Name: "sha256", Args: []string{"sha256sum"}, Stdin: "abc", Files: tf, Out: "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad  -\n", ErrOut: "", Status: 0},
		{Name: "sha384", Args: []string{"sha384sum"}, Stdin: "abc", Files: tf, Out: "cb00753f45a35e8bb5a03d699ac65007272c32ab0eded1631a8b605a43ff5bed8086072ba1e7cc2358baeca134c825a7  -\n", ErrOut: "", Status: 0},
		{Name: "sha512", Args: []string{"sha512sum"}, Stdin: "abc", Files: tf, Out: "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f  -\n", ErrOut: "", Status: 0},
		{Name: "sha256-b", Args: []string{"sha256sum", "-b", "s1"}, Stdin: "", Files: tf, Out: "880553fca8fcea94e325ee2cfb48e5a985cc797f39a14cc6d3cedecfeb2ae4d2 *s1\n", ErrOut: "", Status: 0},
		{Name: "md5-missing", Args: []string{"md5sum", "nope", "s1"}, Stdin: "", Files: tf, Out: "40c53c58fdafacc83cfff6ee3d2f6d69  s1\n", ErrOut: "md5sum: nope: No such file or directory\n", Status: 1},
		{Name: "md5-check", Args: []string{"md5sum", "-c"}, Stdin: "60b725f10c9c85c70d97880dfe8191b3  s1\n60b725f10c9c85c70d97880dfe8191b3  s2\n", Files: tf, Out: "s1: FAILED\ns2: FAILED\n", ErrOut: "md5sum: WARNING: 2 computed checksums did NOT match\n", Status: 1},
		{Name: "md5-check-status", Args: []string{"md5sum", "-c", "--status"}, Stdin: "60b725f10c9c85c70d97880dfe8191b3  s1\n", Files: tf, Out: "", ErrOut: "", Status: 1},
		{Name: "md5-check-quiet", Args: []string{"md5sum", "-c", "--quiet"}, Stdin: "60b725f10c9c85c70d97880dfe8191b3  s1\n60b725f10c9c85c70d97880dfe8191b3  s2\n", Files: tf, Out: "s1: FAILED\ns2: FAILED\n", ErrOut: "md5sum: WARNING: 2 computed checksums did NOT match\n", Status: 1},
		{Name: "cksum", Args: []string{"cksum"}, Stdin: "hello\n", Files: tf, Out: "3015617425 6\n", ErrOut: "", Status: 0},
		{Name: "cksum-empty", Args: []string{"cksum"}, Stdin: "", Files: tf, Out: "4294967295 0\n", ErrOut: "", Status: 0},
		{Name: "cksum-file", Args: []string{"cksum", "s1", "s2"}, Stdin: "", Files: tf, Out: "2923054182 6 s1\n868605005 6 s2\n", ErrOut: "", Status: 0},
	})
}
