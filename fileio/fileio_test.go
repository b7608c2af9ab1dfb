package fileio

import (
	"bytes"
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
