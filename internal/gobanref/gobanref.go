// Package gobanref is the plain reference of Tromp-Taylor scoring that the fast scorers
// of engine/goban are tested against.
package gobanref

// Board is the position Score reads: At returns the point at row r, column c ('X', 'O'
// or an empty point). goban.Board has it.
type Board interface{ At(r, c int) byte }

// Score scores b, of rows x n points, by breadth-first search over a byte grid: each
// empty region is visited once and credited to the one colour it touches, if only one.
// It returns black's and white's area (stones and the empty points reaching only them)
// and the ownership map, as goban.Scorer's Score and Owner do.
func Score(b Board, rows, n int) (black, white int, owner []byte) {
	grid := make([]byte, rows*n)
	for r := 0; r < rows; r++ {
		for c := 0; c < n; c++ {
			grid[r*n+c] = b.At(r, c)
		}
	}
	owner = make([]byte, rows*n)
	copy(owner, grid)
	seen := make([]bool, rows*n)
	var region, queue []int
	for p := range grid {
		switch grid[p] {
		case 'X':
			black++
			continue
		case 'O':
			white++
			continue
		}
		if seen[p] {
			continue
		}
		region, queue = region[:0], append(queue[:0], p)
		seen[p] = true
		touchBlack, touchWhite := false, false
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
					touchBlack = true
				case 'O':
					touchWhite = true
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
		case touchBlack && !touchWhite:
			mark = 'x'
			black += len(region)
		case touchWhite && !touchBlack:
			mark = 'o'
			white += len(region)
		}
		for _, q := range region {
			owner[q] = mark
		}
	}
	return black, white, owner
}
