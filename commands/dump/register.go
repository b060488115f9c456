package dump

import "github.com/justbash/justbash/commands"

// Register adds the commands of this package to r.
func Register(r *commands.Registry) {
	r.RegisterBuiltin("base64", runBaseN)
	r.RegisterBuiltin("base32", runBaseN)
	r.RegisterBuiltin("cksum", runCksum)
	r.RegisterBuiltin("hexdump", runHexdump)
	r.RegisterBuiltin("hd", runHexdump)
	r.RegisterBuiltin("od", runOd)
	r.RegisterBuiltin("strings", runStrings)
	r.RegisterBuiltin("md5sum", runSum)
	r.RegisterBuiltin("sha1sum", runSum)
	r.RegisterBuiltin("sha224sum", runSum)
	r.RegisterBuiltin("sha256sum", runSum)
	r.RegisterBuiltin("sha384sum", runSum)
	r.RegisterBuiltin("sha512sum", runSum)
	r.RegisterBuiltin("xxd", runXxd)
}
