package dead

// benson finds the chains that are unconditionally alive (Benson's algorithm): for a
// colour, the regions are the connected sets of points that are not its stones; a
// region is vital to a chain when all its empty points are the chain's liberties.
// Chains with fewer than two vital regions are dropped, then the regions next to a
// dropped chain, until nothing changes: the chains left cannot be captured even if
// their side never plays.
type benson struct {
	region []int32 // region of each point not of the colour; -1 otherwise
	chain  []int32 // dense chain number of each stone of the colour; -1 otherwise
	stack  []int32
	// per region: empty points, healthy
	rEmpty   []int32
	rHealthy []bool
	// adjacency pairs (region, chain) with the count of the region's empty points
	// that are liberties of the chain, and whether the chain touches the region
	pairs  map[[2]int32]int32
	cAlive []bool
	cVital []int32
}

func (bn *benson) run(b *board, alive []bool) {
	for c := uint8(black); c <= white; c++ {
		bn.colour(b, c, alive)
	}
}

func (bn *benson) colour(b *board, c uint8, alive []bool) {
	n := len(b.color)
	bn.region = resize(bn.region, n)
	bn.chain = resize(bn.chain, n)
	for i := range bn.region {
		bn.region[i], bn.chain[i] = -1, -1
	}
	col := b.color
	nChains := int32(0)
	for y := 1; y <= b.rows; y++ {
		for p := b.rowStart(y); p < b.rowStart(y)+int32(b.cols); p++ {
			if col[p] == c && b.root[p] == p {
				for q := p; ; {
					bn.chain[q] = nChains
					if q = b.next[q]; q == p {
						break
					}
				}
				nChains++
			}
		}
	}
	if nChains == 0 {
		return
	}
	nRegions := int32(0)
	bn.rEmpty = bn.rEmpty[:0]
	for y := 1; y <= b.rows; y++ {
		for p := b.rowStart(y); p < b.rowStart(y)+int32(b.cols); p++ {
			if col[p] == c || bn.region[p] >= 0 {
				continue
			}
			bn.region[p] = nRegions
			bn.stack = append(bn.stack[:0], p)
			for len(bn.stack) > 0 {
				q := bn.stack[len(bn.stack)-1]
				bn.stack = bn.stack[:len(bn.stack)-1]
				for _, d := range b.dirs {
					if r := q + d; col[r] != c && col[r] != border && bn.region[r] < 0 {
						bn.region[r] = nRegions
						bn.stack = append(bn.stack, r)
					}
				}
			}
			nRegions++
			bn.rEmpty = append(bn.rEmpty, 0)
		}
	}
	if bn.pairs == nil {
		bn.pairs = make(map[[2]int32]int32)
	}
	clear(bn.pairs)
	for y := 1; y <= b.rows; y++ {
		for p := b.rowStart(y); p < b.rowStart(y)+int32(b.cols); p++ {
			r := bn.region[p]
			if r < 0 {
				continue
			}
			isEmpty := col[p] == empty
			if isEmpty {
				bn.rEmpty[r]++
			}
			var seen few
			for _, d := range b.dirs {
				ch := bn.chain[p+d]
				if ch < 0 || !seen.add(ch) {
					continue
				}
				k := [2]int32{r, ch}
				v := bn.pairs[k]
				if isEmpty {
					v++
				}
				bn.pairs[k] = v
			}
		}
	}
	bn.rHealthy = resize(bn.rHealthy, int(nRegions))
	for i := range bn.rHealthy {
		bn.rHealthy[i] = true
	}
	bn.cAlive = resize(bn.cAlive, int(nChains))
	for i := range bn.cAlive {
		bn.cAlive[i] = true
	}
	bn.cVital = resize(bn.cVital, int(nChains))
	for changed := true; changed; {
		changed = false
		clear(bn.cVital)
		for k, v := range bn.pairs {
			if r := k[0]; bn.rHealthy[r] && bn.rEmpty[r] > 0 && v == bn.rEmpty[r] {
				bn.cVital[k[1]]++
			}
		}
		for ch := range bn.cAlive {
			if bn.cAlive[ch] && bn.cVital[ch] < 2 {
				bn.cAlive[ch] = false
				changed = true
			}
		}
		for k := range bn.pairs {
			if !bn.cAlive[k[1]] {
				bn.rHealthy[k[0]] = false
			}
		}
	}
	cols := b.cols
	for y := 1; y <= b.rows; y++ {
		for p := b.rowStart(y); p < b.rowStart(y)+int32(b.cols); p++ {
			if ch := bn.chain[p]; ch >= 0 && bn.cAlive[ch] {
				alive[(y-1)*cols+int(p)%b.stride-1] = true
			}
		}
	}
}
