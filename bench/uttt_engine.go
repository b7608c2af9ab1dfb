package bench

// utttNaive is the baseline the uttt engine's perft is compared with: a plain
// copy-make implementation (a byte per tile, board states recomputed by scanning the
// lines, every leaf played), the kind of code the "about 100 million" refers to.
type utttNaive struct {
	tile   [81]byte // 0 empty, 1 X, 2 O
	owner  [9]byte  // 0 open, 1 X, 2 O, 3 full
	turn   byte
	forced int8
	over   bool
}

var utttLines = [8][3]int{{0, 1, 2}, {3, 4, 5}, {6, 7, 8}, {0, 3, 6}, {1, 4, 7}, {2, 5, 8}, {0, 4, 8}, {2, 4, 6}}

func utttNaiveStart() utttNaive { return utttNaive{turn: 1, forced: -1} }

func (p *utttNaive) moves(buf *[81]uint8) int {
	if p.over {
		return 0
	}
	n := 0
	for b := 0; b < 9; b++ {
		if p.owner[b] != 0 || p.forced >= 0 && int(p.forced) != b {
			continue
		}
		for t := 0; t < 9; t++ {
			if p.tile[b*9+t] == 0 {
				buf[n] = uint8(b*9 + t)
				n++
			}
		}
	}
	return n
}

func (p utttNaive) play(m uint8) utttNaive {
	b, t := int(m)/9, int(m)%9
	p.tile[m] = p.turn
	won, full := false, true
	for _, l := range utttLines {
		if p.tile[b*9+l[0]] == p.turn && p.tile[b*9+l[1]] == p.turn && p.tile[b*9+l[2]] == p.turn {
			won = true
		}
	}
	for i := 0; i < 9; i++ {
		if p.tile[b*9+i] == 0 {
			full = false
		}
	}
	switch {
	case won:
		p.owner[b] = p.turn
		for _, l := range utttLines {
			if p.owner[l[0]] == p.turn && p.owner[l[1]] == p.turn && p.owner[l[2]] == p.turn {
				p.over = true
			}
		}
	case full:
		p.owner[b] = 3
	}
	p.forced = int8(t)
	if p.owner[t] != 0 {
		p.forced = -1
	}
	p.turn = 3 - p.turn
	return p
}

func utttNaivePerft(p utttNaive, depth int) uint64 {
	if depth == 0 {
		return 1
	}
	var buf [81]uint8
	n := p.moves(&buf)
	var c uint64
	for _, m := range buf[:n] {
		c += utttNaivePerft(p.play(m), depth-1)
	}
	return c
}
