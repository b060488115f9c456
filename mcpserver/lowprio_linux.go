package mcpserver

import "syscall"

// lowerThreadPriority raises the calling thread's nice value by delta (to
// at most 19). On Linux, setpriority with a thread id affects only that
// thread. Raising nice needs no privilege; failure leaves it as it was.
func lowerThreadPriority(delta int) {
	tid := syscall.Gettid()
	// The raw system call returns 20 - nice.
	prio, err := syscall.Getpriority(syscall.PRIO_PROCESS, tid)
	if err != nil {
		return
	}
	_ = syscall.Setpriority(syscall.PRIO_PROCESS, tid, min(20-prio+delta, 19))
}
