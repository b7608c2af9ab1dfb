package fileio

import (
	"archive/zip"
	"bytes"
	"errors"
	"io"
	"os"
	"path/filepath"
	"runtime/debug"
	"strings"
	"testing"
	"testing/iotest"
)

func TestOpenZip(t *testing.T) {
	dir := t.TempDir()
	var b bytes.Buffer
	zw := zip.NewWriter(&b)
	// What a folder walk skips is left out: hidden files, and whatever is under a
	// hidden folder at any depth.
	for _, name := range []string{"a.txt", "d/", ".hidden", "__MACOSX/x", "sub/.git/bad.txt", ".cache/deep/bad2.sgf", "d/.x/y.sgf", "d/b.sgf"} {
		w, _ := zw.Create(name)
		w.Write([]byte(name))
	}
	zw.Close()
	p := filepath.Join(dir, "a.zip")
	os.WriteFile(p, b.Bytes(), 0o644)
	zr, members, err := OpenZip(p)
	if err != nil {
		t.Fatal(err)
	}
	defer zr.Close()
	var names []string
	for _, f := range members {
		names = append(names, f.Name)
	}
	if strings.Join(names, " ") != "a.txt d/b.sgf" {
		t.Errorf("members %q", names)
	}
	rc, err := OpenMember(members[1])
	if err != nil {
		t.Fatal(err)
	}
	data, _ := io.ReadAll(rc)
	rc.Close()
	if string(data) != "d/b.sgf" {
		t.Errorf("member holds %q", data)
	}
	bad := filepath.Join(dir, "bad.zip")
	os.WriteFile(bad, []byte("not a zip"), 0o644)
	if _, _, err := OpenZip(bad); err == nil || err.Error() != "zip: not a valid zip file" {
		t.Errorf("not a zip: %v", err)
	}
}

func TestReadLimited(t *testing.T) {
	data, err := ReadLimited(strings.NewReader("hello"), "x", MaxMember, 0.5)
	if err != nil || string(data) != "hello" {
		t.Errorf("%q %v", data, err)
	}
	if _, err := ReadLimited(zeros{}, "member m", 1<<20, 1); err == nil || err.Error() != "member m expands to more than 1048576 bytes" {
		t.Errorf("more than MaxMember: %v", err)
	}
	// A read error names what was read.
	if _, err := ReadLimited(iotest.ErrReader(errors.New("disk on fire")), "member m", 1<<20, 1); err == nil || err.Error() != "member m: disk on fire" {
		t.Errorf("read error: %v", err)
	}
	// Past its share of the memory limit the read stops, before the memory is held.
	defer debug.SetMemoryLimit(debug.SetMemoryLimit(64 << 20))
	if _, err := ReadLimited(zeros{}, "member m", 1<<30, 0.5); err == nil || !strings.HasPrefix(err.Error(), "member m needs ") {
		t.Errorf("past half the memory limit: %v", err)
	}
}

type zeros struct{}

func (zeros) Read(p []byte) (int, error) {
	clear(p)
	return len(p), nil
}
