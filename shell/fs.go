package shell

import (
	"errors"
	"fmt"
	"io/fs"
	"path"
	"sync"

	"github.com/justbash/justbash/vfs"
)

// NewMemFS returns the in-memory filesystem a Shell gets when the caller
// gives none: the quotas of lim, and /dev with its devices. Callers that
// build their own FS around one (the CLI mounts a host directory on it)
// start from here, so /dev looks the same everywhere.
func NewMemFS(lim Limits) *vfs.Mem {
	return devTree().ForkFresh(memOptions(lim)...)
}

// devTree is NewMemFS's tree and sandboxTree a default Shell's, each laid
// out once per process: a New copies one (vfs.Mem.ForkFresh) instead of
// resolving and creating a score of paths, which was most of its cost.
var (
	devTree = sync.OnceValue(func() *vfs.Mem {
		m := vfs.NewMem()
		addDev(m)
		return m
	})
	sandboxTree = sync.OnceValue(func() *vfs.Mem {
		m := vfs.NewMem()
		addDev(m)
		if err := layout(m, defaultDir); err != nil {
			// Only a bug makes a fresh Mem refuse these paths.
			panic("shell: default layout: " + err.Error())
		}
		return m
	})
)

// defaultDir is the working directory when Options.Dir is empty.
const defaultDir = "/home/user"

func memOptions(lim Limits) []vfs.MemOption {
	var opts []vfs.MemOption
	if lim.MaxFileSize > 0 {
		opts = append(opts, vfs.WithMaxFileSize(lim.MaxFileSize))
	}
	if lim.MaxTotalBytes > 0 {
		opts = append(opts, vfs.WithMaxTotalBytes(lim.MaxTotalBytes))
	}
	return opts
}

func addDev(m *vfs.Mem) {
	m.MkdirAll("/dev", 0o755)
	for _, d := range []struct {
		name string
		kind vfs.Device
	}{{"/dev/null", vfs.DevNull}, {"/dev/zero", vfs.DevZero}, {"/dev/random", vfs.DevRandom},
		{"/dev/urandom", vfs.DevRandom}, {"/dev/full", vfs.DevFull}} {
		m.Mknod(d.name, d.kind)
	}
	// As on Linux, the descriptor names are symlinks into /proc, so ls -l
	// /dev shows "stdin -> /proc/self/fd/0". Opening them never follows the
	// link: devFS and the evaluator answer these names from the
	// descriptors of the command that opens them.
	for _, l := range [][2]string{{"/proc/self/fd", "/dev/fd"}, {"/proc/self/fd/0", "/dev/stdin"},
		{"/proc/self/fd/1", "/dev/stdout"}, {"/proc/self/fd/2", "/dev/stderr"}} {
		m.Symlink(l[0], l[1])
	}
}

// newSandboxFS is the filesystem of a Shell made without Options.FS: the
// default layout, and dir, the working directory.
func newSandboxFS(lim Limits, dir string) (*vfs.Mem, error) {
	m := sandboxTree().ForkFresh(memOptions(lim)...)
	if dir != defaultDir {
		if err := m.MkdirAll(dir, 0o755); err != nil && !errors.Is(err, fs.ErrExist) {
			return nil, fmt.Errorf("shell: layout %s: %w", dir, err)
		}
	}
	return m, nil
}

// layout creates in fsys the directories a bash user expects, and dir.
// Existing files are left alone: a caller-supplied FS keeps its content.
func layout(fsys vfs.FS, dir string) error {
	for _, d := range []struct {
		name string
		perm fs.FileMode
	}{{"/bin", 0o755}, {"/usr/bin", 0o755}, {"/usr/local/bin", 0o755}, {"/tmp", 0o777 | fs.ModeSticky},
		{"/home/user", 0o755}, {"/dev", 0o755}, {"/etc", 0o755}, {"/root", 0o700}, {dir, 0o755}} {
		if err := fsys.MkdirAll(d.name, d.perm); err != nil && !errors.Is(err, fs.ErrExist) {
			return fmt.Errorf("shell: layout %s: %w", d.name, err)
		}
	}
	if !vfs.Exists(fsys, "/etc/passwd") {
		vfs.WriteFile(fsys, "/etc/passwd", []byte("root:x:0:0:root:/root:/bin/bash\nuser:x:1000:1000:user:/home/user:/bin/bash\n"), 0o644)
		vfs.WriteFile(fsys, "/etc/group", []byte("root:x:0:\nuser:x:1000:\n"), 0o644)
		vfs.WriteFile(fsys, "/etc/hostname", []byte("localhost\n"), 0o644)
	}
	return nil
}

// withStubs puts the registry's commands into /bin and /usr/bin as
// synthetic files, so PATH lookups, which, type, ls and test -x find them
// without a file written per command (see vfs.Stubs).
func (s *Shell) withStubs(base vfs.FS) *vfs.Stubs {
	return vfs.NewStubs(base, vfs.StubSource{
		Dirs:    []string{"/bin", "/usr/bin"},
		Has:     s.isStubName,
		Names:   s.stubNames,
		Content: []byte(stubContent),
	})
}

// isStubName reports whether name is a registered command a user can call
// by path: names starting with "_" are internal.
func (s *Shell) isStubName(name string) bool {
	if !stubbable(name) {
		return false
	}
	// Has, not Lookup: a stat of /bin/sqlite3 must not build sqlite3.
	return s.reg.Has(name)
}

func stubbable(name string) bool {
	return name != "" && name[0] != '_' && name != "." && name != ".." && path.Base(name) == name
}

func (s *Shell) stubNames() []string {
	names := s.reg.Names()
	out := names[:0]
	for _, n := range names {
		if stubbable(n) {
			out = append(out, n)
		}
	}
	return out
}
