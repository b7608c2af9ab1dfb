package utttcmd

import (
	"errors"
	"fmt"

	"github.com/boardlab/boardlab/engine/uttt/selfplay/record"
)

// selfplayErrText words an error about a self-play --out file for the user: what the
// file holds and the flags that would make this run fit it.
func selfplayErrText(err error) string {
	if errors.Is(err, record.ErrEmpty) {
		return err.Error() + ": not a self-play --out file"
	}
	var me *record.MismatchError
	if !errors.As(err, &me) {
		return err.Error()
	}
	switch me.Kind {
	case record.OtherMatch:
		return err.Error() + "; use another --out or the same settings"
	case record.ShardedFile:
		return err.Error() + "; give the same --shard, or another --out"
	case record.UnshardedFile:
		return err.Error() + "; a shard needs its own --out"
	case record.OtherShard:
		return fmt.Sprintf("%s holds %s; this run is %s: give the same --shard, --count and --sprt, or another --out",
			me.Path, shardWithSPRT(me.Held), shardWithSPRT(me.Run))
	case record.OtherSPRT:
		return fmt.Sprintf("%s and %s ran with different --sprt: shards of different runs", me.Path, me.Other)
	}
	return err.Error()
}

// shardWithSPRT describes a shard header with its --sprt, for a mismatch.
func shardWithSPRT(h *record.Header) string {
	if h.SPRT == nil {
		return h.String() + " without --sprt"
	}
	return fmt.Sprintf("%s with --sprt %g,%g", h, h.SPRT.Elo0, h.SPRT.Elo1)
}
