package goban

// ScoreReference scores b by breadth-first search over a byte grid: each empty region is
// visited once and credited to the one colour it touches, if only one. It is the plain
// reference the fast scorers are tested against, and it returns the ownership map too.
func ScoreReference(b *Board) (Result, []byte) {
	rows, n := b.N, b.Cols
	grid := make([]byte, rows*n)
	for r := 0; r < rows; r++ {
		for c := 0; c < n; c++ {
			grid[r*n+c] = b.At(r, c)
		}
	}
	owner := make([]byte, rows*n)
	copy(owner, grid)
	seen := make([]bool, rows*n)
	res := Result{Size: rows, Cols: n}
	var region, queue []int
	for p := range grid {
		switch grid[p] {
		case 'X':
			res.Black++
			continue
		case 'O':
			res.White++
			continue
		}
		if seen[p] {
			continue
		}
		region, queue = region[:0], append(queue[:0], p)
		seen[p] = true
		black, white := false, false
		for len(queue) > 0 {
			q := queue[0]
			queue = queue[1:]
			region = append(region, q)
			r, c := q/n, q%n
			for _, d := range [4][2]int{{-1, 0}, {1, 0}, {0, -1}, {0, 1}} {
				rr, cc := r+d[0], c+d[1]
				if rr < 0 || rr >= rows || cc < 0 || cc >= n {
					continue
				}
				nb := rr*n + cc
				switch grid[nb] {
				case 'X':
					black = true
				case 'O':
					white = true
				default:
					if !seen[nb] {
						seen[nb] = true
						queue = append(queue, nb)
					}
				}
			}
		}
		mark := byte('-')
		switch {
		case black && !white:
			mark = 'x'
			res.Black += len(region)
		case white && !black:
			mark = 'o'
			res.White += len(region)
		}
		for _, q := range region {
			owner[q] = mark
		}
	}
	return res, owner
}

// AppendMap appends an ownership map (n*n bytes from ScoreReference or Scorer.Owner) as
// the spec draws it: n lines of n symbols separated by spaces, X/O for stones and x, o or
// - for an empty point counted for black, for white or for nobody.
func AppendMap(dst, owner []byte, n int) []byte { return AppendMapRect(dst, owner, n, n) }

// AppendMapRect appends the ownership map of a board of rows x n points, like AppendMap.
func AppendMapRect(dst, owner []byte, rows, n int) []byte {
	for r := 0; r < rows; r++ {
		for c := 0; c < n; c++ {
			if c > 0 {
				dst = append(dst, ' ')
			}
			dst = append(dst, owner[r*n+c])
		}
		dst = append(dst, '\n')
	}
	return dst
}
