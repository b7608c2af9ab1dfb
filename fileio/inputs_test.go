package fileio

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/boardlab/boardlab/internal/machine"
)

func mkfifo(t *testing.T, path string) {
	t.Helper()
	if err := syscall.Mkfifo(path, 0o600); err != nil {
		t.Skipf("mkfifo: %v", err)
	}
}

// TestExpandLinksAndSpecialFiles: a symlink to a directory given as an argument is
// walked; inside a walked directory a link loop, a dangling link and a FIFO are
// reported in place, and a link to a directory is followed.
func TestExpandLinksAndSpecialFiles(t *testing.T) {
	root := t.TempDir()
	dir := filepath.Join(root, "d")
	os.MkdirAll(filepath.Join(dir, "sub"), 0o755)
	os.MkdirAll(filepath.Join(root, "other"), 0o755)
	os.WriteFile(filepath.Join(dir, "a.txt"), []byte("x"), 0o644)
	os.WriteFile(filepath.Join(dir, "sub", "b.txt"), []byte("x"), 0o644)
	os.WriteFile(filepath.Join(root, "other", "c.txt"), []byte("x"), 0o644)
	os.Symlink("..", filepath.Join(dir, "sub", "up"))                       // loop
	os.Symlink("nowhere.txt", filepath.Join(dir, "dangling"))               // dangling
	os.Symlink(filepath.Join(root, "other"), filepath.Join(dir, "linkdir")) // followed
	os.Symlink("self", filepath.Join(dir, "self"))                          // ELOOP
	mkfifo(t, filepath.Join(dir, "fifo"))
	link := filepath.Join(root, "link")
	os.Symlink(dir, link)

	ins, errs := Expand([]string{link})
	var got []string
	for i, in := range ins {
		rel, _ := filepath.Rel(link, in.Path)
		if errs[i] != nil {
			rel += "!"
		}
		got = append(got, rel)
	}
	want := []string{"a.txt", "dangling!", "fifo!", "linkdir/c.txt", "self!", "sub/b.txt", "sub/up!"}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("Expand(link to dir) = %q, want %q (errors: %v)", got, want, errs)
	}
	for i, in := range ins {
		if errs[i] == nil {
			continue
		}
		msg := errs[i].Error()
		switch filepath.Base(in.Path) {
		case "dangling":
			if !errors.Is(errs[i], ErrDanglingLink) || !strings.Contains(msg, "nowhere.txt") {
				t.Errorf("dangling: %v", msg)
			}
		case "fifo":
			if !errors.Is(errs[i], ErrNotRegularFile) || !strings.Contains(msg, "named pipe") {
				t.Errorf("fifo: %v", msg)
			}
		case "self", "up":
			if !errors.Is(errs[i], ErrSymlinkLoop) {
				t.Errorf("%s: %v", in.Path, msg)
			}
		}
	}
	// A FIFO named as an argument is an input, not an error.
	ins, errs = Expand([]string{filepath.Join(dir, "fifo"), filepath.Join(dir, "dangling")})
	if len(ins) != 2 || errs[0] != nil || !errors.Is(errs[1], ErrDanglingLink) {
		t.Fatalf("explicit fifo and dangling link: %v %v", ins, errs)
	}
}

// liveness is how long a cancelled read gets to return: far beyond what any machine
// needs, so that only a read that ignores the cancel fails.
const liveness = 30 * time.Second

// readAllCancelled runs Input{Path: path}.ReadAllContext with a context cancelled after
// settle, failing the test if it has not returned within the liveness deadline.
func readAllCancelled(t *testing.T, path string, stdin *os.File, settle time.Duration) ([]byte, error) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	type result struct {
		data []byte
		err  error
	}
	done := make(chan result, 1)
	go func() {
		data, err := Input{Path: path}.ReadAll(ctx, stdin)
		done <- result{data, err}
	}()
	time.Sleep(settle)
	cancel()
	select {
	case r := <-done:
		return r.data, r.err
	case <-time.After(liveness):
		t.Fatalf("%s: the read still blocks %v after the cancel", path, liveness)
		return nil, nil
	}
}

// TestReadFIFOStopsOnCancel: a FIFO that never gets a writer, or whose writer never
// writes, must not hang a read after the context is cancelled.
func TestReadFIFOStopsOnCancel(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "fifo")
	mkfifo(t, fifo)
	for _, withWriter := range []bool{false, true} {
		release := make(chan struct{})
		if withWriter {
			// Hold a writer open, writing nothing, until the read has returned: the open
			// succeeds and the read blocks.
			go func(fifo string) {
				w, err := os.OpenFile(fifo, os.O_WRONLY, 0)
				if err == nil {
					<-release
					w.Close()
				}
			}(fifo)
		}
		_, err := readAllCancelled(t, fifo, nil, 100*time.Millisecond)
		close(release)
		if !errors.Is(err, context.Canceled) || !errors.Is(err, ErrInterrupted) {
			t.Fatalf("writer %v: err %v, want interrupted", withWriter, err)
		}
	}
	// Data written to a FIFO is read. (A FIFO of its own: the cancelled reads above may
	// still hold readers of the first one, which could take the data.)
	fifo = filepath.Join(t.TempDir(), "fifo2")
	mkfifo(t, fifo)
	go func() {
		w, err := os.OpenFile(fifo, os.O_WRONLY, 0)
		if err == nil {
			w.WriteString("hello")
			w.Close()
		}
	}()
	data, err := Input{Path: fifo}.ReadAll(context.Background(), nil)
	if err != nil || string(data) != "hello" {
		t.Fatalf("fifo read %q, %v", data, err)
	}
}

// TestStdinPipeStopsOnCancel: a blocking pipe on stdin is read by a goroutine that is
// abandoned on cancellation, with what it read before returned.
func TestStdinPipeStopsOnCancel(t *testing.T) {
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	defer r.Close()
	// What is in the pipe must be read before the cancel: a cancel that comes sooner is
	// tried again later (the pipe keeps what was not read).
	w.WriteString("partial")
	var got []byte
	for settle := 100 * time.Millisecond; ; settle *= 4 {
		data, err := readAllCancelled(t, "-", r, settle)
		if !errors.Is(err, context.Canceled) {
			t.Fatalf("stdin pipe: %q, %v", data, err)
		}
		if got = append(got, data...); string(got) == "partial" || settle > 10*time.Second {
			break
		}
		t.Logf("cancelled after %v with %q read: trying again later", settle, got)
	}
	if string(got) != "partial" {
		t.Fatalf("stdin pipe: %q read before the cancel", got)
	}
}

func TestOutputChecksAndPermissions(t *testing.T) {
	dir := t.TempDir()
	var pe *OutputPathError
	if err := CheckOutputPath(dir); !errors.As(err, &pe) || !strings.Contains(err.Error(), "is a directory") {
		t.Fatalf("existing directory: %v", err)
	}
	if _, err := CreateOutput(dir, nil); !errors.As(err, &pe) {
		t.Fatalf("CreateOutput on a directory: %v", err)
	}
	if err := CheckOutputPath(filepath.Join(dir, "no", "such", "f")); !errors.As(err, &pe) || !strings.Contains(err.Error(), "does not exist") {
		t.Fatalf("missing parent: %v", err)
	}
	for _, p := range []string{"", "-", filepath.Join(dir, "new.txt")} {
		if err := CheckOutputPath(p); err != nil {
			t.Fatalf("%q: %v", p, err)
		}
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 0 {
		t.Fatalf("checks left files: %v", ents)
	}

	// A new file honours the umask; an existing file keeps its mode.
	old := syscall.Umask(0o027)
	defer syscall.Umask(old)
	fresh := filepath.Join(dir, "fresh")
	o, err := CreateOutput(fresh, nil)
	if err != nil {
		t.Fatal(err)
	}
	o.WriteString("x")
	if err := o.Commit(); err != nil {
		t.Fatal(err)
	}
	if fi, _ := os.Stat(fresh); fi.Mode().Perm() != 0o640 {
		t.Errorf("new file mode %v, want 0640 under umask 027", fi.Mode().Perm())
	}
	private := filepath.Join(dir, "private")
	os.WriteFile(private, []byte("old"), 0o600)
	os.Chmod(private, 0o600)
	o, _ = CreateOutput(private, nil)
	o.WriteString("new")
	if err := o.Commit(); err != nil {
		t.Fatal(err)
	}
	if fi, _ := os.Stat(private); fi.Mode().Perm() != 0o600 {
		t.Errorf("existing 0600 file became %v", fi.Mode().Perm())
	}
	if b, _ := os.ReadFile(private); string(b) != "new" {
		t.Errorf("content %q", b)
	}
}

// TestStaleTempsRemoved: temporary files of a process that no longer runs (killed with
// SIGKILL) are removed by the next run writing into the directory; those of a live
// process and files not named like ours stay.
func TestStaleTempsRemoved(t *testing.T) {
	dir := t.TempDir()
	dead := filepath.Join(dir, ".out.txt.tmp-999999999-123")
	deadOther := filepath.Join(dir, ".other.txt.tmp-999999999-1")
	live := filepath.Join(dir, ".out.txt.tmp-1-456") // pid 1 always runs
	notOurs := filepath.Join(dir, ".out.txt.tmp-x")
	for _, p := range []string{dead, deadOther, live, notOurs} {
		os.WriteFile(p, []byte("x"), 0o644)
	}
	o, err := CreateOutput(filepath.Join(dir, "out.txt"), nil)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(filepath.Base(o.f.Name()), ".out.txt.tmp-"+strconv.Itoa(os.Getpid())+"-") {
		t.Errorf("temporary file %s is not named .NAME.tmp-PID-N", o.f.Name())
	}
	o.Abort()
	for _, p := range []string{dead, deadOther} {
		if _, err := os.Stat(p); err == nil {
			t.Errorf("stale temporary file %s of a dead process was not removed", p)
		}
	}
	for _, p := range []string{live, notOurs} {
		if _, err := os.Stat(p); err != nil {
			t.Errorf("%s removed: %v", p, err)
		}
	}
}

// TestStdinPipeStream: a pipe on stdin read through the context reader yields every
// byte in order across many chunks.
func TestStdinPipeStream(t *testing.T) {
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	want := make([]byte, 1<<20+12345)
	for i := range want {
		want[i] = byte(i * 7)
	}
	go func() { w.Write(want); w.Close() }()
	got, err := Input{Path: "-"}.ReadAll(context.Background(), r)
	if err != nil || !reflect.DeepEqual(got, want) {
		t.Fatalf("read %d bytes, err %v", len(got), err)
	}
}

type blockingReader struct{ data []byte }

func (b *blockingReader) Read(p []byte) (int, error) {
	if len(b.data) == 0 {
		select {} // a read that never returns, like a terminal nobody types into
	}
	n := copy(p, b.data[:min(len(b.data), 1000)])
	b.data = b.data[n:]
	return n, nil
}

func TestPumpReader(t *testing.T) {
	want := make([]byte, 300<<10)
	for i := range want {
		want[i] = byte(i * 13)
	}
	ctx, cancel := context.WithCancel(context.Background())
	p := &pumpReader{r: &blockingReader{append([]byte(nil), want...)}, ctx: ctx}
	got := make([]byte, 0, len(want))
	buf := make([]byte, 7000)
	for len(got) < len(want) {
		n, err := p.Read(buf)
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, buf[:n]...)
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatal("pumped bytes differ")
	}
	time.AfterFunc(50*time.Millisecond, cancel)
	if _, err := p.Read(buf); !errors.Is(err, context.Canceled) {
		t.Fatalf("blocked read after cancel: %v", err)
	}
}

// TestReadAtMost: an endless device and a large file fail with ErrTooLarge in bounded
// memory; inputs within the limit are read whole.
func TestReadAtMost(t *testing.T) {
	ctx := context.Background()
	if _, err := os.Stat("/dev/zero"); err == nil {
		if _, err := (Input{Path: "/dev/zero"}).ReadAtMost(ctx, nil, 1<<20); !errors.Is(err, ErrTooLarge) {
			t.Fatalf("/dev/zero: %v", err)
		}
	}
	f := filepath.Join(t.TempDir(), "f")
	os.WriteFile(f, make([]byte, 5000), 0o644)
	if _, err := (Input{Path: f}).ReadAtMost(ctx, nil, 4999); !errors.Is(err, ErrTooLarge) || !strings.Contains(err.Error(), "4.88 KiB") {
		t.Fatalf("file over the limit: %v", err)
	}
	if b, err := (Input{Path: f}).ReadAtMost(ctx, nil, 5000); err != nil || len(b) != 5000 {
		t.Fatalf("file at the limit: %d bytes, %v", len(b), err)
	}
	if b, err := (Input{Path: "-"}).ReadAtMost(ctx, strings.NewReader("abcdef"), 5); !errors.Is(err, ErrTooLarge) || b != nil {
		t.Fatalf("stdin over the limit: %q %v", b, err)
	}
	if machine.FormatBytes(1536) != "1.5 KiB" || machine.FormatBytes(64<<20) != "64 MiB" || machine.FormatBytes(100) != "100 B" {
		t.Fatal("FormatBytes")
	}
}

// TestReadFIFOShortWriter: a writer that writes and closes at once, before the reader
// opened the FIFO for good, loses nothing (the reader must never leave the FIFO
// without a reader between looking at it and reading it).
func TestReadFIFOShortWriter(t *testing.T) {
	for i := 0; i < 50; i++ {
		fifo := filepath.Join(t.TempDir(), "fifo")
		mkfifo(t, fifo)
		go func() {
			w, err := os.OpenFile(fifo, os.O_WRONLY, 0)
			if err == nil {
				w.WriteString("X O\n- -\n")
				w.Close()
			}
		}()
		data, err := Input{Path: fifo}.ReadAll(context.Background(), nil)
		if err != nil || string(data) != "X O\n- -\n" {
			t.Fatalf("run %d: read %q, %v", i, data, err)
		}
	}
}

// TestContextReaderAfterFd: a pipe whose Fd was asked for (by a terminal check, say)
// reads in blocking system calls, where a deadline cannot reach; Ctrl-C must still end
// a read that waits for data.
func TestContextReaderAfterFd(t *testing.T) {
	pr, pw, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer pw.Close()
	defer pr.Close()
	_ = pr.Fd() // switches the descriptor to blocking mode
	ctx, cancel := context.WithCancel(context.Background())
	r := NewContextReader(ctx, pr)
	done := make(chan error, 1)
	go func() {
		_, err := r.Read(make([]byte, 16))
		done <- err
	}()
	time.Sleep(50 * time.Millisecond)
	cancel()
	select {
	case err := <-done:
		if !errors.Is(err, context.Canceled) {
			t.Fatalf("read ended with %v, want an interruption", err)
		}
	case <-time.After(liveness):
		t.Fatalf("a read of a silent pipe did not stop within %v of the cancellation", liveness)
	}
}

// TestExpandErrInInput: an argument Expand cannot make an input carries its error in
// Input.Err, which Open returns, so a job taking inputs reports it in its place.
func TestExpandErrInInput(t *testing.T) {
	missing := filepath.Join(t.TempDir(), "missing")
	inputs, errs := Expand([]string{"-", missing})
	if len(inputs) != 2 || inputs[0].Err != nil || inputs[1].Err == nil || inputs[1].Err != errs[1] {
		t.Fatalf("%+v, %v", inputs, errs)
	}
	if _, err := inputs[1].Open(context.Background(), nil); err != inputs[1].Err {
		t.Fatalf("Open: %v, want %v", err, inputs[1].Err)
	}
}
