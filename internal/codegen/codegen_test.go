package codegen

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestCheck(t *testing.T) {
	path := filepath.Join(t.TempDir(), "tables.go")
	os.WriteFile(path, []byte("package x\n"), 0o644)
	gen := func(src string) func() ([]byte, error) {
		return func() ([]byte, error) { return []byte(src), nil }
	}
	if err := Check(path, "engine/x", gen("package x\n")); err != nil {
		t.Errorf("same source: %v", err)
	}
	err := Check(path, "engine/x", gen("package x\n\nvar t = 1\n"))
	if err == nil || !strings.Contains(err.Error(), "engine/x/tables.go differs") || !strings.Contains(err.Error(), "go generate in engine/x") {
		t.Errorf("other source: %v", err)
	}
	if err := Check(filepath.Join(t.TempDir(), "missing.go"), "engine/x", gen("")); err == nil {
		t.Error("missing file: no error")
	}
	if err := Check(path, "engine/x", func() ([]byte, error) { return nil, errors.New("no tables") }); err == nil || err.Error() != "no tables" {
		t.Errorf("generator error: %v", err)
	}
}
