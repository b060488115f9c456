package files

import (
	"context"

	"github.com/justbash/justbash/commands"
	"github.com/justbash/justbash/commands/internal/fileinfo"
	"github.com/justbash/justbash/commands/internal/opts"

	"errors"
	"fmt"
	"io"
	"io/fs"
	"path"
	"strings"
	"syscall"
)

var rmOpts = opts.Parser{Opts: []opts.Opt{
	{Short: 'f', Long: "force"},
	{Short: 'i'}, {Short: 'I'},
	{Long: "interactive", Arg: true},
	{Short: 'r', Long: "recursive"},
	{Short: 'R', Key: "r"},
	{Short: 'd', Long: "dir"},
	{Short: 'v', Long: "verbose"},
	{Long: "no-preserve-root"},
	{Long: "preserve-root"},
	{Long: "one-file-system"},
}, Usage: 1, Help: `Usage: rm [OPTION]... [FILE]...
Remove (unlink) the FILE(s).

  -f, --force           ignore nonexistent files and arguments, never prompt
  -i                    prompt before every removal
  -I                    prompt once before removing more than three files, or
                          when removing recursively
      --interactive[=WHEN]  prompt according to WHEN: never, once (-I), or
                          always (-i); without WHEN, prompt always
      --no-preserve-root  do not treat '/' specially
      --preserve-root   do not remove '/' (default)
  -r, -R, --recursive   remove directories and their contents recursively
  -d, --dir             remove empty directories
  -v, --verbose         explain what is being done
      --help            display this help and exit

Prompts are answered from standard input; anything but a line starting
with 'y' or 'Y' (including end of input) means no.
`}

// Prompting modes, set by -f, -i, -I and --interactive (last one wins).
const (
	rmNever = iota
	rmOnce
	rmAlways
)

type rmRun struct {
	c                              *commands.Context
	force, recursive, dir, verbose bool
	prompt                         int
}

func runRm(ctx context.Context, c *commands.Context) int {
	args := c.Args[1:]
	for i, a := range args {
		if a == "--" {
			break
		}
		if a == "--interactive" {
			args = append(append(args[:i:i], "--interactive=always"), args[i+1:]...)
		}
	}
	res, files, status, ok := rmOpts.Parse(c, args)
	if !ok {
		return status
	}
	f := opts.ToFlags(res)
	r := &rmRun{c: c, recursive: f.Has("r"), dir: f.Has("d"), verbose: f.Has("v")}
	for _, o := range res {
		switch o.Key {
		case "f":
			r.force, r.prompt = true, rmNever
		case "i":
			r.force, r.prompt = false, rmAlways
		case "I":
			r.force, r.prompt = false, rmOnce
		case "interactive":
			m := map[string]int{"never": rmNever, "no": rmNever, "none": rmNever, "once": rmOnce,
				"always": rmAlways, "yes": rmAlways}
			p, ok := m[o.Val]
			if !ok {
				c.Errorf("invalid argument '%s' for '--interactive'", o.Val)
				fmt.Fprint(c.Stderr, "Valid arguments are:\n  - 'never', 'no', 'none'\n  - 'once'\n  - 'always', 'yes'\n")
				fmt.Fprintf(c.Stderr, "Try '%s --help' for more information.\n", c.Name())
				return 1
			}
			r.prompt = p
		}
	}
	if len(files) == 0 {
		if r.force {
			return 0
		}
		return opts.UsageError(c, 1, "missing operand")
	}
	if r.prompt == rmOnce && (len(files) > 3 || r.recursive) && !r.askOnce(len(files)) {
		return 0
	}
	for _, name := range files {
		if ctx.Err() != nil {
			return 1
		}
		base := path.Base(name)
		switch {
		case base == "." || base == "..":
			c.Errorf("refusing to remove '.' or '..' directory: skipping '%s'", name)
			status = 1
			continue
		case c.Abs(name) == "/" && r.recursive && !f.Has("no-preserve-root"):
			c.Errorf("it is dangerous to operate recursively on '/'")
			c.Errorf("use --no-preserve-root to override this failsafe")
			status = 1
			continue
		}
		if !r.remove(ctx, name) {
			status = 1
		}
	}
	return status
}

// askOnce is -I's single question.
func (r *rmRun) askOnce(n int) bool {
	noun := "arguments"
	if n == 1 {
		noun = "argument"
	}
	if r.recursive {
		return r.ask(fmt.Sprintf("remove %d %s recursively? ", n, noun))
	}
	return r.ask(fmt.Sprintf("remove %d %s? ", n, noun))
}

// ask prints a prompt on stderr and reads one answer line from stdin.
func (r *rmRun) ask(q string) bool {
	fmt.Fprintf(r.c.Stderr, "%s: %s", r.c.Name(), q)
	if r.c.Stdin == nil {
		return false
	}
	var line []byte
	b := make([]byte, 1)
	for {
		n, err := r.c.Stdin.Read(b)
		if n == 1 {
			if b[0] == '\n' {
				break
			}
			line = append(line, b[0])
		}
		if err == io.EOF || err != nil && n == 0 {
			break
		}
	}
	s := strings.TrimLeft(string(line), " \t")
	return strings.HasPrefix(s, "y") || strings.HasPrefix(s, "Y")
}

// kindName is how rm -i describes a file.
func kindName(fi fs.FileInfo) string {
	switch {
	case fi.IsDir():
		return "directory"
	case fi.Mode()&fs.ModeSymlink != 0:
		return "symbolic link"
	}
	return fileinfo.TypeName(fi)
}

// remove deletes one operand; false means an error was reported.
func (r *rmRun) remove(ctx context.Context, name string) bool {
	c := r.c
	abs := c.Abs(name)
	fi, err := c.FS.Lstat(abs)
	if err != nil {
		if r.force && errors.Is(err, fs.ErrNotExist) {
			return true
		}
		c.Errorf("cannot remove '%s': %s", name, commands.ErrText(err))
		return false
	}
	if !fi.IsDir() {
		if r.prompt == rmAlways && !r.ask(fmt.Sprintf("remove %s '%s'? ", kindName(fi), name)) {
			return true
		}
		return r.unlink(name, abs, false)
	}
	if !r.recursive {
		if r.dir {
			if r.prompt == rmAlways && !r.ask(fmt.Sprintf("remove directory '%s'? ", name)) {
				return true
			}
			return r.unlink(name, abs, true)
		}
		c.Errorf("cannot remove '%s': Is a directory", name)
		return false
	}
	ents, err := c.FS.ReadDir(abs)
	if err != nil {
		c.Errorf("cannot remove '%s': %s", name, commands.ErrText(err))
		return false
	}
	if r.prompt == rmAlways && len(ents) > 0 && !r.ask(fmt.Sprintf("descend into directory '%s'? ", name)) {
		return true
	}
	ok := true
	for _, e := range ents {
		if ctx.Err() != nil {
			return false
		}
		if !r.remove(ctx, path.Join(name, e.Name())) {
			ok = false
		}
	}
	if !ok {
		return false
	}
	if r.prompt == rmAlways {
		if left, _ := c.FS.ReadDir(abs); len(left) > 0 {
			return true // the user kept something inside
		}
		if !r.ask(fmt.Sprintf("remove directory '%s'? ", name)) {
			return true
		}
	}
	return r.unlink(name, abs, true)
}

func (r *rmRun) unlink(name, abs string, isDir bool) bool {
	if err := r.c.FS.Remove(abs); err != nil {
		if isDir && errors.Is(err, syscall.ENOTEMPTY) {
			r.c.Errorf("cannot remove '%s': Directory not empty", name)
			return false
		}
		r.c.Errorf("cannot remove '%s': %s", name, commands.ErrText(err))
		return false
	}
	if r.verbose {
		if isDir {
			fmt.Fprintf(r.c.Stdout, "removed directory '%s'\n", name)
		} else {
			fmt.Fprintf(r.c.Stdout, "removed '%s'\n", name)
		}
	}
	return true
}
