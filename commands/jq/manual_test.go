package jq

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"io"
	"os"
	"reflect"
	"strings"
	"testing"
)

// manualPage is where Debian installs jq's manual, whose examples ("jq
// 'PROGRAM'", an input, "=> " outputs) are the builtin-by-builtin check.
const manualPage = "/usr/share/man/man1/jq.1.gz"

// manualGaps are the manual's examples this jq answers differently, each
// with the reason. Key order alone is not a gap: outputs compare as JSON
// values.
var manualGaps = map[string]string{
	"$ENV.PAGER": "the example assumes PAGER=less in the environment",
	"env.PAGER":  "the example assumes PAGER=less in the environment",
	`.[] | test("a b c # spaces are ignored"; "ix")`: "gojq: the x (extended) regex flag is not supported",
}

type manualExample struct {
	prog, in string
	outs     []string
}

func readManual(t *testing.T) []manualExample {
	f, err := os.Open(manualPage)
	if err != nil {
		t.Skipf("jq's manual page is not installed (%v): the manual's examples are not run", err)
	}
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		t.Fatal(err)
	}
	data, err := io.ReadAll(io.LimitReader(zr, 4<<20))
	if err != nil {
		t.Fatal(err)
	}
	text := string(data)
	// Undo the roff escapes the examples use.
	text = strings.NewReplacer(`\e`, `\`, `\-`, `-`, `\.`, `.`, `\'`, `'`, `\(aq`, `'`, `\fB`, ``, `\fR`, ``, `\fI`, ``).Replace(text)
	var exs []manualExample
	lines := strings.Split(text, "\n")
	for i := 0; i < len(lines); i++ {
		l := lines[i]
		if !strings.HasPrefix(l, "jq '") || !strings.HasSuffix(l, "'") {
			continue
		}
		ex := manualExample{prog: l[4 : len(l)-1]}
		if i+1 >= len(lines) {
			break
		}
		ex.in = strings.TrimSpace(lines[i+1])
		j := i + 2
		for ; j < len(lines) && strings.HasPrefix(lines[j], "=> "); j++ {
			ex.outs = append(ex.outs, strings.TrimSpace(lines[j][3:]))
		}
		i = j - 1
		exs = append(exs, ex)
	}
	return exs
}

func jsonValues(t *testing.T, s string) ([]any, bool) {
	dec := json.NewDecoder(strings.NewReader(s))
	dec.UseNumber()
	var vs []any
	for {
		var v any
		err := dec.Decode(&v)
		if err == io.EOF {
			return vs, true
		}
		if err != nil {
			return nil, false
		}
		vs = append(vs, normNum(v))
	}
}

// normNum makes 1.0 and 1 equal, as jq prints them alike.
func normNum(v any) any {
	switch x := v.(type) {
	case json.Number:
		f, err := x.Float64()
		if err != nil {
			return x.String()
		}
		return f
	case []any:
		for i := range x {
			x[i] = normNum(x[i])
		}
	case map[string]any:
		for k := range x {
			x[k] = normNum(x[k])
		}
	}
	return v
}

func TestJQManualExamples(t *testing.T) {
	exs := readManual(t)
	if len(exs) < 100 {
		t.Fatalf("only %d examples found in the manual", len(exs))
	}
	failed := 0
	for _, ex := range exs {
		out, errs, _ := runJQ(t, nil, ex.in, "-c", ex.prog)
		got, ok1 := jsonValues(t, out)
		want, ok2 := jsonValues(t, strings.Join(ex.outs, "\n"))
		if !ok2 || len(want) != len(got) {
			// The manual writes several outputs on one line: "=> 1, 2".
			if arr, ok := jsonValues(t, "["+strings.Join(ex.outs, ",")+"]"); ok && len(arr) == 1 {
				want, ok2 = arr[0].([]any), true
			}
		}
		same := ok1 && ok2 && reflect.DeepEqual(got, want)
		if reason, gap := manualGaps[ex.prog]; gap {
			if same {
				t.Errorf("jq '%s' now matches the manual: remove its gap (%s)", ex.prog, reason)
			}
			continue
		}
		if !same {
			failed++
			var b bytes.Buffer
			b.WriteString(out)
			t.Errorf("jq '%s' <<< %s\n got %q %q\nwant %q", ex.prog, ex.in, b.String(), errs, ex.outs)
		}
	}
	t.Logf("%d manual examples, %d gaps listed", len(exs), len(manualGaps))
}
