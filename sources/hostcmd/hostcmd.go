// Package hostcmd makes tools out of a host program: each call runs the
// configured command with the tool's name as its last argument, the JSON
// arguments on standard input, and reads the JSON result from standard
// output. A non-zero exit status is an error carrying the program's
// stderr.
//
// This is explicit host access: the command is named in the user's own
// config (never by a script in the sandbox), runs with the user's
// environment and sees the host filesystem. The program runs in a process
// group of its own, so a Ctrl-C at the terminal reaches the sandbox's
// command, not the tool: cancelling the call's context kills the group.
package hostcmd

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"sort"
	"strings"
	"time"

	"github.com/justbash/justbash/toolcmd"
)

// SourceKind marks tools backed by a host command.
const SourceKind toolcmd.SourceKind = "command"

// Limits on one call.
const (
	MaxResultBytes     = 16 << 20
	maxStderrBytes     = 8 << 10
	DefaultCallTimeout = 60 * time.Second
)

// ToolDef declares one tool of the command.
type ToolDef struct {
	Name         string
	Description  string
	InputSchema  json.RawMessage
	OutputSchema json.RawMessage
	// Approval, when set, labels a consent prompt before every call.
	Approval string
}

// Config describes the command and its tools.
type Config struct {
	Name    string
	Command []string // program and leading arguments
	Dir     string
	// BaseEnv is the environment the program starts from ("K=V"); Env is
	// added on top.
	BaseEnv []string
	Env     map[string]string
	Tools   []ToolDef
	// CallTimeout bounds each call (default DefaultCallTimeout).
	CallTimeout time.Duration
}

// Source is a registered command; it holds no process between calls.
type Source struct {
	cfg   Config
	reg   *toolcmd.Registry
	paths []string
}

// Add registers cfg's tools in reg as `<Name>.<tool>`.
func Add(reg *toolcmd.Registry, cfg Config) (*Source, error) {
	if cfg.Name == "" || len(cfg.Command) == 0 || cfg.Command[0] == "" {
		return nil, errors.New("command source: needs a name and a command")
	}
	if len(cfg.Tools) == 0 {
		return nil, fmt.Errorf("command source %q: declares no tools", cfg.Name)
	}
	s := &Source{cfg: cfg, reg: reg}
	for _, td := range cfg.Tools {
		td := td
		path := cfg.Name + "." + td.Name
		err := reg.Add(toolcmd.Tool{Path: path, Description: td.Description,
			InputSchema: td.InputSchema, OutputSchema: td.OutputSchema,
			Annotations: toolcmd.Annotations{RequiresApproval: td.Approval != "", ApprovalLabel: td.Approval, OpenWorld: true},
			Source:      toolcmd.Source{Kind: SourceKind, Name: cfg.Name},
			Invoke: func(ctx context.Context, args json.RawMessage) (json.RawMessage, error) {
				return s.Call(ctx, td.Name, args)
			}})
		if err != nil {
			s.Close()
			return nil, err
		}
		s.paths = append(s.paths, path)
	}
	sort.Strings(s.paths)
	return s, nil
}

// Paths are the registered tool paths.
func (s *Source) Paths() []string { return s.paths }

// Close unregisters the tools.
func (s *Source) Close() error {
	for _, p := range s.paths {
		s.reg.Remove(p)
	}
	return nil
}

// Call runs the command for tool with args on stdin.
func (s *Source) Call(ctx context.Context, tool string, args json.RawMessage) (json.RawMessage, error) {
	if len(bytes.TrimSpace(args)) == 0 {
		args = json.RawMessage("{}")
	}
	timeout := s.cfg.CallTimeout
	if timeout <= 0 {
		timeout = DefaultCallTimeout
	}
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	argv := append(append([]string{}, s.cfg.Command[1:]...), tool)
	cmd := exec.CommandContext(ctx, s.cfg.Command[0], argv...)
	cmd.Dir = s.cfg.Dir
	cmd.Env = append([]string{}, s.cfg.BaseEnv...)
	for k, v := range s.cfg.Env {
		cmd.Env = append(cmd.Env, k+"="+v)
	}
	ownGroup(cmd)
	cmd.WaitDelay = 2 * time.Second
	cmd.Stdin = bytes.NewReader(args)
	out := &capped{max: MaxResultBytes}
	errb := &capped{max: maxStderrBytes}
	cmd.Stdout, cmd.Stderr = out, errb
	err := cmd.Run()
	name := s.cfg.Name + "." + tool
	if ctx.Err() != nil {
		return nil, fmt.Errorf("%s: %w", name, ctx.Err())
	}
	if out.over {
		return nil, fmt.Errorf("%s: result larger than %d bytes", name, MaxResultBytes)
	}
	if err != nil {
		msg := strings.TrimSpace(errb.buf.String())
		if msg == "" {
			msg = err.Error()
		}
		return nil, errors.New(msg)
	}
	res := bytes.TrimSpace(out.buf.Bytes())
	if len(res) == 0 {
		return nil, nil
	}
	if !json.Valid(res) {
		// A program printing plain text still gives a usable result.
		b, _ := json.Marshal(string(res))
		return b, nil
	}
	return res, nil
}

// capped keeps at most max bytes and remembers that more came.
type capped struct {
	buf  bytes.Buffer
	max  int
	over bool
}

func (c *capped) Write(p []byte) (int, error) {
	if room := c.max - c.buf.Len(); room < len(p) {
		c.over = true
		if room > 0 {
			c.buf.Write(p[:room])
		}
		return len(p), nil
	}
	return c.buf.Write(p)
}

var _ io.Writer = (*capped)(nil)
