package yq

import (
	"fmt"
	"math"
	"math/big"
	"sort"
	"strings"
	"time"

	"github.com/goccy/go-yaml"
)

// keyOrder remembers the key order of every object read, so output keeps
// the input's order although gojq holds objects in Go maps. An object
// whose exact key set was seen uses that order; other keys fall back to
// the position they were first seen anywhere; keys never seen (added by
// the filter) come last, sorted.
type keyOrder struct {
	bySet map[string][]string
	first map[string]int
	// nodes counts values made by fromYAML against budget (see nodeBudget);
	// err is set once it is exceeded and the conversion stops.
	nodes, budget int64
	err           error
}

func newKeyOrder() *keyOrder {
	return &keyOrder{bySet: map[string][]string{}, first: map[string]int{}}
}

func setKey(keys []string) string {
	s := append([]string(nil), keys...)
	sort.Strings(s)
	return strings.Join(s, "\x00")
}

func (o *keyOrder) record(keys []string) {
	sig := setKey(keys)
	if _, ok := o.bySet[sig]; !ok {
		o.bySet[sig] = keys
	}
	for _, k := range keys {
		if _, ok := o.first[k]; !ok {
			o.first[k] = len(o.first)
		}
	}
}

// keys returns the keys of m in output order.
func (o *keyOrder) keys(m map[string]any) []string {
	ks := make([]string, 0, len(m))
	for k := range m {
		ks = append(ks, k)
	}
	if known, ok := o.bySet[setKey(ks)]; ok {
		return known
	}
	sort.SliceStable(ks, func(i, j int) bool {
		a, aok := o.first[ks[i]]
		b, bok := o.first[ks[j]]
		switch {
		case aok && bok:
			return a < b
		case aok != bok:
			return aok
		}
		return ks[i] < ks[j]
	})
	return ks
}

// fromYAML converts a decoded YAML value (with ordered maps) into the
// plain values gojq works on, recording key order on the way.
func (o *keyOrder) fromYAML(v any) any {
	if o.nodes++; o.budget > 0 && o.nodes > o.budget {
		if o.err == nil {
			o.err = aliasLimit(o.budget)
		}
		return nil
	}
	switch x := v.(type) {
	case yaml.MapSlice:
		m := make(map[string]any, len(x))
		keys := make([]string, 0, len(x))
		for _, it := range x {
			k := keyString(it.Key)
			if _, dup := m[k]; !dup {
				keys = append(keys, k)
			}
			m[k] = o.fromYAML(it.Value)
		}
		o.record(keys)
		return m
	case map[string]any:
		m := make(map[string]any, len(x))
		for k, val := range x {
			m[k] = o.fromYAML(val)
		}
		return m
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = o.fromYAML(e)
		}
		return out
	}
	return scalar(v)
}

func keyString(k any) string {
	switch x := k.(type) {
	case string:
		return x
	case nil:
		return "null"
	}
	return fmt.Sprint(scalar(k))
}

// scalar normalises numbers and other YAML scalars to gojq's types.
func scalar(v any) any {
	switch x := v.(type) {
	case int:
		return x
	case int64:
		return normInt(big.NewInt(x))
	case uint64:
		return normInt(new(big.Int).SetUint64(x))
	case int32:
		return int(x)
	case uint32:
		return int(x)
	case float32:
		return float64(x)
	case float64:
		return x
	case time.Time:
		return x.Format(time.RFC3339Nano)
	case nil, bool, string:
		return x
	case []byte:
		return string(x)
	}
	return fmt.Sprint(v)
}

func normInt(b *big.Int) any {
	if b.IsInt64() && b.Int64() >= math.MinInt && b.Int64() <= math.MaxInt {
		return int(b.Int64())
	}
	return b
}

// toYAML rebuilds ordered maps from gojq output for the YAML encoder.
func (o *keyOrder) toYAML(v any) any {
	switch x := v.(type) {
	case map[string]any:
		ms := make(yaml.MapSlice, 0, len(x))
		for _, k := range o.keys(x) {
			ms = append(ms, yaml.MapItem{Key: k, Value: o.toYAML(x[k])})
		}
		return ms
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = o.toYAML(e)
		}
		return out
	case *big.Int:
		return yamlBigInt{x}
	case float64:
		if x == math.Trunc(x) && math.Abs(x) < 1e17 {
			return int64(x)
		}
	}
	return v
}

// yamlBigInt prints an integer too large for int64 as a plain number.
type yamlBigInt struct{ b *big.Int }

func (y yamlBigInt) MarshalYAML() ([]byte, error) { return []byte(y.b.String()), nil }
