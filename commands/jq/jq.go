// Package jq is the jq command of the sandbox, on the gojq engine. It reads
// its inputs and --slurpfile/--rawfile/-f files through the sandbox
// filesystem and takes $ENV from the sandbox environment only.
package jq

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"syscall"
	"time"

	"github.com/itchyny/gojq"
	"github.com/justbash/justbash/commands"
)

// Exit statuses of jq 1.7.
const (
	exitOK       = 0
	exitFalsy    = 1
	exitUsage    = 2
	exitCompile  = 3
	exitNoOutput = 4
	exitError    = 5
	// exitParse is jq 1.6's status for malformed input (its "no output"
	// code); jq 1.7 uses 2.
	exitParse = 4
)

const usageText = `Usage:	jq [OPTIONS] FILTER [FILES...]
	jq [OPTIONS] --args FILTER [ARGUMENTS...]
	jq [OPTIONS] --jsonargs FILTER [JSON_VALUES...]

jq is a tool for processing JSON inputs, applying the given filter to
its JSON text inputs and producing the filter's results as JSON on
standard output.

Example:

	$ echo '{"foo": 0}' | jq .
	{
	  "foo": 0
	}

Command options:
  -n, --null-input          use ` + "`null`" + ` as the single input value;
  -R, --raw-input           read each line as string instead of JSON;
  -s, --slurp               read all inputs into an array and use it as
                            the single input value;
  -c, --compact-output      compact instead of pretty-printed output;
  -r, --raw-output          output strings without escapes and quotes;
      --raw-output0         implies -r and output NUL after each output;
  -j, --join-output         implies -r and output without newline after
                            each output;
  -a, --ascii-output        output strings by only ASCII characters
                            using escape sequences;
  -S, --sort-keys           sort keys of each object on output (they
                            always are here: see the note below);
  -C, --color-output        colorize JSON output;
  -M, --monochrome-output   disable colored output;
      --tab                 use tabs for indentation;
      --indent n            use n spaces for indentation (max 7 spaces);
      --stream              parse the input value in streaming fashion;
      --seq                 parse input/output as application/json-seq;
  -f, --from-file file      load filter from the file;
      --arg name value      set $name to the string value;
      --argjson name value  set $name to the JSON value;
      --slurpfile name file set $name to an array of JSON values read
                            from the file;
      --rawfile name file   set $name to string contents of file;
      --args                consume remaining arguments as positional
                            string values;
      --jsonargs            consume remaining arguments as positional
                            JSON values;
  -L directory              search modules (import/include) in directory;
  -e, --exit-status         set exit status code based on the output;
  -h, --help                show the help;
  --                        terminates argument processing;

Named arguments are also available as $ARGS.named[], while
positional arguments are available as $ARGS.positional[].

Note: this jq runs on the gojq engine. Objects do not keep the order in
which their keys were written: keys always come out sorted, as with -S
(keys_unsorted equals keys, to_entries is in key order). --stream, which
reads the input text itself, does keep the input's order.
`

// New returns the jq command.
func New() commands.Command { return commands.Func(run) }

func run(ctx context.Context, c *commands.Context) (status int) {
	defer func() {
		// gojq is well behaved, but a crash must never take the shell down.
		if r := recover(); r != nil {
			fmt.Fprintf(c.Stderr, "jq: error: internal error: %v\n", r)
			status = exitError
		}
	}()
	// Whether both ends are terminals is asked before c's streams are
	// wrapped by Guarded.
	onTerminal := isTerminal(c.Stdin) && isTerminal(c.Stdout)
	c = c.Guarded(ctx)
	o, err := parseArgs(c.Args[1:])
	switch {
	case err == errHelp:
		return writeOut(c, usageText)
	case err == errVersion:
		return writeOut(c, "jq-"+version+"\n")
	case err != nil:
		if e, ok := err.(*usageErr); !ok || !e.bare {
			io.WriteString(c.Stderr, "jq: ")
		}
		fmt.Fprintf(c.Stderr, "%s\nUse jq --help for help with command-line options,\nor see the jq manpage, or online docs  at https://stedolan.github.io/jq\n", err)
		return exitUsage
	}
	if !o.haveFilter && o.fromFile == "" {
		// jq runs `.` when no filter is given, unless both ends are a
		// terminal (then a user wants the usage text).
		if onTerminal {
			io.WriteString(c.Stderr, usageText)
			return exitUsage
		}
		o.filter, o.haveFilter = ".", true
	}
	r := &runner{ctx: ctx, c: c, o: o}
	return r.main()
}

// version is the jq this one follows (gojq is jq 1.7-like; its usage
// text is 1.7's).
const version = "1.7.1"

func writeOut(c *commands.Context, s string) int {
	if _, err := io.WriteString(c.Stdout, s); err != nil {
		return c.WriteFailure(err)
	}
	return exitOK
}

// runner carries one jq invocation.
type runner struct {
	ctx  context.Context
	c    *commands.Context
	o    *options
	out  *bufio.Writer
	enc  *Encoder
	iter *inputIter
	loc  *time.Location
	// locLines are the lines where the filter says $__loc__.
	locLines []int

	status int
	// openStatus is 2 when an input file could not be read.
	openStatus int
	outputs    int
	lastTrue   bool
	halted     bool
	modules    int // modules loaded, bounded by maxModules
}

func (r *runner) main() int {
	filter := r.o.filter
	if r.o.fromFile != "" {
		data, err := r.readFile(r.o.fromFile)
		if st, ok := r.c.LimitStatus(err); ok {
			return st
		}
		if err != nil {
			return r.fail(exitUsage, "jq: error: Could not open %s: %s", r.o.fromFile, commands.ErrText(err))
		}
		filter = string(data)
	}
	if err := r.loadFileArgs(); err != nil {
		if st, ok := r.c.LimitStatus(err); ok {
			return st
		}
		return r.fail(exitUsage, "jq: error: %s", err)
	}
	if err := checkFilterDepth(filter); err != nil {
		st, _ := r.c.LimitStatus(err)
		return st
	}
	srcs, st := r.readSources()
	if st != 0 {
		return st
	}
	r.iter = newInputIter(srcs, r.o)
	code, st := r.compile(filter)
	if st != 0 {
		return st
	}
	r.out = bufio.NewWriterSize(r.c.Stdout, 64<<10)
	defer r.out.Flush()
	r.enc = NewEncoder(r.out, r.encodeOptions())
	st = r.process(code, srcs)
	if st != 0 || r.halted {
		return st
	}
	if r.openStatus != 0 {
		// jq 1.6: an input that could not be read decides the status.
		return r.openStatus
	}
	if r.o.exitStatus {
		switch {
		case r.status != 0:
			return r.status
		case r.outputs == 0:
			return exitNoOutput
		case !r.lastTrue:
			return exitFalsy
		}
	}
	return r.status
}

func (r *runner) fail(st int, format string, args ...any) int {
	fmt.Fprintf(r.c.Stderr, format+"\n", args...)
	return st
}

func (r *runner) encodeOptions() EncodeOptions {
	eo := EncodeOptions{Indent: r.o.indent, Tab: r.o.tab, ASCII: r.o.ascii, Color: r.o.color, Raw: r.o.raw}
	if r.o.compact {
		eo.Indent, eo.Tab = 0, false
	}
	return eo
}

func (r *runner) readFile(name string) ([]byte, error) {
	return r.c.ReadFile(r.ctx, name)
}

// readSources loads stdin or every file operand. jq keeps going past an
// unreadable file but exits 2 at the end.
func (r *runner) readSources() ([]source, int) {
	if len(r.o.files) == 0 {
		var data []byte
		if r.c.Stdin != nil {
			var err error
			data, err = r.c.ReadAll(r.ctx, r.c.Stdin)
			if st, ok := r.c.LimitStatus(err); ok {
				return nil, st
			}
			if err != nil {
				if silentReadErr(err) {
					return nil, exitUsage
				}
				return nil, r.fail(exitUsage, "jq: error: reading stdin: %s", err)
			}
		}
		return []source{{name: "<stdin>", file: "<stdin>", data: data}}, 0
	}
	var srcs []source
	st := 0
	for _, f := range r.o.files {
		if f == "-" {
			// jq reads standard input for a "-" operand.
			data, err := r.c.ReadAll(r.ctx, stdinOf(r.c))
			if st, ok := r.c.LimitStatus(err); ok {
				return nil, st
			}
			srcs = append(srcs, source{name: "<stdin>", file: "<stdin>", data: data})
			continue
		}
		data, err := r.readFile(f)
		if st, ok := r.c.LimitStatus(err); ok {
			return nil, st
		}
		if err != nil {
			// jq 1.6 words an input file it cannot open so.
			if !silentReadErr(err) {
				fmt.Fprintf(r.c.Stderr, "jq: error: Could not open file %s: %s\n", f, commands.ErrText(err))
			}
			st = exitUsage
			continue
		}
		srcs = append(srcs, source{name: f, file: f, data: data})
	}
	if st != 0 && len(srcs) == 0 {
		return nil, st
	}
	r.openStatus = st
	return srcs, 0
}

// silentReadErr is a failure jq 1.6 meets reading an input it opened (a
// directory, a closed stdin): it says nothing and exits 2.
func silentReadErr(err error) bool {
	return errors.Is(err, syscall.EISDIR) || errors.Is(err, syscall.EBADF)
}

func (r *runner) loadFileArgs() error {
	for _, fa := range r.o.slurpFiles {
		data, err := r.readFile(fa.path)
		if commands.IsLimit(err) {
			return err
		}
		if err != nil {
			//lint:ignore ST1005 the text is the message users see, worded as the GNU tool words it
			return fmt.Errorf("Could not open %s: %s", fa.path, commands.ErrText(err))
		}
		v, err := slurpAll([]source{{name: fa.path, data: data}}, &options{})
		if err != nil {
			return fmt.Errorf("%s: %s", fa.path, err)
		}
		if arr, ok := v.([]any); ok && fa.one && len(arr) == 1 {
			// --argfile: a file of one value binds that value.
			v = arr[0]
		}
		if fa.idx >= 0 {
			r.o.namedVals[fa.idx] = v
		}
	}
	for _, fa := range r.o.rawFiles {
		data, err := r.readFile(fa.path)
		if commands.IsLimit(err) {
			return err
		}
		if err != nil {
			//lint:ignore ST1005 the text is the message users see, worded as the GNU tool words it
			return fmt.Errorf("Could not open %s: %s", fa.path, commands.ErrText(err))
		}
		if fa.idx >= 0 {
			r.o.namedVals[fa.idx] = string(data)
		}
	}
	return nil
}

func (r *runner) compile(filter string) (*gojq.Code, int) {
	locFilter, locLines := rewriteLoc(filter, locVar)
	q, err := gojq.Parse(locFilter)
	if err != nil {
		return nil, r.fail(exitCompile, "jq: error: %s\njq: 1 compile error", compileMessage(filter, err))
	}
	if msg := constDivZero(q, filter); msg != "" {
		return nil, r.fail(exitCompile, "jq: error: %s\njq: 1 compile error", msg)
	}
	// The compatibility definitions go before the program's own (which
	// may shadow them) but after its imports, which must come first.
	defs, err := gojq.Parse(compatDefs + localDefs + ".")
	if err != nil {
		return nil, r.fail(exitError, "jq: error: internal definitions: %s", err)
	}
	q.FuncDefs = append(defs.FuncDefs, q.FuncDefs...)
	rewriteFormats(q)
	if err := checkIndexes(q, r.c.Limits.StringMax()); err != nil {
		st, _ := r.c.LimitStatus(err)
		return nil, st
	}
	names := make([]string, 0, len(r.o.namedKeys)+1)
	for _, k := range r.o.namedKeys {
		names = append(names, "$"+k)
	}
	names = append(names, "$ARGS")
	for _, l := range locLines {
		names = append(names, locVar(l))
	}
	r.locLines = locLines
	env := append([]string(nil), r.c.Environ...)
	code, err := gojq.Compile(q,
		gojq.WithVariables(names),
		gojq.WithEnvironLoader(func() []string { return env }),
		gojq.WithInputIter(r.iter),
		gojq.WithFunction("input_filename", 0, 0, func(any, []any) any { return r.iter.filename() }),
		gojq.WithFunction("input_line_number", 0, 0, func(any, []any) any { return r.iter.line }),
		// debug/1 is gojq's own, built on debug/0.
		gojq.WithFunction("debug", 0, 0, r.debug),
		gojq.WithFunction("_jb_base32", 0, 0, base32Encode),
		gojq.WithFunction("_jb_implode", 0, 0, implode),
		gojq.WithFunction("_jb_base32d", 0, 0, base32Decode),
		gojq.WithModuleLoader(&moduleLoader{r: r}),
		gojq.WithFunction("stderr", 0, 0, r.stderr),
		gojq.WithFunction("_jb_local", 0, 0, r.jbLocal),
		gojq.WithFunction("_jb_unlocal", 0, 0, r.jbUnlocal),
		gojq.WithFunction("_jb_zfmt", 1, 1, r.jbZfmt),
	)
	if err != nil {
		return nil, r.fail(exitCompile, "jq: error: %s\njq: 1 compile error", jq16CompileMessage(filter, err.Error()))
	}
	return code, 0
}

// compatDefs adds jq builtins gojq lacks; user definitions shadow them.
// keys_unsorted equals keys here because gojq objects have no order.
// ltrimstr/rtrimstr pass anything but a matching string through unchanged
// as jq does, where gojq would fail.
const compatDefs = "def leaf_paths: paths(scalars); def keys_unsorted: keys; " +
	"def ltrimstr($x): if type == \"string\" and ($x|type) == \"string\" and startswith($x) then .[($x|length):] else . end; " +
	"def rtrimstr($x): if type == \"string\" and ($x|type) == \"string\" and endswith($x) and ($x|length) > 0 then .[:length - ($x|length)] else . end; " +
	"def implode: _jb_implode; "

// compileMessage renders a gojq parse error with the offending position.
func compileMessage(filter string, err error) string {
	var pe interface{ Token() (string, int) }
	if errors.As(err, &pe) {
		tok, off := pe.Token()
		if off >= 0 && off <= len(filter) {
			return fmt.Sprintf("%s at <top-level>, line 1:\n%s", err, filter)
		}
		_ = tok
	}
	return err.Error()
}

// isTerminal tells whether a command's stdin or stdout is a terminal.
func isTerminal(x any) bool {
	t, ok := x.(interface{ IsTerminal() bool })
	return ok && t.IsTerminal()
}

func stdinOf(c *commands.Context) io.Reader {
	if c.Stdin == nil {
		return strings.NewReader("")
	}
	return c.Stdin
}
