package bench

import (
	"bufio"
	"fmt"
	"io"
	"math/big"

	"github.com/boardlab/boardlab/engine/wythoff"
)

// wythoffNaiveTable writes the cold-pair table the obvious way, the baseline of the
// table benchmarks: each pair computed on its own with math/big (a_k = floor((k +
// isqrt(5k^2))/2)) and printed with fmt.
func wythoffNaiveTable(w io.Writer, n uint64) error {
	bw := bufio.NewWriter(w)
	k := new(big.Int)
	for i := uint64(0); i < n; i++ {
		k.SetUint64(i)
		a := wythoff.LowerBig(k)
		fmt.Fprintf(bw, "%d %s %s\n", i, a, a.Add(a, k))
	}
	return bw.Flush()
}

// wythoffNaiveMove is the baseline of the move benchmark: the exact math/big path used
// for every position, as a program without the 128-bit fast path would.
func wythoffNaiveMove(x, y uint64) int {
	return len(wythoff.MovesBig(new(big.Int).SetUint64(x), new(big.Int).SetUint64(y), false))
}
