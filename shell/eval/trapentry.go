package eval

// inheritIgnored applies POSIX's rule for a shell started by another:
// the signals its parent ignores (an empty trap action) are ignored on entry, and
// a non-interactive shell can neither trap nor reset them; trap -p still
// shows them as ignored. Pseudo-signals (EXIT, DEBUG, ERR, RETURN) are
// not signals and are not inherited.
func (r *Runner) inheritIgnored(p *Runner) {
	for name, action := range p.traps {
		if action != "" || name == "EXIT" || name == "DEBUG" || name == "ERR" || name == "RETURN" {
			continue
		}
		putMap(&r.ignoredOnEntry, name, true)
		putMap(&r.traps, name, "")
	}
}
