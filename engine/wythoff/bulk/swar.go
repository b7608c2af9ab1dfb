package bulk

import (
	"encoding/binary"
	"math/bits"
)

// digitRun returns the number of leading ASCII digits of the 8 bytes in w (little
// endian, the first byte lowest), 0 to 8.
func digitRun(w uint64) int { return bits.TrailingZeros64(nonDigits(w)) >> 3 }

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

// nonDigits has the high bit set in every byte of w (little endian) from its first
// non-digit byte on that is not an ASCII digit; bytes before the first non-digit are
// clear, so its trailing zeros count the leading digits (times 8).
func nonDigits(w uint64) uint64 {
	// a byte is a digit when t's byte is 0..9: then neither it nor it + 0x76 has the
	// high bit set. Borrows and carries only disturb the bytes after the first
	// non-digit.
	t := w - 0x3030303030303030
	return (t | (t + 0x7676767676767676)) & 0x8080808080808080
}

// swar8 is the value of the 8 digits of w (little endian, the first byte the most
// significant), each byte already 0..9.
func swar8(t uint64) uint64 {
	t = (t * (10<<8 + 1)) >> 8
	t = ((t & 0x00ff00ff00ff00ff) * (100<<16 + 1)) >> 16
	return ((t & 0x0000ffff0000ffff) * (10000<<32 + 1)) >> 32
}

// parse20 reads the run of decimal digits at the start of s when it has 1 to 20
// digits and its value fits in a uint64; ok is false otherwise (no digit, more than 20
// digits, or too large), and n is then meaningless. s must have at least 24 readable
// bytes. Up to 16 digits are read without a branch on their number: the digits of
// each word are shifted to its top (zeros, as leading digits, come in below) and
// converted 8 at a time.
func parse20(s []byte) (v uint64, n int, ok bool) {
	w0 := binary.LittleEndian.Uint64(s)
	w1 := binary.LittleEndian.Uint64(s[8:])
	n0 := digitRun(w0)
	n1 := digitRun(w1) & -(n0 >> 3) // counts only after 8 digits
	n = n0 + n1
	// shifts below 64 (masked) compile to one instruction; a word without digits
	// becomes 0 through its mask
	a := swar8((w0 - 0x3030303030303030) << (uint(64-8*n0) & 63))
	b := swar8((w1-0x3030303030303030)<<(uint(64-8*n1)&63)) & -uint64((n1+7)>>3)
	v = a*pow10u[n1&31] + b
	if n < 16 {
		return v, n, n > 0
	}
	w2 := binary.LittleEndian.Uint64(s[16:])
	k := digitRun(w2)
	if k > 4 {
		return 0, 0, false
	}
	tail := swar8((w2 - 0x3030303030303030) << (64 - 8*uint(k)))
	hi2, lo2 := bits.Mul64(v, pow10[k])
	v, c := bits.Add64(lo2, tail, 0)
	return v, 16 + k, hi2|c == 0
}

// dec8 returns the 8 decimal digits of x < 10^8 as ASCII, the most significant in the
// lowest byte (ready for a little-endian store), dividing in SIMD-within-a-register
// lanes: by 10^4 into two 32-bit lanes, by 100 into four 16-bit ones, by 10 into bytes.
func dec8(x uint64) uint64 {
	// x < 10^8 fits in 32 bits
	hi := uint64(uint32(x) / 10000) // a 32-bit division: one 64-bit multiplication
	y := hi | (x-hi*10000)<<32
	q := (y * 5243 >> 19) & 0x0000007f0000007f // y/100 in each lane (y < 10^4)
	y = q | (y-q*100)<<16
	q = (y * 103 >> 10) & 0x000f000f000f000f // y/10 in each lane (y < 100)
	y = q | (y-q*10)<<8
	return y + 0x3030303030303030
}

// pow10u are the powers of ten that fit in a uint64 (padded so that an index masked
// with 31 needs no bounds check).
var pow10u = [32]uint64{1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12,
	1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19}

// decLen is the number of decimal digits of v (1 for 0).
func decLen(v uint64) int {
	v |= 1
	t := (bits.Len64(v) * 1233) >> 12 // about log10(2) * bit length: floor(log10 v) or one more
	// t+1 unless v < 10^t, without a branch (random lengths would mispredict)
	_, below := bits.Sub64(v, pow10u[t&31], 0)
	return t + 1 - int(below)
}

// putDec writes v in decimal at b[o:] and returns the index after it. The digits are
// made left-aligned by scaling v to exactly 16 digits (v*10^(16-len)), so the zeros
// this appends fall after the number instead of before it: 16 bytes are stored
// whatever v's length, the bytes after the digits left as garbage for the caller to
// overwrite, and b needs 24 bytes of room at o.
func putDec(b []byte, o int, v uint64) int {
	nd := decLen(v)
	if nd > 16 {
		// up to 4 leading digits, then exactly 16
		top := v / 1e16
		r := v - top*1e16
		nt := nd - 16
		binary.LittleEndian.PutUint64(b[o:], dec8(top*pow10u[(4-nt)&31])>>32)
		o += nt
		hi := r / 1e8
		binary.LittleEndian.PutUint64(b[o:], dec8(hi))
		binary.LittleEndian.PutUint64(b[o+8:], dec8(r-hi*1e8))
		return o + 16
	}
	v *= pow10u[(16-nd)&31]
	hi := v / 1e8
	binary.LittleEndian.PutUint64(b[o:], dec8(hi))
	binary.LittleEndian.PutUint64(b[o+8:], dec8(v-hi*1e8))
	return o + nd
}
