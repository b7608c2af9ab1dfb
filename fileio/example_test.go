package fileio_test

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/boardlab/boardlab/fileio"
)

// Expand walks a directory in sorted order, and each input is then read until the
// context is cancelled; a missing argument is reported in place.
func ExampleExpand() {
	dir, _ := os.MkdirTemp("", "fileio-example")
	defer os.RemoveAll(dir)
	os.WriteFile(filepath.Join(dir, "b.txt"), []byte("second\n"), 0o644)
	os.WriteFile(filepath.Join(dir, "a.txt"), []byte("first\n"), 0o644)
	inputs, errs := fileio.Expand([]string{dir, filepath.Join(dir, "missing.txt")})
	for i, in := range inputs {
		name, _ := filepath.Rel(dir, in.Path)
		if errs[i] != nil {
			fmt.Printf("%s: %v\n", name, fileio.Cause(errs[i]))
			continue
		}
		r, err := in.Open(context.Background(), os.Stdin)
		if err != nil {
			fmt.Println(err)
			continue
		}
		data, _ := io.ReadAll(r)
		r.Close()
		fmt.Printf("%s: %s", name, data)
	}
	// Output:
	// a.txt: first
	// b.txt: second
	// missing.txt: no such file or directory
}

// CreateOutput writes beside the final name; the file appears only on Commit.
func ExampleCreateOutput() {
	dir, _ := os.MkdirTemp("", "fileio-example")
	defer os.RemoveAll(dir)
	path := filepath.Join(dir, "result.txt")
	out, err := fileio.CreateOutput(path, os.Stdout)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Fprintln(out, "all done")
	_, statErr := os.Stat(path)
	fmt.Println("before Commit, exists:", statErr == nil)
	if err := out.Commit(); err != nil {
		fmt.Println(err)
		return
	}
	data, _ := os.ReadFile(path)
	fmt.Printf("after Commit: %s", data)
	// Output:
	// before Commit, exists: false
	// after Commit: all done
}

// A LineReader returns each line with its number and full length, cutting a line
// longer than its limit.
func ExampleLineReader() {
	lr := fileio.NewLineReader(strings.NewReader("short\na much longer line\n"), 8)
	for {
		line, n, length, ok := lr.Next()
		if !ok {
			break
		}
		fmt.Printf("%d: %q (%d bytes)\n", n, line, length)
	}
	fmt.Println(lr.Err())
	// Output:
	// 1: "short" (5 bytes)
	// 2: "a much l" (18 bytes)
	// <nil>
}
