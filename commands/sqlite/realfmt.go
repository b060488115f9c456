package sqlite

import (
	"math/big"
	"strconv"
	"strings"
)

// The sqlite3 3.40 CLI renders REAL values with SQLite's own printf, whose
// "%!.Ng" generates digits one at a time in x87 80-bit long double
// arithmetic. Past about 17 significant digits that differs from the exact
// decimal expansion (123456789.123 prints as ...12299999594, not ...595),
// so we replay the same arithmetic with 64-bit-mantissa big.Floats.

const ldPrec = 64 // mantissa bits of the x87 extended format

func ld(f float64) *big.Float {
	return new(big.Float).SetPrec(ldPrec).SetFloat64(f)
}

func ldMul(a *big.Float, f float64) *big.Float {
	return new(big.Float).SetPrec(ldPrec).Mul(a, ld(f))
}

// sqliteG formats a finite f like SQLite's "%!.<prec>g".
func sqliteG(f float64, prec int) string {
	neg := f < 0
	if neg {
		f = -f
	}
	if prec > 0 {
		prec--
	}
	// rounder is a double: 0.5 scaled down by prec decimal places.
	rounder := [10]float64{5.0e-01, 5.0e-02, 5.0e-03, 5.0e-04, 5.0e-05, 5.0e-06, 5.0e-07, 5.0e-08, 5.0e-09, 5.0e-10}[prec%10]
	for idx := prec; idx >= 10; idx -= 10 {
		rounder *= 1.0e-10
	}
	v, exp := normalize(ld(f))
	if f > 0 {
		v.Add(v, ld(rounder))
		if v.Cmp(ld(10)) >= 0 {
			v = ldMul(v, 0.1)
			exp++
		}
	}
	useExp := exp < -4 || exp > prec
	e2 := exp
	if useExp {
		e2 = 0
	} else {
		prec -= exp
	}
	var b strings.Builder
	if neg {
		b.WriteByte('-')
	}
	nsd := 26 // digits the "!" flag allows
	digit := func() byte {
		if nsd <= 0 {
			return '0'
		}
		nsd--
		d, _ := v.Int64()
		v.Sub(v, ld(float64(d)))
		v = ldMul(v, 10)
		return byte('0' + d)
	}
	if e2 < 0 {
		b.WriteByte('0')
	}
	for ; e2 >= 0; e2-- {
		b.WriteByte(digit())
	}
	b.WriteByte('.')
	for e2++; e2 < 0; e2++ {
		b.WriteByte('0')
		prec--
	}
	for ; prec > 0; prec-- {
		b.WriteByte(digit())
	}
	s := strings.TrimRight(b.String(), "0")
	if strings.HasSuffix(s, ".") {
		s += "0"
	}
	if useExp {
		s += expSuffix(exp)
	}
	return s
}

// normalize scales v into [1, 10) the way SQLite does, in steps of
// 1e100, 1e10 and 10, returning the decimal exponent.
func normalize(v *big.Float) (*big.Float, int) {
	exp := 0
	if v.Sign() == 0 {
		return v, 0
	}
	scale := ld(1)
	for _, step := range []struct {
		f float64
		n int
	}{{1e100, 100}, {1e10, 10}, {10, 1}} {
		for v.Cmp(ldMul(scale, step.f)) >= 0 && exp <= 350 {
			scale = ldMul(scale, step.f)
			exp += step.n
		}
	}
	v = new(big.Float).SetPrec(ldPrec).Quo(v, scale)
	for v.Cmp(ld(1e-8)) < 0 {
		v = ldMul(v, 1e8)
		exp -= 8
	}
	for v.Cmp(ld(1)) < 0 {
		v = ldMul(v, 10)
		exp--
	}
	return v, exp
}

func expSuffix(exp int) string {
	sign := "+"
	if exp < 0 {
		sign, exp = "-", -exp
	}
	d := strconv.Itoa(exp)
	if len(d) < 2 {
		d = "0" + d
	}
	return "e" + sign + d
}
