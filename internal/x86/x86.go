// Package x86 is what remains of a former CPU-feature detector: it forwards to
// internal/cpu, the one detector, for the code that still imports it.
//
// Deprecated: use github.com/boardlab/boardlab/internal/cpu.
package x86

import "github.com/boardlab/boardlab/internal/cpu"

// Features are the extensions the assembly paths use, as internal/cpu detects them.
type Features = cpu.Info

// CPU returns this machine's features from internal/cpu (detected once, on first use).
func CPU() Features { return cpu.Get() }
