package ascii

func IsDigit(b byte) bool { return b >= '0' && b <= '9' }

func IsAlpha(b byte) bool { return b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' }
