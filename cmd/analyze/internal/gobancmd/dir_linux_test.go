package gobancmd

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/boardlab/boardlab/cmd/analyze/internal/cli"
	"github.com/boardlab/boardlab/engine/goban"
)

// TestLoadListedRaces reads names that were listed as regular files but are something
// else by the time they are opened: each is read as what it is then, as loadRegular
// and cli.Input would read it, without blocking forever or panicking.
func TestLoadListedRaces(t *testing.T) {
	dir := t.TempDir()
	board := filepath.Join(dir, "board.txt")
	os.WriteFile(board, []byte(goban.SpecCases[0].Input), 0o644)
	os.Symlink("board.txt", filepath.Join(dir, "link.txt"))
	os.Symlink("/dev/zero", filepath.Join(dir, "zero.txt"))
	os.Mkdir(filepath.Join(dir, "dir.txt"), 0o755)
	fifo := filepath.Join(dir, "fifo.txt")
	fifoOK := syscall.Mkfifo(fifo, 0o600) == nil
	want := goban.Score(mustParse(t, goban.SpecCases[0].Input))

	load := func(name string) (goban.Result, error) {
		var l loader
		var b goban.Board
		var list pathList
		list.add([]byte(filepath.Join(dir, name)))
		if err := l.load(context.Background(), cli.Input{Path: list.path(0)}, true, nil, &b, defaultMaxSize); err != nil {
			return goban.Result{}, err
		}
		return goban.Score(&b), nil
	}
	if got, err := load("board.txt"); err != nil || got != want {
		t.Errorf("board: %v %v, want %v", got, err, want)
	}
	if got, err := load("link.txt"); err != nil || got != want {
		t.Errorf("a link followed: %v %v, want %v", got, err, want)
	}
	if _, err := load("zero.txt"); err == nil || !strings.Contains(err.Error(), "binary data") {
		t.Errorf("a link to /dev/zero: %v", err)
	}
	if _, err := load("dir.txt"); err == nil {
		t.Error("a directory read as a board")
	}
	if _, err := load("missing.txt"); !os.IsNotExist(err) {
		t.Errorf("a file removed since the listing: %v", err)
	}
	if fifoOK {
		go func() {
			f, err := os.OpenFile(fifo, os.O_WRONLY, 0)
			if err == nil {
				f.WriteString(goban.SpecCases[0].Input)
				f.Close()
			}
		}()
		if got, err := load("fifo.txt"); err != nil || got != want {
			t.Errorf("fifo: %v %v, want %v", got, err, want)
		}
	}
}

func mustParse(t *testing.T, s string) *goban.Board {
	t.Helper()
	b, err := goban.Parse([]byte(s))
	if err != nil {
		t.Fatal(err)
	}
	return b
}
