package curl

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"sort"
	"strings"
	"time"
)

// transfer sends req, following redirects by hand so every hop is checked
// against the policy and gets only its own rule's injected headers.
func (r *run) transfer(req *http.Request) int {
	ctx, cancel := context.WithTimeout(r.ctx, r.timeout())
	defer cancel()
	client := &http.Client{
		Transport:     r.p.transport(),
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
	}
	var body []byte
	if req.Body != nil {
		body, _ = io.ReadAll(req.Body)
	}
	start := time.Now()
	hops := 0
	limit := min(r.o.maxRedirs, r.p.maxRedirects())
	for {
		rule, u, err := r.p.check(req.Method, req.URL)
		if err != nil {
			return r.classify(err, req.URL)
		}
		req.URL = u
		resp, err := r.send(ctx, client, req, rule, body)
		if err != nil {
			return r.classify(err, req.URL)
		}
		next := r.redirectTarget(resp)
		if next == nil || !r.o.follow {
			return r.finish(resp, req, hops, start)
		}
		resp.Body.Close()
		if r.o.include {
			r.writeHead(r.c.Stdout, resp)
		}
		hops++
		if r.o.maxRedirs >= 0 && hops > limit {
			return r.fail(exitRedirects, "Maximum (%d) redirects followed", limit)
		}
		req, body = r.redirect(req, resp.StatusCode, next, body)
	}
}

// send makes one request with the rule's secret headers on a private copy.
func (r *run) send(ctx context.Context, client *http.Client, req *http.Request, rule *Rule, body []byte) (*http.Response, error) {
	out := req.Clone(ctx)
	if body != nil {
		out.Body = io.NopCloser(bytes.NewReader(body))
		out.ContentLength = int64(len(body))
	}
	if r.o.verbose {
		r.verboseRequest(out)
	}
	for k, v := range rule.Headers {
		out.Header.Set(k, v)
	}
	return client.Do(out)
}

func (r *run) redirectTarget(resp *http.Response) *url.URL {
	switch resp.StatusCode {
	case 301, 302, 303, 307, 308:
	default:
		return nil
	}
	loc := resp.Header.Get("Location")
	if loc == "" {
		return nil
	}
	u, err := resp.Request.URL.Parse(loc)
	if err != nil {
		return nil
	}
	return u
}

// redirect builds the next hop: 301-303 turn a POST into a GET without a
// body; credentials set by the user are dropped when the host changes.
func (r *run) redirect(prev *http.Request, status int, next *url.URL, body []byte) (*http.Request, []byte) {
	method := prev.Method
	if (status == 301 || status == 302 || status == 303) && method == "POST" && r.o.method == "" {
		method, body = "GET", nil
	}
	req, _ := http.NewRequest(method, next.String(), nil)
	req.Header = prev.Header.Clone()
	if body == nil {
		req.Header.Del("Content-Type")
	}
	if !strings.EqualFold(hostPort(prev.URL), hostPort(next)) {
		req.Header.Del("Authorization")
		req.Header.Del("Cookie")
	}
	return req, body
}

// finish writes the final response: headers with -i/-I, the body (capped
// by the policy), then -w.
func (r *run) finish(resp *http.Response, req *http.Request, hops int, start time.Time) int {
	defer resp.Body.Close()
	if r.o.verbose {
		fmt.Fprintf(r.c.Stderr, "< %s %s\n", resp.Proto, resp.Status)
		for _, k := range sortedKeys(resp.Header) {
			for _, v := range resp.Header[k] {
				fmt.Fprintf(r.c.Stderr, "< %s: %s\n", k, v)
			}
		}
		fmt.Fprint(r.c.Stderr, "<\n")
	}
	if r.o.fail && resp.StatusCode >= 400 {
		return r.fail(exitHTTP, "The requested URL returned error: %d", resp.StatusCode)
	}
	max := r.p.maxBytes()
	if resp.ContentLength > max {
		return r.fail(exitTooLarge, "Maximum file size exceeded (policy limit %d bytes)", max)
	}
	w, code := r.openOutput(req.URL)
	if code != 0 {
		return code
	}
	defer w.Close()
	if r.o.include || r.o.head {
		r.writeHead(w, resp)
	}
	n, err := io.Copy(w, io.LimitReader(resp.Body, max))
	if err != nil {
		return r.classify(err, req.URL)
	}
	if n == max {
		if extra, _ := resp.Body.Read(make([]byte, 1)); extra > 0 {
			return r.fail(exitTooLarge, "Maximum file size exceeded (policy limit %d bytes)", max)
		}
	}
	r.saveCookies(resp)
	if r.o.writeOut != "" {
		fmt.Fprint(r.c.Stdout, r.expandWriteOut(resp, req, n, hops, time.Since(start)))
	}
	return 0
}

func (r *run) writeHead(w io.Writer, resp *http.Response) {
	fmt.Fprintf(w, "%s %s\r\n", resp.Proto, resp.Status)
	for _, k := range sortedKeys(resp.Header) {
		for _, v := range resp.Header[k] {
			fmt.Fprintf(w, "%s: %s\r\n", strings.ToLower(k), v)
		}
	}
	fmt.Fprint(w, "\r\n")
}

func sortedKeys(h http.Header) []string {
	keys := make([]string, 0, len(h))
	for k := range h {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// verboseRequest shows what the sandbox asked for; injected headers are
// added afterwards and so never appear.
func (r *run) verboseRequest(req *http.Request) {
	fmt.Fprintf(r.c.Stderr, "> %s %s HTTP/1.1\n> Host: %s\n", req.Method, req.URL.RequestURI(), req.URL.Host)
	for _, k := range sortedKeys(req.Header) {
		for _, v := range req.Header[k] {
			fmt.Fprintf(r.c.Stderr, "> %s: %s\n", k, v)
		}
	}
	fmt.Fprint(r.c.Stderr, ">\n")
}

func (r *run) expandWriteOut(resp *http.Response, req *http.Request, n int64, hops int, d time.Duration) string {
	vars := map[string]string{
		"http_code":     fmt.Sprintf("%03d", resp.StatusCode),
		"response_code": fmt.Sprintf("%03d", resp.StatusCode),
		"url_effective": req.URL.String(),
		"size_download": fmt.Sprint(n),
		"content_type":  resp.Header.Get("Content-Type"),
		"num_redirects": fmt.Sprint(hops),
		"time_total":    fmt.Sprintf("%.6f", d.Seconds()),
		"method":        req.Method,
	}
	s := strings.NewReplacer(`\n`, "\n", `\t`, "\t", `\r`, "\r").Replace(r.o.writeOut)
	var b strings.Builder
	for {
		i := strings.Index(s, "%{")
		if i < 0 {
			b.WriteString(s)
			return b.String()
		}
		j := strings.IndexByte(s[i:], '}')
		if j < 0 {
			b.WriteString(s)
			return b.String()
		}
		b.WriteString(s[:i])
		name := s[i+2 : i+j]
		if v, ok := vars[name]; ok {
			b.WriteString(v)
		} else if h, ok := strings.CutPrefix(name, "header."); ok {
			b.WriteString(resp.Header.Get(h))
		}
		s = s[i+j+1:]
	}
}

// saveCookies writes -c's jar in the Netscape format curl uses.
func (r *run) saveCookies(resp *http.Response) {
	if r.o.jar == "" {
		return
	}
	var b strings.Builder
	b.WriteString("# Netscape HTTP Cookie File\n")
	for _, ck := range resp.Cookies() {
		p := ck.Path
		if p == "" {
			p = "/"
		}
		fmt.Fprintf(&b, "%s\tFALSE\t%s\t%s\t%d\t%s\t%s\n", resp.Request.URL.Hostname(), p,
			strings.ToUpper(fmt.Sprint(ck.Secure)), ck.Expires.Unix()*boolInt(!ck.Expires.IsZero()), ck.Name, ck.Value)
	}
	if w, code := r.openOutputName(r.o.jar); code == 0 {
		io.WriteString(w, b.String())
		w.Close()
	}
}

func boolInt(b bool) int64 {
	if b {
		return 1
	}
	return 0
}

func (r *run) openOutputName(name string) (io.WriteCloser, int) {
	saved := r.o.output
	r.o.output = name
	defer func() { r.o.output = saved }()
	return r.openOutput(&url.URL{})
}
