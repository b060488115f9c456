package openapi

import (
	"fmt"

	"github.com/goccy/go-yaml/ast"
	"github.com/goccy/go-yaml/parser"
)

// maxYAMLDepth bounds the nesting the expansion walk follows.
const maxYAMLDepth = 512

// checkYAMLAliases refuses YAML whose aliases expand to more values than
// budget: nine lines of anchors, each naming the previous one nine times,
// are 10^9 values once converted to JSON ("billion laughs"). The size of
// each anchor's expansion is computed once, so the check is linear.
func checkYAMLAliases(data []byte, budget int64) error {
	f, err := parser.ParseBytes(data, 0)
	if err != nil {
		return fmt.Errorf("parse spec: %v", err)
	}
	w := &yamlSizer{anchors: map[string]int64{}, budget: budget}
	for _, d := range f.Docs {
		if w.size(d, 0) > budget {
			break
		}
	}
	if w.total > budget {
		return fmt.Errorf("%w: YAML aliases expand to more than %d values", ErrBudget, budget)
	}
	return nil
}

type yamlSizer struct {
	anchors map[string]int64
	budget  int64
	total   int64
}

// size counts the values n expands to (aliases included).
func (w *yamlSizer) size(n ast.Node, depth int) int64 {
	if n == nil || w.total > w.budget {
		return 0
	}
	if depth > maxYAMLDepth {
		w.total = w.budget + 1
		return w.total
	}
	var s int64 = 1
	switch x := n.(type) {
	case *ast.DocumentNode:
		s = w.size(x.Body, depth+1)
	case *ast.MappingNode:
		for _, v := range x.Values {
			s += w.size(v, depth+1)
		}
	case *ast.MappingValueNode:
		s = w.size(x.Key, depth+1) + w.size(x.Value, depth+1)
	case *ast.SequenceNode:
		for _, v := range x.Values {
			s += w.size(v, depth+1)
		}
	case *ast.TagNode:
		s = w.size(x.Value, depth+1)
	case *ast.AnchorNode:
		s = w.size(x.Value, depth+1)
		if x.Name != nil {
			w.anchors[x.Name.String()] = s
		}
		return s
	case *ast.AliasNode:
		if x.Value != nil {
			s = w.anchors[x.Value.String()]
		}
		w.total += s
		return s
	}
	if _, leaf := n.(*ast.MappingValueNode); !leaf {
		if _, doc := n.(*ast.DocumentNode); !doc {
			w.total++
		}
	}
	return s
}
