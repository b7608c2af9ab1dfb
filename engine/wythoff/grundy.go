package wythoff

import (
	"context"
	"fmt"
	"math/bits"
	"runtime"
	"sync"
	"sync/atomic"
	"unsafe"
)

// MaxGrundy is the largest table side Grundy accepts: values are below 2*MaxGrundy and
// stored as uint16.
const MaxGrundy = 32768

// GrundyTable holds G(x, y), the Sprague-Grundy values of Wythoff's Nim, for
// 0 <= x < Rows and 0 <= y < N, row-major: G[x*N+y]. Rows is N for a whole table.
type GrundyTable struct {
	N, Rows int
	G       []uint16
}

// At returns G(x, y).
func (t *GrundyTable) At(x, y int) int { return int(t.G[x*t.N+y]) }

// The table is computed in tiles of grundyRows rows by grundyCols columns so that the
// column and diagonal bit sets a tile touches stay in cache while its rows pass.
const (
	grundyRows = 32
	grundyCols = 64
)

// Grundy computes the n x n Grundy table with up to workers goroutines (GOMAXPROCS when
// workers <= 0). G(x, y) is the mex of the values to the left in its row, above in its
// column and up-left on its diagonal. By symmetry only cells with x <= y are computed.
// Every row, column and diagonal keeps a bit set of the values seen so far and the
// lowest value missing from it; a row's set starts as a copy of its column's set (the
// row left of the diagonal is the column above it). The mex of a cell is the first
// zero of the OR of three bit sets, scanned from the largest of the three known mexes,
// skipping words full in any of the sets through their summaries (see band).
// Bands of grundyRows rows run in parallel as a wavefront: a band computes a block of
// columns once the band above has finished it. progress, if set, is called with the
// number of rows finished, from the worker goroutines (it must be safe for that).
func Grundy(ctx context.Context, n, workers int, progress func(rows int)) (*GrundyTable, error) {
	return GrundyRows(ctx, n, n, workers, progress)
}

// GrundyRows computes the first rows rows (0 <= rows <= n) of the n x n Grundy table:
// G(x, y) for x < rows and every y < n. The cost is that of the part of the table
// above the diagonal in those rows, and the memory GrundyMemory(n, rows).
func GrundyRows(ctx context.Context, n, rows, workers int, progress func(rows int)) (*GrundyTable, error) {
	if n < 0 || n > MaxGrundy {
		return nil, fmt.Errorf("grundy table side must be in 0..%d", MaxGrundy)
	}
	if rows < 0 || rows > n {
		return nil, fmt.Errorf("grundy table rows must be in 0..%d", n)
	}
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	t := &GrundyTable{N: n, Rows: rows, G: make([]uint16, rows*n)}
	if rows == 0 {
		return t, nil
	}
	nw, sw := grundyWords(n)
	bands := (rows + grundyRows - 1) / grundyRows
	s := &grundyState{
		n: n, rows: rows, nw: nw, sw: sw,
		cols:     make([]uint64, n*nw),
		diags:    make([]uint64, n*nw),
		colsFull: make([]uint64, n*sw),
		diagFull: make([]uint64, n*sw),
		colMex:   make([]int32, n),
		diagMex:  make([]int32, n),
		progress: make([]bandProgress, bands),
		t:        t,
	}
	var next atomic.Int64
	var finished atomic.Int64
	var wg sync.WaitGroup
	workers = min(workers, bands)
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			rowSets := make([]uint64, grundyRows*nw)
			rowsFull := make([]uint64, grundyRows*sw)
			for {
				b := int(next.Add(1) - 1)
				if b >= bands || s.stop.Load() {
					return
				}
				if ctx.Err() != nil {
					s.halt()
					return
				}
				if !s.band(b, rowSets, rowsFull) {
					return
				}
				f := finished.Add(int64(min(grundyRows, rows-b*grundyRows)))
				if progress != nil {
					progress(int(f))
				}
			}
		}()
	}
	wg.Wait()
	if err := ctx.Err(); err != nil || s.stop.Load() {
		if err == nil {
			err = context.Canceled
		}
		return nil, err
	}
	t.mirror(workers)
	return t, nil
}

// grundyWords returns the words of a value bit set (values are at most 2n-2, plus one
// spare zero word that ends every scan) and of its summary (one bit per word, set when
// the word is full).
func grundyWords(n int) (nw, sw int) {
	nw = (2*n-1+63)/64 + 1
	return nw, (nw + 63) / 64
}

// GrundyMemory returns the bytes GrundyRows(n, rows, ...) allocates: the table itself
// (2 bytes a cell) and the bit sets of the columns and diagonals (about N^2/2 bytes),
// so about 2.5*N^2 bytes for a whole table.
func GrundyMemory(n, rows int) int64 {
	nw, sw := grundyWords(n)
	workers := int64(runtime.GOMAXPROCS(0))
	return 2*int64(rows)*int64(n) + // the table
		2*8*int64(n)*int64(nw+sw) + // column and diagonal sets and summaries
		8*int64(n) + // mexes
		int64((rows+grundyRows-1)/grundyRows)*int64(unsafe.Sizeof(bandProgress{})) +
		workers*8*grundyRows*int64(nw+sw) // each worker's row sets
}

type grundyState struct {
	n, rows, nw, sw int
	// The bit sets of the values seen in each column and diagonal, word-major: word i
	// of column y is cols[i*n+y]. The 64 columns of a tile then find the words they
	// need side by side in a few cache lines.
	cols, diags []uint64
	// Their summaries, set-major: bit j of colsFull[y*sw+k] is set when word 64k+j of
	// column y is full. A mex far above the known mexes walks a set's summary words one
	// after the other: side by side they share a cache line and a page, where
	// word-major ones were 8*N bytes apart (a TLB miss each at N = 16384).
	colsFull, diagFull []uint64
	colMex, diagMex    []int32 // lowest value missing from each column / diagonal set
	progress           []bandProgress
	stop               atomic.Bool
	t                  *GrundyTable
}

// bandProgress is how many columns a band has finished; the band below waits on it.
type bandProgress struct {
	cols atomic.Int64
	mu   sync.Mutex
	cond sync.Cond
	_    [64]byte // keep bands on separate cache lines
}

func (p *bandProgress) publish(cols int) {
	p.mu.Lock()
	p.cols.Store(int64(cols))
	if p.cond.L != nil {
		p.cond.Broadcast()
	}
	p.mu.Unlock()
}

// wait blocks until band b-1 has finished the columns below need; false when stopping.
// It spins briefly, then sleeps on a condition variable so a loaded machine's cores are
// not burnt on waiting.
func (s *grundyState) wait(b, need int) bool {
	if b == 0 {
		return true
	}
	p := &s.progress[b-1]
	for spins := 0; spins < 64; spins++ {
		if int(p.cols.Load()) >= need {
			return true
		}
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.cond.L == nil {
		p.cond.L = &p.mu
	}
	for int(p.cols.Load()) < need {
		if s.stop.Load() {
			return false
		}
		p.cond.Wait()
	}
	return true
}

// halt stops every band and wakes the waiting ones.
func (s *grundyState) halt() {
	s.stop.Store(true)
	for i := range s.progress {
		p := &s.progress[i]
		p.mu.Lock()
		if p.cond.L != nil {
			p.cond.Broadcast()
		}
		p.mu.Unlock()
	}
}

// band computes G(x, y) for x in band b and y >= x, block of columns by block.
//
// The mex of a cell is the first value missing from the row, the column and the
// diagonal sets. Scanning for it from the largest of the three mexes would cost a
// number of words growing with N (the row is dense far above its mex while the
// diagonal is sparse), so each set has a summary with one bit per full word: a word
// full in any of the three sets cannot hold the answer and is skipped 64 at a time.
// On average a cell then looks at 2.2 words and 0.2 summary words at N = 4096, 2.6
// and 0.8 at N = 16384 (14 words at 4096 without the summaries).
func (s *grundyState) band(b int, rowSets, rowFull []uint64) bool {
	n, nw, sw := s.n, s.nw, s.sw
	x0, x1 := b*grundyRows, min(b*grundyRows+grundyRows, s.rows)
	var rowMex [grundyRows]int
	for y0 := x0; y0 < n; y0 += grundyCols {
		y1 := min(y0+grundyCols, n)
		if !s.wait(b, y1) {
			return false
		}
		for x := x0; x < x1; x++ {
			j := x - x0
			r := rowSets[j*nw : (j+1)*nw : (j+1)*nw]
			rf := rowFull[j*sw : (j+1)*sw : (j+1)*sw]
			ys := y0
			if x >= y0 {
				if x >= y1 {
					break // this and later rows start in a later block
				}
				// Row x starts here: left of the diagonal it is column x, complete now
				// that every row above has passed column x.
				for i := range r {
					r[i] = s.cols[i*n+x]
				}
				for k := range rf {
					rf[k] = s.colsFull[x*sw+k]
				}
				rowMex[j] = int(s.colMex[x])
				ys = x
			}
			rmex := rowMex[j]
			out := s.t.G[x*n : (x+1)*n]
			cols, diags := s.cols, s.diags
			for y := ys; y < y1; y++ {
				d := y - x
				lo := max(rmex, int(s.colMex[y]), int(s.diagMex[d]))
				i := lo >> 6
				w := r[i] | cols[i*n+y] | diags[i*n+d] | (1<<(lo&63) - 1)
				if w == ^uint64(0) {
					// the next words full in none of the three sets, from the summaries
					// (kept in m while they last); the spare last word is never full,
					// so one holding the answer is always found
					k := i >> 6
					m := rf[k] | s.colsFull[y*sw+k] | s.diagFull[d*sw+k] | (2<<(i&63) - 1)
					for {
						for m == ^uint64(0) {
							k++
							m = rf[k] | s.colsFull[y*sw+k] | s.diagFull[d*sw+k]
						}
						i = k<<6 | bits.TrailingZeros64(^m)
						w = r[i] | cols[i*n+y] | diags[i*n+d]
						if w != ^uint64(0) {
							break
						}
						m |= 1 << (i & 63)
					}
				}
				v := i<<6 | bits.TrailingZeros64(^w)
				bit := uint64(1) << (v & 63)
				summary := uint64(1) << (i & 63)
				if r[i] |= bit; r[i] == ^uint64(0) {
					rf[i>>6] |= summary
				}
				if cols[i*n+y] |= bit; cols[i*n+y] == ^uint64(0) {
					s.colsFull[y*sw+i>>6] |= summary
				}
				if diags[i*n+d] |= bit; diags[i*n+d] == ^uint64(0) {
					s.diagFull[d*sw+i>>6] |= summary
				}
				out[y] = uint16(v)
				if v == rmex {
					rmex = nextClear(r, v, 1, 0)
				}
				if v == int(s.colMex[y]) {
					s.colMex[y] = int32(nextClear(cols, v, n, y))
				}
				if v == int(s.diagMex[d]) {
					s.diagMex[d] = int32(nextClear(diags, v, n, d))
				}
			}
			rowMex[j] = rmex
		}
		s.progress[b].publish(y1)
	}
	return true
}

// nextClear returns the first value at or after v missing from the bit set whose
// word i is set[i*stride+off].
func nextClear(set []uint64, v, stride, off int) int {
	i := v >> 6
	w := set[i*stride+off] | (1<<(v&63) - 1)
	for w == ^uint64(0) {
		i++
		if i*stride+off >= len(set) {
			return i << 6
		}
		w = set[i*stride+off]
	}
	return i<<6 | bits.TrailingZeros64(^w)
}

// mirror fills the cells below the diagonal from those above, in cache-sized tiles.
func (t *GrundyTable) mirror(workers int) {
	n, rows := t.N, t.Rows
	const tile = 64
	var next atomic.Int64
	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				bx := int(next.Add(1)-1) * tile
				if bx >= rows {
					return
				}
				for by := 0; by <= bx; by += tile {
					for x := bx; x < min(bx+tile, rows); x++ {
						row := t.G[x*n : (x+1)*n]
						for y := by; y < min(by+tile, x); y++ {
							row[y] = t.G[y*n+x]
						}
					}
				}
			}
		}()
	}
	wg.Wait()
}
