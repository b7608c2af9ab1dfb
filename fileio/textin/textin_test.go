package textin

import (
	"errors"
	"io"
	"strings"
	"testing"
	"testing/iotest"
)

// TestReader reads texts whole and a byte at a time: a leading byte order mark is
// dropped, and the first NUL byte ends the text with its offset in the input.
func TestReader(t *testing.T) {
	for _, c := range []struct {
		in, out string
		nul     int64 // -1: none
	}{
		{"", "", -1},
		{"1 2\n", "1 2\n", -1},
		{"\ufeff1 2\n", "1 2\n", -1},
		{"\ufeff", "", -1},
		{"\xef\xbb", "\xef\xbb", -1},
		{"\xef\xbbX", "\xef\xbbX", -1},
		{"a\ufeff", "a\ufeff", -1},
		{"\x00", "", 0},
		{"\ufeff\x00", "", 3},
		{"\ufeff1 2\x00\n", "1 2", 6},
		{"1 2\n3 5\x00\x00", "1 2\n3 5", 7},
	} {
		for _, oneByte := range []bool{false, true} {
			var r io.Reader = strings.NewReader(c.in)
			if oneByte {
				r = iotest.OneByteReader(r)
			}
			tr := NewReader(r, "positions")
			got, err := io.ReadAll(tr)
			if want := int64(len(c.in) - len(c.out)); c.nul < 0 && Dropped(tr) != want {
				t.Errorf("%q (byte at a time %v): Dropped %d, want %d", c.in, oneByte, Dropped(tr), want)
			}
			if string(got) != c.out {
				t.Errorf("%q (byte at a time %v): read %q, want %q", c.in, oneByte, got, c.out)
			}
			var be *BinaryError
			switch {
			case c.nul < 0 && err != nil:
				t.Errorf("%q: %v", c.in, err)
			case c.nul >= 0 && (!errors.As(err, &be) || be.Offset != c.nul || be.What != "positions"):
				t.Errorf("%q (byte at a time %v): error %v, want a NUL at %d", c.in, oneByte, err, c.nul)
			}
		}
	}
}

// TestCheck names the first NUL byte's offset in the input, and what the text holds.
func TestCheck(t *testing.T) {
	if err := Check([]byte("X O -\n"), "a board", 9); err != nil {
		t.Errorf("text: %v", err)
	}
	err := Check([]byte("X\x00O\x00"), "a board", 9)
	want := "binary data, not a board: NUL byte at offset 10"
	var be *BinaryError
	if !errors.As(err, &be) || be.Offset != 10 || err.Error() != want {
		t.Errorf("got %v, want %s", err, want)
	}
}
