package uttt

// plainPos is the plain reference implementation of the rules: arrays of tiles, no bit
// tricks, everything recomputed from scratch. Tests pit the fast Position against it.
type plainPos struct {
	tile  [9][9]byte // '-', 'X', 'O'
	turn  byte       // 'X' or 'O'
	last  int        // tile of the previous move (the board to play in), or -1: free
	moves int
}

func plainStart() plainPos {
	var r plainPos
	for b := range r.tile {
		for t := range r.tile[b] {
			r.tile[b][t] = '-'
		}
	}
	r.turn, r.last = 'X', -1
	return r
}

var refLines = [8][3]int{{0, 1, 2}, {3, 4, 5}, {6, 7, 8}, {0, 3, 6}, {1, 4, 7}, {2, 5, 8}, {0, 4, 8}, {2, 4, 6}}

// plainWinner3 returns the player with three in a row among the nine values, or '-'.
func plainWinner3(v [9]byte) byte {
	for _, l := range refLines {
		if v[l[0]] != '-' && v[l[0]] == v[l[1]] && v[l[1]] == v[l[2]] {
			return v[l[0]]
		}
	}
	return '-'
}

// boardOwner returns 'X' or 'O' for a won small board, 'D' for a full one, '-' if open.
func (r *plainPos) boardOwner(b int) byte {
	if w := plainWinner3(r.tile[b]); w != '-' {
		return w
	}
	for _, c := range r.tile[b] {
		if c == '-' {
			return '-'
		}
	}
	return 'D'
}

func (r *plainPos) winner() byte {
	var m [9]byte
	for b := range m {
		m[b] = r.boardOwner(b)
		if m[b] == 'D' {
			m[b] = '-'
		}
	}
	return plainWinner3(m)
}

func (r *plainPos) legal() []Move {
	if r.winner() != '-' {
		return nil
	}
	var ms []Move
	for b := 0; b < 9; b++ {
		if r.boardOwner(b) != '-' {
			continue
		}
		if r.last >= 0 && r.boardOwner(r.last) == '-' && b != r.last {
			continue
		}
		for t := 0; t < 9; t++ {
			if r.tile[b][t] == '-' {
				ms = append(ms, NewMove(b, t))
			}
		}
	}
	return ms
}

func (r plainPos) play(m Move) plainPos {
	r.tile[m.Board()][m.Tile()] = r.turn
	if r.turn == 'X' {
		r.turn = 'O'
	} else {
		r.turn = 'X'
	}
	r.last = m.Tile()
	r.moves++
	return r
}

func (r *plainPos) status() Status {
	switch r.winner() {
	case 'X':
		return XWon
	case 'O':
		return OWon
	}
	if len(r.legal()) == 0 {
		return Draw
	}
	return Ongoing
}

func plainPerft(r plainPos, depth int) uint64 {
	if depth == 0 {
		return 1
	}
	var n uint64
	for _, m := range r.legal() {
		n += plainPerft(r.play(m), depth-1)
	}
	return n
}
