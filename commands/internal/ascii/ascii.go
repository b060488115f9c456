package ascii

// IsDigit is isdigit(3) in the C locale.
func IsDigit(b byte) bool { return b >= '0' && b <= '9' }

// IsAlpha is isalpha(3) in the C locale: no byte above 0x7f is a letter.
func IsAlpha(b byte) bool { return b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' }
