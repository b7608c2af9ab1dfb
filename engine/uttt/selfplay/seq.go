package selfplay

import (
	"fmt"
	"sort"

	"github.com/boardlab/boardlab/engine/uttt/selfplay/record"
	"github.com/boardlab/boardlab/engine/uttt/stats"
)

// Tally.add counts game i from its result.
func (t *Tally) add(i int, r record.Result) {
	switch r.Score2 {
	case 2:
		t.W++
	case 1:
		t.D++
	default:
		t.L++
	}
	switch r.Text(i) {
	case "X":
		t.XWins++
	case "O":
		t.OWins++
	}
	t.Plies += int(r.Plies)
}

// Point is one sample of a run's course: after Games games in index order, A's score
// with its 95% interval and, with an SPRT, the log-likelihood ratio.
type Point struct {
	Games           int
	Score, Lo, Hi   float64
	LLR             float64
	WinsDrawsLosses [3]int
}

// maxPoints bounds a Series: when full, every other point is dropped and the sampling
// step doubles, so a run of any length keeps at most this many.
const maxPoints = 1024

// Sequence accumulates game results in index order from game From, as Run and the
// merge of shard files do, so both print the same statistics: the tally, the pairs
// (2k, 2k+1), the SPRT judged after every game, and a bounded series for a plot.
type Sequence struct {
	SPRT   *stats.SPRT
	Stop   int  // games at or beyond Stop are not counted (the SPRT's stop, or the end)
	Sample bool // record Points
	sum    Summary
	next   int // the next index in order
	prev   record.Result
	hasPrv bool // prev is game next-1
	step   int
	points []Point
	loose  bool // a game was skipped: the rest are counted without the SPRT
}

// NewSequence starts a sequence at game from, counting games below stop.
func NewSequence(from, stop int, sprt *stats.SPRT, sample bool) *Sequence {
	return &Sequence{SPRT: sprt, Stop: stop, Sample: sample, next: from, step: 1, sum: Summary{Stop: stop}}
}

// Next returns the index of the next game in order.
func (s *Sequence) Next() int { return s.next }

// Decided reports whether the SPRT has decided (no more games are counted).
func (s *Sequence) Decided() bool { return s.sum.Decision != 0 }

// Add counts game Next() and reports whether the SPRT decided on it.
func (s *Sequence) Add(r record.Result) bool {
	i := s.next
	s.next++
	if i >= s.Stop || s.sum.Decision != 0 {
		return false
	}
	s.count(i, r, s.hasPrv)
	s.prev, s.hasPrv = r, true
	decided := false
	t := &s.sum.Tally
	if s.loose {
		return false
	}
	if s.SPRT != nil {
		llr := s.SPRT.LLR(t.W, t.D, t.L)
		s.sum.LLR = llr
		d := 0 // SPRT.Decide, from the LLR just computed
		if lo, hi := s.SPRT.Bounds(); llr >= hi {
			d = 1
		} else if llr <= lo {
			d = -1
		}
		if d != 0 {
			s.sum.Stop, s.sum.Decision, s.Stop = i+1, d, i+1
			decided = true
		}
	}
	if s.Sample && (s.sum.Counted%s.step == 0 || decided) {
		s.sample()
	}
	return decided
}

func (s *Sequence) count(i int, r record.Result, prevPresent bool) {
	s.sum.Tally.add(i, r)
	s.sum.Counted++
	if i%2 == 1 && prevPresent {
		s.sum.Pairs[s.prev.Score2+r.Score2]++
	}
}

func (s *Sequence) sample() {
	t := &s.sum.Tally
	sc, lo, hi := stats.ScoreInterval(t.W, t.D, t.L)
	p := Point{Games: s.sum.Counted, Score: sc, Lo: lo, Hi: hi, LLR: s.sum.LLR, WinsDrawsLosses: [3]int{t.W, t.D, t.L}}
	if n := len(s.points); n > 0 && s.points[n-1].Games == p.Games {
		s.points[n-1] = p
		return
	}
	s.points = append(s.points, p)
	if len(s.points) >= maxPoints {
		k := 0
		for j := 1; j < len(s.points); j += 2 {
			s.points[k] = s.points[j]
			k++
		}
		s.points = s.points[:k]
		s.step *= 2
	}
}

// Gap skips game Next(): it did not finish (an interrupted run).
func (s *Sequence) Gap() {
	s.next++
	s.hasPrv, s.loose = false, true
}

// Summary returns the statistics so far; with Sample, its Series ends with the last game.
func (s *Sequence) Summary() Summary {
	sum := s.sum
	if s.Sample {
		if s.sum.Counted > 0 {
			s.sample()
		}
		sum.Series = append([]Point(nil), s.points...)
	}
	return sum
}

// pending holds finished games that arrived ahead of the next index in order: a ring
// for the games close ahead and a map, bounded by maxAhead entries, for the others.
type pending struct {
	ring  []uint16 // ring[i&mask]: 1 + packed record.Result of game i, 0 when absent
	mask  int
	over  map[int]uint16
	max   int // the largest index held
	count int
}

// maxAhead bounds the games held out of order beyond the ring: a file whose lines
// are further out of index order is refused rather than held whole.
const maxAhead = 1 << 21

func newPending(ringSize int) *pending {
	return &pending{ring: make([]uint16, ringSize), mask: ringSize - 1, over: map[int]uint16{}, max: -1}
}

func pack(r record.Result) uint16 { return 1 + uint16(r.Score2) | uint16(r.Plies)<<2 }
func unpack(v uint16) record.Result {
	v--
	return record.Result{Score2: uint8(v & 3), Plies: uint8(v >> 2)}
}

// put holds game i (next is the sequence's next index); it reports false when the game
// is already held or counted.
func (q *pending) put(next, i int, r record.Result) (bool, error) {
	if i < next {
		return false, nil
	}
	v := pack(r)
	if len(q.over) > 0 {
		if _, dup := q.over[i]; dup {
			return false, nil
		}
	}
	if i-next < len(q.ring) {
		if q.ring[i&q.mask] != 0 {
			return false, nil
		}
		q.ring[i&q.mask] = v
	} else {
		if len(q.over) >= maxAhead {
			return false, fmt.Errorf("game %d is more than %d games ahead of game %d, the next in index order: the games are too far out of order", i, maxAhead, next)
		}
		q.over[i] = v
	}
	q.count++
	q.max = max(q.max, i)
	return true, nil
}

// take removes and returns game i if held.
func (q *pending) take(i int) (record.Result, bool) {
	if v := q.ring[i&q.mask]; v != 0 {
		q.ring[i&q.mask] = 0
		q.count--
		return unpack(v), true
	}
	if len(q.over) > 0 {
		if v, ok := q.over[i]; ok {
			delete(q.over, i)
			q.count--
			return unpack(v), true
		}
	}
	return record.Result{}, false
}

// advance feeds the sequence every game held at its next index; it reports whether the
// SPRT decided.
func (q *pending) advance(s *Sequence) bool {
	for q.count > 0 {
		r, ok := q.take(s.Next())
		if !ok {
			return false
		}
		if s.Add(r) {
			return true
		}
	}
	return false
}

// drain counts the games still held, in index order, across the gaps before them:
// what an interrupted run finished beyond its in-order prefix.
func (q *pending) drain(s *Sequence) {
	var idx []int
	for i := s.Next(); i <= q.max && len(idx) < q.count; i++ {
		if i-s.Next() >= len(q.ring) {
			break
		}
		if q.ring[i&q.mask] != 0 {
			idx = append(idx, i)
		}
	}
	for i := range q.over {
		idx = append(idx, i)
	}
	sort.Ints(idx)
	for _, i := range idx {
		for s.Next() < i {
			s.Gap()
		}
		r, _ := q.take(i)
		s.Add(r)
	}
}
