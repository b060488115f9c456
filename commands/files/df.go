package files

import (
	"context"

	"github.com/justbash/justbash/commands"
	"github.com/justbash/justbash/commands/internal/opts"
	"github.com/justbash/justbash/commands/internal/sizes"

	"fmt"
	"strings"
)

var dfOpts = opts.Parser{Opts: []opts.Opt{
	{Short: 'h', Long: "human-readable"},
	{Short: 'H', Long: "si"},
	{Short: 'k'},
	{Short: 'T', Long: "print-type"},
	{Short: 'i', Long: "inodes"},
	{Short: 'a', Long: "all"},
	{Short: 'P', Long: "portability"},
	{Long: "total"},
	{Short: 't', Long: "type", Arg: true},
	{Short: 'x', Long: "exclude-type", Arg: true},
}, Usage: 1, Help: "Usage: df [OPTION]... [FILE]...\nShow information about the file system on which each FILE resides,\nor all file systems by default.\n  -h  print sizes in powers of 1024 (e.g., 1023M)\n  -i  list inode information instead of block usage\n  -T  print file system type\n"}

// dfCapacity is the size the sandbox reports for its filesystem when the
// FS has no quota of its own.
const dfCapacity = 1 << 30

func runDf(ctx context.Context, c *commands.Context) int {
	res, ops, status, ok := dfOpts.Parse(c, c.Args[1:])
	if !ok {
		return status
	}
	f := opts.ToFlags(res)
	for _, op := range ops {
		if _, err := c.FS.Stat(c.Abs(op)); err != nil {
			c.Errorf("%s: %s", op, commands.ErrText(err))
			status = 1
		}
	}
	if status != 0 && len(ops) == 1 {
		return status
	}
	var used, inodes int64
	if u, ok := c.FS.(interface{ Usage() (int64, int64) }); ok {
		used, inodes = u.Usage()
	}
	cols := []string{"Filesystem"}
	if f.Has("T") {
		cols = append(cols, "Type")
	}
	var vals []string
	switch {
	case f.Has("i"):
		cols = append(cols, "Inodes", "IUsed", "IFree", "IUse%")
		total := int64(1 << 20)
		vals = []string{fmt.Sprint(total), fmt.Sprint(inodes), fmt.Sprint(total - inodes), pct(inodes, total)}
	case f.Has("h"):
		cols = append(cols, "Size", "Used", "Avail", "Use%")
		vals = []string{sizes.Human(dfCapacity), sizes.Human(used), sizes.Human(dfCapacity - used), pct(used, dfCapacity)}
	default:
		cols = append(cols, "1K-blocks", "Used", "Available", "Use%")
		vals = []string{fmt.Sprint(dfCapacity / 1024), fmt.Sprint((used + 1023) / 1024), fmt.Sprint((dfCapacity - used) / 1024), pct(used, dfCapacity)}
	}
	cols = append(cols, "Mounted on")
	row := []string{"justbash"}
	if f.Has("T") {
		row = append(row, "memfs")
	}
	row = append(append(row, vals...), "/")
	var b strings.Builder
	for i := range cols {
		w := max(len(cols[i]), len(row[i]))
		switch {
		case i == len(cols)-1:
			b.WriteString(cols[i] + "\n")
		case i == 0 || f.Has("T") && i == 1:
			fmt.Fprintf(&b, "%-*s ", max(w, 14), cols[i])
		default:
			fmt.Fprintf(&b, "%*s ", w, cols[i])
		}
	}
	for i := range row {
		w := max(len(cols[i]), len(row[i]))
		switch {
		case i == len(row)-1:
			b.WriteString(row[i] + "\n")
		case i == 0 || f.Has("T") && i == 1:
			fmt.Fprintf(&b, "%-*s ", max(w, 14), row[i])
		default:
			fmt.Fprintf(&b, "%*s ", w, row[i])
		}
	}
	c.Stdout.Write([]byte(b.String()))
	return status
}

func pct(used, total int64) string {
	if total == 0 {
		return "-"
	}
	return fmt.Sprintf("%d%%", (used*100+total-1)/total)
}
