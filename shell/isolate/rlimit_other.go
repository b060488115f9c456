//go:build !linux

package isolate

// limitAddressSpace has no portable equivalent outside Linux; the soft
// memory limit set by Serve still makes the collector work before the
// process grows.
func limitAddressSpace(int64) {}
