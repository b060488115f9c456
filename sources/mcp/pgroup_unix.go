//go:build unix

package mcp

import (
	"os/exec"
	"syscall"
)

// ownGroup puts a stdio server in a new process group, so the terminal's
// SIGINT (sent to the foreground group) never reaches it.
func ownGroup(cmd *exec.Cmd) { cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true} }
