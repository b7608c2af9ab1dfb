package qtttcmd

import (
	"strings"
	"testing"

	"github.com/boardlab/boardlab/engine/qttt"
	"github.com/boardlab/boardlab/internal/machine"
)

func TestCheckTable(t *testing.T) {
	small := []machine.MemoryBound{{Name: "the test's limit", Limit: 200 << 20, Free: 200 << 20}}
	if err := checkTable(20, qttt.PerftEntryBytes, small); err != nil {
		t.Errorf("24 MiB within 200 MiB: %v", err)
	}
	err := checkTable(24, qttt.PerftEntryBytes, small)
	if err == nil || !strings.HasPrefix(err.Error(), "a table of 384 MiB needs about") || !strings.Contains(err.Error(), "the test's limit leaves 200 MiB") {
		t.Errorf("384 MiB within 200 MiB: %v", err)
	}
}
