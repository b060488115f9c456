// Package spec reads Oils-format shell spec files (*.test.sh), runs their
// cases against the justbash sandbox and judges the results with the same
// rules as the reference Python runner of the shared conformance corpus, so
// that our pass counts compare directly with GNU bash's.
package spec

import (
	"fmt"
	"regexp"
	"strings"
)

// Case is one "#### description" block of a spec file.
type Case struct {
	Index int    // 0-based position in its file
	Desc  string // text after ####, trimmed
	Line  int    // 1-based line number of the #### line
	Code  string // the script, comment lines removed
	// Asserts holds the unqualified assertions ("stdout", "stdout-json",
	// "status", ...). One-line stdout/stderr values carry an appended
	// newline; STDOUT/STDERR blocks are stored as "stdout"/"stderr".
	Asserts map[string]string
	// Shells holds the per-shell assertions ("## OK bash stdout: x").
	Shells map[string]*ShellAsserts
}

// ShellAsserts are the qualified assertions of one shell label.
type ShellAsserts struct {
	Qualifier string // OK, OK-2, BUG, BUG-2, N-I, ...
	Keys      map[string]string
}

// File is a parsed spec file.
type File struct {
	Name   string            // base name, e.g. "arith.test.sh"
	Header map[string]string // file settings such as legacy_tmp_dir
	Cases  []*Case
}

// ParseError reports a malformed spec file.
type ParseError struct {
	File string
	Line int
	Msg  string
}

func (e *ParseError) Error() string { return fmt.Sprintf("%s, line %d: %s", e.File, e.Line, e.Msg) }

var headerKeys = map[string]bool{
	"compare_shells": true, "legacy_tmp_dir": true, "oils_cpp_failures_allowed": true,
	"oils_failures_allowed": true, "our_shell": true, "suite": true, "tags": true,
}

// assertionLine mirrors the reference runner's pattern; RE2 prefers the
// same alternatives as Python's backtracking engine for it.
var (
	assertionLine = regexp.MustCompile(`^##\s+(?:((?:OK|BUG)(?:-[0-9]+)?|N-I)\s+([\w.+-]+(?:/[\w.+-]+)*)\s+)?([\w-]+):\s*(.*)$`)
	endLine       = regexp.MustCompile(`^##\s+END\s*$`)
)

type lineKind int

const (
	kindText lineKind = iota
	kindBlank
	kindComment
	kindCase
	kindAssert
	kindEnd
	kindBad
)

type assertion struct {
	qualifier, shells, key, value string
}

// classify gives a line (with its newline, if any) a kind.
func classify(line string) (lineKind, string, *assertion) {
	if strings.HasPrefix(line, "####") {
		return kindCase, strings.TrimSpace(line[4:]), nil
	}
	if strings.HasPrefix(line, "##") {
		body := strings.TrimSuffix(line, "\n")
		// The Python '.' stops at '\n' only; RE2's '.' does too, and
		// body holds no '\n' any more, so (?s) is not needed.
		if m := assertionLine.FindStringSubmatch(body); m != nil {
			return kindAssert, "", &assertion{qualifier: m[1], shells: m[2], key: m[3], value: m[4]}
		}
		if endLine.MatchString(body) {
			return kindEnd, "", nil
		}
		return kindBad, "", nil
	}
	s := strings.TrimSpace(line)
	if s == "" {
		return kindBlank, "", nil
	}
	if strings.HasPrefix(s, "#") {
		return kindComment, "", nil
	}
	return kindText, "", nil
}

type parseState int

const (
	stHeader parseState = iota
	stStart
	stCode
	stAfter
	stBlock
)

type parser struct {
	file    *File
	state   parseState
	cur     *Case
	hasCode bool
	text    []string
	block   *assertion
	blockAt int
	resume  parseState
}

// Parse parses the content of a spec file called name.
func Parse(name string, data []byte) (*File, error) {
	p := &parser{file: &File{Name: name, Header: map[string]string{}}}
	lines := splitLines(string(data))
	num := 0
	for i, line := range lines {
		num = i + 1
		if err := p.feed(num, line); err != nil {
			return nil, err
		}
	}
	if err := p.closeText(); err != nil {
		return nil, err
	}
	if err := p.finishCase(num + 1); err != nil {
		return nil, err
	}
	return p.file, nil
}

// splitLines splits after each '\n', keeping it, as Python's readlines
// does for a file opened with newline=”... except that readlines with
// newline=” also splits at a lone '\r'; the corpus has none.
func splitLines(s string) []string {
	var out []string
	for s != "" {
		i := strings.IndexByte(s, '\n')
		if i < 0 {
			out = append(out, s)
			break
		}
		out = append(out, s[:i+1])
		s = s[i+1:]
	}
	return out
}

func (p *parser) errorf(num int, format string, args ...any) error {
	return &ParseError{File: p.file.Name, Line: num, Msg: fmt.Sprintf(format, args...)}
}

func (p *parser) feed(num int, line string) error {
	kind, detail, a := classify(line)
	if kind == kindComment {
		return nil
	}
	if (p.state == stCode || p.state == stBlock) && (kind == kindText || kind == kindBlank) {
		p.text = append(p.text, line)
		return nil
	}
	if kind == kindBlank {
		return nil
	}
	if kind == kindEnd && p.state == stBlock {
		return p.closeText()
	}
	if err := p.closeText(); err != nil {
		return err
	}
	switch kind {
	case kindCase:
		if err := p.finishCase(num); err != nil {
			return err
		}
		p.cur = &Case{Index: len(p.file.Cases), Desc: detail, Line: num, Asserts: map[string]string{}}
		p.hasCode = false
		p.state = stStart
	case kindAssert:
		return p.assertion(num, a)
	case kindText:
		switch {
		case p.state == stStart && !p.hasCode:
			p.text = []string{line}
			p.state = stCode
		case p.state == stHeader:
			return p.errorf(num, "text before the first #### case")
		default:
			return p.errorf(num, "text after the assertions of a case (expected ## or ####): %q", line)
		}
	case kindEnd:
		return p.errorf(num, "## END without an open STDOUT/STDERR block")
	default:
		return p.errorf(num, "not a valid ## line: %q", line)
	}
	return nil
}

func (p *parser) assertion(num int, a *assertion) error {
	switch {
	case p.state == stHeader:
		if a.qualifier != "" {
			return p.errorf(num, "per-shell assertion in the file header")
		}
		if !headerKeys[a.key] {
			return p.errorf(num, "unknown file header key %q", a.key)
		}
		p.file.Header[a.key] = a.value
	case a.key == "STDOUT" || a.key == "STDERR":
		if a.value != "" {
			return p.errorf(num, "the %s value goes on the following lines", a.key)
		}
		p.block, p.blockAt = a, num
		p.resume = p.state
		p.text = nil
		p.state = stBlock
	default:
		v := a.value
		if a.key == "stdout" || a.key == "stderr" {
			v += "\n"
		}
		return p.store(num, a.qualifier, a.shells, a.key, v)
	}
	return nil
}

func (p *parser) store(num int, qualifier, shells, key, value string) error {
	if qualifier == "" {
		// "## code: foo()" gives a one-line case its code without a
		// trailing newline; the reference runner keeps it in the same
		// dict as the assertions.
		if key == "code" {
			p.cur.Code, p.hasCode = value, true
			return nil
		}
		p.cur.Asserts[key] = value
		return nil
	}
	if p.cur.Shells == nil {
		p.cur.Shells = map[string]*ShellAsserts{}
	}
	kind := strings.TrimSuffix(key, "-json")
	for _, sh := range strings.Split(shells, "/") {
		e := p.cur.Shells[sh]
		if e == nil {
			e = &ShellAsserts{Qualifier: qualifier, Keys: map[string]string{}}
			p.cur.Shells[sh] = e
		}
		_, has := e.Keys[kind]
		_, hasJSON := e.Keys[kind+"-json"]
		if has || hasJSON {
			return p.errorf(num, "second %s assertion for %s", kind, sh)
		}
		if e.Qualifier != qualifier {
			return p.errorf(num, "%s for %s, which already has %s", qualifier, sh, e.Qualifier)
		}
		e.Keys[key] = value
	}
	return nil
}

// closeText ends the code or block text being collected, if any.
func (p *parser) closeText() error {
	switch p.state {
	case stCode:
		p.cur.Code = strings.Join(p.text, "")
		p.hasCode = true
		p.state = stAfter
	case stBlock:
		a := p.block
		if err := p.store(p.blockAt, a.qualifier, a.shells, strings.ToLower(a.key), strings.Join(p.text, "")); err != nil {
			return err
		}
		p.state = p.resume
	default:
		return nil
	}
	p.text = nil
	return nil
}

func (p *parser) finishCase(num int) error {
	if p.cur == nil {
		return nil
	}
	if !p.hasCode {
		return p.errorf(num, "case %q (line %d) has no code", p.cur.Desc, p.cur.Line)
	}
	p.file.Cases = append(p.file.Cases, p.cur)
	p.cur = nil
	return nil
}
