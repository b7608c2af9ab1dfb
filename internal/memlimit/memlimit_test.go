package memlimit

import (
	"strings"
	"testing"

	"github.com/boardlab/boardlab/internal/machine"
)

// TestMemoryLimit: the limit is positive and within the machine's; CheckAlloc refuses
// what is beyond its share and names it.
func TestMemoryLimit(t *testing.T) {
	if l := MemoryLimit(); l <= 0 {
		t.Fatalf("MemoryLimit() = %d", l)
	}
	if err := CheckAlloc("a table", 1<<62, 0.5); err == nil || !strings.Contains(err.Error(), "a table needs 4 EiB") {
		t.Fatalf("CheckAlloc: %v", err)
	}
	if err := CheckAlloc("a table", 1<<20, 1); err != nil {
		t.Fatalf("CheckAlloc of 1 MiB: %v", err)
	}
	if l := MemoryLimit(); l > machine.MemoryLimit() {
		t.Fatalf("MemoryLimit() = %d, above machine.MemoryLimit() = %d", l, machine.MemoryLimit())
	}
}
