package fileio

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"testing"
)

func TestExpand(t *testing.T) {
	dir := t.TempDir()
	for _, p := range []string{"b.txt", "a.txt", "sub/c.txt", ".hidden", ".git/x"} {
		full := filepath.Join(dir, p)
		os.MkdirAll(filepath.Dir(full), 0o755)
		os.WriteFile(full, []byte("x"), 0o644)
	}
	ins, errs := Expand([]string{dir, "-", filepath.Join(dir, "missing")})
	var got []string
	for i, in := range ins {
		rel, _ := filepath.Rel(dir, in.Path)
		if in.Path == "-" {
			rel = "-"
		}
		if errs[i] != nil {
			rel += "!"
		}
		got = append(got, rel)
	}
	want := []string{"a.txt", "b.txt", "sub/c.txt", "-", "missing!"}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("Expand = %q, want %q", got, want)
	}
	if ins, _ := Expand(nil); len(ins) != 1 || ins[0].Path != "-" {
		t.Fatalf("Expand(nil) = %v", ins)
	}
}

func TestOutputAtomic(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "out.bin")
	o, err := CreateOutput(path, nil)
	if err != nil {
		t.Fatal(err)
	}
	o.WriteString("partial")
	if _, err := os.Stat(path); err == nil {
		t.Fatal("final name exists before Commit")
	}
	o.Abort()
	if ents, _ := os.ReadDir(dir); len(ents) != 0 {
		t.Fatalf("Abort left %v", ents)
	}
	o, _ = CreateOutput(path, nil)
	o.WriteString("done")
	if err := o.Commit(); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(path); string(b) != "done" {
		t.Fatalf("content %q", b)
	}
	var buf bytes.Buffer
	o, _ = CreateOutput("-", &buf)
	o.WriteString("hi")
	o.Commit()
	if buf.String() != "hi" {
		t.Fatalf("stdout output %q", buf.String())
	}
}

// TestWriteFile: WriteFile's file appears whole, keeps an existing file's mode, and a
// missing directory is an OutputPathError that leaves nothing behind.
func TestWriteFile(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "w.bin")
	if err := WriteFile(path, []byte("one")); err != nil {
		t.Fatal(err)
	}
	os.Chmod(path, 0o600)
	if err := WriteFile(path, []byte("two")); err != nil {
		t.Fatal(err)
	}
	if b, err := os.ReadFile(path); err != nil || string(b) != "two" {
		t.Errorf("content %q, %v", b, err)
	}
	if fi, err := os.Stat(path); err != nil || fi.Mode().Perm() != 0o600 {
		t.Errorf("mode %v, %v; want 0600 kept", fi.Mode(), err)
	}
	var pe *OutputPathError
	if err := WriteFile(filepath.Join(dir, "nope", "x"), []byte("x")); !errors.As(err, &pe) {
		t.Errorf("missing directory: %v", err)
	}
	if err := WriteFile("", nil); !errors.As(err, &pe) {
		t.Errorf("no name: %v", err)
	}
	names, _ := os.ReadDir(dir)
	if len(names) != 1 {
		t.Errorf("files left: %v", names)
	}
}

// TestCheckedWriter: writes pass until ctx is cancelled, then fail as interrupted
// without writing.
func TestCheckedWriter(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	var b bytes.Buffer
	w := CheckedWriter(ctx, &b)
	if n, err := w.Write([]byte("ab")); n != 2 || err != nil {
		t.Fatalf("before the cancel: %d %v", n, err)
	}
	cancel()
	if n, err := w.Write([]byte("cd")); n != 0 || !errors.Is(err, context.Canceled) || !errors.Is(err, ErrInterrupted) {
		t.Errorf("after the cancel: %d %v", n, err)
	}
	if b.String() != "ab" {
		t.Errorf("written %q", b.String())
	}
}
