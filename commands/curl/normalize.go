package curl

import (
	"fmt"
	"net/url"
	"strings"
)

// A policy matches URL prefixes, but servers act on the path they decode:
// "/allowed/../admin" or "/allowed/%2E%2E/admin" start with "/allowed/"
// and still reach /admin, carrying the secret headers of the allowed
// prefix. So, before matching, a URL is brought to one canonical form:
// paths a server could read in more than one way are refused (encoded
// "/", "\\" or "." and NUL, literal "\\"), percent-encoding is made
// canonical, and "." and ".." segments are resolved as RFC 3986 §5.2.4
// says (curl does the same by default). The request then carries that
// canonical path, so what the server gets is what was matched.

// ambiguous are the path spellings refused outright (compared lowercase).
var ambiguous = []string{"%2f", "%5c", "%2e", "%00", `\`}

func canonical(u *url.URL) (*url.URL, error) {
	if u.Opaque != "" {
		return nil, &denial{fmt.Sprintf("URL %s has an opaque path, which the policy cannot match", redact(u))}
	}
	raw := strings.ToLower(u.EscapedPath())
	for _, bad := range ambiguous {
		if strings.Contains(raw, bad) {
			return nil, &denial{fmt.Sprintf("URL %s has an ambiguous path (%q), which the policy refuses", redact(u), bad)}
		}
	}
	// With those gone, decoding is unambiguous, and re-encoding the decoded
	// path gives the one canonical spelling.
	clean := removeDotSegments((&url.URL{Path: u.Path}).EscapedPath())
	path, err := url.PathUnescape(clean)
	if err != nil {
		return nil, &denial{fmt.Sprintf("URL %s has a malformed path", redact(u))}
	}
	c := *u
	c.Path, c.RawPath = path, ""
	if c.EscapedPath() != clean {
		c.RawPath = clean
	}
	return &c, nil
}

// removeDotSegments resolves "." and ".." in an absolute path; ".." never
// climbs above the root.
func removeDotSegments(p string) string {
	if !strings.Contains(p, ".") {
		return p
	}
	segs := strings.Split(p, "/")
	out := make([]string, 0, len(segs))
	for i, s := range segs {
		last := i == len(segs)-1
		switch s {
		case ".":
		case "..":
			if len(out) > 1 {
				out = out[:len(out)-1]
			}
		default:
			out = append(out, s)
			continue
		}
		if last {
			out = append(out, "") // "/a/." and "/a/b/.." name a directory
		}
	}
	if len(out) == 0 || out[0] != "" {
		out = append([]string{""}, out...)
	}
	if len(out) == 1 {
		return "/"
	}
	return strings.Join(out, "/")
}
