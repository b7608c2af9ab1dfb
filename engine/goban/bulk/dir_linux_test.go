package bulk

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"golang.org/x/sys/unix"

	"github.com/boardlab/boardlab/engine/goban"
	"github.com/boardlab/boardlab/fileio"
)

// TestLoadListedRaces reads names that were listed as regular files but are something
// else by the time they are opened: each is read as what it is then, as loadRegular
// and fileio.Input would read it, without blocking forever or panicking.
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

	ctx := context.Background()
	load := func(name string) (goban.Result, error) {
		var l loader
		var b goban.Board
		var list pathList
		list.add([]byte(filepath.Join(dir, name)))
		if err := l.load(ctx, fileio.Input{Path: list.path(0)}, true, nil, &b, DefaultMaxSize); err != nil {
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
		// The loader opens the FIFO up to three times (the listed read and the type
		// check, both without blocking, then a blocking open), and closes the first two
		// at once: what a writer connected to one of them writes is lost (a writer that
		// wrote once made this test hang now and then). So the writer writes the board
		// to each reader in turn and holds its end open until that reader closes (the
		// board was read or lost: try the next) or fifoHold passes (a reader that waits
		// for the end, which closing gives it). The hold is seconds longer than a reader
		// that closes takes to do so even on a loaded machine; the timeout turns a hang
		// into a failure.
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(context.Background(), 60*time.Second)
		defer cancel()
		done := make(chan struct{})
		defer close(done)
		go writeFIFO(fifo, goban.SpecCases[0].Input, done)
		if got, err := load("fifo.txt"); err != nil || got != want {
			t.Errorf("fifo: %v %v, want %v", got, err, want)
		}
	}
}

// fifoHold is how long writeFIFO holds its end open for a reader that does not close.
const fifoHold = 3 * time.Second

// writeFIFO writes text to the readers of fifo as TestLoadListedRaces describes, until
// one keeps its end open for fifoHold after the write or done is closed.
func writeFIFO(fifo, text string, done chan struct{}) {
	for {
		select {
		case <-done:
			return
		default:
		}
		fd, err := syscall.Open(fifo, syscall.O_WRONLY|syscall.O_NONBLOCK|syscall.O_CLOEXEC, 0)
		if err != nil { // ENXIO: no reader yet
			time.Sleep(time.Millisecond)
			continue
		}
		syscall.Write(fd, []byte(text))
		// POLLERR (reported whatever the events asked) says the reader has gone.
		gone := false
		for end := time.Now().Add(fifoHold); time.Now().Before(end); {
			fds := []unix.PollFd{{Fd: int32(fd)}}
			n, err := unix.Poll(fds, int(time.Until(end).Milliseconds())+1)
			if err == syscall.EINTR {
				continue
			}
			gone = err == nil && n > 0
			break
		}
		syscall.Close(fd)
		if !gone {
			return
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
