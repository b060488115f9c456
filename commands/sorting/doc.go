// Package sorting holds the commands on sorted or ordered lines: sort,
// uniq, comm, join and shuf.
package sorting
