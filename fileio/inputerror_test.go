package fileio

import (
	"errors"
	"io"
	"testing"
)

func TestInputError(t *testing.T) {
	for _, c := range []struct {
		e    InputError
		want string
	}{
		{InputError{Name: "a.txt", Line: 3, Byte: 10, Err: io.ErrUnexpectedEOF}, "a.txt:3: unexpected EOF"},
		{InputError{Name: "a.txt", Err: io.ErrUnexpectedEOF}, "a.txt: unexpected EOF"},
		{InputError{Line: 7, Err: io.ErrUnexpectedEOF}, "line 7: unexpected EOF"},
	} {
		if got := c.e.Error(); got != c.want {
			t.Errorf("%+v: %q, want %q", c.e, got, c.want)
		}
		if !errors.Is(&c.e, io.ErrUnexpectedEOF) {
			t.Errorf("%+v does not unwrap to its Err", c.e)
		}
	}
}
