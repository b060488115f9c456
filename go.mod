module github.com/justbash/justbash

go 1.26.0

require (
	github.com/google/jsonschema-go v0.4.3 // indirect
	github.com/iancoleman/strcase v0.3.0 // indirect
	golang.org/x/sys v0.47.0 // indirect
	golang.org/x/term v0.45.0 // indirect
	mvdan.cc/sh/v3 v3.14.1 // indirect
)
