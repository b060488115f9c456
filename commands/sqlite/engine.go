package sqlite

import (
	"errors"
	"strings"
	"sync"
	"unsafe"

	"modernc.org/libc"
	lib "modernc.org/sqlite/lib"
)

// engine is one SQLite connection driven through the transpiled C API
// directly. We do not go through database/sql: its driver turns DATE and
// DATETIME columns into time.Time, which would make the CLI output lossy,
// and it hides the prepare tail and error offset the CLI format needs.
type engine struct {
	tls *libc.TLS
	db  uintptr

	// mu guards db against a concurrent interrupt while closing.
	mu     sync.Mutex
	closed bool
}

// sqlError is an SQLite failure: the message of sqlite3_errmsg, the
// primary result code and, for prepare errors, the byte offset of the
// offending token (-1 when unknown).
type sqlError struct {
	msg    string
	code   int32
	offset int
}

func (e *sqlError) Error() string { return e.msg }

// SQLite limit ids: SQLITE_LIMIT_LENGTH and SQLITE_LIMIT_ATTACHED.
const (
	limitLength   = 0
	limitAttached = 7
)

// openMemory opens an empty in-memory database. The connection never
// names a host file: the main database is ":memory:", temporary storage is
// forced into memory, ATTACH is disabled (limit 0 plus the authorizer), so
// neither ATTACH nor VACUUM INTO can reach the host filesystem.
func openMemory() (*engine, error) {
	e := &engine{tls: libc.NewTLS()}
	name := e.cstring(":memory:")
	defer e.free(name)
	pp := e.tls.Alloc(8)
	defer e.tls.Free(8)
	*(*uintptr)(cptr(pp)) = 0
	flags := int32(lib.SQLITE_OPEN_READWRITE | lib.SQLITE_OPEN_CREATE | lib.SQLITE_OPEN_MEMORY)
	rc := lib.Xsqlite3_open_v2(e.tls, name, pp, flags, 0)
	e.db = *(*uintptr)(cptr(pp))
	if rc != lib.SQLITE_OK {
		err := e.lastError(rc)
		e.close()
		return nil, err
	}
	lib.Xsqlite3_limit(e.tls, e.db, limitAttached, 0)
	if err := e.exec("PRAGMA temp_store=MEMORY"); err != nil {
		e.close()
		return nil, err
	}
	return e, nil
}

// authorize is SQLite's authorizer callback. It keeps the connection off
// the host: ATTACH (and so VACUUM INTO) is refused, and so are the pragmas
// that would move temporary storage to host files or lift our size cap.
func authorize(tls *libc.TLS, _ uintptr, action int32, z1, z2, _, _ uintptr) int32 {
	switch action {
	case lib.SQLITE_ATTACH:
		return lib.SQLITE_DENY
	case lib.SQLITE_PRAGMA:
		name := strings.ToLower(goString(z1))
		switch name {
		case "temp_store_directory", "data_store_directory":
			return lib.SQLITE_DENY
		case "temp_store", "max_page_count", "mmap_size":
			if z2 != 0 {
				return lib.SQLITE_DENY
			}
		}
	case lib.SQLITE_FUNCTION:
		if strings.EqualFold(goString(z2), "load_extension") {
			return lib.SQLITE_DENY
		}
	}
	return lib.SQLITE_OK
}

// authorizerPointer turns authorize into the function pointer value the
// transpiled C code calls back through: it stores a Go func value and
// calls it by reinterpreting the uintptr as a pointer to that func value.
func authorizerPointer() uintptr {
	type holder struct {
		f func(*libc.TLS, uintptr, int32, uintptr, uintptr, uintptr, uintptr) int32
	}
	return *(*uintptr)(unsafe.Pointer(&holder{authorize}))
}

// goString copies a NUL-terminated C string.
func goString(p uintptr) string {
	if p == 0 {
		return ""
	}
	return libc.GoString(p)
}

// cstring copies s into SQLite-allocated memory with a terminating NUL.
func (e *engine) cstring(s string) uintptr {
	p := lib.Xsqlite3_malloc64(e.tls, uint64(len(s)+1))
	if p == 0 {
		return 0
	}
	b := unsafe.Slice((*byte)(cptr(p)), len(s)+1)
	copy(b, s)
	b[len(s)] = 0
	return p
}

func (e *engine) free(p uintptr) {
	if p != 0 {
		lib.Xsqlite3_free(e.tls, p)
	}
}

func (e *engine) lastError(rc int32) *sqlError {
	msg := "out of memory"
	off := -1
	if e.db != 0 {
		msg = goString(lib.Xsqlite3_errmsg(e.tls, e.db))
		off = int(lib.Xsqlite3_error_offset(e.tls, e.db))
	}
	return &sqlError{msg: msg, code: rc & 0xff, offset: off}
}

// close releases the connection; interrupts after this are no-ops.
func (e *engine) close() {
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.closed {
		return
	}
	e.closed = true
	if e.db != 0 {
		lib.Xsqlite3_close_v2(e.tls, e.db)
	}
	e.tls.Close()
}

// interrupt aborts the running statement. It runs on another goroutine, so
// it uses its own TLS and never races with close.
func (e *engine) interrupt() {
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.closed || e.db == 0 {
		return
	}
	tls := libc.NewTLS()
	lib.Xsqlite3_interrupt(tls, e.db)
	tls.Close()
}

// exec runs SQL that returns no rows we care about.
func (e *engine) exec(sql string) error {
	return e.each(sql, func(st *stmt) error {
		for {
			more, err := st.step()
			if err != nil || !more {
				return err
			}
		}
	})
}

// each prepares every statement of sql in turn and hands it to fn, which
// steps it; the statement is finalized afterwards.
func (e *engine) each(sql string, fn func(*stmt) error) error {
	cs := e.cstring(sql)
	if cs == 0 {
		return errors.New("out of memory")
	}
	defer e.free(cs)
	cur := cs
	for *(*byte)(cptr(cur)) != 0 {
		st, tail, err := e.prepare(cur)
		if err != nil {
			return err
		}
		cur = tail
		if st == nil {
			continue
		}
		err = fn(st)
		if ferr := st.finalize(); err == nil && ferr != nil {
			err = ferr
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// prepare compiles the first statement at p. It returns a nil stmt for
// text that holds only whitespace or comments.
func (e *engine) prepare(p uintptr) (*stmt, uintptr, error) {
	mem := e.tls.Alloc(16)
	defer e.tls.Free(16)
	pst, ptail := mem, mem+8
	*(*uintptr)(cptr(pst)) = 0
	*(*uintptr)(cptr(ptail)) = 0
	rc := lib.Xsqlite3_prepare_v2(e.tls, e.db, p, -1, pst, ptail)
	if rc != lib.SQLITE_OK {
		return nil, 0, e.lastError(rc)
	}
	tail := *(*uintptr)(cptr(ptail))
	h := *(*uintptr)(cptr(pst))
	if tail == 0 || tail < p {
		tail = p + uintptr(cstrlen(p))
	}
	if h == 0 {
		return nil, tail, nil
	}
	return &stmt{e: e, h: h}, tail, nil
}

func cstrlen(p uintptr) int {
	n := 0
	for *(*byte)(cptr(p + uintptr(n))) != 0 {
		n++
	}
	return n
}

// complete reports whether sql ends a full statement (sqlite3_complete).
func (e *engine) complete(sql string) bool {
	cs := e.cstring(sql)
	if cs == 0 {
		return true
	}
	defer e.free(cs)
	return lib.Xsqlite3_complete(e.tls, cs) != 0
}

// serialize copies the main database out of SQLite.
func (e *engine) serialize() []byte {
	psz := e.tls.Alloc(8)
	defer e.tls.Free(8)
	*(*int64)(cptr(psz)) = 0
	main := e.cstring("main")
	defer e.free(main)
	p := lib.Xsqlite3_serialize(e.tls, e.db, main, psz, 0)
	if p == 0 {
		return nil
	}
	defer lib.Xsqlite3_free(e.tls, p)
	n := *(*int64)(cptr(psz))
	if n <= 0 {
		return nil
	}
	out := make([]byte, n)
	copy(out, unsafe.Slice((*byte)(cptr(p)), n))
	return out
}

// deserialize replaces the main database with data. SQLite takes
// ownership of the copy and may grow it unless readOnly.
func (e *engine) deserialize(data []byte, readOnly bool) error {
	if len(data) == 0 {
		return nil
	}
	p := lib.Xsqlite3_malloc64(e.tls, uint64(len(data)))
	if p == 0 {
		return errors.New("out of memory")
	}
	copy(unsafe.Slice((*byte)(cptr(p)), len(data)), data)
	flags := uint32(lib.SQLITE_DESERIALIZE_FREEONCLOSE)
	if readOnly {
		flags |= lib.SQLITE_DESERIALIZE_READONLY
	} else {
		flags |= lib.SQLITE_DESERIALIZE_RESIZEABLE
	}
	main := e.cstring("main")
	defer e.free(main)
	rc := lib.Xsqlite3_deserialize(e.tls, e.db, main, p, int64(len(data)), int64(len(data)), flags)
	if rc != lib.SQLITE_OK {
		return e.lastError(rc)
	}
	return nil
}

// queryInt runs a one-value query such as a pragma read.
func (e *engine) queryInt(sql string) (int64, error) {
	var v int64
	err := e.each(sql, func(st *stmt) error {
		more, err := st.step()
		if err == nil && more {
			v = lib.Xsqlite3_column_int64(e.tls, st.h, 0)
		}
		return err
	})
	return v, err
}

// unsafeBytes views n bytes of C memory at p.
func unsafeBytes(p uintptr, n int) []byte {
	return unsafe.Slice((*byte)(cptr(p)), n)
}

// cptr turns an address of C memory (allocated by SQLite's allocator, so
// never moved by the Go collector) into a pointer. Reading the uintptr
// through its own address keeps the conversion explicit for vet.
func cptr(p uintptr) unsafe.Pointer {
	return *(*unsafe.Pointer)(unsafe.Pointer(&p))
}
