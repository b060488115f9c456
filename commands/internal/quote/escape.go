package quote

import "strings"

// shellEscape quotes s the way GNU tools do in their "shell-escape" style
// (xargs -t, stat %N, ls): plain words stay bare, anything with shell
// metacharacters goes in single quotes.
func ShellEscape(s string) string {
	if s == "" {
		return "''"
	}
	if !strings.ContainsAny(s, " \t\n'\"\\|&;()<>!{}*[?]^$`#~=%") {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}
