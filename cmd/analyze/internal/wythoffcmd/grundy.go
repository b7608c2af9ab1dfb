package wythoffcmd

import (
	"context"
	"io"
	"strconv"

	"github.com/boardlab/boardlab/cmd/analyze/internal/cli"
	"github.com/boardlab/boardlab/cmd/analyze/internal/term"
	"github.com/boardlab/boardlab/engine/wythoff"
	"github.com/boardlab/boardlab/engine/wythoff/draw"
	"github.com/boardlab/boardlab/internal/machine"
)

const grundyDescription = `Computes the Sprague-Grundy values G(x, y) of Wythoff's Nim for 0 <= x, y < N (a
position is cold exactly when G = 0) and writes them.

Formats:
  grid     N lines of N right-aligned values separated by spaces (row x, column y)
  csv      N lines of N comma-separated values (row x, column y)
  binary   N*N little-endian uint16, row-major
  bfile    the OEIS b-file of A004481 (the table read by antidiagonals), n from 0
  png      an N x N image (times --scale), G by the viridis colour map, cold
           positions in red; written row by row
  svg      the same picture as SVG with a colour legend, for N <= 256

The table is computed on --jobs cores (default: all) and held in memory while it is
written, about 2.5*N^2 bytes (2.5 GiB for the largest N, 32768); a table that does
not fit the memory the machine and the process limits leave is refused with exit
status 2 before anything is allocated.

--shard K/S writes band K of S contiguous bands of rows, csv and binary only: the
bands' outputs concatenated in order are the whole table. A band computes every row
above it too, so sharding splits the output and the memory, not the time. With --out
FILE band K writes FILE.K-of-S.

Output goes to stdout, or with --out to FILE, written atomically. docs/wythoff.md
describes the formats and the memory check in full.`

func runGrundy(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := cli.NewFlagSet("wythoff grundy", "analyze wythoff grundy [--format grid|csv|binary|bfile|png|svg] [--scale N] [--jobs N] [--shard K/N] [--out FILE] N", grundyDescription, stderr)
	format := &choice{"grid", []string{"grid", "csv", "binary", "bfile", "png", "svg"}}
	fs.Var(format, "format", "output `format`: grid, csv, binary, bfile, png or svg")
	outPath := cli.OutFlag(fs, "write to `FILE` atomically instead of stdout")
	jobs := cli.JobsFlag(fs, "goroutines computing the table")
	scale := fs.Int("scale", 0, "pixels per cell of a png (default 1) or svg (default: a picture about 512 wide)")
	shardSpec := cli.ShardFlag(fs)
	pos, st := cli.Parse(fs, args)
	if st >= 0 {
		return st
	}
	shard, err := shardSpec.Resolve("wythoff grundy", nil, stderr)
	if err != nil {
		return cli.Usagef(stderr, "wythoff grundy", "%v", err)
	}
	if len(pos) != 1 {
		return cli.Usagef(stderr, "wythoff grundy", "want one argument N, got %d", len(pos))
	}
	n, err := strconv.Atoi(pos[0])
	if err != nil || n < 0 || n > wythoff.MaxGrundy {
		return cli.Usagef(stderr, "wythoff grundy", "N %s: want an integer 0..%d", pos[0], wythoff.MaxGrundy)
	}
	f := format.val
	if shard.Enabled() && f != "csv" && f != "binary" {
		return cli.Usagef(stderr, "wythoff grundy", "--shard splits csv and binary tables only (--format %s cannot be concatenated); add --format csv or --format binary", f)
	}
	if *scale < 0 || *scale > 64 || *scale == 0 && cli.IsSet(fs, "scale") {
		return cli.Usagef(stderr, "wythoff grundy", "--scale %d: want 1..64", *scale)
	}
	if *scale != 0 && f != "png" && f != "svg" {
		return cli.Usagef(stderr, "wythoff grundy", "--scale applies to --format png and svg only")
	}
	if (f == "svg" || f == "png") && n == 0 {
		return cli.Usagef(stderr, "wythoff grundy", "a picture needs N >= 1")
	}
	if f == "svg" && n > draw.MaxGrundySVG {
		return cli.Usagef(stderr, "wythoff grundy", "--format svg draws N <= %d (one rectangle per cell); use --format png for N = %d", draw.MaxGrundySVG, n)
	}
	if f == "png" && n > 0 && int64(n)*int64(max(*scale, 1)) > 1<<20 {
		return cli.Usagef(stderr, "wythoff grundy", "a png side of N x --scale = %d pixels is too large (at most %d)", int64(n)*int64(*scale), 1<<20)
	}
	lo64, hi64 := shard.Range(int64(n))
	lo, hi := int(lo64), int(hi64)
	if err := machine.CheckAlloc(wythoff.GrundyMemory(n, hi)); err != nil {
		return cli.Usagef(stderr, "wythoff grundy", "a %d x %d table (%d rows) %v", n, n, hi, err)
	}
	binaryOut := f == "binary" || f == "png"
	return cli.Output("wythoff grundy", shard.Path(*outPath), binaryOut, stdout, stderr, func(out io.Writer) error {
		prog := term.NewProgress(stderr, "wythoff grundy: computing", "rows")
		tab, err := wythoff.GrundyRows(ctx, n, hi, *jobs, func(rows int) { prog.Update(int64(rows), int64(hi)) })
		prog.Done()
		if err != nil {
			return err
		}
		// rows, or antidiagonals for the b-file: n either way
		prog = term.NewProgress(stderr, "wythoff grundy: writing", "rows")
		defer prog.Done()
		update := func(rows int) { prog.Update(int64(rows), int64(hi-lo)) }
		switch f {
		case "png":
			return draw.GrundyPNG(ctx, out, tab, max(*scale, 1), update)
		case "svg":
			return draw.GrundySVG(out, tab, *scale)
		case "bfile":
			return tab.Write(ctx, out, wythoff.GrundyBFile, update)
		}
		wf := map[string]wythoff.GrundyFormat{"grid": wythoff.GrundyGrid, "csv": wythoff.GrundyCSV, "binary": wythoff.GrundyBinary}[f]
		return tab.WriteRows(ctx, out, wf, lo, hi, update)
	})
}
