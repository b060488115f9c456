// Package commands is the framework of the sandbox's commands: what a
// command is (Command, Func), what it gets when it runs (Context: args,
// streams, the sandbox FS, environment, Exec/Script for nested runs,
// Limits), the Registry that maps names to commands, and the I/O helpers
// every command uses. It imports no command.
//
// # Map
//
//	commands/            framework: command.go (Command, Context), registry.go,
//	                     sigpipe.go (Run: panics, broken pipes), io.go (OpenRead,
//	                     OpenWrite, OpenInput), input.go (EachInput, EachLine,
//	                     NewOut, CtxReader), write.go (WriteFailure), limits.go
//	commands/all         the one table: Default() and Register(r, Options) add
//	                     every command below; sqlite3 and js-exec are lazy
//	commands/files       ls stat cp mv rm rmdir mkdir ln touch chmod truncate
//	                     unlink readlink realpath du df tree file mktemp
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
//	commands/awk sed jq yq sqlite archive ziputil curl htmlmd
//	                     the big commands, one package each
//	commands/internal/   libraries shared by several command packages:
//	  opts               the option parser (GNU getopt_long, --help/--version)
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
//
// # Adding a command
//
// Put it in the family package a newcomer would look in (a new family
// package if none fits), as NAME.go with a func runNAME(ctx, c) int, and
// add it to that package's Register (register.go). A new family package
// gets a Register and a line in commands/all. A command package imports
// this package and commands/internal/... only, never another command
// package: what two families share becomes a named internal library (the
// layout test in commands/all enforces it).
//
// Parse options with an opts.Parser table and give it Help text in GNU's
// layout ("Usage: NAME [OPTION]... [FILE]..."): --help, --version, bad
// options and their status then behave as GNU's. Read inputs through
// c.EachInput or c.OpenInput (which handle "-" and /dev/stdin), bound whole
// reads with c.ReadAll, write through commands.NewOut and end with
// c.FinishOut or c.WriteFailure: a write to a closed pipe then ends the
// command with 141, silently, as SIGPIPE would (see Run).
//
// # Testing against the GNU tool
//
// Tests of the small commands live in commands/all (they run the full
// registry). Record expected output from the real tool (GNU coreutils 9.1,
// grep 3.8, sed 4.9, gawk, jq 1.6, sqlite3 3.40) into a table, and where
// the tool may be installed also replay the table live (exec.LookPath, and
// t.Skip with a message when absent) so the table cannot drift; see
// internal/opts and internal/gnure for the pattern. shell's
// TestEveryCommandHelp and TestEveryCommandStopsOnBrokenPipe cover every
// registered command.
package commands
