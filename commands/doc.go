// Package commands is the framework of the sandbox's commands: what a
// command is (Command, Func), what it gets when it runs (Context: args,
// streams, the sandbox FS, environment, Exec/Script for nested runs,
// Limits), the Registry that maps names to commands, and the I/O helpers
// every command uses. It imports no command.
//
// # Map
//
// Before (issue 16): commands/ was one package of 122 files and 18.6k
// lines: the framework, 83 commands and 13 util_*.go files, families
// told apart only by file-name prefixes (find_*, rg_*, ls*, sort*, od_*),
// 54 uses of one command's unexported helpers by another; two ways to
// register (init() calls and a hand-kept map in shell/subcommands.go for
// awk, sed, jq, yq, sqlite3); three option parsers (util_opts.go,
// commands/cliopt, hand loops in sed, jq, awk, sqlite3); three strftimes.
//
//	commands/            framework, commands, util_*.go: everything
//	commands/cliopt      a second option parser
//	commands/awk sed jq yq sqlite archive ziputil curl htmlmd
//	                     the big commands, registered by shell/subcommands.go
//
// After: the framework, one package per family, named libraries, one
// table, one option parser, one strftime:
//
//	commands/            framework: command.go (Command, Context), registry.go,
//	                     sigpipe.go (Run: panics, broken pipes), io.go (OpenRead,
//	                     OpenWrite, OpenInput), input.go (EachInput, EachLine,
//	                     NewOut, CtxReader), write.go (WriteFailure), limits.go
//	commands/light       the table without the heavy commands: every family
//	                     below and awk sed jq yq curl tar zip ... (an embedder
//	                     that must not link sqlite3 or js-exec starts here)
//	commands/all         the one table the shell uses: light plus sqlite3,
//	                     js-exec and node, registered lazily
//	commands/files       ls stat cp mv rm rmdir mkdir ln touch chmod truncate
//	                     unlink readlink realpath du df tree file mktemp dd
//	                     basename dirname
//	commands/find        find
//	commands/search      grep egrep fgrep rg
//	commands/sorting     sort uniq comm join shuf
//	commands/text        cat head tail tac cut tr fold fmt nl expand unexpand
//	                     paste column rev wc split tee
//	commands/dump        od xxd hexdump hd strings base64 base32 cksum *sum
//	commands/diff        diff cmp
//	commands/printf      printf echo seq expr yes
//	commands/run         env timeout time xargs sleep
//	commands/system      date id whoami hostname uname nproc printenv pwd
//	                     which help clear history true false :
//	commands/awk sed jq yq sqlite archive ziputil curl htmlmd busybox
//	                     the big commands, one package each
//	commands/internal/   libraries shared by several command packages:
//	  opts               the option parser (GNU getopt_long, --help/--version,
//	                     hooks for jq's and sqlite3's command lines)
//	  boundio            bounded reads, limit errors
//	  identity           the sandbox user, uid, host name and umask
//	  fileinfo           mode strings, permissions, chmod modes, stat fields
//	  sizes              human sizes (1.5K) and size suffixes (10M)
//	  timefmt            the one strftime (Strftime, DateFormat) and ParseDate
//	  quote              shell quoting of names and arguments
//	  escape             backslash escapes of echo -e, printf %b, stat
//	  gnure              GNU BRE/ERE/Emacs regexps to RE2, GNU error wording
//	  posixre            POSIX bracket and interval translation
//	  fnmatch fspath vercmp envlist ascii tz
//	                     glob matching, path rules, version order, environ
//	                     lists, C-locale classes, TZ without the host
//	  cmdtest            the test harness (tests only): FS, registry, runners
//	  hardentest         regression tests over every command
//
// Shell builtins (cd, read, declare, umask, ...) are not commands: they
// live in one table with the evaluator, shell/eval/builtins.go.
//
// # Adding a command
//
// Put it in the family package a newcomer would look in (a new family
// package if none fits), as NAME.go with a func runNAME(ctx, c) int, and
// add it to that package's Register (register.go). A new family package
// gets a Register and a line in commands/light (commands/all if it is
// heavy to link, with RegisterLazy). A command package imports this
// package and commands/internal/... only, never another command package:
// what two families share becomes a named internal library (the layout
// test in commands/all enforces it).
//
// Parse options with an opts.Parser table and give it Help text in GNU's
// layout ("Usage: NAME [OPTION]... [FILE]..."): --help, --version, bad
// options and their status then behave as GNU's. A command line that is
// not GNU's uses the parser's hooks rather than a loop of its own:
// Opt.Optional (sed -i[SUFFIX], date -I[FMT]), Opt.Values (jq --arg NAME
// VALUE), Parser.LongOnly/Exact/NoInline/NoEnd (sqlite3 -header),
// Parser.Operand ("-5" as a filter or a number), Parser.Check; its
// *opts.Error carries Kind, Arg and Name for the tool's own wording. The
// only command lines read by hand are grammars, not options: echo's
// all-or-nothing flag words, chmod's mode words (-w), env -S's string
// splitting, find's expression, expr and test operands, busybox's applet
// name. Read
// inputs through c.EachInput or c.OpenInput (which handle "-" and
// /dev/stdin), bound whole reads with c.ReadAll, write through
// commands.NewOut and end with c.FinishOut or c.WriteFailure: a write to a
// closed pipe then ends the command with 141, silently, as SIGPIPE would
// (see Run).
//
// # Testing against the GNU tool
//
// A family's tests live in its package and run that family alone: a
// harness_test.go builds cmdtest.H{Reg: cmdtest.NewRegistry(Register)},
// so "go test ./commands/text/" tests text. A test that needs commands of
// several families (find -exec, xargs, pipelines) lives in commands/all.
// Record expected output from the real tool (GNU coreutils 9.1, grep 3.8,
// sed 4.9, gawk, jq 1.6, sqlite3 3.40) into a table of cmdtest.Case rows,
// and where the tool may be installed also replay the table live
// (exec.LookPath, and t.Skip with a message when absent) so the table
// cannot drift; see internal/opts, jq's options_test.go and sqlite's
// oracle_test.go for the pattern. A row where the sandbox differs on
// purpose says why and is not replayed. shell's TestEveryCommandHelp and
// TestEveryCommandStopsOnBrokenPipe cover every registered command.
package commands
