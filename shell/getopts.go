package shell

import (
	"strconv"
	"strings"

	"mvdan.cc/sh/v3/interp"
	"mvdan.cc/sh/v3/syntax"
)

// getopts is ours for bash's OPTIND corners: -- ends the options and is
// skipped, OPTIND past the end becomes $#+1, a missing argument gives ?
// (not :) outside silent mode, and an invalid name still moves OPTIND.
// The position inside a group of letters (-abc) lives in a hidden
// variable, valid only while OPTIND keeps the value getopts gave it.
const (
	getoptsCmd    = "__justbash_getopts"
	optPosVar     = "__JUSTBASH_OPTPOS"
	optLastVar    = "__JUSTBASH_OPTLAST"
	getoptsUsage  = "getopts: usage: getopts optstring name [arg ...]\n"
	getoptsPrefix = "bash: "
)

// getoptsBuiltin sends getopts without arguments on to getoptsCmd with
// the positional parameters, which a handler cannot read.
func getoptsBuiltin(hc interp.HandlerContext, rest []string) []string {
	if len(rest) < 2 {
		return printText("", "bash: getopts: usage error\n"+getoptsUsage, 2)
	}
	if len(rest) == 2 {
		return []string{"eval", getoptsCmd + " " + quote(rest[0]) + " " + quote(rest[1]) + ` "$@"`}
	}
	return getoptsRun(hc, rest)
}

// getoptsRun parses the next option of args (getoptsCmd OPTSTRING NAME ARGS).
func getoptsRun(hc interp.HandlerContext, rest []string) []string {
	if len(rest) < 2 {
		return printText("", getoptsUsage, 2)
	}
	spec, name, args := rest[0], rest[1], rest[2:]
	silent := strings.HasPrefix(spec, ":")
	if silent {
		spec = spec[1:]
	}
	quiet := silent || hc.Env.Get("OPTERR").String() == "0"
	optindStr := hc.Env.Get("OPTIND").String()
	optind, err := strconv.Atoi(optindStr)
	if err != nil || optind < 1 {
		optind = 1
	}
	pos := 0
	if hc.Env.Get(optLastVar).String() == optindStr && optindStr != "" {
		pos, _ = strconv.Atoi(hc.Env.Get(optPosVar).String())
	}
	g := getoptsStep{args: args, optind: optind, pos: pos}
	opt, optarg, hasArg, msg, ok := g.next(spec, silent)
	var script, errs strings.Builder
	if msg != "" && !quiet {
		errs.WriteString(getoptsPrefix + msg + "\n")
	}
	status := 0
	if !ok {
		opt, status = "?", 1
	}
	script.WriteString("OPTIND=" + strconv.Itoa(g.optind) + "\n")
	script.WriteString(optPosVar + "=" + strconv.Itoa(g.pos) + " " + optLastVar + "=" + strconv.Itoa(g.optind) + "\n")
	if hasArg {
		script.WriteString("OPTARG=" + quote(optarg) + "\n")
	} else {
		script.WriteString("unset OPTARG\n")
	}
	if !syntax.ValidName(name) {
		errs.WriteString("bash: getopts: `" + name + "': not a valid identifier\n")
		return []string{"eval", script.String() + printText("", errs.String(), 1)[1]}
	}
	script.WriteString(name + "=" + quote(opt) + "\n")
	return []string{"eval", script.String() + printText("", errs.String(), status)[1]}
}

type getoptsStep struct {
	args        []string
	optind, pos int
}

// next returns the option letter and its argument; ok is false at the
// end of the options. msg is the error to print outside silent mode.
func (g *getoptsStep) next(spec string, silent bool) (opt, optarg string, hasArg bool, msg string, ok bool) {
	if g.pos == 0 {
		if g.optind > len(g.args) {
			g.optind = len(g.args) + 1
			return "", "", false, "", false
		}
		arg := g.args[g.optind-1]
		if arg == "--" {
			g.optind++
			return "", "", false, "", false
		}
		if len(arg) < 2 || arg[0] != '-' {
			return "", "", false, "", false
		}
		g.pos = 1
	}
	if g.optind > len(g.args) || g.pos >= len(g.args[g.optind-1]) {
		g.pos = 0
		return "", "", false, "", false
	}
	arg := g.args[g.optind-1]
	c := arg[g.pos]
	g.pos++
	atEnd := g.pos >= len(arg)
	i := strings.IndexByte(spec, c)
	if c == ':' || i < 0 {
		g.advanceIf(atEnd)
		if silent {
			return "?", string(c), true, "", true
		}
		return "?", "", false, "illegal option -- " + string(c), true
	}
	if i+1 < len(spec) && spec[i+1] == ':' {
		switch {
		case !atEnd:
			optarg = arg[g.pos:]
			g.optind++
		case g.optind < len(g.args):
			optarg = g.args[g.optind]
			g.optind += 2
		default:
			g.optind++
			g.pos = 0
			if silent {
				return ":", string(c), true, "", true
			}
			return "?", "", false, "option requires an argument -- " + string(c), true
		}
		g.pos = 0
		return string(c), optarg, true, "", true
	}
	g.advanceIf(atEnd)
	return string(c), "", false, "", true
}

func (g *getoptsStep) advanceIf(atEnd bool) {
	if atEnd {
		g.optind++
		g.pos = 0
	}
}
