package jsexec

import (
	"bytes"
	"errors"
	"io"
	"net/http"
	"unicode/utf16"

	"github.com/dop251/goja"
)

// maxFetchBody bounds a response body read into the VM.
const maxFetchBody = 10 << 20

// fetch performs a request through RunOptions.Fetch (the shell's network
// policy). Without one the promise rejects: the sandbox has no network.
func (r *rt) fetch(c goja.FunctionCall) goja.Value {
	p, resolve, reject := r.vm.NewPromise()
	rtp := r.opts.Fetch
	if rtp == nil {
		_ = reject(r.vm.NewTypeError("fetch failed: network access is disabled in this sandbox (no network policy configured)"))
		return r.vm.ToValue(p)
	}
	rawURL, method := c.Argument(0).String(), c.Argument(1).String()
	var headers [][]string
	_ = r.vm.ExportTo(c.Argument(2), &headers)
	var body []byte
	if !goja.IsUndefined(c.Argument(3)) {
		body = r.bytesArg(c.Argument(3))
	}
	ctx := r.ctx
	r.goAsync(func() func() {
		req, err := http.NewRequestWithContext(ctx, method, rawURL, bytes.NewReader(body))
		if err != nil {
			return func() { _ = reject(r.vm.NewTypeError("fetch failed: " + err.Error())) }
		}
		for _, h := range headers {
			if len(h) == 2 {
				req.Header.Add(h[0], h[1])
			}
		}
		resp, err := rtp.RoundTrip(req)
		if err != nil {
			return func() { _ = reject(r.vm.NewTypeError("fetch failed: " + err.Error())) }
		}
		defer resp.Body.Close()
		data, err := io.ReadAll(io.LimitReader(resp.Body, maxFetchBody+1))
		if err == nil && len(data) > maxFetchBody {
			err = errors.New("response body larger than 10 MiB")
		}
		if err != nil {
			return func() { _ = reject(r.vm.NewTypeError("fetch failed: " + err.Error())) }
		}
		return func() {
			var hs [][]string
			for k, vs := range resp.Header {
				for _, v := range vs {
					hs = append(hs, []string{k, v})
				}
			}
			o := r.vm.NewObject()
			_ = o.Set("status", resp.StatusCode)
			_ = o.Set("statusText", http.StatusText(resp.StatusCode))
			_ = o.Set("headers", hs)
			_ = o.Set("url", rawURL)
			_ = o.Set("body", r.vm.NewArrayBuffer(data))
			_ = resolve(o)
		}
	})
	return r.vm.ToValue(p)
}

func utf16Units(s string) []uint16 { return utf16.Encode([]rune(s)) }

func utf16String(us []uint16) string { return string(utf16.Decode(us)) }
