// Package find is find(1): the expression parser (find_parse.go), tests
// (find_pred.go), actions including -exec (find_action.go) and -printf
// (find_printf.go).
package find
