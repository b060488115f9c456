// Package toolcmd turns host-defined tools into things an agent can call:
// a Registry of tools, one Invoker that every surface goes through
// (approval → invoke → elicitation), typed Go tools whose JSON Schemas are
// derived from Go types, and the bash surface — one command per namespace
// (`math add a=2 b=3`) plus the `tools` discovery command.
//
// The behaviour follows the @just-bash/executor README: argument modes,
// precedence (flags > --json > stdin), output, error texts and gh-style help.
package toolcmd

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"unicode"
)

// SourceKind says where a tool came from.
type SourceKind string

// The source kinds. The zero value means inline.
const (
	SourceInline  SourceKind = "inline"
	SourceMCP     SourceKind = "mcp"
	SourceOpenAPI SourceKind = "openapi"
	SourceGraphQL SourceKind = "graphql"
)

// Source identifies the registration a tool belongs to.
type Source struct {
	Kind SourceKind
	// Name is the source's name (its namespace for discovered tools).
	Name string
}

// IsInline reports whether the tool was defined by the host program rather
// than discovered; inline tools win path conflicts.
func (s Source) IsInline() bool { return s.Kind == "" || s.Kind == SourceInline }

// Annotations are hints about a tool's effects, used by approval policies.
type Annotations struct {
	Title       string
	ReadOnly    bool
	Destructive bool
	Idempotent  bool
	OpenWorld   bool
	// RequiresApproval makes the Invoker ask the elicitation handler for
	// consent before every call (declined by default), as the executor SDK
	// does for OpenAPI writes, GraphQL mutations and destructive MCP tools.
	RequiresApproval bool
	// ApprovalLabel is a short human text for approval prompts, such as
	// "POST /pets".
	ApprovalLabel string
}

// InvokeFunc runs a tool. args is a JSON value (usually an object) or empty
// when the caller passed no arguments; an empty result means "undefined".
type InvokeFunc func(ctx context.Context, args json.RawMessage) (json.RawMessage, error)

// Tool is one callable tool.
type Tool struct {
	// Path is dot-separated: the part before the first dot is the namespace
	// (the bash command), the rest the subcommand.
	Path        string
	Description string
	// InputSchema and OutputSchema are JSON Schemas (draft 2020-12 or 7);
	// either may be empty.
	InputSchema  json.RawMessage
	OutputSchema json.RawMessage
	Annotations  Annotations
	Source       Source
	Invoke       InvokeFunc
	// Tags are the words a source files the tool under (OpenAPI tags);
	// search ranks by them.
	Tags []string

	// err records a construction failure (a Go type that has no JSON
	// Schema); Registry.Add reports it instead of the constructor panicking.
	err error
}

// ErrUnknownTool is wrapped by the error for a path that is not registered.
//
//lint:ignore ST1005 the message is shown to users as just-bash words it
var ErrUnknownTool = errors.New("Unknown tool")

// ReservedNamespace is the namespace taken by the discovery command.
const ReservedNamespace = "tools"

// SplitPath splits a tool path into its namespace and the rest. A path
// without a dot has no namespace and gets no bash command.
func SplitPath(path string) (ns, rest string, ok bool) {
	i := strings.IndexByte(path, '.')
	if i < 0 {
		return "", path, false
	}
	return path[:i], path[i+1:], true
}

// checkPath rejects paths that could not be typed as commands or that would
// be ambiguous: empty segments, whitespace, shell metacharacters.
func checkPath(path string) error {
	if path == "" {
		return errors.New("empty tool path")
	}
	for _, seg := range strings.Split(path, ".") {
		if seg == "" {
			return fmt.Errorf("tool path %q: empty segment", path)
		}
		for _, r := range seg {
			if unicode.IsSpace(r) || unicode.IsControl(r) || strings.ContainsRune("'\"`$&|;<>(){}[]\\*?!#~=/", r) {
				return fmt.Errorf("tool path %q: invalid character %q", path, r)
			}
		}
	}
	if ns, _, ok := SplitPath(path); ok && ns == ReservedNamespace {
		return fmt.Errorf("tool path %q: namespace %q is reserved for the discovery command", path, ReservedNamespace)
	}
	if strings.HasPrefix(path, "-") {
		return fmt.Errorf("tool path %q: must not start with '-'", path)
	}
	return nil
}

type responseKey struct{}

// WithResponse asks the tool for the whole response rather than its body:
// sources that speak HTTP then return {status, headers, body} and the
// pagination links (`--include` in bash, `$include: true` in JS).
func WithResponse(ctx context.Context) context.Context {
	return context.WithValue(ctx, responseKey{}, true)
}

// WantsResponse reports whether the caller asked for the whole response.
func WantsResponse(ctx context.Context) bool {
	v, _ := ctx.Value(responseKey{}).(bool)
	return v
}
