package commands

import "context"

// contextT keeps the registration signatures short.
type contextT = context.Context
