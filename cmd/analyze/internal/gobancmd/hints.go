package gobancmd

import (
	"errors"

	"github.com/boardlab/boardlab/engine/goban"
	"github.com/boardlab/boardlab/engine/goban/bulk"
)

// failText words a bulk job's error about one input for the user: the library's
// message, with the flag that changes the outcome where there is one.
func failText(err error) string {
	var se *goban.SizeError
	switch {
	case errors.As(err, &se):
		return err.Error() + " (raise it with --max-size)"
	case errors.Is(err, bulk.ErrManyPictures):
		return err.Error() + ": use --out DIR/"
	}
	return err.Error()
}
