package main

import (
	"fmt"
	"net"
	"net/url"
	"os"
	"path/filepath"
	"strings"

	"github.com/justbash/justbash/commands/curl"
)

// networkPolicy turns --allow-url SPECs into curl's policy (also fetch's
// in js-exec): nil, the network off, when none is given. A SPEC is
//
//	PREFIX[|Header: value[|Header: value...]]
//
// Header values expand $VAR and ${VAR} from the host environment here,
// outside the sandbox, so a secret reaches the request but never a
// variable, a file or curl -v inside. An unset variable is an error
// rather than an empty credential.
func networkPolicy(specs []string, lookup func(string) (string, bool)) (*curl.Policy, error) {
	if len(specs) == 0 {
		return nil, nil
	}
	p := &curl.Policy{Enabled: true}
	for _, spec := range specs {
		parts := strings.Split(spec, "|")
		prefix := strings.TrimSpace(parts[0])
		u, err := url.Parse(prefix)
		if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			return nil, fmt.Errorf("%q: want an http:// or https:// URL prefix", prefix)
		}
		rule := curl.Rule{Prefix: prefix}
		for _, h := range parts[1:] {
			name, val, ok := strings.Cut(h, ":")
			name = strings.TrimSpace(name)
			if !ok || name == "" {
				return nil, fmt.Errorf("%q: header %q: want Name: value", prefix, h)
			}
			var missing []string
			val = os.Expand(strings.TrimSpace(val), func(v string) string {
				s, ok := lookup(v)
				if !ok {
					missing = append(missing, v)
				}
				return s
			})
			if len(missing) > 0 {
				return nil, fmt.Errorf("%q: header %s: $%s is not set", prefix, name, missing[0])
			}
			if rule.Headers == nil {
				rule.Headers = map[string]string{}
			}
			rule.Headers[name] = val
		}
		// Naming a local address is the user's explicit consent to reach
		// it; otherwise private addresses stay refused after DNS.
		if isLocalHost(u.Hostname()) {
			p.AllowPrivate = true
		}
		p.Allow = append(p.Allow, rule)
	}
	return p, nil
}

func isLocalHost(h string) bool {
	if h == "localhost" {
		return true
	}
	ip := net.ParseIP(h)
	return ip != nil && (ip.IsLoopback() || ip.IsPrivate() || ip.IsLinkLocalUnicast())
}

// historyFile is $XDG_STATE_HOME/justbash/history (~/.local/state/...);
// "" when neither can be found, which keeps history in memory only.
func historyFile() string {
	dir := os.Getenv("XDG_STATE_HOME")
	if dir == "" {
		home, err := os.UserHomeDir()
		if err != nil || home == "" {
			return ""
		}
		dir = filepath.Join(home, ".local", "state")
	}
	dir = filepath.Join(dir, "justbash")
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return ""
	}
	return filepath.Join(dir, "history")
}
