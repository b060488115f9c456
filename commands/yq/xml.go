package yq

import (
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"strings"
)

// XML follows yq's mapping: an element is a key; repeated child elements
// make an array; attributes are keys prefixed "+@"; the text of an element
// that also has attributes or children sits under "+content"; an element
// with only text is that string (all XML values stay strings). Comments,
// processing instructions and directives are dropped.
const (
	xmlAttrPrefix = "+@"
	xmlContentKey = "+content"
)

// xmlElem collects one element while its tokens are read.
type xmlElem struct {
	name string
	m    map[string]any
	keys []string
	text strings.Builder
}

func (e *xmlElem) add(k string, v any) {
	old, seen := e.m[k]
	if !seen {
		e.keys = append(e.keys, k)
		e.m[k] = v
		return
	}
	if arr, ok := old.([]any); ok && !strings.HasPrefix(k, xmlAttrPrefix) {
		e.m[k] = append(arr, v)
		return
	}
	e.m[k] = []any{old, v}
}

// value turns a finished element into its yq value.
func (o *keyOrder) xmlValue(e *xmlElem) any {
	text := strings.TrimSpace(e.text.String())
	if len(e.m) == 0 {
		return text
	}
	if text != "" {
		e.m[xmlContentKey] = text
		// The content follows the attributes and precedes the children.
		at := 0
		for at < len(e.keys) && strings.HasPrefix(e.keys[at], xmlAttrPrefix) {
			at++
		}
		e.keys = append(e.keys[:at], append([]string{xmlContentKey}, e.keys[at:]...)...)
	}
	o.record(e.keys)
	return e.m
}

func xmlName(n xml.Name) string {
	if n.Space != "" {
		return n.Space + ":" + n.Local
	}
	return n.Local
}

// decodeXML reads one XML document into a single object keyed by the
// root element's name.
func (o *keyOrder) decodeXML(data []byte) (any, error) {
	d := xml.NewDecoder(bytes.NewReader(data))
	root := &xmlElem{m: map[string]any{}}
	stack := []*xmlElem{root}
	for {
		// RawToken keeps namespace prefixes as written (ns:tag); it does
		// not match end tags, so that is checked here.
		tok, err := d.RawToken()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, err
		}
		top := stack[len(stack)-1]
		switch t := tok.(type) {
		case xml.StartElement:
			e := &xmlElem{name: xmlName(t.Name), m: map[string]any{}}
			for _, a := range t.Attr {
				e.add(xmlAttrPrefix+xmlName(a.Name), a.Value)
			}
			stack = append(stack, e)
		case xml.EndElement:
			if len(stack) < 2 || top.name != xmlName(t.Name) {
				return nil, fmt.Errorf("unexpected end element </%s>", xmlName(t.Name))
			}
			stack = stack[:len(stack)-1]
			stack[len(stack)-1].add(top.name, o.xmlValue(top))
		case xml.CharData:
			if len(stack) == 1 {
				if len(bytes.TrimSpace(t)) > 0 {
					return nil, errors.New("text outside the root element")
				}
				continue
			}
			top.text.Write(t)
		}
	}
	if len(stack) != 1 {
		return nil, fmt.Errorf("element <%s> is not closed", stack[len(stack)-1].name)
	}
	if len(root.m) == 0 {
		return nil, nil
	}
	o.record(root.keys)
	return root.m, nil
}

// encodeXML prints an object with exactly one key as an XML document.
func (o *output) encodeXML(v any) (string, error) {
	m, ok := v.(map[string]any)
	if !ok || len(m) != 1 {
		return "", fmt.Errorf("XML output needs an object with a single top-level key (the root element), got: %s", describeXMLRoot(v))
	}
	var b strings.Builder
	for k, val := range m {
		if err := o.xmlElement(&b, k, val, 0); err != nil {
			return "", err
		}
	}
	return b.String(), nil
}

func describeXMLRoot(v any) string {
	if m, ok := v.(map[string]any); ok {
		return fmt.Sprintf("object with %d keys", len(m))
	}
	return typeName(v)
}

func validXMLName(n string) bool {
	if n == "" || strings.HasPrefix(n, "+") {
		return false
	}
	return !strings.ContainsAny(n, " \t\n<>&\"'=/")
}

// xmlElement writes one element (or, for an array, one per item).
func (o *output) xmlElement(b *strings.Builder, name string, v any, level int) error {
	if !validXMLName(name) {
		return fmt.Errorf("%q is not a valid XML element name", name)
	}
	pad := strings.Repeat("  ", level)
	switch x := v.(type) {
	case []any:
		for _, e := range x {
			if err := o.xmlElement(b, name, e, level); err != nil {
				return err
			}
		}
		return nil
	case map[string]any:
		return o.xmlObject(b, name, x, level)
	case nil:
		b.WriteString(pad + "<" + name + "></" + name + ">\n")
		return nil
	}
	b.WriteString(pad + "<" + name + ">" + xmlEscape(o.cell(v)) + "</" + name + ">\n")
	return nil
}

// xmlObject writes an element from an object: "+@" keys are attributes,
// "+content" is text, every other key a child element.
func (o *output) xmlObject(b *strings.Builder, name string, m map[string]any, level int) error {
	pad := strings.Repeat("  ", level)
	b.WriteString(pad + "<" + name)
	var children []string
	for _, k := range o.order.keys(m) {
		switch {
		case strings.HasPrefix(k, xmlAttrPrefix):
			attr := strings.TrimPrefix(k, xmlAttrPrefix)
			if !validXMLName(attr) {
				return fmt.Errorf("%q is not a valid XML attribute name", attr)
			}
			b.WriteString(" " + attr + "=\"" + xmlEscape(o.cell(m[k])) + "\"")
		case k != xmlContentKey:
			children = append(children, k)
		}
	}
	b.WriteByte('>')
	content, hasContent := m[xmlContentKey]
	if len(children) == 0 {
		if hasContent {
			b.WriteString(xmlEscape(o.cell(content)))
		}
		b.WriteString("</" + name + ">\n")
		return nil
	}
	b.WriteByte('\n')
	if hasContent {
		b.WriteString(pad + "  " + xmlEscape(o.cell(content)) + "\n")
	}
	for _, k := range children {
		if err := o.xmlElement(b, k, m[k], level+1); err != nil {
			return err
		}
	}
	b.WriteString(pad + "</" + name + ">\n")
	return nil
}

func xmlEscape(s string) string {
	var b strings.Builder
	_ = xml.EscapeText(&b, []byte(s))
	return b.String()
}
