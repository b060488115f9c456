package mcpserver

import (
	"fmt"
	"sort"
	"strings"
)

// DefaultPreset is the preset used when none is named.
const DefaultPreset = "default"

// Rule is a preset's rule for one server.
type Rule struct {
	// Exclude drops the server from the preset (rule false).
	Exclude bool
	// All allows every tool (rule true, or no rule).
	All bool
	// Allow lists the selectors of the allowed tools otherwise.
	Allow []Selector
}

// Allows reports whether the rule lets tool name through.
func (r Rule) Allows(name string) bool {
	if r.Exclude {
		return false
	}
	return r.All || anyMatch(r.Allow, name)
}

// Preset maps server names to rules; a server without a rule is included
// as defined.
type Preset struct {
	Name  string
	Rules map[string]Rule
}

// Rule returns the preset's rule for a server.
func (p *Preset) Rule(server string) Rule {
	if r, ok := p.Rules[server]; ok {
		return r
	}
	return Rule{All: true}
}

func (cfg *Config) parsePresets(v any) error {
	cfg.Presets[DefaultPreset] = &Preset{Name: DefaultPreset, Rules: map[string]Rule{}}
	if v == nil {
		return nil
	}
	m, ok := v.(map[string]any)
	if !ok {
		return &ConfigError{File: cfg.File, Key: "presets", Reason: "must be an object of presets (got " + describe(v) + ")"}
	}
	for name, pv := range m {
		key := "presets." + name
		if name == "" {
			return &ConfigError{File: cfg.File, Key: key, Reason: "preset names must not be empty"}
		}
		rules, ok := pv.(map[string]any)
		if pv != nil && !ok {
			return &ConfigError{File: cfg.File, Key: key, Reason: "must be an object of server rules (got " + describe(pv) + ")"}
		}
		p := &Preset{Name: name, Rules: map[string]Rule{}}
		for server, rv := range rules {
			if _, known := cfg.Servers[server]; !known {
				return &ConfigError{File: cfg.File, Key: key + "." + server,
					Reason: fmt.Sprintf("unknown server %q (configured servers: %s)", server, listOrNone(cfg.Names))}
			}
			r, err := parseRule(fields{file: cfg.File, prefix: key}, server, rv)
			if err != nil {
				return err
			}
			p.Rules[server] = r
		}
		cfg.Presets[name] = p
	}
	return nil
}

func parseRule(f fields, server string, v any) (Rule, error) {
	switch t := v.(type) {
	case nil:
		return Rule{All: true}, nil
	case bool:
		if t {
			return Rule{All: true}, nil
		}
		return Rule{Exclude: true}, nil
	}
	sels, err := parseSelectors(f, server, v)
	if err != nil {
		return Rule{}, err
	}
	return Rule{Allow: sels}, nil
}

func listOrNone(names []string) string {
	if len(names) == 0 {
		return "none"
	}
	return strings.Join(names, ", ")
}

// PresetNames lists the presets, sorted.
func (cfg *Config) PresetNames() []string {
	out := make([]string, 0, len(cfg.Presets))
	for n := range cfg.Presets {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}

// UnknownPresetError is returned for a profile that is not configured.
type UnknownPresetError struct {
	Name      string
	Available []string
}

func (e *UnknownPresetError) Error() string {
	return fmt.Sprintf("unknown preset %q (available presets: %s)", e.Name, strings.Join(e.Available, ", "))
}

// Preset returns the named preset ("" means default).
func (cfg *Config) Preset(name string) (*Preset, error) {
	if name == "" {
		name = DefaultPreset
	}
	p, ok := cfg.Presets[name]
	if !ok {
		return nil, &UnknownPresetError{Name: name, Available: cfg.PresetNames()}
	}
	return p, nil
}

// ProfileServers lists the servers a preset exposes, sorted: enabled ones
// whose rule does not exclude them.
func (cfg *Config) ProfileServers(p *Preset) []string {
	var out []string
	for _, n := range cfg.Names {
		if cfg.Servers[n].Enabled && !p.Rule(n).Exclude {
			out = append(out, n)
		}
	}
	return out
}
