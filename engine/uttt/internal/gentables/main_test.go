package main

import (
	"testing"

	"github.com/boardlab/boardlab/internal/codegen"
)

// TestCheckedIn checks that tables.go is what the generator writes (go generate in
// engine/uttt rewrites it).
func TestCheckedIn(t *testing.T) {
	if err := codegen.Check("../../tables.go", "engine/uttt", generate); err != nil {
		t.Fatal(err)
	}
}
