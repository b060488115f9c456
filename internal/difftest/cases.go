package main

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// Case is a recorded divergence: a minimal script and what /bin/bash really
// printed for it. testdata/cases.txt holds them, in this format:
//
//	# comment lines and blank lines between cases are ignored
//	=== NAME [enforced]
//	area: AREA
//	status: N
//	stdout: "Go-quoted string"
//	stderr: "Go-quoted string"
//	script:
//	LINES OF THE SCRIPT, up to the next "=== " line or the end of the file
//
// The header lines come in this order. The outputs are Go-quoted so that
// trailing newlines, tabs and control bytes survive exactly; the script is
// kept raw so that it reads as bash. Trailing blank lines of a script are
// dropped and the script is run with one final newline. "enforced" makes
// the case a failing test when ours differs; otherwise it is a to-do.
type Case struct {
	Name     string
	Enforced bool
	Area     string
	Script   string
	Bash     Outcome
}

const caseSep = "=== "

// ParseCases reads the cases format.
func ParseCases(r io.Reader) ([]Case, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64*1024), 4<<20)
	var out []Case
	var cur *Case
	var script []string
	inScript := false
	line := 0
	flush := func() {
		if cur != nil {
			for len(script) > 0 && strings.TrimSpace(script[len(script)-1]) == "" {
				script = script[:len(script)-1]
			}
			cur.Script = strings.Join(script, "\n") + "\n"
			out = append(out, *cur)
		}
		cur, script, inScript = nil, nil, false
	}
	for sc.Scan() {
		line++
		text := sc.Text()
		if name, ok := strings.CutPrefix(text, caseSep); ok {
			flush()
			cur = &Case{}
			name, cur.Enforced = strings.CutSuffix(strings.TrimSpace(name), " enforced")
			cur.Name = strings.TrimSpace(name)
			continue
		}
		if inScript {
			script = append(script, text)
			continue
		}
		if cur == nil {
			if text == "" || strings.HasPrefix(text, "#") {
				continue
			}
			return nil, fmt.Errorf("cases line %d: text outside a case", line)
		}
		if err := cur.header(text, &inScript); err != nil {
			return nil, fmt.Errorf("cases line %d: %w", line, err)
		}
	}
	flush()
	return out, sc.Err()
}

func (c *Case) header(text string, inScript *bool) error {
	key, val, ok := strings.Cut(text, ":")
	if !ok {
		return fmt.Errorf("want KEY: VALUE, got %q", text)
	}
	val = strings.TrimSpace(val)
	var err error
	switch key {
	case "area":
		c.Area = val
	case "status":
		c.Bash.Status, err = strconv.Atoi(val)
	case "stdout":
		c.Bash.Stdout, err = strconv.Unquote(val)
	case "stderr":
		c.Bash.Stderr, err = strconv.Unquote(val)
	case "script":
		*inScript = true
	default:
		err = fmt.Errorf("unknown key %q", key)
	}
	return err
}

// WriteCase appends one case in the cases format.
func WriteCase(w io.Writer, c Case) error {
	for _, l := range strings.Split(c.Script, "\n") {
		if strings.HasPrefix(l, caseSep) {
			return fmt.Errorf("case %s: script line starts with %q", c.Name, caseSep)
		}
	}
	enf := ""
	if c.Enforced {
		enf = " enforced"
	}
	_, err := fmt.Fprintf(w, "%s%s%s\narea: %s\nstatus: %d\nstdout: %s\nstderr: %s\nscript:\n%s\n",
		caseSep, c.Name, enf, c.Area, c.Bash.Status, strconv.Quote(c.Bash.Stdout), strconv.Quote(c.Bash.Stderr),
		strings.TrimRight(c.Script, "\n"))
	return err
}
