package main

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"os"
	"time"

	"github.com/justbash/justbash/mcpserver"
	"github.com/justbash/justbash/mcpserver/store"
)

// Replicas: `justbash mcp server --store redis://host:port/db` keeps the
// named sessions in Redis, so any number of servers started with the same
// --store (and the same API key) are one service. Without --store the
// sessions live in the process, as before.

// storeOpenTimeout bounds connecting to the store at start.
const storeOpenTimeout = 10 * time.Second

// serverExtras opens the --store and the JSON logger of `mcp server`;
// done closes the store.
func serverExtras(ctx context.Context, a *mcpArgs, stderr io.Writer) (opts func(*mcpserver.Options), done func(), err error) {
	logger := slog.New(slog.NewJSONHandler(stderr, nil)).With("pid", os.Getpid())
	store.SetLogger(logger)
	var st store.Store
	if u := a.flags["store"]; u != "" {
		octx, cancel := context.WithTimeout(ctx, storeOpenTimeout)
		defer cancel()
		if st, err = store.Open(octx, u, store.Config{}); err != nil {
			return nil, nil, fmt.Errorf("--store: %w", err)
		}
		logger.Info("session store", "store", st.Describe())
	}
	return func(o *mcpserver.Options) {
			o.Logger = logger
			if st != nil {
				o.Store = st
			}
		}, func() {
			if st != nil {
				st.Close()
			}
		}, nil
}

// serverAPIKey is $JSMCP_API_KEY when set (replicas on several machines
// share one key that way), else the config directory's key file, created
// on the first start.
func serverAPIKey(stderr io.Writer) (string, error) {
	if k := os.Getenv("JSMCP_API_KEY"); k != "" {
		return k, nil
	}
	key, created, err := mcpserver.EnsureAPIKey(mcpserver.ConfigDir(dirOptions()))
	if err != nil {
		return "", fmt.Errorf("API key: %w", err)
	}
	if created {
		fmt.Fprintf(stderr, "justbash mcp server: created API key in %s\n", mcpserver.ConfigDir(dirOptions())+string(os.PathSeparator)+mcpserver.APIKeyFile)
	}
	return key, nil
}
