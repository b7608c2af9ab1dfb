//go:build !linux

package machine

// MemoryBounds returns no bounds on this system: CheckAlloc then accepts any size and
// the allocation itself decides.
func MemoryBounds() []MemoryBound { return nil }
