//go:build unix

package hostcmd

import (
	"os/exec"
	"syscall"
)

// ownGroup starts cmd in a new process group, out of reach of the
// terminal's SIGINT, and makes cancellation kill the whole group.
func ownGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error {
		if cmd.Process == nil {
			return nil
		}
		return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
	}
}
