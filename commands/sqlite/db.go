package sqlite

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"

	"github.com/justbash/justbash/commands"
	lib "modernc.org/sqlite/lib"
)

// open creates the connection and loads the database file, if any, from
// the sandbox filesystem.
func (s *shell) open(name string) int {
	e, err := openMemory()
	if err != nil {
		s.printErr("Error: unable to open database: %v", err)
		return 1
	}
	s.e = e
	// A single string or blob (zeroblob(N), hex of it, group_concat) may
	// not pass the sandbox's string limit: SQLite refuses it with "string
	// or blob too big" before allocating.
	lib.Xsqlite3_limit(e.tls, e.db, limitLength, int32(min(s.c.Limits.StringMax(), 1_000_000_000)))
	if name != ":memory:" && name != "" {
		if err := s.load(name); err != nil {
			if st, ok := s.c.LimitStatus(err); ok {
				e.close()
				return st
			}
			s.printErr("Error: unable to open database \"%s\": %s", name, err.Error())
			e.close()
			return 1
		}
	}
	if err := s.limit(); err != nil {
		s.printErr("Error: %v", err)
		e.close()
		return 1
	}
	if s.readOnly {
		_ = e.exec("PRAGMA query_only=1")
	}
	e.lockDown()
	return 0
}

func (s *shell) load(name string) error {
	s.dbPath = s.c.Abs(name)
	st, err := s.c.FS.Stat(s.dbPath)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		if s.readOnly {
			return errors.New("unable to open database file")
		}
		if _, derr := s.c.FS.Stat(path.Dir(s.dbPath)); derr != nil {
			return errors.New("unable to open database file")
		}
		return nil
	case err != nil:
		return errors.New(commands.ErrText(err))
	case st.IsDir():
		return errors.New("unable to open database file")
	case s.opts.MaxDBBytes > 0 && st.Size() > s.opts.MaxDBBytes:
		return fmt.Errorf("database is larger than the %d byte limit", s.opts.MaxDBBytes)
	}
	s.existed = true
	f, err := s.c.FS.OpenFile(s.dbPath, os.O_RDONLY, 0)
	if err != nil {
		return errors.New(commands.ErrText(err))
	}
	defer f.Close()
	data, err := s.c.ReadAll(s.ctx, f)
	if commands.IsLimit(err) {
		return err
	}
	if err != nil {
		return errors.New(commands.ErrText(err))
	}
	s.original = data
	return s.e.deserialize(data, s.readOnly)
}

// limit applies the size cap as a page budget, so that SQLite itself
// fails a growing write with "database or disk is full".
func (s *shell) limit() error {
	if s.opts.MaxDBBytes <= 0 {
		return nil
	}
	size, err := s.e.queryInt("PRAGMA page_size")
	if err != nil || size <= 0 {
		return nil // not a database; the first query reports it
	}
	pages := max(1, s.opts.MaxDBBytes/size)
	return s.e.exec(fmt.Sprintf("PRAGMA max_page_count=%d", pages))
}

// lockDown installs the restrictions that keep SQL off the host; it runs
// after our own setup pragmas, which the authorizer would refuse.
func (e *engine) lockDown() {
	lib.Xsqlite3_limit(e.tls, e.db, limitAttached, 0)
	lib.Xsqlite3_set_authorizer(e.tls, e.db, authorizerPointer(), 0)
}

// writeBack saves a changed database to the sandbox filesystem through a
// temporary file and a rename, so a reader never sees half a database.
func (s *shell) writeBack() int {
	if s.dbPath == "" || s.readOnly {
		return 0
	}
	if lib.Xsqlite3_get_autocommit(s.e.tls, s.e.db) == 0 {
		// Like closing a real database: an open transaction rolls back.
		_ = s.e.exec("ROLLBACK")
	}
	data := s.e.serialize()
	if s.existed && bytes.Equal(data, s.original) {
		return 0
	}
	if s.opts.MaxDBBytes > 0 && int64(len(data)) > s.opts.MaxDBBytes {
		s.printErr("Error: %s: database exceeds the %d byte limit; not saved", s.dbPath, s.opts.MaxDBBytes)
		return 1
	}
	tmp := path.Join(path.Dir(s.dbPath), "."+path.Base(s.dbPath)+".sqlite3-tmp")
	if err := s.writeFile(tmp, data); err != nil {
		_ = s.c.FS.Remove(tmp)
		s.printErr("Error: %s: %s", s.dbPath, commands.ErrText(err))
		return 1
	}
	if err := s.c.FS.Rename(tmp, s.dbPath); err != nil {
		_ = s.c.FS.Remove(tmp)
		s.printErr("Error: %s: %s", s.dbPath, commands.ErrText(err))
		return 1
	}
	return 0
}

func (s *shell) writeFile(name string, data []byte) error {
	f, err := s.c.FS.OpenFile(name, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o644)
	if err != nil {
		return err
	}
	if _, err := f.Write(data); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
