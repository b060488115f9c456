package jsexec

import (
	"strings"
	"sync"
	"testing"

	"github.com/dop251/goja"
)

// A shared string primitive is used by VMs on several goroutines at once
// without a write to it (go test -race: goja scans a string of more than
// 16 bytes on first use, in place; stringValue scans it before sharing).
func TestSharedStringValuesAcrossVMs(t *testing.T) {
	names := []string{"short", "getOwnPropertyDescriptors", "a name with ünïcode past sixteen bytes"}
	var start sync.WaitGroup
	start.Add(1)
	var wg sync.WaitGroup
	for g := 0; g < 4; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			vm := goja.New()
			vals := make([]goja.Value, len(names))
			for i, n := range names {
				vals[i] = stringValue(vm, n)
			}
			start.Wait()
			for i, v := range vals {
				if err := vm.Set("s", v); err != nil {
					t.Error(err)
					return
				}
				got, err := vm.RunString(`s.length + ":" + s.toUpperCase() + ":" + (s + "!").charCodeAt(3)`)
				if err != nil {
					t.Error(err)
					return
				}
				if want := strings.ToUpper(names[i]); !strings.Contains(got.String(), ":"+want+":") {
					t.Errorf("%q: %s", names[i], got)
				}
			}
		}()
	}
	start.Done()
	wg.Wait()
	if a, b := stringValue(goja.New(), names[1]), stringValue(goja.New(), names[1]); a != b {
		t.Error("the same name gave two values")
	}
}
