package curl

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"mime/multipart"
	"net"
	"net/http"
	"net/url"
	"os"
	"path"
	"strings"
	"time"

	"github.com/justbash/justbash/commands"
)

// Exit statuses used by curl.
const (
	exitUsage     = 2
	exitURL       = 3
	exitResolve   = 6
	exitConnect   = 7
	exitHTTP      = 22
	exitWrite     = 23
	exitRead      = 26
	exitTimeout   = 28
	exitRedirects = 47
	exitTooLarge  = 63
)

// New returns curl bound to a policy; the zero Policy disables it.
func New(p Policy) commands.Command {
	pol := p
	return commands.Func(func(ctx context.Context, c *commands.Context) int {
		r := &run{ctx: ctx, c: c, p: &pol}
		return r.main()
	})
}

type run struct {
	ctx context.Context
	c   *commands.Context
	p   *Policy
	o   *opts
}

// fail prints "curl: (N) msg" unless -s without -S, and returns N.
func (r *run) fail(code int, format string, args ...any) int {
	if r.o == nil || !r.o.silent || r.o.showErr {
		fmt.Fprintf(r.c.Stderr, "curl: (%d) %s\n", code, fmt.Sprintf(format, args...))
	}
	return code
}

func (r *run) main() int {
	args := r.c.Args[1:]
	for _, a := range args {
		if a == "--help" || a == "-h" {
			fmt.Fprint(r.c.Stdout, "Usage: curl [options...] <url>\n")
			return 0
		}
	}
	o, err := parseOpts(args)
	if err != nil {
		fmt.Fprintf(r.c.Stderr, "curl: %s\ncurl: try 'curl --help' for more information\n", err)
		return exitUsage
	}
	r.o = o
	if !r.p.Enabled {
		return r.fail(exitConnect, "network access is disabled in this sandbox")
	}
	req, code := r.buildRequest()
	if code != 0 {
		return code
	}
	return r.transfer(req)
}

// buildRequest turns the options into the first request.
func (r *run) buildRequest() (*http.Request, int) {
	raw := r.o.url
	if !strings.Contains(raw, "://") {
		raw = "http://" + raw
	}
	u, err := url.Parse(raw)
	if err == nil && u.Scheme != "http" && u.Scheme != "https" {
		_, _, derr := r.p.check("GET", u)
		return nil, r.classify(derr, u)
	}
	if err != nil || u.Host == "" {
		return nil, r.fail(exitURL, "URL rejected: Malformed input to a URL function")
	}
	body, ctype, code := r.body()
	if code != 0 {
		return nil, code
	}
	method := "GET"
	switch {
	case r.o.head:
		method = "HEAD"
	case r.o.get && body != nil:
		q := string(body)
		if u.RawQuery != "" {
			q = u.RawQuery + "&" + q
		}
		u.RawQuery, body, ctype = q, nil, ""
	case body != nil:
		method = "POST"
	}
	if r.o.method != "" {
		method = strings.ToUpper(r.o.method)
	}
	var rd io.Reader
	if body != nil {
		rd = bytes.NewReader(body)
	}
	req, err := http.NewRequest(method, u.String(), rd)
	if err != nil {
		return nil, r.fail(exitURL, "URL rejected: %s", err)
	}
	r.setHeaders(req, ctype)
	return req, 0
}

func (r *run) setHeaders(req *http.Request, ctype string) {
	req.Header.Set("User-Agent", "curl/8.5.0")
	req.Header.Set("Accept", "*/*")
	if ctype != "" {
		req.Header.Set("Content-Type", ctype)
	}
	if r.o.jsonBody {
		req.Header.Set("Accept", "application/json")
	}
	if r.o.agent != "" {
		req.Header.Set("User-Agent", r.o.agent)
	}
	if r.o.referer != "" {
		req.Header.Set("Referer", r.o.referer)
	}
	if r.o.user != "" {
		user, pass, _ := strings.Cut(r.o.user, ":")
		req.SetBasicAuth(user, pass)
	}
	if r.o.cookie != "" {
		r.setCookie(req)
	}
	for _, h := range r.o.headers {
		name, val, ok := strings.Cut(h, ":")
		name = strings.TrimSpace(name)
		if !ok {
			if n, isEmpty := strings.CutSuffix(name, ";"); isEmpty {
				req.Header.Set(n, "")
			}
			continue
		}
		val = strings.TrimSpace(val)
		if val == "" {
			req.Header.Del(name) // "-H 'Accept:'" removes a header
			continue
		}
		if strings.EqualFold(name, "Host") {
			req.Host = val
			continue
		}
		req.Header.Set(name, val)
	}
}

// setCookie takes "-b name=value" text, or a cookie file in the sandbox.
func (r *run) setCookie(req *http.Request) {
	if strings.Contains(r.o.cookie, "=") {
		req.Header.Set("Cookie", r.o.cookie)
		return
	}
	data, err := r.readFile(r.o.cookie)
	if err != nil {
		return
	}
	var parts []string
	for _, line := range strings.Split(string(data), "\n") {
		f := strings.Split(line, "\t")
		if len(f) == 7 && !strings.HasPrefix(line, "#") {
			parts = append(parts, f[5]+"="+f[6])
		}
	}
	if len(parts) > 0 {
		req.Header.Set("Cookie", strings.Join(parts, "; "))
	}
}

func (r *run) readFile(name string) ([]byte, error) {
	if name == "-" {
		if r.c.Stdin == nil {
			return nil, nil
		}
		return io.ReadAll(r.c.Stdin)
	}
	f, err := r.c.OpenRead(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return io.ReadAll(f)
}

// body assembles -d/--data-*/--json/-F into the request body.
func (r *run) body() ([]byte, string, int) {
	if len(r.o.forms) > 0 {
		return r.multipart()
	}
	if !r.o.hasData {
		return nil, "", 0
	}
	var parts []string
	for _, d := range r.o.data {
		switch {
		case strings.HasPrefix(d, "\x00raw"):
			parts = append(parts, d[4:])
		case strings.HasPrefix(d, "\x00bin@"):
			b, err := r.readFile(d[5:])
			if err != nil {
				return nil, "", r.fail(exitRead, "Failed to open %s", d[5:])
			}
			parts = append(parts, string(b))
		case strings.HasPrefix(d, "\x00bin"):
			parts = append(parts, d[4:])
		case strings.HasPrefix(d, "@"):
			b, err := r.readFile(d[1:])
			if err != nil {
				return nil, "", r.fail(exitRead, "Failed to open %s", d[1:])
			}
			parts = append(parts, strings.NewReplacer("\r", "", "\n", "").Replace(string(b)))
		default:
			parts = append(parts, d)
		}
	}
	sep := "&"
	ctype := "application/x-www-form-urlencoded"
	if r.o.jsonBody {
		sep, ctype = "", "application/json"
	}
	return []byte(strings.Join(parts, sep)), ctype, 0
}

func (r *run) multipart() ([]byte, string, int) {
	var buf bytes.Buffer
	mw := multipart.NewWriter(&buf)
	for _, f := range r.o.forms {
		name, val, ok := strings.Cut(f, "=")
		if !ok {
			return nil, "", r.fail(exitUsage, "-F: illegal form field %q", f)
		}
		if file, isFile := strings.CutPrefix(val, "@"); isFile {
			file, _, _ = strings.Cut(file, ";")
			data, err := r.readFile(file)
			if err != nil {
				return nil, "", r.fail(exitRead, "Failed to open/read local data from file/application")
			}
			w, _ := mw.CreateFormFile(name, path.Base(file))
			w.Write(data)
			continue
		}
		if file, isFile := strings.CutPrefix(val, "<"); isFile {
			data, err := r.readFile(file)
			if err != nil {
				return nil, "", r.fail(exitRead, "Failed to open/read local data from file/application")
			}
			val = string(data)
		}
		mw.WriteField(name, val)
	}
	mw.Close()
	return buf.Bytes(), mw.FormDataContentType(), 0
}

// classify maps a transport error to curl's status and message.
func (r *run) classify(err error, u *url.URL) int {
	var d *denial
	var ad *addrDenied
	var re *resolveError
	var ne net.Error
	switch {
	case errors.As(err, &d):
		return r.fail(exitConnect, "access denied by the sandbox network policy: %s", d.msg)
	case errors.As(err, &ad):
		return r.fail(exitConnect, "access denied by the sandbox network policy: %s", ad)
	case errors.As(err, &re):
		return r.fail(exitResolve, "%s", re)
	case errors.Is(err, context.DeadlineExceeded), errors.As(err, &ne) && ne.Timeout():
		return r.fail(exitTimeout, "Operation timed out after %d milliseconds", r.timeout().Milliseconds())
	}
	return r.fail(exitConnect, "Failed to connect to %s port %s: %s", u.Hostname(), portOf(u), errText(err))
}

func errText(err error) string {
	var oe *net.OpError
	if errors.As(err, &oe) && oe.Err != nil {
		return oe.Err.Error()
	}
	return err.Error()
}

func portOf(u *url.URL) string {
	if p := u.Port(); p != "" {
		return p
	}
	if u.Scheme == "https" {
		return "443"
	}
	return "80"
}

func (r *run) timeout() time.Duration {
	t := r.p.timeout()
	if r.o.maxTime > 0 {
		if mt := time.Duration(r.o.maxTime * float64(time.Second)); mt < t {
			t = mt
		}
	}
	return t
}

// openOutput is stdout, -o FILE or -O (the last URL path segment).
func (r *run) openOutput(u *url.URL) (io.WriteCloser, int) {
	name := r.o.output
	if r.o.remoteName && name == "" {
		name = path.Base(u.Path)
		if name == "/" || name == "." || name == "" {
			return nil, r.fail(exitWrite, "Remote file name has no length")
		}
	}
	if name == "" || name == "-" {
		return nopCloser{r.c.Stdout}, 0
	}
	f, err := r.c.OpenWrite(name, os.O_WRONLY|os.O_CREATE|os.O_TRUNC)
	if err != nil {
		return nil, r.fail(exitWrite, "Failure writing output to destination: %s: %s", name, commands.ErrText(err))
	}
	return f, 0
}

type nopCloser struct{ io.Writer }

func (nopCloser) Close() error { return nil }
