package files

import "github.com/justbash/justbash/commands"

// Register adds the commands of this package to r.
func Register(r *commands.Registry) {
	r.RegisterBuiltin("basename", runBasename)
	r.RegisterBuiltin("chmod", runChmod)
	r.RegisterBuiltin("cp", runCp)
	r.RegisterBuiltin("dd", runDd)
	r.RegisterBuiltin("df", runDf)
	r.RegisterBuiltin("dirname", runDirname)
	r.RegisterBuiltin("du", runDu)
	r.RegisterBuiltin("file", runFile)
	r.RegisterBuiltin("ln", runLn)
	r.RegisterBuiltin("ls", runLs)
	r.RegisterBuiltin("mkdir", runMkdir)
	r.RegisterBuiltin("mktemp", runMktemp)
	r.RegisterBuiltin("mv", runMv)
	r.RegisterBuiltin("readlink", runReadlink)
	r.RegisterBuiltin("realpath", runRealpath)
	r.RegisterBuiltin("rm", runRm)
	r.RegisterBuiltin("rmdir", runRmdir)
	r.RegisterBuiltin("stat", runStat)
	r.RegisterBuiltin("touch", runTouch)
	r.RegisterBuiltin("tree", runTree)
	r.RegisterBuiltin("truncate", runTruncate)
	r.RegisterBuiltin("unlink", runUnlink)
}
