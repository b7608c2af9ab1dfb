// Package suggest finds the likely intended word for a mistyped one among the known
// words, for "did you mean ...?" hints.
package suggest

import "strings"

// Closest returns the candidate closest to s by edit distance (adjacent swaps count
// one), or "" when none is close enough to be a likely typo.
func Closest(s string, candidates []string) string {
	best, bestD := "", 1<<30
	for _, c := range candidates {
		d := editDistance(strings.ToLower(s), strings.ToLower(c))
		if len(s) >= 2 && strings.HasPrefix(c, s) && d > 1 {
			d = 1
		}
		if d < bestD || d == bestD && c < best {
			best, bestD = c, d
		}
	}
	limit := 2
	if len(s) <= 3 {
		limit = 1
	}
	if bestD > limit || bestD >= len(s) {
		return ""
	}
	return best
}

// editDistance is the optimal string alignment distance: insertions, deletions,
// substitutions and swaps of adjacent bytes each cost one.
func editDistance(a, b string) int {
	d := make([][]int, len(a)+1)
	for i := range d {
		d[i] = make([]int, len(b)+1)
		d[i][0] = i
	}
	for j := range d[0] {
		d[0][j] = j
	}
	for i := 1; i <= len(a); i++ {
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			d[i][j] = min(d[i-1][j]+1, d[i][j-1]+1, d[i-1][j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				d[i][j] = min(d[i][j], d[i-2][j-2]+1)
			}
		}
	}
	return d[len(a)][len(b)]
}
