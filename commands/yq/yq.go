// Package yq is the yq command of the sandbox: YAML, JSON, CSV, TSV, TOML
// and XML processed with jq syntax on the gojq engine. Object keys keep
// their input order (see keyOrder; for TOML see decodeTOML).
package yq

import (
	"context"
	"fmt"
	"io"
	"os"
	"path"
	"strconv"
	"strings"

	"github.com/itchyny/gojq"
	"github.com/justbash/justbash/commands"
	getopt "github.com/justbash/justbash/commands/internal/opts"
)

var optSet = getopt.Parser{Opts: []getopt.Opt{
	{Short: 'p', Long: "input-format", Arg: true, Key: "input-format"},
	{Short: 'o', Long: "output-format", Arg: true, Key: "output-format"},
	{Short: 'i', Long: "inplace", Key: "inplace"},
	{Short: 'r', Long: "unwrapScalar", Key: "unwrapScalar"},
	{Long: "raw-output", Key: "unwrapScalar"},
	{Short: 'c', Long: "compact", Key: "compact"},
	{Short: 'n', Long: "null-input", Key: "null-input"},
	{Short: 's', Long: "slurp", Key: "slurp"},
	{Short: 'e', Long: "exit-status", Key: "exit-status"},
	{Short: 'j', Long: "tojson", Key: "tojson"},
	{Short: 'P', Long: "prettyPrint", Key: "prettyPrint"},
	{Short: 'I', Long: "indent", Arg: true, Key: "indent"},
	{Short: 'f', Long: "from-file", Arg: true, Key: "from-file"},
	{Short: 'M', Long: "no-colors", Key: "no-colors"},
	{Short: 'h', Long: "help", Key: "help"},
}}

const usage = `Usage: yq [OPTIONS] [EXPRESSION] [FILE...]
Query and transform YAML, JSON, CSV, TSV, TOML and XML with jq syntax.

  -p, --input-format=FMT   yaml (default), json, csv, tsv, toml, xml
  -o, --output-format=FMT  yaml (default), json, csv, tsv, toml, xml
  -j, --tojson             same as -o json
  -i, --inplace            update the first file in place
  -r, --raw-output         print strings without quotes (JSON output)
  -c, --compact            compact JSON / flow-style YAML
  -I, --indent=N           indentation (default 2)
  -P, --prettyPrint        block-style YAML output
  -n, --null-input         run the expression once with null input
  -s, --slurp              read all documents into one array
  -e, --exit-status        exit 1 when the last result is false or null
  -f, --from-file=FILE     read the expression from FILE
`

var formatNames = map[string]string{
	"y": "yaml", "yaml": "yaml", "yml": "yaml", "j": "json", "json": "json",
	"c": "csv", "csv": "csv", "t": "tsv", "tsv": "tsv",
	"toml": "toml", "x": "xml", "xml": "xml",
}

// config is the parsed command line.
type config struct {
	in, out           string
	inplace, nullIn   bool
	slurp, exitStatus bool
	out2              output
	expr              string
	files             []string
}

// New returns the yq command.
func New() commands.Command { return commands.Func(run) }

func run(ctx context.Context, c *commands.Context) int {
	c = c.Guarded(ctx)
	cfg, code, done := parse(c)
	if done {
		return code
	}
	q, err := gojq.Parse(cfg.expr)
	if err != nil {
		fmt.Fprintf(c.Stderr, "Error: %v\n", err)
		return 1
	}
	if cfg.inplace {
		return runInPlace(ctx, c, cfg, q)
	}
	out, code := evaluate(ctx, c, cfg, q, cfg.files)
	io.WriteString(c.Stdout, out)
	return code
}

func parse(c *commands.Context) (*config, int, bool) {
	res, ops, err := optSet.Split(c.Args[1:])
	if err != nil {
		fmt.Fprintf(c.Stderr, "Error: %v\n", err)
		return nil, 1, true
	}
	cfg := &config{out2: output{indent: 2}}
	fromFile := ""
	for _, r := range res {
		val := strings.TrimPrefix(r.Val, "=")
		switch r.Key {
		case "input-format", "output-format":
			f, ok := formatNames[strings.ToLower(val)]
			if !ok {
				fmt.Fprintf(c.Stderr, "Error: unknown format %q (supported: yaml, json, csv, tsv, toml, xml)\n", val)
				return nil, 1, true
			}
			if r.Key == "input-format" {
				cfg.in = f
			} else {
				cfg.out = f
			}
		case "tojson":
			cfg.out = "json"
		case "inplace":
			cfg.inplace = true
		case "unwrapScalar":
			cfg.out2.raw = true
		case "compact":
			cfg.out2.flow, cfg.out2.indent = true, 0
		case "null-input":
			cfg.nullIn = true
		case "slurp":
			cfg.slurp = true
		case "exit-status":
			cfg.exitStatus = true
		case "prettyPrint":
			cfg.out2.flow = false
		case "indent":
			n, err := strconv.Atoi(val)
			if err != nil || n < 0 || n > 16 {
				fmt.Fprintf(c.Stderr, "Error: invalid indent %q\n", val)
				return nil, 1, true
			}
			cfg.out2.indent = n
		case "from-file":
			fromFile = val
		case "help":
			io.WriteString(c.Stdout, usage)
			return nil, 0, true
		}
	}
	if code, ok := cfg.operands(c, ops, fromFile); !ok {
		return nil, code, true
	}
	return cfg, 0, false
}

// operands picks the expression and files. As in yq, a lone operand that
// names an existing file is a file to print with ".".
func (cfg *config) operands(c *commands.Context, ops []string, fromFile string) (int, bool) {
	switch {
	case fromFile != "":
		data, err := readFile(context.Background(), c, fromFile)
		if st, ok := c.LimitStatus(err); ok {
			return st, false
		}
		if err != nil {
			fmt.Fprintf(c.Stderr, "Error: %s: %s\n", fromFile, commands.ErrText(err))
			return 1, false
		}
		cfg.expr, cfg.files = string(data), ops
	case len(ops) == 0:
		cfg.expr = "."
	case len(ops) == 1 && isFile(c, ops[0]):
		cfg.expr, cfg.files = ".", ops
	default:
		cfg.expr, cfg.files = ops[0], ops[1:]
	}
	if cfg.in == "" {
		cfg.in = "yaml"
		if len(cfg.files) > 0 {
			if f, ok := formatNames[strings.TrimPrefix(path.Ext(cfg.files[0]), ".")]; ok {
				cfg.in = f
			}
		}
	}
	if cfg.out == "" {
		cfg.out = "yaml"
		if cfg.inplace {
			cfg.out = cfg.in
		}
	}
	cfg.out2.format = cfg.out
	if cfg.inplace && len(cfg.files) == 0 {
		fmt.Fprintf(c.Stderr, "Error: write in place flag only applicable when giving an expression and at least one file\n")
		return 1, false
	}
	return 0, true
}

func isFile(c *commands.Context, name string) bool {
	st, err := c.FS.Stat(c.Abs(name))
	return err == nil && !st.IsDir()
}

func readFile(ctx context.Context, c *commands.Context, name string) ([]byte, error) {
	if name == "-" {
		if c.Stdin == nil {
			return nil, nil
		}
		return c.ReadAll(ctx, c.Stdin)
	}
	return c.ReadFile(ctx, name)
}

// runInPlace rewrites each file with the expression's output, through a
// temporary file and a rename so the file is never seen half written.
func runInPlace(ctx context.Context, c *commands.Context, cfg *config, q *gojq.Query) int {
	for _, name := range cfg.files {
		out, code := evaluate(ctx, c, cfg, q, []string{name})
		if code != 0 && !(cfg.exitStatus && code == 1) {
			return code
		}
		abs := c.Abs(name)
		tmp := path.Join(path.Dir(abs), ".yq-tmp-"+path.Base(abs))
		err := writeAll(c, tmp, out)
		if err == nil {
			err = c.FS.Rename(tmp, abs)
		}
		if err != nil {
			_ = c.FS.Remove(tmp)
			fmt.Fprintf(c.Stderr, "Error: %s: %s\n", name, commands.ErrText(err))
			return 1
		}
	}
	return 0
}

func writeAll(c *commands.Context, name, data string) error {
	f, err := c.FS.OpenFile(name, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o644)
	if err != nil {
		return err
	}
	if _, err := io.WriteString(f, data); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
