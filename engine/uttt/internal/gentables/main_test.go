package main

import (
	"bytes"
	"os"
	"testing"
)

// TestCheckedIn checks that the tables.go files are what the generator writes (go
// generate ./engine/uttt/... rewrites them).
func TestCheckedIn(t *testing.T) {
	for part, file := range map[string]string{"rules": "../../tables.go", "search": "../../search/tables.go"} {
		want, err := generate(part)
		if err != nil {
			t.Fatal(err)
		}
		got, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want) {
			t.Fatalf("engine/uttt/%s differs from the generator's output: run go generate ./engine/uttt/...", file[len("../../"):])
		}
	}
}
