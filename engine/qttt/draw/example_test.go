package draw_test

import (
	"fmt"
	"os"

	"github.com/boardlab/boardlab/engine/qttt"
	"github.com/boardlab/boardlab/engine/qttt/draw"
)

// Draw the position a record reaches as text.
func ExampleText() {
	p, err := qttt.ReplayOpen([]byte("AB BE DE AE"), nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	draw.Text(os.Stdout, &p)
	// Output:
	// +-A*----------+-B*----------+-C-----------+
	// | X1 O4       | X1 O2       |             |
	// |             |             |             |
	// |             |             |             |
	// +-D-----------+-E*----------+-F-----------+
	// | X3          | O2 X3 O4    |             |
	// |             |             |             |
	// |             |             |             |
	// +-G-----------+-H-----------+-I-----------+
	// |             |             |             |
	// |             |             |             |
	// |             |             |             |
	// +-------------+-------------+-------------+
	// entangled: X1 AB, O2 BE, X3 DE, O4 AE
	// move 4 (AE) closed the cycle A-B-E: X chooses the measurement, 1 or 4 (the mark that lands in A)
}
