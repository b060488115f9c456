package repl

import (
	"slices"
	"strings"
	"testing"

	"github.com/justbash/justbash/vfs"
)

func testEnv(t *testing.T) completionEnv {
	t.Helper()
	m := vfs.NewMem()
	for _, d := range []string{"/home/user/project/src", "/home/user/.config", "/tmp/dir one", "/usr/bin", "/etc"} {
		if err := m.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	for _, f := range []string{"/home/user/notes.txt", "/home/user/new.md", "/home/user/.hidden",
		"/home/user/project/main.go", "/tmp/dir one/a b.txt", "/etc/passwd", "/etc/profile"} {
		if err := vfs.WriteFile(m, f, []byte("x"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := m.Symlink("/home/user/project", "/home/user/plink"); err != nil {
		t.Fatal(err)
	}
	return completionEnv{
		commands: []string{"cat", "cd", "echo", "else", "export", "grep", "if", "ls"},
		fs:       m,
		dir:      "/home/user",
		home:     "/home/user",
	}
}

func TestComplete(t *testing.T) {
	tests := []struct {
		line  string
		word  string
		cands []string
	}{
		// command position
		{"", "", []string{"cat", "cd", "echo", "else", "export", "grep", "if", "ls"}},
		{"e", "e", []string{"echo", "else", "export"}},
		{"ec", "ec", []string{"echo"}},
		{"echo hi; c", "c", []string{"cat", "cd"}},
		{"ls | gr", "gr", []string{"grep"}},
		{"x=1 ec", "ec", []string{"echo"}},
		{"if ec", "ec", []string{"echo"}},
		{"echo $(ca", "ca", []string{"cat"}},
		{"true && l", "l", []string{"ls"}},
		{"zz", "zz", nil},
		// paths: relative, hidden files only on request, dirs and links to dirs with a slash
		{"cat n", "n", []string{"new.md", "notes.txt"}},
		{"cat ", "", []string{"new.md", "notes.txt", "plink/", "project/"}},
		{"cat .", ".", []string{".config/", ".hidden"}},
		{"cat pro", "pro", []string{"project/"}},
		{"cat project/", "project/", []string{"project/main.go", "project/src/"}},
		{"ls plink/m", "plink/m", []string{"plink/main.go"}},
		// absolute, tilde, and a command word with a slash is a path
		{"cat /etc/p", "/etc/p", []string{"/etc/passwd", "/etc/profile"}},
		{"cat ~/pr", "~/pr", []string{"~/project/"}},
		{"./pro", "./pro", []string{"./project/"}},
		{"cat > no", "no", []string{"notes.txt"}},
		// quoting: names with spaces are escaped, or kept in the user's quotes
		{"cd /tmp/d", "/tmp/d", []string{`/tmp/dir\ one/`}},
		{`cat /tmp/dir\ one/a`, `/tmp/dir\ one/a`, []string{`/tmp/dir\ one/a\ b.txt`}},
		{`cat "/tmp/dir one/a`, `"/tmp/dir one/a`, []string{`"/tmp/dir one/a b.txt"`}},
		{`cat '/tmp/di`, `'/tmp/di`, []string{`'/tmp/dir one/`}},
		{`cat '/etc/pas`, `'/etc/pas`, []string{`'/etc/passwd'`}},
		// nothing for missing directories, other users or variables
		{"cat /nope/x", "/nope/x", nil},
		{"cat ~ro", "~ro", nil},
		{"echo $HO", "$HO", nil},
	}
	env := testEnv(t)
	for _, tt := range tests {
		word, cands := complete(tt.line, len([]rune(tt.line)), env)
		if word != tt.word || !slices.Equal(cands, tt.cands) {
			t.Errorf("complete(%q) = %q, %q; want %q, %q", tt.line, word, cands, tt.word, tt.cands)
		}
	}
}

func TestCompleteCursorInMiddle(t *testing.T) {
	env := testEnv(t)
	// Only the text before the cursor counts: "ec|ho x".
	word, cands := complete("echo x", 2, env)
	if word != "ec" || !slices.Equal(cands, []string{"echo"}) {
		t.Errorf("got %q %q", word, cands)
	}
	// Out-of-range cursors are clamped, never a panic.
	if _, cands := complete("ec", 99, env); !slices.Equal(cands, []string{"echo"}) {
		t.Errorf("clamped cursor: %q", cands)
	}
	if word, _ := complete("ec", -3, env); word != "" {
		t.Errorf("negative cursor: word %q", word)
	}
}

func TestCompleteExtra(t *testing.T) {
	env := testEnv(t)
	var seen [][]string
	env.extra = []Completer{
		func(words []string) []string {
			seen = append(seen, words)
			if len(words) == 2 && words[0] == "math" {
				return []string{"add", "avg", "mul"}
			}
			return nil
		},
		func([]string) []string { panic("broken completer") },
	}
	word, cands := complete(`math "a`, 7, env)
	if word != `"a` {
		t.Errorf("word %q", word)
	}
	// Candidates are replacements of the typed word: they must start with it.
	if len(cands) != 0 {
		t.Errorf("quoted word: got %q", cands)
	}
	word, cands = complete("math a", 6, env)
	if word != "a" || !slices.Equal(cands, []string{"add", "avg"}) {
		t.Errorf("got %q %q", word, cands)
	}
	if want := []string{"math", "a"}; !slices.Equal(seen[len(seen)-1], want) {
		t.Errorf("completer saw %q, want %q", seen[len(seen)-1], want)
	}
}

func TestLexLine(t *testing.T) {
	tests := []struct {
		in    string
		words []string
		value string
		raw   string
		cmd   bool
	}{
		{"", nil, "", "", true},
		{"echo 'a b' c\\ d \"e", []string{"echo", "a b", "c d"}, "e", `"e`, false},
		{`echo "x\"y`, []string{"echo"}, `x"y`, `"x\"y`, false},
		{"a; b", nil, "b", "b", true},
		{"a; b ", []string{"b"}, "", "", false},
		{"FOO=1 BAR=2 ", []string{"FOO=1", "BAR=2"}, "", "", true},
		{"1x=2 ", []string{"1x=2"}, "", "", false},
		{"while ! ", []string{"while", "!"}, "", "", true},
		{"echo `d", nil, "d", "d", true},
		{"echo >", []string{"echo", ">"}, "", "", false},
		{"x >", []string{"x", ">"}, "", "", false},
	}
	for _, tt := range tests {
		lx := lexLine(tt.in)
		if !slices.Equal(lx.words, tt.words) || lx.value != tt.value || lx.raw != tt.raw || lx.commandPosition() != tt.cmd {
			t.Errorf("lexLine(%q) = %q %q %q cmd=%v; want %q %q %q cmd=%v", tt.in,
				lx.words, lx.value, lx.raw, lx.commandPosition(), tt.words, tt.value, tt.raw, tt.cmd)
		}
	}
}

func TestLineComplete(t *testing.T) {
	tests := []struct {
		buf  string
		want bool
	}{
		{"", true},
		{"   ", true},
		{"echo hi", true},
		{"for i in 1 2; do echo $i; done", true},
		{"if true; then", false},
		{"if true; then\necho x\nfi", true},
		{`echo "abc`, false},
		{"echo 'x", false},
		{"echo a |", false},
		{"true &&", false},
		{"f() {", false},
		{"case x in", false},
		{"echo $(", false},
		{"cat <<EOF\nfoo", false},
		{"cat <<EOF\nfoo\nEOF", true},
		{`echo a \`, false},
		{`echo a \\`, true},
		// A syntax error is complete: the shell reports it rather than waiting.
		{"echo )(", true},
		{"fi", true},
	}
	for _, tt := range tests {
		if got := lineComplete(tt.buf); got != tt.want {
			t.Errorf("lineComplete(%q) = %v, want %v", tt.buf, got, tt.want)
		}
	}
}

func TestParseError(t *testing.T) {
	tests := []struct {
		buf  string
		want bool
	}{
		{"echo hi", false},
		{"echo )(", true},
		{"fi", true},
		{"if true; then echo; fi", false},
	}
	for _, tt := range tests {
		if got := parseError(tt.buf); got != tt.want {
			t.Errorf("parseError(%q) = %v, want %v", tt.buf, got, tt.want)
		}
	}
}

func TestPrompt(t *testing.T) {
	tests := []struct{ dir, want string }{
		{"/home/user", "user@justbash:~$ "},
		{"/home/user/project", "user@justbash:~/project$ "},
		{"/home/username", "user@justbash:/home/username$ "},
		{"/", "user@justbash:/$ "},
		{"/tmp", "user@justbash:/tmp$ "},
	}
	for _, tt := range tests {
		if got := defaultPrompt(tt.dir, "/home/user"); got != tt.want {
			t.Errorf("prompt(%q) = %q, want %q", tt.dir, got, tt.want)
		}
	}
	if got := tildePath("/x", "/"); got != "/x" {
		t.Errorf("HOME=/: %q", got)
	}
	if got := tildePath("/x", ""); !strings.HasPrefix(got, "/x") {
		t.Errorf("empty HOME: %q", got)
	}
}
