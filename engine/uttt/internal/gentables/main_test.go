package main

import (
	"bytes"
	"os"
	"testing"
)

// TestCheckedIn checks that tables.go is what the generator writes (go generate in
// engine/uttt rewrites it).
func TestCheckedIn(t *testing.T) {
	want, err := generate()
	if err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile("../../tables.go")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Fatal("engine/uttt/tables.go differs from the generator's output: run go generate in engine/uttt")
	}
}
