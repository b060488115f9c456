package sizes

import "testing"

// Recorded from GNU coreutils 9.1: ls -lh of files truncated to n bytes,
// and stat -c %s after truncate -s ARG.
func TestHuman(t *testing.T) {
	for n, want := range map[int64]string{0: "0", 1023: "1023", 1024: "1.0K", 1025: "1.1K", 1126: "1.1K",
		1536: "1.5K", 10239: "10K", 10240: "10K", 10752: "11K", 1048575: "1.0M", 1048576: "1.0M",
		1572864: "1.5M", 1073741824: "1.0G", 5000000000: "4.7G"} {
		if got := Human(n); got != want {
			t.Errorf("Human(%d) = %q, want %q", n, got, want)
		}
	}
}

func TestParse(t *testing.T) {
	for s, want := range map[string]int64{"10K": 10240, "1KB": 1000, "2M": 2097152, "1G": 1073741824, "3k": 3072, "512": 512} {
		if got, ok := Parse(s); !ok || got != want {
			t.Errorf("Parse(%q) = %d %v, want %d", s, got, ok, want)
		}
	}
	for _, s := range []string{"", "x", "10Q", "K"} {
		if _, ok := Parse(s); ok {
			t.Errorf("Parse(%q) accepted", s)
		}
	}
}
