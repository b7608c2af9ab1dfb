package bulk

import (
	"encoding/binary"

	"github.com/boardlab/boardlab/engine/wythoff"
)

// fastSlack is the room the fast path needs after a block's last byte (its 8-byte
// loads run past the end of a short line) and after its output (its 8-byte stores).
const fastSlack = 64

// fastOK reports whether the fast path answers this mover's lines: one move per line
// as plain text, without line numbers.
func (m *mover) fastOK(shardOn bool) bool {
	return !m.all && !m.json && !m.single && !m.interactive && !m.typed && !shardOn
}

// fastLines answers the lines at the start of data that have the common form "A B\n"
// (one space, piles of 1 to 20 digits below 2^64) in one loop, appending the answers
// to out, and stops before the first line of any other form or misère's (0,0), or when fewer than
// fastSlack bytes of data's capacity remain after the line. It returns the number of
// bytes and lines consumed. data must end in '\n'; the caller answers the line it
// stopped at with the plain path. The answers are those of mover.line, byte for byte
// (fuzzed against it).
func (m *mover) fastLines(out, data []byte) ([]byte, int, int) {
	full := data[:cap(data)]
	pos, lines := 0, 0
	o := len(out)
	ob := out[:cap(out)]
	for pos < len(data) && pos+fastSlack <= len(full) {
		if len(ob)-o < 2*fastSlack {
			ob = append(ob[:o], make([]byte, max(len(ob), 4096))...)
			ob = ob[:cap(ob)]
		}
		x, na, ok := parse20(full[pos:])
		sp := pos + na
		if !ok || full[sp] != ' ' {
			break
		}
		y, nb, ok := parse20(full[sp+1:])
		nl := sp + 1 + nb
		if !ok || full[nl] != '\n' {
			break
		}
		// the call BenchmarkMoveEngine and bench/'s in-process pass make
		mv, hot := wythoff.Move(x, y, m.misere)
		if !hot {
			if m.misere && x|y == 0 {
				break // the game is over, won by the player to move: the plain path says so
			}
			binary.LittleEndian.PutUint64(ob[o:], 0x0a65736f6c) // "lose\n"
			o += 5
		} else {
			// a pile the move leaves as it is is copied from the input, unless it has
			// leading zeros
			if mv.X == x && (na == 1 || full[pos] != '0') {
				copy24(ob[o:], full[pos:])
				o += na
			} else {
				o = putDec(ob, o, mv.X)
			}
			ob[o] = ' '
			o++
			if mv.Y == y && (nb == 1 || full[sp+1] != '0') {
				copy24(ob[o:], full[sp+1:])
				o += nb
			} else {
				o = putDec(ob, o, mv.Y)
			}
			ob[o] = '\n'
			o++
		}
		pos = nl + 1
		lines++
	}
	return ob[:o], pos, lines
}

// copy24 copies the first 24 bytes of src to dst with three 8-byte moves.
func copy24(dst, src []byte) {
	binary.LittleEndian.PutUint64(dst, binary.LittleEndian.Uint64(src))
	binary.LittleEndian.PutUint64(dst[8:], binary.LittleEndian.Uint64(src[8:]))
	binary.LittleEndian.PutUint64(dst[16:], binary.LittleEndian.Uint64(src[16:]))
}
