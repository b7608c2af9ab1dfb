package gobancmd

import (
	"os"
	"path/filepath"
	"slices"

	"github.com/boardlab/boardlab/cmd/analyze/internal/cli"
)

// expand is cli.Expand with a fast path for the common bulk case: a directory argument
// whose tree holds only regular files and directories is listed with one ReadDir call
// per directory (the types come with the names, no stat) and one sort of the paths, and
// gives exactly what cli.Expand gives. Any other argument, and any tree holding
// something else (a symbolic link, a special file, an unreadable directory), goes to
// cli.Expand, which decides what to do with it.
func expand(args []string) ([]cli.Input, []error) {
	if len(args) == 0 {
		return cli.Expand(args)
	}
	var inputs []cli.Input
	var errs []error
	for _, a := range args {
		files, ok := walkPlain(a)
		if !ok {
			in, e := cli.Expand([]string{a})
			inputs, errs = append(inputs, in...), append(errs, e...)
			continue
		}
		inputs, errs = slices.Grow(inputs, len(files)), slices.Grow(errs, len(files))
		for _, f := range files {
			inputs = append(inputs, cli.Input{Path: f})
			errs = append(errs, nil)
		}
	}
	return inputs, errs
}

// walkPlain lists the regular files under directory root, hidden names skipped, in
// sorted order of their paths; ok is false when root is not a directory or its tree
// holds anything but regular files and directories.
func walkPlain(root string) (files []string, ok bool) {
	if root == "-" || root == "" {
		return nil, false
	}
	fi, err := os.Lstat(root)
	if err != nil || !fi.IsDir() {
		return nil, false
	}
	stack := []string{root}
	for len(stack) > 0 {
		dir := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		// The paths filepath.Join(dir, name) gives, as cli.Expand's walk names them.
		prefix := filepath.Clean(dir)
		switch {
		case prefix == ".":
			prefix = ""
		case prefix[len(prefix)-1] != os.PathSeparator:
			prefix += string(os.PathSeparator)
		}
		if !listDir(dir, prefix, &files, &stack) {
			return nil, false
		}
	}
	slices.Sort(files)
	return files, true
}

// listDirOS is listDir through os.File.ReadDir: the entries' types come with the names
// where the file system gives them.
func listDirOS(dir, prefix string, files, dirs *[]string) bool {
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
			*files = append(*files, prefix+name)
		case t.IsDir():
			*dirs = append(*dirs, prefix+name)
		default:
			return false
		}
	}
	return true
}
