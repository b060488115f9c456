package eval

import "iter"

// drainOnError wraps a statement sequence of mvdan/sh's parser so that a
// consumer may stop on an error. The parser's StmtsSeq yields its error
// once more after the consumer returned false, which Go turns into a
// runtime panic ("range function continued iteration"): for "a &\xa6"
// the reader stopped on the first yield and crashed on the second (found
// by FuzzShellExec). After an error stop the wrapper reads the rest of
// the sequence without passing it on; a stop on statements ends it as
// usual.
func drainOnError[T any](seq iter.Seq2[T, error]) iter.Seq2[T, error] {
	return func(yield func(T, error) bool) {
		draining := false
		for v, err := range seq {
			if draining {
				continue
			}
			if !yield(v, err) {
				if err == nil {
					return
				}
				draining = true
			}
		}
	}
}
