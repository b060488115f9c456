package dump

import (
	"context"
	"github.com/justbash/justbash/commands/internal/quote"

	"github.com/justbash/justbash/commands"
	"github.com/justbash/justbash/commands/internal/closein"
	"github.com/justbash/justbash/commands/internal/opts"

	"bufio"
	"crypto/md5"
	"crypto/sha1"
	"crypto/sha256"
	"crypto/sha512"
	"encoding/hex"
	"fmt"
	"hash"
	"io"
	"strings"
)

var sumOpts = opts.Parser{Opts: []opts.Opt{
	{Short: 'b', Long: "binary"}, {Short: 'c', Long: "check"}, {Long: "ignore-missing"},
	{Long: "quiet"}, {Long: "status"}, {Long: "tag"}, {Short: 't', Long: "text"},
	{Short: 'w', Long: "warn"}, {Long: "strict"}, {Short: 'z', Long: "zero"},
}, Usage: 1} // in GNU's order, which its "ambiguous" message lists

// sumHelp is GNU's --help of md5sum and the sha*sum commands.
func sumHelp(name string) string {
	algo := strings.ToUpper(strings.TrimSuffix(name, "sum"))
	return "Usage: " + name + ` [OPTION]... [FILE]...
Print or check ` + algo + ` checksums.

With no FILE, or when FILE is -, read standard input.
  -b, --binary          read in binary mode
  -c, --check           read checksums from the FILEs and check them
      --tag             create a BSD-style checksum
  -t, --text            read in text mode (default)
  -z, --zero            end each output line with NUL, not newline,
                          and disable file name escaping

The following five options are useful only when verifying checksums:
      --ignore-missing  don't fail or report status for missing files
      --quiet           don't print OK for each successfully verified file
      --status          don't output anything, status code shows success
      --strict          exit non-zero for improperly formatted checksum lines
  -w, --warn            warn about improperly formatted checksum lines

      --help        display this help and exit
      --version     output version information and exit
`
}

func newSumHash(name string) hash.Hash {
	switch name {
	case "md5sum":
		return md5.New()
	case "sha1sum":
		return sha1.New()
	case "sha224sum":
		return sha256.New224()
	case "sha384sum":
		return sha512.New384()
	case "sha512sum":
		return sha512.New()
	}
	return sha256.New()
}

type sumCfg struct {
	check, strict, ignoreMissing, tag, zero bool
	// binary is -1 unset, 0 for --text, 1 for --binary (or --tag).
	binary int
	// verbosity is the last of --status, --warn and --quiet (GNU makes
	// them exclusive: each one clears the others), "" for none.
	verbosity           string
	status, quiet, warn bool
}

// parseSumOpts reads the options and applies GNU's checks of their
// combinations, in GNU's order; ok is false after a usage error.
func parseSumOpts(c *commands.Context) (s sumCfg, args []string, st int, ok bool) {
	p := sumOpts
	p.Help = sumHelp(c.Name())
	res, args, st, ok := p.Parse(c, c.Args[1:])
	if !ok {
		return s, nil, st, false
	}
	s.binary = -1
	for _, r := range res {
		switch r.Key {
		case "b":
			s.binary = 1
		case "t":
			s.binary = 0
		case "c":
			s.check = true
		case "status", "quiet", "w":
			s.verbosity = r.Key
		case "strict":
			s.strict = true
		case "ignore-missing":
			s.ignoreMissing = true
		case "tag":
			s.tag, s.binary = true, 1
		case "z":
			s.zero = true
		}
	}
	s.status, s.quiet, s.warn = s.verbosity == "status", s.verbosity == "quiet", s.verbosity == "w"
	only := func(name string) string {
		return "the --" + name + " option is meaningful only when verifying checksums"
	}
	var msg string
	switch {
	case s.tag && s.binary == 0:
		msg = "--tag does not support --text mode"
	case s.zero && s.check:
		msg = "the --zero option is not supported when verifying checksums"
	case s.tag && s.check:
		msg = "the --tag option is meaningless when verifying checksums"
	case s.binary >= 0 && s.check:
		msg = "the --binary and --text options are meaningless when verifying checksums"
	case s.ignoreMissing && !s.check:
		msg = only("ignore-missing")
	case s.verbosity != "" && !s.check:
		msg = only(map[string]string{"status": "status", "quiet": "quiet", "w": "warn"}[s.verbosity])
	case s.strict && !s.check:
		msg = only("strict")
	}
	if msg != "" {
		return s, nil, opts.UsageError(c, 1, "%s", msg), false
	}
	return s, args, 0, true
}

func runSum(ctx context.Context, c *commands.Context) int {
	s, args, st, ok := parseSumOpts(c)
	if !ok {
		return st
	}
	out := commands.NewOut(c.Stdout)
	if s.check {
		return c.FinishOut(out, s.checkFiles(ctx, c, out, args))
	}
	end := byte('\n')
	if s.zero {
		end = 0
	}
	algo := strings.ToUpper(strings.TrimSuffix(c.Name(), "sum"))
	failed := false
	var closed closein.Tracker
	status := c.EachInput(ctx, args, func(name string, r io.Reader) bool {
		h := newSumHash(c.Name())
		if _, err := io.Copy(h, r); err != nil {
			c.Errorf("%s: %s", quote.Name(name), commands.ErrText(err))
			closed.Note(name, err)
			failed = true
			return true
		}
		sum := hex.EncodeToString(h.Sum(nil))
		switch {
		case s.tag:
			fmt.Fprintf(out, "%s (%s) = %s%c", algo, name, sum, end)
		case s.binary == 1:
			fmt.Fprintf(out, "%s *%s%c", sum, name, end)
		default:
			fmt.Fprintf(out, "%s  %s%c", sum, name, end)
		}
		return true
	})
	if closed.Report(c, closein.Words) || failed {
		status = 1
	}
	return c.FinishOut(out, status)
}

// The layouts of a checksum line; GNU refuses to mix them in one list so
// that a name with a leading blank or "*" cannot be misread.
const (
	sumLayoutUnknown = iota
	sumLayoutTwo     // "HASH  NAME" or "HASH *NAME"
	sumLayoutOne     // "HASH NAME": one blank
)

// sumQuote quotes a name in a message only when the shell would need it,
// as GNU's quotef does: 'standard input', '*x', but EMPTY.
func sumQuote(s string) string {
	for _, r := range s {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("%+,-./:=@^_", r)) {
			return commands.QuoteArg(s)
		}
	}
	if s == "" {
		return "''"
	}
	return s
}

// splitSumLine splits a checksum line as GNU md5sum -c does: the hash,
// one blank (space or tab), then either a space or "*" (the binary flag)
// before the name, or the name at once.
func splitSumLine(l string, size int, layout *int) (string, string, bool) {
	if len(l) < size+2 || (l[size] != ' ' && l[size] != '\t') {
		return "", "", false
	}
	if _, err := hex.DecodeString(l[:size]); err != nil {
		return "", "", false
	}
	want, rest := strings.ToLower(l[:size]), l[size+1:]
	if len(rest) == 1 || rest[0] != ' ' && rest[0] != '*' {
		if *layout == sumLayoutTwo {
			return "", "", false
		}
		*layout = sumLayoutOne
		return want, rest, true
	}
	if *layout == sumLayoutOne {
		return want, rest, true // the blank or "*" is part of the name
	}
	*layout = sumLayoutTwo
	return want, rest[1:], true
}

// checkFiles verifies "HASH  NAME" lines read from each operand.
func (s *sumCfg) checkFiles(ctx context.Context, c *commands.Context, out *bufio.Writer, args []string) int {
	size := newSumHash(c.Name()).Size() * 2
	failed, missing, bad, empty := 0, 0, 0, 0
	status := c.EachInput(ctx, args, func(listName string, r io.Reader) bool {
		n, good, layout := 0, 0, sumLayoutUnknown
		defer func() {
			if good == 0 {
				shown := listName
				if shown == "-" {
					shown = "standard input"
				}
				c.Errorf("%s: no properly formatted checksum lines found", sumQuote(shown))
				bad -= n // GNU says this instead of the count of bad lines
				empty++
			}
		}()
		commands.EachLineMax(commands.LineReader(r), '\n', c.Limits.ReadMax(), func(line []byte, _ bool) bool {
			n++
			l := strings.TrimSuffix(string(line), "\r")
			want, file, ok := splitSumLine(l, size, &layout)
			if !ok {
				bad++
				if s.warn {
					shown := listName
					if shown == "-" {
						shown = "standard input"
					}
					c.Errorf("%s: %d: improperly formatted %s checksum line", sumQuote(shown), n, strings.ToUpper(strings.TrimSuffix(c.Name(), "sum")))
				}
				return true
			}
			good++
			f, err := c.OpenInput(file)
			if err != nil {
				if s.ignoreMissing {
					return true
				}
				missing++
				c.Errorf("%s: %s", sumQuote(file), commands.ErrText(err))
				if !s.status {
					fmt.Fprintf(out, "%s: FAILED open or read\n", file)
				}
				return true
			}
			h := newSumHash(c.Name())
			_, err = io.Copy(h, commands.NewCtxReader(ctx, f))
			f.Close()
			okSum := err == nil && hex.EncodeToString(h.Sum(nil)) == want
			if !okSum {
				failed++
			}
			if !s.status && (!okSum || !s.quiet) {
				fmt.Fprintf(out, "%s: %s\n", file, map[bool]string{true: "OK", false: "FAILED"}[okSum])
			}
			return true
		})
		return true
	})
	out.Flush()
	if !s.status {
		plural := func(n int, one, many string) string {
			if n == 1 {
				return one
			}
			return many
		}
		if bad > 0 {
			c.Errorf("WARNING: %d %s improperly formatted", bad, plural(bad, "line is", "lines are"))
		}
		if missing > 0 {
			c.Errorf("WARNING: %d listed %s could not be read", missing, plural(missing, "file", "files"))
		}
		if failed > 0 {
			c.Errorf("WARNING: %d computed %s did NOT match", failed, plural(failed, "checksum", "checksums"))
		}
	}
	if failed > 0 || missing > 0 || empty > 0 || status != 0 || (s.strict && bad > 0) {
		return 1
	}
	return 0
}
