package awk

import (
	"context"
	"errors"
	"fmt"
	"path"
	"strings"

	"github.com/justbash/justbash/commands"
)

// Bounds on @include: how deep includes may nest and how many files one
// program may pull in.
const (
	maxIncludeDepth = 32
	maxIncludes     = 256
)

// includer reads program files from the sandbox filesystem and expands
// gawk's @include "file" directives, each file once, searching the
// current directory and then AWKPATH (gawk's default ".:/usr/share/awk")
// and trying the name with ".awk" appended.
type includer struct {
	ctx   context.Context
	c     *commands.Context
	seen  map[string]bool
	count int
}

// includeErr is a failed include or source file: gawk's wording.
type includeErr struct {
	name string
	err  error
	// directive is set for an @include line, which gawk reports as an
	// error (status 1) rather than a fatal one (status 2).
	directive bool
}

func (e *includeErr) Error() string {
	kind := "fatal"
	if e.directive {
		kind = "error"
	}
	return fmt.Sprintf("%s: cannot open source file `%s' for reading: %s", kind, e.name, commands.ErrText(e.err))
}

func (inc *includer) fail(err error) int {
	if st, ok := inc.c.LimitStatus(err); ok {
		return st
	}
	fmt.Fprintf(inc.c.Stderr, "awk: %s\n", err)
	var ie *includeErr
	if errors.As(err, &ie) && ie.directive {
		return 1
	}
	return 2
}

// file reads a -f program file and expands its includes.
func (inc *includer) file(name string) (string, error) {
	data, err := readProgFile(inc.ctx, inc.c, name)
	if err != nil {
		if commands.IsLimit(err) {
			return "", err
		}
		return "", &includeErr{name: name, err: err}
	}
	return inc.expand(data, 1)
}

// include finds name along the search path and returns its expanded text,
// or "" when it was already included.
func (inc *includer) include(name string, depth int) (string, error) {
	if depth > maxIncludeDepth || inc.count >= maxIncludes {
		return "", fmt.Errorf("fatal: too many nested or repeated @include files (more than %d)", maxIncludes)
	}
	inc.count++
	var firstErr error
	for _, cand := range inc.candidates(name) {
		abs := inc.c.Abs(cand)
		if inc.seen[abs] {
			return "", nil
		}
		data, err := readProgFile(inc.ctx, inc.c, cand)
		if err != nil {
			if commands.IsLimit(err) {
				return "", err
			}
			if firstErr == nil {
				firstErr = err
			}
			continue
		}
		inc.seen[abs] = true
		return inc.expand(data, depth+1)
	}
	if firstErr == nil {
		firstErr = errors.New("no such file or directory")
	}
	return "", &includeErr{name: name, err: firstErr}
}

func (inc *includer) candidates(name string) []string {
	names := []string{name}
	if !strings.HasSuffix(name, ".awk") {
		names = append(names, name+".awk")
	}
	if strings.Contains(name, "/") {
		return names
	}
	dirs := strings.Split(inc.c.Getenv("AWKPATH"), ":")
	if inc.c.Getenv("AWKPATH") == "" {
		dirs = []string{".", "/usr/share/awk"}
	}
	var out []string
	for _, d := range dirs {
		if d == "" {
			d = "."
		}
		for _, n := range names {
			out = append(out, path.Join(d, n))
		}
	}
	return out
}

// expand replaces each line that is an @include directive with the file's
// text. Directives are recognised at the start of a line, which is where
// gawk allows them (outside any rule).
func (inc *includer) expand(src string, depth int) (string, error) {
	if !strings.Contains(src, "@include") {
		return src, nil
	}
	lines := strings.SplitAfter(src, "\n")
	for i, l := range lines {
		name, ok := includeDirective(l)
		if !ok {
			continue
		}
		text, err := inc.include(name, depth)
		var ie *includeErr
		if errors.As(err, &ie) && ie.name == name {
			ie.directive = true
		}
		if err != nil {
			return "", err
		}
		if !strings.HasSuffix(text, "\n") {
			text += "\n"
		}
		lines[i] = text
	}
	return strings.Join(lines, ""), nil
}

// includeDirective parses `@include "name"` (optionally followed by ";"
// and a comment).
func includeDirective(line string) (string, bool) {
	t := strings.TrimSpace(line)
	if !strings.HasPrefix(t, "@include") {
		return "", false
	}
	t = strings.TrimSpace(t[len("@include"):])
	if len(t) < 2 || t[0] != '"' {
		return "", false
	}
	end := strings.IndexByte(t[1:], '"')
	if end < 0 {
		return "", false
	}
	name := t[1 : 1+end]
	rest := strings.TrimSpace(t[2+end:])
	rest = strings.TrimSpace(strings.TrimPrefix(rest, ";"))
	if rest != "" && !strings.HasPrefix(rest, "#") {
		return "", false
	}
	return name, name != ""
}
