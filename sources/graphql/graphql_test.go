package graphql

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	gql "github.com/graphql-go/graphql"
	"github.com/justbash/justbash/toolcmd"
)

type user struct {
	ID, Name, Role, City string
	Friends              []string
}

// newUserSchema builds an executing schema: users with a self-referencing
// friends list and a three-level address → geo chain, a failing field and
// a mutation with an input object.
func newUserSchema(t *testing.T) (gql.Schema, *[]string) {
	var mu sync.Mutex
	users := map[string]*user{
		"1": {ID: "1", Name: "Ada", Role: "ADMIN", City: "London", Friends: []string{"2"}},
		"2": {ID: "2", Name: "Bob", Role: "USER", City: "Paris"},
	}
	var created []string
	role := gql.NewEnum(gql.EnumConfig{Name: "Role", Values: gql.EnumValueConfigMap{"USER": {Value: "USER"}, "ADMIN": {Value: "ADMIN"}}})
	geo := gql.NewObject(gql.ObjectConfig{Name: "Geo", Fields: gql.Fields{"lat": {Type: gql.Float, Resolve: func(gql.ResolveParams) (any, error) { return 51.5, nil }}}})
	address := gql.NewObject(gql.ObjectConfig{Name: "Address", Fields: gql.Fields{
		"city": {Type: gql.String},
		"geo":  {Type: geo, Resolve: func(gql.ResolveParams) (any, error) { return map[string]any{}, nil }},
	}})
	userT := gql.NewObject(gql.ObjectConfig{Name: "User", Description: "A person", Fields: gql.Fields{
		"id":      {Type: gql.NewNonNull(gql.ID), Resolve: func(p gql.ResolveParams) (any, error) { return p.Source.(*user).ID, nil }},
		"name":    {Type: gql.String, Resolve: func(p gql.ResolveParams) (any, error) { return p.Source.(*user).Name, nil }},
		"role":    {Type: role, Resolve: func(p gql.ResolveParams) (any, error) { return p.Source.(*user).Role, nil }},
		"address": {Type: address, Resolve: func(p gql.ResolveParams) (any, error) { return map[string]any{"city": p.Source.(*user).City}, nil }},
	}})
	userT.AddFieldConfig("friends", &gql.Field{Type: gql.NewList(userT), Resolve: func(p gql.ResolveParams) (any, error) {
		mu.Lock()
		defer mu.Unlock()
		var out []*user
		for _, id := range p.Source.(*user).Friends {
			out = append(out, users[id])
		}
		return out, nil
	}})
	newUser := gql.NewInputObject(gql.InputObjectConfig{Name: "NewUser", Fields: gql.InputObjectConfigFieldMap{
		"name": {Type: gql.NewNonNull(gql.String)},
		"role": {Type: role, DefaultValue: "USER"},
	}})
	query := gql.NewObject(gql.ObjectConfig{Name: "Query", Fields: gql.Fields{
		"user": {Type: userT, Description: "Look a user up by id", Args: gql.FieldConfigArgument{"id": {Type: gql.NewNonNull(gql.ID)}},
			Resolve: func(p gql.ResolveParams) (any, error) {
				mu.Lock()
				defer mu.Unlock()
				if u, ok := users[p.Args["id"].(string)]; ok {
					return u, nil
				}
				return nil, errors.New("no such user")
			}},
		"users": {Type: gql.NewNonNull(gql.NewList(gql.NewNonNull(userT))), Args: gql.FieldConfigArgument{"role": {Type: role}},
			Resolve: func(p gql.ResolveParams) (any, error) {
				mu.Lock()
				defer mu.Unlock()
				var out []*user
				for _, id := range []string{"1", "2"} {
					if r, ok := p.Args["role"].(string); !ok || users[id].Role == r {
						out = append(out, users[id])
					}
				}
				return out, nil
			}},
		"version": {Type: gql.String, Resolve: func(gql.ResolveParams) (any, error) { return "1.2.3", nil }},
	}})
	mutation := gql.NewObject(gql.ObjectConfig{Name: "Mutation", Fields: gql.Fields{
		"createUser": {Type: userT, Args: gql.FieldConfigArgument{"input": {Type: gql.NewNonNull(newUser)}},
			Resolve: func(p gql.ResolveParams) (any, error) {
				in := p.Args["input"].(map[string]any)
				mu.Lock()
				defer mu.Unlock()
				u := &user{ID: "3", Name: in["name"].(string), Role: in["role"].(string)}
				users[u.ID] = u
				created = append(created, u.Name)
				return u, nil
			}},
	}})
	schema, err := gql.NewSchema(gql.SchemaConfig{Query: query, Mutation: mutation})
	if err != nil {
		t.Fatal(err)
	}
	return schema, &created
}

// serve executes POSTed operations; queries records each query text.
func serve(t *testing.T, schema gql.Schema, queries *[]string) *httptest.Server {
	var mu sync.Mutex
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var req struct {
			Query     string         `json:"query"`
			Variables map[string]any `json:"variables"`
		}
		if r.Method != http.MethodPost || json.NewDecoder(r.Body).Decode(&req) != nil {
			http.Error(w, "bad request", 400)
			return
		}
		if r.Header.Get("X-Token") != "t0k" {
			http.Error(w, "forbidden", http.StatusForbidden)
			return
		}
		mu.Lock()
		*queries = append(*queries, req.Query)
		mu.Unlock()
		res := gql.Do(gql.Params{Schema: schema, RequestString: req.Query, VariableValues: req.Variables})
		w.Header().Set("Content-Type", "application/json")
		json.NewEncoder(w).Encode(res)
	}))
	t.Cleanup(ts.Close)
	return ts
}

func TestGraphQLEndToEnd(t *testing.T) {
	schema, created := newUserSchema(t)
	var queries []string
	ts := serve(t, schema, &queries)
	reg := toolcmd.NewRegistry()
	src, err := Add(context.Background(), reg, Config{Name: "users", URL: ts.URL, Headers: map[string]string{"X-Token": "t0k"}})
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(src.Paths(), " "); got != "users.mutation.createUser users.query.user users.query.users users.query.version" {
		t.Fatalf("paths = %s", got)
	}
	u, _ := reg.Get("users.query.user")
	if u.Description != "Look a user up by id" || u.Annotations.RequiresApproval {
		t.Errorf("user tool = %q %+v", u.Description, u.Annotations)
	}
	if !strings.Contains(string(u.InputSchema), `"required":["id"]`) {
		t.Errorf("input schema = %s", u.InputSchema)
	}
	inv := toolcmd.NewInvoker(reg)
	tests := []struct{ path, args, want, wantErr string }{
		// Depth 2: address is entered, geo (level 3) is not; friends is
		// skipped because User is already on the path.
		{"users.query.user", `{"id":"1"}`, `{"address":{"city":"London"},"id":"1","name":"Ada","role":"ADMIN"}`, ""},
		{"users.query.user", `{"id":1}`, `{"address":{"city":"London"},"id":"1","name":"Ada","role":"ADMIN"}`, ""},
		{"users.query.users", `{"role":"USER","select":"name"}`, `[{"name":"Bob"}]`, ""},
		{"users.query.user", `{"id":"1","select":"{ friends { name } }"}`, `{"friends":[{"name":"Bob"}]}`, ""},
		{"users.query.version", ``, `"1.2.3"`, ""},
		{"users.query.user", `{"id":"9"}`, "", "no such user (at user)"},
		{"users.query.user", `{"id":"1","select":"{ nope }"}`, "", `Cannot query field "nope" on type "User"`},
		{"users.query.users", `{"role":"KING"}`, "", "role"},
		{"users.query.user", `{}`, "", "id"},
		{"users.mutation.createUser", `{"input":{"name":"Cy"}}`, "", "approval declined"},
	}
	for _, tc := range tests {
		out, err := inv.Invoke(context.Background(), tc.path, json.RawMessage(tc.args))
		if tc.wantErr != "" {
			if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
				t.Errorf("%s(%s): err = %v, want %q", tc.path, tc.args, err, tc.wantErr)
			}
			continue
		}
		if err != nil || string(out) != tc.want {
			t.Errorf("%s(%s) = %s, %v; want %s", tc.path, tc.args, out, err, tc.want)
		}
	}
	if len(*created) != 0 {
		t.Fatalf("declined mutation ran: %v", *created)
	}
	inv.Elicit = toolcmd.AcceptAll
	out, err := inv.Invoke(context.Background(), "users.mutation.createUser", json.RawMessage(`{"input":{"name":"Cy"}}`))
	if err != nil || string(out) != `{"address":{"city":""},"id":"3","name":"Cy","role":"USER"}` {
		t.Errorf("createUser = %s, %v", out, err)
	}
	// graphql-go introspects fields in sorted order; the generated set
	// puts identity and descriptive fields (id, name) first, then the
	// other scalars, then objects, each in the schema's order.
	want := `query($id: ID!) { user(id: $id) { id name role address { city } } }`
	found := false
	for _, q := range queries {
		found = found || q == want
	}
	if !found {
		t.Errorf("generated query %q not among %q", want, queries)
	}
}

func TestGraphQLFromSDL(t *testing.T) {
	schema, _ := newUserSchema(t)
	var queries []string
	ts := serve(t, schema, &queries)
	sdl := `type Query { version: String }`
	reg := toolcmd.NewRegistry()
	if _, err := Add(context.Background(), reg, Config{Name: "v", URL: ts.URL, SDL: sdl, Headers: map[string]string{"X-Token": "t0k"}}); err != nil {
		t.Fatal(err)
	}
	if len(queries) != 0 {
		t.Errorf("introspected although SDL was given: %q", queries)
	}
	out, err := toolcmd.NewInvoker(reg).Invoke(context.Background(), "v.query.version", nil)
	if err != nil || string(out) != `"1.2.3"` {
		t.Errorf("version = %s, %v", out, err)
	}
}

func TestGraphQLBadSources(t *testing.T) {
	schema, _ := newUserSchema(t)
	var queries []string
	ts := serve(t, schema, &queries)
	dead := httptest.NewServer(http.NotFoundHandler())
	deadURL := dead.URL
	dead.Close()
	tests := []struct {
		cfg  Config
		want string
	}{
		{Config{Name: "noauth", URL: ts.URL}, `graphql source "noauth": introspection: HTTP 403 Forbidden: forbidden`},
		{Config{Name: "gone", URL: deadURL}, `graphql source "gone": introspection:`},
		{Config{Name: "badsdl", URL: ts.URL, SDL: "type Query { x: Nope }"}, `graphql source "badsdl": schema:`},
		{Config{Name: "nourl"}, `graphql source "nourl": missing url`},
	}
	for _, tc := range tests {
		reg := toolcmd.NewRegistry()
		_, err := Add(context.Background(), reg, tc.cfg)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: err = %v, want %q", tc.cfg.Name, err, tc.want)
		}
	}
}

func TestIntrospectionToSDL(t *testing.T) {
	data := `{"__schema":{"queryType":{"name":"Q"},"mutationType":null,"subscriptionType":null,"types":[
	 {"kind":"OBJECT","name":"Q","description":"root","fields":[{"name":"pets","description":"","args":[{"name":"first","description":null,"type":{"kind":"SCALAR","name":"Int"},"defaultValue":"10"}],"type":{"kind":"NON_NULL","name":null,"ofType":{"kind":"LIST","name":null,"ofType":{"kind":"NON_NULL","name":null,"ofType":{"kind":"UNION","name":"Pet"}}}},"isDeprecated":true,"deprecationReason":"use animals"}],"interfaces":[]},
	 {"kind":"UNION","name":"Pet","possibleTypes":[{"kind":"OBJECT","name":"Cat"},{"kind":"OBJECT","name":"Dog"}]},
	 {"kind":"OBJECT","name":"Cat","fields":[{"name":"id","args":[],"type":{"kind":"SCALAR","name":"ID"}}],"interfaces":[{"kind":"INTERFACE","name":"Node"}]},
	 {"kind":"OBJECT","name":"Dog","fields":[{"name":"id","args":[],"type":{"kind":"SCALAR","name":"ID"}}],"interfaces":[{"kind":"INTERFACE","name":"Node"}]},
	 {"kind":"INTERFACE","name":"Node","fields":[{"name":"id","args":[],"type":{"kind":"SCALAR","name":"ID"}}]},
	 {"kind":"SCALAR","name":"String"},{"kind":"SCALAR","name":"Int"},{"kind":"SCALAR","name":"ID"},{"kind":"OBJECT","name":"__Type","fields":[]}]}}`
	sdl, err := introspectionToSDL(json.RawMessage(data))
	if err != nil {
		t.Fatal(err)
	}
	want := "schema {\n  query: Q\n}\n\n" +
		"type Cat implements Node {\n  id: ID\n}\n\n" +
		"type Dog implements Node {\n  id: ID\n}\n\n" +
		"interface Node {\n  id: ID\n}\n\n" +
		"union Pet = Cat | Dog\n\n" +
		"\"root\"\ntype Q {\n  pets(first: Int = 10): [Pet!]! @deprecated(reason: \"use animals\")\n}\n"
	if sdl != want {
		t.Errorf("sdl =\n%s\nwant\n%s", sdl, want)
	}
}
