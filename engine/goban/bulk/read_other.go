//go:build !linux

package bulk

import (
	"context"

	"github.com/boardlab/boardlab/engine/goban"
)

// loadRegular has no fast path here: every input is read through os and the parser.
func (l *loader) loadRegular(ctx context.Context, path string, b *goban.Board, maxSize int) (done bool, err error) {
	return false, nil
}

// loadListed has no fast path here: listed files are read as any other.
func (l *loader) loadListed(ctx context.Context, path string, b *goban.Board, maxSize int) (done bool, err error) {
	return false, nil
}

// readListed has no fast path here: listed files are read as any other.
func (l *loader) readListed(path string, buf []byte) (n int, ok bool, err error) {
	return 0, false, nil
}

// listDir appends the regular files of dir to files and its directories to dirs (as
// prefix+name, hidden names skipped); false when it holds anything else or fails.
func listDir(dir, prefix string, files *pathList, dirs *[]string) bool {
	return listDirOS(dir, prefix, files, dirs)
}
