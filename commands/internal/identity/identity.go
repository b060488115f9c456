package identity

import "strconv"

// idName names the sandbox's users: root and the single user "user".
func Name(id uint32) string {
	switch id {
	case 0:
		return "root"
	case 1000:
		return "user"
	}
	return strconv.FormatUint(uint64(id), 10)
}

// defaultUmask is the sandbox umask applied to new files and directories.
const Umask = 0o022

// The sandbox has one user, "user" (uid 1000); nothing is read from the host.
const User, UID = "user", 1000

// sandboxHost is the fixed host name: the host's is never revealed.
const Host = "localhost"
