package uttt

import "strings"

// IsBoardString reports whether a is written like one of the protocol's 9-character
// board strings (each character -, X, x, O, o or 0).
func IsBoardString(a string) bool {
	return len(a) == 9 && strings.Trim(a, "-XxOo0") == ""
}

// ParsePosition reads a position given as arguments: none (the start), the 12
// protocol arguments (ParseProtocol), or two-digit moves played from the start
// (ParseMoves).
func ParsePosition(args []string) (Position, error) {
	if len(args) == 0 {
		return Start(), nil
	}
	if len(args[0]) == 1 || IsBoardString(args[0]) || len(args) == 12 && len(args[0]) != 2 {
		return ParseProtocol(args)
	}
	return ParseMoves(args)
}
