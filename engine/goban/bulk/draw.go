package bulk

import (
	"context"
	"fmt"
	"io"
	"path/filepath"
	"strconv"
	"strings"

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

// DrawOptions say what Draw draws and where.
type DrawOptions struct {
	Format  string  // "svg" (or "") or "png"
	Scale   int     // PNG pixels per point; 0: 1
	Komi    float64 // komi for white, used when KomiSet: overrides SGF's KM
	KomiSet bool
	// Out is where the pictures go: "" or "-" for the writer Draw is given (one
	// picture), a file (one picture), or a directory (created) that gets one
	// NAME.svg or NAME.png per input or game when several inputs are named, it exists
	// or its name ends in /.
	Out string
	// Report, when set, is told of each input or picture that failed, in order.
	Report func(name string, err error)
}

// Draw draws the ownership map of each input args name (text boards and SGF records,
// as Score reads them; every game of a collection) as SVG or PNG. A bad input is
// handed to o.Report and the others still drawn; it returns an error when the output
// directory cannot be made or ctx stops the run (ctx.Err()).
func Draw(ctx context.Context, args []string, stdin io.Reader, stdout io.Writer, o DrawOptions) error {
	format, scale, outPath := o.Format, o.Scale, o.Out
	if format == "" {
		format = "svg"
	}
	if scale == 0 {
		scale = 1
	}
	so := scoreOpts{format: "auto", komi: o.Komi, komiSet: o.KomiSet}
	pos := args
	inputs, errs := fileio.Expand(pos)
	inputs, errs, _ = gameInputs(pos, inputs, errs)
	srcs, closeArchives := expandArchives(inputs, errs)
	defer closeArchives()
	toDir := outPath != "" && (len(srcs) > 1 || isDir(outPath) || strings.HasSuffix(outPath, "/"))
	if toDir {
		if err := mkdirAll(outPath); err != nil {
			return err
		}
	}
	drawn := 0
	for _, src := range srcs {
		if err := ctx.Err(); err != nil {
			return err
		}
		fail := func(err error) {
			if o.Report != nil {
				o.Report(src.displayName(), fileio.Cause(err))
			}
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
		if so.isSGF(data) {
			var w worker
			var r scored
			so.withMap = true
			games, many, err := w.sgfGames(ctx, data, &so, &r)
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
			b := new(goban.Board)
			if err := b.ParseText(data); err != nil {
				fail(err)
				continue
			}
			var s goban.Scorer
			res := s.Score(b)
			komi := so.textKomi()
			pics = append(pics, picture{src.name, res, s.Owner(nil, b), komi, string(sgf.FormatScore(nil, float64(res.Black-res.White)-komi))})
		}
		for _, p := range pics {
			path := outPath
			if toDir {
				path = filepath.Join(outPath, pictureName(p.name, "."+format))
			} else if drawn > 0 {
				fail(fmt.Errorf("more than one picture: use --out DIR/"))
				break
			}
			if p.res.Size == 0 && format == "png" {
				fail(fmt.Errorf("empty board: nothing to draw"))
				continue
			}
			if err := writePicture(path, stdout, format, scale, p.name, p.res, p.owner, p.komi, p.result); err != nil {
				fail(err)
				continue
			}
			drawn++
		}
	}
	return nil
}
