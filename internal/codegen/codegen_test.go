package codegen

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestCheck(t *testing.T) {
	path := filepath.Join(t.TempDir(), "tables.go")
	os.WriteFile(path, []byte("package x\n"), 0o644)
	if err := Check(path, []byte("package x\n"), "engine/x"); err != nil {
		t.Errorf("same source: %v", err)
	}
	err := Check(path, []byte("package x\n\nvar t = 1\n"), "engine/x")
	if err == nil || !strings.Contains(err.Error(), "engine/x/tables.go differs") || !strings.Contains(err.Error(), "go generate in engine/x") {
		t.Errorf("other source: %v", err)
	}
	if err := Check(filepath.Join(t.TempDir(), "missing.go"), nil, "engine/x"); err == nil {
		t.Error("missing file: no error")
	}
}
