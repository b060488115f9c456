package mcpserver

import (
	"encoding/binary"
	"errors"
	"math"
)

// The bodies of the worker protocol's "run" and "warm" calls (runMsg) and
// of every reply (doneMsg) in a compact binary form: a field is a tag
// byte, then a uvarint (a number), or a uvarint length and that many
// bytes (a string, or JSON carried as it is). Every call crosses the pipe
// twice with them; JSON cost reflection on both sides of each crossing,
// and the first call of a process also built the codecs. Zero fields are
// left out; a field may repeat (servers, log lines). bashMsg stays JSON:
// a bash call does far more than encode it.

// Field tags of runMsg.
const (
	runCode    = 1
	runData    = 2
	runTimeout = 3
	runMem     = 4
	runServer  = 5 // one per server, in order
	runNotify  = 6 // the run's number, for the daemon's methodRefill
)

// Field tags of doneMsg.
const (
	doneValue    = 1
	doneError    = 2
	doneLogLevel = 3 // a log line is a level, then its message
	doneLogText  = 4
	doneStdout   = 5
	doneStderr   = 6
	doneExit     = 7 // zig-zag: an exit code may be negative
	doneSnapshot = 8
)

var errBadBody = errors.New("malformed message body")

func appendField(b []byte, tag byte, s string) []byte {
	b = append(b, tag)
	b = binary.AppendUvarint(b, uint64(len(s)))
	return append(b, s...)
}

func appendBytesField(b []byte, tag byte, s []byte) []byte {
	b = append(b, tag)
	b = binary.AppendUvarint(b, uint64(len(s)))
	return append(b, s...)
}

func appendNumber(b []byte, tag byte, n uint64) []byte {
	return binary.AppendUvarint(append(b, tag), n)
}

// encodeRun encodes a runMsg.
func encodeRun(m runMsg) []byte {
	n := 32 + len(m.Code) + len(m.Data)
	for _, s := range m.Servers {
		n += len(s) + 4
	}
	b := make([]byte, 0, n)
	if m.Code != "" {
		b = appendField(b, runCode, m.Code)
	}
	if len(m.Data) > 0 {
		b = appendBytesField(b, runData, m.Data)
	}
	if m.TimeoutMs > 0 {
		b = appendNumber(b, runTimeout, uint64(m.TimeoutMs))
	}
	if m.MemBytes > 0 {
		b = appendNumber(b, runMem, m.MemBytes)
	}
	for _, s := range m.Servers {
		b = appendField(b, runServer, s)
	}
	if m.Notify > 0 {
		b = appendNumber(b, runNotify, m.Notify)
	}
	return b
}

// decodeRun decodes a runMsg.
func decodeRun(b []byte) (runMsg, error) {
	var m runMsg
	err := eachField(b, runNumeric, func(tag byte, n uint64, data []byte) error {
		switch tag {
		case runCode:
			m.Code = string(data)
		case runData:
			m.Data = append([]byte(nil), data...)
		case runTimeout:
			if n > math.MaxInt64 {
				return errBadBody
			}
			m.TimeoutMs = int64(n)
		case runMem:
			m.MemBytes = n
		case runServer:
			m.Servers = append(m.Servers, string(data))
		case runNotify:
			m.Notify = n
		default:
			return errBadBody
		}
		return nil
	})
	return m, err
}

// encodeDone encodes a doneMsg.
func encodeDone(m doneMsg) []byte {
	n := 32 + len(m.Value) + len(m.Error) + len(m.Stdout) + len(m.Stderr) + len(m.Snapshot)
	for _, l := range m.Logs {
		n += len(l.Level) + len(l.Message) + 8
	}
	b := make([]byte, 0, n)
	if len(m.Value) > 0 {
		b = appendBytesField(b, doneValue, m.Value)
	}
	if m.Error != "" {
		b = appendField(b, doneError, m.Error)
	}
	for _, l := range m.Logs {
		b = appendField(b, doneLogLevel, l.Level)
		b = appendField(b, doneLogText, l.Message)
	}
	if m.Stdout != "" {
		b = appendField(b, doneStdout, m.Stdout)
	}
	if m.Stderr != "" {
		b = appendField(b, doneStderr, m.Stderr)
	}
	if m.ExitCode != 0 {
		b = binary.AppendVarint(append(b, doneExit), int64(m.ExitCode))
	}
	if len(m.Snapshot) > 0 {
		b = appendBytesField(b, doneSnapshot, m.Snapshot)
	}
	return b
}

// decodeDone decodes a doneMsg.
func decodeDone(b []byte) (doneMsg, error) {
	var m doneMsg
	level := ""
	err := eachField(b, doneNumeric, func(tag byte, n uint64, data []byte) error {
		switch tag {
		case doneValue:
			m.Value = append([]byte(nil), data...)
		case doneError:
			m.Error = string(data)
		case doneLogLevel:
			level = string(data)
		case doneLogText:
			m.Logs = append(m.Logs, CodeLog{Level: level, Message: string(data)})
		case doneStdout:
			m.Stdout = string(data)
		case doneStderr:
			m.Stderr = string(data)
		case doneExit:
			// A uvarint holding binary.AppendVarint's zig-zag form.
			v := int64(n >> 1)
			if n&1 != 0 {
				v = ^v
			}
			if v < math.MinInt32 || v > math.MaxInt32 {
				return errBadBody
			}
			m.ExitCode = int(v)
		case doneSnapshot:
			m.Snapshot = append([]byte(nil), data...)
		default:
			return errBadBody
		}
		return nil
	})
	return m, err
}

// eachField calls f for every field of b: with n for a number field
// (numeric says which tags are), with data for a bytes field (a slice of
// b). A length is checked against what is left before anything is sliced.
func eachField(b []byte, numeric func(tag byte) bool, f func(tag byte, n uint64, data []byte) error) error {
	for len(b) > 0 {
		tag := b[0]
		v, k := binary.Uvarint(b[1:])
		if k <= 0 {
			return errBadBody
		}
		b = b[1+k:]
		if numeric(tag) {
			if err := f(tag, v, nil); err != nil {
				return err
			}
			continue
		}
		if v > uint64(len(b)) {
			return errBadBody
		}
		if err := f(tag, 0, b[:v]); err != nil {
			return err
		}
		b = b[v:]
	}
	return nil
}

func runNumeric(tag byte) bool  { return tag == runTimeout || tag == runMem || tag == runNotify }
func doneNumeric(tag byte) bool { return tag == doneExit }
