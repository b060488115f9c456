package spec

import "github.com/justbash/justbash/commands"

// Helpers returns the helper programs the Oils cases call, as sandbox
// commands under the names the cases use.
func Helpers() map[string]commands.Command {
	return map[string]commands.Command{
		"argv.py":          commands.Func(argvPy),
		"printenv.py":      commands.Func(printenvPy),
		"stdout_stderr.py": commands.Func(stdoutStderrPy),
		"read_from_fd.py":  commands.Func(readFromFdPy),
	}
}

// helperScripts are helpers that are plain shell scripts in the reference
// helper directory; they are written into the sandbox's helper directory.
var helperScripts = map[string]string{
	"foo=bar": "#!/bin/sh\necho HI\n",
}
