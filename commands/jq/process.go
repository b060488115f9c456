package jq

import (
	"bufio"
	"errors"
	"fmt"
	"strings"

	"github.com/itchyny/gojq"
)

// process feeds every input (or null with -n, or the slurped array with
// -s) through the compiled filter.
func (r *runner) process(code *gojq.Code, srcs []source) int {
	vals := r.variables()
	// Under -s the inputs are one value, whether it is the program's
	// input or, with -n, what `input`/`inputs` read.
	r.iter.slurp = r.o.slurp
	if r.o.nullInput {
		return r.runOne(code, nil, vals)
	}
	for {
		v, ok := r.iter.Next()
		if !ok {
			return 0
		}
		if err, isErr := v.(error); isErr {
			return r.parseFailed(err)
		}
		if st := r.runOne(code, v, vals); st != 0 || r.halted {
			return st
		}
	}
}

// parseFailed reports malformed input as jq 1.6 does: "parse error: ...",
// exit status 4 (jq 1.7 says "jq: error (at <file>:N): ..." and exits 2).
func (r *runner) parseFailed(err error) int {
	r.out.Flush()
	var pe *parseError
	if errors.As(err, &pe) {
		fmt.Fprintf(r.c.Stderr, "parse error: %s\n", err)
		return exitParse
	}
	if st, ok := r.c.LimitStatus(err); ok {
		return st
	}
	fmt.Fprintf(r.c.Stderr, "jq: error (at %s): %s\n", r.iter.location(), err)
	return exitUsage
}

func (r *runner) variables() []any {
	named := make(map[string]any, len(r.o.namedKeys))
	vals := make([]any, 0, len(r.o.namedKeys)+1)
	for i, k := range r.o.namedKeys {
		named[k] = r.o.namedVals[i]
		vals = append(vals, r.o.namedVals[i])
	}
	pos := r.o.positional
	if pos == nil {
		pos = []any{}
	}
	vals = append(vals, map[string]any{"positional": pos, "named": named})
	for _, l := range r.locLines {
		vals = append(vals, map[string]any{"file": "<top-level>", "line": l})
	}
	return vals
}

// runOne runs the filter on one input. A non-zero return stops jq (halt,
// cancellation); ordinary errors only set the final status.
//
// jq 1.6's exit status is the last input's: an error on an earlier input
// does not make it 5, and -e looks at the last input's outputs only.
func (r *runner) runOne(code *gojq.Code, v any, vals []any) int {
	r.status, r.outputs = 0, 0
	iter := code.RunWithContext(r.ctx, v, vals...)
	for {
		x, ok := iter.Next()
		if !ok {
			return 0
		}
		if err, isErr := x.(error); isErr {
			if st, stop := r.handleError(err); stop {
				return st
			}
			return 0
		}
		r.emit(x)
		if err := r.ctx.Err(); err != nil {
			return r.fail(exitError, "jq: error: %s", err)
		}
	}
}

func (r *runner) emit(x any) {
	if r.o.seq {
		r.out.WriteByte(0x1e)
	}
	r.enc.Encode(x)
	switch {
	case r.o.rawNul:
		r.out.WriteByte(0)
	case !r.o.join:
		r.out.WriteByte('\n')
	}
	r.outputs++
	r.lastTrue = x != nil && x != false
}

// handleError prints a runtime error; halt and halt_error end the run.
func (r *runner) handleError(err error) (int, bool) {
	var he *gojq.HaltError
	if errors.As(err, &he) {
		r.out.Flush()
		if v := he.Value(); v != nil {
			if s, ok := v.(string); ok {
				fmt.Fprint(r.c.Stderr, s)
			} else {
				fmt.Fprintln(r.c.Stderr, compactJSON(v))
			}
		}
		// halt stops every further input, even with status 0.
		r.halted = true
		return he.ExitCode(), true
	}
	if r.ctx.Err() != nil {
		r.out.Flush()
		return r.fail(exitError, "jq: error: %s", r.ctx.Err()), true
	}
	r.out.Flush()
	r.status = exitError
	var ve gojq.ValueError
	if errors.As(err, &ve) {
		if s, ok := ve.Value().(string); ok {
			fmt.Fprintf(r.c.Stderr, "jq: error (at %s): %s\n", r.iter.location(), s)
			return 0, false
		}
		if ve.Value() != nil {
			fmt.Fprintf(r.c.Stderr, "jq: error (at %s) (not a string): %s\n", r.iter.location(), compactJSON(ve.Value()))
			return 0, false
		}
		fmt.Fprintf(r.c.Stderr, "jq: error (at %s) (not a string): null\n", r.iter.location())
		return 0, false
	}
	msg := jq16Message(err.Error())
	if msg == "break" {
		// gojq signals an exhausted input with a bare "break" error.
		msg = "No more inputs"
	}
	fmt.Fprintf(r.c.Stderr, "jq: error (at %s): %s\n", r.iter.location(), msg)
	return 0, false
}

func compactJSON(v any) string {
	var b strings.Builder
	w := bufio.NewWriter(&b)
	NewEncoder(w, EncodeOptions{}).Encode(v)
	w.Flush()
	return b.String()
}

// debug prints ["DEBUG:",v] (or the message form of debug/1) on stderr and
// passes its input through, like jq.
func (r *runner) debug(v any, args []any) any {
	r.out.Flush()
	if len(args) == 1 {
		fmt.Fprintf(r.c.Stderr, "%s\n", compactJSON([]any{"DEBUG:", args[0]}))
	} else {
		fmt.Fprintf(r.c.Stderr, "%s\n", compactJSON([]any{"DEBUG:", v}))
	}
	return v
}

// stderr prints its input compactly without a newline (jq 1.7).
func (r *runner) stderr(v any, _ []any) any {
	r.out.Flush()
	fmt.Fprint(r.c.Stderr, compactJSON(v))
	return v
}
