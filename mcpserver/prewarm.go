package mcpserver

// prewarmExpected starts preparing runtimes for the default profile's
// servers as the runtime starts, before their discovery: a runtime needs
// only the servers' names (the tool proxies ask their tools at call
// time), and discovery takes long enough (a process spawn and a
// handshake per server) to have them ready when the first call comes.
// The set assumes every enabled server starts; Prewarm after discovery
// covers the case where one fails (the pool drops the unused key in time).
func (rt *Runtime) prewarmExpected() {
	pw, ok := rt.opts.Runner.(Prewarmer)
	if !ok {
		return
	}
	p, err := rt.cfg.Preset(rt.opts.DefaultProfile)
	if err != nil {
		return
	}
	pw.Prewarm(rt.cfg.ProfileServers(p), rt.opts.MaxMemoryBytes)
}
