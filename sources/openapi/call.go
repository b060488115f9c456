package openapi

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"mime/multipart"
	"net/http"
	"net/textproto"
	"net/url"
	"sort"
	"strconv"
	"strings"

	"github.com/justbash/justbash/toolcmd"
)

// maxResponse bounds how much of a response body is read.
const maxResponse = 16 << 20

// call builds the HTTP request for op from args, sends it and converts
// the response: JSON parsed, other types as a string, non-2xx as an error.
// When the caller asked for the response itself (toolcmd.WantsResponse:
// `--include` in bash, `$include: true` in JS), the result is
// {status, headers, body} plus next/prev/first/last from a Link header.
func (s *Source) call(ctx context.Context, op *operation, raw json.RawMessage) (json.RawMessage, error) {
	args := map[string]any{}
	if r := bytes.TrimSpace(raw); len(r) > 0 && string(r) != "null" {
		dec := json.NewDecoder(bytes.NewReader(r))
		dec.UseNumber()
		if err := dec.Decode(&args); err != nil {
			return nil, errors.New("arguments must be a JSON object")
		}
	}
	req, err := s.request(ctx, op, args)
	if err != nil {
		return nil, err
	}
	if s.cfg.Auth != nil {
		if err := s.cfg.Auth(req); err != nil {
			return nil, fmt.Errorf("auth: %v", err)
		}
	}
	resp, err := s.http.Do(req)
	if err != nil {
		return nil, fmt.Errorf("%s %s: %v", op.Method, req.URL.Redacted(), err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(io.LimitReader(resp.Body, maxResponse))
	if err != nil {
		return nil, fmt.Errorf("%s %s: reading response: %v", op.Method, req.URL.Redacted(), err)
	}
	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		text := strings.TrimSpace(string(body))
		if len(text) > 4000 {
			text = text[:4000] + "…"
		}
		if text == "" {
			return nil, fmt.Errorf("HTTP %s", resp.Status)
		}
		return nil, fmt.Errorf("HTTP %s: %s", resp.Status, text)
	}
	var value json.RawMessage
	switch {
	case len(bytes.TrimSpace(body)) == 0:
	case isJSON(resp.Header.Get("Content-Type")) && json.Valid(body):
		value = bytes.TrimSpace(body)
	default:
		value, _ = json.Marshal(string(body))
	}
	if toolcmd.WantsResponse(ctx) {
		return responseJSON(resp, value)
	}
	return value, nil
}

// responseJSON is the whole response: status, headers (lower-case names,
// repeated values joined by ", "), body, and the Link header's relations.
func responseJSON(resp *http.Response, body json.RawMessage) (json.RawMessage, error) {
	h := map[string]string{}
	for k, vs := range resp.Header {
		h[strings.ToLower(k)] = strings.Join(vs, ", ")
	}
	out := map[string]any{"status": resp.StatusCode, "headers": h}
	if len(body) > 0 {
		out["body"] = body
	} else {
		out["body"] = nil
	}
	for rel, u := range parseLink(resp.Header.Values("Link")) {
		switch rel {
		case "next", "prev", "first", "last":
			out[rel] = u
		}
	}
	return json.Marshal(out)
}

// parseLink reads RFC 8288 Link headers: `<url>; rel="next", <url>; rel="last"`.
func parseLink(values []string) map[string]string {
	out := map[string]string{}
	for _, v := range values {
		for _, part := range strings.Split(v, ",") {
			part = strings.TrimSpace(part)
			if !strings.HasPrefix(part, "<") {
				continue
			}
			end := strings.IndexByte(part, '>')
			if end < 0 {
				continue
			}
			u := part[1:end]
			for _, attr := range strings.Split(part[end+1:], ";") {
				k, val, ok := strings.Cut(strings.TrimSpace(attr), "=")
				if ok && strings.EqualFold(strings.TrimSpace(k), "rel") {
					for _, rel := range strings.Fields(strings.Trim(strings.TrimSpace(val), `"`)) {
						out[strings.ToLower(rel)] = u
					}
				}
			}
		}
	}
	return out
}

func (s *Source) request(ctx context.Context, op *operation, args map[string]any) (*http.Request, error) {
	base := s.base
	if op.Base != "" && (strings.HasPrefix(op.Base, "http://") || strings.HasPrefix(op.Base, "https://")) {
		base = op.Base // an operation's own server (GitHub's uploads host)
	}
	if base == "" {
		return nil, errors.New("no base URL: the spec has no servers; set baseUrl")
	}
	path := op.Path
	query := url.Values{}
	header := http.Header{}
	var cookies []string
	for _, p := range op.Params {
		v, ok := args[p.Arg]
		if !ok || v == nil {
			if p.In == "path" {
				return nil, fmt.Errorf("missing path parameter %q", p.Arg)
			}
			continue
		}
		switch p.In {
		case "path":
			path = strings.ReplaceAll(path, "{"+p.Name+"}", url.PathEscape(scalar(v)))
		case "query":
			addValue(query, p, v)
		case "header":
			header.Set(p.Name, scalar(v))
		case "cookie":
			cookies = append(cookies, p.Name+"="+url.QueryEscape(scalar(v)))
		}
	}
	for _, k := range sortedKeys(s.cfg.Query) {
		if _, explicit := query[k]; !explicit {
			query.Set(k, s.cfg.Query[k])
		}
	}
	u := base + path
	if len(query) > 0 {
		u += "?" + query.Encode()
	}
	bodyVal, hasBody, err := op.buildBody(args)
	if err != nil {
		return nil, err
	}
	body, ctype, err := encodeBody(op, bodyVal, hasBody)
	if err != nil {
		return nil, err
	}
	req, err := http.NewRequestWithContext(ctx, op.Method, u, body)
	if err != nil {
		return nil, fmt.Errorf("bad request URL %q: %v", u, err)
	}
	for k, vs := range header {
		req.Header[k] = vs
	}
	for _, k := range sortedKeys(s.cfg.Headers) {
		req.Header.Set(k, s.cfg.Headers[k])
	}
	if len(cookies) > 0 {
		req.Header.Set("Cookie", strings.Join(cookies, "; "))
	}
	if ctype != "" {
		req.Header.Set("Content-Type", ctype)
	}
	if req.Header.Get("Accept") == "" {
		req.Header.Set("Accept", "application/json, */*;q=0.5")
	}
	return req, nil
}

// addValue serialises one query or form value by its style and explode
// (OpenAPI 3 "Style Values"): arrays repeat the key when exploded, else
// join with ",", " " or "|"; deepObject gives key[sub]=v (arrays
// key[0]=v); an exploded object spreads its properties as keys.
func addValue(q url.Values, p param, v any) {
	switch x := v.(type) {
	case []any:
		if p.Style == "deepObject" {
			deepObject(q, p.Name, x, 0)
			return
		}
		if p.Explode {
			for _, e := range x {
				q.Add(p.Name, scalar(e))
			}
			return
		}
		sep := ","
		switch p.Style {
		case "spaceDelimited":
			sep = " "
		case "pipeDelimited":
			sep = "|"
		}
		parts := make([]string, len(x))
		for i, e := range x {
			parts[i] = scalar(e)
		}
		q.Add(p.Name, strings.Join(parts, sep))
	case map[string]any:
		switch {
		case p.Style == "deepObject":
			deepObject(q, p.Name, x, 0)
		case p.Explode:
			for _, k := range sortedKeys(x) {
				q.Add(k, scalar(x[k]))
			}
		default:
			var parts []string
			for _, k := range sortedKeys(x) {
				parts = append(parts, k, scalar(x[k]))
			}
			q.Add(p.Name, strings.Join(parts, ","))
		}
	default:
		q.Add(p.Name, scalar(v))
	}
}

// deepObject writes nested values as key[a][b]=v, arrays indexed.
func deepObject(q url.Values, key string, v any, depth int) {
	if depth > 16 {
		q.Add(key, scalar(v))
		return
	}
	switch x := v.(type) {
	case map[string]any:
		for _, k := range sortedKeys(x) {
			deepObject(q, key+"["+k+"]", x[k], depth+1)
		}
	case []any:
		for i, e := range x {
			deepObject(q, key+"["+strconv.Itoa(i)+"]", e, depth+1)
		}
	default:
		q.Add(key, scalar(v))
	}
}

// scalar renders a parameter value: strings as they are, numbers and
// booleans in JSON form, objects and arrays as JSON.
func scalar(v any) string {
	if s, ok := v.(string); ok {
		return s
	}
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprint(v)
	}
	return string(b)
}

func encodeBody(op *operation, v any, has bool) (io.Reader, string, error) {
	if !has {
		return nil, "", nil
	}
	bodyType := op.Body.MediaType
	mt, _, _ := mime.ParseMediaType(bodyType)
	switch {
	case isJSON(bodyType) || mt == "":
		b, err := json.Marshal(v)
		if err != nil {
			return nil, "", fmt.Errorf("encode body: %v", err)
		}
		ctype := bodyType
		if ctype == "" || ctype == "*/*" {
			ctype = "application/json"
		}
		return bytes.NewReader(b), ctype, nil
	case mt == "application/x-www-form-urlencoded":
		obj, ok := v.(map[string]any)
		if !ok {
			return nil, "", errors.New("body must be an object for a form-encoded request")
		}
		form := url.Values{}
		for _, k := range sortedKeys(obj) {
			addValue(form, op.Body.encodingOf(k), obj[k])
		}
		return strings.NewReader(form.Encode()), mt, nil
	case mt == "multipart/form-data":
		obj, ok := v.(map[string]any)
		if !ok {
			return nil, "", errors.New("body must be an object for a multipart request")
		}
		return multipartBody(obj)
	}
	// Text, bytes and anything else: a string is sent as it is.
	return strings.NewReader(scalar(v)), bodyType, nil
}

// encodingOf is a form property's encoding: the spec's, else form style,
// exploded (arrays as repeated keys).
func (b *bodySpec) encodingOf(name string) param {
	if p, ok := b.Encoding[name]; ok {
		p.Name = name
		return p
	}
	return param{Name: name, Style: "form", Explode: true}
}

// multipartBody writes one part per property; arrays of scalars give one
// part per element, objects are sent as JSON parts.
func multipartBody(obj map[string]any) (io.Reader, string, error) {
	var buf bytes.Buffer
	w := multipart.NewWriter(&buf)
	for _, k := range sortedKeys(obj) {
		vals := []any{obj[k]}
		if l, ok := obj[k].([]any); ok && allScalar(l) {
			vals = l
		}
		for _, v := range vals {
			h := textproto.MIMEHeader{}
			h.Set("Content-Disposition", fmt.Sprintf(`form-data; name="%s"`, strings.NewReplacer(`"`, "%22", "\r", "", "\n", "").Replace(k)))
			switch v.(type) {
			case map[string]any, []any:
				h.Set("Content-Type", "application/json")
			}
			pw, err := w.CreatePart(h)
			if err != nil {
				return nil, "", err
			}
			io.WriteString(pw, scalar(v))
		}
	}
	if err := w.Close(); err != nil {
		return nil, "", err
	}
	return &buf, w.FormDataContentType(), nil
}

func allScalar(l []any) bool {
	for _, e := range l {
		switch e.(type) {
		case map[string]any, []any:
			return false
		}
	}
	return true
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
