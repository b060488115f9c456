package mcpserver

import "sync"

// prewarmExpected starts preparing runtimes for the default profile's
// servers as the runtime starts, before their discovery: a runtime needs
// only the servers' names (the tool proxies ask their tools at call
// time), and discovery takes long enough (a process spawn and a
// handshake per server) to have them ready when the first call comes.
// The set assumes every enabled server starts; Prewarm after discovery
// covers the case where one fails (the pool drops the unused key in time).
func (rt *Runtime) prewarmExpected() {
	pw, ok := rt.opts.Runner.(Prewarmer)
	if !ok {
		return
	}
	p, err := rt.cfg.Preset(rt.opts.DefaultProfile)
	if err != nil {
		return
	}
	pw.Prewarm(rt.cfg.ProfileServers(p), rt.opts.MaxMemoryBytes)
}

// heapFloorBytes is the heap the in-process server keeps as its floor
// (keepHeapFloor). 8 MB: an A/B against 16 MB (load ~15) measured 3%
// more CPU per call for 9 MB less peak RSS (42 against 51 MB).
const heapFloorBytes = 8 << 20

// workerHeapFloorBytes is a worker process's floor, smaller: the worker's
// peak RSS adds to the server's for the one-worker budget (64 MB). A
// worker's refill is its main cost (Prepare, ~37% of its CPU samples, and
// the collections of its garbage ~14%); with a 4 MB floor, taken as the
// worker starts, interleaved A/B (workers, 300 rounds, load 2-4): CPU per
// round 23.2 -> 19.9 ms (-14%), peak RSS of the worker 30 -> 35 MB; with
// 8 MB the same CPU and 38-46 MB.
const workerHeapFloorBytes = 4 << 20

// heapFloor is never read: it is live heap, held for the collector's pace.
//
//lint:ignore U1000 held, not read (keepHeapFloor)
var heapFloor []byte

var heapFloorOnce sync.Once

// keepHeapFloor raises the process's heap goal by n bytes. Every
// execute_code call starts the preparation of the next runtime, ~0.45 MB
// of goja objects, at a live heap of 4-5 MB: with GOGC's goal at twice
// the live heap the collector ran every ~7 calls (137 per 1000), and
// between its cycles the scavenger gave spans back to the kernel, to be
// faulted in again by the next preparations (5-9 page faults a call,
// 50-80 µs each on a virtual machine). An allocation that is never
// touched counts as live heap without being resident (fresh memory from
// the kernel is not cleared), so the goal becomes ~22 MB (37 collections
// against 156 over one A/B run of the measure test), and the pages
// between the live heap and the goal stay with the process. Peak RSS
// grows by what the calls use between two cycles, not by the floor; a
// script's own heap is unaffected (the memory watch counts from its
// run's start). Done once, before the start-up's warm-up (the first
// JSRunner.Prewarm; a worker's ServeWorker), while the heap is young: the
// floor's pages then come fresh from the kernel. Taken after a
// collection, it may reuse freed spans, which are cleared, hence
// resident (peak RSS says whether it was: in-process 41 against 49-50 MB
// in one start of three). The collections the floor would delay during
// start-up are paused then anyway (startgc.go), and warmUp collects the
// start-up's garbage once the first runtime is ready.
func keepHeapFloor(n int) {
	heapFloorOnce.Do(func() { heapFloor = make([]byte, n) })
}
