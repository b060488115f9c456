package jsexec

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"net/http"
	"unicode/utf16"

	"github.com/dop251/goja"
)

// maxFetchBody bounds a response body read into the VM.
const maxFetchBody = 10 << 20

// fetch performs a request through RunOptions.Network (curl's policy:
// allow-list, secret headers, private-range denial, and the same checks on
// every redirect hop). It is only bound when a policy is set.
func (r *rt) fetch(c goja.FunctionCall) goja.Value {
	p, resolve, reject := r.vm.NewPromise()
	rawURL, method := c.Argument(0).String(), c.Argument(1).String()
	var headers [][]string
	_ = r.vm.ExportTo(c.Argument(2), &headers)
	var body []byte
	if !goja.IsUndefined(c.Argument(3)) {
		body = r.bytesArg(c.Argument(3))
	}
	redirect := c.Argument(4).String()
	client := r.fetchClient(redirect)
	limit := int64(maxFetchBody)
	if n := r.opts.Network.MaxResponseBytes; n > 0 {
		limit = min(limit, n)
	}
	ctx := r.ctx
	r.goAsync(func() func() {
		fail := func(err error) func() {
			return func() { _ = reject(r.vm.NewTypeError("fetch failed: " + err.Error())) }
		}
		req, err := http.NewRequestWithContext(ctx, method, rawURL, bytes.NewReader(body))
		if err != nil {
			return fail(err)
		}
		for _, h := range headers {
			if len(h) == 2 {
				req.Header.Add(h[0], h[1])
			}
		}
		resp, err := client.Do(req)
		if err != nil {
			return fail(err)
		}
		defer resp.Body.Close()
		data, err := io.ReadAll(io.LimitReader(resp.Body, limit+1))
		if err == nil && int64(len(data)) > limit {
			err = fmt.Errorf("response body larger than %d bytes", limit)
		}
		if err != nil {
			return fail(err)
		}
		return func() { _ = resolve(r.responseObject(resp, data, rawURL)) }
	})
	return r.vm.ToValue(p)
}

// fetchClient is the run's client for one redirect mode: "follow" (the
// policy's client), "manual" (the 3xx response itself) or "error".
func (r *rt) fetchClient(mode string) *http.Client {
	if r.httpClient == nil {
		r.httpClient = r.opts.Network.Client()
	}
	switch mode {
	case "manual", "error":
		c := *r.httpClient
		c.CheckRedirect = func(*http.Request, []*http.Request) error {
			if mode == "error" {
				return errors.New("redirect mode is set to error")
			}
			return http.ErrUseLastResponse
		}
		return &c
	}
	return r.httpClient
}

func (r *rt) responseObject(resp *http.Response, data []byte, rawURL string) *goja.Object {
	var hs [][]string
	for k, vs := range resp.Header {
		for _, v := range vs {
			hs = append(hs, []string{k, v})
		}
	}
	final := rawURL
	if resp.Request != nil && resp.Request.URL != nil {
		final = resp.Request.URL.String()
	}
	o := r.vm.NewObject()
	_ = o.Set("status", resp.StatusCode)
	_ = o.Set("statusText", http.StatusText(resp.StatusCode))
	_ = o.Set("headers", hs)
	_ = o.Set("url", final)
	_ = o.Set("redirected", final != rawURL)
	_ = o.Set("body", r.newArrayBuffer(data))
	return o
}

func utf16Units(s string) []uint16 { return utf16.Encode([]rune(s)) }

func utf16String(us []uint16) string { return string(utf16.Decode(us)) }
