package main

import (
	"bytes"
	"os"
	"testing"
)

// TestCheckedIn checks that select_table.go is what the generator writes (go generate
// in engine/uttt/selfplay rewrites it).
func TestCheckedIn(t *testing.T) {
	got, err := os.ReadFile("../../select_table.go")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, generate()) {
		t.Fatal("engine/uttt/selfplay/select_table.go differs from the generator's output: run go generate in engine/uttt/selfplay")
	}
}
