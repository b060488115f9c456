package main

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"

	"github.com/justbash/justbash/commands/curl"
	"github.com/justbash/justbash/shell"
	"github.com/justbash/justbash/vfs"
)

// newShell builds the sandbox the command line asks for. Without --root it
// is the library's default in-memory sandbox. With --root the host
// directory is mounted at defaultRootDir on top of an in-memory root, so
// /bin, /tmp, /dev and the rest still exist around it.
// tools, when not nil, are the --tools commands.
func newShell(cfg *config, lim shell.Limits, tools *toolSet, network *curl.Policy) (*shell.Shell, func(), error) {
	opts := shell.Options{Limits: &lim, Network: network}
	if tools != nil {
		opts.Tools = tools.inv
	}
	cleanup := func() {}
	dir := "/home/user"
	if cfg.root != "" {
		fsys, closeFS, err := mountRoot(cfg.root, cfg.allowWrite, lim)
		if err != nil {
			return nil, nil, err
		}
		opts.FS, cleanup, dir = fsys, closeFS, defaultRootDir
	}
	if cfg.cwd != "" {
		// A relative --cwd is taken from the default working directory,
		// the way `cd` would take it.
		dir = path.Join(dir, cfg.cwd)
		if path.IsAbs(cfg.cwd) {
			dir = path.Clean(cfg.cwd)
		}
	}
	opts.Dir = dir
	// The shell creates a missing working directory. That is right in
	// memory, but under --root it would invent a directory in the user's
	// tree (on the host itself with --allow-write), so there it must exist.
	if cfg.cwd != "" && opts.FS != nil {
		if fi, err := opts.FS.Stat(dir); err != nil || !fi.IsDir() {
			cleanup()
			return nil, nil, fmt.Errorf("--cwd %s: no such directory in the sandbox", cfg.cwd)
		}
	}
	sh, err := shell.New(opts)
	if err == nil && tools != nil {
		err = tools.install(sh)
	}
	if err != nil {
		cleanup()
		return nil, nil, err
	}
	return sh, cleanup, nil
}

// mountRoot returns a mount table: an in-memory root laid out like the
// default sandbox, with the host directory at defaultRootDir. The host
// layer is an Overlay (changes stay in memory) unless allowWrite is set,
// then a HostDir (changes reach the host). Both confine paths with os.Root.
func mountRoot(hostDir string, allowWrite bool, lim shell.Limits) (vfs.FS, func(), error) {
	fi, err := os.Stat(hostDir)
	if err != nil {
		return nil, nil, fmt.Errorf("--root %s: %w", hostDir, errors.Unwrap(err))
	}
	if !fi.IsDir() {
		return nil, nil, fmt.Errorf("--root %s: not a directory", hostDir)
	}
	root := shell.NewMemFS(lim) // with /dev as the default sandbox has it
	// The mount point must exist in the root so listings of /home/user show
	// it; /tmp now, so that --cwd /tmp can be checked before the shell
	// lays out the rest.
	if err := root.MkdirAll(defaultRootDir, 0o755); err != nil {
		return nil, nil, err
	}
	if err := root.Mkdir("/tmp", 0o777|fs.ModeSticky); err != nil {
		return nil, nil, err
	}
	var layer vfs.FS
	var closer func() error
	if allowWrite {
		h, err := vfs.NewHostDir(hostDir)
		if err != nil {
			return nil, nil, fmt.Errorf("--root %s: %w", hostDir, err)
		}
		layer, closer = h, h.Close
	} else {
		var oopts []vfs.OverlayOption
		oopts = append(oopts, vfs.WithUpper(newMem(lim)))
		if lim.MaxFileSize > 0 {
			oopts = append(oopts, vfs.WithMaxFileReadSize(lim.MaxFileSize))
		}
		o, err := vfs.NewOverlay(hostDir, oopts...)
		if err != nil {
			return nil, nil, fmt.Errorf("--root %s: %w", hostDir, err)
		}
		layer, closer = o, o.Close
	}
	m := vfs.NewMount(root)
	if err := m.Mount(defaultRootDir, layer); err != nil {
		closer()
		return nil, nil, err
	}
	return m, func() { closer() }, nil
}

// newMem is an in-memory FS with the quotas of the limits profile.
func newMem(lim shell.Limits) *vfs.Mem {
	var opts []vfs.MemOption
	if lim.MaxFileSize > 0 {
		opts = append(opts, vfs.WithMaxFileSize(lim.MaxFileSize))
	}
	if lim.MaxTotalBytes > 0 {
		opts = append(opts, vfs.WithMaxTotalBytes(lim.MaxTotalBytes))
	}
	return vfs.NewMem(opts...)
}
