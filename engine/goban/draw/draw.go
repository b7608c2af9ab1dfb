// Package draw writes the ownership map of a scored Go position as a picture file:
// SVG with a title and legend, or PNG of any size, named after its input.
package draw

import (
	"context"
	"fmt"
	"io"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/boardlab/boardlab/engine/goban"
	"github.com/boardlab/boardlab/fileio"
)

// Picture is one ownership map to draw: the input's name, its score, the owner of each
// point (goban.Scorer.Owner), the komi and the result text for the title.
type Picture struct {
	Name   string
	Result goban.Result
	Owner  []byte
	Komi   float64
	Text   string // such as "B+3.5"
	Legend string // the counts line under the board; "" for black's and white's from Result
}

// FileName turns an input name (a path, ARCHIVE/MEMBER, FILE#k or -) into a file name
// for its picture ending in ext: separators become '_', #k becomes -k.
func FileName(name, ext string) string {
	if name == "-" {
		name = "stdin"
	}
	name = strings.TrimPrefix(filepath.ToSlash(name), "./")
	name = strings.TrimLeft(name, "/")
	name = strings.NewReplacer("/", "_", "#", "-", "\\", "_", ":", "_").Replace(name)
	return name + ext
}

// Write writes p as format "svg" or "png" (scale pixels per point) to the file path,
// which appears whole (see fileio.CreateOutput), or to stdout when path is "" or "-".
func Write(path string, stdout io.Writer, format string, scale int, p Picture) error {
	return WriteContext(context.Background(), path, stdout, format, scale, p)
}

// WriteContext is Write that stops once ctx is cancelled, within a buffer's worth of
// output however large the picture, and then returns ctx.Err() with no file written.
func WriteContext(ctx context.Context, path string, stdout io.Writer, format string, scale int, p Picture) error {
	out, err := fileio.CreateOutput(path, stdout)
	if err != nil {
		return fmt.Errorf("picture: %w", err)
	}
	out.NoSync = true
	w := fileio.CheckedWriter(ctx, out)
	res := p.Result
	if format == "png" {
		err = WriteOwnershipPNG(w, p.Owner, res.Size, res.Cols, scale)
	} else {
		title := fmt.Sprintf("%s: %s", fileio.SafeName(p.Name), p.Text)
		legend := p.Legend
		if legend == "" {
			legend = fmt.Sprintf("black %d, white %d, komi %s", res.Black, res.White, strconv.FormatFloat(p.Komi, 'f', -1, 64))
		}
		err = WriteOwnershipSVG(w, p.Owner, res.Size, res.Cols, title, legend)
	}
	if err == nil {
		err = ctx.Err() // cancelled after the last write: not a whole run
	}
	if err != nil {
		out.Abort()
		if ctx.Err() != nil {
			return ctx.Err()
		}
		return fmt.Errorf("picture: %w", err)
	}
	if err := out.Commit(); err != nil {
		return fmt.Errorf("picture %s: %w", path, err)
	}
	return nil
}
