//go:build unix

package mcpclient

import (
	"os/exec"
	"syscall"
)

// ownGroup reports whether cmd runs as the leader of its own process
// group, so that signals can go to every process it started (npx and the
// like run the real server as a grandchild).
func ownGroup(cmd *exec.Cmd) bool {
	return cmd.SysProcAttr != nil && cmd.SysProcAttr.Setpgid && cmd.SysProcAttr.Pgid == 0 && cmd.Process != nil
}

func signal(cmd *exec.Cmd, sig syscall.Signal) {
	if cmd.Process == nil {
		return
	}
	if ownGroup(cmd) {
		_ = syscall.Kill(-cmd.Process.Pid, sig)
		return
	}
	_ = cmd.Process.Signal(sig)
}

func terminate(cmd *exec.Cmd) { signal(cmd, syscall.SIGTERM) }
func kill(cmd *exec.Cmd)      { signal(cmd, syscall.SIGKILL) }

// killGroup removes what a server that has exited left running in its
// group; a server without a group of its own is left alone.
func killGroup(cmd *exec.Cmd) {
	if ownGroup(cmd) {
		_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
	}
}
