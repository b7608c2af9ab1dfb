//go:build unix

package search

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"
)

// TestReadNetFIFO checks that a FIFO no process writes to is refused at once
// instead of blocking the caller, and that one fed a network loads.
func TestReadNetFIFO(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "net.fifo")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skip("no FIFOs here:", err)
	}
	done := make(chan error, 1)
	go func() {
		_, err := ReadFloatNet(fifo)
		done <- err
	}()
	select {
	case err := <-done:
		if err == nil {
			t.Error("an empty FIFO loaded as a network")
		}
	case <-time.After(30 * time.Second):
		t.Fatal("ReadFloatNet blocked on a FIFO with no writer")
	}

	data, err := RandomFloatNet(453.9, 1).MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	fed := filepath.Join(dir, "fed.fifo")
	if err := syscall.Mkfifo(fed, 0o600); err != nil {
		t.Fatal(err)
	}
	stop := make(chan struct{})
	defer close(stop)
	go func() {
		// A writer that feeds the network to each reader: O_WRONLY blocks until a
		// reader has the FIFO open.
		for {
			w, err := os.OpenFile(fed, os.O_WRONLY, 0)
			if err != nil {
				return
			}
			w.Write(data)
			w.Close()
			select {
			case <-stop:
				return
			default:
			}
		}
	}()
	// A reader that opens before the writer does reads an empty stream: try again.
	deadline := time.Now().Add(30 * time.Second)
	for {
		_, err := ReadFloatNet(fed)
		if err == nil {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("a FIFO fed a network: %v", err)
		}
		time.Sleep(10 * time.Millisecond)
	}
}
