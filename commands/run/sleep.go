package run

import (
	"context"

	"github.com/justbash/justbash/commands"
	"github.com/justbash/justbash/commands/internal/opts"

	"fmt"
	"math"
	"strconv"
	"strings"
	"time"
)

var sleepOpts = opts.Parser{Usage: 1, Help: `Usage: sleep NUMBER[SUFFIX]...
Pause for NUMBER seconds.  SUFFIX may be 's' for seconds (the default),
'm' for minutes, 'h' for hours or 'd' for days.  NUMBER need not be an
integer.  Given two or more arguments, pause for the sum of their values.

      --help     display this help and exit
`}

func runSleep(ctx context.Context, c *commands.Context) int {
	_, args, status, ok := sleepOpts.Parse(c, c.Args[1:])
	if !ok {
		return status
	}
	if len(args) == 0 {
		return opts.UsageError(c, 1, "missing operand")
	}
	total := 0.0
	bad := false
	for _, a := range args {
		d, ok := parseDuration(a)
		if !ok {
			c.Errorf("invalid time interval '%s'", a)
			bad = true
			continue
		}
		total += d
	}
	if bad {
		fmt.Fprintf(c.Stderr, "Try '%s --help' for more information.\n", c.Name())
		return 1
	}
	return sleepFor(ctx, total)
}

// parseDuration reads "1.5", "2m", "inf" into seconds.
func parseDuration(a string) (float64, bool) {
	mult := 1.0
	s := a
	if n := len(s); n > 0 {
		switch s[n-1] {
		case 's':
			s = s[:n-1]
		case 'm':
			mult, s = 60, s[:n-1]
		case 'h':
			mult, s = 3600, s[:n-1]
		case 'd':
			mult, s = 86400, s[:n-1]
		}
	}
	if strings.TrimSpace(s) != s || s == "" {
		return 0, false
	}
	v, err := strconv.ParseFloat(s, 64)
	if err != nil && !(strings.EqualFold(s, "inf") || strings.EqualFold(s, "infinity")) {
		return 0, false
	}
	if math.IsNaN(v) || v < 0 {
		return 0, false
	}
	return v * mult, true
}

// sleepFor waits secs seconds or until ctx ends (status 1 then).
func sleepFor(ctx context.Context, secs float64) int {
	if secs <= 0 {
		return 0
	}
	var timer <-chan time.Time
	if secs < float64(math.MaxInt64/int64(time.Second)) {
		t := time.NewTimer(time.Duration(secs * float64(time.Second)))
		defer t.Stop()
		timer = t.C
	}
	select {
	case <-ctx.Done():
		return 1
	case <-timer:
		return 0
	}
}
