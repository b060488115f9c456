package workerproc

import "syscall"

// LimitAddressSpace caps this process's virtual memory at n bytes: past
// it, the Go runtime's next mapping fails and the worker dies alone.
func LimitAddressSpace(n uint64) error {
	return syscall.Setrlimit(syscall.RLIMIT_AS, &syscall.Rlimit{Cur: n, Max: n})
}
