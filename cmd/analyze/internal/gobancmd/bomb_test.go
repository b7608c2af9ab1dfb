package gobancmd

import (
	"archive/zip"
	"bytes"
	"compress/flate"
	"compress/gzip"
	"hash/crc32"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestArchiveBombs scores a gzip bomb (300 MB of zeros) and a zip of members of
// 250 MB each, SGF by their first bytes (read whole), beside a good board, in a
// process limited to 1.5 GB of address space: the bomb stops at its first NUL byte,
// each member too large for the memory left is refused with a message naming it, the
// good board is scored, and nothing runs out of memory.
func TestArchiveBombs(t *testing.T) {
	if testing.Short() {
		t.Skip("compresses 550 MB and scores it in a child process")
	}
	sh, err := exec.LookPath("sh")
	if err != nil {
		t.Skip("no sh to set ulimit -v")
	}
	dir := t.TempDir()
	var gz bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&gz, gzip.BestSpeed)
	io.Copy(zw, io.LimitReader(&repeat{0}, 300<<20))
	zw.Close()
	bomb := filepath.Join(dir, "bomb.txt.gz")
	os.WriteFile(bomb, gz.Bytes(), 0o644)

	// One compressed member body, stored under several names.
	const size = 250 << 20
	body := io.MultiReader(strings.NewReader("(;FF[4]SZ[9]C["), io.LimitReader(&repeat{'a'}, size-16), strings.NewReader("])"))
	var raw bytes.Buffer
	crc := crc32.NewIEEE()
	fw, _ := flate.NewWriter(&raw, flate.BestSpeed)
	io.Copy(io.MultiWriter(fw, crc), body)
	fw.Close()
	var zb bytes.Buffer
	zwr := zip.NewWriter(&zb)
	for _, name := range []string{"g1.sgf", "g2.sgf", "g3.sgf", "g4.sgf"} {
		w, err := zwr.CreateRaw(&zip.FileHeader{Name: name, Method: zip.Deflate, CRC32: crc.Sum32(),
			CompressedSize64: uint64(raw.Len()), UncompressedSize64: size})
		if err != nil {
			t.Fatal(err)
		}
		w.Write(raw.Bytes())
	}
	zwr.Close()
	members := filepath.Join(dir, "members.zip")
	os.WriteFile(members, zb.Bytes(), 0o644)
	good := filepath.Join(dir, "good.txt")
	os.WriteFile(good, []byte("X"), 0o644)

	cmd := exec.Command(sh, "-c", `ulimit -v 1572864 && exec "$0" -test.run='^TestChildMain$'`, os.Args[0])
	cmd.Env = append(os.Environ(), "GOBANCMD_CHILD=1",
		"GOBANCMD_ARGS="+strings.Join([]string{"score", bomb, members, good}, "\x1f"))
	var o, e bytes.Buffer
	cmd.Stdout, cmd.Stderr = &o, &e
	err = cmd.Run()
	if code := cmd.ProcessState.ExitCode(); code != 1 {
		t.Fatalf("exit %d (%v), want 1; stderr:\n%s", code, err, e.String())
	}
	if o.String() != good+"\tB+1\n" {
		t.Errorf("stdout %q", o.String())
	}
	wants := []string{bomb + ": binary data, not a board: NUL byte at offset 0"}
	for _, m := range []string{"g1.sgf", "g2.sgf", "g3.sgf", "g4.sgf"} {
		wants = append(wants, members+"/"+m+": SGF input needs ")
	}
	for _, want := range wants {
		if !strings.Contains(e.String(), want) {
			t.Errorf("stderr lacks %q:\n%s", want, e.String())
		}
	}
	if strings.Contains(e.String(), "fatal error") || strings.Contains(e.String(), "goroutine") {
		t.Errorf("a runtime trace reached the user:\n%s", e.String())
	}
}
