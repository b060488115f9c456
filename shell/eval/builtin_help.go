package eval

// bash answers NAME --help for every builtin that takes options (all
// but echo, true, false, :, test and [): it prints the builtin's synopsis
// and a description, and returns 2 without running the builtin.

// builtinSynopsis is each builtin's usage line, as bash prints it in
// usage errors and help; builtinAbout says in a line what it does.
var builtinSynopsis = map[string][2]string{
	".":         {". filename [arguments]", "Run the commands of a file in the current shell."},
	"alias":     {"alias [-p] [name[=value] ... ]", "Define or list aliases."},
	"bg":        {"bg [job_spec ...]", "Resume jobs in the background."},
	"bind":      {"bind [-lpsvPSVX] [-m keymap] [-f filename] [-q name] [-u name] [-r keyseq] [-x keyseq:shell-command] [keyseq:readline-function or readline-command]", "Set readline key bindings and variables."},
	"break":     {"break [n]", "Exit for, while or until loops."},
	"builtin":   {"builtin [shell-builtin [arg ...]]", "Run a shell builtin, bypassing functions of the same name."},
	"caller":    {"caller [expr]", "Show the context of the current subroutine call."},
	"cd":        {"cd [-L|[-P [-e]] [-@]] [dir]", "Change the shell working directory."},
	"command":   {"command [-pVv] command [arg ...]", "Run a command, bypassing shell functions, or describe it."},
	"compgen":   {"compgen [-abcdefgjksuv] [-o option] [-A action] [-G globpat] [-W wordlist] [-F function] [-C command] [-X filterpat] [-P prefix] [-S suffix] [word]", "Show possible completions."},
	"complete":  {"complete [-abcdefgjksuv] [-pr] [-DEI] [-o option] [-A action] [-G globpat] [-W wordlist] [-F function] [-C command] [-X filterpat] [-P prefix] [-S suffix] [name ...]", "Specify how arguments are completed."},
	"compopt":   {"compopt [-o|+o option] [-DEI] [name ...]", "Modify completion options."},
	"continue":  {"continue [n]", "Resume the next iteration of a loop."},
	"declare":   {"declare [-aAfFgiIlnrtux] [name[=value] ...] or declare -p [-aAfFilnrtux] [name ...]", "Set variable values and attributes."},
	"dirs":      {"dirs [-clpv] [+N] [-N]", "Display the directory stack."},
	"disown":    {"disown [-h] [-ar] [jobspec ... | pid ...]", "Remove jobs from the job table."},
	"enable":    {"enable [-a] [-dnps] [-f filename] [name ...]", "Enable and disable shell builtins."},
	"eval":      {"eval [arg ...]", "Run the arguments as a shell command."},
	"exec":      {"exec [-cl] [-a name] [command [argument ...]] [redirection ...]", "Replace the shell with a command, or apply redirections."},
	"exit":      {"exit [n]", "Exit the shell."},
	"export":    {"export [-fn] [name[=value] ...] or export -p", "Set the export attribute of shell variables."},
	"fc":        {"fc [-e ename] [-lnr] [first] [last] or fc -s [pat=rep] [command]", "List or edit and re-run commands from the history."},
	"fg":        {"fg [job_spec]", "Move a job to the foreground."},
	"getopts":   {"getopts optstring name [arg ...]", "Parse option arguments."},
	"hash":      {"hash [-lr] [-p pathname] [-dt] [name ...]", "Remember or show where commands were found."},
	"help":      {"help [-dms] [pattern ...]", "Show information about builtin commands."},
	"history":   {"history [-c] [-d offset] [n] or history -anrw [filename] or history -ps arg [arg...]", "Show or change the history list."},
	"jobs":      {"jobs [-lnprs] [jobspec ...] or jobs -x command [args]", "Show the status of jobs."},
	"kill":      {"kill [-s sigspec | -n signum | -sigspec] pid | jobspec ... or kill -l [sigspec]", "Send a signal to a job."},
	"let":       {"let arg [arg ...]", "Evaluate arithmetic expressions."},
	"local":     {"local [option] name[=value] ...", "Define local variables."},
	"logout":    {"logout [n]", "Exit a login shell."},
	"mapfile":   {"mapfile [-d delim] [-n count] [-O origin] [-s count] [-t] [-u fd] [-C callback] [-c quantum] [array]", "Read lines from the standard input into an indexed array."},
	"popd":      {"popd [-n] [+N | -N]", "Remove directories from the stack."},
	"printf":    {"printf [-v var] format [arguments]", "Format and print arguments under control of the format."},
	"pushd":     {"pushd [-n] [+N | -N | dir]", "Add a directory to the stack."},
	"pwd":       {"pwd [-LP]", "Print the name of the current working directory."},
	"read":      {"read [-ers] [-a array] [-d delim] [-i text] [-n nchars] [-N nchars] [-p prompt] [-t timeout] [-u fd] [name ...]", "Read a line from the standard input and split it into fields."},
	"readarray": {"readarray [-d delim] [-n count] [-O origin] [-s count] [-t] [-u fd] [-C callback] [-c quantum] [array]", "Read lines from a file into an array variable."},
	"readonly":  {"readonly [-aAf] [name[=value] ...] or readonly -p", "Mark shell variables as unchangeable."},
	"return":    {"return [n]", "Return from a shell function."},
	"set":       {"set [-abefhkmnptuvxBCEHPT] [-o option-name] [--] [-] [arg ...]", "Set or unset shell options and positional parameters."},
	"shift":     {"shift [n]", "Shift positional parameters."},
	"shopt":     {"shopt [-pqsu] [-o] [optname ...]", "Set and unset shell options."},
	"source":    {"source filename [arguments]", "Run the commands of a file in the current shell."},
	"suspend":   {"suspend [-f]", "Suspend shell execution."},
	"times":     {"times", "Show process times."},
	"trap":      {"trap [-lp] [[arg] signal_spec ...]", "Run commands when the shell receives signals or other conditions."},
	"type":      {"type [-afptP] name [name ...]", "Describe how each name would be interpreted as a command."},
	"typeset":   {"typeset [-aAfFgiIlnrtux] name[=value] ... or typeset -p [-aAfFilnrtux] [name ...]", "Set variable values and attributes (a synonym of declare)."},
	"ulimit":    {"ulimit [-SHabcdefiklmnpqrstuvxPRT] [limit]", "Show or change resource limits."},
	"umask":     {"umask [-p] [-S] [mode]", "Show or set the file mode creation mask."},
	"unalias":   {"unalias [-a] name [name ...]", "Remove aliases."},
	"unset":     {"unset [-f] [-v] [-n] [name ...]", "Unset values and attributes of shell variables and functions."},
	"wait":      {"wait [-fn] [-p var] [id ...]", "Wait for jobs to complete and return their status."},
}

// dashDashHelp answers NAME --help; false when the builtin takes --help as
// an ordinary argument.
func (r *Runner) dashDashHelp(args []string) bool {
	if len(args) < 2 || args[1] != "--help" {
		return false
	}
	syn, ok := builtinSynopsis[args[0]]
	if !ok {
		return false
	}
	r.writeOut(args[0], args[0]+": "+syn[0]+"\n    "+syn[1]+"\n")
	r.status = 2
	return true
}
