package mcpserver

import (
	"fmt"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"sync"
)

// Substitution patterns. Environment forms are expanded first, then file
// references, so a file path may itself come from the environment.
var (
	envBraceRe  = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`\{env:([^{}]*)\}`) })
	envDollarRe = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`\$\{([A-Za-z_][A-Za-z0-9_]*)(:-([^}]*))?\}`) })
	fileRe      = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`\{file:([^{}]*)\}`) })
)

// substituter expands {env:NAME}, ${NAME}, ${NAME:-default} and
// {file:path} in every string value of the decoded config (keys stay as
// written).
type substituter struct {
	file string
	dir  string
	opts LoadOptions
}

func (s substituter) walk(v any, key string) (any, error) {
	switch t := v.(type) {
	case string:
		return s.expand(t, key)
	case map[string]any:
		keys := make([]string, 0, len(t))
		for k := range t {
			keys = append(keys, k)
		}
		sort.Strings(keys) // the first error reported is the same on every run
		for _, k := range keys {
			x, err := s.walk(t[k], joinKey(key, k))
			if err != nil {
				return nil, err
			}
			t[k] = x
		}
		return t, nil
	case []any:
		for i, x := range t {
			y, err := s.walk(x, fmt.Sprintf("%s[%d]", key, i))
			if err != nil {
				return nil, err
			}
			t[i] = y
		}
		return t, nil
	}
	return v, nil
}

func joinKey(prefix, k string) string {
	if prefix == "" {
		return k
	}
	return prefix + "." + k
}

func (s substituter) lookup(name string) (string, bool) {
	if s.opts.Env == nil {
		return "", false
	}
	return s.opts.Env(name)
}

func (s substituter) expand(v, key string) (string, error) {
	v = envBraceRe().ReplaceAllStringFunc(v, func(m string) string {
		val, _ := s.lookup(envBraceRe().FindStringSubmatch(m)[1])
		return val
	})
	v = envDollarRe().ReplaceAllStringFunc(v, func(m string) string {
		sm := envDollarRe().FindStringSubmatch(m)
		val, ok := s.lookup(sm[1])
		if sm[2] != "" && (!ok || val == "") {
			// As in the shell, ":-" also covers a set-but-empty variable.
			return sm[3]
		}
		return val
	})
	var ferr error
	v = fileRe().ReplaceAllStringFunc(v, func(m string) string {
		if ferr != nil {
			return ""
		}
		ref := fileRe().FindStringSubmatch(m)[1]
		data, err := s.readFile(ref)
		if err != nil {
			ferr = &ConfigError{File: s.file, Key: key, Reason: fmt.Sprintf("{file:%s}: %s", ref, readReason(err))}
			return ""
		}
		return data
	})
	return v, ferr
}

// readFile resolves a {file:} reference: ~/ from the home directory,
// relative paths from the config file's directory. One trailing newline is
// dropped, since editors add it and it would break a header or token.
func (s substituter) readFile(ref string) (string, error) {
	if ref == "" {
		return "", fmt.Errorf("empty path")
	}
	p := ref
	switch {
	case ref == "~" || strings.HasPrefix(ref, "~/"):
		if s.opts.Home == "" {
			return "", fmt.Errorf("home directory unknown")
		}
		p = filepath.Join(s.opts.Home, strings.TrimPrefix(ref[1:], "/"))
	case !filepath.IsAbs(ref):
		p = filepath.Join(s.dir, ref)
	}
	data, err := s.opts.ReadFile(p)
	if err != nil {
		return "", err
	}
	out := string(data)
	out = strings.TrimSuffix(out, "\n")
	out = strings.TrimSuffix(out, "\r")
	return out, nil
}
