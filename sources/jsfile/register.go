package jsfile

import (
	"context"
	"encoding/json"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/justbash/justbash/toolcmd"
)

// SourceKind marks tools registered from a JavaScript module.
const SourceKind toolcmd.SourceKind = "js"

// Register adds the module's tools to reg under their export paths
// (`math.add` for exports.math.add). Functions exported at the top level
// go under the namespace fallback (usually the file's base name). It
// returns the registered paths; on error nothing stays registered.
func (m *Module) Register(reg *toolcmd.Registry, fallback string) ([]string, error) {
	var paths []string
	for _, t := range m.tools {
		p := t.Path
		if !strings.Contains(p, ".") {
			p = fallback + "." + p
		}
		ns, _, _ := toolcmd.SplitPath(p)
		if err := reg.Add(m.Tool(t, p, ns)); err != nil {
			for _, q := range paths {
				reg.Remove(q)
			}
			return nil, err
		}
		paths = append(paths, p)
	}
	return paths, nil
}

// Tool is t as a toolcmd.Tool registered at path, belonging to source ns.
func (m *Module) Tool(t Tool, path, ns string) toolcmd.Tool {
	exportPath := t.Path
	return toolcmd.Tool{
		Path: path, Description: t.Description,
		InputSchema: t.InputSchema, OutputSchema: t.OutputSchema,
		Annotations: toolcmd.Annotations{RequiresApproval: t.Approval != "", ApprovalLabel: t.Approval},
		Source:      toolcmd.Source{Kind: SourceKind, Name: ns},
		Invoke: func(ctx context.Context, args json.RawMessage) (json.RawMessage, error) {
			return m.Call(ctx, exportPath, args)
		},
	}
}

// BaseName is the namespace for top-level functions of file: its base name
// without extension, with characters a command name cannot hold dropped.
func BaseName(file string) string {
	b := strings.TrimSuffix(filepath.Base(file), filepath.Ext(file))
	var sb strings.Builder
	for _, r := range b {
		if r == '-' || r == '_' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' {
			sb.WriteRune(r)
		}
	}
	if sb.Len() == 0 {
		return "js"
	}
	return sb.String()
}

// String describes the module for messages.
func (m *Module) String() string { return fmt.Sprintf("%s (%d tools)", m.name, len(m.tools)) }
