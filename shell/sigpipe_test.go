package shell

import (
	"context"
	"strings"
	"testing"
	"time"
)

// pipeCase is how one command is run between a producer and head -1.
// stream marks the commands that keep writing while input lasts: with an
// endless producer they can only end by the broken pipe, so they must end
// with 141 and say nothing, as under bash.
type pipeCase struct {
	script string
	stream bool
}

// pipeCases gives args and a producer per command; a command not listed
// runs as "yes | CMD | head -1". Commands that must read all their input
// before writing (sort, md5sum, diff) get a bounded producer: GNU's would
// run forever on yes too.
var pipeCases = map[string]pipeCase{
	"cat":      {"yes | cat -n | head -1", true},
	"cut":      {"yes | cut -c1 | head -1", true},
	"rev":      {"yes | rev | head -1", true},
	"fold":     {"yes | fold -w1 | head -1", true},
	"nl":       {"yes | nl | head -1", true},
	"paste":    {"yes | paste - | head -1", true},
	"expand":   {"yes | expand | head -1", true},
	"unexpand": {"yes | unexpand | head -1", true},
	"od":       {"yes | od -v -c | head -1", true},
	"xxd":      {"yes | xxd | head -1", true},
	"hexdump":  {"yes | hexdump -v -C | head -1", true},
	"hd":       {"yes | hd -v | head -1", true},
	"comm":     {"yes | comm - /dev/null | head -1", true},
	"tail":     {"yes | tail -n +1 | head -1", true},
	"tee":      {"yes | tee | head -1", true},
	"grep":     {"yes | grep y | head -1", true},
	"egrep":    {"yes | egrep y | head -1", true},
	"fgrep":    {"yes | fgrep y | head -1", true},
	"rg":       {"yes | rg y | head -1", true},
	"sed":      {"yes | sed p | head -1", true},
	"awk":      {"yes | awk '{print}' | head -1", true},
	"tr":       {"yes | tr y z | head -1", true},
	"uniq":     {"seq 1000000000 | uniq | head -1", true},
	"base64":   {"yes | base64 | head -1", true},
	"base32":   {"yes | base32 | head -1", true},
	"strings":  {"yes abcdef | strings | head -1", true},
	"xargs":    {"yes | xargs echo | head -1", true},
	"yes":      {"yes | yes | head -1", true},
	"seq":      {"yes | seq 1000000000 | head -1", true},
	// jq and sqlite3 read their whole input first (jq 1.6 and sqlite3
	// stream): bounded here.
	"jq":      {"seq 100000 | jq . | head -1", false},
	"sqlite3": {"seq 1000 | sed 's/.*/select &;/' | sqlite3 | head -1", false},
	"bash":    {"yes | bash -c 'while read l; do echo $l; done' | head -1", true},
	"sh":      {"yes | sh -c 'while :; do echo x; done' | head -1", true},
	"js-exec": {"yes | js-exec -c 'for (;;) console.log(1)' | head -1", true},
	"node":    {"yes | node -e 'for (;;) console.log(1)' | head -1", true},
	"timeout": {"yes | timeout 600 cat | head -1", true},
	// time in a pipeline is the shell's keyword, which reports on stderr.
	"time": {"yes | time cat | head -1", false},
	"env":  {"yes | env cat | head -1", true},
	// yes compresses so well that gzip would write too rarely: a 64 KiB
	// block of output per ~64 MiB of input, which took gunzip and zcat
	// past the shell's minute under -race on a loaded machine.
	"gzip":             {"seq 1000000000 | gzip | head -1", true},
	"gunzip":           {"seq 1000000000 | gzip | gunzip | head -1", true},
	"zcat":             {"seq 1000000000 | gzip | zcat | head -1", true},
	"fmt":              {"seq 100000 | fmt | head -1", false},
	"sort":             {"seq 100000 | sort | head -1", false},
	"tac":              {"seq 100000 | tac | head -1", false},
	"shuf":             {"seq 100000 | shuf | head -1", false},
	"wc":               {"seq 100000 | wc | head -1", false},
	"join":             {"seq 100000 | join - /dev/null | head -1", false},
	"cmp":              {"seq 100000 | cmp - /dev/null | head -1", false},
	"diff":             {"seq 100000 | diff - /dev/null | head -1", false},
	"column":           {"seq 100000 | column | head -1", false},
	"cksum":            {"seq 100000 | cksum | head -1", false},
	"md5sum":           {"seq 100000 | md5sum | head -1", false},
	"sha1sum":          {"seq 100000 | sha1sum | head -1", false},
	"sha224sum":        {"seq 100000 | sha224sum | head -1", false},
	"sha256sum":        {"seq 100000 | sha256sum | head -1", false},
	"sha384sum":        {"seq 100000 | sha384sum | head -1", false},
	"sha512sum":        {"seq 100000 | sha512sum | head -1", false},
	"yq":               {"seq 100000 | yq . | head -1", false},
	"split":            {"seq 1000 | split -l 10 - /tmp/sp_ | head -1", false},
	"sleep":            {"yes | sleep 0 | head -1", false},
	"html-to-markdown": {"seq 1000 | html-to-markdown | head -1", false},
}

// TestEveryCommandStopsOnBrokenPipe runs every registered command between
// a producer and head -1: each pipeline must end (the test fails at its
// deadline otherwise), and a streaming command must end with 141 silently.
func TestEveryCommandStopsOnBrokenPipe(t *testing.T) {
	sh := newShell(t, Options{})
	for _, name := range sh.Registry().Names() {
		tc, ok := pipeCases[name]
		if !ok {
			tc = pipeCase{script: "yes | " + shellQuoteName(name) + " | head -1"}
		}
		t.Run(name, func(t *testing.T) {
			ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
			defer cancel()
			res, err := sh.Exec(ctx, tc.script+`; echo "status=${PIPESTATUS[1]}"`)
			if err != nil || ctx.Err() != nil {
				t.Fatalf("%s: did not finish: %v", tc.script, err)
			}
			if !tc.stream {
				return
			}
			if !strings.HasSuffix(res.Stdout, "status=141\n") || res.Stderr != "" {
				t.Errorf("%s: want status 141 and no stderr, got stdout %q stderr %q", tc.script, res.Stdout, res.Stderr)
			}
		})
	}
}

func shellQuoteName(s string) string {
	if s == ":" || s == "[" {
		return s
	}
	return "'" + s + "'"
}
