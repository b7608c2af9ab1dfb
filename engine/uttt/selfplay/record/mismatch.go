package record

import "fmt"

// Mismatch says how a self-play file differs from the run that reads or extends it.
type Mismatch int

const (
	OtherMatch    Mismatch = iota + 1 // a game or shard header of another match (bots, seed, openings)
	ShardedFile                       // a shard's file, opened by an unsharded run
	UnshardedFile                     // games of an unsharded run, opened by a shard
	OtherShard                        // another shard, count of games or SPRT than this run's
	OtherSPRT                         // shards merged together that judged different SPRTs
)

// MismatchError is a self-play file of another run than the one reading or extending
// it: Kind says what differs, Held and Run (OtherShard) are the two shard headers and
// Other (OtherSPRT) the file it was compared with.
type MismatchError struct {
	Kind      Mismatch
	Path      string
	Other     string
	Held, Run *Header
	msg       string
}

func (e *MismatchError) Error() string { return e.msg }

// mismatch returns a *MismatchError of kind k about path, worded by format and args.
func mismatch(k Mismatch, path, format string, args ...any) *MismatchError {
	return &MismatchError{Kind: k, Path: path, msg: fmt.Sprintf(format, args...)}
}
