package goban

// AppendMap appends an ownership map (n*n bytes from Scorer.Owner) as
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
