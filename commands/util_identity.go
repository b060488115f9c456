package commands

import "strconv"

// idName names the sandbox's users: root and the single user "user".
func idName(id uint32) string {
	switch id {
	case 0:
		return "root"
	case 1000:
		return "user"
	}
	return strconv.FormatUint(uint64(id), 10)
}

// defaultUmask is the sandbox umask applied to new files and directories.
const defaultUmask = 0o022

// The sandbox has one user, "user" (uid 1000); nothing is read from the host.
const sandboxUser, sandboxUID = "user", 1000

// sandboxHost is the fixed host name: the host's is never revealed.
const sandboxHost = "localhost"
