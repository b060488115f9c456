package pattern

// corpus lists the pattern/subject pairs TestGenerateTable asks bash
// about: each group crosses its patterns with its subjects.
func corpus() []matchRow {
	groups := []struct {
		nocase bool
		pats   []string
		subs   []string
	}{
		{false, // plain wildcards
			[]string{`*`, `?`, `a*`, `*a`, `*a*`, `a?c`, `??`, `*b*c`, `a*b*c`, `a**c`, ``, `abc`, `*.*`, `a*.c`},
			[]string{``, `a`, `abc`, `aabbcc`, `ab.c`, `.a`, `cba`, `a.b.c`, `abcabc`}},
		{false, // escapes and quoting
			[]string{`\*`, `a\*`, `\?`, `\[a]`, `a\\b`, `\a\b`, `a\`, `*\*`, `\**`, `[\]]`, `[\!a]`, `\(x\)`},
			[]string{`*`, `a*`, `?`, `[a]`, `a\b`, `ab`, `a\`, `x*`, `*x`, `]`, `!`, `(x)`, `a`}},
		{false, // brackets
			[]string{`[abc]`, `[a-c]`, `[!a-c]`, `[^a-c]`, `[]a]`, `[!]a]`, `[a-]`, `[-a]`, `[]-a]`, `[z-a]`, `[a`, `a]`, `[]`, `[!]`, `[[]`, `[\-]`, `[a-c-e]`, `[%--]`},
			[]string{`a`, `b`, `d`, `]`, `-`, `^`, `[`, `[a`, `a]`, `[]`, `[!]`, `!`, `e`, `,`}},
		{false, // character classes
			[]string{`[[:alpha:]]`, `[[:digit:]]`, `[[:alnum:]]`, `[[:upper:]]`, `[[:lower:]]`, `[[:space:]]`, `[[:blank:]]`, `[[:punct:]]`, `[[:xdigit:]]`, `[[:cntrl:]]`, `[[:print:]]`, `[[:graph:]]`, `[[:word:]]`, `[[:foo:]]`, `[![:alpha:]]`, `[[:alpha:][:digit:]]`, `[[:alpha:]`, `[[=a=]]`, `[[.a.]]`, `[[.space.]]`, `[[.hyphen.]]`},
			[]string{`a`, `Z`, `5`, ` `, "\t", `_`, `.`, "\x01", `f`, `-`, `é`}},
		{false, // UTF-8 and invalid bytes
			[]string{`?`, `??`, `?b`, `[é]`, `é*`, `*é`, `[a-ÿ]`, "\xff", "?\xfe", `[[:alpha:]]*`},
			[]string{`é`, `éb`, `ab`, "\xff", "\xffb", "a\xfe", "é\xfe", `ÿ`, `日本`, "\xe2\x82"}},
		{false, // extglob ?() @() *() +()
			[]string{`?(a)b`, `@(a|b)`, `@(ab|a)*`, `*(a)`, `*(ab)`, `+(a|b)`, `+(ab)c`, `a*(b|c)d`, `@()`, `*()`, `?(a|b|)c`, `@(a*|*c)`, `*(a|aa)b`, `x+(y|z)`, `@(a|@(b|c))d`, `*(+(a)b)`},
			[]string{``, `a`, `b`, `ab`, `abab`, `ababc`, `aab`, `abcd`, `ad`, `c`, `xyzy`, `abbd`, `aabab`}},
		{false, // extglob !()
			[]string{`!(a)`, `!(a*)`, `!(*.c)`, `!(foo|bar)`, `a!(b)c`, `!(a)*`, `*!(a)`, `!()`, `!(!(a))`, `!(*)`, `@(!(a)|b)`, `!(a|b)x`, `+(!(a))`, `x!(*y*)`},
			[]string{``, `a`, `b`, `ab`, `abc`, `ac`, `x.c`, `foo`, `bar`, `foobar`, `ax`, `xay`, `xa`, `aa`}},
		{false, // malformed extglob and nesting
			[]string{`@(a`, `!(a`, `*(a|b`, `@(a)b)`, `@([)|]|x)`, `@(\)|x)`, `@(a|b)@(c|d)`, `+(@(a|b)c)`, `!(@(a|b))`, `@(a(b)c)`, `?(x`},
			[]string{`a`, `@(a`, `!(a`, `ab)`, `)`, `x`, `ac`, `bd`, `acbc`, `c`, `a(b)c`, `(x`, `x`}},
		{true, // nocasematch
			[]string{`a*`, `[a-c]x`, `ABC`, `[[:upper:]]`, `[!a]`, `@(foo|bar)`, `!(foo)`, `é`, `*Ss*`},
			[]string{`ABC`, `abc`, `Bx`, `bX`, `a`, `A`, `FOO`, `Bar`, `É`, `xSSx`, `xssx`}},
		{false, // prefix/suffix/substitution shapes
			[]string{`a`, `a*`, `*a`, `?`, `*`, `b*`, `*b`, `[ab]`, `@(ab|a)`, `!(b)`, `*(a)`, `a*b`},
			[]string{`abab`, `aaa`, `bab`, `xabx`, `b`, `ba`, ``}},
	}
	var rows []matchRow
	for _, g := range groups {
		for _, p := range g.pats {
			for _, s := range g.subs {
				rows = append(rows, matchRow{p: p, s: s, nocase: g.nocase})
			}
		}
	}
	return rows
}
