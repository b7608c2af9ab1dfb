package bulk

import (
	"math/rand/v2"
	"path/filepath"
	"slices"
	"strconv"
	"testing"
	"unsafe"
)

// TestSortPaths compares sortPaths with a plain sort on paths whose differences lie
// before, inside and after the 8 bytes its radix sort looks at, and checks that each
// sorted path is followed by a NUL byte in memory.
func TestSortPaths(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	alphabet := "ab/.-0123456789\xff"
	word := func(n int) string {
		b := make([]byte, n)
		for i := range b {
			b[i] = alphabet[r.IntN(len(alphabet))]
		}
		return string(b)
	}
	cases := [][]string{
		{},
		{"one"},
		{"", "a", ""},
		{"b", "a"},
		{"d/x", "d/x.txt", "d/x.txt.gz", "d/", "d/x.tx", "d-x", "d/x\xff"},
		{"p/same-first-8-bytes-1", "p/same-first-8-bytes-0", "p/same-first-8-bytes", "p/same-first-8-bytez"},
	}
	for _, n := range []int{10, 1000, 20000} {
		var ps []string
		prefix := word(r.IntN(12))
		for range n {
			ps = append(ps, prefix+word(r.IntN(4))+word(r.IntN(14)))
		}
		cases = append(cases, ps)
	}
	var gen []string
	for i := range 3000 { // as goban gen names them
		gen = append(gen, filepath.Join("dir", "random-19-"+strconv.Itoa(i+1)+".txt"))
	}
	cases = append(cases, gen)
	for _, c := range cases {
		var l pathList
		for _, p := range c {
			l.add([]byte(p))
		}
		sorted := sortPaths(&l)
		got := sorted.strings()
		want := slices.Sorted(slices.Values(c))
		if !slices.Equal(got, want) {
			t.Fatalf("sortPaths(%d paths) differs from sort: %q..., want %q...", len(c), got[:min(5, len(got))], want[:min(5, len(want))])
		}
		for i := range sorted.len() {
			p := sorted.path(i)
			if p != want[i] || *(*byte)(unsafe.Add(unsafe.Pointer(unsafe.StringData(p)), len(p))) != 0 {
				t.Fatalf("path %d: %q is not %q followed by a NUL byte", i, p, want[i])
			}
		}
	}
}
