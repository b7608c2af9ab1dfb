package wythoffcmd

import (
	"context"
	"io"
	"strconv"

	"github.com/boardlab/boardlab/cmd/analyze/internal/cli"
	"github.com/boardlab/boardlab/engine/wythoff"
)

const grundyDescription = `Computes the Sprague-Grundy values G(x, y) of Wythoff's Nim for 0 <= x, y < N (a
position is cold exactly when G = 0; G of a sum of games is the XOR of the parts) and
writes them.

Formats:
  grid     N lines of N right-aligned values separated by spaces (row x, column y)
  csv      N lines of N comma-separated values (row x, column y)
  binary   N*N little-endian uint16, row-major
  bfile    the OEIS b-file of A004481 (the table read by antidiagonals): "n a(n)" for
           n from 0, over the N complete antidiagonals G(0,s), G(1,s-1), ..., G(s,0)

The table is built with bit-set mex over rows, columns and diagonals, in parallel on
--workers cores (default: all). It is held in memory: about 3*N^2 bytes (N <= 32768).
Output goes to stdout, or with --out to FILE, written atomically.`

func runGrundy(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := cli.NewFlagSet("wythoff grundy", "analyze wythoff grundy [--format grid|csv|binary|bfile] [--workers W] [--out FILE] N", grundyDescription, stderr)
	format := &choice{"grid", []string{"grid", "csv", "binary", "bfile"}}
	fs.Var(format, "format", "output `format`: grid, csv, binary or bfile")
	outPath := fs.String("out", "", "write to `FILE` atomically instead of stdout")
	workers := fs.Int("workers", 0, "goroutines computing the table (0: GOMAXPROCS)")
	pos, st := cli.Parse(fs, args)
	if st >= 0 {
		return st
	}
	if len(pos) != 1 {
		return cli.Usagef(stderr, "wythoff grundy", "want one argument N, got %d", len(pos))
	}
	n, err := strconv.Atoi(pos[0])
	if err != nil || n < 0 || n > wythoff.MaxGrundy {
		return cli.Usagef(stderr, "wythoff grundy", "N must be a decimal integer in 0..%d, got %q", wythoff.MaxGrundy, pos[0])
	}
	f := map[string]wythoff.GrundyFormat{"grid": wythoff.GrundyGrid, "csv": wythoff.GrundyCSV,
		"binary": wythoff.GrundyBinary, "bfile": wythoff.GrundyBFile}[format.val]
	return output("grundy", *outPath, f == wythoff.GrundyBinary, stdout, stderr, func(out io.Writer) error {
		prog := cli.NewProgress(stderr, "wythoff grundy: computing", "rows")
		tab, err := wythoff.Grundy(ctx, n, *workers, func(rows int) { prog.Update(int64(rows), int64(n)) })
		prog.Done()
		if err != nil {
			return err
		}
		// rows, or antidiagonals for the b-file: n either way
		prog = cli.NewProgress(stderr, "wythoff grundy: writing", "rows")
		defer prog.Done()
		return tab.Write(ctx, out, f, func(rows int) { prog.Update(int64(rows), int64(n)) })
	})
}
