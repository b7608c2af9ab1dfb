package bulk

import (
	"archive/zip"
	"context"
	"io"
	"math"
	"os"
	"path"
	"slices"
	"strings"

	"github.com/boardlab/boardlab/engine/goban"
	"github.com/boardlab/boardlab/fileio"
)

// source is one input of "goban score": a file or stdin, a .gz file read through
// gzip, or a member of a .zip archive.
type source struct {
	name string       // as printed: PATH, or ARCHIVE/MEMBER
	in   fileio.Input // the file (for a member: the archive)
	zf   *zip.File    // the member, or nil
	err  error        // the input could not be expanded
}

func (s source) displayName() string {
	if s.zf == nil {
		return s.in.Name()
	}
	return s.name
}

// scoreSrc is one input of "goban score", in 8 bytes without pointers since a
// directory walk may give millions: path i of list k (k >= 0), or the i-th of the
// other sources (k < 0).
type scoreSrc struct{ k, i int32 }

// srcSet is the inputs of "goban score" in order.
type srcSet struct {
	skipped int       // files of walked folders that are not game files, this shard's
	skips   []skipRun // where the walk skipped files, before the shard's part is taken
	srcs    []scoreSrc
	lists   []pathList // lists[0]: the files named as arguments; then one per directory
	listed  []bool     // lists[k] is a directory's listing of regular files
	others  []source   // standard input, archive members, arguments that could not be expanded
}

// skipRun is n files a walk skipped, found after the first at inputs.
type skipRun struct{ at, n int }

// skip records one skipped file after the inputs found so far.
func (s *srcSet) skip() {
	if k := len(s.skips) - 1; k >= 0 && s.skips[k].at == len(s.srcs) {
		s.skips[k].n++
		return
	}
	s.skips = append(s.skips, skipRun{at: len(s.srcs), n: 1})
}

// name is the printed name of the j-th input.
func (s *srcSet) name(j int) string {
	x := s.srcs[j]
	if x.k < 0 {
		return s.others[x.i].name
	}
	return s.lists[x.k].path(int(x.i))
}

// displayName is the j-th input's name in messages.
func (s *srcSet) displayName(j int) string {
	x := s.srcs[j]
	if x.k < 0 {
		return s.others[x.i].displayName()
	}
	return s.lists[x.k].path(int(x.i))
}

// addOther appends src as the next input.
func (s *srcSet) addOther(src source) {
	s.others = append(s.others, src)
	s.srcs = append(s.srcs, scoreSrc{-1, int32(len(s.others) - 1)})
}

// scoreSources expands the inputs of "goban score" as expand and expandArchives
// do (a directory's files in sorted order, a .zip's members in the archive's order),
// keeping this shard's part; an input with an Err fails in its place. single is true
// when one input was named and it is one board or game record. The returned function
// closes the archives.
func scoreSources(inputs []fileio.Input, o *bulkOpts) (set *srcSet, single bool, closeArchives func()) {
	set = &srcSet{lists: []pathList{{}}, listed: []bool{false}}
	// none makes a folder argument that gives no input (of found files) an input
	// that fails.
	none := func(arg string, found int) {
		set.addOther(source{name: arg, in: fileio.Input{Path: arg}, err: &NoInputsError{found, gameNames}})
	}
	add := func(arg string, ins []fileio.Input, errs []error) {
		n := len(set.srcs)
		for i, in := range ins {
			if errs[i] == nil && in.Path != arg && !IsGameFile(in.Path) {
				set.skip() // found by a folder walk, not named
				continue
			}
			if errs[i] != nil || in.Path == "-" || set.lists[0].len() >= math.MaxInt32 {
				set.addOther(source{name: in.Path, in: in, err: errs[i]})
				continue
			}
			set.lists[0].add([]byte(in.Path))
			set.srcs = append(set.srcs, scoreSrc{0, int32(set.lists[0].len() - 1)})
		}
		if len(set.srcs) == n && arg != "-" {
			none(arg, len(ins))
		}
	}
	for _, in := range inputs {
		if in.Err != nil {
			set.addOther(source{name: in.Path, in: in, err: in.Err})
			continue
		}
		a := in.Path
		files, ok := walkPlain(a)
		if !ok || files.len() >= math.MaxInt32 || len(set.lists) >= math.MaxInt32 {
			ins, errs := fileio.Expand([]string{a})
			add(a, ins, errs)
			continue
		}
		k := int32(len(set.lists))
		set.lists = append(set.lists, files)
		set.listed = append(set.listed, true)
		set.srcs = slices.Grow(set.srcs, files.len())
		n := len(set.srcs)
		for i := range files.len() {
			if !IsGameFile(files.path(i)) {
				set.skip()
				continue
			}
			set.srcs = append(set.srcs, scoreSrc{k, int32(i)})
		}
		if len(set.srcs) == n {
			none(a, files.len())
		}
	}
	single = len(set.srcs) == 1 && set.name(0) == inputs[0].Path
	// This shard's contiguous range of the inputs (bad arguments included, so each is
	// reported by exactly one shard): the outputs of shards 0..N-1 concatenate to the
	// unsharded output.
	// A skipped file is counted by the shard of the input after it (the last shard for
	// those after the last input), so the shards' counts add up to the whole run's.
	total := len(set.srcs)
	lo, hi := o.shard.Range(int64(total))
	last := !o.shard.Enabled() || o.shard.K == o.shard.N-1
	for _, r := range set.skips {
		if r.at >= int(lo) && (r.at < int(hi) || r.at == total && last) {
			set.skipped += r.n
		}
	}
	set.srcs = set.srcs[lo:hi]
	isZip := func(j int) bool {
		return set.srcs[j].k >= 0 && strings.EqualFold(path.Ext(set.name(j)), ".zip")
	}
	j := 0
	for j < len(set.srcs) && !isZip(j) {
		j++
	}
	if j == len(set.srcs) {
		return set, single, func() {}
	}
	srcs := set.srcs
	set.srcs = slices.Clone(srcs[:j])
	var open []*zip.ReadCloser
	for ; j < len(srcs); j++ {
		x := srcs[j]
		if x.k < 0 || !strings.EqualFold(path.Ext(set.lists[x.k].path(int(x.i))), ".zip") {
			set.srcs = append(set.srcs, x)
			continue
		}
		in := fileio.Input{Path: set.lists[x.k].path(int(x.i))}
		zr, members, err := fileio.OpenZip(in.Path)
		if err != nil {
			set.addOther(source{name: in.Path, in: in, err: err})
			continue
		}
		open = append(open, zr)
		n := len(set.srcs)
		for _, f := range members {
			if !IsGameFile(f.Name) {
				set.skipped++
				continue
			}
			set.addOther(source{name: in.Path + "/" + f.Name, in: in, zf: f})
		}
		if len(set.srcs) == n {
			none(in.Path, len(members))
		}
	}
	return set, single && len(set.srcs) == 1, func() {
		for _, zr := range open {
			zr.Close()
		}
	}
}

// gameNames and linesNames describe the names IsGameFile and IsLinesFile take, for
// messages.
const (
	gameNames  = "*.sgf, *.txt or *.board (each also with .gz) or *.zip"
	linesNames = "*.lines or *.txt"
)

// gameExts are the extensions of game files: SGF records and text boards.
var gameExts = []string{".sgf", ".txt", ".board"}

// IsGameFile reports whether a folder walk or a zip archive's listing takes the file
// name as an input: a name ending in .sgf, .txt or .board, each possibly followed by
// .gz, or in .zip (any case). A file named by the caller is read whatever its name.
func IsGameFile(name string) bool {
	if hasExt(name, ".zip") {
		return true
	}
	if hasExt(name, ".gz") {
		name = name[:len(name)-3]
	}
	for _, e := range gameExts {
		if hasExt(name, e) {
			return true
		}
	}
	return false
}

// IsLinesFile reports whether a folder walk of WriteLines takes the file name as an
// input: a name ending in .lines or .txt (any case). A file named by the caller is read
// whatever its name.
func IsLinesFile(name string) bool {
	return hasExt(name, ".lines") || hasExt(name, ".txt")
}

// expandArchives replaces each .zip input by its members (directories and hidden files
// left out), in the archive's order. The returned function closes the archives.
func expandArchives(inputs []fileio.Input, errs []error) ([]source, func()) {
	var srcs []source
	var open []*zip.ReadCloser
	for i, in := range inputs {
		if errs[i] != nil || in.Path == "-" || !strings.EqualFold(path.Ext(in.Path), ".zip") {
			srcs = append(srcs, source{name: in.Path, in: in, err: errs[i]})
			continue
		}
		zr, members, err := fileio.OpenZip(in.Path)
		if err != nil {
			srcs = append(srcs, source{name: in.Path, in: in, err: err})
			continue
		}
		open = append(open, zr)
		n := len(srcs)
		for _, f := range members {
			if IsGameFile(f.Name) {
				srcs = append(srcs, source{name: in.Path + "/" + f.Name, in: in, zf: f})
			}
		}
		if len(srcs) == n {
			srcs = append(srcs, source{name: in.Path, in: in, err: &NoInputsError{len(members), gameNames}})
		}
	}
	return srcs, func() {
		for _, zr := range open {
			zr.Close()
		}
	}
}

// readWhole returns an input's bytes whole (see readLimited), decompressed when it
// is gzip.
func (s source) readWhole(ctx context.Context, stdin io.Reader) ([]byte, error) {
	var l loader
	l.detect = func([]byte) bool { return true }
	l.wantGzip = hasExt(s.name, ".gz")
	var b goban.Board
	if s.zf != nil {
		if hasExt(s.zf.Name, ".zip") {
			return nil, ErrNestedZip
		}
		rc, err := fileio.OpenMember(s.zf)
		if err != nil {
			return nil, err
		}
		defer rc.Close()
		l.inArchive = true
		if err := l.streamDetect(ctx, rc, &b, 0); err != nil {
			return nil, err
		}
		return l.whole, nil
	}
	if err := l.load(ctx, s.in, false, stdin, &b, 0); err != nil {
		return nil, err
	}
	return l.whole, nil
}

// hasExt reports whether name ends in ext, in any case.
func hasExt(name, ext string) bool {
	return len(name) >= len(ext) && strings.EqualFold(name[len(name)-len(ext):], ext)
}

func mkdirAll(dir string) error { return os.MkdirAll(dir, 0o755) }
