package curl

import (
	"fmt"
	"net/http"
)

// RoundTripper returns a transport for other sandbox components (js-exec's
// fetch) that applies this policy to every request it sends: the zero
// policy refuses all of them; otherwise the URL must match an allow rule
// with an allowed method, the rule's secret headers are added on a private
// copy of the request, and resolved addresses are checked as for curl.
// It never follows redirects itself, so each hop a client follows comes
// back through it and is checked again.
func (p Policy) RoundTripper() http.RoundTripper {
	pol := p
	return &policyTransport{p: &pol, next: pol.transport()}
}

// Client is an http.Client over RoundTripper that follows at most the
// policy's MaxRedirects (negative: none) within the policy's Timeout.
func (p Policy) Client() *http.Client {
	limit := p.maxRedirects()
	return &http.Client{
		Transport: p.RoundTripper(),
		Timeout:   p.timeout(),
		CheckRedirect: func(_ *http.Request, via []*http.Request) error {
			if len(via) > limit {
				return fmt.Errorf("maximum (%d) redirects followed", limit)
			}
			return nil
		},
	}
}

type policyTransport struct {
	p    *Policy
	next http.RoundTripper
}

func (t *policyTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	if !t.p.Enabled {
		closeBody(req)
		return nil, &denial{"network access is disabled in this sandbox"}
	}
	rule, u, err := t.p.check(req.Method, req.URL)
	if err != nil {
		closeBody(req)
		return nil, err
	}
	out := req.Clone(req.Context())
	out.URL = u
	for k, v := range rule.Headers {
		out.Header.Set(k, v)
	}
	return t.next.RoundTrip(out)
}

// CloseIdleConnections lets http.Client.CloseIdleConnections reach the
// underlying transport, so a finished run leaves no idle connection.
func (t *policyTransport) CloseIdleConnections() {
	if c, ok := t.next.(interface{ CloseIdleConnections() }); ok {
		c.CloseIdleConnections()
	}
}

func closeBody(req *http.Request) {
	if req.Body != nil {
		_ = req.Body.Close()
	}
}
