package eval

// The hash table counts its hits as bash's does: a path found by a
// $PATH search starts at 1, one given by hash NAME or hash -p at 0, and
// every later use (running the command, type, command -v) adds one.

// remember records path for name with a starting hit count.
func (r *Runner) remember(name, path string, hits int) {
	putMap(&r.hash, name, path)
	putMap(&r.hashHits, name, hits)
}

// hashed is name's remembered path, counted as a use.
func (r *Runner) hashed(name string) (string, bool) {
	p, ok := r.hash[name]
	if !ok || r.pathOverride != "" {
		return "", false
	}
	r.hashHits[name]++
	return p, true
}

// hashOrder lists the remembered names as hash prints them: bash walks
// its table of hashBuckets buckets in index order.
func (r *Runner) hashOrder() []string {
	walk := newAssocBuckets(hashBuckets)
	for _, k := range sortedKeys(r.hash) {
		walk.set(k, "")
	}
	return walk.order()
}
