package jsexec

import (
	"encoding/base64"
	"encoding/json"
	"errors"
	"strings"

	"github.com/dop251/goja"
	"github.com/dop251/goja/parser"
)

// errNoHostSourceMaps refuses every source map that is not inline.
var errNoHostSourceMaps = errors.New("js-exec: source maps are only read inline")

// compileSandboxed compiles untrusted source. goja's default parser
// follows a trailing `//# sourceMappingURL=PATH` by reading PATH from the
// host filesystem (a host read, and /dev/zero would never end), so every
// compile of user code goes through this loader, which refuses them all;
// inline data: maps are decoded by the parser itself and stay allowed.
func compileSandboxed(name, src string) (*goja.Program, error) {
	ast, err := parser.ParseFile(nil, name, src, 0, parser.WithSourceMapLoader(func(string) ([]byte, error) {
		return nil, errNoHostSourceMaps
	}))
	if err != nil {
		return nil, err
	}
	return goja.CompileAST(ast, false)
}

// sourceMapJSON is the subset of a version 3 source map we write or edit.
type sourceMapJSON struct {
	Version        int      `json:"version"`
	Sources        []string `json:"sources"`
	SourcesContent []string `json:"sourcesContent,omitempty"`
	Names          []string `json:"names"`
	Mappings       string   `json:"mappings"`
}

// inlineMap renders a map as the comment goja decodes itself.
func inlineMap(m []byte) string {
	return "\n//# sourceMappingURL=data:application/json;base64," + base64.StdEncoding.EncodeToString(m)
}

// lineOneMap is the inline map comment that maps line 1 of a wrapped
// script back to the user's columns (firstLineMap), or "" when the user's
// line 1 holds no token: such a map has no mapping, which leaves every
// position as it is, exactly as no map does, and goja would decode it on
// every compile (a fifth of a short run). The MCP server's scripts always
// start with an empty line.
func lineOneMap(name, code string, prefix int) string {
	for _, ch := range code {
		switch ch {
		case ' ', '\t':
			continue
		case '\n', '\r', '\u2028', '\u2029':
			return ""
		}
		return inlineMap(firstLineMap(name, code, prefix))
	}
	return ""
}

// maxMappedColumns bounds the map written for a long first line (a
// minified one-liner): past it, columns on line 1 keep the wrapper shift.
const maxMappedColumns = 1 << 16

// firstLineMap maps line 1 of the wrapped code back to the user's columns.
// The wrapper prefix sits on line 1 so that every later line keeps its
// number; goja's source-map lookup returns the column of the nearest
// mapping at or before a position, so we place a mapping at every token
// start of line 1. Positions on later lines find no mapping at or after
// them and are left exactly as they are.
func firstLineMap(name, code string, prefix int) []byte {
	line := code
	if i := strings.IndexAny(line, "\n\r\u2028\u2029"); i >= 0 {
		line = line[:i]
	}
	var b strings.Builder
	prevGen, prevSrc := 0, 0
	started := false
	inIdent := false
	col := 0 // UTF-16 column, as goja counts
	for _, ch := range line {
		if col >= maxMappedColumns {
			break
		}
		ident := ch == '_' || ch == '$' || ch >= '0' && ch <= '9' || ch >= 'a' && ch <= 'z' || ch >= 'A' && ch <= 'Z' || ch >= 0x80
		space := ch == ' ' || ch == '\t'
		if !space && (!ident || !inIdent) {
			// goja looks columns up 1-based and reports the mapped column
			// as is, so both sides are written 1-based.
			gen, src := prefix+col+1, col+1
			if started {
				b.WriteByte(',')
			}
			writeVLQ(&b, gen-prevGen)
			writeVLQ(&b, 0) // source index
			writeVLQ(&b, 0) // source line delta
			writeVLQ(&b, src-prevSrc)
			prevGen, prevSrc, started = gen, src, true
		}
		inIdent = ident
		if ch >= 0x10000 {
			col += 2
		} else {
			col++
		}
	}
	m, _ := json.Marshal(sourceMapJSON{Version: 3, Sources: []string{name}, Names: []string{}, Mappings: b.String()})
	return m
}

const vlqChars = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"

// writeVLQ appends one base64 VLQ number of a source map.
func writeVLQ(b *strings.Builder, n int) {
	v := n << 1
	if n < 0 {
		v = (-n)<<1 | 1
	}
	for {
		digit := v & 31
		v >>= 5
		if v > 0 {
			digit |= 32
		}
		b.WriteByte(vlqChars[digit])
		if v == 0 {
			return
		}
	}
}

// renameSources rewrites the source names of an esbuild map: the main
// module becomes the script's name and namespaced sandbox paths lose
// their namespace, so stacks read "/home/user/lib.mjs:3:7".
func renameSources(m []byte, mainName string) []byte {
	var sm sourceMapJSON
	if err := json.Unmarshal(m, &sm); err != nil {
		return nil
	}
	for i, s := range sm.Sources {
		s = strings.TrimPrefix(s, nsVFS+":")
		if strings.Contains(s, "<") || s == "" {
			s = mainName
		}
		sm.Sources[i] = s
	}
	sm.SourcesContent = nil
	sm.Mappings = oneBasedColumns(sm.Mappings)
	out, err := json.Marshal(sm)
	if err != nil {
		return nil
	}
	return out
}

// oneBasedColumns shifts every column of a map by one. goja looks columns
// up 1-based and reports the mapped column unchanged, while esbuild writes
// them 0-based; columns are deltas except for the first segment of each
// line (generated) and the first segment of the map (source).
func oneBasedColumns(mappings string) string {
	var b strings.Builder
	firstSource := true
	for li, line := range strings.Split(mappings, ";") {
		if li > 0 {
			b.WriteByte(';')
		}
		if line == "" {
			continue
		}
		head, rest, _ := strings.Cut(line, ",")
		f := readVLQs(head)
		if f == nil {
			return mappings
		}
		f[0]++
		if len(f) >= 4 && firstSource {
			f[3]++
			firstSource = false
		}
		for _, n := range f {
			writeVLQ(&b, n)
		}
		if rest != "" {
			b.WriteByte(',')
			b.WriteString(rest)
		}
	}
	return b.String()
}

// readVLQs decodes one segment; nil when it is malformed.
func readVLQs(seg string) []int {
	var out []int
	v, shift := 0, 0
	for i := 0; i < len(seg); i++ {
		d := strings.IndexByte(vlqChars, seg[i])
		if d < 0 {
			return nil
		}
		v |= (d & 31) << shift
		shift += 5
		if d&32 == 0 {
			n := v >> 1
			if v&1 == 1 {
				n = -n
			}
			out = append(out, n)
			v, shift = 0, 0
		}
	}
	if shift != 0 || len(out) == 0 {
		return nil
	}
	return out
}
