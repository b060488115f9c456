package graphql

import (
	"encoding/json"
	"fmt"
	"sort"
	"strings"
)

// introspectionQuery asks for everything the SDL converter needs. Type
// references nest seven levels, enough for [[T!]!]! shapes.
const introspectionQuery = `query IntrospectionQuery {
  __schema {
    queryType { name }
    mutationType { name }
    subscriptionType { name }
    types {
      kind name description
      fields(includeDeprecated: true) { name description args { ...InputValue } type { ...TypeRef } isDeprecated deprecationReason }
      inputFields { ...InputValue }
      interfaces { ...TypeRef }
      enumValues(includeDeprecated: true) { name description isDeprecated deprecationReason }
      possibleTypes { ...TypeRef }
    }
  }
}
fragment InputValue on __InputValue { name description type { ...TypeRef } defaultValue }
fragment TypeRef on __Type {
  kind name
  ofType { kind name ofType { kind name ofType { kind name ofType { kind name ofType { kind name ofType { kind name ofType { kind name } } } } } } }
}`

type ispSchema struct {
	QueryType        *ispName  `json:"queryType"`
	MutationType     *ispName  `json:"mutationType"`
	SubscriptionType *ispName  `json:"subscriptionType"`
	Types            []ispType `json:"types"`
}

type ispName struct {
	Name string `json:"name"`
}

type ispType struct {
	Kind          string       `json:"kind"`
	Name          string       `json:"name"`
	Description   string       `json:"description"`
	Fields        []ispField   `json:"fields"`
	InputFields   []ispInput   `json:"inputFields"`
	Interfaces    []ispTypeRef `json:"interfaces"`
	EnumValues    []ispEnum    `json:"enumValues"`
	PossibleTypes []ispTypeRef `json:"possibleTypes"`
}

type ispField struct {
	Name              string     `json:"name"`
	Description       string     `json:"description"`
	Args              []ispInput `json:"args"`
	Type              ispTypeRef `json:"type"`
	IsDeprecated      bool       `json:"isDeprecated"`
	DeprecationReason string     `json:"deprecationReason"`
}

type ispInput struct {
	Name         string     `json:"name"`
	Description  string     `json:"description"`
	Type         ispTypeRef `json:"type"`
	DefaultValue *string    `json:"defaultValue"`
}

type ispEnum struct {
	Name              string `json:"name"`
	Description       string `json:"description"`
	IsDeprecated      bool   `json:"isDeprecated"`
	DeprecationReason string `json:"deprecationReason"`
}

type ispTypeRef struct {
	Kind   string      `json:"kind"`
	Name   string      `json:"name"`
	OfType *ispTypeRef `json:"ofType"`
}

func (t ispTypeRef) String() string {
	switch t.Kind {
	case "NON_NULL":
		if t.OfType != nil {
			return t.OfType.String() + "!"
		}
	case "LIST":
		if t.OfType != nil {
			return "[" + t.OfType.String() + "]"
		}
	}
	return t.Name
}

// builtinScalar: a switch, not a package-level map that every start of the
// binary would build (issue 15).
func builtinScalar(name string) bool {
	switch name {
	case "String", "Int", "Float", "Boolean", "ID":
		return true
	}
	return false
}

// introspectionToSDL converts the data of an introspection response
// ({"__schema": …}) to SDL that gqlparser can load. Built-in scalars and
// introspection types are left out: gqlparser's prelude declares them.
func introspectionToSDL(data json.RawMessage) (string, error) {
	var d struct {
		Schema *ispSchema `json:"__schema"`
	}
	if err := json.Unmarshal(data, &d); err != nil {
		return "", fmt.Errorf("bad introspection result: %v", err)
	}
	if d.Schema == nil || d.Schema.QueryType == nil {
		return "", fmt.Errorf("introspection result has no query type")
	}
	var b strings.Builder
	b.WriteString("schema {\n  query: " + d.Schema.QueryType.Name + "\n")
	if d.Schema.MutationType != nil {
		b.WriteString("  mutation: " + d.Schema.MutationType.Name + "\n")
	}
	if d.Schema.SubscriptionType != nil {
		b.WriteString("  subscription: " + d.Schema.SubscriptionType.Name + "\n")
	}
	b.WriteString("}\n")
	types := append([]ispType(nil), d.Schema.Types...)
	sort.Slice(types, func(i, j int) bool { return types[i].Name < types[j].Name })
	for _, t := range types {
		if strings.HasPrefix(t.Name, "__") || builtinScalar(t.Name) {
			continue
		}
		writeType(&b, t)
	}
	return b.String(), nil
}

func writeType(b *strings.Builder, t ispType) {
	b.WriteString("\n")
	writeDesc(b, t.Description, "")
	switch t.Kind {
	case "SCALAR":
		b.WriteString("scalar " + t.Name + "\n")
	case "OBJECT", "INTERFACE":
		kw := "type "
		if t.Kind == "INTERFACE" {
			kw = "interface "
		}
		b.WriteString(kw + t.Name + implements(t.Interfaces) + " {\n")
		for _, f := range t.Fields {
			writeDesc(b, f.Description, "  ")
			b.WriteString("  " + f.Name + args(f.Args) + ": " + f.Type.String() + deprecated(f.IsDeprecated, f.DeprecationReason) + "\n")
		}
		b.WriteString("}\n")
	case "UNION":
		names := make([]string, len(t.PossibleTypes))
		for i, p := range t.PossibleTypes {
			names[i] = p.Name
		}
		b.WriteString("union " + t.Name + " = " + strings.Join(names, " | ") + "\n")
	case "ENUM":
		b.WriteString("enum " + t.Name + " {\n")
		for _, v := range t.EnumValues {
			writeDesc(b, v.Description, "  ")
			b.WriteString("  " + v.Name + deprecated(v.IsDeprecated, v.DeprecationReason) + "\n")
		}
		b.WriteString("}\n")
	case "INPUT_OBJECT":
		b.WriteString("input " + t.Name + " {\n")
		for _, f := range t.InputFields {
			writeDesc(b, f.Description, "  ")
			b.WriteString("  " + inputValue(f) + "\n")
		}
		b.WriteString("}\n")
	}
}

func implements(ifaces []ispTypeRef) string {
	if len(ifaces) == 0 {
		return ""
	}
	names := make([]string, len(ifaces))
	for i, t := range ifaces {
		names[i] = t.Name
	}
	return " implements " + strings.Join(names, " & ")
}

func args(in []ispInput) string {
	if len(in) == 0 {
		return ""
	}
	parts := make([]string, len(in))
	for i, a := range in {
		parts[i] = inputValue(a)
		if a.Description != "" {
			// SDL allows a description before each argument; without it
			// the tools' argument help would be empty.
			q, _ := json.Marshal(a.Description)
			parts[i] = string(q) + " " + parts[i]
		}
	}
	return "(" + strings.Join(parts, ", ") + ")"
}

// inputValue renders "name: Type = default"; the default is already a
// GraphQL literal in introspection output.
func inputValue(a ispInput) string {
	s := a.Name + ": " + a.Type.String()
	if a.DefaultValue != nil {
		s += " = " + *a.DefaultValue
	}
	return s
}

func deprecated(is bool, reason string) string {
	if !is {
		return ""
	}
	if reason == "" {
		return " @deprecated"
	}
	q, _ := json.Marshal(reason)
	return " @deprecated(reason: " + string(q) + ")"
}

func writeDesc(b *strings.Builder, desc, indent string) {
	if desc == "" {
		return
	}
	q, _ := json.Marshal(desc)
	b.WriteString(indent + string(q) + "\n")
}
