#!/bin/sh
# Whole-process start-up of justbash next to /bin/bash (issue 15).
#
#   bench/run.sh            # from the repository root
#   N=61 bench/run.sh       # more runs per script
#
# It builds the release binary as the README's install line does, then
# prints: the binary's size; median wall time, CPU time (user+sys) and
# peak RSS of each script of bench/startcmp, interleaved with /bin/bash,
# and an MCP worker's spawn-to-ready time; the package inits that run
# before main (GODEBUG=inittrace=1), biggest first; and the in-process
# cost of shell.New + Exec("echo hi") next to Exec alone. On a loaded
# machine, trust the CPU columns and the allocation counts over wall time.
set -eu
cd "$(dirname "$0")/.."
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT INT TERM

CGO_ENABLED=0 go build -trimpath -ldflags='-s -w' -o "$out/built" ./cmd/justbash
# Copied, as an install would: the pages of a file the linker just wrote
# sit in the page cache differently, and a process mapping them showed
# ~2 MB more resident (file-backed) memory than one mapping a copy.
cp "$out/built" "$out/justbash"
go build -o "$out/startcmp" ./bench/startcmp
echo "binary: $(wc -c <"$out/justbash") bytes (CGO_ENABLED=0 -trimpath -ldflags='-s -w')"
echo

"$out/startcmp" -justbash "$out/justbash" -n "${N:-31}" -mcpworker
echo

# Each init's clock time varies run to run; the minimum of 9 runs per
# package is its cost without the noise of a loaded machine.
i=0
while [ $i -lt 9 ]; do
	GODEBUG=inittrace=1 "$out/justbash" -c true 2>>"$out/inits"
	i=$((i + 1))
done
awk '$1 == "init" {
	ms = $5 + 0; k = $2
	if (!(k in min) || ms < min[k]) { min[k] = ms; al[k] = $10 }
} END {
	for (k in min) { total += min[k]; n++ }
	printf "package inits before main: %d, %.2f ms in all (min of 9 runs each)\n", n, total
	for (k in min) printf "%8.3f ms %7d allocs  %s\n", min[k], al[k], k | "sort -rn | head -25"
}' "$out/inits"
echo

go test -run '^$' -bench 'NewShellExec|^BenchmarkExec$/^EchoHi$|BashProcess' -benchmem -count "${COUNT:-3}" ./shell/
