package main

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// Case is a recorded divergence: a minimal invocation and what bash with
// the GNU tools really printed for it. testdata/cases.txt holds them:
//
//	# comment lines and blank lines between cases are ignored
//	=== NAME [enforced]
//	cmd: COMMAND
//	locale: C
//	stdin: FIXTURE (may be empty)
//	status: N
//	stdout: "Go-quoted string"
//	stderr: "Go-quoted string"
//	script: ONE LINE OF BASH
//
// The scratch directory holds the fixtures of fixtures.go. "enforced"
// makes the case a failing test when ours differs; otherwise it is a to-do.
type Case struct {
	Name     string
	Enforced bool
	Inv      Inv
	GNU      Outcome
}

const caseSep = "=== "

// ParseCases reads the cases format.
func ParseCases(r io.Reader) ([]Case, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64*1024), 4<<20)
	var out []Case
	var cur *Case
	line := 0
	for sc.Scan() {
		line++
		text := sc.Text()
		if name, ok := strings.CutPrefix(text, caseSep); ok {
			if cur != nil {
				out = append(out, *cur)
			}
			cur = &Case{Inv: Inv{Locale: "C"}}
			name, cur.Enforced = strings.CutSuffix(strings.TrimSpace(name), " enforced")
			cur.Name = strings.TrimSpace(name)
			continue
		}
		if cur == nil || text == "" || strings.HasPrefix(text, "#") {
			if cur == nil && text != "" && !strings.HasPrefix(text, "#") {
				return nil, fmt.Errorf("cases line %d: text outside a case", line)
			}
			continue
		}
		if err := cur.header(text); err != nil {
			return nil, fmt.Errorf("cases line %d: %w", line, err)
		}
	}
	if cur != nil {
		out = append(out, *cur)
	}
	return out, sc.Err()
}

func (c *Case) header(text string) error {
	key, val, ok := strings.Cut(text, ": ")
	if !ok {
		key, val, ok = strings.Cut(text, ":")
	}
	if !ok {
		return fmt.Errorf("want KEY: VALUE, got %q", text)
	}
	var err error
	switch key {
	case "cmd":
		c.Inv.Cmd = val
	case "locale":
		c.Inv.Locale = val
	case "stdin":
		c.Inv.Stdin = val
	case "status":
		c.GNU.Status, err = strconv.Atoi(val)
	case "stdout":
		c.GNU.Stdout, err = strconv.Unquote(val)
	case "stderr":
		c.GNU.Stderr, err = strconv.Unquote(val)
	case "script":
		// The script is kept as one raw stage: it is replayed, not shrunk.
		c.Inv.Stages = []Stage{{Name: val}}
	default:
		err = fmt.Errorf("unknown key %q", key)
	}
	return err
}

// WriteCase appends one case in the cases format.
func WriteCase(w io.Writer, c Case) error {
	script := c.Inv.Text()
	if strings.Contains(script, "\n") {
		return fmt.Errorf("case %s: script spans lines", c.Name)
	}
	enf := ""
	if c.Enforced {
		enf = " enforced"
	}
	_, err := fmt.Fprintf(w, "%s%s%s\ncmd: %s\nlocale: %s\nstdin: %s\nstatus: %d\nstdout: %s\nstderr: %s\nscript: %s\n",
		caseSep, c.Name, enf, c.Inv.Cmd, c.Inv.Locale, c.Inv.Stdin, c.GNU.Status,
		strconv.Quote(c.GNU.Stdout), strconv.Quote(c.GNU.Stderr), script)
	return err
}
