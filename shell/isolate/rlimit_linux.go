package isolate

import "syscall"

// limitAddressSpace caps this process's virtual memory: past it, the Go
// runtime's next mapping fails and the worker dies alone.
func limitAddressSpace(n int64) {
	syscall.Setrlimit(syscall.RLIMIT_AS, &syscall.Rlimit{Cur: uint64(n), Max: uint64(n)})
}
