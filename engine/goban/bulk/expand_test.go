package bulk

import (
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/boardlab/boardlab/fileio"
)

func TestExpandFastPath(t *testing.T) {
	root := t.TempDir()
	for _, p := range []string{"a/x.txt", "a/.hidden", "a-b/y.txt", "a/b/z.txt", "c.txt", ".h/q.txt", "a/b/.d/w.txt"} {
		os.MkdirAll(filepath.Join(root, filepath.Dir(p)), 0o755)
		os.WriteFile(filepath.Join(root, p), nil, 0o644)
	}
	wd, _ := os.Getwd()
	defer os.Chdir(wd)
	os.Chdir(root)
	for _, args := range [][]string{{"."}, {"./a/"}, {"a", "c.txt", "-", "nosuch"}, {root}, {root + "//a/"}} {
		files, ok := walkPlain(args[0])
		if !ok {
			t.Errorf("%q: not a plain tree", args[0])
		}
		_ = files
		gi, ge := expand(args)
		wi, we := fileio.Expand(args)
		if !reflect.DeepEqual(gi, wi) || len(ge) != len(we) {
			t.Errorf("%q: %v, fileio.Expand gives %v", args, gi, wi)
		}
		for i := range ge {
			if (ge[i] == nil) != (we[i] == nil) {
				t.Errorf("%q: error %d: %v, want %v", args, i, ge[i], we[i])
			}
		}
	}
	// Anything but files and directories goes to fileio.Expand.
	os.Symlink("c.txt", filepath.Join(root, "a", "link.txt"))
	if _, ok := walkPlain("a"); ok {
		t.Error("a tree with a symbolic link counted as plain")
	}
}
