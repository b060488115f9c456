//go:build !unix

package mcpclient

import "os/exec"

func terminate(cmd *exec.Cmd) {
	if cmd.Process != nil {
		_ = cmd.Process.Kill()
	}
}

func kill(cmd *exec.Cmd) { terminate(cmd) }

func killGroup(*exec.Cmd) {}
