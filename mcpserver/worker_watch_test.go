package mcpserver

import (
	"testing"
	"time"
)

// A watched run expires once its deadline passed, and only then; one
// taken off the watch in time never does, and unwatch says which
// happened.
func TestWatchdog(t *testing.T) {
	var wd watchdog
	expired := make(chan string, 2)
	start := time.Now()
	late := wd.watch(50*time.Millisecond, func() { expired <- "late" })
	early := wd.watch(time.Hour, func() { expired <- "early" })
	if got := <-expired; got != "late" {
		t.Fatalf("%s expired first", got)
	}
	if d := time.Since(start); d < 50*time.Millisecond {
		t.Errorf("expired after %v, before its deadline", d)
	}
	if wd.unwatch(late) {
		t.Error("unwatch of an expired run reported it in time")
	}
	if !wd.unwatch(early) {
		t.Error("unwatch in time reported an expiry")
	}
	// A new run after the others is watched as well.
	again := wd.watch(time.Millisecond, func() { expired <- "again" })
	if got := <-expired; got != "again" {
		t.Fatalf("%s expired", got)
	}
	wd.unwatch(again)
	select {
	case got := <-expired:
		t.Errorf("%s expired after it was taken off the watch", got)
	default:
	}
}
