package sqlite

import (
	"strconv"
	"unsafe"

	lib "modernc.org/sqlite/lib"
)

// stmt is one prepared statement of an engine.
type stmt struct {
	e *engine
	h uintptr
}

// Column storage classes, as sqlite3_column_type reports them.
const (
	typeInteger = lib.SQLITE_INTEGER
	typeFloat   = lib.SQLITE_FLOAT
	typeText    = lib.SQLITE_TEXT
	typeBlob    = lib.SQLITE_BLOB
	typeNull    = lib.SQLITE_NULL
)

// value is one result cell with its storage class. text holds the bytes
// for TEXT and BLOB, and the canonical rendering for numbers.
type value struct {
	kind int32
	text string
	i    int64
	f    float64
}

// step advances the statement: true when a row is ready.
func (s *stmt) step() (bool, error) {
	switch rc := lib.Xsqlite3_step(s.e.tls, s.h); rc {
	case lib.SQLITE_ROW:
		return true, nil
	case lib.SQLITE_DONE:
		return false, nil
	default:
		return false, s.e.lastError(rc)
	}
}

func (s *stmt) finalize() error {
	if s.h == 0 {
		return nil
	}
	rc := lib.Xsqlite3_finalize(s.e.tls, s.h)
	s.h = 0
	if rc != lib.SQLITE_OK {
		return s.e.lastError(rc)
	}
	return nil
}

// columns returns the result column names.
func (s *stmt) columns() []string {
	n := int(lib.Xsqlite3_column_count(s.e.tls, s.h))
	names := make([]string, n)
	for i := range names {
		names[i] = goString(lib.Xsqlite3_column_name(s.e.tls, s.h, int32(i)))
	}
	return names
}

// row reads the current row.
func (s *stmt) row(n int) []value {
	vals := make([]value, n)
	for i := range vals {
		vals[i] = s.value(int32(i))
	}
	return vals
}

func (s *stmt) value(i int32) value {
	tls, h := s.e.tls, s.h
	switch t := lib.Xsqlite3_column_type(tls, h, i); t {
	case typeInteger:
		v := lib.Xsqlite3_column_int64(tls, h, i)
		return value{kind: t, i: v, text: strconv.FormatInt(v, 10)}
	case typeFloat:
		v := lib.Xsqlite3_column_double(tls, h, i)
		return value{kind: t, f: v, text: formatReal(v)}
	case typeText:
		p := lib.Xsqlite3_column_text(tls, h, i)
		return value{kind: t, text: s.bytes(p, i)}
	case typeBlob:
		p := lib.Xsqlite3_column_blob(tls, h, i)
		return value{kind: t, text: s.bytes(p, i)}
	}
	return value{kind: typeNull}
}

func (s *stmt) bytes(p uintptr, i int32) string {
	n := lib.Xsqlite3_column_bytes(s.e.tls, s.h, i)
	if p == 0 || n <= 0 {
		return ""
	}
	return string(unsafe.Slice((*byte)(cptr(p)), n))
}

// bindText binds a text parameter (1-based) or NULL when null is true.
func (s *stmt) bindText(i int, v string, null bool) error {
	var rc int32
	if null {
		rc = lib.Xsqlite3_bind_null(s.e.tls, s.h, int32(i))
	} else {
		p := s.e.cstring(v)
		// SQLITE_TRANSIENT (-1) makes SQLite take its own copy.
		rc = lib.Xsqlite3_bind_text(s.e.tls, s.h, int32(i), p, int32(len(v)), ^uintptr(0))
		s.e.free(p)
	}
	if rc != lib.SQLITE_OK {
		return s.e.lastError(rc)
	}
	return nil
}

// reset makes the statement ready to run again with new bindings.
func (s *stmt) reset() {
	lib.Xsqlite3_reset(s.e.tls, s.h)
}
