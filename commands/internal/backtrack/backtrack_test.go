package backtrack

import (
	"errors"
	"math/rand"
	"regexp"
	"strings"
	"testing"

	"github.com/justbash/justbash/commands/internal/posixre"
)

// grepRows were recorded from GNU grep 3.8: `printf '%s\n' SUBJECT | grep
// -o [-E] -- PATTERN`, its stdout ("error": status 2, "Invalid back
// reference").
var grepRows = []struct {
	ere       bool
	pat, subj string
	out       string
}{
	{false, `\(a\)\1`, "aa", "aa\n"},
	{false, `\(a\)\1`, "abab abba", ""},
	{false, `\(a\)\1`, "xyzzy", ""},
	{false, `\(a\)\1`, "foo foo bar bar", ""},
	{false, `\(a\)\1`, "aaaab", "aa\naa\n"},
	{false, `\(a\)\1`, "abab", ""},
	{false, `\(a\)\1`, "hello hello", ""},
	{false, `\(a\)\1`, "abba", ""},
	{false, `\(a\)\1`, "ac", ""},
	{false, `\(a\)\1`, "abcb", ""},
	{false, `\(a\)\1`, "1112222", ""},
	{false, `\(a\)\1`, "x", ""},
	{false, `\(a\)\1`, "xxx", ""},
	{false, `\(a\)\1`, "abcabcd", ""},
	{false, `\(a\)\1`, "ab-ab ab-abc", ""},
	{false, `\(a\)\1`, "axa bxbb", ""},
	{false, `\(a\)\1`, "bax aax", "aa\n"},
	{false, `\(.\)\1`, "aa", "aa\n"},
	{false, `\(.\)\1`, "abab abba", "bb\n"},
	{false, `\(.\)\1`, "xyzzy", "zz\n"},
	{false, `\(.\)\1`, "foo foo bar bar", "oo\noo\n"},
	{false, `\(.\)\1`, "aaaab", "aa\naa\n"},
	{false, `\(.\)\1`, "abab", ""},
	{false, `\(.\)\1`, "hello hello", "ll\nll\n"},
	{false, `\(.\)\1`, "abba", "bb\n"},
	{false, `\(.\)\1`, "ac", ""},
	{false, `\(.\)\1`, "abcb", ""},
	{false, `\(.\)\1`, "1112222", "11\n22\n22\n"},
	{false, `\(.\)\1`, "x", ""},
	{false, `\(.\)\1`, "xxx", "xx\n"},
	{false, `\(.\)\1`, "abcabcd", ""},
	{false, `\(.\)\1`, "ab-ab ab-abc", ""},
	{false, `\(.\)\1`, "axa bxbb", "bb\n"},
	{false, `\(.\)\1`, "bax aax", "aa\n"},
	{false, `\([a-z]*\) \1`, "aa", ""},
	{false, `\([a-z]*\) \1`, "abab abba", "ab ab\n"},
	{false, `\([a-z]*\) \1`, "xyzzy", ""},
	{false, `\([a-z]*\) \1`, "foo foo bar bar", "foo foo\n \nbar bar\n"},
	{false, `\([a-z]*\) \1`, "aaaab", ""},
	{false, `\([a-z]*\) \1`, "abab", ""},
	{false, `\([a-z]*\) \1`, "hello hello", "hello hello\n"},
	{false, `\([a-z]*\) \1`, "abba", ""},
	{false, `\([a-z]*\) \1`, "ac", ""},
	{false, `\([a-z]*\) \1`, "abcb", ""},
	{false, `\([a-z]*\) \1`, "1112222", ""},
	{false, `\([a-z]*\) \1`, "x", ""},
	{false, `\([a-z]*\) \1`, "xxx", ""},
	{false, `\([a-z]*\) \1`, "abcabcd", ""},
	{false, `\([a-z]*\) \1`, "ab-ab ab-abc", "ab ab\n"},
	{false, `\([a-z]*\) \1`, "axa bxbb", " \n"},
	{false, `\([a-z]*\) \1`, "bax aax", " \n"},
	{false, `\(a*\)\1b`, "aa", ""},
	{false, `\(a*\)\1b`, "abab abba", "b\nb\nb\nb\n"},
	{false, `\(a*\)\1b`, "xyzzy", ""},
	{false, `\(a*\)\1b`, "foo foo bar bar", "b\nb\n"},
	{false, `\(a*\)\1b`, "aaaab", "aaaab\n"},
	{false, `\(a*\)\1b`, "abab", "b\nb\n"},
	{false, `\(a*\)\1b`, "hello hello", ""},
	{false, `\(a*\)\1b`, "abba", "b\nb\n"},
	{false, `\(a*\)\1b`, "ac", ""},
	{false, `\(a*\)\1b`, "abcb", "b\nb\n"},
	{false, `\(a*\)\1b`, "1112222", ""},
	{false, `\(a*\)\1b`, "x", ""},
	{false, `\(a*\)\1b`, "xxx", ""},
	{false, `\(a*\)\1b`, "abcabcd", "b\nb\n"},
	{false, `\(a*\)\1b`, "ab-ab ab-abc", "b\nb\nb\nb\n"},
	{false, `\(a*\)\1b`, "axa bxbb", "b\nb\nb\n"},
	{false, `\(a*\)\1b`, "bax aax", "b\n"},
	{false, `\(ab\|a\)\1`, "aa", "aa\n"},
	{false, `\(ab\|a\)\1`, "abab abba", "abab\n"},
	{false, `\(ab\|a\)\1`, "xyzzy", ""},
	{false, `\(ab\|a\)\1`, "foo foo bar bar", ""},
	{false, `\(ab\|a\)\1`, "aaaab", "aa\naa\n"},
	{false, `\(ab\|a\)\1`, "abab", "abab\n"},
	{false, `\(ab\|a\)\1`, "hello hello", ""},
	{false, `\(ab\|a\)\1`, "abba", ""},
	{false, `\(ab\|a\)\1`, "ac", ""},
	{false, `\(ab\|a\)\1`, "abcb", ""},
	{false, `\(ab\|a\)\1`, "1112222", ""},
	{false, `\(ab\|a\)\1`, "x", ""},
	{false, `\(ab\|a\)\1`, "xxx", ""},
	{false, `\(ab\|a\)\1`, "abcabcd", ""},
	{false, `\(ab\|a\)\1`, "ab-ab ab-abc", ""},
	{false, `\(ab\|a\)\1`, "axa bxbb", ""},
	{false, `\(ab\|a\)\1`, "bax aax", "aa\n"},
	{false, `^\(.*\)\1$`, "aa", "aa\n"},
	{false, `^\(.*\)\1$`, "abab abba", ""},
	{false, `^\(.*\)\1$`, "xyzzy", ""},
	{false, `^\(.*\)\1$`, "foo foo bar bar", ""},
	{false, `^\(.*\)\1$`, "aaaab", ""},
	{false, `^\(.*\)\1$`, "abab", "abab\n"},
	{false, `^\(.*\)\1$`, "hello hello", ""},
	{false, `^\(.*\)\1$`, "abba", ""},
	{false, `^\(.*\)\1$`, "ac", ""},
	{false, `^\(.*\)\1$`, "abcb", ""},
	{false, `^\(.*\)\1$`, "1112222", ""},
	{false, `^\(.*\)\1$`, "x", ""},
	{false, `^\(.*\)\1$`, "xxx", ""},
	{false, `^\(.*\)\1$`, "abcabcd", ""},
	{false, `^\(.*\)\1$`, "ab-ab ab-abc", ""},
	{false, `^\(.*\)\1$`, "axa bxbb", ""},
	{false, `^\(.*\)\1$`, "bax aax", ""},
	{false, `\(a\)\(b\)\2\1`, "aa", ""},
	{false, `\(a\)\(b\)\2\1`, "abab abba", "abba\n"},
	{false, `\(a\)\(b\)\2\1`, "xyzzy", ""},
	{false, `\(a\)\(b\)\2\1`, "foo foo bar bar", ""},
	{false, `\(a\)\(b\)\2\1`, "aaaab", ""},
	{false, `\(a\)\(b\)\2\1`, "abab", ""},
	{false, `\(a\)\(b\)\2\1`, "hello hello", ""},
	{false, `\(a\)\(b\)\2\1`, "abba", "abba\n"},
	{false, `\(a\)\(b\)\2\1`, "ac", ""},
	{false, `\(a\)\(b\)\2\1`, "abcb", ""},
	{false, `\(a\)\(b\)\2\1`, "1112222", ""},
	{false, `\(a\)\(b\)\2\1`, "x", ""},
	{false, `\(a\)\(b\)\2\1`, "xxx", ""},
	{false, `\(a\)\(b\)\2\1`, "abcabcd", ""},
	{false, `\(a\)\(b\)\2\1`, "ab-ab ab-abc", ""},
	{false, `\(a\)\(b\)\2\1`, "axa bxbb", ""},
	{false, `\(a\)\(b\)\2\1`, "bax aax", ""},
	{false, `\(x\)*\1`, "aa", ""},
	{false, `\(x\)*\1`, "abab abba", ""},
	{false, `\(x\)*\1`, "xyzzy", ""},
	{false, `\(x\)*\1`, "foo foo bar bar", ""},
	{false, `\(x\)*\1`, "aaaab", ""},
	{false, `\(x\)*\1`, "abab", ""},
	{false, `\(x\)*\1`, "hello hello", ""},
	{false, `\(x\)*\1`, "abba", ""},
	{false, `\(x\)*\1`, "ac", ""},
	{false, `\(x\)*\1`, "abcb", ""},
	{false, `\(x\)*\1`, "1112222", ""},
	{false, `\(x\)*\1`, "x", ""},
	{false, `\(x\)*\1`, "xxx", "xxx\n"},
	{false, `\(x\)*\1`, "abcabcd", ""},
	{false, `\(x\)*\1`, "ab-ab ab-abc", ""},
	{false, `\(x\)*\1`, "axa bxbb", ""},
	{false, `\(x\)*\1`, "bax aax", ""},
	{false, `a\(b\)*c\1`, "aa", ""},
	{false, `a\(b\)*c\1`, "abab abba", ""},
	{false, `a\(b\)*c\1`, "xyzzy", ""},
	{false, `a\(b\)*c\1`, "foo foo bar bar", ""},
	{false, `a\(b\)*c\1`, "aaaab", ""},
	{false, `a\(b\)*c\1`, "abab", ""},
	{false, `a\(b\)*c\1`, "hello hello", ""},
	{false, `a\(b\)*c\1`, "abba", ""},
	{false, `a\(b\)*c\1`, "ac", ""},
	{false, `a\(b\)*c\1`, "abcb", "abcb\n"},
	{false, `a\(b\)*c\1`, "1112222", ""},
	{false, `a\(b\)*c\1`, "x", ""},
	{false, `a\(b\)*c\1`, "xxx", ""},
	{false, `a\(b\)*c\1`, "abcabcd", ""},
	{false, `a\(b\)*c\1`, "ab-ab ab-abc", ""},
	{false, `a\(b\)*c\1`, "axa bxbb", ""},
	{false, `a\(b\)*c\1`, "bax aax", ""},
	{false, `\(.\)\(.\)\2\1`, "aa", ""},
	{false, `\(.\)\(.\)\2\1`, "abab abba", "abba\n"},
	{false, `\(.\)\(.\)\2\1`, "xyzzy", "yzzy\n"},
	{false, `\(.\)\(.\)\2\1`, "foo foo bar bar", ""},
	{false, `\(.\)\(.\)\2\1`, "aaaab", "aaaa\n"},
	{false, `\(.\)\(.\)\2\1`, "abab", ""},
	{false, `\(.\)\(.\)\2\1`, "hello hello", ""},
	{false, `\(.\)\(.\)\2\1`, "abba", "abba\n"},
	{false, `\(.\)\(.\)\2\1`, "ac", ""},
	{false, `\(.\)\(.\)\2\1`, "abcb", ""},
	{false, `\(.\)\(.\)\2\1`, "1112222", "2222\n"},
	{false, `\(.\)\(.\)\2\1`, "x", ""},
	{false, `\(.\)\(.\)\2\1`, "xxx", ""},
	{false, `\(.\)\(.\)\2\1`, "abcabcd", ""},
	{false, `\(.\)\(.\)\2\1`, "ab-ab ab-abc", ""},
	{false, `\(.\)\(.\)\2\1`, "axa bxbb", ""},
	{false, `\(.\)\(.\)\2\1`, "bax aax", ""},
	{false, `\([0-9]\)\1\{2\}`, "aa", ""},
	{false, `\([0-9]\)\1\{2\}`, "abab abba", ""},
	{false, `\([0-9]\)\1\{2\}`, "xyzzy", ""},
	{false, `\([0-9]\)\1\{2\}`, "foo foo bar bar", ""},
	{false, `\([0-9]\)\1\{2\}`, "aaaab", ""},
	{false, `\([0-9]\)\1\{2\}`, "abab", ""},
	{false, `\([0-9]\)\1\{2\}`, "hello hello", ""},
	{false, `\([0-9]\)\1\{2\}`, "abba", ""},
	{false, `\([0-9]\)\1\{2\}`, "ac", ""},
	{false, `\([0-9]\)\1\{2\}`, "abcb", ""},
	{false, `\([0-9]\)\1\{2\}`, "1112222", "111\n222\n"},
	{false, `\([0-9]\)\1\{2\}`, "x", ""},
	{false, `\([0-9]\)\1\{2\}`, "xxx", ""},
	{false, `\([0-9]\)\1\{2\}`, "abcabcd", ""},
	{false, `\([0-9]\)\1\{2\}`, "ab-ab ab-abc", ""},
	{false, `\([0-9]\)\1\{2\}`, "axa bxbb", ""},
	{false, `\([0-9]\)\1\{2\}`, "bax aax", ""},
	{false, `\(a\|b\)*\1`, "aa", "aa\n"},
	{false, `\(a\|b\)*\1`, "abab abba", "abb\n"},
	{false, `\(a\|b\)*\1`, "xyzzy", ""},
	{false, `\(a\|b\)*\1`, "foo foo bar bar", ""},
	{false, `\(a\|b\)*\1`, "aaaab", "aaaa\n"},
	{false, `\(a\|b\)*\1`, "abab", ""},
	{false, `\(a\|b\)*\1`, "hello hello", ""},
	{false, `\(a\|b\)*\1`, "abba", "abb\n"},
	{false, `\(a\|b\)*\1`, "ac", ""},
	{false, `\(a\|b\)*\1`, "abcb", ""},
	{false, `\(a\|b\)*\1`, "1112222", ""},
	{false, `\(a\|b\)*\1`, "x", ""},
	{false, `\(a\|b\)*\1`, "xxx", ""},
	{false, `\(a\|b\)*\1`, "abcabcd", ""},
	{false, `\(a\|b\)*\1`, "ab-ab ab-abc", ""},
	{false, `\(a\|b\)*\1`, "axa bxbb", "bb\n"},
	{false, `\(a\|b\)*\1`, "bax aax", "aa\n"},
	{false, `\(.*\)x\1`, "aa", ""},
	{false, `\(.*\)x\1`, "abab abba", ""},
	{false, `\(.*\)x\1`, "xyzzy", "x\n"},
	{false, `\(.*\)x\1`, "foo foo bar bar", ""},
	{false, `\(.*\)x\1`, "aaaab", ""},
	{false, `\(.*\)x\1`, "abab", ""},
	{false, `\(.*\)x\1`, "hello hello", ""},
	{false, `\(.*\)x\1`, "abba", ""},
	{false, `\(.*\)x\1`, "ac", ""},
	{false, `\(.*\)x\1`, "abcb", ""},
	{false, `\(.*\)x\1`, "1112222", ""},
	{false, `\(.*\)x\1`, "x", "x\n"},
	{false, `\(.*\)x\1`, "xxx", "xxx\n"},
	{false, `\(.*\)x\1`, "abcabcd", ""},
	{false, `\(.*\)x\1`, "ab-ab ab-abc", ""},
	{false, `\(.*\)x\1`, "axa bxbb", "axa\nbxb\n"},
	{false, `\(.*\)x\1`, "bax aax", "x\nx\n"},
	{false, `\(a\)\|b\1`, "", "error"},
	{false, `\(\(a\)\|b\)\2`, "aa", "aa\n"},
	{false, `\(\(a\)\|b\)\2`, "abab abba", ""},
	{false, `\(\(a\)\|b\)\2`, "xyzzy", ""},
	{false, `\(\(a\)\|b\)\2`, "foo foo bar bar", ""},
	{false, `\(\(a\)\|b\)\2`, "aaaab", "aa\naa\n"},
	{false, `\(\(a\)\|b\)\2`, "abab", ""},
	{false, `\(\(a\)\|b\)\2`, "hello hello", ""},
	{false, `\(\(a\)\|b\)\2`, "abba", ""},
	{false, `\(\(a\)\|b\)\2`, "ac", ""},
	{false, `\(\(a\)\|b\)\2`, "abcb", ""},
	{false, `\(\(a\)\|b\)\2`, "1112222", ""},
	{false, `\(\(a\)\|b\)\2`, "x", ""},
	{false, `\(\(a\)\|b\)\2`, "xxx", ""},
	{false, `\(\(a\)\|b\)\2`, "abcabcd", ""},
	{false, `\(\(a\)\|b\)\2`, "ab-ab ab-abc", ""},
	{false, `\(\(a\)\|b\)\2`, "axa bxbb", ""},
	{false, `\(\(a\)\|b\)\2`, "bax aax", "aa\n"},
	{false, `x\|\(a\)\1`, "aa", "aa\n"},
	{false, `x\|\(a\)\1`, "abab abba", ""},
	{false, `x\|\(a\)\1`, "xyzzy", "x\n"},
	{false, `x\|\(a\)\1`, "foo foo bar bar", ""},
	{false, `x\|\(a\)\1`, "aaaab", "aa\naa\n"},
	{false, `x\|\(a\)\1`, "abab", ""},
	{false, `x\|\(a\)\1`, "hello hello", ""},
	{false, `x\|\(a\)\1`, "abba", ""},
	{false, `x\|\(a\)\1`, "ac", ""},
	{false, `x\|\(a\)\1`, "abcb", ""},
	{false, `x\|\(a\)\1`, "1112222", ""},
	{false, `x\|\(a\)\1`, "x", "x\n"},
	{false, `x\|\(a\)\1`, "xxx", "x\nx\nx\n"},
	{false, `x\|\(a\)\1`, "abcabcd", ""},
	{false, `x\|\(a\)\1`, "ab-ab ab-abc", ""},
	{false, `x\|\(a\)\1`, "axa bxbb", "x\nx\n"},
	{false, `x\|\(a\)\1`, "bax aax", "x\naa\nx\n"},
	{true, `(a|ab)(c|bcd)?\1`, "aa", "aa\n"},
	{true, `(a|ab)(c|bcd)?\1`, "abab abba", "abab\n"},
	{true, `(a|ab)(c|bcd)?\1`, "xyzzy", ""},
	{true, `(a|ab)(c|bcd)?\1`, "foo foo bar bar", ""},
	{true, `(a|ab)(c|bcd)?\1`, "aaaab", "aa\naa\n"},
	{true, `(a|ab)(c|bcd)?\1`, "abab", "abab\n"},
	{true, `(a|ab)(c|bcd)?\1`, "hello hello", ""},
	{true, `(a|ab)(c|bcd)?\1`, "abba", ""},
	{true, `(a|ab)(c|bcd)?\1`, "ac", ""},
	{true, `(a|ab)(c|bcd)?\1`, "abcb", ""},
	{true, `(a|ab)(c|bcd)?\1`, "1112222", ""},
	{true, `(a|ab)(c|bcd)?\1`, "x", ""},
	{true, `(a|ab)(c|bcd)?\1`, "xxx", ""},
	{true, `(a|ab)(c|bcd)?\1`, "abcabcd", "abcab\n"},
	{true, `(a|ab)(c|bcd)?\1`, "ab-ab ab-abc", ""},
	{true, `(a|ab)(c|bcd)?\1`, "axa bxbb", ""},
	{true, `(a|ab)(c|bcd)?\1`, "bax aax", "aa\n"},
	{true, `(.)\1+`, "aa", "aa\n"},
	{true, `(.)\1+`, "abab abba", "bb\n"},
	{true, `(.)\1+`, "xyzzy", "zz\n"},
	{true, `(.)\1+`, "foo foo bar bar", "oo\noo\n"},
	{true, `(.)\1+`, "aaaab", "aaaa\n"},
	{true, `(.)\1+`, "abab", ""},
	{true, `(.)\1+`, "hello hello", "ll\nll\n"},
	{true, `(.)\1+`, "abba", "bb\n"},
	{true, `(.)\1+`, "ac", ""},
	{true, `(.)\1+`, "abcb", ""},
	{true, `(.)\1+`, "1112222", "111\n2222\n"},
	{true, `(.)\1+`, "x", ""},
	{true, `(.)\1+`, "xxx", "xxx\n"},
	{true, `(.)\1+`, "abcabcd", ""},
	{true, `(.)\1+`, "ab-ab ab-abc", ""},
	{true, `(.)\1+`, "axa bxbb", "bb\n"},
	{true, `(.)\1+`, "bax aax", "aa\n"},
	{true, `([a-z]+)-\1`, "aa", ""},
	{true, `([a-z]+)-\1`, "abab abba", ""},
	{true, `([a-z]+)-\1`, "xyzzy", ""},
	{true, `([a-z]+)-\1`, "foo foo bar bar", ""},
	{true, `([a-z]+)-\1`, "aaaab", ""},
	{true, `([a-z]+)-\1`, "abab", ""},
	{true, `([a-z]+)-\1`, "hello hello", ""},
	{true, `([a-z]+)-\1`, "abba", ""},
	{true, `([a-z]+)-\1`, "ac", ""},
	{true, `([a-z]+)-\1`, "abcb", ""},
	{true, `([a-z]+)-\1`, "1112222", ""},
	{true, `([a-z]+)-\1`, "x", ""},
	{true, `([a-z]+)-\1`, "xxx", ""},
	{true, `([a-z]+)-\1`, "abcabcd", ""},
	{true, `([a-z]+)-\1`, "ab-ab ab-abc", "ab-ab\nab-ab\n"},
	{true, `([a-z]+)-\1`, "axa bxbb", ""},
	{true, `([a-z]+)-\1`, "bax aax", ""},
	{true, `(a)|\1b`, "", "error"},
	{true, `(a\1)`, "", "error"},
	{true, `(a)\2`, "", "error"},
	{true, `((a)|b)\2x`, "aa", ""},
	{true, `((a)|b)\2x`, "abab abba", ""},
	{true, `((a)|b)\2x`, "xyzzy", ""},
	{true, `((a)|b)\2x`, "foo foo bar bar", ""},
	{true, `((a)|b)\2x`, "aaaab", ""},
	{true, `((a)|b)\2x`, "abab", ""},
	{true, `((a)|b)\2x`, "hello hello", ""},
	{true, `((a)|b)\2x`, "abba", ""},
	{true, `((a)|b)\2x`, "ac", ""},
	{true, `((a)|b)\2x`, "abcb", ""},
	{true, `((a)|b)\2x`, "1112222", ""},
	{true, `((a)|b)\2x`, "x", ""},
	{true, `((a)|b)\2x`, "xxx", ""},
	{true, `((a)|b)\2x`, "abcabcd", ""},
	{true, `((a)|b)\2x`, "ab-ab ab-abc", ""},
	{true, `((a)|b)\2x`, "axa bxbb", ""},
	{true, `((a)|b)\2x`, "bax aax", "aax\n"},
	{true, `(b)(a)\2|x`, "aa", ""},
	{true, `(b)(a)\2|x`, "abab abba", ""},
	{true, `(b)(a)\2|x`, "xyzzy", "x\n"},
	{true, `(b)(a)\2|x`, "foo foo bar bar", ""},
	{true, `(b)(a)\2|x`, "aaaab", ""},
	{true, `(b)(a)\2|x`, "abab", ""},
	{true, `(b)(a)\2|x`, "hello hello", ""},
	{true, `(b)(a)\2|x`, "abba", ""},
	{true, `(b)(a)\2|x`, "ac", ""},
	{true, `(b)(a)\2|x`, "abcb", ""},
	{true, `(b)(a)\2|x`, "1112222", ""},
	{true, `(b)(a)\2|x`, "x", "x\n"},
	{true, `(b)(a)\2|x`, "xxx", "x\nx\nx\n"},
	{true, `(b)(a)\2|x`, "abcabcd", ""},
	{true, `(b)(a)\2|x`, "ab-ab ab-abc", ""},
	{true, `(b)(a)\2|x`, "axa bxbb", "x\nx\n"},
	{true, `(b)(a)\2|x`, "bax aax", "x\nx\n"},
}

// compileGrep translates a pattern as grep does and compiles it here.
func compileGrep(pat string, ere bool) (*Regexp, error) {
	t, err := posixre.Translate(pat, ere, posixre.Options{CheckGroups: true, Backrefs: true})
	if err != nil {
		return nil, err
	}
	return Compile(t)
}

// onlyMatching prints the non-empty matches one per line, as grep -o.
func onlyMatching(re *Regexp, line string) string {
	var b strings.Builder
	for _, m := range re.FindAllSubmatchIndex([]byte(line), -1) {
		if m[1] > m[0] {
			b.WriteString(line[m[0]:m[1]] + "\n")
		}
	}
	return b.String()
}

func TestGNUGrepRows(t *testing.T) {
	for _, r := range grepRows {
		re, err := compileGrep(r.pat, r.ere)
		if r.out == "error" {
			if err == nil || err.Error() != "Invalid back reference" {
				t.Errorf("%q (ere=%v): err %v, want Invalid back reference", r.pat, r.ere, err)
			}
			continue
		}
		if err != nil {
			t.Errorf("%q: %v", r.pat, err)
			continue
		}
		if got := onlyMatching(re, r.subj); got != r.out {
			t.Errorf("grep -o %q on %q = %q, GNU %q", r.pat, r.subj, got, r.out)
		}
		if re.Err() != nil {
			t.Errorf("%q: %v", r.pat, re.Err())
		}
	}
}

// TestSubmatches checks the groups sed's replacement reads, against GNU
// sed 4.9 (`echo SUBJ | sed -E 's/PAT/[\1|\2]/'`).
func TestSubmatches(t *testing.T) {
	rows := []struct{ pat, subj, want string }{
		{`(a*)\1`, "aaaa", "[aa|]"},
		{`(a|ab)(c|bcd)?\1`, "abcab", "[ab|c]"},
		{`(.)(.)\2\1`, "xabba", "x[a|b]"},
		{`([a-z]+) \1`, "say foo foo", "say [foo|]"},
	}
	for _, r := range rows {
		tr, err := posixre.Translate(r.pat, true, posixre.Options{Backrefs: true})
		if err != nil {
			t.Fatal(err)
		}
		re := MustCompile(tr)
		m := re.FindSubmatchIndex([]byte(r.subj))
		if m == nil {
			t.Errorf("%q on %q: no match", r.pat, r.subj)
			continue
		}
		grp := func(n int) string {
			if n >= len(m)/2 || m[2*n] < 0 {
				return ""
			}
			return r.subj[m[2*n]:m[2*n+1]]
		}
		got := r.subj[:m[0]] + "[" + grp(1) + "|" + grp(2) + "]" + r.subj[m[1]:]
		if got != r.want {
			t.Errorf("%q on %q = %q, GNU sed %q", r.pat, r.subj, got, r.want)
		}
	}
}

// TestAgreesWithRE2 compares, on patterns without back-references, the
// extents of the leftmost-longest matches with Go's regexp in Longest
// mode, over random patterns and subjects.
func TestAgreesWithRE2(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	for n := 0; n < 3000; n++ {
		expr := randExpr(rng, 3)
		if rng.Intn(4) == 0 {
			expr = "(?i)" + expr
		}
		want, err := regexp.Compile(expr)
		if err != nil {
			continue
		}
		want.Longest()
		got, err := Compile(expr)
		if err != nil {
			t.Fatalf("%q: %v", expr, err)
		}
		for k := 0; k < 8; k++ {
			subj := randSubject(rng)
			w, g := want.FindAllIndex([]byte(subj), -1), got.FindAllSubmatchIndex([]byte(subj), -1)
			if len(w) != len(g) {
				t.Fatalf("%q on %q: RE2 %v, ours %v", expr, subj, w, g)
			}
			for i := range w {
				if w[i][0] != g[i][0] || w[i][1] != g[i][1] {
					t.Fatalf("%q on %q: RE2 %v, ours %v", expr, subj, w, g)
				}
			}
			if want.MatchString(subj) != got.Match([]byte(subj)) {
				t.Fatalf("%q on %q: Match differs", expr, subj)
			}
		}
	}
}

func randExpr(rng *rand.Rand, depth int) string {
	atoms := []string{"a", "b", "A", ".", "[ab]", "[^a]", "^", "$", `\b`, "ab", "é"}
	if depth == 0 {
		return atoms[rng.Intn(len(atoms))]
	}
	switch rng.Intn(6) {
	case 0:
		return randExpr(rng, depth-1) + randExpr(rng, depth-1)
	case 1:
		return "(" + randExpr(rng, depth-1) + "|" + randExpr(rng, depth-1) + ")"
	case 2:
		return "(" + randExpr(rng, depth-1) + ")" + []string{"*", "+", "?", "{1,2}", "{2}", "{0,}"}[rng.Intn(6)]
	case 3:
		return randExpr(rng, depth-1) + randExpr(rng, depth-1) + randExpr(rng, depth-1)
	}
	return atoms[rng.Intn(len(atoms))]
}

func randSubject(rng *rand.Rand) string {
	parts := []string{"a", "b", "A", " ", "é", "\xff", "\n"}
	var b strings.Builder
	for n := rng.Intn(9); n > 0; n-- {
		b.WriteString(parts[rng.Intn(len(parts))])
	}
	return b.String()
}

// TestBudget: a pattern whose paths multiply stops at the step limit with
// ErrTooComplex and reports no match, rather than running on.
func TestBudget(t *testing.T) {
	re, err := compileGrep(`^\(a*\)*\1b$`, false)
	if err != nil {
		t.Fatal(err)
	}
	subj := []byte(strings.Repeat("a", 40) + "cb")
	re.StepLimit = 100000
	if re.Match(subj) || !errors.Is(re.Err(), ErrTooComplex) {
		t.Fatalf("step limit: err %v", re.Err())
	}
	// The default budget ends too.
	re.StepLimit = 0
	if re.Match(subj) || !errors.Is(re.Err(), ErrTooComplex) {
		t.Fatalf("default limit: err %v", re.Err())
	}
	// A later easy search clears the error.
	if !re.Match([]byte("aab")) || re.Err() != nil {
		t.Fatalf("easy search after a trip: err %v", re.Err())
	}
}

// TestDepth: a long repetition of a group recurses once per iteration;
// the depth bound turns a huge input into ErrTooComplex.
func TestDepth(t *testing.T) {
	re, err := compileGrep(`\(\(ab\)*\)x\1`, false)
	if err != nil {
		t.Fatal(err)
	}
	if !re.Match([]byte("ababxabab")) {
		t.Fatal("short input should match")
	}
	long := []byte(strings.Repeat("ab", DefaultDepth) + "x")
	if re.Match(long) || !errors.Is(re.Err(), ErrTooComplex) {
		t.Fatalf("deep input: err %v", re.Err())
	}
}

func TestMarkerNames(t *testing.T) {
	for _, c := range []struct {
		name string
		n    int
		ok   bool
	}{{"b1_1", 1, true}, {"b9_12", 9, true}, {"b0_1", 0, false}, {"x1_1", 0, false}, {"b1", 0, false}} {
		n, ok := IsMarker(c.name)
		if n != c.n || ok != c.ok {
			t.Errorf("IsMarker(%q) = %d, %v", c.name, n, ok)
		}
	}
}

// TestEmptyIteration: GNU grep 3.8 matches `^\(a*\)*\1b$` on "ab" and
// "aab" and "b" (the group's last iteration is empty) but not on "ba".
func TestEmptyIteration(t *testing.T) {
	re, err := compileGrep(`^\(a*\)*\1b$`, false)
	if err != nil {
		t.Fatal(err)
	}
	for s, want := range map[string]bool{"ab": true, "aab": true, "b": true, "ba": false} {
		if got := re.Match([]byte(s)); got != want {
			t.Errorf("%q: %v, GNU %v", s, got, want)
		}
	}
}
