package dead

import "github.com/boardlab/boardlab/engine/goban"

// Game is what the count needs beyond the position: komi, handicap and the stones each
// side captured during the game.
type Game struct {
	Komi     float64 // komi for white, in points
	Handicap int     // handicap stones (HA)
	Captured [2]int  // stones captured by black [0] and by white [1] during the game
}

// Score is the count of a finished position under a rule set.
type Score struct {
	Rules          Rules
	Komi           float64 // komi for white, in points
	Compensation   float64 // handicap compensation for white, in points
	BlackStones    int     // black stones left on the board (alive)
	WhiteStones    int     // white stones left on the board
	BlackTerritory int     // empty points (dead stones' points included) counted for black
	WhiteTerritory int     // empty points counted for white
	DeadBlack      int     // black stones judged dead
	DeadWhite      int     // white stones judged dead
	// BlackPrisoners and WhitePrisoners are the stones each side holds: those captured
	// during the game plus the opponent's dead stones. They count under territory rules.
	BlackPrisoners, WhitePrisoners int
	Black, White                   float64 // totals, komi and compensation included
	Lead                           float64 // Black - White
	// Owner is the ownership map, rows*cols bytes: X and O alive stones, x and o points
	// counted for black and white, - nobody's, and the dead stones as # (black, counted
	// for white) and @ (white, counted for black).
	Owner []byte
}

// Count scores b under r, the stones st marks dead removed (st may be nil under
// Tromp-Taylor rules, which remove nothing). Area rules count alive stones and
// territory; territory rules count territory and prisoners, and give nobody the eyes of
// chains in seki; handicap compensation is added where r has it.
func Count(b *goban.Board, st *Status, r Rules, g Game) Score {
	rows, cols := b.N, b.Cols
	n := rows * cols
	sc := Score{Rules: r, Komi: g.Komi, Compensation: r.Compensation(g.Handicap)}
	owner := make([]byte, n)
	remove := r.Scoring != TrompTaylor && st != nil && len(st.Dead) == n
	for y := 0; y < rows; y++ {
		for x := 0; x < cols; x++ {
			i := y*cols + x
			switch b.At(y, x) {
			case 'X':
				owner[i] = 'X'
				if remove && st.Dead[i] {
					owner[i] = '#'
				}
			case 'O':
				owner[i] = 'O'
				if remove && st.Dead[i] {
					owner[i] = '@'
				}
			default:
				owner[i] = '.'
			}
		}
	}
	// Regions of points that are empty after the dead stones are removed.
	stack := make([]int, 0, 64)
	seen := make([]bool, n)
	region := make([]int, 0, 64)
	for i := range owner {
		if seen[i] || owner[i] == 'X' || owner[i] == 'O' {
			continue
		}
		seen[i] = true
		stack = append(stack[:0], i)
		region = region[:0]
		reachB, reachW, seki := false, false, false
		for len(stack) > 0 {
			p := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			region = append(region, p)
			y, x := p/cols, p%cols
			for d, q := range [4]int{p - cols, p - 1, p + 1, p + cols} {
				if d == 0 && y == 0 || d == 1 && x == 0 || d == 2 && x == cols-1 || d == 3 && y == rows-1 {
					continue
				}
				switch owner[q] {
				case 'X':
					reachB = true
					seki = seki || st != nil && len(st.Seki) == n && st.Seki[q]
				case 'O':
					reachW = true
					seki = seki || st != nil && len(st.Seki) == n && st.Seki[q]
				default:
					if !seen[q] {
						seen[q] = true
						stack = append(stack, q)
					}
				}
			}
		}
		mark := byte('-')
		switch {
		case reachB && !reachW && !(seki && r.Scoring == Territory):
			mark = 'x'
			sc.BlackTerritory += len(region)
		case reachW && !reachB && !(seki && r.Scoring == Territory):
			mark = 'o'
			sc.WhiteTerritory += len(region)
		}
		for _, p := range region {
			switch owner[p] {
			case '#':
				sc.DeadBlack++
			case '@':
				sc.DeadWhite++
			default:
				owner[p] = mark
			}
		}
	}
	for _, c := range owner {
		switch c {
		case 'X':
			sc.BlackStones++
		case 'O':
			sc.WhiteStones++
		}
	}
	sc.BlackPrisoners = g.Captured[0] + sc.DeadWhite
	sc.WhitePrisoners = g.Captured[1] + sc.DeadBlack
	if r.Scoring == Territory {
		sc.Black = float64(sc.BlackTerritory + sc.BlackPrisoners)
		sc.White = float64(sc.WhiteTerritory + sc.WhitePrisoners)
	} else {
		sc.Black = float64(sc.BlackStones + sc.BlackTerritory)
		sc.White = float64(sc.WhiteStones + sc.WhiteTerritory)
	}
	sc.White += sc.Komi + sc.Compensation
	sc.Lead = sc.Black - sc.White
	sc.Owner = owner
	return sc
}
