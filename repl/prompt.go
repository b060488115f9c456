package repl

import "strings"

// defaultPrompt is bash's usual "\u@\h:\w\$ " with the sandbox's user and
// a host name that tells the user they are inside justbash.
func defaultPrompt(dir, home string) string {
	return "user@justbash:" + tildePath(dir, home) + "$ "
}

// tildePath abbreviates the home directory to ~, as bash's \w does.
func tildePath(dir, home string) string {
	if home != "" && home != "/" {
		if dir == home {
			return "~"
		}
		if rest, ok := strings.CutPrefix(dir, home+"/"); ok {
			return "~/" + rest
		}
	}
	return dir
}
