package vfs

import (
	"crypto/rand"
	"syscall"
)

// Device selects the behaviour of a character device made by Mknod.
type Device int

const (
	devNone   Device = iota
	DevNull          // reads EOF, writes are discarded
	DevZero          // reads zeros, writes are discarded
	DevRandom        // reads random bytes, writes are discarded
	DevFull          // reads zeros, writes fail with ENOSPC
)

// rdev returns the Linux major/minor numbers of the real device.
func (d Device) rdev() uint64 {
	minor := map[Device]uint64{DevNull: 3, DevZero: 5, DevFull: 7, DevRandom: 8}[d]
	if minor == 0 {
		return 0
	}
	return 1<<8 | minor
}

func (d Device) read(p []byte) (int, error) {
	switch d {
	case DevNull:
		return 0, errEOF
	case DevRandom:
		return rand.Read(p)
	}
	clear(p)
	return len(p), nil
}

func (d Device) write(p []byte) (int, error) {
	if d == DevFull {
		return 0, syscall.ENOSPC
	}
	return len(p), nil
}
