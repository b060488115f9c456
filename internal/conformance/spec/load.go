package spec

import (
	"errors"
	"io/fs"
	"path"
	"sort"
	"strings"
)

// Corpus is a spec directory loaded into memory.
type Corpus struct {
	Files    []*File
	Errors   map[string]error // parse errors by file name
	Testdata map[string]TestFile
}

// LoadFiles parses the named *.test.sh files of fsys (the spec directory)
// and reads its testdata/ tree. A file that fails to parse is recorded in
// Errors; a missing file is an error.
func LoadFiles(fsys fs.FS, names []string) (*Corpus, error) {
	c := &Corpus{Errors: map[string]error{}, Testdata: map[string]TestFile{}}
	for _, n := range names {
		data, err := fs.ReadFile(fsys, n)
		if err != nil {
			return nil, err
		}
		f, err := Parse(path.Base(n), data)
		if err != nil {
			c.Errors[path.Base(n)] = err
			f = &File{Name: path.Base(n), Header: map[string]string{}}
		}
		c.Files = append(c.Files, f)
	}
	err := fs.WalkDir(fsys, "testdata", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !d.Type().IsRegular() {
			return err
		}
		data, err := fs.ReadFile(fsys, p)
		if err != nil {
			return err
		}
		info, err := d.Info()
		if err != nil {
			return err
		}
		c.Testdata[strings.TrimPrefix(p, "testdata/")] = TestFile{Data: data, Mode: info.Mode()}
		return nil
	})
	if err != nil && !isNotExist(err) {
		return nil, err
	}
	return c, nil
}

// SpecNames lists the *.test.sh files at the top of fsys, sorted.
func SpecNames(fsys fs.FS) ([]string, error) {
	names, err := fs.Glob(fsys, "*.test.sh")
	sort.Strings(names)
	return names, err
}

func isNotExist(err error) bool { return errors.Is(err, fs.ErrNotExist) }
