package sgf

import "fmt"

// plainReplay replays g's main line plainly, the reference of Replay.Play: a byte grid
// ('X', 'O', '-', row by row), and after each move a breadth-first search of every
// neighbouring opponent group and then of the mover's own group, each removed when it
// has no liberty. It returns the final grid and the stones taken by black and by white.
func plainReplay(g *Game) (grid []byte, captured [2]int, err error) {
	cols, rows := g.Cols, g.Rows
	grid = make([]byte, cols*rows)
	for i := range grid {
		grid[i] = '-'
	}
	neighbours := func(p int) []int {
		x, y := p%cols, p/cols
		var nb []int
		if x > 0 {
			nb = append(nb, p-1)
		}
		if x+1 < cols {
			nb = append(nb, p+1)
		}
		if y > 0 {
			nb = append(nb, p-cols)
		}
		if y+1 < rows {
			nb = append(nb, p+cols)
		}
		return nb
	}
	// group returns the points of the group at p and whether it has a liberty.
	group := func(p int) ([]int, bool) {
		c := grid[p]
		seen := map[int]bool{p: true}
		queue := []int{p}
		free := false
		for i := 0; i < len(queue); i++ {
			for _, q := range neighbours(queue[i]) {
				switch {
				case grid[q] == '-':
					free = true
				case grid[q] == c && !seen[q]:
					seen[q] = true
					queue = append(queue, q)
				}
			}
		}
		return queue, free
	}
	move := 0
	for _, op := range g.Ops {
		p := int(op.Y)*cols + int(op.X)
		switch op.Kind {
		case OpSetB:
			grid[p] = 'X'
		case OpSetW:
			grid[p] = 'O'
		case OpSetE:
			grid[p] = '-'
		case OpBlack, OpWhite:
			move++
			if op.X < 0 {
				continue
			}
			if grid[p] != '-' {
				return grid, captured, &Error{Game: g.Index, Move: move, Offset: int(op.Offset),
					Msg: fmt.Sprintf("%s[%s]: the point is occupied", colourName(op.Kind), op.Letters())}
			}
			me, them, mine := byte('X'), byte('O'), 0
			if op.Kind == OpWhite {
				me, them, mine = 'O', 'X', 1
			}
			grid[p] = me
			for _, q := range neighbours(p) {
				if grid[q] != them {
					continue
				}
				if stones, free := group(q); !free {
					for _, s := range stones {
						grid[s] = '-'
					}
					captured[mine] += len(stones)
				}
			}
			if stones, free := group(p); !free {
				for _, s := range stones {
					grid[s] = '-'
				}
				captured[1-mine] += len(stones)
			}
		}
	}
	return grid, captured, nil
}
