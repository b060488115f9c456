package text
