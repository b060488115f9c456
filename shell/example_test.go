package shell_test

import (
	"context"
	"fmt"

	"github.com/justbash/justbash/shell"
)

// The README's example.
func Example() {
	sh, err := shell.New(shell.Options{
		Files: map[string]string{"/home/user/data.txt": "b\na\nc\n"},
	})
	if err != nil {
		panic(err)
	}
	res, err := sh.Exec(context.Background(), "sort data.txt | head -2")
	fmt.Printf("%q %d %v\n", res.Stdout, res.ExitCode, err)
	// Output: "a\nb\n" 0 <nil>
}
