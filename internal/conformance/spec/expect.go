package spec

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
)

// Expectation is what a case must produce for one shell label.
type Expectation struct {
	Stdout    *string // nil: stdout is not checked
	Stderr    *string // nil: not stated (stderr is never compared by default)
	Status    int
	Qualifier string // "", OK, BUG, N-I, ...
	NI        bool   // N-I for the label: the case is skipped
}

// Expect computes the expectation of c for label (normally "bash"): a
// per-shell assertion replaces the default one key by key (stdout, stderr,
// status); a -json form wins over the plain form of the same key.
func Expect(c *Case, label string) (Expectation, error) {
	var e Expectation
	found := map[string]bool{}
	if per := c.Shells[label]; per != nil {
		e.Qualifier = per.Qualifier
		e.NI = per.Qualifier == "N-I"
		for _, key := range []string{"stdout", "stderr"} {
			v, ok, err := pick(per.Keys, key)
			if err != nil {
				return e, err
			}
			if ok {
				setStream(&e, key, v)
				found[key] = true
			}
		}
		if s, ok := per.Keys["status"]; ok {
			n, err := parseStatus(s)
			if err != nil {
				return e, err
			}
			e.Status = n
			found["status"] = true
		}
	}
	for _, key := range []string{"stdout", "stderr"} {
		if found[key] {
			continue
		}
		v, ok, err := pick(c.Asserts, key)
		if err != nil {
			return e, err
		}
		if ok {
			setStream(&e, key, v)
		}
	}
	if s, ok := c.Asserts["status"]; ok && !found["status"] {
		n, err := parseStatus(s)
		if err != nil {
			return e, err
		}
		e.Status = n
	}
	return e, nil
}

// pick returns key's value from m, decoding key-json when present.
func pick(m map[string]string, key string) (string, bool, error) {
	v, ok := m[key]
	if j, has := m[key+"-json"]; has {
		var s string
		if err := json.Unmarshal([]byte(j), &s); err != nil {
			return "", false, fmt.Errorf("%s-json: %v", key, err)
		}
		return s, true, nil
	}
	return v, ok, nil
}

func setStream(e *Expectation, key, v string) {
	if key == "stdout" {
		e.Stdout = &v
	} else {
		e.Stderr = &v
	}
}

// parseStatus accepts what Python's int() accepts for the corpus: an
// integer with surrounding blanks.
func parseStatus(s string) (int, error) {
	n, err := strconv.Atoi(strings.TrimSpace(s))
	if err != nil {
		return 0, fmt.Errorf("bad status %q", s)
	}
	return n, nil
}
