package shell

import (
	"errors"
	"fmt"
	"io/fs"
	"path"

	"github.com/justbash/justbash/vfs"
)

// newDefaultFS is the in-memory filesystem a Shell gets when the caller
// gives none, with the quotas of the limits.
func newDefaultFS(lim Limits) vfs.FS {
	var opts []vfs.MemOption
	if lim.MaxFileSize > 0 {
		opts = append(opts, vfs.WithMaxFileSize(lim.MaxFileSize))
	}
	if lim.MaxTotalBytes > 0 {
		opts = append(opts, vfs.WithMaxTotalBytes(lim.MaxTotalBytes))
	}
	m := vfs.NewMem(opts...)
	for _, d := range []struct {
		name string
		kind vfs.Device
	}{{"/dev/null", vfs.DevNull}, {"/dev/zero", vfs.DevZero}, {"/dev/random", vfs.DevRandom},
		{"/dev/urandom", vfs.DevRandom}, {"/dev/full", vfs.DevFull}} {
		m.MkdirAll("/dev", 0o755)
		m.Mknod(d.name, d.kind)
	}
	return m
}

// layout creates the directories a bash user expects and one stub file per
// command in /bin and /usr/bin, so PATH lookups, which and ls /usr/bin work.
// Existing files are left alone: a caller-supplied FS keeps its content.
func (s *Shell) layout() error {
	for _, d := range []struct {
		name string
		perm fs.FileMode
	}{{"/bin", 0o755}, {"/usr/bin", 0o755}, {"/usr/local/bin", 0o755}, {"/tmp", 0o777 | fs.ModeSticky},
		{"/home/user", 0o755}, {"/dev", 0o755}, {"/etc", 0o755}, {"/root", 0o700}, {s.dir, 0o755}} {
		if err := s.fs.MkdirAll(d.name, d.perm); err != nil && !errors.Is(err, fs.ErrExist) {
			return fmt.Errorf("shell: layout %s: %w", d.name, err)
		}
	}
	if !vfs.Exists(s.fs, "/etc/passwd") {
		vfs.WriteFile(s.fs, "/etc/passwd", []byte("root:x:0:0:root:/root:/bin/bash\nuser:x:1000:1000:user:/home/user:/bin/bash\n"), 0o644)
		vfs.WriteFile(s.fs, "/etc/group", []byte("root:x:0:\nuser:x:1000:\n"), 0o644)
		vfs.WriteFile(s.fs, "/etc/hostname", []byte("localhost\n"), 0o644)
	}
	for _, name := range s.reg.Names() {
		if err := s.writeStub(name); err != nil {
			return err
		}
	}
	return nil
}

func (s *Shell) writeStub(name string) error {
	if name == "" || name[0] == '_' || path.Base(name) != name {
		return nil
	}
	for _, dir := range []string{"/bin", "/usr/bin"} {
		p := dir + "/" + name
		if _, err := s.fs.Lstat(p); err == nil {
			continue
		}
		if err := vfs.WriteFile(s.fs, p, []byte(stubContent), 0o755); err != nil {
			return fmt.Errorf("shell: stub %s: %w", p, err)
		}
	}
	return nil
}
