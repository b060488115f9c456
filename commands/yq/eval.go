package yq

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/itchyny/gojq"
	"github.com/justbash/justbash/commands"
)

// docIter hands documents to gojq's input/inputs.
type docIter struct {
	docs []any
	pos  int
}

func (d *docIter) Next() (any, bool) {
	if d.pos >= len(d.docs) {
		return nil, false
	}
	d.pos++
	return d.docs[d.pos-1], true
}

// evaluate runs the query over the documents of files (or stdin) and
// returns the rendered output and the exit status.
func evaluate(ctx context.Context, c *commands.Context, cfg *config, q *gojq.Query, files []string) (string, int) {
	order := newKeyOrder()
	out := cfg.out2
	out.order = order
	out.max = c.Limits.StringMax()
	docs, err := loadDocs(ctx, c, cfg, order, files)
	if st, ok := c.LimitStatus(err); ok {
		return "", st
	}
	if err != nil {
		fmt.Fprintf(c.Stderr, "Error: %v\n", err)
		return "", 1
	}
	if cfg.slurp {
		docs = []any{docs}
	}
	iter := &docIter{docs: docs}
	code, err := gojq.Compile(q, gojq.WithEnvironLoader(func() []string { return c.Environ }), gojq.WithInputIter(iter))
	if err != nil {
		fmt.Fprintf(c.Stderr, "Error: %v\n", err)
		return "", 1
	}
	var b strings.Builder
	var last any
	emitted, status := 0, 0
	runOne := func(v any, docIndex int) bool {
		first := true
		it := code.RunWithContext(ctx, v)
		for {
			r, ok := it.Next()
			if !ok {
				return true
			}
			if e, isErr := r.(error); isErr {
				var halt *gojq.HaltError
				if errors.As(e, &halt) && halt.Value() == nil {
					return false
				}
				fmt.Fprintf(c.Stderr, "Error: %v\n", e)
				status = 1
				return false
			}
			if first && docIndex > 0 && emitted > 0 && out.format == "yaml" {
				b.WriteString("---\n")
			}
			first = false
			s, err := out.encode(r)
			if st, ok := c.LimitStatus(err); ok {
				status = st
				return false
			}
			if err != nil {
				fmt.Fprintf(c.Stderr, "Error: %v\n", err)
				status = 1
				return false
			}
			b.WriteString(s)
			last, emitted = r, emitted+1
			if err := c.CheckString(int64(b.Len())); err != nil {
				// The output is collected before it is written (for -i).
				status, _ = c.LimitStatus(err)
				return false
			}
		}
	}
	if cfg.nullIn {
		runOne(nil, 0)
	} else {
		for i := 0; iter.pos < len(iter.docs); i++ {
			v, _ := iter.Next()
			if !runOne(v, i) {
				break
			}
		}
	}
	if status == 0 && cfg.exitStatus && (emitted == 0 || last == nil || last == false) {
		status = 1
	}
	return b.String(), status
}

func loadDocs(ctx context.Context, c *commands.Context, cfg *config, order *keyOrder, files []string) ([]any, error) {
	if len(files) == 0 {
		if cfg.nullIn {
			return nil, nil
		}
		files = []string{"-"}
	}
	var docs []any
	for _, name := range files {
		data, err := readFile(ctx, c, name)
		if commands.IsLimit(err) {
			return nil, err
		}
		if err != nil {
			return nil, fmt.Errorf("open %s: %s", name, commands.ErrText(err))
		}
		d, err := order.decodeAll(data, cfg.in)
		if commands.IsLimit(err) {
			return nil, err
		}
		if err != nil {
			return nil, fmt.Errorf("bad %s in %s: %v", cfg.in, name, err)
		}
		docs = append(docs, d...)
	}
	return docs, nil
}
