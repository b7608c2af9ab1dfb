package main

import (
	"testing"

	"github.com/boardlab/boardlab/internal/codegen"
)

// TestCheckedIn checks that the tables.go files are what the generator writes (go
// generate ./engine/uttt/... rewrites them).
func TestCheckedIn(t *testing.T) {
	for part, pkg := range map[string]string{"rules": "engine/uttt", "search": "engine/uttt/search"} {
		file := "../../" + pkg[len("engine/uttt"):] + "/tables.go"
		if err := codegen.Check(file, pkg, func() ([]byte, error) { return generate(part) }); err != nil {
			t.Fatal(err)
		}
	}
}
