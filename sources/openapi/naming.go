package openapi

import (
	"regexp"
	"strings"
	"sync"
	"unicode"
)

var versionSeg = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^[vV]\d+([._-]\d+)*$`) })

// skipSeg reports whether a path segment says nothing about the resource.
func skipSeg(seg string) bool {
	switch strings.ToLower(seg) {
	case "", "api", "rest":
		return true
	}
	return versionSeg().MatchString(seg) || strings.HasPrefix(seg, "{")
}

// Group is the middle segment of an operation's tool path: the first
// meaningful URL segment, else the first tag, else "root".
func Group(path string, tags []string) string {
	for _, seg := range strings.Split(path, "/") {
		if !skipSeg(seg) {
			return Segment(seg)
		}
	}
	if len(tags) > 0 && Segment(tags[0]) != "" {
		return Segment(tags[0])
	}
	return "root"
}

// Segment replaces each run of characters a tool-path segment cannot hold
// with "_" (trimmed at the ends).
func Segment(s string) string {
	var b strings.Builder
	pending := false
	for _, r := range s {
		if unicode.IsLetter(r) || unicode.IsDigit(r) || r == '-' || r == '_' {
			if pending && b.Len() > 0 {
				b.WriteByte('_')
			}
			pending = false
			b.WriteRune(r)
			continue
		}
		pending = true
	}
	return strings.TrimLeft(b.String(), "-")
}

// DerivedID names an operation without an operationId from its method and
// path: GET /pets/{petId}/toys → "getPetsByPetIdToys".
func DerivedID(method, path string) string {
	var b strings.Builder
	b.WriteString(strings.ToLower(method))
	for _, seg := range strings.Split(path, "/") {
		if seg == "" {
			continue
		}
		if strings.HasPrefix(seg, "{") && strings.HasSuffix(seg, "}") {
			b.WriteString("By")
			seg = seg[1 : len(seg)-1]
		}
		b.WriteString(titleWords(seg))
	}
	return b.String()
}

// titleWords capitalises each alphanumeric word and drops the rest:
// "pet-toys" → "PetToys".
func titleWords(s string) string {
	var b strings.Builder
	up := true
	for _, r := range s {
		if !unicode.IsLetter(r) && !unicode.IsDigit(r) {
			up = true
			continue
		}
		if up {
			r = unicode.ToUpper(r)
			up = false
		}
		b.WriteRune(r)
	}
	return b.String()
}

// Leaf is the last path segment of an operation's tool.
func Leaf(operationID, method, path string) string {
	if id := Segment(operationID); id != "" {
		return id
	}
	return DerivedID(method, path)
}
