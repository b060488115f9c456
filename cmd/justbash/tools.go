package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/goccy/go-yaml"
	"github.com/justbash/justbash/sources"
	"github.com/justbash/justbash/toolcmd"
)

// perServer matches the prefix sources.ParseConfig gives the error of one
// bad server entry, so it can be reported as "tools: NAME: problem".
var perServer = regexp.MustCompile(`^config: server "([^"]*)": `)

// loadTools reads the --tools config and loads every server it names into
// a fresh registry. Reading the host here is the user's explicit grant by
// the flag: the file itself, {env:…}/${…}/{file:…} substitutions, spec
// files, and stdio MCP servers started as host processes with the host
// environment. A source that fails is reported on stderr and skipped, so
// the others stay usable; only an unreadable or malformed file as a whole
// is fatal. The returned function closes the sources (stopping servers).
func loadTools(ctx context.Context, file, approve string, stderr io.Writer) (*toolcmd.Invoker, func(), error) {
	policy, err := toolcmd.ApprovalPolicy(approve)
	if err != nil {
		return nil, nil, fmt.Errorf("--approve: %v", err)
	}
	data, err := os.ReadFile(file)
	if err != nil {
		var pe *os.PathError
		if errors.As(err, &pe) {
			err = pe.Err
		}
		return nil, nil, fmt.Errorf("--tools %s: %v", file, err)
	}
	// Syntax errors are caught here, before ParseConfig, so they are fatal
	// rather than mistaken for the problem of one server.
	var tree any
	if err := yaml.Unmarshal(data, &tree); err != nil {
		return nil, nil, fmt.Errorf("--tools %s: %s", file, oneLine(err.Error()))
	}
	dir := filepath.Dir(file)
	if abs, err := filepath.Abs(dir); err == nil {
		dir = abs
	}
	specs, err := sources.ParseConfig(data, sources.ConfigOptions{
		LookupEnv: os.LookupEnv,
		ReadFile:  os.ReadFile,
		Dir:       dir,
		BaseEnv:   os.Environ(),
	})
	if err != nil {
		multi, ok := err.(interface{ Unwrap() []error })
		if !ok {
			// A substitution failed: the file as a whole cannot be trusted.
			return nil, nil, fmt.Errorf("--tools %s: %s", file, oneLine(err.Error()))
		}
		for _, e := range multi.Unwrap() {
			msg := perServer.ReplaceAllString(oneLine(e.Error()), "$1: ")
			fmt.Fprintf(stderr, "justbash: tools: %s\n", msg)
		}
	}
	reg := toolcmd.NewRegistry()
	set := sources.LoadAll(ctx, reg, specs)
	for _, r := range set.Results {
		if r.Err != nil {
			// The source's own error repeats kind and name; say them once.
			msg := strings.TrimPrefix(r.Err.Error(), fmt.Sprintf("%s source %q: ", r.Kind, r.Name))
			fmt.Fprintf(stderr, "justbash: tools: %s: %s\n", r.Name, oneLine(msg))
		}
	}
	inv := toolcmd.NewInvoker(reg)
	inv.Approve = policy
	return inv, func() { set.Close() }, nil
}

// oneLine folds a multi-line message (a server's stderr, a YAML excerpt)
// into one line, so each failing source is one line of the report.
func oneLine(s string) string {
	var b strings.Builder
	for _, f := range strings.FieldsFunc(s, func(r rune) bool { return r == '\n' || r == '\r' }) {
		f = strings.TrimSpace(f)
		if f == "" {
			continue
		}
		if b.Len() > 0 {
			// "server stderr:" introduces what follows; elsewhere the
			// lines are separate statements.
			if strings.HasSuffix(b.String(), ":") {
				b.WriteString(" ")
			} else {
				b.WriteString("; ")
			}
		}
		b.WriteString(f)
	}
	return b.String()
}
