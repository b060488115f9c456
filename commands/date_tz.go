package commands

import (
	"time"

	"github.com/justbash/justbash/commands/internal/tz"
)

// TZLocation is the zone a TZ value names, built without reading the host
// (for the packages outside commands that format local time: js-exec).
func TZLocation(value string) *time.Location { return tz.Load(value) }
