package wythoffcmd

import (
	"encoding/binary"
	"math/bits"
)

// digitRun returns the number of leading ASCII digits of the 8 bytes in w (little
// endian, the first byte lowest), 0 to 8.
func digitRun(w uint64) int {
	t := w - 0x3030303030303030
	// a byte is a digit when t's byte is 0..9: then neither it nor it + 0x76 has the
	// high bit set. Borrows and carries only disturb the bytes after the first
	// non-digit, which are not counted.
	m := (t | (t + 0x7676767676767676)) & 0x8080808080808080
	return bits.TrailingZeros64(m) >> 3
}

// swarValue converts the first k (0..8) digits of w (little endian, as loaded) to
// their value with three multiplications instead of k dependent ones.
func swarValue(w uint64, k int) uint64 {
	// the k digits in the high bytes, zeros (leading digits) below; the first byte is
	// the most significant digit
	t := (w - 0x3030303030303030) << (64 - 8*uint(k))
	t = (t * (10<<8 + 1)) >> 8 // pairs of digits in every other byte
	t = ((t & 0x00ff00ff00ff00ff) * (100<<16 + 1)) >> 16
	t = ((t & 0x0000ffff0000ffff) * (10000<<32 + 1)) >> 32
	return t
}

// parseDigits reads the run of up to min(19, limit) decimal digits at the start of s,
// 8 at a time and without a branch (random lengths would mispredict): s must have at
// least 24 readable bytes. n is the number of digits (0 when s does not start with
// one).
func parseDigits(s []byte, limit int) (v uint64, n int) {
	limit = min(limit, 19)
	w0 := binary.LittleEndian.Uint64(s)
	w1 := binary.LittleEndian.Uint64(s[8:])
	w2 := binary.LittleEndian.Uint64(s[16:])
	n0 := min(digitRun(w0), limit)
	n1 := min(digitRun(w1)&-(n0>>3), limit-8) // counted only when chunk 0 is all digits
	n1 = max(n1, 0)
	n2 := min(digitRun(w2)&-(n1>>3), limit-16, 3)
	n2 = max(n2, 0)
	v = swarValue(w0, n0)*pow10[n1] + swarValue(w1, n1)
	v = v*pow10[n2] + swarValue(w2, n2)
	return v, n0 + n1 + n2
}

var pow10 = [9]uint64{1, 10, 100, 1000, 10000, 100000, 1000000, 10000000, 100000000}
