// Package eval is justbash's bash evaluator: it walks mvdan/sh syntax
// trees (mvdan.cc/sh/v3/syntax, the parser, AST and printer) and runs them
// as GNU bash 5.2 does, against a virtual filesystem. The rules come from
// the Bash Reference Manual and /bin/bash's behaviour; the tests compare
// with /bin/bash where it is installed.
//
// The stages, one concern per file group:
//
//   - reading (runner.go, reading.go): a script is parsed and run one line
//     of complete commands at a time, as bash reads it, so options and
//     aliases set by earlier lines apply to later ones and a syntax error
//     stops the script where it stands. Aliases are expanded by
//     substituting in the line's text and reading it again.
//   - expansion (expand.go, param.go, paramops.go, braces.go, subst.go):
//     brace, tilde, parameter, command substitution, arithmetic, process
//     substitution, word splitting by IFS, pathname expansion
//     (shell/pattern), quote removal.
//   - arithmetic (shell/arith, through subst.go): on text, with bash's
//     dynamic semantics (a variable's value is an expression).
//   - variables (vars.go, varops.go, assoc.go, declare.go): dynamic scopes,
//     attributes, indexed and associative arrays (listed in bash's hash
//     order), namerefs, the dynamic variables bash computes.
//   - execution (exec.go, simple.go, redirect.go, jobs.go, trap.go):
//     commands, pipelines (concurrent stages), redirections and a
//     descriptor table, background jobs, traps and signals, set -e rules.
//   - builtins (builtins.go and builtin_*.go): one table, name → kind → handler, built on first use.
//
// Limits live in Go state (limits.go), never in variables: steps, call
// depth (functions, source, eval, $( ), nested shells share one budget),
// string and array sizes checked before allocating, background jobs, and
// the parse nesting depth (mvdan/sh's parser recurses per level, and a Go
// stack overflow cannot be recovered). Nothing the evaluator keeps is
// visible to scripts as a variable, function or file.
//
// Where mvdan/sh's parser rejects valid bash, the reader recovers:
// arithmetic that bash only checks when it evaluates ($((2+)), (( x ++ ))
// forms the parser refuses) is blanked in the text given to the parser,
// and evaluated from the original text at run time, so bash's own error
// or result comes at the right moment. A (( or $(( whose inner ( does not
// close with )) is re-read as nested subshells or a command substitution
// starting with a subshell, (()) as the null expression, and a subscript
// the parser cannot read (a[foo bar]=1, ${a[(_$-=0)]}) as a quoted word;
// a syntax error inside a compound assignment drops the rest of its line
// and reading goes on, as in bash outside posix mode (assignerr.go).
// ${x~} and ${x~~} (case toggling) and operators on $! (${!-x}) are read
// in blankops.go, repeated ! (`! ! cmd`) and a lone ! in bang.go. Still
// rejected (listed so callers know): an empty subscript `b[]=x` (bash
// reports it when it assigns), and zsh/mksh-only forms the bash dialect
// of the parser does not accept.
package eval
