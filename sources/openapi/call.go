package openapi

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"net/url"
	"sort"
	"strings"
)

// maxResponse bounds how much of a response body is read.
const maxResponse = 16 << 20

// call builds the HTTP request for op from args, sends it and converts
// the response: JSON parsed, other types as a string, non-2xx as an error.
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
		return nil, fmt.Errorf("%s %s: %v", op.method, req.URL.Redacted(), err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(io.LimitReader(resp.Body, maxResponse))
	if err != nil {
		return nil, fmt.Errorf("%s %s: reading response: %v", op.method, req.URL.Redacted(), err)
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
	if len(bytes.TrimSpace(body)) == 0 {
		return nil, nil
	}
	if isJSON(resp.Header.Get("Content-Type")) && json.Valid(body) {
		return bytes.TrimSpace(body), nil
	}
	return json.Marshal(string(body))
}

func (s *Source) request(ctx context.Context, op *operation, args map[string]any) (*http.Request, error) {
	if s.base == "" {
		return nil, errors.New("no base URL: the spec has no servers; set baseUrl")
	}
	path := op.path
	query := url.Values{}
	header := http.Header{}
	var cookies []string
	for _, p := range op.params {
		v, ok := args[p.arg]
		if !ok || v == nil {
			if p.in == "path" {
				return nil, fmt.Errorf("missing path parameter %q", p.arg)
			}
			continue
		}
		switch p.in {
		case "path":
			path = strings.ReplaceAll(path, "{"+p.name+"}", url.PathEscape(scalar(v)))
		case "query":
			addQuery(query, p, v)
		case "header":
			header.Set(p.name, scalar(v))
		case "cookie":
			cookies = append(cookies, p.name+"="+url.QueryEscape(scalar(v)))
		}
	}
	for _, k := range sortedKeys(s.cfg.Query) {
		query.Set(k, s.cfg.Query[k])
	}
	u := s.base + path
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
	req, err := http.NewRequestWithContext(ctx, op.method, u, body)
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

func addQuery(q url.Values, p param, v any) {
	list, isList := v.([]any)
	if !isList {
		q.Add(p.name, scalar(v))
		return
	}
	if p.explode {
		for _, e := range list {
			q.Add(p.name, scalar(e))
		}
		return
	}
	parts := make([]string, len(list))
	for i, e := range list {
		parts[i] = scalar(e)
	}
	q.Add(p.name, strings.Join(parts, ","))
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
	bodyType := op.body.mediaTyp
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
			form.Set(k, scalar(obj[k]))
		}
		return strings.NewReader(form.Encode()), mt, nil
	}
	return strings.NewReader(scalar(v)), bodyType, nil
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
