// Package codegen holds what the generators of lookup tables share: the command that
// writes the generated file, and the check that the checked-in file is current.
package codegen

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
)

// Main is a generator's main function: it writes what gen returns to the file named by
// -o (def by default) and exits with status 1 on an error, 2 on a bad command line.
func Main(def string, gen func() ([]byte, error)) {
	out := flag.String("o", def, "write the generated source to `FILE`")
	flag.Parse()
	if flag.NArg() > 0 {
		fmt.Fprintf(os.Stderr, "usage: %s [-o FILE]\n", filepath.Base(os.Args[0]))
		os.Exit(2)
	}
	src, err := gen()
	if err == nil {
		err = os.WriteFile(*out, src, 0o644)
	}
	if err != nil {
		fmt.Fprintf(os.Stderr, "%s: %v\n", filepath.Base(os.Args[0]), err)
		os.Exit(1)
	}
}

// Check returns an error when the file at path does not hold what gen, its generator,
// returns; pkg is the folder, from the module's root, where "go generate" rewrites it.
func Check(path, pkg string, gen func() ([]byte, error)) error {
	src, err := gen()
	if err != nil {
		return err
	}
	got, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	if !bytes.Equal(got, src) {
		return fmt.Errorf("%s/%s differs from its generator's output: run go generate in %s", pkg, filepath.Base(path), pkg)
	}
	return nil
}
