//go:build !linux

package mcpserver

// lowerThreadPriority does nothing where threads have no priority of
// their own that we can set without privilege.
func lowerThreadPriority(int) {}
