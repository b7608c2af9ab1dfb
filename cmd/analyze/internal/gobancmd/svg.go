package gobancmd

import (
	"context"
	"fmt"
	"io"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/boardlab/boardlab/cmd/analyze/internal/cli"
	"github.com/boardlab/boardlab/engine/goban"
	"github.com/boardlab/boardlab/engine/goban/sgf"
	"github.com/boardlab/boardlab/fileio"
)

// pictureName turns an input name (a path, ARCHIVE/MEMBER, FILE#k or -) into a file
// name for its picture: separators become '_', #k becomes -k.
func pictureName(name, ext string) string {
	if name == "-" {
		name = "stdin"
	}
	name = strings.TrimPrefix(filepath.ToSlash(name), "./")
	name = strings.TrimLeft(name, "/")
	name = strings.NewReplacer("/", "_", "#", "-", "\\", "_", ":", "_").Replace(name)
	return name + ext
}

// writeSVG writes the ownership-map picture of one input or game into --svg DIR.
func (o *scoreOpts) writeSVG(name string, res goban.Result, owner []byte, komi float64, result string) error {
	if result == "" {
		result = string(sgf.FormatScore(nil, float64(res.Black-res.White)-komi))
	}
	path := filepath.Join(o.svgDir, pictureName(name, ".svg"))
	return writePicture(path, nil, "svg", 0, name, res, owner, komi, result)
}

// writePicture writes one ownership picture (svg or png) to path, or to stdout when
// path is "" or "-".
func writePicture(path string, stdout io.Writer, format string, scale int, name string, res goban.Result, owner []byte, komi float64, result string) error {
	out, err := fileio.CreateOutput(path, stdout)
	if err != nil {
		return fmt.Errorf("picture: %w", err)
	}
	out.NoSync = true
	if format == "png" {
		err = goban.WriteOwnershipPNG(out, owner, res.Size, res.Cols, scale)
	} else {
		title := fmt.Sprintf("%s: %s", name, result)
		legend := fmt.Sprintf("black %d, white %d, komi %s", res.Black, res.White, strconv.FormatFloat(komi, 'f', -1, 64))
		err = goban.WriteOwnershipSVG(out, owner, res.Size, res.Cols, title, legend)
	}
	if err != nil {
		out.Abort()
		return fmt.Errorf("picture: %w", err)
	}
	if err := out.Commit(); err != nil {
		return fmt.Errorf("picture %s: %w", path, err)
	}
	return nil
}

const drawUsage = "analyze goban draw [--format svg|png] [--scale N] [--komi K] [--out FILE|DIR] [FILE|-]..."

const drawHelp = `Draws the ownership map of each input (a text board or an SGF record, as "goban score"
reads them; the k-th game of a collection too): stones, each empty point shaded by the
colour it counts for, coordinates and the result. --format svg (the default) suits
boards up to a few hundred points a side; --format png draws --scale pixels per point
(default 1, at least 1), streamed row by row, for boards of any size. One input without
--out writes to stdout; otherwise --out names the file (one picture) or a directory
(several inputs, an existing directory, or a name ending in /) that receives one
NAME.svg or NAME.png per input or game.`

func runDraw(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := cli.NewFlagSet("goban draw", drawUsage, drawHelp, stderr)
	format := fs.String("format", "svg", "picture format: svg or png")
	scale := fs.Int("scale", 1, "PNG pixels per point")
	outPath := cli.OutFlag(fs, "output `FILE` (one input) or DIR")
	o := scoreOpts{format: "auto"}
	fs.Func("komi", "komi `K` for white (overrides SGF's KM)", func(s string) error {
		k, err := strconv.ParseFloat(s, 64)
		if err != nil {
			return err
		}
		o.komi, o.komiSet = k, true
		return nil
	})
	pos, st := cli.Parse(fs, args)
	if st >= 0 {
		return st
	}
	if *format != "svg" && *format != "png" {
		return cli.Usagef(stderr, "goban draw", "--format %q: want svg or png", *format)
	}
	if *scale < 1 || *scale > 64 {
		return cli.Usagef(stderr, "goban draw", "--scale %d: want 1..64", *scale)
	}
	inputs, errs := fileio.Expand(pos)
	srcs, closeArchives := expandArchives(inputs, errs)
	defer closeArchives()
	if *format == "png" && *outPath == "" && cli.IsTerminal(stdout) {
		return cli.Usagef(stderr, "goban draw", "refusing to write PNG to a terminal: use --out")
	}
	toDir := *outPath != "" && (len(srcs) > 1 || isDir(*outPath) || strings.HasSuffix(*outPath, "/"))
	if toDir {
		if err := mkdirAll(*outPath); err != nil {
			fmt.Fprintf(stderr, "analyze goban draw: %v\n", err)
			return cli.ExitFail
		}
	}
	failed := false
	drawn := 0
	for _, src := range srcs {
		if ctx.Err() != nil {
			fmt.Fprintf(stderr, "analyze goban draw: interrupted\n")
			return cli.ExitInterrupted
		}
		fail := func(err error) {
			fmt.Fprintf(stderr, "analyze goban draw: %s: %v\n", src.displayName(), fileio.Cause(err))
			failed = true
		}
		if src.err != nil {
			fail(src.err)
			continue
		}
		data, err := src.readWhole(ctx, stdin)
		if err != nil {
			fail(err)
			continue
		}
		type picture struct {
			name   string
			res    goban.Result
			owner  []byte
			komi   float64
			result string
		}
		var pics []picture
		if o.isSGF(data) {
			var w worker
			var r scored
			o.withMap = true
			games, many, err := w.sgfGames(ctx, data, &o, &r)
			for _, m := range r.msgs {
				fail(m)
			}
			if err != nil {
				fail(err)
			}
			for i := range games {
				gm := &games[i]
				pics = append(pics, picture{gm.name(src.name, many), gm.res, gm.owner, gm.komi, string(sgf.FormatScore(nil, gm.lead))})
			}
		} else {
			b, err := goban.Parse(data)
			if err != nil {
				fail(err)
				continue
			}
			var s goban.Scorer
			res := s.Score(b)
			komi := o.textKomi()
			pics = append(pics, picture{src.name, res, s.Owner(nil, b), komi, string(sgf.FormatScore(nil, float64(res.Black-res.White)-komi))})
		}
		for _, p := range pics {
			path := *outPath
			if toDir {
				path = filepath.Join(*outPath, pictureName(p.name, "."+*format))
			} else if drawn > 0 {
				fail(fmt.Errorf("more than one picture: use --out DIR/"))
				break
			}
			if p.res.Size == 0 && *format == "png" {
				fail(fmt.Errorf("empty board: nothing to draw"))
				continue
			}
			if err := writePicture(path, stdout, *format, *scale, p.name, p.res, p.owner, p.komi, p.result); err != nil {
				fail(err)
				continue
			}
			drawn++
		}
	}
	if failed {
		return cli.ExitFail
	}
	return cli.ExitOK
}
