// Package ascii has the byte classes of the C locale (isalpha, isdigit) that
// several text commands test bytes with.
package ascii
