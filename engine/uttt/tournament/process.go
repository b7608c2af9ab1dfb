package tournament

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/boardlab/boardlab/sandbox"
)

// DefaultMaxOutput is how many bytes of output a bot may print in one turn; a valid
// answer is two digits and a newline, so more is garbage.
const DefaultMaxOutput = 256

// Errors a turn can end with besides a crash's exit status (the sandbox package's).
var (
	ErrTimeout = sandbox.ErrTimeout
	ErrFlood   = sandbox.ErrFlood
)

// Process is a bot run as an external command, once per turn: Argv plus the 12
// protocol arguments, in directory Dir, killed with every process it started when it
// overruns Limit or prints more than MaxOutput bytes.
type Process struct {
	Argv      []string
	Dir       string
	Limit     time.Duration
	MaxOutput int  // 0 means DefaultMaxOutput
	ZeroO     bool // write O as the digit 0 in the boards and MASTER, as the spec's example does

	// Sandbox, when set, runs every turn under bubblewrap with Folder (the bot's own
	// folder, "" for none) the only writable place and the folders in Hide (the other
	// bots') closed. A turn whose stderr shows a failed access outside the folder ends
	// with an error wrapping sandbox.ErrViolation.
	Sandbox *sandbox.Sandbox
	Folder  string
	Hide    []string
}

// Answer runs one turn and returns what the bot printed on stdout. The error is
// ErrTimeout, ErrFlood, a start failure, or a crash (an exit status other than 0 or a
// signal), in which case the output is still returned for the record.
func (p *Process) Answer(ctx context.Context, args []string) (string, error) {
	max := p.MaxOutput
	if max <= 0 {
		max = DefaultMaxOutput
	}
	argv := append(append([]string{}, p.Argv...), args...)
	if p.ZeroO && len(args) == 12 {
		for i := len(p.Argv) + 1; i < len(p.Argv)+11; i++ {
			argv[i] = strings.ReplaceAll(argv[i], "O", "0")
		}
	}
	if p.Sandbox == nil {
		out, _, err := sandbox.Run(ctx, p.Dir, argv, p.Limit, max, false)
		return string(out), err
	}
	cg, err := p.Sandbox.NewCgroup()
	if err != nil {
		return "", err
	}
	out, violation, err := sandbox.Run(ctx, p.Dir, p.Sandbox.Command(p.Dir, p.Folder, p.Hide, argv, cg), p.Limit, max, true)
	if _, cerr := sandbox.EndCgroup(cg); cerr != nil && err == nil {
		err = cerr
	}
	if violation != "" && ctx.Err() == nil {
		err = fmt.Errorf("%w; stderr: %q", sandbox.ErrViolation, violation)
	}
	return string(out), err
}
