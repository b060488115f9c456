// Package identity is the sandbox's fixed identity: the single user
// "user" (uid 1000) and root, the host name and the umask. Nothing is read
// from the host: every command that shows a user, a host or applies a
// umask takes it from here.
package identity
