//go:build !linux

package workerproc

// LimitAddressSpace has no portable equivalent outside Linux; the soft
// memory limit (debug.SetMemoryLimit) a worker sets still makes the
// collector work before the process grows.
func LimitAddressSpace(uint64) error { return nil }
