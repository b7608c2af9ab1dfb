// Package shareddata finds the project's shared folder of real data and seeds, which
// sits beside a clone (../shared) and is not part of the repository (33 of its SGF
// records are, in engine/goban/sgf/testdata/sgf-ai). Benchmarks, and tests that check
// all of its data, use it and skip, saying why, when it is missing.
package shareddata

import (
	"fmt"
	"os"
	"path/filepath"
)

// Dir returns the shared folder: $BOARDLAB_SHARED when set, else the first directory
// named "shared" in the working directory or any directory above it.
func Dir() (string, error) {
	if dir := os.Getenv("BOARDLAB_SHARED"); dir != "" {
		if _, err := os.Stat(dir); err != nil {
			return "", fmt.Errorf("$BOARDLAB_SHARED: %v", err)
		}
		return dir, nil
	}
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		p := filepath.Join(dir, "shared")
		if st, err := os.Stat(p); err == nil && st.IsDir() {
			return p, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", fmt.Errorf("no shared/ folder above the working directory; set $BOARDLAB_SHARED to the folder holding data/ and seeds/")
		}
		dir = parent
	}
}

// Path returns a path inside the shared folder, e.g. Path("data", "sgf-ai"), or an
// error saying what is missing and how to point at it.
func Path(elem ...string) (string, error) {
	dir, err := Dir()
	if err != nil {
		return "", err
	}
	p := filepath.Join(append([]string{dir}, elem...)...)
	if _, err := os.Stat(p); err != nil {
		return "", fmt.Errorf("%s is missing (set $BOARDLAB_SHARED to the folder holding data/ and seeds/): %v", p, err)
	}
	return p, nil
}
