package wythoffcmd

import (
	"context"
	"io"
	"strconv"

	"github.com/boardlab/boardlab/cmd/analyze/internal/cli"
	"github.com/boardlab/boardlab/cmd/analyze/internal/term"
	"github.com/boardlab/boardlab/engine/wythoff"
	"github.com/boardlab/boardlab/engine/wythoff/draw"
)

const tableDescription = `Writes the first N cold positions of Wythoff's Nim, the pairs (k, a_k, b_k) with
a_k = floor(k*phi) and b_k = a_k + k, for k = 0..N-1 (--start K: k = K..K+N-1, at the
same speed from any K), exactly and in constant memory.

Formats:
  pairs    "k a_k b_k" lines
  csv      a "k,a_k,b_k" header, then the same rows with commas
  bfile    the OEIS b-file "n a(n)", n = 1..N (K+1..K+N), of A000201 (--seq lower, a(n) = a_n)
           or A001950 (--seq upper, a(n) = b_n)
  binary   a_k and b_k as little-endian uint64, 16 bytes per k
  svg      a plot of the cold positions (a_k, b_k) and (b_k, a_k), k < N, as points,
           with the lines y = phi*x and y = x/phi they lie along (N <= 20000)

--shard K/S writes part K of S contiguous parts of the N rows (part 0 first; the csv
header only in part 0): the outputs of parts 0..S-1 concatenated in order are the
unsharded output byte for byte, and each part costs the same. With --out FILE part K
writes FILE.K-of-S. svg is not split.

Output goes to stdout, or with --out to FILE, written atomically.`

func runTable(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := cli.NewFlagSet("wythoff table", "analyze wythoff table [--format pairs|csv|bfile|binary|svg] [--seq lower|upper] [--start K] [--shard K/N] [--out FILE] N", tableDescription, stderr)
	format := &choice{"pairs", []string{"pairs", "csv", "bfile", "binary", "svg"}}
	seq := &choice{"lower", []string{"lower", "upper"}}
	fs.Var(format, "format", "output `format`: pairs, csv, bfile, binary or svg")
	fs.Var(seq, "seq", "b-file `sequence`: lower (A000201) or upper (A001950)")
	outPath := cli.OutFlag(fs, "write to `FILE` atomically instead of stdout")
	start := fs.Uint64("start", 0, "first row `K` (k = K, or n = K+1 in the b-file)")
	shardSpec := cli.ShardFlag(fs)
	pos, st := cli.Parse(fs, args)
	if st >= 0 {
		return st
	}
	shard, err := shardSpec.Resolve("wythoff table", nil, stderr)
	if err != nil {
		return cli.Usagef(stderr, "wythoff table", "%v", err)
	}
	if len(pos) != 1 {
		return cli.Usagef(stderr, "wythoff table", "want one argument N, got %d", len(pos))
	}
	n, err := strconv.ParseUint(pos[0], 10, 64)
	if err != nil || n < 1 || n >= wythoff.MaxTablePairs {
		return cli.Usagef(stderr, "wythoff table", "N %s: want an integer 1..%d", pos[0], uint64(wythoff.MaxTablePairs-1))
	}
	if *start >= wythoff.MaxTablePairs-n {
		return cli.Usagef(stderr, "wythoff table", "--start K plus N must stay below %d", uint64(wythoff.MaxTablePairs))
	}
	if cli.IsSet(fs, "seq") && format.val != "bfile" {
		return cli.Usagef(stderr, "wythoff table", "--seq applies to --format bfile only")
	}
	if format.val == "svg" {
		if shard.Enabled() {
			return cli.Usagef(stderr, "wythoff table", "--shard does not split an svg picture")
		}
		if n == 0 || n > draw.MaxTableSVG {
			return cli.Usagef(stderr, "wythoff table", "--format svg plots 1..%d pairs, got N = %d", draw.MaxTableSVG, n)
		}
		if *start != 0 {
			// far from the origin the two branches are two specks on an empty plot
			return cli.Usagef(stderr, "wythoff table", "--format svg plots from k = 0; --start applies to the other formats")
		}
		return cli.Output("wythoff table", *outPath, false, stdout, stderr, func(out io.Writer) error {
			return draw.TableSVG(out, *start, n)
		})
	}
	// a shard writes its contiguous part of the rows; MaxTablePairs < 2^63 keeps n in int64
	lo, hi := shard.Range(int64(n))
	opt := wythoff.TableOptions{Upper: seq.val == "upper", Start: *start + uint64(lo), CSVNoHeader: lo > 0}
	n = uint64(hi - lo)
	switch format.val {
	case "pairs":
		opt.Format = wythoff.TablePairs
	case "csv":
		opt.Format = wythoff.TableCSV
	case "bfile":
		opt.Format = wythoff.TableBFile
	case "binary":
		opt.Format = wythoff.TableBinary
	}
	return cli.Output("wythoff table", shard.Path(*outPath), opt.Format == wythoff.TableBinary, stdout, stderr, func(out io.Writer) error {
		prog := term.NewProgress(stderr, "wythoff table", "pairs")
		defer prog.Done()
		opt.Progress = func(done uint64) { prog.Update(int64(done), int64(n)) }
		return wythoff.WriteTable(ctx, out, n, opt)
	})
}
