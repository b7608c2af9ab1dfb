package main

import (
	"testing"

	"github.com/boardlab/boardlab/internal/codegen"
)

// TestCheckedIn checks that tables.go is what the generator writes (go generate in
// engine/uttt rewrites it).
func TestCheckedIn(t *testing.T) {
	want, err := generate()
	if err != nil {
		t.Fatal(err)
	}
	if err := codegen.Check("../../tables.go", want, "engine/uttt"); err != nil {
		t.Fatal(err)
	}
}
