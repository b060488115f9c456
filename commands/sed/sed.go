// Package sed implements GNU sed for the sandbox: a parser turns the
// script into a flat program, and a runner executes it over the input
// stream. Regular expressions are POSIX BRE/ERE translated to RE2; the e
// command and the s///e flag run through the sandbox shell.
package sed

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"path"
	"strconv"
	"strings"

	"github.com/justbash/justbash/commands"
	"github.com/justbash/justbash/vfs"
)

// New returns the sed command.
func New() commands.Command { return commands.Func(run) }

// usageText matches GNU sed 4.9 --help output.
const usageText = "Usage: sed [OPTION]... {script-only-if-no-other-script} [input-file]...\n" +
	"\n" +
	"  -n, --quiet, --silent\n" +
	"                 suppress automatic printing of pattern space\n" +
	"      --debug\n" +
	"                 annotate program execution\n" +
	"  -e script, --expression=script\n" +
	"                 add the script to the commands to be executed\n" +
	"  -f script-file, --file=script-file\n" +
	"                 add the contents of script-file to the commands to be executed\n" +
	"  --follow-symlinks\n" +
	"                 follow symlinks when processing in place\n" +
	"  -i[SUFFIX], --in-place[=SUFFIX]\n" +
	"                 edit files in place (makes backup if SUFFIX supplied)\n" +
	"  -l N, --line-length=N\n" +
	"                 specify the desired line-wrap length for the `l' command\n" +
	"  --posix\n" +
	"                 disable all GNU extensions.\n" +
	"  -E, -r, --regexp-extended\n" +
	"                 use extended regular expressions in the script\n" +
	"                 (for portability use POSIX -E).\n" +
	"  -s, --separate\n" +
	"                 consider files as separate rather than as a single,\n" +
	"                 continuous long stream.\n" +
	"      --sandbox\n" +
	"                 operate in sandbox mode (disable e/r/w commands).\n" +
	"  -u, --unbuffered\n" +
	"                 load minimal amounts of data from the input files and flush\n" +
	"                 the output buffers more often\n" +
	"  -z, --null-data\n" +
	"                 separate lines by NUL characters\n" +
	"      --help     display this help and exit\n" +
	"      --version  output version information and exit\n" +
	"\n" +
	"If no -e, --expression, -f, or --file option is given, then the first\n" +
	"non-option argument is taken as the sed script to interpret.  All\n" +
	"remaining arguments are names of input files; if no input files are\n" +
	"specified, then the standard input is read.\n" +
	"\n" +
	"GNU sed home page: <https://www.gnu.org/software/sed/>.\n" +
	"General help using GNU software: <https://www.gnu.org/gethelp/>.\n"

// helpText is usageText plus the line --help adds.
const helpText = usageText + "E-mail bug reports to: <bug-sed@gnu.org>.\n"

type options struct {
	quiet, ere, separate, inPlace, nul, unbuf, posix bool
	suffix                                           string
	lwidth                                           int
	script                                           []string
	chunks                                           []chunk
	files                                            []string
}

func run(ctx context.Context, c *commands.Context) int {
	c = c.Guarded(ctx)
	o, st, ok := parseOptions(c)
	if !ok {
		return st
	}
	sep := byte('\n')
	if o.nul {
		sep = 0
	}
	r := &runner{ctx: ctx, c: c, holdNL: true, quiet: o.quiet, posix: o.posix, lwidth: o.lwidth, sep: sep,
		rfiles: map[string]*bufio.Reader{}, maxSpace: int(min(c.Limits.StringMax(), int64(math.MaxInt)))}
	r.stdout = newOutput(c.Stdout, nil, sep, o.unbuf)
	r.out = r.stdout
	wfiles := map[string]*output{}
	p := &parser{s: strings.Join(o.script, "\n"), chunks: o.chunks, ere: o.ere, posix: o.posix}
	p.opener = func(name string) (*output, error) { return r.openW(wfiles, name) }
	// GNU checks only the first two characters of the first script.
	if strings.HasPrefix(p.s, "#n") {
		r.quiet = true
	}
	err := p.parse()
	defer func() {
		for _, w := range wfiles {
			if w != r.stdout {
				w.close()
			}
		}
	}()
	if err != nil {
		c.Errorf("%s", err.Error())
		if lerr, ok := err.(*parseError); ok && lerr.status != 0 {
			return lerr.status
		}
		return 1
	}
	r.prog = p.prog
	status := r.runFiles(o)
	if ferr := r.stdout.close(); ferr != nil && status == 0 {
		return writeStatus(c, ferr)
	}
	return status
}

func writeStatus(c *commands.Context, err error) int {
	if errors.Is(err, io.ErrClosedPipe) || strings.Contains(err.Error(), "broken pipe") {
		return 141
	}
	c.Errorf("couldn't write items to stdout: %s", commands.ErrText(err))
	return 4
}

// openW opens (once) a file for w or s///w.
func (r *runner) openW(files map[string]*output, name string) (*output, error) {
	if o, ok := files[name]; ok {
		return o, nil
	}
	var o *output
	switch name {
	case "/dev/stdout":
		o = r.stdout
	case "/dev/stderr":
		o = newOutput(r.c.Stderr, nil, r.sep, true)
	default:
		f, err := r.c.OpenWrite(name, os.O_WRONLY|os.O_CREATE|os.O_TRUNC)
		if err != nil {
			return nil, &parseError{msg: fmt.Sprintf("couldn't open file %s: %s", name, commands.ErrText(err)), status: 4}
		}
		o = newOutput(f, f, r.sep, false)
	}
	files[name] = o
	return o, nil
}

// runFiles runs the program over the whole input, or once per file with
// -s and -i.
func (r *runner) runFiles(o *options) int {
	files := o.files
	if len(files) == 0 {
		if o.inPlace {
			r.c.Errorf("no input files")
			return 4
		}
		files = []string{"-"}
	}
	status := 0
	if !o.separate && !o.inPlace {
		in := &input{ctx: r.ctx, c: r.c, names: files, sep: r.sep}
		r.stream(in)
		in.close()
		status = in.status
	} else {
		for _, f := range files {
			if r.quit || r.fatal != nil {
				break
			}
			var st int
			if o.inPlace {
				st = r.editInPlace(f, o.suffix)
			} else {
				in := &input{ctx: r.ctx, c: r.c, names: []string{f}, sep: r.sep}
				r.stream(in)
				in.close()
				st = in.status
			}
			status = max(status, st)
		}
	}
	if r.fatal != nil {
		if st, ok := r.c.LimitStatus(r.fatal); ok {
			return st
		}
		if r.ctx.Err() == nil {
			r.c.Errorf("%s", r.fatal.Error())
		}
		return 4
	}
	if r.quit {
		return r.exit
	}
	if err := r.stdout.err(); err != nil {
		return writeStatus(r.c, err)
	}
	return status
}

// editInPlace writes the output for one file to a temp file in the same
// directory and renames it over the original (rename is atomic in the
// VFS), keeping a backup when a suffix is given.
func (r *runner) editInPlace(name, suffix string) int {
	abs := r.c.Abs(name)
	st, err := r.c.FS.Stat(abs)
	if err != nil {
		r.c.Errorf("can't read %s: %s", name, commands.ErrText(err))
		return 2
	}
	if !st.Mode().IsRegular() {
		r.c.Errorf("couldn't edit %s: not a regular file", name)
		return 4
	}
	dir := path.Dir(abs)
	tmp, f, err := createTemp(r.c.FS, dir)
	if err != nil {
		r.c.Errorf("couldn't open temporary file %s: %s", path.Join(dir, "sedXXXXXX"), commands.ErrText(err))
		return 4
	}
	out := newOutput(f, f, r.sep, false)
	r.out = out
	in := &input{ctx: r.ctx, c: r.c, names: []string{name}, sep: r.sep}
	r.stream(in)
	in.close()
	r.out = r.stdout
	if err := out.close(); err != nil || r.fatal != nil || in.status != 0 {
		r.c.FS.Remove(tmp)
		if err != nil {
			r.c.Errorf("couldn't write %s: %s", name, commands.ErrText(err))
			return 4
		}
		if commands.IsLimit(r.fatal) {
			return commands.StatusLimit // reported once, by runFiles
		}
		return max(in.status, 4*boolInt(r.fatal != nil))
	}
	r.c.FS.Chmod(tmp, st.Mode().Perm())
	if suffix != "" {
		bak := backupName(abs, suffix)
		if err := r.c.FS.Rename(abs, bak); err != nil {
			r.c.Errorf("cannot rename %s: %s", name, commands.ErrText(err))
			r.c.FS.Remove(tmp)
			return 4
		}
	}
	if err := r.c.FS.Rename(tmp, abs); err != nil {
		r.c.Errorf("cannot rename %s: %s", tmp, commands.ErrText(err))
		r.c.FS.Remove(tmp)
		return 4
	}
	return 0
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// backupName applies an -i suffix: a '*' stands for the file's base name
// (and may carry a directory); otherwise the suffix is appended.
func backupName(abs, suffix string) string {
	if !strings.Contains(suffix, "*") {
		return abs + suffix
	}
	b := strings.ReplaceAll(suffix, "*", path.Base(abs))
	if path.IsAbs(b) {
		return b
	}
	return path.Join(path.Dir(abs), b)
}

func createTemp(fsys vfs.FS, dir string) (string, vfs.File, error) {
	var lastErr error
	for i := 0; i < 100; i++ {
		name := path.Join(dir, "sed"+strconv.Itoa(100000+i*7919%900000))
		f, err := fsys.OpenFile(name, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
		if err == nil {
			return name, f, nil
		}
		lastErr = err
		if !errors.Is(err, os.ErrExist) {
			break
		}
	}
	return "", nil, lastErr
}
