package opts

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"strings"
	"testing"

	"github.com/justbash/justbash/commands"
)

// lsLike is a slice of GNU ls's table: enough for the error cases below to
// come out as ls's own (the ambiguity of --al needs --all and --almost-all).
var lsLike = Parser{Opts: []Opt{
	{Short: 'a', Long: "all"},
	{Short: 'A', Long: "almost-all"},
	{Short: 'l'},
	{Short: 'w', Long: "width", Arg: true},
	{Short: 'Z', Long: "context"},
	{Long: "color", Optional: true},
}, Help: "Usage: ls [OPTION]... [FILE]...\n"}

func run(p *Parser, args ...string) (out, errs string, res []Result, ops []string, status int, ok bool) {
	var o, e bytes.Buffer
	c := &commands.Context{Args: []string{"ls"}, Stdout: &o, Stderr: &e}
	res, ops, status, ok = p.Parse(c, args)
	return o.String(), e.String(), res, ops, status, ok
}

func show(res []Result) string {
	var b strings.Builder
	for _, r := range res {
		b.WriteString(r.Key + "=" + r.Val + ";")
	}
	return b.String()
}

func TestParseGood(t *testing.T) {
	cases := []struct {
		args      []string
		res, ops  string
		p         *Parser
		stopAtOps bool
	}{
		{[]string{"-la", "x"}, "l=;a=;", "x", nil, false},
		{[]string{"-w5", "-w", "6", "--width=7", "--width", "8"}, "w=5;w=6;w=7;w=8;", "", nil, false},
		{[]string{"x", "-a", "y"}, "a=;", "x,y", nil, false},                  // GNU permutes
		{[]string{"--alm", "--wid=3", "--all"}, "A=;w=3;a=;", "", nil, false}, // abbreviations, exact wins
		{[]string{"-", "--", "-a", "--zz"}, "", "-,-a,--zz", nil, false},
		{[]string{"-aw", "-l"}, "a=;w=-l;", "", nil, false}, // a value may look like an option
		{[]string{"--color", "--color=never", "--col=auto", "x"}, "color=;color=never;color=auto;", "x", nil, false},
		{[]string{"x", "-a"}, "", "x,-a", &Parser{Opts: lsLike.Opts, StopAtOperand: true}, true},
		{[]string{"-i.bak", "-i", "f"}, "i=.bak;i=;", "f", &Parser{Opts: []Opt{{Short: 'i', Long: "in-place", Optional: true}}}, false},
		{[]string{"--in-place=.o", "--in", "f"}, "i=.o;i=;", "f", &Parser{Opts: []Opt{{Short: 'i', Long: "in-place", Optional: true}}}, false},
		// Candidates that are one option are not ambiguous (getopt_long).
		{[]string{"--u"}, "u=;", "", &Parser{Opts: []Opt{{Short: 'u', Long: "utc"}, {Long: "universal", Key: "u"}}}, false},
		// Long-only: single-dash long names, a lone short letter stays short.
		{[]string{"-header", "-sep", ",", "-v", "db"}, "header=;separator=,;v=;", "db", &Parser{LongOnly: true,
			Opts: []Opt{{Long: "header"}, {Long: "separator", Arg: true}, {Short: 'v'}}}, false},
	}
	for _, tc := range cases {
		p := tc.p
		if p == nil {
			p = &lsLike
		}
		_, errs, res, ops, st, ok := run(p, tc.args...)
		if !ok || st != 0 || errs != "" || show(res) != tc.res || strings.Join(ops, ",") != tc.ops {
			t.Errorf("%q: res %q ops %q st %d ok %v err %q; want %q %q", tc.args, show(res), ops, st, ok, errs, tc.res, tc.ops)
		}
	}
}

// badCases were recorded from GNU ls (coreutils 9.1) with the same args;
// TestAgainstGNU replays them live when GNU ls is installed.
var badCases = []struct {
	args []string
	msg  string
}{
	{[]string{"--zz"}, "unrecognized option '--zz'"},
	{[]string{"--zz=3"}, "unrecognized option '--zz=3'"},
	{[]string{"--al"}, "option '--al' is ambiguous; possibilities: '--all' '--almost-all'"},
	{[]string{"-w"}, "option requires an argument -- 'w'"},
	{[]string{"--width"}, "option '--width' requires an argument"},
	{[]string{"--all=x"}, "option '--all' doesn't allow an argument"},
	{[]string{"-la9"}, "invalid option -- '9'"},
}

func TestParseBad(t *testing.T) {
	for _, tc := range badCases {
		out, errs, _, _, st, ok := run(&lsLike, tc.args...)
		want := "ls: " + tc.msg + "\nTry 'ls --help' for more information.\n"
		if ok || st != 2 || errs != want || out != "" {
			t.Errorf("%q: st %d ok %v stderr %q, want %q", tc.args, st, ok, errs, want)
		}
	}
	p := Parser{Opts: lsLike.Opts, Usage: 1}
	if _, _, _, _, st, _ := run(&p, "--zz"); st != 1 {
		t.Errorf("Usage 1: status %d", st)
	}
	lo := Parser{LongOnly: true, Opts: []Opt{{Long: "header"}, {Short: 'v'}}}
	if _, errs, _, _, st, _ := run(&lo, "-zz"); st != 2 || !strings.HasPrefix(errs, "ls: unrecognized option '-zz'\n") {
		t.Errorf("long-only unknown: %q %d", errs, st)
	}
}

func TestHelpVersion(t *testing.T) {
	for _, args := range [][]string{{"--help"}, {"--hel"}, {"-a", "--help", "--zz"}} {
		out, errs, _, _, st, ok := run(&lsLike, args...)
		if ok || st != 0 || out != lsLike.Help || errs != "" {
			t.Errorf("%q: %q %q %d %v", args, out, errs, st, ok)
		}
	}
	out, _, _, _, st, ok := run(&lsLike, "--version")
	if ok || st != 0 || out != "ls (justbash)\n" {
		t.Errorf("--version: %q %d %v", out, st, ok)
	}
	// A table that has its own --help entry gets it as a result.
	own := Parser{Opts: []Opt{{Long: "help"}}, Help: "x"}
	if _, _, res, _, _, ok := run(&own, "--help"); !ok || show(res) != "help=;" {
		t.Errorf("own --help: %q %v", show(res), ok)
	}
	for _, a := range []string{"--help", "--version"} {
		if _, _, err := (&Parser{}).Split([]string{a}); err == nil || errors.Is(err, ErrHelp) || errors.Is(err, ErrVersion) {
			t.Errorf("no Help text: %s must be unrecognized, got %v", a, err)
		}
	}
}

// TestAgainstGNU runs GNU ls on badCases and compares message and status.
func TestAgainstGNU(t *testing.T) {
	ls, err := exec.LookPath("ls")
	if err != nil {
		t.Skip("no ls on PATH")
	}
	if v, _ := exec.Command(ls, "--version").Output(); !bytes.Contains(v, []byte("GNU coreutils")) {
		t.Skip("ls is not GNU coreutils")
	}
	for _, tc := range badCases {
		cmd := exec.Command(ls, tc.args...)
		cmd.Args[0] = "ls"
		cmd.Env = append(os.Environ(), "LC_ALL=C")
		var e bytes.Buffer
		cmd.Stderr = &e
		err := cmd.Run()
		var ee *exec.ExitError
		if !errors.As(err, &ee) {
			t.Fatalf("%q: ls did not fail: %v", tc.args, err)
		}
		_, errs, _, _, st, _ := run(&lsLike, tc.args...)
		if e.String() != errs || ee.ExitCode() != st {
			t.Errorf("%q: GNU %q %d, ours %q %d", tc.args, e.String(), ee.ExitCode(), errs, st)
		}
	}
}

// jqLike uses the hooks for command lines that are not GNU's: two-value
// options, exact names, no "--name=value", and "-5"-like operands.
var jqLike = Parser{Exact: true, NoInline: true, Opts: []Opt{
	{Short: 'r', Long: "raw-output"},
	{Short: 'n', Long: "null-input"},
	{Long: "arg", Values: 2},
	{Long: "indent", Arg: true},
	{Short: 'L', Arg: true},
}, Operand: func(a string) bool { return a[1] < 'A' }}

func TestHooks(t *testing.T) {
	good := []struct {
		args     []string
		res, ops string
	}{
		{[]string{"--arg", "x", "-r", "-n", "$x"}, "arg=x,-r;n=;", "$x"},
		{[]string{"-5 % 3", "-rn", "--indent", "1"}, "r=;n=;indent=1;", "-5 % 3"},
		{[]string{"-.a", "-Lmods", "-L", "m2"}, "L=mods;L=m2;", "-.a"},
		{[]string{"--", "-r"}, "", "-r"},
	}
	show2 := func(res []Result) string {
		var b strings.Builder
		for _, r := range res {
			b.WriteString(r.Key + "=" + r.Val)
			if len(r.Vals) > 1 {
				b.WriteString("," + strings.Join(r.Vals[1:], ","))
			}
			b.WriteString(";")
		}
		return b.String()
	}
	for _, tc := range good {
		res, ops, err := jqLike.Split(tc.args)
		if err != nil || show2(res) != tc.res || strings.Join(ops, ",") != tc.ops {
			t.Errorf("%q: %q %q %v; want %q %q", tc.args, show2(res), ops, err, tc.res, tc.ops)
		}
	}
	bad := []struct {
		args      []string
		kind      ErrKind
		arg, name string
	}{
		{[]string{"--raw"}, Unknown, "--raw", "--raw"}, // no abbreviation
		{[]string{"--raw-output=1"}, Unknown, "--raw-output=1", "--raw-output=1"},
		{[]string{"--arg", "x"}, Missing, "--arg", "--arg"},
		{[]string{"--indent"}, Missing, "--indent", "--indent"},
		{[]string{"-rZ"}, Unknown, "-rZ", "-Z"},
		{[]string{"-L"}, Missing, "-L", "-L"},
	}
	for _, tc := range bad {
		_, _, err := jqLike.Split(tc.args)
		var e *Error
		if !errors.As(err, &e) || e.Kind != tc.kind || e.Arg != tc.arg || e.Name != tc.name {
			t.Errorf("%q: got %#v; want kind %d arg %q name %q", tc.args, err, tc.kind, tc.arg, tc.name)
		}
	}
	// NoEnd: "--" is an unknown option, as sqlite3 reads it.
	noEnd := jqLike
	noEnd.NoEnd = true
	var e *Error
	if _, _, err := noEnd.Split([]string{"-r", "--", "x"}); !errors.As(err, &e) || e.Kind != Unknown || e.Arg != "--" {
		t.Errorf("NoEnd --: %#v", err)
	}
	noEnd.Exact = false // "--" is no abbreviation of every long name
	if _, _, err := noEnd.Split([]string{"--"}); !errors.As(err, &e) || e.Kind != Unknown {
		t.Errorf("NoEnd -- without Exact: %#v", err)
	}
	// Without Exact and NoInline the same table abbreviates and splits.
	gnu := jqLike
	gnu.Exact, gnu.NoInline = false, false
	res, _, err := gnu.Split([]string{"--raw", "--ind=3"})
	if err != nil || show(res) != "r=;indent=3;" {
		t.Errorf("GNU rules: %q %v", show(res), err)
	}
}
