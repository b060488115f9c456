package diffkit

import (
	"sync"
	"sync/atomic"
)

// Map applies fn to every item on jobs workers and returns the results in
// the items' order; progress (if not nil) is told how many are done after
// each one. Both harnesses compare their cases this way.
func Map[In, Out any](items []In, jobs int, fn func(In) Out, progress func(done int)) []Out {
	results := make([]Out, len(items))
	var done atomic.Int64
	idx := make(chan int)
	var wg sync.WaitGroup
	for range max(jobs, 1) {
		wg.Go(func() {
			for i := range idx {
				results[i] = fn(items[i])
				if n := done.Add(1); progress != nil {
					progress(int(n))
				}
			}
		})
	}
	for i := range items {
		idx <- i
	}
	close(idx)
	wg.Wait()
	return results
}
