package bulk

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"unsafe"

	"github.com/boardlab/boardlab/fileio"
)

// expand is fileio.Expand with a fast path for the common bulk case: a directory argument
// whose tree holds only regular files and directories is listed with one ReadDir call
// per directory (the types come with the names, no stat) and one sort of the paths, and
// gives exactly what fileio.Expand gives. Any other argument, and any tree holding
// something else (a symbolic link, a special file, an unreadable directory), goes to
// fileio.Expand, which decides what to do with it.
func expand(args []string) ([]fileio.Input, []error) {
	if len(args) == 0 {
		return fileio.Expand(args)
	}
	var inputs []fileio.Input
	var errs []error
	for _, a := range args {
		files, ok := walkPlain(a)
		if !ok {
			in, e := fileio.Expand([]string{a})
			inputs, errs = append(inputs, in...), append(errs, e...)
			continue
		}
		inputs, errs = slices.Grow(inputs, files.len()), slices.Grow(errs, files.len())
		for i := range files.len() {
			inputs = append(inputs, fileio.Input{Path: string(files.bytes(i))})
			errs = append(errs, nil)
		}
	}
	return inputs, errs
}

// gameInputs expands the paths of ins as expand does and drops the files that a
// folder walk found and that keep refuses (IsGameFile, IsLinesFile: the names want
// describes); the inputs themselves and the errors stay, an input's Err among them. A
// folder that gives no input is an input whose error (a *NoInputsError) says how many
// files were skipped and why: a run on it is not a silent success.
func gameInputs(ins []fileio.Input, keep func(string) bool, want string) ([]fileio.Input, []error) {
	var inputs []fileio.Input
	var errs []error
	for _, x := range ins {
		if x.Err != nil {
			inputs, errs = append(inputs, x), append(errs, x.Err)
			continue
		}
		a := x.Path
		in, e := expand([]string{a})
		n := 0
		for i, x := range in {
			if e[i] == nil && x.Path != "-" && x.Path != a && !keep(x.Path) {
				continue
			}
			in[n], e[n] = x, e[i]
			n++
		}
		if n == 0 {
			inputs, errs = append(inputs, fileio.Input{Path: a}), append(errs, &NoInputsError{len(in), want})
			continue
		}
		inputs, errs = append(inputs, in[:n]...), append(errs, e[:n]...)
	}
	return inputs, errs
}

// NoInputsError is the error of a folder or zip archive in which no file is an input:
// Skipped files were left out for their names (hidden files are never read).
type NoInputsError struct {
	Skipped int
	Want    string // the names taken
}

// Error says that nothing was read, and why.
func (e *NoInputsError) Error() string {
	if e.Skipped == 0 {
		return "no input files in it (hidden files are not read)"
	}
	s := "s"
	if e.Skipped == 1 {
		s = ""
	}
	return fmt.Sprintf("no input files in it: %d file%s skipped, not named %s", e.Skipped, s, e.Want)
}

// pathList holds paths one after the other in one buffer, each followed by a NUL byte:
// a listing of millions of files is a few allocations without pointers (nothing for
// the garbage collector to scan), and a path goes to the kernel without a copy.
type pathList struct {
	buf []byte
	end []int // path i is buf[end[i-1] : end[i]-1] (end[-1] taken as 0)
}

// add appends path p.
func (l *pathList) add(p []byte) {
	if len(l.buf)+len(p)+1 > cap(l.buf) {
		b := make([]byte, len(l.buf), max(2*cap(l.buf), len(l.buf)+len(p)+1, 4096))
		copy(b, l.buf)
		l.buf = b
	}
	l.buf = append(append(l.buf, p...), 0)
	l.end = append(l.end, len(l.buf))
}

// len is the number of paths.
func (l *pathList) len() int { return len(l.end) }

// bytes is path i, NUL not included.
func (l *pathList) bytes(i int) []byte {
	start := 0
	if i > 0 {
		start = l.end[i-1]
	}
	return l.buf[start : l.end[i]-1]
}

// path is path i as a string sharing the list's memory (followed by the NUL byte), for
// as long as no path is added to the list.
func (l *pathList) path(i int) string {
	b := l.bytes(i)
	return unsafe.String(unsafe.SliceData(b), len(b))
}

// strings returns the paths.
func (l *pathList) strings() []string {
	s := make([]string, l.len())
	for i := range s {
		s[i] = string(l.bytes(i))
	}
	return s
}

// walkPlain lists the regular files under directory root, hidden names skipped, in
// sorted order of their paths; ok is false when root is not a directory or its tree
// holds anything but regular files and directories.
func walkPlain(root string) (files pathList, ok bool) {
	if root == "-" || root == "" {
		return files, false
	}
	fi, err := os.Lstat(root)
	if err != nil || !fi.IsDir() {
		return files, false
	}
	stack := []string{root}
	for len(stack) > 0 {
		dir := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		// The paths filepath.Join(dir, name) gives, as fileio.Expand's walk names them.
		prefix := filepath.Clean(dir)
		switch {
		case prefix == ".":
			prefix = ""
		case prefix[len(prefix)-1] != os.PathSeparator:
			prefix += string(os.PathSeparator)
		}
		if !listDir(dir, prefix, &files, &stack) {
			return pathList{}, false
		}
	}
	return sortPaths(&files), true
}

// sortPaths returns the paths of l sorted, stored in their new order in a new list:
// the workers then read them one after the other instead of in the directory's hash
// order (a cache miss per path was 5% of the time of scoring a directory of small
// files). It sorts by a radix sort of the 8 bytes that follow the paths' common
// prefix, held next to each path's index in one array, and compares whole paths only
// where those bytes are equal: a comparison sort of the paths themselves missed the
// cache at almost every comparison.
func sortPaths(l *pathList) pathList {
	n := l.len()
	if n < 2 {
		return *l
	}
	first := l.bytes(0)
	lcp := len(first)
	for i := 1; i < n; i++ {
		p := l.bytes(i)
		m := min(lcp, len(p))
		j := 0
		for j < m && p[j] == first[j] {
			j++
		}
		lcp = j
	}
	type keyed struct {
		key uint64 // the 8 bytes after the common prefix, big-endian, zero-padded
		i   uint32
	}
	a := make([]keyed, n)
	var count [8][256]int32
	for i := range a {
		var b [8]byte
		copy(b[:], l.bytes(i)[lcp:])
		k := binary.BigEndian.Uint64(b[:])
		a[i] = keyed{k, uint32(i)}
		for d := range 8 {
			count[d][byte(k>>(8*d))]++
		}
	}
	tmp := make([]keyed, n)
	for d := range 8 { // least significant byte first; each pass is stable
		c := &count[d]
		if int(c[byte(a[0].key>>(8*d))]) == n {
			continue // one value in this byte: nothing to move
		}
		var sum int32
		for j := range c {
			c[j], sum = sum, sum+c[j]
		}
		for _, x := range a {
			j := byte(x.key >> (8 * d))
			tmp[c[j]] = x
			c[j]++
		}
		a, tmp = tmp, a
	}
	for lo := 0; lo < n; {
		hi := lo + 1
		for hi < n && a[hi].key == a[lo].key {
			hi++
		}
		if hi-lo > 1 {
			slices.SortFunc(a[lo:hi], func(x, y keyed) int { return bytes.Compare(l.bytes(int(x.i)), l.bytes(int(y.i))) })
		}
		lo = hi
	}
	sorted := pathList{buf: make([]byte, 0, len(l.buf)), end: make([]int, 0, n)}
	for _, x := range a {
		sorted.add(l.bytes(int(x.i)))
	}
	return sorted
}

// listDirOS is listDir through os.File.ReadDir: the entries' types come with the names
// where the file system gives them.
func listDirOS(dir, prefix string, files *pathList, dirs *[]string) bool {
	f, err := os.Open(dir)
	if err != nil {
		return false
	}
	ents, err := f.ReadDir(-1)
	f.Close()
	if err != nil {
		return false
	}
	for _, e := range ents {
		name := e.Name()
		if len(name) > 1 && name[0] == '.' {
			continue
		}
		switch t := e.Type(); {
		case t.IsRegular():
			files.add([]byte(prefix + name))
		case t.IsDir():
			*dirs = append(*dirs, prefix+name)
		default:
			return false
		}
	}
	return true
}
