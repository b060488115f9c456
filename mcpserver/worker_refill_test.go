package mcpserver

import (
	"encoding/binary"
	"testing"
	"time"
)

// A worker whose daemon notifies prepares the next runtime once the
// daemon's response is out — not on the reply alone, not for another
// run's notification — whichever of the reply and the notification comes
// first; without notifications its timer starts the refill.
func TestWorkerRefillPacing(t *testing.T) {
	servers := []string{"refill-pacing"}
	state := func(r *runRefill) (told, started bool) {
		r.mu.Lock()
		defer r.mu.Unlock()
		return r.told, r.started
	}
	num := func(seq uint64) []byte { return binary.AppendUvarint(nil, seq) }
	// The timer that covers a lost notification must not fire here.
	defer func(d time.Duration) { workerRefillWait = d }(workerRefillWait)
	workerRefillWait = time.Hour

	r := armRefill(servers, 1, 7)
	r.replied()
	for _, body := range [][]byte{nil, {0x80}, num(0), num(6), num(8)} {
		r.notice(body)
	}
	if told, started := state(r); told || started {
		t.Fatalf("another run's notification or the reply alone started the refill (told %v, started %v)", told, started)
	}
	r.notice(num(7))
	waitFor(t, "the refill after the notification", func() bool { _, started := state(r); return started })

	r = armRefill(servers, 1, 9)
	r.notice(num(9)) // the notification overtakes the reply's AfterReply
	if _, started := state(r); started {
		t.Fatal("the refill started before the reply was written")
	}
	r.replied()
	waitFor(t, "the refill after the reply", func() bool { _, started := state(r); return started })

	r = armRefill(servers, 1, 0)
	r.replied()
	waitFor(t, "the timer's refill", func() bool { _, started := state(r); return started })
	waitFor(t, "runtimes for the key", func() bool { return runtimes.readyFor(servers, 1) > 0 })
}
