package fileio

import (
	"strconv"
	"unicode/utf8"
)

// SafeName returns a file name as results and messages print it: as it is, or, when it
// holds a control character (a tab or newline would forge an output line, an escape
// would drive the terminal), an invalid UTF-8 byte or another unprintable character,
// quoted in Go syntax ("a.txt\tB+9").
func SafeName(name string) string {
	if printable(name) {
		return name
	}
	return strconv.Quote(name)
}

// AppendSafeName appends SafeName(name) to dst.
func AppendSafeName(dst []byte, name string) []byte {
	if printable(name) {
		return append(dst, name...)
	}
	return strconv.AppendQuote(dst, name)
}

// SafeText returns a message's text with what SafeName quotes escaped in Go syntax
// (\n, \x1b), without quotes around it, so that it stays one line on the terminal.
func SafeText(s string) string {
	if printable(s) {
		return s
	}
	q := strconv.Quote(s)
	return q[1 : len(q)-1]
}

// printable reports whether s is valid UTF-8 without a control or other unprintable
// character (as strconv.IsPrint, a space allowed).
func printable(s string) bool {
	for i := 0; i < len(s); {
		c := s[i]
		if c >= 0x20 && c < 0x7f {
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size <= 1 || !strconv.IsPrint(r) {
			return false
		}
		i += size
	}
	return true
}
