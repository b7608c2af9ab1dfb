package gobancmd

import (
	"archive/zip"
	"context"
	"fmt"
	"io"
	"os"
	"path"
	"strings"

	"github.com/boardlab/boardlab/cmd/analyze/internal/cli"
	"github.com/boardlab/boardlab/engine/goban"
)

// maxMember bounds what one compressed input (a .gz file or a .zip member) may expand
// to, so that a zip bomb gives an error instead of exhausting memory.
const maxMember = 1 << 28

// source is one input of "goban score": a file or stdin, a .gz file read through
// gzip, or a member of a .zip archive.
type source struct {
	name string    // as printed: PATH, or ARCHIVE/MEMBER
	in   cli.Input // the file (for a member: the archive)
	zf   *zip.File // the member, or nil
	err  error     // the input could not be expanded
}

func (s source) displayName() string {
	if s.zf == nil {
		return s.in.Name()
	}
	return s.name
}

// expandArchives replaces each .zip input by its members (directories and hidden files
// left out), in the archive's order. The returned function closes the archives.
func expandArchives(inputs []cli.Input, errs []error) ([]source, func()) {
	var srcs []source
	var open []*zip.ReadCloser
	for i, in := range inputs {
		if errs[i] != nil || in.Path == "-" || !strings.EqualFold(path.Ext(in.Path), ".zip") {
			srcs = append(srcs, source{name: in.Path, in: in, err: errs[i]})
			continue
		}
		zr, err := zip.OpenReader(in.Path)
		if err != nil {
			srcs = append(srcs, source{name: in.Path, in: in, err: fmt.Errorf("zip: %w", err)})
			continue
		}
		open = append(open, zr)
		for _, f := range zr.File {
			base := path.Base(f.Name)
			if f.FileInfo().IsDir() || strings.HasPrefix(base, ".") || strings.HasPrefix(f.Name, "__MACOSX/") {
				continue
			}
			srcs = append(srcs, source{name: in.Path + "/" + f.Name, in: in, zf: f})
		}
	}
	return srcs, func() {
		for _, zr := range open {
			zr.Close()
		}
	}
}

// read returns a zip member's bytes, decompressed (at most maxMember bytes). Plain
// inputs, gzip included, are read by the loader.
func (s source) read() ([]byte, error) {
	if s.zf.UncompressedSize64 > maxMember {
		return nil, fmt.Errorf("zip member of %d bytes: more than the %d allowed", s.zf.UncompressedSize64, maxMember)
	}
	rc, err := s.zf.Open()
	if err != nil {
		return nil, fmt.Errorf("zip: %w", err)
	}
	defer rc.Close()
	return readLimited(rc, "zip member")
}

// readWhole returns an input's bytes whole (at most maxMember), decompressed when it
// is gzip.
func (s source) readWhole(ctx context.Context, stdin io.Reader) ([]byte, error) {
	if s.zf != nil {
		return s.read()
	}
	var l loader
	l.detect = func([]byte) bool { return true }
	var b goban.Board
	if err := l.load(ctx, s.in, stdin, &b, 0); err != nil {
		return nil, err
	}
	return l.whole, nil
}

func readLimited(r io.Reader, what string) ([]byte, error) {
	data, err := io.ReadAll(io.LimitReader(r, maxMember+1))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", what, err)
	}
	if len(data) > maxMember {
		return nil, fmt.Errorf("%s expands to more than %d bytes", what, maxMember)
	}
	return data, nil
}

func mkdirAll(dir string) error { return os.MkdirAll(dir, 0o755) }
