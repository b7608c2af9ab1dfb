package gobancmd

import (
	"errors"
	"fmt"
	"io"
	"strconv"

	"github.com/boardlab/boardlab/engine/goban"
	"github.com/boardlab/boardlab/engine/goban/bulk"
	"github.com/boardlab/boardlab/fileio"
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

// reportFail writes the message of a failed input, game or line (a *bulk.InputError)
// to stderr: "analyze CMD: NAME[:LINE]: ERR", the name shown safely.
func reportFail(stderr io.Writer, cmd string, err error) {
	name := ""
	var ie *bulk.InputError
	if errors.As(err, &ie) {
		name, err = ie.Name, ie.Err
		if ie.Line > 0 {
			name += ":" + strconv.FormatInt(ie.Line, 10)
		}
	}
	fmt.Fprintf(stderr, "analyze %s: %s: %s\n", cmd, fileio.SafeName(name), fileio.SafeText(failText(err)))
}

// inputs makes the inputs of a goban job of its FILE|DIR|- arguments, standard input
// when there is none. They are not expanded here: the job walks a folder and opens an
// archive itself, by goban's rules (game-file names, skipped files counted, a folder
// with no input an error), which fileio.Expand does not have.
func inputs(args []string) []fileio.Input {
	if len(args) == 0 {
		return []fileio.Input{{Path: "-"}}
	}
	ins := make([]fileio.Input, len(args))
	for i, a := range args {
		ins[i] = fileio.Input{Path: a}
	}
	return ins
}
