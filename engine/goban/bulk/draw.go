package bulk

import (
	"context"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"strings"
	"sync"

	"github.com/boardlab/boardlab/engine/goban"
	"github.com/boardlab/boardlab/engine/goban/draw"
	"github.com/boardlab/boardlab/engine/goban/sgf"
	"github.com/boardlab/boardlab/fileio"
)

// writeSVG writes the ownership-map picture of one input or game into --svg DIR.
func (o *scoreOpts) writeSVG(name string, res goban.Result, owner []byte, komi float64, result, legend string) error {
	if result == "" {
		result = string(sgf.FormatScore(nil, float64(res.Black-res.White)-komi))
	}
	path := filepath.Join(o.svgDir, draw.FileName(name, ".svg"))
	if err := o.pics.claim(path, name); err != nil {
		return err
	}
	return draw.Write(path, nil, "svg", 0, draw.Picture{Name: name, Result: res, Owner: owner, Komi: komi, Text: result, Legend: legend})
}

// pictureNames records the picture files a run writes, by path, with the input or game
// each belongs to: two names that map to one file name (x/y.txt and x_y.txt, a
// collection's c.sgf#1 and a file c.sgf-1) are reported instead of one picture
// overwriting the other.
type pictureNames struct {
	mu sync.Mutex
	by map[string]string
}

// claim records that path is the picture of name, or returns an error naming the
// input or game whose picture it already is.
func (p *pictureNames) claim(path, name string) error {
	p.mu.Lock()
	defer p.mu.Unlock()
	if prev, ok := p.by[path]; ok {
		return fmt.Errorf("picture %s: it is the picture of %s: not overwritten", path, fileio.SafeName(prev))
	}
	if p.by == nil {
		p.by = make(map[string]string)
	}
	p.by[path] = name
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
	// OnError, when not nil, receives each input or picture that failed (an
	// *InputError), in order. It returns nil to go on, or an error that stops Draw and
	// is returned by it. A nil OnError goes on.
	OnError func(error) error
}

// ErrManyPictures is reported for each picture after the first when DrawOptions.Out
// names one file (not a directory).
var ErrManyPictures = errors.New("more than one picture")

// Draw draws the ownership map of each input (text boards and SGF records, read as
// WriteScores reads them; every game of a collection) as SVG or PNG. A bad input is
// handed to o.OnError and the others still drawn; it returns an error when the output
// directory cannot be made, ctx stops the run (ctx.Err()) or OnError returns one.
func Draw(ctx context.Context, ins []fileio.Input, stdin io.Reader, stdout io.Writer, o DrawOptions) error {
	format, scale, outPath := o.Format, o.Scale, o.Out
	if format == "" {
		format = "svg"
	}
	if scale == 0 {
		scale = 1
	}
	so := scoreOpts{format: "auto", komi: o.Komi, komiSet: o.KomiSet}
	var names pictureNames
	inputs, errs := gameInputs(ins, IsGameFile, gameNames)
	srcs, closeArchives := expandArchives(inputs, errs)
	defer closeArchives()
	toDir := outPath != "" && (len(srcs) > 1 || isDir(outPath) || strings.HasSuffix(outPath, "/"))
	if toDir {
		if err := mkdirAll(outPath); err != nil {
			return err
		}
	}
	drawn := 0
	var stop errStop
	for _, src := range srcs {
		if err := ctx.Err(); err != nil {
			return err
		}
		if stop.err != nil {
			return stop.err
		}
		fail := func(err error) {
			stop.report(o.OnError, src.displayName(), 0, fileio.Cause(err))
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
		if isSGFName(src.name) && !so.isSGF(data) {
			fail(notSGF(data))
			continue
		}
		var pics []draw.Picture
		if so.isSGF(data) {
			var w worker
			var stats Stats
			so.withMap = true
			err := w.sgfGames(ctx, data, &so, &stats, func(gm *sgfGame, many bool) {
				pics = append(pics, draw.Picture{Name: gm.name(src.name, many), Result: gm.res, Owner: gm.owner, Komi: gm.komi, Text: string(sgf.FormatScore(nil, gm.lead))})
			}, fail)
			if err != nil {
				fail(err)
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
			pics = append(pics, draw.Picture{Name: src.name, Result: res, Owner: s.Owner(nil, b), Komi: komi, Text: string(sgf.FormatScore(nil, float64(res.Black-res.White)-komi))})
		}
		for _, p := range pics {
			if stop.err != nil {
				return stop.err
			}
			path := outPath
			if toDir {
				path = filepath.Join(outPath, draw.FileName(p.Name, "."+format))
				if err := names.claim(path, p.Name); err != nil {
					fail(err)
					continue
				}
			} else if drawn > 0 {
				fail(ErrManyPictures)
				break
			}
			if p.Result.Size == 0 && format == "png" {
				fail(fmt.Errorf("empty board: nothing to draw"))
				continue
			}
			if err := draw.WriteContext(ctx, path, stdout, format, scale, p); err != nil {
				if ctx.Err() != nil {
					return ctx.Err()
				}
				fail(err)
				continue
			}
			drawn++
		}
	}
	return stop.err
}
