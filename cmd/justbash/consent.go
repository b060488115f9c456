package main

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/justbash/justbash/toolcmd"
)

// The --approve policies. Tools that change things (OpenAPI writes,
// GraphQL mutations, tools declaring an approval label) ask for consent
// through the Invoker's elicitation hook; the policy decides who answers.
const (
	approvePrompt    = "prompt"    // ask at the terminal (default on one)
	approveAllowAll  = "allow-all" // run reads, decline writes and forms (default off one)
	approveDenyAll   = "deny-all"  // refuse every tool call
	approveAcceptAll = "accept-all"
)

func checkApprove(name string) error {
	switch name {
	case "", approvePrompt, approveAllowAll, approveDenyAll, approveAcceptAll:
		return nil
	}
	return fmt.Errorf("unknown policy %q (want prompt, allow-all, deny-all or accept-all)", name)
}

// applyApproval sets inv's policies. tty opens the terminal for prompts;
// it is only called when a prompt is due.
func applyApproval(inv *toolcmd.Invoker, policy string, tty func() (io.ReadWriteCloser, error)) {
	switch policy {
	case approveDenyAll:
		inv.Approve = toolcmd.DenyAll
	case approveAcceptAll:
		inv.Approve, inv.Elicit = toolcmd.AllowAll, toolcmd.AcceptAll
	case approvePrompt:
		p := &prompter{open: tty, always: map[string]bool{}}
		inv.Approve, inv.Elicit = toolcmd.AllowAll, p.elicit
	default:
		inv.Approve, inv.Elicit = toolcmd.AllowAll, toolcmd.DeclineAll
	}
}

// openTTY is the controlling terminal: prompts never read the script's
// standard input, which may be a pipe of data.
func openTTY() (io.ReadWriteCloser, error) { return os.OpenFile("/dev/tty", os.O_RDWR, 0) }

// prompter asks at the terminal, one question at a time.
type prompter struct {
	open   func() (io.ReadWriteCloser, error)
	mu     sync.Mutex
	always map[string]bool // tools approved for the rest of the session
}

func (p *prompter) elicit(ctx context.Context, ec toolcmd.ElicitContext) (toolcmd.ElicitResponse, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	approval := len(ec.Request.RequestedSchema) == 0 && ec.Request.URL == "" &&
		strings.HasPrefix(ec.Request.Message, "Approve "+ec.ToolPath+" ")
	if approval && p.always[ec.ToolPath] {
		return toolcmd.ElicitResponse{Action: toolcmd.ActionAccept}, nil
	}
	tty, err := p.open()
	if err != nil {
		return toolcmd.ElicitResponse{Action: toolcmd.ActionDecline}, nil
	}
	defer tty.Close()
	// Ctrl-C while the question waits ends the read: closing the terminal
	// file interrupts it.
	stop := context.AfterFunc(ctx, func() { tty.Close() })
	defer stop()
	in := bufio.NewReaderSize(io.LimitReader(tty, 1<<20), 4096)
	if approval {
		return p.askApproval(tty, in, ec)
	}
	return askForm(tty, in, ec)
}

func (p *prompter) askApproval(w io.Writer, in *bufio.Reader, ec toolcmd.ElicitContext) (toolcmd.ElicitResponse, error) {
	// The message names the tool, its label (POST /pets) and arguments.
	fmt.Fprintf(w, "\r\n%s\r\n", strings.ReplaceAll(ec.Request.Message, "\n", "\r\n"))
	fmt.Fprint(w, "Allow? [y]es / [N]o / [a]lways for this tool: ")
	line, err := readLine(in)
	if err != nil {
		fmt.Fprint(w, "\r\n")
		return toolcmd.ElicitResponse{Action: toolcmd.ActionCancel}, nil
	}
	switch strings.ToLower(line) {
	case "y", "yes":
		return toolcmd.ElicitResponse{Action: toolcmd.ActionAccept}, nil
	case "a", "always":
		p.always[ec.ToolPath] = true
		return toolcmd.ElicitResponse{Action: toolcmd.ActionAccept}, nil
	}
	return toolcmd.ElicitResponse{Action: toolcmd.ActionDecline}, nil
}

// askForm renders an elicitation: the message, then one question per
// property of the requested schema, converted to its type.
func askForm(w io.Writer, in *bufio.Reader, ec toolcmd.ElicitContext) (toolcmd.ElicitResponse, error) {
	fmt.Fprintf(w, "\r\n%s asks: %s\r\n", ec.ToolPath, strings.ReplaceAll(ec.Request.Message, "\n", "\r\n"))
	if ec.Request.URL != "" {
		fmt.Fprintf(w, "Open %s\r\n", ec.Request.URL)
	}
	fmt.Fprint(w, "Answer? [y/N]: ")
	line, err := readLine(in)
	if err != nil || !strings.HasPrefix(strings.ToLower(line), "y") {
		return toolcmd.ElicitResponse{Action: toolcmd.ActionDecline}, nil
	}
	var schema struct {
		Properties map[string]struct {
			Type        string `json:"type"`
			Title       string `json:"title"`
			Description string `json:"description"`
			Enum        []any  `json:"enum"`
		} `json:"properties"`
		Required []string `json:"required"`
	}
	_ = json.Unmarshal(ec.Request.RequestedSchema, &schema)
	names := make([]string, 0, len(schema.Properties))
	for n := range schema.Properties {
		names = append(names, n)
	}
	sort.Strings(names)
	content := map[string]any{}
	for _, n := range names {
		prop := schema.Properties[n]
		label := n
		if prop.Title != "" {
			label = prop.Title
		}
		hint := prop.Type
		if len(prop.Enum) > 0 {
			hint = fmt.Sprint(prop.Enum)
		}
		if prop.Description != "" {
			hint += ", " + prop.Description
		}
		for {
			fmt.Fprintf(w, "  %s (%s): ", label, hint)
			v, err := readLine(in)
			if err != nil {
				return toolcmd.ElicitResponse{Action: toolcmd.ActionCancel}, nil
			}
			if v == "" {
				break // left out
			}
			val, ok := convert(prop.Type, v)
			if !ok {
				fmt.Fprintf(w, "  not a %s\r\n", prop.Type)
				continue
			}
			content[n] = val
			break
		}
	}
	return toolcmd.ElicitResponse{Action: toolcmd.ActionAccept, Content: content}, nil
}

func convert(typ, s string) (any, bool) {
	switch typ {
	case "integer":
		n, err := strconv.ParseInt(s, 10, 64)
		return n, err == nil
	case "number":
		f, err := strconv.ParseFloat(s, 64)
		return f, err == nil
	case "boolean":
		switch strings.ToLower(s) {
		case "y", "yes", "true":
			return true, true
		case "n", "no", "false":
			return false, true
		}
		return nil, false
	}
	return s, true
}

func readLine(in *bufio.Reader) (string, error) {
	line, err := in.ReadString('\n')
	if err != nil && line == "" {
		return "", err
	}
	return strings.TrimSpace(line), nil
}
