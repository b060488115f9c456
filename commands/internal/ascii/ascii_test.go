package ascii

import (
	"testing"
	"unicode"
)

// TestClasses: the C locale's classes are the ASCII letters and digits
// only; Go's unicode tables, limited to ASCII, are the reference.
func TestClasses(t *testing.T) {
	for i := 0; i < 256; i++ {
		b := byte(i)
		r := rune(b)
		if want := r < 0x80 && unicode.IsDigit(r); IsDigit(b) != want {
			t.Errorf("IsDigit(%#x) = %v", b, !want)
		}
		if want := r < 0x80 && unicode.IsLetter(r); IsAlpha(b) != want {
			t.Errorf("IsAlpha(%#x) = %v", b, !want)
		}
	}
}
