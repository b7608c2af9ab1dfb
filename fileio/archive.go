package fileio

import (
	"archive/zip"
	"fmt"
	"io"
	"path"
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

// zipInput says whether a zip member is an input: directories and hidden files are not.
func zipInput(f *zip.File) bool {
	base := path.Base(f.Name)
	return !f.FileInfo().IsDir() && !strings.HasPrefix(base, ".") && !strings.HasPrefix(f.Name, "__MACOSX/")
}

// ReadLimited reads r to its end, naming it what in errors: at most max bytes (such as
// MaxMember), and no more than share (0 < share <= 1) of the memory this process may use
// (memlimit) for the bytes and their final copy, checked before each chunk is
// allocated, so that a large or hostile input gives an error instead of exhausting
// memory.
func ReadLimited(r io.Reader, what string, max int64, share float64) ([]byte, error) {
	var chunks [][]byte
	var total int64
	size := int(min(64<<10, max+1))
	for {
		if need := 2 * (total + int64(size)); need > smallInput {
			if err := memlimit.CheckAlloc(what, need, share); err != nil {
				return nil, err
			}
		}
		c := make([]byte, size)
		n, err := io.ReadFull(r, c)
		if n > 0 {
			chunks = append(chunks, c[:n])
			total += int64(n)
		}
		if total > max {
			return nil, fmt.Errorf("%s expands to more than %d bytes", what, max)
		}
		if err == io.EOF || err == io.ErrUnexpectedEOF {
			break
		}
		if err != nil {
			return nil, fmt.Errorf("%s: %w", what, err)
		}
		size = int(min(int64(2*size), 4<<20, max+1-total))
	}
	if len(chunks) == 1 {
		return chunks[0], nil
	}
	data := make([]byte, 0, total)
	for _, c := range chunks {
		data = append(data, c...)
	}
	return data, nil
}
