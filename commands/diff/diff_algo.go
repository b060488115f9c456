package diff

// diffEdit is one aligned step: a line only in a (del), only in b (ins),
// or in both.
type diffEdit struct {
	kind byte // '=', '-', '+'
	a, b int  // line indexes in a and b (the one that applies)
}

// myersDiff computes a shortest edit script between a and b (line ids)
// with the greedy O((N+M)D) algorithm, keeping one V array per step for
// the backtrack. Common prefix and suffix are stripped first, which keeps
// D and memory small for typical edits.
func myersDiff(a, b []int) []diffEdit {
	pre := 0
	for pre < len(a) && pre < len(b) && a[pre] == b[pre] {
		pre++
	}
	suf := 0
	for suf < len(a)-pre && suf < len(b)-pre && a[len(a)-1-suf] == b[len(b)-1-suf] {
		suf++
	}
	var out []diffEdit
	for i := 0; i < pre; i++ {
		out = append(out, diffEdit{'=', i, i})
	}
	mid := myersCore(a[pre:len(a)-suf], b[pre:len(b)-suf])
	for _, e := range mid {
		e.a += pre
		e.b += pre
		out = append(out, e)
	}
	for i := 0; i < suf; i++ {
		out = append(out, diffEdit{'=', len(a) - suf + i, len(b) - suf + i})
	}
	return out
}

// maxTrace bounds the V-array cells kept for the backtrack (32 MiB); it
// allows edit distances up to about 2900 lines.
const maxTrace = 4 << 20

// replaceAll is the edit script that deletes all of a and inserts all of
// b: valid, not minimal.
func replaceAll(n, m int) []diffEdit {
	out := make([]diffEdit, 0, n+m)
	for i := 0; i < n; i++ {
		out = append(out, diffEdit{'-', i, 0})
	}
	for j := 0; j < m; j++ {
		out = append(out, diffEdit{'+', n, j})
	}
	return out
}

func myersCore(a, b []int) []diffEdit {
	n, m := len(a), len(b)
	if n == 0 && m == 0 {
		return nil
	}
	max := n + m
	off := max + 1
	v := make([]int, 2*max+3)
	var trace [][]int
	var dEnd int
	kept := 0
outer:
	for d := 0; d <= max; d++ {
		// Only diagonals -d..d can be read back at this step: O(D²) memory.
		// Past maxTrace cells (two inputs that share little) the minimal
		// script is given up for a plain one, as GNU diff gives up on
		// "too expensive" searches: memory and time stay bounded.
		if kept += 2*d + 1; kept > maxTrace {
			return replaceAll(n, m)
		}
		trace = append(trace, append([]int(nil), v[off-d:off+d+1]...))
		for k := -d; k <= d; k += 2 {
			var x int
			if k == -d || (k != d && v[off+k-1] < v[off+k+1]) {
				x = v[off+k+1]
			} else {
				x = v[off+k-1] + 1
			}
			y := x - k
			for x < n && y < m && a[x] == b[y] {
				x++
				y++
			}
			v[off+k] = x
			if x >= n && y >= m {
				dEnd = d
				break outer
			}
		}
	}
	// Backtrack from (n, m) through the saved V arrays.
	var rev []diffEdit
	x, y := n, m
	for d := dEnd; d > 0; d-- {
		vp := trace[d]
		k := x - y
		var pk int
		if k == -d || (k != d && vp[k-1+d] < vp[k+1+d]) {
			pk = k + 1
		} else {
			pk = k - 1
		}
		px := vp[pk+d]
		py := px - pk
		for x > px && y > py {
			x--
			y--
			rev = append(rev, diffEdit{'=', x, y})
		}
		if x == px {
			y--
			rev = append(rev, diffEdit{'+', x, y})
		} else {
			x--
			rev = append(rev, diffEdit{'-', x, y})
		}
	}
	for x > 0 && y > 0 {
		x--
		y--
		rev = append(rev, diffEdit{'=', x, y})
	}
	for i, j := 0, len(rev)-1; i < j; i, j = i+1, j-1 {
		rev[i], rev[j] = rev[j], rev[i]
	}
	return rev
}
