package pattern

import (
	"context"
	"strings"
	"testing"
)

func BenchmarkMatchSimple(b *testing.B) {
	p := mustCompile(b, "*.go", 0)
	for i := 0; i < b.N; i++ {
		p.Match("shell/pattern/pattern.go")
	}
}

func BenchmarkCompileMatch(b *testing.B) {
	for i := 0; i < b.N; i++ {
		p, _ := Compile("@(foo|bar)*[0-9]", ExtGlob)
		p.Match("foobar123")
	}
}

func BenchmarkMatchExtglob5000(b *testing.B) {
	s := strings.Repeat("a", 5000)
	p := mustCompile(b, "*(a|aa)*(a|aa)b", ExtGlob)
	b.SetBytes(int64(len(s)))
	for i := 0; i < b.N; i++ {
		p.Match(s)
	}
}

func BenchmarkNegation(b *testing.B) {
	s := strings.Repeat("abc", 1000)
	p := mustCompile(b, "!(*c*b*a)", ExtGlob)
	b.SetBytes(int64(len(s)))
	for i := 0; i < b.N; i++ {
		p.Match(s)
	}
}

func BenchmarkLongestSuffix(b *testing.B) {
	s := strings.Repeat("dir/", 2500) + "file.txt"
	p := mustCompile(b, "/*", 0)
	b.SetBytes(int64(len(s)))
	for i := 0; i < b.N; i++ {
		p.ShortestSuffix(s)
	}
}

func BenchmarkGlobStar(b *testing.B) {
	fsys := buildMem(b)
	for i := 0; i < b.N; i++ {
		if _, err := Glob(context.Background(), fsys, memRoot, "**/*", GlobOptions{GlobStar: true}); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkGlobTwoLevels(b *testing.B) {
	fsys := buildMem(b)
	for i := 0; i < b.N; i++ {
		if _, err := Glob(context.Background(), fsys, memRoot, "*/*", GlobOptions{}); err != nil {
			b.Fatal(err)
		}
	}
}
