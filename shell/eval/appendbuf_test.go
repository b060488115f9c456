package eval

import (
	"strings"
	"testing"
)

// appendScripts check that += appends which share a buffer never change a
// value handed out earlier: copies appended to separately, values used in
// concurrent pipeline stages and subshells, arrays extended in place.
var appendScripts = []string{
	`s=$(printf '%070d' 0); t=$s; s+=a; t+=b; s+=c; echo "${s: -3} ${t: -3} ${#s} ${#t}"`,
	`s=$(printf '%070d' 0); s+=x; t=$s; s+=y; t+=z; s+=w; echo "${s: -3} ${t: -3}"`,
	`s=$(printf '%070d' 0); s+=1; { s+=2; echo "${s: -2}"; } | { s+=3; read l; echo "$l ${s: -2}"; }; s+=4; echo "${s: -3}"`,
	`s=$(printf '%070d' 0); s+=a; (s+=b; echo "${s: -2}"); s+=c; echo "${s: -3}"; a=("$s"); a[0]+=d; s+=e; echo "${a[0]: -2} ${s: -2}"`,
	`declare -u u=$(printf '%070d' 0); u+=ab; u+=cd; echo "${u: -4}"; declare -i n=5; n+=3; n+=2; echo $n`,
	`f() { local s=$1; s+=x; echo "${s: -2}"; }; g=$(printf '%070d' 0); g+=q; f "$g"; g+=r; echo "${g: -3}"`,
	`a=(1 2); b=("${a[@]}"); a+=(3); a+=([10]=x y); echo "${a[@]} | ${b[@]} | ${!a[@]}"; (a+=(4); echo ${#a[@]}); echo ${#a[@]}`,
	`declare -a e; e+=(x); echo ${e[@]}; s=str; s+=(y); declare -p s; declare -A m=([k]=v); m+=([j]=w); echo ${#m[@]}`,
	`for i in {1..300}; do s+="$i,"; a+=("$i"); done; echo ${#s} ${#a[@]} ${a[299]} ${s:0:8} ${s: -8}`,
	// ${#a[@]} is counted without listing: every kind of variable.
	`declare -A m=([a]=1 [b]=2); a=(1 2 3); unset 'a[1]'; b=(); s=x; declare -a d; e=; echo ${#a[@]} ${#a[*]} ${#m[@]} ${#b[@]} ${#s[@]} ${#u[@]} ${#d[@]} ${#e[@]}; declare -n r=a; echo ${#r[@]}`,
	// Under set -u: an unset or scalar variable is an error (status 1, rest
	// of the line dropped), a missing element of an array is not.
	"set -u; a=(1); echo ${#a[5]}; declare -A m=([x]=1); echo ${#m[y]} ${#m[@]}\necho ${#u[@]} not\necho $?\ndeclare -a d; echo ${#d[*]}\nx=1; echo ${#x[0]}\nf(){ echo ${#u[@]}; echo after; }; f; echo out\necho ${#z[3]}; echo no\necho end $?",
	// ${x//p/r}: an empty match is replaced too (then one character is
	// stepped over); an empty value only by a pattern led by '*'.
	"shopt -s extglob; x=; echo \"[${x//*/r}] [${x/*/r}] [${x//@(|a)/r}]\"; x=abc; echo \"[${x//*(z)/r}] [${x//?(a)/r}] [${x/*(z)/r}]\"; x=aXbX; echo \"${x//[A-Z]/-} ${x/[A-Z]/-} ${x//X*/-}\"",
	// Patterns reused from the cache keep the options they were compiled with.
	`for w in ab AB; do case $w in ab) echo lower;; *) echo other;; esac; shopt -s nocasematch; done; shopt -u nocasematch; for w in x.c y; do [[ $w == @(*.c) ]] && echo ext; shopt -s extglob; done`,
}

func TestOracleAppend(t *testing.T) {
	checkOracleRows(t, appendScripts)
}

// TestAppendBufKeepsEarlierValues: every string concat returned stays as
// it was while later appends extend the buffer, from it or from a copy.
func TestAppendBufKeepsEarlierValues(t *testing.T) {
	var a appendBuf
	base := strings.Repeat("x", 100)
	s1 := a.concat(base, "a")
	s2 := a.concat(s1, "b") // extends in place
	s3 := a.concat(s1, "c") // s1 is no longer the buffer's last value: copy
	s4 := a.concat(s2, "d") // s2 neither
	s5 := a.concat(s4, "e") // s4 is: in place
	for _, c := range []struct{ got, want string }{
		{s1, base + "a"}, {s2, base + "ab"}, {s3, base + "ac"}, {s4, base + "abd"}, {s5, base + "abde"},
	} {
		if c.got != c.want {
			t.Errorf("got ...%q, want ...%q", c.got[100:], c.want[100:])
		}
	}
	if got := a.concat("short", "x"); got != "shortx" {
		t.Errorf("short concat %q", got)
	}
}
