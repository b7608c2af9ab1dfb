package fileio

import (
	"archive/zip"
	"fmt"
	"io"
	"strings"

	"github.com/boardlab/boardlab/internal/memlimit"
)

// MaxMember bounds what one compressed input (a .gz file or a zip member) may expand
// to when it is read whole, so that an archive bomb gives an error.
const MaxMember = 256 << 20

// OpenZip opens the zip archive at path and returns its members that are inputs, in
// the archive's order: directories, hidden files and __MACOSX/ entries are left out.
// The caller closes the archive.
func OpenZip(path string) (*zip.ReadCloser, []*zip.File, error) {
	zr, err := zip.OpenReader(path)
	if err != nil {
		return nil, nil, ZipError(err)
	}
	var members []*zip.File
	for _, f := range zr.File {
		if zipInput(f) {
			members = append(members, f)
		}
	}
	return zr, members, nil
}

// OpenMember opens a zip member for reading.
func OpenMember(f *zip.File) (io.ReadCloser, error) {
	rc, err := f.Open()
	if err != nil {
		return nil, ZipError(err)
	}
	return rc, nil
}

// ZipError prefixes err with "zip: " unless its text (archive/zip's own) already
// starts so.
func ZipError(err error) error {
	if strings.HasPrefix(err.Error(), "zip: ") {
		return err
	}
	return fmt.Errorf("zip: %w", err)
}

// zipInput says whether a zip member is an input: directories are not, nor what a
// folder walk skips, hidden files and everything under a hidden folder (a name part
// starting with a dot, such as sub/.git/x), nor what __MACOSX/ holds.
func zipInput(f *zip.File) bool {
	if f.FileInfo().IsDir() || strings.HasPrefix(f.Name, "__MACOSX/") {
		return false
	}
	for part := range strings.SplitSeq(f.Name, "/") {
		if len(part) > 1 && part[0] == '.' {
			return false
		}
	}
	return true
}

// ReadLimited reads r to its end, naming it what in errors: at most max bytes (such as
// MaxMember), and no more than share (0 < share <= 1) of the memory this process may use
// (memlimit) for the bytes and their final copy, checked before each chunk is
// allocated, so that a large or hostile input gives an error instead of exhausting
// memory.
func ReadLimited(r io.Reader, what string, max int64, share float64) ([]byte, error) {
	var memErr error
	data, big, err := readChunks(r, max, func(total int64, size int) error {
		if need := 2 * (total + int64(size)); need > smallInput {
			memErr = memlimit.CheckAlloc(what, need, share)
		}
		return memErr
	})
	switch {
	case big:
		return nil, fmt.Errorf("%s expands to more than %d bytes", what, max)
	case memErr != nil:
		return nil, memErr
	case err != nil:
		return nil, fmt.Errorf("%s: %w", what, err)
	}
	return data, nil
}
