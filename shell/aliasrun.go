package shell

import (
	"context"
	"strconv"
	"strings"

	"mvdan.cc/sh/v3/interp"
	"mvdan.cc/sh/v3/syntax"
)

// bash reads a script one complete command (line by line) at a time and
// expands aliases while reading, so an alias defined by one command
// affects the next ones. When a text may involve aliases, it runs the
// same way here: each chunk is alias-expanded with the aliases defined
// at that moment, then parsed and run.

// aliasChunk is the next complete chunk of text.
type aliasChunk struct {
	raw      string // the chunk as written
	expanded string // with the aliases substituted
	rest     string // the text after it
	lines    int    // lines of raw
	err      error  // a syntax error (not an incomplete command)
	file     *syntax.File
}

// safeExpand is expandAliasText that can never panic the shell.
func safeExpand(src string, table map[string]string) (out string) {
	defer func() {
		if recover() != nil {
			out = src
		}
	}()
	return expandAliasText(src, table)
}

// nextAliasChunk takes lines from src until they parse as a complete
// command list with at least one statement. pad is prefixed (as
// newlines) so that line numbers match the whole text.
func nextAliasChunk(src string, table map[string]string, name string, pad int) aliasChunk {
	lines := strings.SplitAfter(src, "\n")
	if n := len(lines); n > 0 && lines[n-1] == "" {
		lines = lines[:n-1]
	}
	var ch aliasChunk
	for end := 1; end <= len(lines); end++ {
		raw := strings.Join(lines[:end], "")
		last := end == len(lines) || onlyComments(lines[end:])
		if last {
			raw = src
		}
		if !last && strings.HasSuffix(raw, "\\\n") {
			continue
		}
		text := safeExpand(raw, table)
		f, err := syntax.NewParser(syntax.Variant(syntax.LangBash)).Parse(strings.NewReader(strings.Repeat("\n", pad)+text), name)
		if err != nil && isIncomplete(err) && !last {
			continue
		}
		if err == nil && len(f.Stmts) == 0 && !last {
			continue
		}
		ch = aliasChunk{raw: raw, expanded: text, rest: src[len(raw):], lines: strings.Count(raw, "\n"), err: err, file: f}
		return ch
	}
	return aliasChunk{}
}

// isIncomplete reports a text that more lines may complete. The parser
// does not flag an unclosed here-document with a quoted delimiter.
func isIncomplete(err error) bool {
	return syntax.IsIncomplete(err) || strings.Contains(err.Error(), "unclosed here-document")
}

// onlyComments reports lines that hold no command.
func onlyComments(lines []string) bool {
	for _, l := range lines {
		t := strings.TrimSpace(l)
		if t != "" && !strings.HasPrefix(t, "#") {
			return false
		}
	}
	return true
}

// mayUseAliases reports whether src has to be read the alias way.
func mayUseAliases(src string, table map[string]string) bool {
	return len(table) > 0 || strings.Contains(src, "alias")
}

// expandingAliases reports whether expand_aliases is on.
func (sess *Session) expandingAliases() bool {
	return sess.opts.get("expand_aliases", false)
}

// runAliased runs script chunk by chunk (see above). bad is a syntax
// error, which stops the script with status 2 as in bash.
func (sess *Session) runAliased(ctx context.Context, script string, whole bool) (code int, err, bad error) {
	pad := 0
	rest := script
	for strings.TrimSpace(rest) != "" {
		var table map[string]string
		if sess.expandingAliases() {
			table = sess.aliasTableOf()
		}
		ch := nextAliasChunk(rest, table, sess.cfg.name, pad)
		if ch.file == nil && ch.err == nil {
			break
		}
		if ch.err != nil {
			return 2, nil, ch.err
		}
		src := strings.Repeat("\n", pad) + ch.expanded
		sess.noteFuncs(ch.file)
		if rerr := rewrite(ch.file, src, nil); rerr != nil {
			return 2, nil, rerr
		}
		sess.guardFatal(ch.file, src)
		last := strings.TrimSpace(ch.rest) == ""
		code, err = sess.runFile(ctx, ch.file, whole && last)
		if err != nil || sess.runner.Exited() {
			return code, err, nil
		}
		if _, ok := interp.IsExitStatus(err); !ok && err != nil {
			return code, err, nil
		}
		pad += ch.lines
		rest = ch.rest
	}
	return code, nil, nil
}

// aliasEvalCmd continues an eval'd text read the alias way: its argument
// is the text still to run, and its second the status to start with.
const aliasEvalCmd = "__justbash_aliaseval"

// aliasEval runs eval'd text chunk by chunk: the first chunk, then a call
// of aliasEvalCmd with the rest, which expands the next chunk only once
// the first has run.
func (sess *Session) aliasEval(hc interp.HandlerContext, text string, status int) []string {
	if strings.TrimSpace(text) == "" {
		return []string{forceExec, statusCmd, strconv.Itoa(status)}
	}
	var table map[string]string
	if sess.expandingAliases() {
		table = aliasTable(hc.Env)
	}
	ch := nextAliasChunk(text, table, "", 0)
	if ch.file == nil && ch.err == nil {
		return []string{forceExec, statusCmd, strconv.Itoa(status)}
	}
	if ch.err != nil {
		// interp reports the syntax error.
		return []string{"eval", ch.expanded}
	}
	sess.noteFuncs(ch.file)
	body := rewriteEval([]string{ch.expanded}, hc.Env)[0]
	script := forceExec + " " + statusCmd + " " + strconv.Itoa(status) + "\n" + body
	if strings.TrimSpace(ch.rest) != "" {
		script += "\n" + aliasEvalCmd + " " + quote(ch.rest)
	}
	return []string{"eval", script}
}
