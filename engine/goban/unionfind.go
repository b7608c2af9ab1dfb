package goban

import "math/bits"

// unionFind holds the union-find scorer's buffers: the empty runs of all rows, their
// parents and the colours they touch.
type unionFind struct {
	start, end []int32  // run k covers columns start[k]..end[k] of its row
	rowRuns    []int32  // runs of row i (from 1) are rowRuns[i-1]..rowRuns[i]-1
	parent     []int32  // union-find forest over runs
	touch      []uint8  // bit 0: touches black, bit 1: touches white
	tb, tw     []uint64 // one row: run ends whose run touches black / white
}

func (u *unionFind) find(x int32) int32 {
	p := u.parent
	for p[x] != x {
		p[x] = p[p[x]]
		x = p[x]
	}
	return x
}

// ScoreUnionFind scores b by union-find over the horizontal runs of empty points: runs
// are read from the planes a word at a time, each run learns the colours it touches
// from the stones beside, above and below it (one addition per word marks the run ends),
// overlapping runs of adjacent rows are joined, and every run is counted for its root.
func (s *Scorer) ScoreUnionFind(b *Board) Result {
	s.prepare(b)
	u := &s.uf
	n, w := b.N, b.W
	u.start, u.end, u.touch = u.start[:0], u.end[:0], u.touch[:0]
	u.rowRuns = append(u.rowRuns[:0], 0)
	u.tb, u.tw = grow(u.tb, w), grow(u.tw, w)
	for i := 1; i <= n; i++ {
		base := i * w
		// Empty points next to a stone of each colour, then the run ends of the runs
		// containing such a point (an add carries each seed to its run's top).
		var cb, cw, ca uint64 // carries for the left shifts and the add chains
		var ct uint64
		for j := 0; j < w; j++ {
			k := base + j
			bl, wh := b.Black[k], b.White[k]
			e := ^(bl | wh) & s.vm[j]
			var nbl, nwh uint64
			if j+1 < w {
				nbl, nwh = b.Black[k+1]<<63, b.White[k+1]<<63
			}
			sb := (b.Black[k-w] | b.Black[k+w] | bl<<1 | cb | bl>>1 | nbl) & e
			sw := (b.White[k-w] | b.White[k+w] | wh<<1 | cw | wh>>1 | nwh) & e
			cb, cw = bl>>63, wh>>63
			var sumb, sumw uint64
			sumb, ca = bits.Add64(e, sb, ca)
			sumw, ct = bits.Add64(e, sw, ct)
			u.tb[j] = e&^sumb | sb
			u.tw[j] = e&^sumw | sw
		}
		// Runs: starts have no empty point to their left, ends none to their right.
		var prev uint64
		for j := 0; j < w; j++ {
			k := base + j
			e := ^(b.Black[k] | b.White[k]) & s.vm[j]
			var next uint64
			if j+1 < w {
				next = ^(b.Black[k+1] | b.White[k+1]) & s.vm[j+1] << 63
			}
			starts := e &^ (e<<1 | prev)
			ends := e &^ (e>>1 | next)
			prev = e >> 63
			for starts != 0 {
				u.start = append(u.start, int32(j<<6+bits.TrailingZeros64(starts)))
				starts &= starts - 1
			}
			tb, tw := u.tb[j], u.tw[j]
			for ends != 0 {
				t := bits.TrailingZeros64(ends)
				u.end = append(u.end, int32(j<<6+t))
				u.touch = append(u.touch, uint8(tb>>t&1|tw>>t&1<<1))
				ends &= ends - 1
			}
		}
		u.rowRuns = append(u.rowRuns, int32(len(u.start)))
	}
	runs := len(u.start)
	u.parent = grow(u.parent, runs)
	for k := range u.parent {
		u.parent[k] = int32(k)
	}
	// Join overlapping runs of adjacent rows (a merge of two sorted interval lists).
	for i := 2; i <= n; i++ {
		p, pe := u.rowRuns[i-2], u.rowRuns[i-1]
		q, qe := pe, u.rowRuns[i]
		for p < pe && q < qe {
			if u.start[p] <= u.end[q] && u.start[q] <= u.end[p] {
				rp, rq := u.find(p), u.find(q)
				if rp != rq {
					if rp < rq {
						u.parent[rq] = rp
					} else {
						u.parent[rp] = rq
					}
				}
			}
			if u.end[p] < u.end[q] {
				p++
			} else {
				q++
			}
		}
	}
	for k := 0; k < runs; k++ {
		r := u.find(int32(k))
		u.parent[k] = r
		u.touch[r] |= u.touch[k]
	}
	// Count, and draw the fill planes so Owner works as after ScoreFill.
	clear(s.fb)
	clear(s.fw)
	nb, nw := b.Stones()
	res := Result{Size: n, Cols: b.Cols, Black: nb, White: nw}
	for i := 1; i <= n; i++ {
		base := i * w
		for k := u.rowRuns[i-1]; k < u.rowRuns[i]; k++ {
			t := u.touch[u.parent[k]] // parents point at roots after the pass above
			if t == 0 {
				continue
			}
			a, e := int(u.start[k]), int(u.end[k])
			switch t {
			case 1:
				res.Black += e - a + 1
			case 2:
				res.White += e - a + 1
			}
			if t&1 != 0 {
				setRange(s.fb[base:base+w], a, e)
			}
			if t&2 != 0 {
				setRange(s.fw[base:base+w], a, e)
			}
		}
	}
	return res
}

// setRange sets bits a..e (inclusive) of the row.
func setRange(row []uint64, a, e int) {
	for j := a >> 6; j <= e>>6; j++ {
		m := ^uint64(0)
		if j == a>>6 {
			m <<= a & 63
		}
		if j == e>>6 {
			m &= ^uint64(0) >> (63 - e&63)
		}
		row[j] |= m
	}
}
