package utttcmd

import (
	"math"
	"testing"
)

func TestFormatElo(t *testing.T) {
	if formatElo(-0.0001) != "+0.0" || formatElo(math.Inf(-1)) != "-inf" || formatElo(12.34) != "+12.3" {
		t.Errorf("formatElo")
	}
}
