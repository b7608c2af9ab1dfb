// Package plural writes counts of things in English: "1 game", "2 games", "0 plies".
package plural

import "fmt"

// Integer is any integer type a count may have.
type Integer interface {
	~int | ~int8 | ~int16 | ~int32 | ~int64 | ~uint | ~uint8 | ~uint16 | ~uint32 | ~uint64 | ~uintptr
}

// Of returns n and noun, with "s" added to noun unless n is 1: Of(1, "game") is
// "1 game", Of(3, "game") "3 games".
func Of[T Integer](n T, noun string) string {
	return Irregular(n, noun, noun+"s")
}

// Irregular returns n and one when n is 1, else n and many: Irregular(2, "ply",
// "plies") is "2 plies".
func Irregular[T Integer](n T, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}
