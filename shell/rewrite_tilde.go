package shell

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// In an assignment bash expands a tilde at the start of the value and
// after each ":" (x=a:~/bin:~root), when the tilde prefix ends at "/", ":"
// or the end. interp expands only a leading tilde that is not followed by
// ":". tildeAssign rewrites the unquoted literal text of a value: ~ becomes
// $HOME and ~user the home of a sandbox user (see sandboxEnv.Get).

// sandboxHome is the home directory of a sandbox user.
func sandboxHome(user string) (string, bool) {
	switch user {
	case "user":
		return "/home/user", true
	case "root":
		return "/root", true
	}
	return "", false
}

func tildeAssign(w *syntax.Word) {
	if w == nil {
		return
	}
	var out []syntax.WordPart
	changed := false
	for i, p := range w.Parts {
		lit, ok := p.(*syntax.Lit)
		if !ok || !strings.Contains(lit.Value, "~") {
			out = append(out, p)
			continue
		}
		parts, did := tildeLit(lit, i == 0, i == len(w.Parts)-1)
		changed = changed || did
		out = append(out, parts...)
	}
	if changed {
		w.Parts = out
	}
}

// tildeLit splits one literal at its expandable tildes. first tells
// whether the literal starts the word; last whether it ends it.
func tildeLit(lit *syntax.Lit, first, last bool) ([]syntax.WordPart, bool) {
	s := lit.Value
	pos := lit.ValuePos
	var parts []syntax.WordPart
	var text strings.Builder
	changed := false
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c == '\\' && i+1 < len(s) {
			text.WriteString(s[i : i+2])
			i++
			continue
		}
		atStart := (i == 0 && first) || (i > 0 && s[i-1] == ':')
		if c != '~' || !atStart {
			text.WriteByte(c)
			continue
		}
		end := i + 1
		for end < len(s) && s[end] != '/' && s[end] != ':' {
			end++
		}
		if end == len(s) && !last {
			text.WriteByte(c)
			continue
		}
		user := s[i+1 : end]
		if user == "" {
			if text.Len() > 0 {
				parts = append(parts, &syntax.Lit{ValuePos: pos, ValueEnd: pos, Value: text.String()})
				text.Reset()
			}
			parts = append(parts, &syntax.ParamExp{Dollar: pos, Rbrace: pos,
				Param: &syntax.Lit{ValuePos: pos, ValueEnd: pos, Value: "HOME"}})
			changed = true
			continue
		}
		if home, ok := sandboxHome(user); ok {
			text.WriteString(home)
			i = end - 1
			changed = true
			continue
		}
		text.WriteByte(c)
	}
	if text.Len() > 0 {
		parts = append(parts, &syntax.Lit{ValuePos: pos, ValueEnd: pos, Value: text.String()})
	}
	return parts, changed
}

// interp keeps the backslashes of unquoted text in an assignment value
// (x=a\ b gives "a\ b"). unescapeAssign makes each such literal a double-
// quoted one with the escapes resolved: assignment values are neither
// split nor globbed, so the quotes change nothing else.
func unescapeAssign(w *syntax.Word) {
	if w == nil {
		return
	}
	for i, p := range w.Parts {
		lit, ok := p.(*syntax.Lit)
		if !ok || !strings.Contains(lit.Value, "\\") {
			continue
		}
		var sb strings.Builder
		s := lit.Value
		for j := 0; j < len(s); j++ {
			c := s[j]
			if c == '\\' && j+1 < len(s) {
				j++
				c = s[j]
			}
			if strings.IndexByte("\"\\$`", c) >= 0 {
				sb.WriteByte('\\')
			}
			sb.WriteByte(c)
		}
		w.Parts[i] = &syntax.DblQuoted{Left: lit.ValuePos, Right: lit.ValueEnd,
			Parts: []syntax.WordPart{&syntax.Lit{ValuePos: lit.ValuePos, ValueEnd: lit.ValueEnd, Value: sb.String()}}}
	}
}
