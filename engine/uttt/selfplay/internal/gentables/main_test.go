package main

import (
	"testing"

	"github.com/boardlab/boardlab/internal/codegen"
)

// TestCheckedIn checks that select_table.go is what the generator writes (go generate
// in engine/uttt/selfplay rewrites it).
func TestCheckedIn(t *testing.T) {
	if err := codegen.Check("../../select_table.go", "engine/uttt/selfplay", func() ([]byte, error) { return generate(), nil }); err != nil {
		t.Fatal(err)
	}
}
