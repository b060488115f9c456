package locale

import "testing"

func TestUTF8(t *testing.T) {
	env := func(m map[string]string) func(string) string { return func(k string) string { return m[k] } }
	rows := []struct {
		m     map[string]string
		unset bool
		want  bool
	}{
		{map[string]string{"LC_ALL": "C", "LANG": "C.UTF-8"}, true, false},
		{map[string]string{"LC_CTYPE": "en_US.utf8"}, false, true},
		{map[string]string{"LANG": "POSIX"}, true, false},
		{map[string]string{}, true, true},
		{map[string]string{}, false, false},
	}
	for _, r := range rows {
		if got := UTF8(env(r.m), r.unset); got != r.want {
			t.Errorf("%v unset=%v: %v", r.m, r.unset, got)
		}
	}
}
