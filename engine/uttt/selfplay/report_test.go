package selfplay

import (
	"math"
	"testing"
)

func TestFormatElo(t *testing.T) {
	if FormatElo(-0.0001) != "+0.0" || FormatElo(math.Inf(-1)) != "-inf" || FormatElo(12.34) != "+12.3" {
		t.Errorf("FormatElo")
	}
}
