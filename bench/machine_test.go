package bench

import (
	"fmt"
	"os"
	"testing"

	"github.com/boardlab/boardlab/internal/machine"
)

// TestMain prints the machine report once per run, so every benchmark log says where
// its figures were measured.
func TestMain(m *testing.M) {
	fmt.Fprintln(os.Stderr, machine.Get().Line())
	code := m.Run()
	e2eCleanup()
	os.Exit(code)
}
