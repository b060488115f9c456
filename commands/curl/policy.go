// Package curl is the sandbox's curl: a real net/http client that only
// reaches what the embedder's Policy allows. With the zero Policy every
// request fails with curl's exit status 7.
package curl

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"time"
)

// Rule allows one URL prefix: scheme, host and port must match exactly and
// the path must equal Prefix's path or continue it at a "/" boundary.
type Rule struct {
	Prefix string
	// Methods overrides Policy.Methods for this prefix when non-empty.
	Methods []string
	// Headers are added to every request sent under this prefix. They are
	// set outside the sandbox (API keys...) and never shown by -v.
	Headers map[string]string
}

// Policy is what the host allows. The zero value disables the network.
type Policy struct {
	Enabled bool
	Allow   []Rule
	// Methods allowed when a rule names none (default GET and HEAD).
	Methods []string
	// MaxRedirects caps -L hops (0 means the default of 10; negative
	// forbids following redirects at all).
	MaxRedirects int
	// Timeout bounds a whole transfer (default 30s).
	Timeout time.Duration
	// MaxResponseBytes caps a response body (default 10 MiB).
	MaxResponseBytes int64
	// AllowPrivate permits loopback, private, link-local and unspecified
	// addresses, which are refused by default after DNS resolution.
	AllowPrivate bool
	// Transport, when set, sends the requests instead of net/http's
	// default transport (an embedder's fetch hook). The address checks
	// are then the transport's job; the URL rules still apply.
	Transport http.RoundTripper
}

func (p *Policy) timeout() time.Duration {
	if p.Timeout > 0 {
		return p.Timeout
	}
	return 30 * time.Second
}

func (p *Policy) maxBytes() int64 {
	if p.MaxResponseBytes > 0 {
		return p.MaxResponseBytes
	}
	return 10 << 20
}

func (p *Policy) maxRedirects() int {
	switch {
	case p.MaxRedirects < 0:
		return 0
	case p.MaxRedirects == 0:
		return 10
	}
	return p.MaxRedirects
}

// denial explains why a request is refused.
type denial struct{ msg string }

func (d *denial) Error() string { return d.msg }

// check finds the rule allowing method on u, or says why none does. It
// matches, and returns for sending, u in canonical form (see canonical):
// the server receives exactly the path that was matched.
func (p *Policy) check(method string, u *url.URL) (*Rule, *url.URL, error) {
	if u.Scheme != "http" && u.Scheme != "https" {
		return nil, nil, &denial{fmt.Sprintf("scheme %q is not allowed (only http and https)", u.Scheme)}
	}
	u, err := canonical(u)
	if err != nil {
		return nil, nil, err
	}
	var matched *Rule
	for i := range p.Allow {
		if prefixMatch(p.Allow[i].Prefix, u) {
			matched = &p.Allow[i]
			break
		}
	}
	if matched == nil {
		return nil, nil, &denial{fmt.Sprintf("%s is not under any allowed URL prefix (%s)", redact(u), strings.Join(p.prefixes(), ", "))}
	}
	methods := matched.Methods
	if len(methods) == 0 {
		methods = p.Methods
	}
	if len(methods) == 0 {
		methods = []string{"GET", "HEAD"}
	}
	if !slices.ContainsFunc(methods, func(m string) bool { return strings.EqualFold(m, method) }) {
		return nil, nil, &denial{fmt.Sprintf("method %s is not allowed for prefix %s (allowed: %s)", method, matched.Prefix, strings.Join(methods, ", "))}
	}
	return matched, u, nil
}

func (p *Policy) prefixes() []string {
	out := make([]string, 0, len(p.Allow))
	for _, r := range p.Allow {
		out = append(out, r.Prefix)
	}
	if len(out) == 0 {
		return []string{"none"}
	}
	return out
}

// redact drops user info so credentials never appear in messages.
func redact(u *url.URL) string {
	c := *u
	c.User = nil
	c.RawQuery, c.Fragment = "", ""
	return c.String()
}

func prefixMatch(prefix string, u *url.URL) bool {
	pu, err := url.Parse(prefix)
	if err != nil || !strings.EqualFold(pu.Scheme, u.Scheme) || !strings.EqualFold(hostPort(pu), hostPort(u)) {
		return false
	}
	pp := removeDotSegments(pu.EscapedPath())
	up := u.EscapedPath()
	if up == "" {
		up = "/"
	}
	if pp == "" || pp == "/" {
		return true
	}
	if strings.HasSuffix(pp, "/") {
		return strings.HasPrefix(up, pp)
	}
	return up == pp || strings.HasPrefix(up, pp+"/")
}

// hostPort normalises the default ports so "http://h" and "http://h:80"
// name the same origin.
func hostPort(u *url.URL) string {
	port := u.Port()
	if port == "" {
		port = map[string]string{"http": "80", "https": "443"}[strings.ToLower(u.Scheme)]
	}
	return net.JoinHostPort(strings.ToLower(u.Hostname()), port)
}

// blockedIP reports addresses that are off limits without AllowPrivate.
func blockedIP(ip net.IP) bool {
	return ip.IsLoopback() || ip.IsPrivate() || ip.IsLinkLocalUnicast() || ip.IsLinkLocalMulticast() ||
		ip.IsUnspecified() || ip.IsMulticast() || ip.IsInterfaceLocalMulticast() ||
		isCGNAT(ip)
}

func isCGNAT(ip net.IP) bool {
	ip4 := ip.To4()
	return ip4 != nil && ip4[0] == 100 && ip4[1]&0xc0 == 64
}

// addrDenied is a refused resolved address.
type addrDenied struct{ host, ip string }

func (a *addrDenied) Error() string {
	return fmt.Sprintf("address %s of %s is in a private or loopback range, which the policy denies", a.ip, a.host)
}

// transport builds the RoundTripper: the hook, or net/http with a dialer
// that checks the resolved address and connects to exactly that address
// (so a second DNS answer cannot swap in a private one).
func (p *Policy) transport() http.RoundTripper {
	if p.Transport != nil {
		return p.Transport
	}
	d := &net.Dialer{Timeout: 10 * time.Second}
	return &http.Transport{
		Proxy: nil,
		DialContext: func(ctx context.Context, network, addr string) (net.Conn, error) {
			host, port, err := net.SplitHostPort(addr)
			if err != nil {
				return nil, err
			}
			ips, err := net.DefaultResolver.LookupIPAddr(ctx, host)
			if err != nil {
				return nil, &resolveError{host}
			}
			var lastErr error
			for _, ip := range ips {
				if !p.AllowPrivate && blockedIP(ip.IP) {
					lastErr = &addrDenied{host, ip.IP.String()}
					continue
				}
				c, err := d.DialContext(ctx, network, net.JoinHostPort(ip.IP.String(), port))
				if err == nil {
					return c, nil
				}
				lastErr = err
			}
			if lastErr == nil {
				lastErr = &resolveError{host}
			}
			return nil, lastErr
		},
		TLSHandshakeTimeout:   10 * time.Second,
		ResponseHeaderTimeout: p.timeout(),
		MaxIdleConns:          2,
	}
}

type resolveError struct{ host string }

func (r *resolveError) Error() string { return "Could not resolve host: " + r.host }
