package identity

import "testing"

// The sandbox has exactly two names for ids; others print as numbers, as
// ls -l does for an id without a passwd entry.
func TestName(t *testing.T) {
	for id, want := range map[uint32]string{0: "root", UID: User, 4242: "4242"} {
		if got := Name(id); got != want {
			t.Errorf("Name(%d) = %q, want %q", id, got, want)
		}
	}
	if Umask&0o777 != Umask || Host == "" || User != "user" {
		t.Fatalf("bad identity: umask %o host %q", Umask, Host)
	}
}
