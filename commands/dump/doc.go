// Package dump holds the commands that show or digest bytes: od, xxd,
// hexdump, strings, base64/base32, cksum and the md5sum/sha*sum family.
package dump
